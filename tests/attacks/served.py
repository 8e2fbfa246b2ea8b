"""Attacks on the parent-served channel (grader/sandbox/calls.py): student files that call the grader's
proxies themselves, as a student owning the child can, each with what it must get. Written for this
suite. Every attack reaches `ask` the way any student code can (the probe modules are loaded before the
student's), forges the calls the proxies would send, and would earn points or cost the grader if the
parent believed it.

`ATTACKS`: name -> (module, {question id: (status, points)}, source). The taquin attacks are the model
answer with some functions replaced (so that nothing else fails first); `FORGE` is the forging kit.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The student's side of a served call, as grader/questions/taquin/probes.py's `_served` proxies make it.
FORGE = '''
import math as _math
import sys as _sys

_ask = _sys.modules["grader.sandbox.calls"].ask


def _globals():
    return {"grid": grid, "h": h, "li": li, "lj": lj, "solution": [m.name for m in solution],
            "minimum": "inf" if minimum == _math.inf else minimum}


def _forge(name, *args, **state):
    """Ask the parent for `name(*args)` on the globals (some replaced by `state`), and keep its answer."""
    global grid, h, li, lj, solution, minimum
    answer = _ask(name, {"args": list(args), "state": {**_globals(), **state}})
    after = answer["state"]
    grid, h, li, lj = after["grid"], after["h"], after["li"], after["lj"]
    solution = [Deplacement[m] for m in after["solution"]]
    minimum = _math.inf if after["minimum"] == "inf" else after["minimum"]
    return answer["result"]
'''

# A search the child picks (a solvable state, a bound 8 above its Manhattan sum: about 40,000 nodes and a
# tenth of a second of the model answer's dfs), which a grader that stored what a child asks kept in the
# machine's timing cache. Its first row, as JSON writes it, is what the scene looks for there.
CHOSEN_GRID = [[9, 13, 10, 11], [1, 3, 12, 8], [4, 7, 2, 5], [0, 14, 6, 99]]
CHOSEN_BOUND = 8
CHOSEN_MARK = "[9,13,10,11]"


def _replace(source: str, name: str, body: str) -> str:
    """`source` with the top-level function `name` replaced by `body` (a whole `def`)."""
    start = source.index(f"\ndef {name}(")
    end = source.find("\ndef ", start + 1)
    following = source.find("\n# ", start + 1)
    end = min(e for e in (end, following, len(source)) if e != -1)
    return source[:start] + "\n" + body.strip("\n") + "\n" + source[end:]


def taquin(**bodies: str) -> str:
    """The model answer's taquin.py with the forging kit and the given functions replaced."""
    source = FORGE + (ROOT / "reference" / "answers" / "taquin.py").read_text(encoding="utf-8")
    for name, body in bodies.items():
        source = _replace(source, name, body)
    return source


# 20 MB of arguments written straight on the reply pipe (the proxies' encoder refuses a frame that large).
HUGE_CALL = (
    "def taquin():\n"
    "    import json, os, struct\n"
    "    channel = _sys.modules['grader.sandbox.calls']._server\n"
    "    state = {**_globals(), 'solution': '@'}\n"
    "    call = {'nonce': channel.nonce, 'seq': channel.seq, 'call': 'dfs', 'args': {'args': [h, 0], 'state': state}}\n"
    "    body = json.dumps(call).encode().replace(b'\"@\"', b'[' + b'\"Haut\",' * 3_000_000 + b'\"Haut\"]')\n"
    "    view = memoryview(struct.pack('>I', len(body)) + body)\n"
    "    while view:\n"
    "        view = view[os.write(channel.reply_fd, view):]\n"
    "    return []\n"
)
ABSURD_GAUCHE = "def gauche():\n    _forge('move', 7, -3)\n"
SURROGATE_MOVE = "def move(i, j):\n    raise ValueError('\\ud800 \\x00 \\u202e \\x1b[2J' * 1000)\n"

TENTES_FORGED = {
    f"tente_{d}": f"def tente_{d}():\n    return _forge('tente_{d}')\n" for d in ("gauche", "bas", "droite", "haut")
}

# Copies of the earlier functions made at import, with types.FunctionType and through marshal: not the
# objects the redirection changes (docs/judging.md, "Captured references"), so that a later function that
# calls them runs the student's own earlier code when it is judged with the model answer's too. Here the
# student's move does nothing, the gestures (so tente_*) call a copy of it, dfs tries copies of tente_*,
# taquin calls a copy of dfs. The copies must gain nothing: on each question the file earns at most what
# the same file earns with `_copy` and `_thawed` giving the functions themselves (its calls then
# redirected). COPIES: name -> the file; COPIED escapes, NAMED is its twin.
ESCAPE = """

import marshal as _marshal
import types as _types


def _copy(function):
    return _types.FunctionType(function.__code__, function.__globals__, function.__name__,
                               function.__defaults__, function.__closure__)


def _thawed(function):
    code = _marshal.loads(_marshal.dumps(function.__code__))
    return _types.FunctionType(code, function.__globals__, function.__name__, function.__defaults__,
                               function.__closure__)


{twin}_MOVE = _thawed(move)


def haut():
    _MOVE(li + 1, lj)


def gauche():
    _MOVE(li, lj + 1)


def bas():
    _MOVE(li - 1, lj)


def droite():
    _MOVE(li, lj - 1)


ESSAIS = ((_copy(tente_gauche), droite), (_thawed(tente_bas), haut), (_copy(tente_droite), gauche),
          (_thawed(tente_haut), bas))
_DFS = _copy(dfs)
"""
COPIED, NAMED = "copied_earlier_functions", "named_earlier_functions"


def _calling_the_copy_of_dfs(source: str) -> str:
    """`source` whose taquin calls _DFS where the model answer's calls dfs."""
    replaced = source.replace("if dfs(m, 0):", "if _DFS(m, 0):")
    if replaced.count("_DFS(m, 0)") != 1:
        raise ValueError("reference/answers/taquin.py's taquin no longer calls `dfs(m, 0)`: update served.COPIES")
    return replaced


COPIES = {
    name: _calling_the_copy_of_dfs(taquin(move="def move(i, j):\n    pass\n")) + ESCAPE.format(twin=twin)
    for name, twin in ((COPIED, ""), (NAMED, "_copy = _thawed = lambda function: function\n"))
}

ATTACKS: dict[str, tuple[str, dict[str, tuple[str, float]], str]] = {
    # -- names the question does not serve: the model answer's work would be graded as the student's ----
    "not_served_q16": ("taquin", {"q16": ("failed", 0.0)}, taquin(**TENTES_FORGED)),
    "not_served_q17": ("taquin", {"q17": ("failed", 0.0)},
                       taquin(**TENTES_FORGED, dfs="def dfs(m, p):\n    return _forge('dfs', m, p)\n")),
    "not_served_h": ("jeux", {"q4": ("failed", 0.0)}, (
        "import sys\n"
        "ask = sys.modules['grader.sandbox.calls'].ask\n\n"
        "def bfs():\n"
        "    ask('h', initial)\n"
        "    return 0\n")),
    # x1's graphs: a name x1 does not serve, then its own names with arguments of other shapes (the puzzles,
    # run in the child, serve nothing: the same calls there are names not served).
    "not_served_x1": ("recherche", {"x1": ("failed", 0.0)}, (
        "import sys\n"
        "ask = sys.modules['grader.sandbox.calls'].ask\n\n"
        "def search(start, goal, next_states, heuristic):\n"
        "    ask('final', start)\n"
        "    return [start]\n")),
    "absurd_arguments_x1": ("recherche", {"x1": ("failed", 0.0)}, (
        "import sys\n"
        "ask = sys.modules['grader.sandbox.calls'].ask\n\n"
        "def search(start, goal, next_states, heuristic):\n"
        "    ask('heuristic', {'state': start, 'target': goal, 'value': 0})\n"
        "    return [start, goal]\n")),
    # -- arguments of other shapes: a grid that is none, a move that does not exist, extra globals ----------
    # (q16 "failed": the watch of how moves are written, probes._representation, runs the forged tente_* too, and
    # the parent refuses its served move as a wrong one before any case is judged; 0 points either way.)
    "absurd_arguments": ("taquin", {"q16": ("failed", 0.0), "q18": ("failed", 0.0)}, taquin(
        gauche=ABSURD_GAUCHE,
        bas="def bas():\n    _forge('move', li - 1, lj, grid=[[0] * 4] * 4)\n",
        droite="def droite():\n    _forge('move', li, lj - 1, h=-10**9)\n",
        haut="def haut():\n    _ask('move', {'args': [li + 1, lj], 'state': {**_globals(), 'extra': 1}})\n",
        taquin="def taquin():\n    _forge('dfs', 10**6, -1)\n    return []\n")),
    # -- a search with no end: two tiles swapped (no solution), or a bound far beyond the case's --------------
    "unsolvable_dfs": ("taquin", {"q18": ("failed", 0.0)}, taquin(taquin=(
        "def taquin():\n"
        "    cells = [[grid[r][c] for c in range(4)] for r in range(4)]\n"
        "    free = [(r, c) for r in range(4) for c in range(4) if (r, c) != (li, lj)]\n"
        "    (a, b), (c, d) = free[0], free[1]\n"
        "    cells[a][b], cells[c][d] = cells[c][d], cells[a][b]\n"
        "    _forge('dfs', h + 80, 0, grid=cells)\n"
        "    return []\n"))),
    "endless_dfs": ("taquin", {"q18": ("failed", 0.0)}, taquin(taquin=(
        "def taquin():\n"
        "    _forge('dfs', h + 80, 0)\n"
        "    return [m.name for m in solution]\n"))),
    # -- a costly search of the child's choosing, which a grader keeping served timings would keep ----------
    "chosen_timing_key": ("taquin", {"q18": ("timeout", 0.0)}, taquin(taquin=(
        "def taquin():\n"
        f"    chosen = {CHOSEN_GRID!r}\n"
        "    h_chosen = sum(abs(r - v // 4) + abs(c - v % 4) for r in range(4) for c in range(4)\n"
        "                   for v in [chosen[r][c]] if (r, c) != (3, 3))\n"
        f"    _forge('dfs', h_chosen + {CHOSEN_BOUND}, 0, grid=chosen, li=3, lj=3, h=h_chosen, solution=[])\n"
        "    return []\n"))),
    # -- 20 MB of arguments, and text no file can hold --------------------------------------------------------
    "huge_arguments": ("taquin", {"q18": ("crashed", 0.0)}, taquin(taquin=HUGE_CALL)),
    "lone_surrogates": ("taquin", {"q15": ("error", 0.0), "q18": ("failed", 0.0)}, taquin(
        move=SURROGATE_MOVE,
        taquin="def taquin():\n    return ['\\udfff', '\\x00\\u202e'] * 50_000\n")),
}
