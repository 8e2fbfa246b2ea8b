"""Which functions of a tree of the grader's packages solve a sliding puzzle: `python solver_finder.py ROOT
OUT` writes them to OUT as JSON ([function, how it was called], one per solver found).

Run in a process of its own: ROOT (an unpacked wheel, or a checkout) comes first on the import path and
the editable installation's finder is taken away, so that the modules are ROOT's and a module ROOT lacks
(the solver, in the kit) cannot be imported. Every top-level function and class attribute of ROOT's
modules is called with a puzzle in each of the shapes the questions that ask for a solution use, wrapped
in the glue a student would write around a copy (matrix in, moves out): x2's and x3's matrix (3×3 and
4×4, the documents' convention) as it is, as a tuple or a list, with or without its size, and as the
grader's payloads hold it; q18's state (the exam's convention) as a tuple, a list, a grid, and as q17's and
q18's probes' payloads hold it. What comes back (or what a tuple or a dict returned holds) solves the puzzle
when it is a list of moves in either convention's names, in either reading, or a path of states, that
leads from the puzzle to the goal. Each call has a few seconds; a call that raises, or prints, says
nothing.

A search a student pastes needs no more than its glue to become an answer, whatever it returns, so two
more ways count as solving (red team 4 pasted the kit's breadth-first `distances(sources, neighbours)` and
x4's DFS verifier into x3 and x4, 2/2 each):
- a function given the 3×3 puzzle as a start and a `neighbours` function (in the orders a graph search
  takes them: sources or a start, the goal or not) that asks for neighbours until the goal comes back;
- a function given the 3×3 puzzle for a parameter named as a start, the other parameters filled by their
  names (goal, order of the operations, size, path) or, for one compared with strings in its body, with
  each of those strings, that returns a solution or during which the puzzle model (reference.sliding's
  apply_move, wherever a module took it) makes the goal from another state: it explored the puzzle up to
  the goal.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import inspect
import io
import itertools
import json
import signal
import sys
import textwrap
from pathlib import Path

SECONDS = 3
EXAM_NAMES = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}  # the blank's step
DOC_NAMES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}  # the blank's step


def isolate_kit(root: Path) -> None:
    """ROOT's packages, never the editable installation's nor a checkout's on the path."""
    # The editable installation's finders are classes on sys.meta_path and sys.path_hooks.
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in str(getattr(f, "__module__", "")).lower()]
    sys.path_hooks[:] = [h for h in sys.path_hooks if "editable" not in str(getattr(h, "__module__", "")).lower()]
    sys.path_importer_cache.clear()
    others = [
        p for p in sys.path if not any((Path(p or ".") / package).is_dir() for package in ("grader", "reference"))
    ]
    sys.path[:] = [str(root), *others]


def _step(state: tuple, n: int, blank_step: tuple[int, int], blank: int) -> tuple | None:
    at = state.index(blank)
    i, j = at // n + blank_step[0], at % n + blank_step[1]
    if not (0 <= i < n and 0 <= j < n):
        return None
    cells = list(state)
    cells[at], cells[i * n + j] = cells[i * n + j], blank
    return tuple(cells)


def _walked(goal: tuple, n: int, blank: int, length: int) -> tuple:
    """A state `length` blank steps from the goal, never straight back (a fixed walk)."""
    state, previous, k = goal, None, 0
    steps = list(DOC_NAMES.values())
    for _ in range(length):
        options = [s for step in steps if (s := _step(state, n, step, blank)) is not None and s != previous]
        previous, state = state, options[(7 * k + 3) % len(options)]
        k += 1
    return state


def _reaches(start: tuple, n: int, blank: int, goal: tuple, got) -> bool:
    """Whether `got` (moves in any naming and reading, or a path of states) leads from start to goal."""
    if isinstance(got, (list, tuple)) and got and all(isinstance(m, str) for m in got):
        for names in (DOC_NAMES, EXAM_NAMES):
            for reading in (1, -1):  # the blank's step, or the tile's
                state = start
                for move in got:
                    step = names.get(move)
                    state = _step(state, n, (reading * step[0], reading * step[1]), blank) if step else None
                    if state is None:
                        break
                if state == goal:
                    return True
        return False
    if isinstance(got, (list, tuple)) and len(got) > 1:
        try:
            path = [tuple(v for row in s for v in row) if isinstance(s[0], list) else tuple(s) for s in got]
        except (TypeError, LookupError):
            return False
        if path[0] != start or path[-1] != goal:
            return False
        return all(b in [_step(a, n, step, blank) for step in DOC_NAMES.values()] for a, b in zip(path, path[1:]))
    return False


def _held(value, depth: int = 0):
    """The value and what a tuple, list of non-moves or dict returned holds, a level or two down."""
    yield value
    if depth < 2 and isinstance(value, dict):
        for held in value.values():
            yield from _held(held, depth + 1)
    if depth < 2 and isinstance(value, tuple):
        for held in value:
            yield from _held(held, depth + 1)


def _puzzles():
    """(label, start, n, blank, goal, [(shape, args)]) for x2/x3's 3×3 and 4×4 and q18's state."""
    found = []
    for n in (3, 4):
        goal = (*range(1, n * n), 0)
        start = _walked(goal, n, 0, 12)
        matrix = [list(start[r * n : (r + 1) * n]) for r in range(n)]
        shapes = [
            ("matrix", (matrix,)),
            ("tuple", (start,)),
            ("list", (list(start),)),
            ("tuple, n", (start, n)),
            ("matrix, n", (matrix, n)),
            ("payload astar", ({"function": "astar", "matrix": matrix},)),
            ("payload bfs_taquin", ({"function": "bfs_taquin", "matrix": matrix},)),
            ("payload search", ({"n": n, "start": list(start), "container": "list"},)),
        ]
        found.append((f"x2/x3 {n}x{n}", start, n, 0, goal, shapes))
    goal = tuple(range(16))
    start = _walked(goal, 4, 15, 14)
    grid = [list(start[4 * i : 4 * i + 4]) for i in range(4)]
    h = sum(abs(c // 4 - t // 4) + abs(c % 4 - t % 4) for c, t in enumerate(start) if t != 15)
    shapes = [
        ("state", (start,)),
        ("list", (list(start),)),
        ("grid", (grid,)),
        ("payload taquin", ({"state": list(start), "blank_value": 15, "h": h, "solution": []},)),
        # q17's probe's payload, a bound the walk's length (at least the optimum): a DFS* that returns the
        # moves it finds (red team 3: the kit's q17 oracle glued behind taquin).
        ("payload dfs", ({"state": list(start), "blank_value": 15, "h": h, "solution": [], "m": 14, "p": 0},)),
    ]
    found.append(("q18", start, 4, 15, goal, shapes))
    return found


def _functions(root: Path):
    import importlib

    from wheel_functions import Wheel

    for candidate in Wheel(root).candidates():
        try:
            target = importlib.import_module(candidate.module)
            for part in candidate.path.split("."):
                target = getattr(target, part)
        except Exception:  # noqa: BLE001 - a module this tree cannot import: nothing of it can be called
            continue
        if callable(target):
            yield candidate.name, target


class _Explored:
    """What the puzzle model made during one call: whether the goal came out of it (or out of the
    `neighbours` function handed to the call) from another state."""

    def __init__(self, goal: tuple):
        self.goal = goal
        self.reached = False

    def made(self, state, following) -> None:
        self.reached |= following == self.goal and state != self.goal

    def neighbours(self, state) -> list[tuple]:
        found = [s for step in DOC_NAMES.values() if (s := _step(tuple(state), 3, step, 0)) is not None]
        self.reached |= self.goal in found
        return found


def _watch_the_puzzle_model(explored: list[_Explored]) -> None:
    """Every module's apply_move of reference.sliding replaced by one that tells the current call's
    _Explored (the last of `explored`) what it made."""
    sliding = sys.modules.get("reference.sliding")
    if sliding is None:
        return
    original = sliding.apply_move

    def watched(state, n, move):
        following = original(state, n, move)
        if explored:
            explored[-1].made(state, following)
        return following

    for module in list(sys.modules.values()):
        if getattr(module, "apply_move", None) is original:
            module.apply_move = watched


START_NAMES = ("start", "state", "etat", "initial", "source", "puzzle")
FILLED = {
    "goal": lambda goal: goal,
    "target": lambda goal: goal,
    "final": lambda goal: goal,
    "order": lambda goal: tuple(DOC_NAMES),
    "moves": lambda goal: tuple(DOC_NAMES),
    "n": lambda goal: 3,
    "size": lambda goal: 3,
    "path": lambda goal: [],
}


def _compared_strings(function, name: str) -> list[str]:
    """The strings the parameter `name` is compared with in `function`'s body."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == name:
            found += [c.value for c in node.comparators if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return sorted(set(found))


def _named_calls(function, start: tuple, goal: tuple) -> list[tuple]:
    """The calls of `function` with `start` for its start-named parameter, the others filled by name (see
    the module's docstring); none when a required parameter cannot be."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []
    options, started = [], False
    for parameter in parameters:
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        name = parameter.name.lower()
        if any(word in name for word in START_NAMES) and not started:
            options.append([start])
            started = True
        elif name in FILLED:
            options.append([FILLED[name](goal)])
        elif strings := _compared_strings(function, parameter.name):
            options.append(strings)
        elif parameter.default is not parameter.empty:
            break  # the defaults from here on
        else:
            return []
    return list(itertools.islice(itertools.product(*options), 16)) if started else []


class _Late(BaseException):
    pass


def _late(signum, frame):
    raise _Late


def _called(function, args):
    """What `function(*args)` returns within SECONDS; None when it raises, prints or runs out of time."""
    signal.alarm(SECONDS)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            # A call may change what it is given; a function handed to it stays itself.
            return function(*(a if callable(a) else copy.deepcopy(a) for a in args))
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - it did not solve this way (the grader's stops included)
        return None
    finally:
        signal.alarm(0)


def _searches(function, explored: list[_Explored]) -> str | None:
    """How `function` explored the 3×3 puzzle from a start up to the goal, if it did (module docstring)."""
    goal = (*range(1, 9), 0)
    start = _walked(goal, 3, 0, 12)
    calls = [(f"named: {', '.join(map(repr, args[1:]))}", None, args) for args in _named_calls(function, start, goal)]
    calls += [
        (shape, True, args)
        for shape, args in (
            ("sources, neighbours", ([start], None)),
            ("start, neighbours", (start, None)),
            ("neighbours, start", (None, start)),
            ("start, goal, neighbours", (start, goal, None)),
            ("start, neighbours, goal", (start, None, goal)),
        )
    ]
    for shape, handed, args in calls:
        explored.append(_Explored(goal))
        if handed:  # the neighbours function in the place of the None
            args = tuple(explored[-1].neighbours if a is None else a for a in args)
        value = _called(function, args)
        if explored.pop().reached or any(_reaches(start, 3, 0, goal, held) for held in _held(value)):
            return f"x3/x4 3x3 explored: {shape}"
    return None


def solvers(root: Path) -> list[list[str]]:
    found = []
    puzzles = _puzzles()
    explored: list[_Explored] = []
    signal.signal(signal.SIGALRM, _late)
    functions = list(_functions(root))
    _watch_the_puzzle_model(explored)
    for name, function in functions:
        for label, start, n, blank, goal, shapes in puzzles:
            for shape, args in shapes:
                value = _called(function, args)
                if any(_reaches(start, n, blank, goal, held) for held in _held(value)):
                    found.append([name, f"{label}: {shape}"])
        if (how := _searches(function, explored)) is not None:
            found.append([name, how])
    return found


if __name__ == "__main__":
    root = Path(sys.argv[1]).resolve()
    isolate_kit(root)  # the tests' folder stays on the path (this script's): wheel_functions
    found = solvers(root)  # a function called may have taken stdout: the file says it
    Path(sys.argv[2]).write_text(json.dumps(found), encoding="utf-8")
