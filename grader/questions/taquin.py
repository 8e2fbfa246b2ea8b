"""Part IV (module taquin.py): q15 move, q16 tente_*, q17 dfs, q18 taquin.

Probes install the exam's globals from plain data (`grid` as fresh lists whose blank cell holds an
arbitrary value, `h`, `li`, `lj`, `solution` as the student's own `Deplacement` members or as strings,
`minimum`), call the student's functions and send the globals back as plain data. Judges rebuild states
with reference.puzzle and compare. For q18 the student's globals are never believed: the returned moves
are replayed on the grader's own copy of the start state.

`solution` may be kept most recent last (the convention) or most recent first (the Caml reading of the
exam): the convention is detected once per question on an unambiguous case, then every case is judged
in it. The list `taquin()` returns may be in either order.
"""

from __future__ import annotations

import collections
import contextlib
import enum
import functools
import inspect
import json
import math
import random
import types
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from grader.text.message import Message
from grader.questions import shapes
from grader.results.records import Kind
from grader.judge.question import (
    CHEAP,
    Failure,
    Group,
    Inconclusive,
    Option,
    Outcome,
    Question,
    earned,
    oracle,
    probe,
)
from grader.sandbox.calls import Served, Violation

if TYPE_CHECKING:
    from grader.judge.engine import Context
    from grader.sandbox.limits import Reply

MOVE_NAMES = ("Gauche", "Bas", "Droite", "Haut")
BLANK = 15
LAST, FIRST = "last", "first"  # where `solution` keeps its most recent move
# Values written in the blank cell: it is not significant, so any value (a real tile's included) is fair.
BLANK_VALUES = (-1, 0, 15, 7, 14, 99)
MAX_WALK_Q17 = 24  # dfs is judged on shallow instances: the reference answers in milliseconds
MAX_WALK_Q18 = 24
# Optimum range -> number of q18 instances drawn in it (the many-rounds states below need more passes).
DEEP_BANDS = {(26, 29): 1, (30, 32): 2}
CLIMBS = 2  # q18 states 40 to 48 moves away whose optimum is known without search
# q18 draws one of ROUNDS for each of these detours (optimum - h): a bound skipped in the 7th to 9th round.
# (A detour of 18, the 10th round, would cost the model answer 0.1 s more on every check.)
ROUND_DETOURS = (12, 14, 16)
MAX_DETOUR = 10
# A correct IDA* may try the moves in another order (the last iteration then stops earlier or later) or
# recompute h from scratch in move: measured up to 10 times the reference's time on deep instances.
SEARCH_SLACK = 3.0


# --- Child side: install the globals, call, observe ---------------------------------------------------
class Representation(NamedTuple):
    """How a student's module writes the moves: `values`, the value it uses for each exam name, and
    `constants`, the names of its own globals whose values are not strings nor enum members (so that a
    `solution` of those values reads back as their names)."""

    values: dict
    constants: dict  # (type, value) -> the global's name


_representations: dict[int, tuple[Any, Representation]] = {}  # by id(module), with the module itself


def _representation(module) -> Representation:
    """The student's own way of writing the moves, found in their module (once per module), first match:
    their constants (`Gauche = "Gauche"`, `GAUCHE = 0`: four globals named after the moves, in any case,
    that are not functions, with distinct values); an enum of theirs naming the four moves (by its members'
    names or values, in any case) that their code uses (`Deplacement` first); the strings their code
    writes (their spelling of each name); an enum they define but do not use; the exam's names."""
    kept = _representations.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    lowered = {name.lower(): name for name in MOVE_NAMES}
    own = vars(module)
    constants = {lowered[k.lower()]: v for k, v in own.items() if k.lower() in lowered and not callable(v)}
    names = {lowered[k.lower()]: k for k in own if k.lower() in lowered and not callable(own[k])}
    found: Representation | None = None
    if len(constants) == 4 and len({_key(v) for v in constants.values()}) == 4:
        found = Representation(
            dict(constants),
            {_key(v): names[m] for m, v in constants.items() if not isinstance(v, (str, enum.Enum))},
        )
    codes = list(_codes(own.values()))
    used = {name for code in codes for name in code.co_names}
    enums = sorted(
        (value for value in own.values() if isinstance(value, type) and issubclass(value, enum.Enum)),
        key=lambda kind: kind.__name__ != "Deplacement",
    )
    members = [(kind, _members(kind, lowered)) for kind in enums]
    members = [(kind, named) for kind, named in members if len(named) == 4]
    if found is None:
        found = next((Representation(named, {}) for kind, named in members if kind.__name__ in used), None)
    if found is None:
        spelled = {
            lowered[c.lower()]: c for code in codes for c in code.co_consts if type(c) is str and c.lower() in lowered
        }
        if spelled:
            found = Representation({name: spelled.get(name, name) for name in MOVE_NAMES}, {})
    if found is None:
        found = Representation(members[0][1] if members else {name: name for name in MOVE_NAMES}, {})
    _representations[id(module)] = module, found
    return found


def _key(value):
    """A value as a dict key that tells True from 1 (and is one even when the value is not hashable)."""
    try:
        hash(value)
    except TypeError:
        return type(value), id(value)
    return type(value), value


def _members(kind, lowered: dict) -> dict:
    """An enum's member for each exam name it names (by the member's name, or its value)."""
    members: dict = {}
    for member in kind:
        for label in (member.name, member.value):
            if type(label) is str and label.lower() in lowered:
                members.setdefault(lowered[label.lower()], member)
    return members


def _codes(values):
    """The code objects of the module's functions and of its classes' methods, nested ones included."""
    pending = []
    for value in values:
        if isinstance(value, type) and not issubclass(value, enum.Enum):
            pending.extend(getattr(v, "__func__", v) for v in vars(value).values())
        else:
            pending.append(value)
    codes = [value.__code__ for value in pending if isinstance(value, types.FunctionType)]
    while codes:
        code = codes.pop()
        yield code
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))


def _student_moves(module, names):
    """The moves `names` written the student's way (_representation)."""
    values = _representation(module).values
    return [values.get(name, name) for name in names]


def _grid(payload):
    """The exam's `grid` for the payload's state: fresh lists, `blank_value` in the blank cell."""
    state, blank_value = payload["state"], payload["blank_value"]
    return [[blank_value if state[4 * i + j] == BLANK else state[4 * i + j] for j in range(4)] for i in range(4)]


def _install(module, payload):
    state = payload["state"]
    module.grid = _grid(payload)
    module.h = payload["h"]
    module.li, module.lj = divmod(state.index(BLANK), 4)
    module.solution = _student_moves(module, payload["solution"])
    module.minimum = math.inf


def _listed(module, value):
    """Moves as plain data: a deque (a natural way to keep moves) as a list; an enum member by its name,
    or by its value when only the value names a move (`class D(Enum): A = "Haut"`); one of the student's
    constants that is neither (`GAUCHE = 0`) by the constant's name."""
    if type(value) not in (list, tuple, collections.deque):
        return value
    lowered = {name.lower() for name in MOVE_NAMES}
    constants = _representation(module).constants

    def named(item):
        if isinstance(item, enum.Enum) and str(item.name).lower() not in lowered and type(item.value) is str:
            return item.value
        if constants and not isinstance(item, (str, enum.Enum)):
            return constants.get(_key(item), item)
        return item

    return [named(item) for item in value]


def _snapshot(module):
    minimum = vars(module).get("minimum")
    return {
        "grid": vars(module).get("grid"),
        "h": vars(module).get("h"),
        "li": vars(module).get("li"),
        "lj": vars(module).get("lj"),
        "solution": _listed(module, vars(module).get("solution")),
        "minimum": "inf" if type(minimum) is float and minimum == math.inf else minimum,
    }


def _function(module, name):
    function = vars(module).get(name)
    if not callable(function):
        from grader.sandbox.protocol import Missing

        raise Missing(name)
    return function


def _write_back(module, state):
    """Put the parent's answer into the student's globals, in place where they are lists (a student's
    function may hold a reference to `grid` or `solution`)."""
    grid = vars(module).get("grid")
    if shapes.grid(grid):
        for row, values in zip(grid, state["grid"]):
            row[:] = values
    else:
        module.grid = state["grid"]
    module.h, module.li, module.lj = state["h"], state["li"], state["lj"]
    module.minimum = math.inf if state["minimum"] == "inf" else state["minimum"]
    moves = _student_moves(module, state["solution"])
    solution = vars(module).get("solution")
    if type(solution) is list:
        solution[:] = moves
    elif type(solution) is collections.deque:
        solution.clear()
        solution.extend(moves)
    else:
        module.solution = moves


# The exam's signature of each function that may be served: its number of arguments.
SERVED_ARITY = {"move": 2, "tente_gauche": 0, "tente_bas": 0, "tente_droite": 0, "tente_haut": 0, "dfs": 2}
SERVED_KEYWORD = "_served_call"  # where a redirected function finds the proxy it hands its call to
_undo: list = []  # how to undo the redirections in force (see _served)


@contextlib.contextmanager
def _served(module, payload):
    """The earlier functions the payload names answered for the student's code while the block runs:
    `served` ones by proxies, each call sending the globals to the parent, which applies the model answer's
    function to them (its code never reaches this process) and answers with the result and the new
    globals, written back here; `exam` ones by the exam's own (_exam_functions, in this process). Whatever
    the student's code holds the function by (the global name, a tuple or dict built at import, a default
    argument, a closure, a functools.partial, a bound method), it reaches them (_redirect). The module is
    as it was after the block: in the parent, the model answer's module, timed through the same proxies,
    is shared."""
    from grader.sandbox import protocol
    from grader.sandbox.calls import ask

    def proxy(name):
        def call(*args):
            answer = ask(name, {"args": list(args), "state": protocol.plain(_snapshot(module))})
            _write_back(module, answer["state"])
            return answer["result"]

        call.__name__ = name
        return call

    exam = _exam_functions(module, payload.get("convention", LAST))
    targets = {name: proxy(name) for name in payload.get("served", ())}
    targets.update((name, exam[name]) for name in payload.get("exam", ()))
    _undo_all()  # nothing an earlier run redirected stays (each undo is done, then forgotten)
    for name, target in targets.items():
        _undo.append(_redirect(module, name, target, SERVED_ARITY[name]))
    try:
        yield
    finally:
        _undo_all()


def _undo_all() -> None:
    while _undo:
        _undo[-1]()
        _undo.pop()


def _redirect(module, name: str, target, arity: int):
    """Make every reference to the student's `name` call `target` with the exam's `arity` arguments, and
    return how to undo it. A function (a bound method's too) keeps its identity and gets code that hands
    its call to `target`, so that every reference to it, however captured, is redirected; a
    functools.partial is pointed at `target`; anything else (missing, another kind of callable) is
    replaced by name only."""
    current = vars(module).get(name)
    function = getattr(current, "__func__", current)  # a bound method's, or a staticmethod's
    if isinstance(function, types.FunctionType):
        return _swap_code(function, target, arity, skip=int(isinstance(current, types.MethodType)))
    if isinstance(current, functools.partial):
        pointed: Any = current  # typeshed does not list partial's __setstate__
        state = pointed.__reduce__()[2]
        pointed.__setstate__((target, (), {}, None))
        return functools.partial(pointed.__setstate__, state)
    had = name in vars(module)
    setattr(module, name, target)
    return functools.partial(setattr, module, name, current) if had else functools.partial(delattr, module, name)


def _swap_code(function, target, arity: int, skip: int):
    """Give `function` code that calls `target` with its first `arity` arguments after `skip` (a bound
    method's self), read against its own signature (keywords and defaults included); return the undo."""
    signature = inspect.signature(function, follow_wrapped=False)  # read before its code changes
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in signature.parameters.values())
    count = len(signature.parameters)

    def call(args, kwargs):
        if plain and not kwargs and len(args) == count:  # the usual call, without inspect's binding
            return target(*args[skip : skip + arity])
        bound = signature.bind(*args, **kwargs)  # a TypeError, as the call itself would raise
        bound.apply_defaults()
        values: list = []
        for parameter in signature.parameters.values():
            value = bound.arguments[parameter.name]
            if parameter.kind is parameter.VAR_POSITIONAL:
                values.extend(value)
            elif parameter.kind is not parameter.VAR_KEYWORD:
                values.append(value)
        return target(*values[skip : skip + arity])

    code, keywords = function.__code__, function.__kwdefaults__
    function.__code__ = _trampoline(len(code.co_freevars))
    function.__kwdefaults__ = {SERVED_KEYWORD: call}

    def undo():
        function.__code__, function.__kwdefaults__ = code, keywords

    return undo


@functools.cache
def _trampoline(free: int):
    """Code that hands its arguments to the function's SERVED_KEYWORD default, with `free` free variables:
    a function's code may only be replaced by code with as many as its closure has cells."""
    cells = [f"_cell{i}" for i in range(free)]
    lines = [
        "def outer():",
        *(f"    {cell} = None" for cell in cells),
        f"    def served(*args, {SERVED_KEYWORD}, **kwargs):",
        *(f"        {cell}" for cell in cells),
        f"        return {SERVED_KEYWORD}(args, kwargs)",
        "    return served",
    ]
    namespace: dict = {}
    exec(compile("\n".join(lines), "<served>", "exec"), namespace)
    return namespace["outer"]().__code__


# Where the tile that each move slides comes from, seen from the blank; and each move's opposite.
TILE_FROM = {"Gauche": (0, 1), "Bas": (-1, 0), "Droite": (0, -1), "Haut": (1, 0)}
OPPOSITE_MOVE = {"Gauche": "Droite", "Droite": "Gauche", "Haut": "Bas", "Bas": "Haut"}


def _exam_functions(module, convention: str) -> dict:
    """The exam's move and tente_* (what the model answer's do: tests/test_questions_taquin.py compares
    them), on the student's module's globals, `solution` in the student's `convention` and own way of
    writing moves. Run in the child, so that q17's dfs is judged with them as fast as with the student's
    own (served by the parent, they cost a round trip per call). Nothing is taken on trust from them: the
    dfs is judged on the globals it leaves, and the student's code, which could change them, could as well
    do anything they do."""
    own = vars(module)
    values = _representation(module).values

    def undoes(last, direction: str) -> bool:
        """Whether `last`, the student's last move, is the opposite of `direction` (their own value first:
        the common case, cheap)."""
        opposite = values[OPPOSITE_MOVE[direction]]
        if last is opposite or (type(last) is type(opposite) and last == opposite):
            return True
        if any(last is value for value in values.values()):
            return False
        return _named(module, last) == OPPOSITE_MOVE[direction]

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
        last = (solution[0] if convention == FIRST else solution[-1]) if len(solution) else None
        if not (0 <= i < 4 and 0 <= j < 4) or (last is not None and undoes(last, direction)):
            return False
        move(i, j)
        value = values[direction]
        if isinstance(solution, (list, collections.deque)) and convention != FIRST:
            solution.append(value)
        elif isinstance(solution, collections.deque):
            solution.appendleft(value)
        elif isinstance(solution, list):
            solution.insert(0, value)
        else:
            own["solution"] = [value, *solution] if convention == FIRST else [*solution, value]
        return True

    tentes = {f"tente_{name.lower()}": functools.partial(tente, name) for name in MOVE_NAMES}
    return {"move": move, **tentes}


def _named(module, item) -> str | None:
    """The exam's name of a move written the student's way, in any case; None when it names none."""
    (read,) = _listed(module, [item])
    label = read.name if isinstance(read, enum.Enum) else read
    return next((name for name in MOVE_NAMES if type(label) is str and label.lower() == name.lower()), None)


@probe
def probe_move(module, payload):
    _install(module, payload)
    _function(module, "move")(*payload["cell"])
    return _snapshot(module)


@probe
def probe_tente(module, payload):
    _install(module, payload)
    with _served(module, payload):
        accepted = _function(module, "tente_" + payload["direction"].lower())()
    return {"accepted": accepted, **_snapshot(module)}


@probe
def probe_tentes(module, payload):
    """tente_* on each of the payload's cases in turn, in one call: [{accepted, globals after}]."""
    return [probe_tente(module, case) for case in payload["cases"]]


@probe
def probe_dfs(module, payload):
    _install(module, payload)
    with _served(module, payload):
        found = _function(module, "dfs")(payload["m"], payload["p"])
    return {"found": found, **_snapshot(module)}


@probe
def probe_taquin(module, payload):
    _install(module, payload)
    with _served(module, payload):
        return {"moves": _listed(module, _function(module, "taquin")())}


# --- Oracles: what the probes return on a correct answer, without the model answer (grader/judge/expectations.py)
def _expected_snapshot(payload, state, solution):
    """A correct answer's globals after a call, from the puzzle model (blank cell: the payload's value)."""
    from reference.puzzle import manhattan

    li, lj = divmod(state.index(BLANK), 4)
    return {
        "grid": _grid({**payload, "state": list(state)}),
        "h": manhattan(state),
        "li": li,
        "lj": lj,
        "solution": list(solution),
        "minimum": "inf",
    }


@oracle(probe_move)
def _move_expected(payload):
    from reference.puzzle import BLANK_STEP, apply

    i, j = divmod(payload["state"].index(BLANK), 4)
    move = next(m for m, (di, dj) in BLANK_STEP.items() if [i + di, j + dj] == list(payload["cell"]))
    return _expected_snapshot(payload, apply(tuple(payload["state"]), move), payload["solution"]), CHEAP


@oracle(probe_tente)
def _tente_expected(payload):
    """A move is made when the blank can go that way and the last move (most recent last) is not its
    opposite."""
    from reference.puzzle import OPPOSITE, apply, legal_moves

    state, direction, solution = tuple(payload["state"]), payload["direction"], payload["solution"]
    accepted = direction in legal_moves(state) and solution[-1:] != [OPPOSITE[direction]]
    if accepted:
        state, solution = apply(state, direction), solution + [direction]
    return {"accepted": accepted, **_expected_snapshot(payload, state, solution)}, CHEAP


@oracle(probe_dfs)
def _dfs_expected(payload):
    """DFS* from the payload's state at depth p with bound m, tente_* refusing to undo the last move: on a
    success the goal and `solution` extended by the moves found, else the state as it was and the least
    p + h above m met (the next bound). The grader's own search on the puzzle model, in the model answer's
    order of moves; the cost is its number of calls times the model answer's time per call."""
    from grader.judge import calibration
    from reference.puzzle import GOAL, OPPOSITE, apply, legal_moves, manhattan, replay

    calls = 0

    def search(state, last, depth):
        """(found, the moves found, least f above m)"""
        nonlocal calls
        calls += 1
        f = depth + manhattan(state)
        if f > payload["m"]:
            return False, [], f
        if state == GOAL:
            return True, [], math.inf
        least = math.inf
        for move in legal_moves(state):
            if last is None or move != OPPOSITE[last]:
                found, moves, over = search(apply(state, move), move, depth + 1)
                if found:
                    return True, [move, *moves], least
                least = min(least, over)
        return False, [], least

    history = payload["solution"]
    state = tuple(payload["state"])
    found, moves, least = search(state, history[-1] if history else None, payload["p"])
    if found:
        state = replay(state, moves)
    snapshot = _expected_snapshot(payload, state, history + moves)
    value = {"found": found, **snapshot, "minimum": "inf" if least == math.inf else least}
    return value, calls * calibration.cost("q17.dfs_call")


@oracle(probe_taquin)
def _taquin_expected(payload, served=None):
    """An optimal solution; the cost is the exam's example's shipped one, else the time of the oracle's
    own Manhattan IDA* (the model answer's algorithm) on this very state, in cost-machine seconds, times
    how much slower the model answer was there (both shipped: benchmarks/bench_costs.py). `served`, the
    model answer's dfs that the student's run gets (Chain.run), is not needed: the oracle searches alone."""
    import time

    from grader.judge import calibration
    from reference.puzzle import EXAM_EXAMPLE
    from reference.solver.shallow import solve_near

    state = tuple(payload["state"])
    if state == EXAM_EXAMPLE:
        return {"moves": list(_optimal(state))}, calibration.cost("q18.exam_example")
    started = time.process_time()
    moves = solve_near(state, budget=None)  # q18's other cases are near: the model answer's own premise
    here = time.process_time() - started
    return {"moves": moves}, here / calibration.machine_factor() * calibration.cost("q18.model_over_near")


# --- Parent side: the model answer's functions served to the student's code ---------------------------
MODEL, STUDENT = "corrige", "eleve"  # the scheme's `dependances` policy
# The model answer's earlier functions each question's model judgement (best_judgement) builds on: served by
# the parent (q16's move, a call per tente_*; q18's dfs, whose searches are made once per process), or for
# q17 the exam's own, run in the child (_exam_functions: its dfs makes five calls a node).
SERVED = {"q16": ("move",), "q18": ("dfs",)}
EXAM = {"q17": ("move", "tente_gauche", "tente_bas", "tente_droite", "tente_haut")}
# The moves an optimal solution of any arrangement takes at most (Brüngger, Marzetta, Fukuda and
# Nievergelt, 1999): no served call of a case needs `solution` or a dfs bound to reach further.
DIAMETER = 80
STATE_GLOBALS = frozenset({"grid", "h", "li", "lj", "solution", "minimum"})
CALL_FIELDS = frozenset({"args", "state"})  # what a served call sends (`_served`)
# The served dfs's answers and what each cost the model answer (CPU seconds, nodes searched), kept for the
# process: the model answer's dfs is a function of its arguments and the globals sent with them, every
# student of a run plays the same cases, and correct answers ask the same bounds, so q18's searches are run
# once per process, not per student. Only the model answer's own runs on the grader's cases are kept (a
# student's other calls are computed for that run alone): the model answer's taquin is timed through the
# same answers (Chain.run), so that a correct student's searches are those already run. Those that cost
# seconds (the challenge's) are kept for the machine too (grader/judge/timing.py): the other workers and the
# next runs read them.
_DFS_ANSWERS: dict[str, tuple[dict, float, int]] = {}
MAX_DFS_ANSWERS = 20_000


@functools.cache  # one per process: every call sets all the globals it reads (ModelServer._answer)
def _served_model():
    """A private copy of the model answer's module, whose globals the served calls set. Its dfs counts the
    nodes it searches and charges them to the server of the call (`meter`, set by ModelServer._answer)."""
    import importlib.util
    from pathlib import Path

    import reference

    path = Path(reference.__file__).with_name("taquin.py")
    spec = importlib.util.spec_from_file_location("_served_taquin", path)
    assert spec is not None and spec.loader is not None  # a source file of the package
    model: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(model)
    search = model.dfs

    def counted(m, p):  # its own recursive calls find this one among the module's globals
        model.nodes += 1
        model.meter()
        return search(m, p)

    model.dfs, model.nodes, model.meter = counted, 0, lambda: None
    return model


class ModelServer(Served):
    """Answers the proxies of `_served`: the model answer's function applied to the globals the child sent,
    in a private copy of the model answer's module (the one timed for limits stays untouched). `solution`
    travels in the student's order (`convention`) and is kept most recent last here.

    The run's interface: the `names` it serves; for each call the globals of a taquin state (grid a 4 × 4
    arrangement of tiles 0..14 with the blank at li, lj; h its Manhattan sum; solution at most `longest`
    moves; minimum an integer or infinity), and arguments the name takes (SERVED: q16's move, q18's dfs):
    move a cell next to the blank, dfs(m, p) integers with 0 <= p <= longest and m - p <= DIAMETER on a
    solvable grid.
    Anything else is a Violation: the model answer never runs on it. The dfs's nodes are charged to the
    run (calls.Served: its budget, from the model answer's own run on the case, and its deadline).

    With `max_bound` (a trap's, see TRAPS), a dfs(m, p) asked to search deeper than m - p = max_bound is
    refused, and so is every later call: the parent itself then knows that the student's search went past
    that bound (`past_bound`). `keeps`: this server answers the model answer's own run on the grader's
    case (Chain.run's `model_serve`), whose answers are kept (_DFS_ANSWERS, and for the machine those that
    cost seconds, timed best of `runs`); a student's server only reads them. `model_seconds`: the model
    answer's CPU time on the dfs calls answered, whether run here or read from where they were kept."""

    def __init__(self, convention, names, max_bound: int | None = None, runs: int = 1, keeps: bool = False):
        super().__init__()
        self.model = _served_model()
        self.names = frozenset(names)
        self.convention = convention or LAST
        self.max_bound = max_bound
        self.past_bound = False
        self.model_seconds = 0.0
        self.runs = runs
        self.keeps = keeps
        self.longest = DIAMETER  # the longest `solution` a call may send: see `case`

    def case(self, payload: dict) -> None:
        """Before a run: what its calls may carry, from the case (its earlier moves, then a search's)."""
        self.longest = len(payload["solution"]) + DIAMETER

    def __call__(self, name, args):
        from grader.sandbox.calls import Stop

        arguments, state, played = self._checked(name, args)
        if self.past_bound or (name == "dfs" and self.max_bound is not None and self._beyond(arguments)):
            self.past_bound = True
            raise Stop("past the bound")  # a trap's: its judge knows it from `past_bound`
        if name != "dfs":
            return self._in_student_order(self._answer(name, arguments, state, played)[0])
        # Keyed in the order played: students who keep `solution` either way share the answers.
        key = json.dumps([arguments, {**state, "solution": played}], sort_keys=True)
        kept = _DFS_ANSWERS.get(key)
        if kept is not None:
            answer, seconds, nodes = kept
            self.charge(nodes)
        elif self.keeps:
            answer, seconds, nodes = self._kept(key, name, arguments, state, played)
            self.work += nodes
        else:
            answer, nodes = self._answer(name, arguments, state, played, meter=self.charge)
            seconds = 0.0
        self.model_seconds += seconds
        return self._in_student_order(answer)

    def _kept(self, key: str, name, arguments, state, played) -> tuple[dict, float, int]:
        """The model answer's own search on the grader's case, computed once and kept (see _DFS_ANSWERS)."""
        from grader.judge import timing

        def compute():
            answer, nodes = self._answer(name, arguments, state, played)
            return {"answer": answer, "nodes": nodes}

        value: Any
        value, seconds = timing.measured(f"served {key}", compute, runs=self.runs)
        if len(_DFS_ANSWERS) >= MAX_DFS_ANSWERS:
            _DFS_ANSWERS.clear()
        _DFS_ANSWERS[key] = value["answer"], seconds, value["nodes"]
        return _DFS_ANSWERS[key]

    def _checked(self, name: str, args) -> tuple[list, dict, list]:
        """(the call's arguments, the globals, `solution` in the order played) of a call of the run's
        interface; a Violation otherwise (see the class's docstring)."""

        if type(args) is not dict or args.keys() != CALL_FIELDS or type(args["args"]) is not list:
            raise Violation("taquin.served_shape", name=name)
        arguments, state = args["args"], args["state"]
        if type(state) is not dict or state.keys() != STATE_GLOBALS:
            raise Violation("taquin.served_shape", name=name)
        li, lj = state["li"], state["lj"]
        if not (_is_int(li) and _is_int(lj) and 0 <= li < 4 and 0 <= lj < 4):
            raise Violation("taquin.served_blank", name=name)
        arrangement = _arrangement(state["grid"], li, lj)
        if arrangement is None:
            raise Violation("taquin.served_grid", name=name)
        if not (_is_int(state["h"]) and state["h"] == _manhattan(arrangement)):
            raise Violation("taquin.served_h", name=name)
        moves = _moves(state["solution"])
        if moves is None or len(moves) > self.longest:
            raise Violation("taquin.served_solution", name=name, longest=self.longest)
        minimum = state["minimum"]
        if not (minimum == "inf" or _is_int(minimum) or (type(minimum) is float and minimum.is_integer())):
            raise Violation("taquin.served_minimum", name=name)
        self._check_arguments(name, arguments, arrangement, li, lj)
        return arguments, state, _reordered(moves, self.convention)

    def _check_arguments(self, name: str, arguments: list, arrangement: list, li: int, lj: int) -> None:
        if name == "move":
            if (
                not (len(arguments) == 2 and all(_is_int(a) for a in arguments))
                or sorted((abs(arguments[0] - li), abs(arguments[1] - lj))) != [0, 1]
                or not all(0 <= a < 4 for a in arguments)
            ):
                raise Violation("taquin.served_move", li=li, lj=lj)
        else:  # dfs: the only other name a run serves (SERVED)
            from reference.puzzle import is_solvable

            if not (
                len(arguments) == 2
                and all(_is_int(a) for a in arguments)
                and 0 <= arguments[1] <= self.longest
                and 0 <= arguments[0] <= arguments[1] + DIAMETER
                and is_solvable(arrangement)
            ):
                raise Violation("taquin.served_dfs", longest=self.longest, diameter=DIAMETER)

    def _answer(self, name, arguments: list, state: dict, played: list, meter=None) -> tuple[dict, int]:
        """The model answer's `name` applied to globals the caller checked (their `solution` read as `played`,
        in the order played), with `solution` after it in that order too; and the dfs nodes it searched,
        each passed to `meter` (which raises calls.Exhausted past the run's budget or deadline)."""
        model: Any = self.model  # the model answer's module: its globals are set here
        model.grid = [list(row) for row in state["grid"]]
        model.li, model.lj, model.h = state["li"], state["lj"], state["h"]
        model.solution = [model.Deplacement[m] for m in played]
        model.minimum = math.inf if state["minimum"] == "inf" else state["minimum"]
        model.nodes, model.meter = 0, meter or (lambda: None)
        result = getattr(model, name)(*arguments)
        after = {
            "grid": model.grid,
            "li": model.li,
            "lj": model.lj,
            "h": model.h,
            "solution": [m.name for m in model.solution],
            "minimum": "inf" if model.minimum == math.inf else model.minimum,
        }
        return {"result": result, "state": after}, model.nodes

    def _in_student_order(self, answer: dict) -> dict:
        """`answer` with its `solution` in the student's order (a new dict: the kept answer is shared)."""
        state = answer["state"]
        return {**answer, "state": {**state, "solution": _reordered(state["solution"], self.convention)}}

    def _beyond(self, arguments: list) -> bool:
        """Whether dfs(m, p) searches deeper than `max_bound` (m - p, as f = p + h is compared to m)."""
        m, p = arguments
        return m - p > self.max_bound


def _arrangement(grid, li: int, lj: int) -> list | None:
    """The state `grid` holds with the blank at (li, lj): its other cells the tiles 0..14, each once (the
    blank cell's value is not significant, but an int); None when it holds anything else. (Checked on
    every served call, tens of thousands a check: built-ins only.)"""
    if not shapes.grid(grid):
        return None
    cells = [*grid[0], *grid[1], *grid[2], *grid[3]]
    if set(map(type, cells)) != {int}:
        return None
    cells[4 * li + lj] = BLANK
    return cells if sorted(cells) == ALL_CELLS else None


ALL_CELLS = list(range(16))
# Tile t's distance to its home from cell c (the blank's: none), so that h is checked with built-ins.
_DISTANCES = [[abs(c // 4 - t // 4) + abs(c % 4 - t % 4) if t != BLANK else 0 for t in range(16)] for c in range(16)]


def _manhattan(cells: list) -> int:
    return sum(map(list.__getitem__, _DISTANCES, cells))


OWN_CHAIN = "chaine_eleve"  # the weightless check that says which functions the grade was judged with
# q17's limits with the exam's move and tente_* (_exam_functions): a call passes through the redirection and
# reads the student's way of writing moves: up to 2.7 times the model answer's own time on q17's cases (measured).
EXAM_SLACK = 3.0
# The earlier functions each question builds on, as its messages name them.
EARLIER = {"q16": "move", "q17": "move, tente_*", "q18": "dfs"}


@dataclass
class Chain:
    """The functions the student's call builds on: the model answer's `served` names, answered by
    `server`, or the student's own (no server)."""

    served: tuple = ()
    server: ModelServer | None = None
    exam: tuple = ()  # the exam's own functions, run in the child (_exam_functions)
    convention: str = LAST  # the student's order of `solution`, for those

    def run(self, ctx, probe, payload: dict, timed_on: dict | None = None, precise: bool = False, **limits):
        """`ctx.run` with the chain's functions; the model answer is timed on the payload without them, or
        for a served dfs with the same served answers, each the best of several runs if `precise`
        (`limits`: see grader.judge.engine.Context.run)."""
        served: dict = {"served": list(self.served)} if self.server else {}
        if self.exam:
            served.update(exam=list(self.exam), convention=self.convention)
        if self.server is not None:
            self.server.reset()
            self.server.case(payload)
        if "dfs" in self.served and timed_on is None:
            # The model answer's taquin through the kept dfs answers (_DFS_ANSWERS): timed by what they cost
            # it, and a correct student's served searches are then those it already made.
            timed_on = {**payload, **served}
            from grader.judge import timing

            limits["model_serve"] = functools.partial(
                ModelServer, LAST, self.served, runs=timing.RUNS if precise else 1, keeps=True
            )
        return ctx.run(probe, {**payload, **served}, timed_on=timed_on or payload, serve=self.server, **limits)

    def failure(self, ctx, reply, shown) -> Failure:
        """Why a run failed, the served calls' refusals included (a protocol violation, as the runner says)."""
        return ctx.failure(reply, shown)

    def bounded(self, bound: int) -> Chain:
        """This chain for a trap: its served dfs refuses to search deeper than `bound` (ModelServer)."""
        if self.server is None:
            return self
        return replace(self, server=ModelServer(self.server.convention, self.served, max_bound=bound))


def best_judgement(ctx, question, convention, judge, own_check=None) -> list[Outcome]:
    """The question's outcomes, judged twice when it takes: with the student's own earlier functions
    (`judge(Chain())`) and with the model answer's, served (`judge(Chain(...))`); the better of the two
    counts (ties: the model answer's, the question judged on its own). A carried error never costs the student (a correct dfs over broken tente_*),
    and a division of labour between two functions other than the model answer's is no error either (a
    taquin whose own dfs resets `minimum` at the root). The second judgement is made only when the first
    is not full marks: q16 and q17 are judged first with the student's own functions (q17's served ones
    are a round trip per call), q18 with the model answer's dfs (its searches are made once per process
    for the whole class). Then the weightless `chaine_eleve` outcome says which judgement counted; when
    q18's first judgement is full, `own_check(Chain())` tells on a few cases whether the student's own
    chain works too. The scheme's `dependances = "eleve"` judges with the student's own only."""
    from grader.judge.expectations import has_model_answer
    from grader.text.message import Message

    own = Chain()
    if ctx.settings.scheme.option(question, "dependances") == STUDENT or not has_model_answer("taquin"):
        return [*judge(own), Outcome(OWN_CHAIN, skipped="taquin.own_chain_graded")]
    if question.id in SERVED:
        model = Chain(SERVED[question.id], ModelServer(convention, SERVED[question.id]))
    else:
        model = Chain(exam=EXAM[question.id], convention=convention or LAST)
    own_first = question.id != "q18"
    first = judge(own if own_first else model)
    names = {"names": EARLIER[question.id]}
    if _full(ctx, question, first):
        if own_first:
            return [*first, Outcome(OWN_CHAIN, note=Message("taquin.judged_own", names))]
        assert own_check is not None  # q18's first judgement is the model answer's
        info = own_check(own)
        if info.failure is None:
            return [*first, replace(info, note=Message("taquin.judged_model_own_works", names))]
        return [*first, replace(info, failure=_judged_with(info.failure, "taquin.judged_model_own_fails", names))]
    second = judge(model if own_first else own)
    own_outcomes, model_outcomes = (first, second) if own_first else (second, first)
    own_score, model_score = _score(ctx, question, own_outcomes), _score(ctx, question, model_outcomes)
    numbers = {
        **names,
        "own": float(own_score),
        "model": float(model_score),
        "max": ctx.settings.scheme.points(question),
    }
    if own_score > model_score:
        if _full(ctx, question, own_outcomes):
            return [*own_outcomes, Outcome(OWN_CHAIN, note=Message("taquin.judged_own", names))]
        said = _judged_with(_first_loss(own_outcomes), "taquin.judged_own_better", numbers)
        return [*own_outcomes, Outcome(OWN_CHAIN, said)]
    said = _judged_with(_first_loss(own_outcomes), "taquin.judged_model", numbers)
    return [*model_outcomes, Outcome(OWN_CHAIN, said)]


def _first_loss(outcomes: list[Outcome]) -> Failure:
    """Where a judgement that is not full lost points: its first failure, or the first group that earned
    only part of its points (Outcome.credit), as a failure that says why."""
    failures = [outcome.failure for outcome in outcomes if outcome.failure is not None]
    shown = [failure for failure in failures if failure.counterexample is not None]
    if shown or failures:  # a failure on a case first: it says more than one of a whole group
        return (shown or failures)[0]
    for outcome in outcomes:
        if outcome.credit < 1 and outcome.note is not None:
            return Failure(Kind.WRONG, outcome.note.key, outcome.note.params)
    raise AssertionError("a judgement that is not full lost points somewhere")


def _judged_with(own_failure: Failure, key: str, params: dict) -> Failure:
    """`chaine_eleve`'s failure: which functions counted (`key`), and why the student's own chain lost
    points (its first failure, said inside, with its case)."""
    from grader.text.message import Message

    reason = Message(own_failure.message, own_failure.params)
    return replace(own_failure, kind=Kind.WRONG, message=key, params={**params, "reason": reason})


def _score(ctx, question, outcomes: list[Outcome]) -> Fraction:
    """The points `outcomes` earn under the run's scheme (exact)."""
    from grader.results.records import Output
    from grader.results.scoring import question_result

    return Fraction(question_result(question, ctx.settings.scheme, outcomes, Output()).score)


def _full(ctx, question, outcomes: list[Outcome]) -> bool:
    """Whether `outcomes` earn every point the scheme gives their groups (no second judgement can do better)."""
    weights = ctx.settings.scheme.weights(question)
    return all(
        not weights.get(o.group) or (o.failure is None and o.skipped is None and o.credit >= 1) for o in outcomes
    )


@dataclass
class Judging:
    """One run of q16, q17 or q18, handed to its judges: what the run decides once (where the student's
    `solution` keeps its most recent move, the `noms` policy, the functions the calls build on) and what
    the judges note on the way."""

    ctx: Context
    convention: str | None  # LAST, FIRST, or None when detect_convention could not tell
    policy: str
    chain: Chain
    notes: set[str] = field(default_factory=set)  # "casse": a move read in another case (move_warnings)
    # What shows the judged function acting, for the groups doing nothing would pass (base.earned): q16's
    # directions, each True while every acceptance case judged saw its tente_* accept and change the globals;
    # q17's runs that had to search, each True when the dfs left in `minimum` the f of a state cut below
    # the root (known only by going there).
    acted: dict[str, bool] = field(default_factory=dict)
    searched: list[bool] = field(default_factory=list)

    @property
    def judged_in(self) -> str:
        """The order `solution` is written and read in for the student: theirs, the convention if unknown."""
        return self.convention or LAST


@dataclass
class Orders(Judging):
    """q18's run: also what the lists taquin() returned said of their order, judged by the `ordre` group."""

    reversed_seen: list = field(default_factory=list)  # cases whose list is a solution only read backwards
    in_order: bool = False  # a list was a solution in the order played
    lists_seen: list = field(default_factory=list)  # (case, list) of every list, for the group's counterexample


# --- Parent side: cases, and how a snapshot is judged -----------------------------------------------
def _reordered(moves, convention):
    """Moves in the order played <-> in `solution`'s order under `convention` (both ways: a reversal)."""
    return list(reversed(moves)) if convention == FIRST else list(moves)


def _payload(state, blank_value=0, history=(), convention=LAST, **extra):
    """What the probes install: `history` is in the order played, `solution` in the student's order."""
    from reference.puzzle import manhattan

    return {
        "state": list(state),
        "blank_value": blank_value,
        "h": manhattan(state),
        "solution": _reordered(history, convention),
        **extra,
    }


def _shown(payload, call):
    """A counterexample as the student would write it: the globals before the call, and the call."""
    li, lj = divmod(payload["state"].index(BLANK), 4)
    return {
        "grid": _grid(payload),
        "li": li,
        "lj": lj,
        "h": payload["h"],
        "solution": payload["solution"],
        "appel": call,
    }


SNAPSHOT_FIELDS = ("grid", "h", "li", "lj", "solution", "minimum", "accepted", "found", "moves")


def _fields(value) -> dict:
    """A probe's reply as a dict of every field (None when absent): the child runs the student's code,
    which could have tampered with the probe, so nothing in a reply is taken on trust."""
    return shapes.fields(value, SNAPSHOT_FIELDS)


def _is_int(value) -> bool:
    return type(value) is int


LENIENT, STRICT = "souple", "strict"  # the scheme's `noms` policy for how moves may be written
# The options q16, q17 and q18 share: how moves may be written, and whose functions the graded one calls.
CHAIN_OPTIONS = {
    "noms": Option(LENIENT, choices=(LENIENT, STRICT)),
    "dependances": Option(MODEL, choices=(MODEL, STUDENT)),
}


def _moves(value, policy=LENIENT, notes=None):
    """The moves in `value` as the exam's names, or None when it is not a list of moves. Under the
    lenient policy a name in another case ("haut", "HAUT") is read as the move it names unambiguously,
    and `notes` (a set) gets "casse" so that the question warns."""
    if not shapes.list_of(value, str):
        return None
    if all(m in MOVE_NAMES for m in value):
        return value
    canonical = {name.lower(): name for name in MOVE_NAMES}
    if policy == STRICT or not all(m.lower() in canonical for m in value):
        return None
    if notes is not None:
        notes.add("casse")
    return [canonical[m.lower()] for m in value]


def _mirrored(moves):
    """The moves renamed by the blank's direction (Haut <-> Bas, Gauche <-> Droite)."""
    from reference.puzzle import OPPOSITE

    return [OPPOSITE[m] for m in moves]


def _tentes(moves) -> str:
    """The tente_* functions of `moves`, as the student names them."""
    return ", ".join(f"tente_{move.lower()}" for move in moves)


def move_warnings(notes) -> list[Message]:
    return [Message("taquin.moves_case")] if "casse" in notes else []


def _grid_matches(grid, state) -> bool:
    """Whether `grid` holds `state`'s tiles, every cell but the blank's (its value is not significant)."""
    if not shapes.grid(grid):
        return False
    return all(_is_int(grid[c // 4][c % 4]) and grid[c // 4][c % 4] == v for c, v in enumerate(state) if v != BLANK)


def _differences(snapshot, expected_state, expected_solution=None, policy=LENIENT, notes=None):
    """The globals that differ from the expected state (and solution, when given), each judged on its
    own: [(name, expected, got)], in the order grid, li/lj, h, solution."""
    from reference.puzzle import manhattan, to_grid

    blank = list(divmod(expected_state.index(BLANK), 4))
    found = []
    if not _grid_matches(snapshot["grid"], expected_state):
        found.append(("grid", to_grid(expected_state, None), snapshot["grid"]))
    got_blank = [snapshot["li"], snapshot["lj"]]
    if not (all(_is_int(v) for v in got_blank) and got_blank == blank):
        found.append(("li, lj", blank, got_blank))
    if not (_is_int(snapshot["h"]) and snapshot["h"] == manhattan(expected_state)):
        found.append(("h", manhattan(expected_state), snapshot["h"]))
    if expected_solution is not None and _moves(snapshot["solution"], policy, notes) != expected_solution:
        found.append(("solution", expected_solution, snapshot["solution"]))
    return found


def _walk_state(walk):
    """The state a walk from the goal that never undoes its previous move reaches (reference.graphs.walk)."""
    from reference import graphs
    from reference.puzzle import GOAL, neighbours

    return graphs.walk(GOAL, neighbours, walk)


def _states():
    """Any arrangement of the 16 cells (move and tente do not need a solvable state)."""
    from hypothesis import strategies as st

    return st.permutations(list(range(16))).map(tuple)


def _bool_failure(value, call, case):
    return Failure(Kind.WRONG, "taquin.not_bool", {"call": call}, counterexample=case, got=value)


def detect_convention(ctx):
    """Where the student's tente_* put the most recent move in `solution`: LAST, FIRST, or None when no
    tente_* records a move on an unambiguous case (one earlier move, a move that must be accepted)."""
    # Blank in the middle, so that every move is possible.
    state = tuple(BLANK if c == 5 else 5 if c == 15 else c for c in range(16))
    for direction, earlier in (("Gauche", "Haut"), ("Bas", "Gauche"), ("Droite", "Bas"), ("Haut", "Droite")):
        reply = ctx.run(probe_tente, _payload(state, history=[earlier], direction=direction))
        if not reply.ok:
            return None  # missing or broken tente_*: nothing to learn from the others either
        value = _fields(reply.value)
        recorded = _moves(value["solution"])
        if value["accepted"] is True and recorded == [earlier, direction]:
            return LAST
        if value["accepted"] is True and recorded == [direction, earlier]:
            return FIRST
    return None


def convention_warning(convention) -> list[Message]:
    # Most recent last is the documented convention: nothing to say about it.
    return [Message("taquin.convention_first")] if convention == FIRST else []


# --- q15 ------------------------------------------------------------------------------------------
class Q15(Question):
    id = "q15"
    module = "taquin"
    functions = ("move",)
    points = 2.0
    # Default barème: move updates three things the exam names (grid, the blank's li/lj, h), each a third:
    # forgetting one of them is one slip, not a wrong move.
    groups = (Group("move_grille", 1.0), Group("move_libre", 1.0), Group("move_h", 1.0))
    ASPECT = {"move_grille": "grid", "move_libre": "li, lj", "move_h": "h"}  # the global each group judges

    def run(self, ctx):
        from hypothesis import strategies as st
        from reference.puzzle import MOVES

        cases = st.tuples(_states(), st.integers(0, len(MOVES) - 1), st.sampled_from(BLANK_VALUES))
        return [
            ctx.check(group.name, cases, functools.partial(self.judge, ctx, self.ASPECT[group.name]))
            for group in self.groups
        ]

    @staticmethod
    def judge(ctx, aspect: str, case) -> Failure | None:
        """move(i, j) of the tile next to the blank that `case` chooses: the global `aspect` as after it."""
        from reference.puzzle import BLANK_STEP, apply, legal_moves

        state, choice, blank_value = case
        move = legal_moves(state)[choice % len(legal_moves(state))]
        i, j = divmod(state.index(BLANK), 4)
        cell = [i + BLANK_STEP[move][0], j + BLANK_STEP[move][1]]
        payload = _payload(state, blank_value, cell=cell)
        shown = _shown(payload, f"move({cell[0]}, {cell[1]})")
        reply = ctx.run(probe_move, payload)
        if not reply.ok:
            return ctx.failure(reply, shown)
        for name, expected, got in _differences(_fields(reply.value), apply(state, move)):
            if name == aspect:
                return Failure(
                    Kind.WRONG,
                    "q15.wrong",
                    {"name": name, "call": shown["appel"]},
                    counterexample=shown,
                    expected=expected,
                    got=got,
                )
        return None


# --- q16 ------------------------------------------------------------------------------------------
# What tente_* should have answered, per group (written out: tests/test_registry.py checks every key).
ANSWER_KEYS = {
    "refus_bord": "q16.refus_bord.answer",
    "refus_oppose": "q16.refus_oppose.answer",
    "acceptation": "q16.acceptation.answer",
}


class Q16(Question):
    id = "q16"
    module = "taquin"
    functions = ("tente_gauche", "tente_bas", "tente_droite", "tente_haut")
    points = 2.0
    # Default barème: making the move and recording it in `solution` is the function's purpose (half);
    # each of the two refusals the exam asks for (the grid's edge, the opposite of the last move) a quarter.
    # A tente_* that never moves (`return False`) refuses everything: the refusals count only for the
    # tente_* seen making every move they must (`earned`: in proportion, a quarter for each), so that doing
    # nothing earns 0.
    groups = (
        Group("refus_bord", 1.0),
        Group("refus_oppose", 1.0),
        Group("acceptation", 2.0),
        Group("chaine_eleve", 0.0),
    )
    # `noms`: "souple" (default) reads a move written in another case ("haut") or as an enum's value, with
    # a warning; "strict" wants the exam's names exactly.
    # `dependances`: "corrige" (default) judges tente_* with the student's own move and, unless that gets
    # full marks, with the model answer's, served: the better counts (best_judgement); "eleve" with the
    # student's own only.
    options = CHAIN_OPTIONS

    def run(self, ctx):
        convention = detect_convention(ctx)
        outcomes = best_judgement(ctx, self, convention, functools.partial(self.judged, ctx, convention))
        outcomes[0].warnings = convention_warning(convention) + outcomes[0].warnings
        return outcomes

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move: acceptance judged direction by direction (a failure stops
        only its direction's cases), the refusals counted for the directions that act."""
        from reference.puzzle import MOVES

        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        seed = ctx.settings.seed
        outcomes = {
            group: ctx.check_cases(
                group,
                self.cases(seed, group),
                functools.partial(self.judge, judging, group),
                part=(lambda case: case[0]) if group == "acceptation" else None,
            )
            for group in ("refus_bord", "refus_oppose", "acceptation")
        }
        acting = [move for move in MOVES if judging.acted.get(move)]
        credit = Fraction(len(acting), len(MOVES))
        unearned = Failure(Kind.WRONG, "q16.refusals_unearned")
        partly = Message("q16.refusals_partly", {"count": len(acting), "names": _tentes(acting)})
        for group in ("refus_bord", "refus_oppose"):
            outcomes[group] = earned(outcomes[group], credit, unearned, partly)
        graded = list(outcomes.values())
        graded[0].warnings = move_warnings(judging.notes)
        return graded

    @staticmethod
    def possible(blank: int, direction: str) -> bool:
        """Whether the blank in cell `blank` can go `direction` without leaving the grid."""
        from reference.puzzle import BLANK_STEP

        i, j = divmod(blank, 4)
        di, dj = BLANK_STEP[direction]
        return 0 <= i + di < 4 and 0 <= j + dj < 4

    def cases(self, seed: int, group: str) -> list[tuple]:
        """(direction, state, earlier moves, blank value) for every (blank cell, direction) pair of the group:
        each edge, each accepted move from each cell (a slip on one row or column is never missed); the
        other tiles, the earlier moves (the last one the opposite exactly when that is the refusal tested)
        and the blank's value drawn from the seed."""
        from reference.puzzle import MOVES, OPPOSITE

        rng = random.Random(f"{seed}:q16:{group}")
        found = []
        for blank in range(16):
            for direction in MOVES:
                if self.possible(blank, direction) == (group == "refus_bord"):
                    continue
                tiles = rng.sample(range(15), 15)
                history = [rng.choice(MOVES) for _ in range(rng.randint(0, 3))]
                if group == "refus_oppose":
                    history.append(OPPOSITE[direction])
                else:
                    while history[-1:] == [OPPOSITE[direction]]:
                        history.pop()
                state = tuple(tiles[:blank]) + (BLANK,) + tuple(tiles[blank:])
                found.append((direction, state, history, rng.choice(BLANK_VALUES)))
        return found

    def judge(self, judging: Judging, group: str, case: tuple) -> Failure | None:
        """tente_<direction>() on the case: the answer the group asks for, then the globals (and `solution`)
        as the model answer leaves them."""
        from grader.errors import GraderBug
        from reference.puzzle import OPPOSITE, from_grid

        ctx, judged_in, policy = judging.ctx, judging.judged_in, judging.policy
        direction, state, history, blank_value = case
        payload = _payload(state, blank_value, history, judged_in, direction=direction)
        call = f"tente_{direction.lower()}()"
        shown = _shown(payload, call)
        # The expectation is the model answer's on this very case (it keeps `solution` most recent last),
        # never what the generator meant the case to be.
        model_payload = _payload(state, blank_value, history, direction=direction)
        reference = _fields(ctx.expected(probe_tente, model_payload))
        accept = reference["accepted"]
        if accept != (group == "acceptation"):
            raise GraderBug(
                "error.judge_raised",
                where=f"q16/{group}",
                detail=f"the model answer's tente returns {accept} on {case!r}",
            )
        reply = judging.chain.run(ctx, probe_tente, payload, timed_on=model_payload)
        value = _fields(reply.value) if reply.ok else {}
        if group == "acceptation":
            acted = value.get("accepted") is True and bool(_differences(value, state, payload["solution"]))
            judging.acted[direction] = judging.acted.get(direction, True) and acted
        if not reply.ok:
            return judging.chain.failure(ctx, reply, shown)
        if type(value["accepted"]) is not bool:
            return _bool_failure(value["accepted"], call, shown)
        if value["accepted"] != accept:
            return Failure(
                Kind.WRONG,
                ANSWER_KEYS[group],
                {"call": call, "li": shown["li"], "lj": shown["lj"], "opposite": OPPOSITE[direction]},
                counterexample=shown,
                expected=accept,
                got=value["accepted"],
            )
        expected_state = from_grid(reference["grid"], reference["li"], reference["lj"])
        expected_solution = _reordered(reference["solution"], judged_in)
        for name, expected, got in _differences(value, expected_state, expected_solution, policy, judging.notes):
            key = "q16.changed" if not accept else "q16.not_recorded" if name == "solution" else "q16.wrong"
            recorded = _moves(got, policy) if name == "solution" else None
            if accept and recorded and _reordered(recorded, judged_in)[-1:] == [OPPOSITE[direction]]:
                key = "taquin.mirrored"  # named by where the blank goes
            return Failure(
                Kind.WRONG, key, {"call": call, "name": name}, counterexample=shown, expected=expected, got=got
            )
        return None


# --- q17 and q18: the search ----------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _optimal(state) -> tuple:
    """An optimal solution from `state` (the oracle: IDA* with pattern databases)."""
    from reference.solver import solve

    return tuple(solve(state))


@functools.lru_cache(maxsize=4096)  # every student's q17 draws the same walks
def _with_detour(state) -> bool:
    """Whether the Manhattan sum underestimates the state's distance: only then does dfs have to
    backtrack, and has a threshold between h and the optimum to be judged on. Only states the Manhattan
    IDA* solves within its usual budget are kept (`_constrained_optimum` then stays cheap on them)."""
    from reference.puzzle import manhattan
    from reference.solver.shallow import solve_near

    moves = solve_near(state)
    return moves is not None and len(moves) > manhattan(state)


def _reached(start, moves):
    """The state `moves` lead to from `start`, None when one of them is impossible."""
    from reference.puzzle import IllegalMove, replay

    try:
        return replay(start, moves)
    except IllegalMove:
        return None


def _visual(start, moves, optimal):
    reached = _reached(start, moves)
    visual = {"type": "taquin", "start": list(start), "moves": moves, "optimal": optimal}
    if reached is not None:
        visual["reached"] = list(reached)
    return visual


def _mentions(source: str, name: str) -> bool:
    """Whether the module's source uses the global `name` at all: read by the parent with ast (what the
    child says about itself is not a fact)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return True  # the import failure is reported instead
    return any(
        (isinstance(node, ast.Name) and node.id == name)
        or (isinstance(node, ast.Global) and name in node.names)
        or (isinstance(node, ast.Constant) and node.value == name)
        for node in ast.walk(tree)
    )


@functools.lru_cache(maxsize=4096)  # every student's q17 meets the same cases
def _order_spread(state, previous: str | None, budget: int) -> float:
    """How many times more calls than the model answer's dfs (its moves in MOVES' order) a correct dfs
    can make from `state` with `budget` = m − p and the move `previous` just played, whatever order it
    tries the moves in (an upper bound: the whole search tree's calls). 1 when no solution is within the
    budget: every order explores it all."""
    from reference.puzzle import MOVES
    from reference.solver.shallow import dfs_calls

    return dfs_calls(state, previous, budget) / dfs_calls(state, previous, budget, MOVES)


@functools.lru_cache(maxsize=4096)  # every student's q17 meets the same cases
def _cut_below_root(state, previous: str | None, m: int, p: int) -> frozenset:
    """The values f = p + depth + h of the states a dfs(m, p) from `state` cuts below the root (depth 1 or
    more, f > m), the move `previous` just played: what only a dfs that searched can leave in `minimum`."""
    from reference.puzzle import OPPOSITE, apply, legal_moves, manhattan

    found: set[int] = set()

    def search(current, last, depth):
        for move in legal_moves(current):
            if last is None or move != OPPOSITE[last]:
                child = apply(current, move)
                f = p + depth + 1 + manhattan(child)
                if f > m:
                    found.add(f)
                else:
                    search(child, move, depth + 1)

    search(state, previous, 0)
    return frozenset(found)


@functools.lru_cache(maxsize=4096)  # every student's q17 meets the same cases
def _constrained_optimum(state, previous: str | None) -> int:
    """The length of a shortest solution from `state` that never undoes a move, the move `previous` just
    played included: what dfs can find, tente_* refusing an undo. By the Manhattan IDA* alone: q17's
    states never need the pattern databases (nothing heavy built for a student's check)."""
    from reference.solver.shallow import solve_near

    moves = solve_near(state, budget=None, previous=previous)
    assert moves is not None  # without a budget it always ends
    return len(moves)


class DfsCall(NamedTuple):
    """One call of the student's dfs(m, p), as q17's judges read it."""

    state: tuple
    history: list
    m: int
    p: int
    optimum: int  # the least number of moves to the goal that never undoes the previous move
    expected: dict  # the model answer's reply (its fields)
    shown: dict  # the counterexample, as the student would write it
    reply: Reply  # the student's


class Q17(Question):
    id = "q17"
    module = "taquin"
    functions = ("dfs",)
    points = 3.0
    # Default barème: the three duties of DFS* on a global state, a third each: a failure leaves the state
    # as it found it, it records the next bound in minimum, and a success leaves a solution in `solution`.
    # A dfs that does nothing (`return False`) leaves the state as it found it too: `echec_restaure` counts
    # fully for a dfs seen searching, one that finds the solutions (`succes`) or the next bound (`seuil`);
    # else in proportion to its runs of the group that had to search and left in `minimum` the f of a state
    # cut below the root (Judging.searched: known only by going there), so that doing nothing earns 0.
    groups = (Group("echec_restaure", 1.0), Group("seuil", 1.0), Group("succes", 1.0), Group("chaine_eleve", 0.0))
    # `dependances`: "corrige" (default) judges dfs with the student's own move and tente_* and, unless that
    # gets full marks, with the exam's (the model answer's, run in the child: limits EXAM_SLACK times
    # longer): the better counts (best_judgement); "eleve" with the student's own only.
    options = CHAIN_OPTIONS
    limits_separate_algorithms = False  # a dfs is judged on what it leaves; its limits stop endless ones
    draws_with_hypothesis = False  # see `cases`
    # dfs(m, p) is called with p from 0 to MAX_P, moves already in `solution`, and m from just below the
    # root's f up to SUCCESS_MARGIN above the optimum (a dfs that accepts the goal only at p == m fails
    # when m - p - optimum is odd).
    MAX_P = 3
    SUCCESS_MARGIN = 3

    def cases(self, seed: int, group: str, count: int) -> list[tuple]:
        """(walk, history, p, choice, blank value), drawn from the seed: random walks from the goal whose
        state has a detour (see _with_detour), each with two draws of earlier moves, p, which m of the
        group's range, the blank's value; shortest walks first, so that the first failure is a small
        counterexample. Drawn here rather than by Hypothesis: its filtered draws cost most of the check's
        time."""
        from reference.puzzle import MOVES

        rng = random.Random(f"q17:{seed}:{group}")
        found: list[tuple] = []
        while len(found) < count:
            walk = [rng.randrange(3) for _ in range(rng.randint(1, MAX_WALK_Q17))]
            if _with_detour(_walk_state(walk)):
                # Each state twice, as IDA* calls dfs on one root with several bounds: a dfs that keeps
                # hidden state between calls (a set of states seen) meets its own leftovers.
                for _ in range(2):
                    history = [rng.choice(MOVES) for _ in range(rng.randint(0, 3))]
                    found.append(
                        (walk, history, rng.randint(0, self.MAX_P), rng.randrange(30), rng.choice(BLANK_VALUES))
                    )
        return sorted(found[:count], key=lambda case: (len(case[0]), case[0]))

    def run(self, ctx):
        convention = detect_convention(ctx)
        outcomes = best_judgement(ctx, self, convention, functools.partial(self.judged, ctx, convention))
        outcomes[0].warnings = convention_warning(convention) + outcomes[0].warnings
        return outcomes

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s move and tente_*."""
        judging = Judging(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        has_minimum = _mentions(ctx.submission.sources[self.module].text, "minimum")
        seed, count = ctx.settings.seed, ctx.settings.examples
        restored, threshold = (
            ctx.check_cases(
                group, self.cases(seed, group, count), functools.partial(self.judge_below, judging, group, has_minimum)
            )
            for group in ("echec_restaure", "seuil")
        )
        success = ctx.check_cases(
            "succes", self.cases(seed, "succes", count), functools.partial(self.judge_success, judging)
        )
        runs, searched = len(judging.searched), sum(judging.searched)
        if success.failure is None or threshold.failure is None:
            searches = Fraction(1)
        else:
            searches = Fraction(searched, runs) if runs else Fraction(0)
        partly = Message("q17.restore_partly", {"searched": searched, "runs": runs})
        restored = earned(restored, searches, Failure(Kind.WRONG, "q17.restore_unearned"), partly)
        restored.warnings = move_warnings(judging.notes)
        return [restored, threshold, success]

    def call_on(self, case: tuple, succeed: bool) -> tuple:
        """(state, history, m, p, blank value, optimum): the call dfs(m, p) a case stands for, m chosen
        below the optimum or at/above it."""
        from reference.puzzle import manhattan

        walk, history, p, choice, blank_value = case
        state = _walk_state(walk)
        optimum, h0 = _constrained_optimum(state, history[-1] if history else None), manhattan(state)
        bounds = (
            range(p + optimum, p + optimum + self.SUCCESS_MARGIN + 1) if succeed else range(p + h0 - 1, p + optimum)
        )  # from a root that already exceeds, to just below
        return state, history, bounds[choice % len(bounds)], p, blank_value, optimum

    def dfs(self, judging: Judging, case: tuple, succeed: bool) -> DfsCall:
        """dfs(m, p) on the case, m chosen below or at/above the optimum: the model answer's reply too."""
        from grader.errors import GraderBug

        ctx = judging.ctx
        state, history, m, p, blank_value, optimum = self.call_on(case, succeed)
        payload = _payload(state, blank_value, history, judging.judged_in, m=m, p=p)
        model_payload = _payload(state, blank_value, history, m=m, p=p)
        expected = _fields(ctx.expected(probe_dfs, model_payload))
        if expected["found"] is not succeed:
            raise GraderBug(
                "error.judge_raised",
                where=f"q17: dfs({m}, {p}) on {state}",
                detail=f"the model answer returns {expected['found']}",
            )
        shown = _shown(payload, f"dfs({m}, {p})")
        # A correct dfs may try the moves in any order: above the optimum, the order decides how much of the
        # tree it explores before the goal, so the model answer's time counts for its worst order.
        # (Below the optimum no solution is within the budget: every order explores the whole tree.)
        spread = _order_spread(state, history[-1] if history else None, m - p) if succeed else 1.0
        slower = EXAM_SLACK if judging.chain.exam else 1.0
        reply = judging.chain.run(
            ctx, probe_dfs, payload, timed_on=model_payload, limit=lambda seconds: ctx.limit(slower * spread * seconds)
        )
        return DfsCall(state, history, m, p, optimum, expected, shown, reply)

    def judge_below(self, judging: Judging, group: str, has_minimum: bool, case: tuple) -> Failure | None:
        """dfs(m, p) under the optimum: False, everything restored (`echec_restaure`), minimum the model
        answer's (`seuil`: a module that never names `minimum` fails it whatever it returns)."""
        from reference.puzzle import manhattan

        state, history, m, p, optimum, expected, shown, reply = self.dfs(judging, case, False)
        if group == "seuil" and not has_minimum:
            return Failure(Kind.WRONG, "q17.no_minimum", counterexample=shown, expected=expected["minimum"], got=None)
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = _fields(reply.value)
        if type(value["found"]) is not bool:
            return _bool_failure(value["found"], shown["appel"], shown)
        if value["found"]:
            return _wrong_call("q17.found_below", shown, False, True, optimum=optimum)
        if group == "echec_restaure":
            if p + manhattan(state) <= m:  # a run that has to search below the root
                cut = _cut_below_root(state, history[-1] if history else None, m, p)
                judging.searched.append(type(value["minimum"]) in (int, float) and value["minimum"] in cut)
            restored = _reordered(history, judging.judged_in)
            for name, expected_value, got in _differences(value, state, restored, judging.policy, judging.notes):
                return _wrong_call("q17.not_restored", shown, expected_value, got, name=name)
        else:
            got = value["minimum"]
            if type(got) not in (int, float) or got != expected["minimum"]:
                return _wrong_call("q17.threshold", shown, expected["minimum"], got, m=m)
        return None

    def judge_success(self, judging: Judging, case: tuple) -> Failure | None:
        """dfs(m, p) at or above the optimum: True, and `solution` holds the earlier moves followed by a
        solution of at most m - p moves."""
        from reference.puzzle import GOAL

        state, history, m, p, _, expected, shown, reply = self.dfs(judging, case, True)
        if not reply.ok:
            return judging.chain.failure(judging.ctx, reply, shown)
        value = _fields(reply.value)
        if type(value["found"]) is not bool:
            return _bool_failure(value["found"], shown["appel"], shown)
        if not value["found"]:
            return _wrong_call("q17.not_found", shown, True, False, m=m - p)
        moves = _moves(value["solution"], judging.policy, judging.notes)
        if moves is None:
            return Failure(
                Kind.WRONG, "taquin.not_moves", {"name": "solution"}, counterexample=shown, got=value["solution"]
            )
        convention = judging.convention
        played = [_reordered(moves, convention)] if convention else [moves, moves[::-1]]
        reference_moves = _reordered(expected["solution"], judging.judged_in)
        for order in played:
            tail = order[len(history) :]
            if order[: len(history)] == history and len(tail) <= m - p and _reached(state, tail) == GOAL:
                return None
        tail = played[0][len(history) :] if played[0][: len(history)] == history else played[0]
        failure = _wrong_call("q17.bad_solution", shown, reference_moves, played[0], m=m - p)
        return replace(failure, visual=_visual(state, tail, reference_moves[len(history) :]))


def _wrong_call(key: str, shown: dict, expected, got, **params) -> Failure:
    """A wrong value from the call `shown` names (its `appel`), shown as the case."""
    return Failure(
        Kind.WRONG, key, {"call": shown["appel"], **params}, counterexample=shown, expected=expected, got=got
    )


def climb(rng, length: int, budget: int = 20_000):
    """A state `length` moves from the goal, known without search: a walk from the goal in which every
    move takes a tile one step further from its home, so that h = length; as h <= optimum <= length,
    the optimum is h, and Manhattan IDA* needs one pass. Depth-first, moves in random order; None when
    the budget of tries runs out (such walks stop existing past about 50 moves)."""
    from reference.puzzle import GOAL, apply, legal_moves, manhattan

    tries = [budget]

    def extend(state, depth):
        if depth == length:
            return state
        tries[0] -= 1
        if tries[0] < 0:
            return None
        h = manhattan(state)
        moves = [m for m in legal_moves(state) if manhattan(apply(state, m)) == h + 1]
        rng.shuffle(moves)
        for move in moves:
            found = extend(apply(state, move), depth + 1)
            if found is not None:
                return found
        return None

    return extend(GOAL, 0)


class Q18(Question):
    id = "q18"
    module = "taquin"
    functions = ("taquin",)
    points = 3.0
    # Default barème (3 points), as a correcteur ranks answers: a right IDA* on easy states is most of the
    # work (4/10); deep states (several IDA* passes, and 40 to 48 moves) catch what shallow ones cannot (a
    # next bound that is not the least f above m, a minimum not reset, a search capped by hand: 4/10), and
    # so does the trap (TRAPS: a state above 60 moves that a capped search gives up at once, while a correct
    # one cannot end it in its limit: that timeout is inconclusive, neither a failure nor a point);
    # the order of the list is a convention slip (1/10), not a wrong algorithm; the challenge separates
    # an IDA* without the last-move rule (exponentially slower) from constant-factor variants (1/10).
    groups = (
        Group("petites_profondeurs", 4.0),
        Group("grandes_profondeurs", 4.0),
        Group("ordre", 1.0),
        Group("defi", 1.0),
        Group("chaine_eleve", 0.0),
    )
    # `challenge`: "korf" (default: Korf's instance CHALLENGE_KORF, a second or two of the model answer's
    # CPU) or "enonce" (the exam's example, 15 to 30 s); its limit is `challenge_factor` times the model
    # answer's time (at least 20: a correct IDA* whose move recomputes h and tries the moves in another
    # order is 16 times slower), or `challenge_seconds` when set.
    # `dependances`: "corrige" (default) judges taquin() with the model answer's dfs, served, and unless that
    # gets full marks with the student's own: the better counts (best_judgement); "eleve" with the
    # student's own only.
    options = {
        **CHAIN_OPTIONS,
        "challenge": Option("korf", choices=("korf", "enonce")),
        "challenge_factor": Option(30.0, low=20.0, high=1000.0),
        "challenge_seconds": Option(None, low=0.1, high=3600.0),
    }

    def run(self, ctx):
        convention = detect_convention(ctx)
        return best_judgement(
            ctx,
            self,
            convention,
            functools.partial(self.judged, ctx, convention),
            own_check=functools.partial(self.own_check, ctx, convention),
        )

    @staticmethod
    def walks():
        from hypothesis import strategies as st

        return st.tuples(st.lists(st.integers(0, 2), max_size=MAX_WALK_Q18), st.sampled_from(BLANK_VALUES))

    def judged(self, ctx, convention, chain: Chain) -> list[Outcome]:
        """The graded groups with `chain`'s dfs. The `ordre` group is judged on the lists the two depth
        groups saw: the small states are played for it even when their own group weighs nothing."""
        scheme = ctx.settings.scheme
        weights = scheme.weights(self)
        judging = Orders(ctx, convention, scheme.option(self, "noms"), chain)
        on_walk = functools.partial(self.judge_walk, judging)
        deep = functools.partial(self.judge_deep, judging)
        small = weights["petites_profondeurs"] or weights["ordre"]
        outcomes = [
            ctx.check("petites_profondeurs", self.walks(), on_walk)
            if small
            else Outcome("petites_profondeurs", skipped="q18.skipped"),
            self.skipped(weights, "grandes_profondeurs")
            or ctx.check_cases(
                "grandes_profondeurs", [*deep_instances(ctx.settings.seed), *trap_cases(ctx.settings.seed)], deep
            ),
            self.skipped(weights, "ordre") or self.order(judging),
        ]
        # The challenge costs a correct answer seconds to minutes: only an answer right everywhere else
        # earns a try, so that a wrong or looping taquin does not spend the budget for nothing.
        tried = all(o.failure is None for o in outcomes)
        challenge = functools.partial(
            self.judge,
            judging,
            limit=scheme.option(self, "challenge_seconds"),
            factor=scheme.option(self, "challenge_factor"),
        )
        outcomes.append(
            self.skipped(weights, "defi", tried)
            or ctx.check_cases("defi", [challenge_instance(scheme.option(self, "challenge"))], challenge)
        )
        outcomes[0].warnings = move_warnings(judging.notes)
        return outcomes

    def own_check(self, ctx, convention, chain: Chain) -> Outcome:
        """A few small states with the student's own dfs, when the grade came from the model answer's: to tell
        the student whether their own chain works (weightless)."""
        judging = Orders(ctx, convention, ctx.settings.scheme.option(self, "noms"), chain)
        return ctx.check(OWN_CHAIN, self.walks(), functools.partial(self.judge_walk, judging), max_examples=10)

    @staticmethod
    def skipped(weights: dict, group: str, tried: bool = True) -> Outcome | None:
        """The outcome of a group that is not run, or None: a scheme that gives it no weight need not pay for
        it, and the challenge is run only when `tried`."""
        if weights[group] == 0:
            return Outcome(group, skipped="q18.skipped")
        if not tried:
            return Outcome(group, skipped="q18.challenge_not_tried")
        return None

    def judge_walk(self, judging: Orders, case: tuple) -> Failure | None:
        """taquin() from where a walk from the goal leads (`case`: the walk, the blank's value)."""
        walk, blank_value = case
        return self.judge(judging, (_walk_state(walk), blank_value, None))

    def judge(
        self, judging: Orders, case: tuple, limit: float | None = None, factor: float | None = None
    ) -> Failure | None:
        """taquin() from `case` (state, blank value, optimum or None), judged by `verdict`. `limit` in
        seconds, else `factor` (default: the scheme's, × SEARCH_SLACK) × the model answer's time."""
        ctx = judging.ctx
        state, blank_value, _ = case
        payload = _payload(state, blank_value)
        rule: float | functools.partial[float] | None = limit
        if limit is None and factor is not None:
            rule = functools.partial(_factor_limit, ctx.settings.scheme.time_floor, factor)
        # Only the challenge's limit is tight enough for the model answer's time to need several runs.
        reply = judging.chain.run(
            ctx, probe_taquin, payload, slower=SEARCH_SLACK, limit=rule, precise=factor is not None
        )
        return self.verdict(judging, case, reply, judging.chain)

    def judge_deep(self, judging: Orders, case: tuple) -> Failure | Inconclusive | None:
        """The `grandes_profondeurs` group's case: a deep instance, or a trap (trap_cases)."""
        return self.judge_trap(judging, case) if isinstance(case[0], Trap) else self.judge(judging, case)

    def judge_trap(self, judging: Orders, case: tuple) -> Failure | Inconclusive | None:
        """taquin() on a trap (`case`: the Trap, the blank's value), within the trap's short limit and with
        a served dfs that refuses bounds past the trap's. A correct answer cannot end it: its timeout, or
        its dfs asked past the bound, is Inconclusive; an answer that ends is judged as on any state."""
        from grader.sandbox import protocol
        from reference.puzzle import manhattan

        trap, blank_value = case
        chain = judging.chain.bounded(trap.bound)
        reply = chain.run(
            judging.ctx,
            probe_taquin,
            _payload(trap.state, blank_value),
            limit=trap_limit(trap),
            timeout_inconclusive=True,
        )
        seen = {"h": manhattan(trap.state), "optimum": trap.optimum}
        if chain.server is not None and chain.server.past_bound:  # what the parent itself refused
            return Inconclusive("q18.trap_past_bound", {**seen, "bound": trap.bound})
        if reply.status == protocol.TIMEOUT:
            return Inconclusive("q18.trap_timeout", {**seen, "seconds": float(f"{reply.limit:.2g}")})
        return self.verdict(judging, (trap.state, blank_value, trap.optimum), reply, chain)

    @staticmethod
    def verdict(judging: Orders, case: tuple, reply, chain: Chain) -> Failure | None:
        """What taquin()'s `reply` on `case` (state, blank value, optimum or None: then the oracle's), run with
        `chain`'s functions, is worth: an optimal solution, in either order (noted in `judging` for the
        `ordre` group)."""
        from reference.puzzle import GOAL

        ctx = judging.ctx
        state, blank_value, optimum = case
        shown = _shown(_payload(state, blank_value), "taquin()")
        if not reply.ok:
            return chain.failure(ctx, reply, shown)
        moves = _moves(_fields(reply.value)["moves"], judging.policy, judging.notes)
        if moves is None:
            return Failure(
                Kind.WRONG,
                "taquin.not_moves",
                {"name": "taquin()"},
                counterexample=shown,
                got=_fields(reply.value)["moves"],
            )
        optimal = list(_optimal(tuple(state))) if optimum is None else None
        optimum = len(optimal) if optimal is not None else optimum
        judging.lists_seen.append((shown, moves))
        forward, backward = _reached(state, moves) == GOAL, _reached(state, moves[::-1]) == GOAL
        if forward and not backward:  # a list that reads the same both ways says nothing of its order
            judging.in_order = True
        elif backward and not forward:
            # Judged as a solution here; the order is the `ordre` group's concern.
            judging.reversed_seen.append(shown)
            moves = moves[::-1]
        if _reached(state, moves) != GOAL:
            if GOAL in (_reached(state, _mirrored(moves)), _reached(state, _mirrored(moves)[::-1])):
                return Failure(
                    Kind.WRONG,
                    "taquin.mirrored",
                    {"call": "taquin()", "name": "taquin()"},
                    counterexample=shown,
                    expected=optimal or optimum,
                    got=moves,
                )
            return Failure(
                Kind.WRONG,
                "q18.not_a_solution",
                counterexample=shown,
                expected=optimal or optimum,
                got=moves,
                visual=_visual(state, moves, optimal),
            )
        if len(moves) != optimum:
            return Failure(
                Kind.WRONG,
                "q18.not_optimal",
                {"moves": len(moves), "optimum": optimum},
                counterexample=shown,
                expected=optimum,
                got=len(moves),
                visual=_visual(state, moves, optimal),
            )
        return None

    @staticmethod
    def order(judging: Orders) -> Outcome:
        """The `ordre` group, from the lists the other groups saw: in the order played, never reversed."""
        if judging.reversed_seen:
            return Outcome("ordre", Failure(Kind.WRONG, "q18.reversed", counterexample=judging.reversed_seen[0]))
        if not judging.in_order:
            shown, moves = judging.lists_seen[0] if judging.lists_seen else (None, None)
            return Outcome("ordre", Failure(Kind.WRONG, "q18.order_unobserved", counterexample=shown, got=moves))
        return Outcome("ordre")


def _factor_limit(floor: float, factor: float, seconds: float) -> float:
    """The challenge's limit: its own factor times the model answer's time, with the scheme's floor."""
    return max(floor, factor * seconds)


def challenge_instance(which: str) -> tuple:
    """(state, blank value, optimum) of the challenge: Korf's instance CHALLENGE_KORF or the exam's example."""
    from reference.puzzle import EXAM_EXAMPLE
    from reference.solver import from_korf

    if which == "enonce":
        return EXAM_EXAMPLE, BLANK_VALUES[0], None
    numbers, optimum = KORF[CHALLENGE_KORF - 1]
    return from_korf(numbers), BLANK_VALUES[0], optimum


def _data_rows(name: str) -> list[tuple[int, ...]]:
    """The rows of numbers of grader/data/`name` (lines starting with # are comments)."""
    from pathlib import Path

    lines = (Path(__file__).resolve().parent.parent / "data" / name).read_text().splitlines()
    return [tuple(int(v) for v in line.split()) for line in lines if line.strip() and not line.startswith("#")]


# Korf's 100 instances (grader/data/korf100.txt): 16 numbers in his convention and the optimum.
KORF = [(numbers[:16], numbers[16]) for numbers in _data_rows("korf100.txt")]
CHALLENGE_KORF = 48  # optimum 49, Manhattan 39: about 1.5 s of the model answer's CPU


# States whose optimum is h + 12 to h + 16 (grader/data/q18_rounds.txt): (state, optimum).
ROUNDS = [(row[:16], row[16]) for row in _data_rows("q18_rounds.txt")]


def transposed(state: tuple) -> tuple:
    """The state reflected in its main diagonal, tiles renamed likewise (the goal is its own reflection):
    the same distance and the same search, every move mirrored (Gauche and Haut, Droite and Bas)."""
    return tuple(4 * (state[4 * (c % 4) + c // 4] % 4) + state[4 * (c % 4) + c // 4] // 4 for c in range(16))


class Trap(NamedTuple):
    """A state whose optimum is above 60 moves while the Manhattan IDA* exhausts its bounds up to `bound`
    in milliseconds (grader/data/q18_traps.txt): a taquin() capped below the optimum gives up at once,
    a correct one cannot end within the trap's limit. `cost`: calibration's name of the model answer's
    time to exhaust those bounds (benchmarks/bench_costs.py)."""

    state: tuple
    optimum: int
    bound: int
    cost: str


TRAPS = [Trap(row[:16], row[16], row[17], f"q18.trap.{i}") for i, row in enumerate(_data_rows("q18_traps.txt"))]
# A trap's limit: TRAP_SLACK times the model answer's time to exhaust the bounds up to the trap's, at least
# TRAP_FLOOR. A correct answer always spends the whole limit (about 0.2 s of CPU), so it is short; it can only
# let a capped search through, never fail a correct one (its timeout is inconclusive), so it needs no
# scheme floor: a capped search up to TRAP_SLACK times slower than the model answer is still caught.
TRAP_SLACK = 20.0
TRAP_FLOOR = 0.1


def trap_limit(trap: Trap) -> float:
    """The trap's time limit on this machine, in seconds."""
    from grader.judge import calibration

    return max(TRAP_FLOOR, TRAP_SLACK * calibration.seconds(calibration.cost(trap.cost)))


def trap_cases(seed: int) -> list[tuple]:
    """(trap, blank value) of each trap, the blank's value from the class seed."""
    rng = random.Random(f"q18.trap:{seed}")
    return [(trap, rng.choice(BLANK_VALUES)) for trap in TRAPS]


@functools.lru_cache(maxsize=8)  # the same for every student of a run
def deep_instances(seed: int) -> tuple[tuple, ...]:
    """(state, blank value, optimum or None) from the class seed: states whose optimum lies in each band of
    DEEP_BANDS and exceeds the Manhattan sum by at most MAX_DETOUR (several IDA* passes, each a fraction
    of a second for the model answer), one of ROUNDS for each detour of ROUND_DETOURS (7 to 9 passes),
    then CLIMBS states 40 to 48 moves away, known without search."""
    import random

    from reference.puzzle import manhattan, scramble
    from reference.solver.search import search

    rng = random.Random(f"q18:{seed}")
    wanted = dict(DEEP_BANDS)
    found: list[tuple[int, tuple, int, int | None]] = []
    while any(wanted.values()):
        state = scramble(rng, rng.randint(36, 50))
        # The databases' search straight away: most of the states drawn are far from the goal, where the
        # Manhattan search that `_optimal` tries first spends its whole budget for nothing.
        length = len(search(state)[0])
        band = next((b for b, count in wanted.items() if count and b[0] <= length <= b[1]), None)
        if band and length - manhattan(state) <= MAX_DETOUR:
            wanted[band] -= 1
            found.append((length, state, rng.choice(BLANK_VALUES), None))
    for detour in ROUND_DETOURS:
        state, optimum = rng.choice([(s, o) for s, o in ROUNDS if o - manhattan(s) == detour])
        state = transposed(state) if rng.random() < 0.5 else state
        found.append((optimum, state, rng.choice(BLANK_VALUES), optimum))
    while len(found) < sum(DEEP_BANDS.values()) + len(ROUND_DETOURS) + CLIMBS:
        length = rng.randint(40, 48)
        state = climb(rng, length)
        if state is not None:
            if manhattan(state) != length:
                raise AssertionError(f"climb: h = {manhattan(state)} after {length} moves")
            found.append((length, state, rng.choice(BLANK_VALUES), length))
    return tuple(case[1:] for case in sorted(found, key=lambda case: case[0]))


QUESTIONS = [Q15(), Q16(), Q17(), Q18()]
