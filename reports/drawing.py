"""The drawings of a check's visual in a student's page: boards played move by move (the exam's taquin,
the extension exercises' puzzles) and games (an inline SVG for small ones, a table of successors for the
others)."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import dataclass

from grader.caches import cached
from grader.text import display
from reference import puzzle, sliding

GRAPH_MAX_STATES = 12  # above this, a game is listed rather than drawn
ADJACENCY_MAX_ROWS = 200
MAX_MOVES = 500  # moves played in a step-through (a hostile list could be huge)
PUZZLE_SIZES = range(2, 9)  # wider boards would not fit a phone
SIZE = puzzle.SIZE


def visual(visual) -> dict | None:
    if not isinstance(visual, dict):
        return None
    try:
        if visual.get("type") == "taquin":
            return _boards_view(visual, EXAM_RULES)
        if visual.get("type") == "puzzle" and visual["size"] in PUZZLE_SIZES:
            return _boards_view(visual, _puzzle_rules(visual["size"]))
        if visual.get("type") == "game":
            # A failed algorithm check's replay is drawn from the visual as results keep it.
            return {**_game_view(visual), "replay": visual.get("replay"), "source": visual}
    except (TypeError, ValueError, KeyError):  # a malformed visual: the check's values still show
        return None
    return None


@dataclass(frozen=True)
class Rules:
    """How a board visual reads: its side, how the blank is written, the goal, the move names, what
    a move does (None when it would leave the board), h, and which convention names the moves."""

    size: int
    blank: int
    goal: tuple
    names: tuple[str, ...]
    apply: Callable[[tuple, str], tuple | None]
    h: Callable[[tuple], int]
    convention: str  # catalogue key


def _exam_apply(state: tuple, move: str) -> tuple | None:
    try:
        return puzzle.apply(state, move)
    except puzzle.IllegalMove:
        return None


# The exam's taquin: 4×4, blank written 15, moves named by the tile (Gauche/Bas/Droite/Haut).
EXAM_RULES = Rules(
    puzzle.SIZE, puzzle.BLANK, puzzle.GOAL, puzzle.MOVES, _exam_apply, puzzle.manhattan, "report.moves_tile"
)


@cached
def _puzzle_rules(n: int) -> Rules:
    """The extension exercises' puzzles: n×n, blank written 0, moves named by the blank (Up/Down/...)."""
    return Rules(
        n,
        0,
        sliding.goal_state(n),
        tuple(sliding.MOVES),
        lambda state, move: sliding.apply_move(state, n, move),
        lambda state: sliding.manhattan(state, n),
        "report.moves_blank",
    )


def _state(cells, size: int) -> tuple | None:
    state = tuple(cells) if isinstance(cells, (list, tuple)) else ()
    ok = sorted(state) == list(range(size * size)) and all(type(v) is int for v in state)
    return state if ok else None


def _play(start: tuple, moves: list, rules: Rules, length: int | None = None) -> dict:
    """The states a list of moves goes through, stopping before the first unknown or impossible move.
    `length` counts the moves when `moves` holds only the first of them."""
    states, broken = [start], None
    for k, move in enumerate(moves[:MAX_MOVES]):
        state = rules.apply(states[-1], move) if move in rules.names else None
        if state is None:
            broken = {"index": k + 1, "move": move, "unknown": move not in rules.names}
            break
        states.append(state)
    played = len(states) - 1
    length = len(moves) if length is None else length
    return {
        "moves": moves[:played],
        "states": [list(s) for s in states],
        "h": [rules.h(s) for s in states],
        "broken": broken,
        "length": length,
        "hidden": length - played if broken is None else 0,
    }


def path_view(start, moves, length, state) -> dict | None:
    """A path of the exam's taquin for a step-through (q17's diagnosis: from the call's start to the state
    where the student's dfs left DFS*), `length` its number of moves when `moves` holds the first ones only,
    and the `state` it ends on; None when the boards do not read."""
    first, last = _state(start, SIZE), _state(state, SIZE)
    if first is None or last is None or type(length) is not int or not isinstance(moves, list):
        return None
    path = _play(first, [str(m) for m in moves], EXAM_RULES, length)
    path["part"] = len(path["moves"])  # no move set apart: the path is the student's alone
    return {
        "size": SIZE,
        "blank": puzzle.BLANK,
        "goal": list(puzzle.GOAL),
        "start": list(first),
        "state": list(last),
        "path": path,
    }


def _student_moves(visual: dict) -> tuple[list[str], int]:
    """The student's moves as shown, and how many there were. The grader keeps the first ones of a
    long list, ends them with "…" and records the full length. A final "…" the length accounts for
    is the student's own, an unknown move (so is the one of a list cut by exactly one move: the two
    cannot be told apart)."""
    moves = [str(m) for m in visual.get("moves") or []]
    length = visual.get("length")
    if moves[-1:] == ["…"] and type(length) is int and length > len(moves):
        return moves[:-1], length
    return moves, len(moves)


def _boards_view(visual: dict, rules: Rules) -> dict | None:
    start = _state(visual["start"], rules.size)
    if start is None:
        return None
    moves, length = _student_moves(visual)
    optimal = [str(m) for m in visual.get("optimal") or []]
    student, best = _play(start, moves, rules, length), _play(start, optimal, rules)
    given = _state(visual.get("reached") or [], rules.size)
    reached = given or tuple(student["states"][-1])
    has_optimal = "optimal" in visual
    # First move where the student's list and the optimal one differ (a shorter list differs where it
    # ends); without an optimal list, no move is set apart.
    part = next((k for k, (a, b) in enumerate(zip(moves, optimal)) if a != b), min(length, len(optimal)))
    part = part if has_optimal else length
    same = part == length == len(optimal)
    for path in (student, best):
        path["part"] = part
    return {
        "type": "boards",
        "size": rules.size,
        "blank": rules.blank,
        "goal": list(rules.goal),
        "names": ", ".join(rules.names),
        "convention": rules.convention,
        "start": list(start),
        "reached": list(reached),
        "solved": reached == rules.goal,
        # Without the moves not shown, the state after the shown ones is not the one reached.
        "partial": None if given or not student["hidden"] else len(student["moves"]),
        "student": student,
        "optimal": best,
        "part": None if same else part + 1,
        "has_optimal": has_optimal,
    }


def _game_view(visual: dict) -> dict:
    """A game's states and edges; small games get a circular layout for an inline SVG."""
    keys: dict[str, object] = {}

    def key(state) -> str:  # JSON text tells 1, "1" and True apart, and is hashable
        k = display.python_text(state)
        keys.setdefault(k, state)
        return k

    initial = key(visual["initial"])
    edges = []
    for a, b in visual.get("edges") or []:
        edge = (key(a), key(b))
        if edge not in edges:
            edges.append(edge)
    finals = {key(f) for f in visual.get("finals") or []}
    names = list(keys)
    view = {"type": "game", "count": len(names), "initial": initial, "finals": finals}
    if len(names) > GRAPH_MAX_STATES:
        successors: dict[str, list[str]] = {n: [] for n in names}
        for a, b in edges:
            successors[a].append(b)
        view["rows"] = [{"state": n, "next": successors[n]} for n in names[:ADJACENCY_MAX_ROWS]]
        view["more"] = max(0, len(names) - ADJACENCY_MAX_ROWS)
        return view
    size, radius, node = 340, 105, 20  # room around the ring for self-loops
    centre = size / 2
    pos = {}
    for i, n in enumerate(names):
        angle = -math.pi / 2 + 2 * math.pi * i / len(names)
        r = radius if len(names) > 1 else 0
        pos[n] = (centre + r * math.cos(angle), centre + r * math.sin(angle))
    shown = {n: _label(keys[n], n) for n in pos}
    texts, view["legend"] = fitted(list(dict.fromkeys(shown.values())), 2 * node)
    view["nodes"] = [
        {
            "key": n,
            "x": x,
            "y": y,
            "label": texts[shown[n]]["text"],
            "size": texts[shown[n]]["size"],
            "initial": n == initial,
            "final": n in finals,
        }
        for n, (x, y) in pos.items()
    ]
    view["edges"] = [
        _edge(pos[a], pos[b], (b, a) in edges, node) if a != b else _loop(pos[a], node, centre) for a, b in edges
    ]
    view["size"], view["r"] = size, node
    return view


def _label(state, text: str) -> str:
    """A string state without its quotes, unless it would then read as another value ("1", "None")."""
    if not isinstance(state, str):
        return text
    try:
        ast.literal_eval(state)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return state
    return text


# A state's label is written whole in its circle, in a smaller type where it needs to (a character is
# about CHAR_WIDTH of the type's size wide), down to MIN_FONT; a longer one is keyed, "[1]", and said
# whole in a legend under the drawing.
FONT = 11
MIN_FONT = 7.5
CHAR_WIDTH = 0.6


def fitted(labels: list[str], diameter: float) -> tuple[dict[str, dict], list[dict]]:
    """Each label's text and type size in a circle of that diameter, and the legend of those keyed."""
    texts: dict[str, dict] = {}
    legend: list[dict] = []
    for label in labels:
        size = min(FONT, 0.95 * diameter / (CHAR_WIDTH * max(len(label), 1)))
        if size >= MIN_FONT:
            texts[label] = {"text": label, "size": round(size, 1)}
        else:
            key = f"[{len(legend) + 1}]"
            legend.append({"key": key, "full": label})
            texts[label] = {"text": key, "size": round(min(FONT, 0.95 * diameter / (CHAR_WIDTH * len(key))), 1)}
    return texts, legend


def _edge(p, q, both_ways: bool, node: float) -> str:
    """An SVG path from node p to node q, ending at q's border; bent when the reverse edge exists."""
    (x1, y1), (x2, y2) = p, q
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    bend = 18 if both_ways else 0
    mx, my = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
    sx, sy = _towards(p, (mx, my), node)
    ex, ey = _towards(q, (mx, my), node + 3)
    return f"M{sx:.1f},{sy:.1f} Q{mx:.1f},{my:.1f} {ex:.1f},{ey:.1f}"


def _towards(p, q, distance: float) -> tuple[float, float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1
    return p[0] + dx / length * distance, p[1] + dy / length * distance


def _loop(p, node: float, centre: float) -> str:
    """A self-loop drawn on the side of the node away from the centre."""
    x, y = p
    angle = math.atan2(y - centre, x - centre) if (x, y) != (centre, centre) else -math.pi / 2

    def at(a, d):
        return f"{x + d * math.cos(a):.1f},{y + d * math.sin(a):.1f}"

    return f"M{at(angle - 0.45, node)} C{at(angle - 0.6, 3 * node)} {at(angle + 0.6, 3 * node)} {at(angle + 0.45, node + 3)}"
