"""The toy family of docs/adding-a-question.md, a package as every family is."""
