"""The questions, a package per family or a module (grader/registry.py lists them). Importing this
package imports none of them: the sandbox's child imports only the family whose probes it runs."""
