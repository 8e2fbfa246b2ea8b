"""The crafted games of Parts I-III's algorithm checks (searches.py's group algorithme): trees, DAGs and
IDA* traps on which the parent's trace must show the requested search (traces.py).

Coverage by design, not by the seed: each way of going wrong that the project knows (tests/variants/,
benchmarks/bench_seeds.py) is shown by a game of one of these fixed lists, so that its verdict is the
same under every seed; the random games only add to them. One ordered list per check (BFS_GAMES,
IDS_GAMES, IDASTAR_GAMES): a game's number is its place there (replays are asked for by it), so a new
game goes at the end.
"""

from __future__ import annotations

from grader.questions.jeux.games import named_game

# Trees whose final state sits in a middle branch: a DFS in either successor order leaves a level
# unfinished before reaching it.
MIDDLE_TREE = named_game({"r": ["a", "b", "c"], "a": ["a1"], "b": ["b1"], "c": ["c1"]}, ["b1"])
DEEP_TREE = named_game(
    {
        "r": ["x", "y", "z"],
        "x": ["x1", "x2"],
        "y": ["y1", "y2"],
        "z": ["z1", "z2"],
        "y1": ["t1"],
        "y2": ["t2", "t3"],
        "x1": ["u"],
        "z2": ["v"],
    },
    ["t2"],
    labels="int",
)
DAG = named_game(
    {
        "r": ["a", "b", "b", "c"],
        "a": ["d", "e"],
        "b": ["e", "f"],
        "c": ["f", "g"],
        "e": ["h", "e"],
        "f": ["h", "i"],
        "d": ["j"],
        "g": ["j"],
        "i": ["k"],
    },
    ["k"],
    labels="tuple",
)
# Depth 5 with two branches all the way: a search restarting from e0's successors comes back to depth 1
# after depth 3 (the restart check needs a gap of 2 levels).
FORK = named_game(
    {
        "r": ["a", "b"],
        "a": ["a1", "a2"],
        "b": ["b1", "b2"],
        "a1": ["a3"],
        "b1": ["b3"],
        "a3": ["a4"],
        "b3": ["b4"],
        "b4": ["b5"],
        "a4": ["a5"],
    },
    ["b5"],
    labels="str",
)


# IDA* decoys: `a` roots a subtree that h rules out, dead (large h) or alive (exact h, long way).
DECOY = {"r": ["a", "b1"], "a": ["a1", "a2"], "a1": ["a11", "a12"], "a2": ["a21", "a22"], "b1": ["b2"], "b2": ["b3"]}
DEAD_DECOY_H = {"r": 3, "b1": 2, "b2": 1, "b3": 0, **dict.fromkeys(("a", "a1", "a2", "a11", "a12", "a21", "a22"), 9)}
# Consecutive bounds 1, 2, 3, 4, 5 where, in every pass, the last p + h that exceeds the bound (a
# leaf's, whichever order the successors are taken in) is not the smallest one (the chain's).
THRESHOLDS = {
    "r": ["l", "c1", "m"],
    "c1": ["l1", "c2", "m1"],
    "c2": ["l2", "c3", "m2"],
    "c3": ["l3", "c4", "m3"],
    "c4": ["c5"],
}
THRESHOLDS_H = {
    "r": 1,
    "c1": 1,
    "c2": 1,
    "c3": 1,
    "c4": 1,
    "c5": 0,
    "l": 6,
    "m": 7,
    "l1": 6,
    "m1": 7,
    "l2": 6,
    "m2": 7,
    "l3": 6,
    "m3": 7,
}


# Bounds 2, 4, 6, 8: nothing has p + h odd, so a bound raised by one instead of to the smallest p + h
# that exceeded it makes a pass that expands no more than the one before (then one pass too many).
GAPS = {
    "r": ["l0", "c1"],
    "c1": ["c2", "l1"],
    "c2": ["l2", "c3"],
    "c3": ["c4", "l3"],
    "c4": ["c5"],
    "c5": ["c6"],
    "c6": ["c7"],
    "c7": ["c8"],
}
GAPS_H = {
    "r": 2,
    "c1": 3,
    "c2": 4,
    "c3": 5,
    "c4": 4,
    "c5": 3,
    "c6": 2,
    "c7": 1,
    "c8": 0,
    "l0": 9,
    "l1": 8,
    "l2": 7,
    "l3": 6,
}


# Bounds 1, 4, 5, 7 (gaps of 3, 1 and 2) along a chain c0 … c7; e0's child c1 has p + h = h(e0), so that
# a search that expands e0 with a bound below h(e0) (a root it never tests, m starting at 0) makes a pass
# figure 3 does not. Every chain state has a child cut by h (x, f ≥ 10) and dead ends within the bound
# (d before the way on, right after the cut child; e after it), in one order on even levels and the
# reverse on odd ones: a pass that stops at a dead end, or gives up a state's other children at a cut
# one, expands less than figure 3 whichever way the successors are read. A dead end's p + h is the
# bound of the pass that first expands its parent, or the next one: it changes no bound.
UNEVEN_H = {f"c{i}": h for i, h in enumerate((1, 0, 2, 2, 1, 2, 1, 0))}
UNEVEN_H |= {f"x{i}": 9 for i in range(7)}
UNEVEN_H |= {f"d{i}": h for i, h in enumerate((0, 2, 1, 1, 0, 1, 0))}
UNEVEN_H |= {f"e{i}": h for i, h in enumerate((0, 2, 1, 1, 0, 1, 0))}
UNEVEN = {
    f"c{i}": [f"x{i}", f"d{i}", f"c{i + 1}", f"e{i}"] if i % 2 == 0 else [f"e{i}", f"c{i + 1}", f"d{i}", f"x{i}"]
    for i in range(7)
}

# Bounds 0 then 20 along a chain: a bound raised by at most k < 20 at a time (min(minimum, m + k)) makes
# passes in between.
JUMP = {f"j{i}": [f"j{i + 1}"] for i in range(20)}
JUMP_H = {f"j{i}": 20 - i for i in range(1, 21)} | {"j0": 0}


def ids_chain() -> dict:
    """A tree whose final state is at depth 4 under e0's second child, behind a first child with a short
    subtree: an IDS's passes reach depths 0 to 4."""
    return named_game(
        {"r": ["a", "b"], "a": ["a1", "a2"], "b": ["b1"], "b1": ["b2", "b3"], "b3": ["b4"]}, ["b4"], labels="tuple"
    )


def idastar_games() -> list[dict]:
    """q10's crafted games, in their order (their numbers)."""
    low = {**DEAD_DECOY_H, "r": 1, "b1": 1, "b2": 1}  # three bounds: m = 1, 2, 3
    alive = {
        "r": ["b1", "a"],
        "a": ["a1", "a2"],
        "a1": ["z1"],
        "z1": ["z2"],
        "z2": ["z3"],
        "a2": ["a21"],
        "b1": ["b2"],
        "b2": ["b3"],
    }
    alive_h = {"r": 3, "b1": 2, "b2": 1, "b3": 0, "a": 4, "a1": 3, "z1": 2, "z2": 1, "z3": 0, "a2": 7, "a21": 7}
    return [
        named_game(DECOY, ["b3"], DEAD_DECOY_H),
        named_game(DECOY, ["b3"], low, labels="int"),
        named_game(alive, ["b3", "z3"], alive_h, labels="tuple"),
        named_game(THRESHOLDS, ["c5"], THRESHOLDS_H, labels="str"),
        named_game(GAPS, ["c8"], GAPS_H, labels="int"),
        named_game(UNEVEN, ["c7"], UNEVEN_H),
        named_game(JUMP, ["j20"], JUMP_H, labels="tuple"),
    ]


BFS_GAMES = [MIDDLE_TREE, DEEP_TREE, DAG, FORK]
IDS_GAMES = [DEEP_TREE, ids_chain(), FORK]
IDASTAR_GAMES = idastar_games()
