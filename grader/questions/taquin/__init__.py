"""Part IV of the exam, the taquin (q15-q18), as a package: `probes` (the only module the confined child
imports), `cases`, `verdicts` (pure functions judging replies), `serving` (the model answer's functions
served to the student's code), `chain` (which earlier functions a question is judged with), `oracles`,
`questions` (the Question classes, listed in the registry) and `messages`. Importing the package imports
none of them."""
