"""The exam's own move and tente_* on the globals of any student's module, run in the confined child for
q17's judgement with the model answer's earlier functions (grader/questions/taquin/chain.py). They answer
q15 and q16: like the other model answers of reference/, this module is left out of every built
distribution (setup.py), and only a teacher's installation, which has the model answers, asks for them.
Never imported by the child: the parent sends this file's text with each of q17's runs that use it, and
that child alone compiles it (grader/questions/taquin/probes.py, _exam_functions). Standard library only."""

from __future__ import annotations

import collections
import functools

# Where the tile that each move slides comes from, seen from the blank; and each move's opposite.
TILE_FROM = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}
OPPOSITE_MOVE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def exam_functions(module, newest_first: bool, values: dict, named, served_move=None) -> dict:
    """The exam's move and tente_* (what the model answer's do: tests/test_questions_taquin.py compares
    them), on the student's module's globals, `solution` in the student's order (`newest_first`) and own way of
    writing moves (`values`: the student's value of each exam name; `named`: the exam's name of any
    value, or None). The tente_* move with `served_move` when given (the parent's, for q17's diagnosis:
    grader/questions/taquin/diagnosis.py), else with this move. Run in the child, so that q17's dfs is judged with them as fast as with the student's
    own (served by the parent, they cost a round trip per call). Nothing is taken on trust from them: the
    dfs is judged on the globals it leaves, and the student's code, which could change them, could as well
    do anything they do."""
    own = vars(module)

    def undoes(last, direction: str) -> bool:
        """Whether `last`, the student's last move, is the opposite of `direction` (their own value first:
        the common case, cheap)."""
        opposite = values[OPPOSITE_MOVE[direction]]
        if last is opposite or (type(last) is type(opposite) and last == opposite):
            return True
        if any(last is value for value in values.values()):
            return False
        return named(last) == OPPOSITE_MOVE[direction]

    def move(i, j):
        li, lj, value = own["li"], own["lj"], own["grid"][i][j]
        home_i, home_j = divmod(value, 4)
        own["h"] += abs(li - home_i) + abs(lj - home_j) - abs(i - home_i) - abs(j - home_j)
        own["grid"][li][lj] = value
        own["li"], own["lj"] = i, j

    def tente(direction):
        di, dj = TILE_FROM[direction]
        i, j = own["li"] + di, own["lj"] + dj
        solution = own["solution"]
        last = (solution[0] if newest_first else solution[-1]) if len(solution) else None
        if not (0 <= i < 4 and 0 <= j < 4) or (last is not None and undoes(last, direction)):
            return False
        (served_move or move)(i, j)
        value = values[direction]
        if isinstance(solution, (list, collections.deque)) and not newest_first:
            solution.append(value)
        elif isinstance(solution, collections.deque):
            solution.appendleft(value)
        elif isinstance(solution, list):
            solution.insert(0, value)
        else:
            own["solution"] = [value, *solution] if newest_first else [*solution, value]
        return True

    tentes = {f"tente_{name.lower()}": functools.partial(tente, name) for name in TILE_FROM}
    return {"move": move, **tentes}
