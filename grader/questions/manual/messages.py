"""The messages of the written questions, graded by hand (their titles), in French and English,
found through grader/registry.py (the family's messages module) and loaded when one of its keys is said.
A question's keys start with its id, its family's with the family's name."""

MESSAGES: dict[str, dict[str, str]] = {
    "q2.title": {
        "fr": "Q2 — BFS renvoie VRAI ssi une solution existe (rédaction)",
        "en": "Q2 — BFS returns TRUE iff a solution exists (written)",
    },
    "q3.title": {
        "fr": "Q3 — complexité exponentielle du BFS sur le jeu (1) (rédaction)",
        "en": "Q3 — exponential complexity of BFS on game (1) (written)",
    },
    "q5.title": {
        "fr": "Q5 — bfs renvoie une profondeur optimale (rédaction)",
        "en": "Q5 — bfs returns an optimal depth (written)",
    },
    "q6.title": {
        "fr": "Q6 — correction de DFS(m, e0, 0) (rédaction)",
        "en": "Q6 — correctness of DFS(m, e0, 0) (written)",
    },
    "q8.title": {
        "fr": "Q8 — ids renvoie une profondeur optimale (rédaction)",
        "en": "Q8 — ids returns an optimal depth (written)",
    },
    "q9.title": {
        "fr": "Q9 — complexités comparées de BFS et IDS (rédaction)",
        "en": "Q9 — BFS and IDS complexities compared (written)",
    },
    "q12.title": {
        "fr": "Q12 — optimalité d'IDA* avec h admissible (rédaction)",
        "en": "Q12 — optimality of IDA* with an admissible h (written)",
    },
    "q13.title": {
        "fr": "Q13 — pourquoi pas de BFS pour le taquin (rédaction)",
        "en": "Q13 — why not BFS for the 15-puzzle (written)",
    },
    "q14.title": {
        "fr": "Q14 — la distance de Manhattan est admissible (rédaction)",
        "en": "Q14 — the Manhattan distance is admissible (written)",
    },
}
