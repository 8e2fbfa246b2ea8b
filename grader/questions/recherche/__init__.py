"""The companion exercises x1-x4 (the student's recherche.py), outside the exam's barème, as a package:
`probes` (the only module the confined child imports), `puzzles` (the documents' puzzles: exact optima,
strategies, the step-through), `search` (x1, the notebook's IDA* returning the path), `replay` (x1's
graphs served by the parent, a failed graph check replayed), `moves` (x2-x4, searches returning moves),
`depth` (x4's evidence: the solution one of the document's DFS returns), `questions` (the family's list,
read by the registry) and `messages`. Importing the package imports none of them."""
