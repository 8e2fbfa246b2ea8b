"""Parts I-III of the exam, games with one player (q1, q4, q7, q10, q11; the student's jeux.py), as a
package: `probes` (the only module the confined child imports), `games` (the games, the server answering
the student's calls, the oracles), `traces` (the algorithms recognised on the parent's trace), `crafted`
(the games crafted to tell them apart), `replay` (a failed algorithm check replayed), `solution42` (q1),
`searches` (q4, q7, q10: cases and judges), `heuristic` (q11), `questions` (the family's list, read by the
registry) and `messages`. Importing the package imports none of them."""
