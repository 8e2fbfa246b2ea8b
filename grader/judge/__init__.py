"""Judging one submission's questions: the question's contract (`question`), the engine that runs each
in a confined child (`engine`), where expected values and time limits come from (`expectations`,
`timing`, `calibration`), and stub detection (`stubs`)."""
