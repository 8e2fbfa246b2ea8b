"""The crafted games of Parts I-III's algorithm checks (jeux.py's group algorithme): trees, DAGs and
IDA* traps on which the parent's trace must show the requested search (jeux_traces.py)."""

from __future__ import annotations

from grader.questions.jeux_games import named_game

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
