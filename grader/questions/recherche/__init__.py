"""The companion exercises x1-x4 (the student's recherche.py), outside the exam's barème, as a package:
`probes` (the only module the confined child imports), `puzzles` (the documents' puzzles: exact optima,
strategies, the step-through), `search` (x1, the notebook's IDA* returning the path), `replay` (x1's
graphs served by the parent, a failed graph check replayed), `moves` (x2-x4, searches returning moves;
x4's evidence, the solution one of the document's DFS returns, is reference/solver/depth.py's), `questions`
(the family's list, read by the registry) and `messages`. A fixed case is a frozen dataclass (x1's
`DeepPuzzle`, x2's `AstarPuzzles`, x3's `LongPuzzle`) that hands the child plain data; drawn cases stay
plain data (states, dicts: docs/adding-a-question.md). Importing the package imports none of them."""
