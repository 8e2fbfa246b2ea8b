"""The taquin's probes: what the confined child imports to run q15-q18 on the student's module.

Probes install the exam's globals from plain data (`grid` as fresh lists whose blank cell holds an
arbitrary value, `h`, `li`, `lj`, `solution` as the student's own `Deplacement` members or as strings,
`minimum`), call the student's functions and send the globals back as plain data. The child loads this
module alone of the family: the standard library, grader.sandbox's calls and protocol (loaded by the
child anyway) and grader/questions/shapes.py only, never the judges, the catalogue or the model answer.
"""

from __future__ import annotations

import collections
import contextlib
import enum
import functools
import inspect
import math
import sys
import types
from typing import Any, NamedTuple

from grader.questions.child_api import ask, cached, probe, protocol, register_cache, shapes
from grader.questions.taquin.arrangements import BLANK, HITS, MOVE_NAMES, Answers, Watched

LAST, FIRST = "last", "first"  # where `solution` keeps its most recent move


# --- Child side: install the globals, call, observe ---------------------------------------------------
class Representation(NamedTuple):
    """How a student's module writes the moves: `values`, the value it uses for each exam name, and
    `names`, the exam name of each of those values (so that a `solution` of `GAUCHE = "G"` or of
    direction vectors reads back as the moves it holds)."""

    values: dict
    names: dict  # _key(value) -> the exam name


def _written_as(values: dict) -> Representation:
    return Representation(dict(values), {_key(value): name for name, value in values.items()})


# By id(module), with the module itself.
_representations: dict[int, tuple[Any, Representation]] = register_cache(f"{__name__}._representations", {})


def _representation(module) -> Representation:
    """The student's own way of writing the moves (once per module): among the ways their module could
    write them (_candidates), the first that holds every value their own tente_* were seen to write
    (_written); when they write nothing, the first way, in _candidates' order. What the code does decides,
    not how its globals look (direction vectors named HAUT... are not how `solution` is written)."""
    kept = _representations.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    candidates = _candidates(module)
    written = [_key(value) for value in _written(module)]
    found = next((way for way in candidates if written and all(key in way.names for key in written)), candidates[0])
    _representations[id(module)] = module, found
    return found


def _candidates(module) -> list[Representation]:
    """The ways the module could write the moves, in this order: their constants (`Gauche = "Gauche"`,
    `GAUCHE = 0`: four globals named after the moves, in any case, that are not functions, with distinct
    values); their enums naming the four moves (by their members' names or values, in any case), those
    their code uses first (`Deplacement` first); the strings their code holds (their spelling of each
    name); the exam's names."""
    lowered = {name.lower(): name for name in MOVE_NAMES}
    own = vars(module)
    codes = list(_codes(own.values()))
    ways = _constants(own, lowered) + _enums(own, codes, lowered) + _spelled(codes, lowered)
    return [_written_as(way) for way in ways] + [_written_as({name: name for name in MOVE_NAMES})]


def _constants(own: dict, lowered: dict) -> list[dict]:
    """The module's four globals named after the moves (in any case, not functions), when their values
    are distinct: a way of writing them."""
    constants = {lowered[k.lower()]: v for k, v in own.items() if k.lower() in lowered and not callable(v)}
    return [constants] if len({_key(v) for v in constants.values()}) == 4 == len(constants) else []


def _enums(own: dict, codes: list, lowered: dict) -> list[dict]:
    """The module's enums that name the four moves, those its code uses first (`Deplacement` first)."""
    used = {name for code in codes for name in code.co_names}
    enums = sorted(
        (value for value in own.values() if isinstance(value, type) and issubclass(value, enum.Enum)),
        key=lambda kind: (kind.__name__ not in used, kind.__name__ != "Deplacement"),
    )
    return [named for named in (_members(kind, lowered) for kind in enums) if len(named) == 4]


def _spelled(codes: list, lowered: dict) -> list[dict]:
    """The exam's names as the module's code spells them in its strings (when it spells any)."""
    spelled = {
        lowered[c.lower()]: c for code in codes for c in code.co_consts if type(c) is str and c.lower() in lowered
    }
    return [{name: spelled.get(name, name) for name in MOVE_NAMES}] if spelled else []


WATCHED_LINES = 100_000  # lines a tente_* may run while watched for what it writes (no useful one needs 100)


class _TooLong(Exception):
    pass


def _written(module) -> list:
    """What the student's own tente_* append to an empty `solution`, each from the same state, where every
    move is legal (the blank inside the grid), bounded in lines run and with any exception ignored, the
    module's globals put back afterwards: the moves as their code writes them."""
    own = vars(module)
    saved = dict(own)
    written = []
    for name in MOVE_NAMES:
        tente = own.get(f"tente_{name.lower()}")
        if not callable(tente):
            continue
        _install(module, WATCH_STATE, solution=[])
        with contextlib.suppress(Exception, SystemExit), _bounded(WATCHED_LINES):
            tente()
        solution = own.get("solution")
        if type(solution) in (list, collections.deque) and len(solution) == 1:
            written.append(solution[0])
    own.clear()
    own.update(saved)
    return written


@contextlib.contextmanager
def _bounded(lines: int):
    """Stop the code run in the block (with _TooLong) past `lines` lines, whatever tracer was in force
    put back afterwards."""
    left = [lines]

    def trace(frame, event, arg):
        if event == "line":
            left[0] -= 1
            if left[0] < 0:
                raise _TooLong
        return trace

    before = sys.gettrace()
    sys.settrace(trace)
    try:
        yield
    finally:
        sys.settrace(before)


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
    if not names:
        return []
    values = _representation(module).values
    return list(map(values.get, names, names))


def exam_grid(payload):
    """The exam's `grid` for the payload's state: fresh lists, `blank_value` in the blank cell."""
    state, blank_value = payload["state"], payload["blank_value"]
    return [[blank_value if state[4 * i + j] == BLANK else state[4 * i + j] for j in range(4)] for i in range(4)]


# The blank inside the grid, its neighbours in place: every move legal, h = 4.
WATCH_STATE = {"state": [0, 1, 2, 3, 4, BLANK, 6, 7, 8, 9, 10, 11, 12, 13, 14, 5], "blank_value": 0, "h": 4}


def _install(module, payload, solution=None):
    """The payload's globals in the module; `solution` as given, or the payload's moves the student's way."""
    state = payload["state"]
    module.grid = exam_grid(payload)
    module.h = payload["h"]
    module.li, module.lj = divmod(state.index(BLANK), 4)
    module.solution = _student_moves(module, payload["solution"]) if solution is None else solution
    module.minimum = math.inf


def _listed(module, value):
    """Moves as plain data: a deque (a natural way to keep moves) as a list; an enum member by its name,
    or by its value when only the value names a move (`class D(Enum): A = "Haut"`); any other value the
    student's way of writing the moves holds (`GAUCHE = 0`, `GAUCHE = "G"`) by the move's name."""
    if type(value) not in (list, tuple, collections.deque):
        return value
    lowered = {name.lower() for name in MOVE_NAMES}
    names = _representation(module).names if value else {}

    def named(item):
        if isinstance(item, enum.Enum):
            if str(item.name).lower() not in lowered and type(item.value) is str:
                return item.value
            name = item.name
            return name if type(name) is str else item  # by its name, as protocol.plain would send it
        if type(item) is str and item.lower() in lowered:
            return item  # their spelling, which the parent reads (and warns about when not the exam's)
        return names.get(_key(item), item)

    # Each distinct object named once (a served call sends the whole `solution`, of four moves repeated).
    ids = list(map(id, value))
    distinct = {key: named(item) for key, item in dict(zip(ids, value)).items()}
    return list(map(distinct.__getitem__, ids))


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
        raise protocol.Missing(name)
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
# A watched function (the payload's WATCHED names) runs its own code; the parent is told the call and the
# globals at its entry (under its name) and at its return (under WATCHED_RETURN, with read_found's reading).
WATCHED = "watched"
WATCHED_RETURN = "dfs_return"
SERVED_KEYWORD = "_served_call"  # where a redirected function finds the proxy it hands its call to
_undo: list = []  # how to undo the redirections in force (see _served)


def read_found(result) -> bool | None:
    """A bool as it is; an empty plain value (None: a failure falling off the end) False; else None."""
    if type(result) is bool:
        return result
    return False if type(result) in (type(None), int, float, str, list, tuple, dict) and not result else None


@contextlib.contextmanager
def _served(module, payload):
    """The earlier functions the payload names answered for the student's code while the block runs:
    `served` ones by proxies, each call sending the globals to the parent, which applies the model answer's
    function to them (its code never reaches this process) and answers with the result and the new
    globals, written back here. Whatever the student's code holds the function by (the global name, a tuple
    or dict built at import, a default argument, a closure, a functools.partial, a bound method, an object
    with __call__), it reaches them (_redirect). The module is as it was after the block: in the parent,
    the model answer's module, timed through the same proxies, is shared."""

    # Moves named as this module's `solution` sends them: the keys of the answers given ahead.
    answers = Answers(lambda names: protocol.plain(_listed(module, _student_moves(module, names))))

    def tell(name, args: list, state=None):  # the parent told a call and the globals now; its answer
        sent = {"args": args, "state": protocol.plain(_snapshot(module)) if state is None else state}
        if answers.later:
            sent["hits"] = answers.told()
        return ask(name, sent)

    def proxy(name):
        def call(*args):
            arguments, state = list(args), _snapshot(module)
            answer = answers.answer(name, arguments, state)  # its key's exact types need no `plain`
            if answer is None:
                answer = tell(name, arguments, protocol.plain(state))
                answers.learn(answer["more"])
            _write_back(module, answer["state"])
            return answer["result"]

        call.__name__ = name
        return call

    def watcher(name):
        # The student's own function run, the parent told the globals at its entry and return (q17's and q18's
        # evidence: whatever moves the tiles) and, from a root call to its first nested one, the grid's changes.
        grid, depth = Watched(module, answers.tell_later), [0]

        def told(name, args: list) -> None:  # the parent answers nothing: told with the next frame
            answers.tell_later(name, {"args": args, "state": protocol.plain(_snapshot(module))})

        def call(run, args):
            told(name, list(args))
            root = depth[0] == 0
            grid.start() if root else grid.stop()
            depth[0] += 1
            try:
                try:
                    result = run()
                    if root:
                        grid.look()
                finally:
                    depth[0] -= 1
                    if root:
                        grid.stop()
            except Exception:  # left by an exception (unwinding from the goal): told as found, which the
                told(WATCHED_RETURN, [True])  # walk accepts only on the path from the goal, the board there
                raise
            told(WATCHED_RETURN, [read_found(result)])
            return result

        call.runs_original = True
        return call

    _representation(module)  # watched now, while their tente_* are their own
    targets = {name: proxy(name) for name in payload.get("served", ())}
    targets.update((name, watcher(name)) for name in payload.get(WATCHED, ()))
    _undo_all()  # nothing an earlier run redirected stays (each undo is done, then forgotten)
    _undo.extend(_redirect(module, targets))
    try:
        yield
    finally:
        _undo_all()
        if answers.later:  # the run's last calls: the parent knows them before its reply
            ask(HITS, {"hits": answers.told()})


def _undo_all() -> None:
    while _undo:
        _undo[-1]()
        _undo.pop()


def _redirect(module, targets: dict) -> list:
    """Make every reference to each of the student's names in `targets` call its target with the exam's
    number of arguments (SERVED_ARITY), and return how to undo it. What stands behind the name keeps its
    identity, so that every reference to it, however captured, is redirected: a function (a lambda, a
    closure) gets code that hands its call to the target; a bound method's function, and the __call__ of
    an object's class, get code that hands the calls made for that object (its `self`) to the target and
    the others to the code they had (four objects of one class, or four methods bound to one function,
    are four names); a functools.partial is pointed at the target; anything else (missing, a built-in) is
    replaced by name only. And a helper the four tente_* share (_shared_helpers), which the student's
    code may call without them, hands a call whose first argument is a move to that move's tente_*."""
    undo: list = []
    routes: dict[int, tuple[types.FunctionType, dict]] = {}  # by function: {the `self` routed or None: route}
    tentes = {name: targets[f"tente_{name.lower()}"] for name in MOVE_NAMES if f"tente_{name.lower()}" in targets}
    helpers = _shared_helpers(module) if len(tentes) == len(MOVE_NAMES) else []  # before any partial is re-pointed
    for name, target in targets.items():
        current = vars(module).get(name)
        function, owner = _behind(current)
        if function is None and getattr(target, "runs_original", False):
            if callable(current):  # watched (a partial, a built-in): the name calls it through the watcher
                setattr(module, name, functools.partial(_watched_call, target, current))
                undo.append(functools.partial(setattr, module, name, current))
            continue
        if function is not None:
            routes.setdefault(id(function), (function, {}))[1][owner] = (target, SERVED_ARITY[name])
        elif isinstance(current, functools.partial):
            pointed: Any = current  # typeshed does not list partial's __setstate__
            state = pointed.__reduce__()[2]
            pointed.__setstate__((target, (), {}, None))
            undo.append(functools.partial(pointed.__setstate__, state))
        else:
            restore = functools.partial(delattr, module, name)
            if name in vars(module):
                restore = functools.partial(setattr, module, name, current)
            setattr(module, name, target)
            undo.append(restore)
    for helper in helpers:
        routes.setdefault(id(helper), (helper, {}))[1][MOVE_ROUTE] = (tentes, 0)
    undo.extend(_swap_code(function, table, functools.partial(_named, module)) for function, table in routes.values())
    return undo


def _watched_call(target, current, *args, **kwargs):
    return target(functools.partial(current, *args, **kwargs), args)


MOVE_ROUTE = "move"  # a route keyed by the move a call's first argument names (a shared helper's)


def _shared_helpers(module) -> list:
    """The module's functions that each of the four tente_* calls by name and that read or change
    `solution`, themselves or through the module's functions they call: a helper the tente_* share,
    `essaie(deplacement)`, which a dfs may call directly (not one that only reads a table of opposites)."""
    own = vars(module)
    shared: set | None = None
    for name in MOVE_NAMES:
        current = own.get(f"tente_{name.lower()}")
        partial = isinstance(current, functools.partial)
        function, _ = _behind(current.func if partial else current)
        if function is None:
            return []
        called = {used for code in _codes([function]) for used in code.co_names}
        if partial:  # functools.partial(essaie, Deplacement.Gauche): the function it calls is essaie
            called.add(function.__name__)
        shared = called if shared is None else shared & called
    helpers = [value for name, value in own.items() if name in (shared or ()) and name not in SERVED_ARITY]
    return [value for value in helpers if isinstance(value, types.FunctionType) and _reaches(own, value, "solution")]


def _reaches(own: dict, function, name: str) -> bool:
    """Whether `function`, or a function of the module it calls by name (and so on), names `name`."""
    seen, pending = set(), [function]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        used = {used for code in _codes([current]) for used in code.co_names}
        if name in used:
            return True
        pending.extend(own[n] for n in used if isinstance(own.get(n), types.FunctionType))
    return False


def _behind(current) -> tuple[types.FunctionType | None, int | None]:
    """The function whose code a call of `current` runs, and the id of the object that call passes as
    its first argument (None: the call passes none of its own)."""
    if isinstance(current, types.FunctionType):
        return current, None
    if isinstance(current, types.MethodType) and isinstance(current.__func__, types.FunctionType):
        return current.__func__, id(current.__self__)
    if isinstance(current, staticmethod) and isinstance(current.__func__, types.FunctionType):
        return current.__func__, None
    call = next((vars(kind)["__call__"] for kind in type(current).__mro__ if "__call__" in vars(kind)), None)
    if not isinstance(current, type) and isinstance(call, types.FunctionType):
        return call, id(current)
    return None, None


def _swap_code(function, table: dict, named):
    """Give `function` code that hands each call to the target `table` routes it to, and return the undo:
    by the id of its first argument (a bound method's or callable object's `self`), for every call (None),
    or by the move its first argument names (MOVE_ROUTE, read with `named`: a table of targets by the
    exam's name). The target gets the call's first arguments after a `self` (the exam's number of them),
    read against the function's own signature (keywords and defaults included); a call the table does
    not route runs the code the function had."""
    signature = inspect.signature(function, follow_wrapped=False)  # read before its code changes
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in signature.parameters.values())
    count = len(signature.parameters)
    code, keywords = function.__code__, function.__kwdefaults__
    original = types.FunctionType(
        code, function.__globals__, function.__name__, function.__defaults__, function.__closure__
    )
    original.__kwdefaults__ = keywords

    def route(args) -> tuple | None:
        if None in table:
            return (*table[None], 0)
        if not args:
            return None
        if id(args[0]) in table:
            return (*table[id(args[0])], 1)
        by_move, arity = table.get(MOVE_ROUTE, ({}, 0))
        move = named(args[0]) if by_move else None
        return (by_move[move], arity, 0) if move in by_move else None

    def call(args, kwargs):
        found = route(args)
        if found is None:
            return original(*args, **kwargs)
        target, arity, skip = found
        if getattr(target, "runs_original", False):  # watched: its own code runs, told its exam arguments
            return target(
                functools.partial(original, *args, **kwargs), _exam_arguments(args, kwargs)[skip : skip + arity]
            )
        return target(*_exam_arguments(args, kwargs)[skip : skip + arity])

    def _exam_arguments(args, kwargs) -> tuple | list:
        """The call's arguments in the order of the function's own signature (keywords and defaults read)."""
        if plain and not kwargs and len(args) == count:  # the usual call, without inspect's binding
            return args
        bound = signature.bind(*args, **kwargs)  # a TypeError, as the call itself would raise
        bound.apply_defaults()
        values: list = []
        for parameter in signature.parameters.values():
            value = bound.arguments[parameter.name]
            if parameter.kind is parameter.VAR_POSITIONAL:
                values.extend(value)
            elif parameter.kind is not parameter.VAR_KEYWORD:
                values.append(value)
        return values

    function.__code__ = _trampoline(len(code.co_freevars))
    function.__kwdefaults__ = {SERVED_KEYWORD: call}

    def undo():
        function.__code__, function.__kwdefaults__ = code, keywords

    return undo


@cached
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


def _named(module, item) -> str | None:
    """The exam's name of a move written the student's way, in any case; None when it names none."""
    (label,) = _listed(module, [item])
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
