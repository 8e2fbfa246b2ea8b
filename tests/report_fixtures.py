"""A realistic graded class built in code, for the report tests: every status, taquin step-throughs
(diverging, suboptimal, illegal partway), the extension exercises' puzzles (3×3 with an unknown
operation, 4×4 cut with "…"), small and large game counterexamples, and a hostile student whose id,
output, values and messages carry HTML and scripts."""

from __future__ import annotations

import copy
import random

from grader.text.message import Message
from grader.questions.recherche import puzzles as recherche_puzzles
from grader.results.records import Check, Output, QuestionResult, Run, SubmissionResult
from reference import puzzle, sliding

# Runs in the page's context if any escaping fails: the browser tests assert it never did.
PAYLOAD = '</script><script>window.__pwned = 1; document.title = "PWNED"</script>'
HOSTILE_ID = "<script>window.__pwned=1</script>\"'&x/../index"
IMG_PAYLOAD = '<img src=x onerror="window.__pwned = 1">'

GROUPS = {"petits_cas": 0.4, "optimalite": 0.4, "algorithme": 0.2}
SCHEME = {
    "time_factor": 10.0,
    "time_floor": 1.0,
    "questions": {
        "q1": {"points": 1.0, "groups": {"sequence": 1.0}, "manual": False, "extension": False},
        "q2": {"points": 0.0, "groups": {}, "manual": True, "extension": False},
        **{
            q: {"points": p, "groups": GROUPS, "manual": False, "extension": False}
            for q, p in (("q4", 2.0), ("q7", 2.0), ("q10", 3.0), ("q18", 4.0))
        },
        "x1": {"points": 0.0, "groups": {"petits_cas": 1.0}, "manual": False, "extension": True},
        "x3": {"points": 2.0, "groups": {"short": 2.0, "long": 1.0}, "manual": False, "extension": True},
        "x4": {"points": 2.0, "groups": {"valid": 2.0, "limits": 1.0}, "manual": False, "extension": True},
    },
}
LIMITS = {
    "memory_bytes": 1 << 30,
    "cpu_seconds": 600,
    "processes": 32,
    "file_bytes": 1 << 20,
    "output_bytes": 65536,
    "import_seconds": 10.0,
    "grace_seconds": 1.0,
    "time_factor": 10.0,
    "time_floor": 1.0,
}
# Check titles are catalogue keys: the fixture's groups under the keys of real ones.
CHECK_TITLES = {"petits_cas": "q4.petits_jeux", "optimalite": "q4.jeu1", "algorithme": "q4.algorithme"}

# A start state 12 moves from the goal whose Manhattan sum is 12, so that the reversed scramble is
# provably optimal (h is admissible).
SCRAMBLE = ["Bas", "Bas", "Bas", "Droite", "Droite", "Haut", "Droite", "Haut", "Haut", "Gauche", "Bas", "Gauche"]
START = puzzle.replay(puzzle.GOAL, SCRAMBLE)
OPTIMAL = [puzzle.OPPOSITE[m] for m in reversed(SCRAMBLE)]


def _detour() -> list[str]:
    """Leaves the optimal path at the first move where another legal move exists, comes back, and
    still reaches the goal: two moves too many. Preferably a few moves in, for the step-through."""
    for k in [*range(3, len(OPTIMAL)), *range(3)]:
        state = puzzle.replay(START, OPTIMAL[:k])
        others = [
            m for m in puzzle.legal_moves(state) if m != OPTIMAL[k] and (k == 0 or m != puzzle.OPPOSITE[OPTIMAL[k - 1]])
        ]
        if others:
            return OPTIMAL[:k] + [others[0], puzzle.OPPOSITE[others[0]]] + OPTIMAL[k:]
    raise AssertionError("no detour")


DETOUR = _detour()


def _illegal_moves() -> list[str]:
    """The optimal start, then a move into the edge: the step-through must stop there."""
    state = puzzle.replay(START, OPTIMAL[:2])
    impossible = next(m for m in puzzle.MOVES if m not in puzzle.legal_moves(state))
    return OPTIMAL[:2] + [impossible, "Gauche"]


# The extension exercises' convention: 0 for the blank, operations name where the blank moves. A 3×3
# start 8 operations from the goal whose Manhattan sum is 8: the reversed walk is optimal.
BLANK_OPPOSITE = {"Up": "Down", "Down": "Up", "Left": "Right", "Right": "Left"}
PUZZLE_WALK = ["Up", "Up", "Left", "Down", "Down", "Left", "Up", "Up"]
_WALKED = sliding.replay(sliding.goal_state(3), 3, PUZZLE_WALK)[0]
assert _WALKED is not None  # the walk stays on the board
PUZZLE_START: tuple = _WALKED
PUZZLE_OPTIMAL = [BLANK_OPPOSITE[m] for m in reversed(PUZZLE_WALK)]
assert sliding.manhattan(PUZZLE_START, 3) == len(PUZZLE_OPTIMAL)
# An operation the grader does not know ("up"), after three optimal ones: the step-through stops there.
PUZZLE_UNKNOWN = PUZZLE_OPTIMAL[:3] + ["up"] + PUZZLE_OPTIMAL[4:]
# A DFS's 4×4 answer of LONG_LENGTH operations, of which the grader kept the first 200, then "…".
LONG_START = (1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11, 13, 14, 15, 12)
LONG_LENGTH = 3120


def _wander(start: tuple, n: int, length: int) -> list[str]:
    """Legal operations that wander without undoing the previous one (a DFS's long detours)."""
    rng, state, previous, moves = random.Random(4), start, None, []
    for _ in range(length):
        move, state = rng.choice(
            [(m, t) for m, t in sliding.successors(state, n) if previous is None or m != BLANK_OPPOSITE[previous]]
        )
        previous = move
        moves.append(move)
    return moves


LONG_MOVES = _wander(LONG_START, 4, recherche_puzzles.SHOWN_MOVES)


def _ring_game(n: int) -> dict:
    """States 0..n-1 on a ring with chords; the finals are far from 0."""
    edges = [[i, (i + 1) % n] for i in range(n)] + [[i, (i + 3) % n] for i in range(0, n, 4)]
    return {"type": "game", "initial": 0, "finals": [n // 2], "edges": edges}


SMALL_GAME = {
    "type": "game",
    "initial": 1,
    "finals": [6, "fin"],
    "edges": [[1, 2], [2, 1], [1, 3], [3, 3], [3, 4], [4, 6], [2, 5], [5, "fin"], [4, "1"]],
}
LARGE_GAME = _ring_game(20)


def _q(qid, score, max_, status, checks=(), **extra) -> QuestionResult:
    return QuestionResult(
        id=qid, title=f"{qid}.title", score=score, max=max_, status=status, checks=list(checks), **extra
    )


def _ok(name, points) -> Check:
    return Check(name=name, title=CHECK_TITLES[name], passed=True, points=points, max_points=points, seconds=0.01)


def _failed(name, points, max_points, key, kind, title=None, **fields) -> Check:
    """A failed check whose message is `key` with `fields`' parameters (the rest are the Check's)."""
    params = {
        **fields.pop("params", {}),
        **{k: fields.pop(k) for k in list(fields) if k not in ("counterexample", "expected", "got", "visual")},
    }
    return Check(
        name,
        title or CHECK_TITLES.get(name, f"x3.{name}"),
        False,
        points,
        max_points,
        Message(key, params),
        kind,
        **fields,
    )


def perfect(qid, points) -> QuestionResult:
    return _q(qid, points, points, "passed", [_ok("petits_cas", points * 0.6), _ok("optimalite", points * 0.4)])


def build_run(lang: str = "fr") -> Run:
    alice = SubmissionResult(
        "alice",
        12,
        12,
        [perfect("q1", 1), perfect("q4", 2), perfect("q7", 2), perfect("q10", 3), perfect("q18", 4)],
    )
    bob = SubmissionResult(
        "bob",
        6.5,
        12,
        [
            perfect("q1", 1),
            _q(
                "q4",
                1.6,
                2,
                "partial",
                [
                    _ok("petits_cas", 0.8),
                    _ok("optimalite", 0.8),
                    _failed(
                        "algorithme",
                        0,
                        0.4,
                        "jeux.wrong_depth",
                        "wrong",
                        function="bfs()",
                        params={"got": 4, "expected": 3},
                        got=[1, 3, 4],
                        expected=[1, 2, 3],
                        counterexample=SMALL_GAME,
                        visual=SMALL_GAME,
                    ),
                ],
            ),
            _q(
                "q7",
                0.9,
                2,
                "partial",
                [
                    _failed(
                        "petits_cas",
                        0.9,
                        1.2,
                        "jeux.wrong_depth",
                        "wrong",
                        function="ids()",
                        params={"got": 11, "expected": 10},
                        counterexample=LARGE_GAME,
                        expected=10,
                        got=11,
                        visual=LARGE_GAME,
                    )
                ],
            ),
            _q("q10", 0, 3, "timeout", [_failed("petits_cas", 0, 3, "engine.reply.timeout", "timeout", seconds="2")]),
            _q(
                "q18",
                3,
                4,
                "partial",
                [
                    _failed(
                        "petits_cas",
                        3,
                        4,
                        "q18.not_optimal",
                        "wrong",
                        "q18.petites_profondeurs",
                        moves=len(DETOUR),
                        optimum=len(OPTIMAL),
                        counterexample=list(START),
                        expected=12,
                        got=DETOUR,
                        visual={
                            "type": "taquin",
                            "start": list(START),
                            "moves": DETOUR,
                            "optimal": OPTIMAL,
                            "reached": list(puzzle.GOAL),
                        },
                    )
                ],
                warnings=[Message("taquin.convention_first")],
            ),
            _q(
                "x4",
                0,
                2,
                "failed",
                [
                    _failed(
                        "valid",
                        0,
                        2,
                        "recherche.not_solved",
                        "wrong",
                        "x4.valid",
                        counterexample=sliding.matrix(LONG_START, 4),
                        got=LONG_MOVES + ["…"],
                        visual={
                            "type": "puzzle",
                            "size": 4,
                            "start": list(LONG_START),
                            "moves": LONG_MOVES + ["…"],
                            "length": LONG_LENGTH,
                        },
                    )
                ],
                extension=True,
            ),
        ],
    )
    chloe = SubmissionResult(
        "chloé durand",
        1,
        12,
        [
            perfect("q1", 1),
            _q(
                "q4",
                0,
                2,
                "error",
                [
                    _failed(
                        "petits_cas", 0, 2, "engine.reply.error", "error", detail="NameError: name 'A' is not defined"
                    )
                ],
                output=Output(
                    stdout="début du parcours\n" * 40,
                    stderr="Traceback (most recent call last):\nNameError: name 'A' is not defined\n",
                    dropped=123456,
                ),
            ),
            _q("q7", 0, 2, "memory", [_failed("petits_cas", 0, 2, "engine.reply.memory", "memory", detail="1 Gio")]),
            _q(
                "q10",
                0,
                3,
                "crashed",
                [_failed("petits_cas", 0, 3, "engine.reply.crashed", "crashed", detail="signal 11")],
            ),
            _q(
                "q18",
                0,
                4,
                "failed",
                [
                    _failed(
                        "petits_cas",
                        0,
                        4,
                        "q18.not_a_solution",
                        "invalid",
                        "q18.petites_profondeurs",
                        counterexample=list(START),
                        got=_illegal_moves(),
                        visual={"type": "taquin", "start": list(START), "moves": _illegal_moves(), "optimal": OPTIMAL},
                    )
                ],
            ),
            _q(
                "x3",
                0,
                2,
                "failed",
                [
                    _failed(
                        "short",
                        0,
                        2,
                        "recherche.unknown_move",
                        "wrong",
                        index=4,
                        move="up",
                        counterexample=sliding.matrix(PUZZLE_START, 3),
                        got=PUZZLE_UNKNOWN,
                        visual={
                            "type": "puzzle",
                            "size": 3,
                            "start": list(PUZZLE_START),
                            "moves": PUZZLE_UNKNOWN,
                            "length": len(PUZZLE_UNKNOWN),
                            "optimal": PUZZLE_OPTIMAL,
                        },
                    )
                ],
                extension=True,
            ),
        ],
        warnings=[Message("warning.encoding", {"file": "jeux.py", "encoding": "CP1252"})],
    )
    dylan = SubmissionResult(
        "dylan",
        0,
        12,
        [
            _q("q1", 0, 1, "not_implemented"),
            _q("q4", 0, 2, "missing"),
            _q("q7", 0, 2, "missing"),
            _q("q10", 0, 3, "missing"),
            _q("q18", 0, 4, "missing"),
        ],
    )
    # A real student may be called "index": the page must not overwrite the class page.
    index = SubmissionResult("index", 3, 12, [perfect("q1", 1), perfect("q4", 2)])
    hostile = SubmissionResult(
        HOSTILE_ID,
        0.5,
        12,
        [
            _q(
                "q1",
                0.5,
                1,
                "partial",
                [
                    # A title key the catalogue lacks is shown as it is (a hand-edited results.json).
                    _failed(
                        "petits_cas",
                        0.5,
                        1,
                        "engine.reply.error",
                        "wrong",
                        IMG_PAYLOAD,
                        detail="Renvoyé : " + PAYLOAD + IMG_PAYLOAD,
                        counterexample={"<b>clé</b>": PAYLOAD},
                        expected=[1, 2, 4],
                        got=PAYLOAD,
                        visual={
                            "type": "game",
                            "initial": PAYLOAD,
                            "finals": [IMG_PAYLOAD],
                            "edges": [[PAYLOAD, IMG_PAYLOAD]],
                        },
                    )
                ],
                warnings=[Message("warning.encoding", {"file": PAYLOAD, "encoding": IMG_PAYLOAD})],
                output=Output(stdout=PAYLOAD * 3, stderr=IMG_PAYLOAD, dropped=7),
            ),
            _q(
                "q18",
                0,
                4,
                "failed",
                [
                    _failed(
                        "petits_cas",
                        0,
                        4,
                        "engine.reply.error",
                        "invalid",
                        detail=PAYLOAD,
                        counterexample=list(START),
                        got=[PAYLOAD],
                        visual={"type": "taquin", "start": list(START), "moves": ["Haut", PAYLOAD], "optimal": OPTIMAL},
                    )
                ],
            ),
            _q(
                "x3",
                0,
                2,
                "failed",
                [
                    _failed(
                        "short",
                        0,
                        2,
                        "engine.reply.error",
                        "wrong",
                        detail=PAYLOAD,
                        got=["Down", PAYLOAD, "…"],
                        visual={
                            "type": "puzzle",
                            "size": 3,
                            "start": list(PUZZLE_START),
                            "moves": ["Down", PAYLOAD, "…"],
                            "length": 9,
                            "optimal": PUZZLE_OPTIMAL,
                        },
                    )
                ],
                extension=True,
            ),
        ],
        warnings=[Message("intake.refused_broken", {"file": IMG_PAYLOAD, "detail": PAYLOAD})],
    )
    return Run(
        grader_version="0.1.0",
        seed=20170417,
        lang=lang,
        date="2024-06-01T10:00:00+02:00",
        scheme=copy.deepcopy(SCHEME),  # each run its own: tests give its written questions points
        limits=copy.deepcopy(LIMITS),
        submissions=[alice, bob, chloe, dylan, index, hostile],
    )
