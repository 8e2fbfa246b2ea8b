"""Parent side: the model answer's functions served to the student's code (q16's move, q17's move and
tente_*, q18's dfs), each call checked against the run's interface before the model answer runs, its
searches kept once per process."""

from __future__ import annotations

import abc
import functools
import importlib.util
import json
import math
import operator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

import reference
from grader.questions.api import (
    Failure,
    Kind,
    Reply,
    Served,
    Stop,
    Violation,
    cached,
    calibration,
    protocol,
    register_cache,
    serving,
    shapes,
    timing,
)
from grader.questions.taquin.cases import (
    CHALLENGE_COSTS,
    challenge_instance,
    is_int,
    read_moves,
    reordered,
)
from grader.questions.taquin.arrangements import HITS, MAX_HITS
from grader.questions.taquin.probes import BLANK, LAST, WATCHED, WATCHED_RETURN, probe_taquin
from reference.puzzle import is_solvable


# --- Parent side: the model answer's functions served to the student's code ---------------------------
# The model answer's earlier functions each question's model judgement (best_judgement) builds on, served by
# the parent: q16's move (a call per tente_*), q17's move and tente_* (about five calls a node of the
# student's dfs: q17's limits count them, dfs.py), q18's dfs (its searches made once per process). The child
# holds proxies only: no model answer's code ever reaches it (docs/judging.md).
SERVED = {
    "q16": ("move",),
    "q17": ("move", "tente_gauche", "tente_bas", "tente_droite", "tente_haut"),
    "q18": ("dfs",),
}
# The moves an optimal solution of any arrangement takes at most (Brüngger, Marzetta, Fukuda and
# Nievergelt, 1999): no served call of a case needs `solution` or a dfs bound to reach further.
DIAMETER = 80
STATE_GLOBALS = frozenset({"grid", "h", "li", "lj", "solution", "minimum"})
CALL_FIELDS = frozenset({"args", "state"})  # what a served call sends (`_served`), and maybe "hits"
TENTES = ("tente_gauche", "tente_bas", "tente_droite", "tente_haut")
# The served dfs's answers and what each cost the model answer (CPU seconds, nodes searched), kept for the
# process: the model answer's dfs is a function of its arguments and the globals sent with them, every
# student of a run plays the same cases, and correct answers ask the same bounds, so q18's searches are run
# once per process, not per student. Only the model answer's own runs on the grader's cases are kept (a
# student's other calls are computed for that run alone): the model answer's taquin is timed through the
# same answers (Chain.run), so that a correct student's searches are those already run. Those that cost
# seconds are kept for the machine too (grader/judge/timing.py): the other workers and the next runs read
# them; the default challenge's are read from the teacher's installation (recorded_searches), never run.
DFS_ANSWERS: dict[str, tuple[dict, float, int]] = register_cache(f"{__name__}.DFS_ANSWERS", {})
MAX_DFS_ANSWERS = 20_000


@cached  # one per process: every call sets all the globals it reads (ModelServer._answer)
def _served_model():
    """A private copy of the model answer's module, whose globals the served calls set. Its dfs counts the
    nodes it searches and charges them to the server of the call (`meter`, set by ModelServer._answer)."""
    path = Path(reference.__file__).with_name("answers").joinpath("taquin.py")
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
    # Moves from their names by dict and back by attribute, not through the enum's Python-level lookups:
    # a served call converts the whole `solution` both ways.
    model.members = dict(model.Deplacement.__members__)
    return model


_MEMBER_NAME = operator.attrgetter("_name_")  # an enum member's name, read without its property


class StateServer(Served):
    """The run's interface of the taquin's served calls (SERVED, and the watched dfs's entries and returns):
    the `names` it serves; for each call the globals of a taquin state (grid a 4 × 4 arrangement of tiles
    0..14 with the blank at li, lj; h its Manhattan sum; solution at most `longest` moves; minimum an
    integer or infinity), and arguments the name takes: move a cell next to the blank, tente_* none,
    dfs(m, p) integers with 0 <= p <= longest and m - p <= DIAMETER on a solvable grid. `solution` travels in the student's
    order (`convention`) and is kept most recent last here.

    A call whose frame is not shaped as the proxies of `_served` make it (its fields, the globals' names)
    is a Violation: only code that writes on the channel itself sends one. Globals or arguments outside
    the interface are what an honest slip can send (a move off the grid, h not updated, a grid broken by
    hand): the call is refused (`refused`: the message key and its parameters, the first one kept), and
    so is every later call of the run, whatever the student's code does with the refusal: Chain.run turns
    the run into that wrong answer. The model answer never runs on either."""

    tellable: frozenset[str] = frozenset()  # the names whose calls answer nothing: told in batches (_took)

    def __init__(self, convention, names):
        super().__init__()
        self.names = frozenset(names) | {HITS}
        self.convention = convention or LAST
        self.longest = DIAMETER  # the longest `solution` a call may send: see `case`
        self.refused: tuple[str, dict] | None = None
        self.given: list[str] = []  # the name of each answer given ahead (ModelServer's `more`), by number
        self.told = 0  # the calls the child answered with them and told (`hits`)

    def reset(self) -> None:
        super().reset()
        self.refused = None
        self.given, self.told = [], 0

    def __call__(self, name, args):
        if name == HITS:  # a batch of calls alone: the child's MAX_HITS, or its run's last ones
            if type(args) is not dict or args.keys() != {"hits"}:
                raise Violation("taquin.served_shape", name=name)
            self._took(args["hits"])
            return None
        return self.serve(name, args)

    @abc.abstractmethod
    def serve(self, name: str, args):
        """The answer to a call of the run's interface (`names`)."""

    def _took(self, hits) -> None:
        """The calls the child told in a batch (arrangements.Answers), in the order made, within MAX_HITS a batch:
        each answered ahead ([the answer's number, `minimum`, the blank cell's value]: refused as the call
        sent alone would be, its other globals and arguments those of the answer, checked when it was
        given), or a call whose answer is none (`tellable`: [name, args], served as sent alone); anything
        else a Violation. The run's deadline checked."""
        if type(hits) is not list or len(hits) > MAX_HITS:
            raise Violation("taquin.served_hits", most=MAX_HITS)
        for hit in hits:
            if type(hit) is list and len(hit) == 2 and type(hit[0]) is str and hit[0] in self.tellable:
                self.serve(*hit)
                continue
            if not (type(hit) is list and len(hit) == 3 and type(hit[0]) is int and 0 <= hit[0] < len(self.given)):
                raise Violation("taquin.served_hits", most=MAX_HITS)
            if self.refused is not None:
                raise Stop(self.refused[0])
            index, minimum, blank = hit
            if type(blank) is not int:  # a grid holds ints only, its blank cell's too (grid_arrangement)
                self._refuse("taquin.served_grid", name=self.given[index])
            self._check_minimum(self.given[index], minimum)
            self.told += 1
        self.charge(0)

    def _check_minimum(self, name: str, minimum) -> None:
        if not (minimum == "inf" or is_int(minimum) or (type(minimum) is float and minimum.is_integer())):
            self._refuse("taquin.served_minimum", name=name)

    def case(self, payload: dict) -> None:
        """Before a run: what its calls may carry, from the case (its earlier moves, then a search's)."""
        self.longest = len(payload["solution"]) + DIAMETER

    def heuristic(self, cells: list) -> int:
        """The h a call's globals must hold for the arrangement `cells` (the exam's Manhattan sum)."""
        return _manhattan(cells)

    def _refuse(self, key: str, **params) -> NoReturn:
        if self.refused is None:
            self.refused = (key, params)
        raise Stop(key)

    def _checked(self, name: str, args) -> tuple[list, dict, list]:
        """(the call's arguments, the globals, `solution` in the order played) of a call of the run's
        interface; a Violation or a refusal otherwise (see the class's docstring)."""
        if type(args) is not dict or args.keys() - {"hits"} != CALL_FIELDS or type(args["args"]) is not list:
            raise Violation("taquin.served_shape", name=name)
        if "hits" in args:  # calls made before this one
            self._took(args["hits"])
        if self.refused is not None:
            raise Stop(self.refused[0])
        arguments, state = args["args"], args["state"]
        if type(state) is not dict or state.keys() != STATE_GLOBALS:
            raise Violation("taquin.served_shape", name=name)
        li, lj = state["li"], state["lj"]
        if not (is_int(li) and is_int(lj) and 0 <= li < 4 and 0 <= lj < 4):
            self._refuse("taquin.served_blank", name=name)
        arrangement = grid_arrangement(state["grid"], li, lj)
        if arrangement is None:
            self._refuse("taquin.served_grid", name=name)
        if not (is_int(state["h"]) and state["h"] == self.heuristic(arrangement)):
            self._refuse("taquin.served_h", name=name, h=self.heuristic(arrangement))
        moves = read_moves(state["solution"])
        if moves is None or len(moves) > self.longest:
            self._refuse("taquin.served_solution", name=name, longest=self.longest)
        self._check_minimum(name, state["minimum"])
        self._check_arguments(name, arguments, arrangement, li, lj)
        return arguments, state, reordered(moves, self.convention)

    def _check_arguments(self, name: str, arguments: list, arrangement: list, li: int, lj: int) -> None:
        if name == "move":
            if not (len(arguments) == 2 and all(is_int(a) for a in arguments)):
                self._refuse("taquin.served_move_arguments")
            i, j = arguments
            if not (0 <= i < 4 and 0 <= j < 4):
                self._refuse("taquin.served_move_outside", i=i, j=j, li=li, lj=lj)
            if sorted((abs(i - li), abs(j - lj))) != [0, 1]:
                self._refuse("taquin.served_move_not_next", i=i, j=j, li=li, lj=lj)
        elif name.startswith("tente_"):  # its proxy sends no argument, whatever the student's call passed
            if arguments:
                raise Violation("taquin.served_shape", name=name)
        elif name == WATCHED_RETURN:  # what a watched dfs returned: its proxy sends a bool or None
            if not (len(arguments) == 1 and (arguments[0] is None or type(arguments[0]) is bool)):
                raise Violation("taquin.served_shape", name=name)
        else:  # dfs: served (SERVED) or watched (probes.WATCHED)
            if not (
                len(arguments) == 2
                and all(is_int(a) for a in arguments)
                and 0 <= arguments[1] <= self.longest
                and 0 <= arguments[0] <= arguments[1] + DIAMETER
                and is_solvable(arrangement)
            ):
                self._refuse("taquin.served_dfs", longest=self.longest, diameter=DIAMETER)

    def _in_student_order(self, answer: dict) -> dict:
        """`answer` with its `solution` in the student's order (a new dict: the kept answer is shared)."""
        state = answer["state"]
        return {**answer, "state": {**state, "solution": reordered(state["solution"], self.convention)}}


class DfsAnswered(NamedTuple):
    """A served dfs(m, p) call: the nodes the model answer searched, whether it found, the minimum it left
    (None: infinity)."""

    m: int
    p: int
    nodes: int
    found: bool
    minimum: int | None


class ModelServer(StateServer):
    """Answers the proxies of `_served`: the model answer's function applied to the globals the child sent,
    in a private copy of the model answer's module (the one timed for limits stays untouched), once
    StateServer has found the call within the run's interface. The dfs's nodes are charged to the run
    (calls.Served: its budget, from the model answer's own run on the case, and its deadline).

    With `max_bound` (a trap's, see TRAPS), a dfs(m, p) asked to search deeper than m - p = max_bound is
    refused, and so is every later call: the parent itself then knows that the student's search went past
    that bound (`past_bound`). `keeps`: this server answers the model answer's own run on the grader's
    case (Chain.run's `model_serve`), whose answers are kept (DFS_ANSWERS, and for the machine those that
    cost seconds); a student's server only reads them. `model_seconds`: the model
    answer's CPU time on the dfs calls answered, whether run here or read from where they were kept."""

    heuristic_name = "manhattan"  # another's answers are kept apart (conflicts.ConflictServer)

    def __init__(self, convention, names, max_bound: int | None = None, keeps: bool = False):
        super().__init__(convention, names)
        self.max_bound = max_bound
        self.past_bound = False
        self.model_seconds = 0.0
        self.keeps = keeps
        self.dfs_calls: list[DfsAnswered] = []  # each dfs answered: q18's passes

    @property
    def model(self) -> Any:
        """The model answer's module, read when a call is answered with it: never by ConflictServer, whose
        dfs is its own and which the student kit (no model answer) runs too."""
        return _served_model()

    def reset(self) -> None:
        super().reset()
        self.dfs_calls = []

    def serve(self, name, args):
        arguments, state, played = self._checked(name, args)
        if self.past_bound or (name == "dfs" and self.max_bound is not None and self._beyond(arguments)):
            self.past_bound = True
            raise Stop("past the bound")  # a trap's: its judge knows it from `past_bound`
        if name in TENTES and self.names.issuperset(TENTES) and "move" in self.names:
            return self._ahead(name, state, played)
        if name != "dfs":
            return {**self._in_student_order(self._answer(name, arguments, state, played)[0]), "more": None}
        # Keyed in the order played: students who keep `solution` either way share the answers.
        key = json.dumps([arguments, {**state, "solution": played}], sort_keys=True)
        if self.heuristic_name != ModelServer.heuristic_name:
            key = f"{self.heuristic_name} {key}"
        kept = DFS_ANSWERS.get(key)
        if kept is not None:
            answer, seconds, nodes = kept
            self.charge(nodes)
        elif self.keeps:
            answer, seconds, nodes = self._kept(key, name, arguments, state, played)
            self.work += nodes
        else:
            answer, nodes = self._answer(name, arguments, state, played, meter=self.charge)
            seconds = 0.0
        left = answer["state"]["minimum"]
        self.dfs_calls.append(DfsAnswered(*arguments, nodes, answer["result"] is True, None if left == "inf" else left))
        self.model_seconds += seconds
        return {**self._in_student_order(answer), "more": None}

    def _ahead(self, name: str, state: dict, played: list) -> dict:
        """The answer to tente_`name` on a state, with, given ahead as data (`more`), the answers to the calls
        the student's dfs makes next there (one round trip a state then: benchmarks/results/q17-served.md):
        the four tente_* on the same state, and for each that moves, the move back from where it leads,
        with the move still in `solution` or already taken off; none whose call would be refused (a
        `solution` past `longest`). `more`: the state (its globals but `minimum`) and for each tente_*
        [its answer's number, its name, its result, the globals after it (None: the state's), None or the
        move back's: [its number with the move in `solution`, its number without, the grid after it]];
        the numbers (`given`) tell the parent which answers the child used (_took)."""
        same = {**state, "solution": reordered(played, self.convention)}
        del same["minimum"]
        tentes, found = [], None
        for tente in TENTES:
            answer = self._in_student_order(self._answer(tente, [], state, played)[0])
            found = answer if tente == name else found
            after = {k: v for k, v in answer["state"].items() if k != "minimum"}
            back = None
            if answer["result"] is True and len(played) < self.longest:
                moved = reordered(after["solution"], self.convention)
                undone = self._answer("move", [state["li"], state["lj"]], {**after, "minimum": "inf"}, moved)[0]
                back = [self._given("move"), self._given("move"), undone["state"]["grid"]]
            # The state's own globals sent once: a tente_* that refuses leaves them as they were.
            tentes.append([self._given(tente), tente, answer["result"], None if after == same else after, back])
        assert found is not None  # `name` is one of TENTES
        return {**found, "more": {"state": same, "tentes": tentes}}

    def _given(self, name: str) -> int:
        """The number of an answer given ahead to a call of `name`."""
        self.given.append(name)
        return len(self.given) - 1

    def _kept(self, key: str, name, arguments, state, played) -> tuple[dict, float, int]:
        """The model answer's own search on the grader's case, computed once and kept (see DFS_ANSWERS)."""

        def compute():
            answer, nodes = self._answer(name, arguments, state, played)
            return {"answer": answer, "nodes": nodes}

        value: Any
        recorded = recorded_searches().get(key)
        if recorded is not None:
            value, seconds = recorded
        else:
            # Run once: the limit tight enough to need the best of several runs, the challenge's, is shipped
            # (cases.CHALLENGE_COSTS).
            value, seconds = timing.measured(f"served {key}", compute, runs=1)
        if len(DFS_ANSWERS) >= MAX_DFS_ANSWERS:
            DFS_ANSWERS.clear()
        DFS_ANSWERS[key] = value["answer"], seconds, value["nodes"]
        return DFS_ANSWERS[key]

    def _answer(self, name, arguments: list, state: dict, played: list, meter=None) -> tuple[dict, int]:
        """The model answer's `name` applied to globals the caller checked (their `solution` read as `played`,
        in the order played), with `solution` after it in that order too; and the dfs nodes it searched,
        each passed to `meter` (which raises calls.Exhausted past the run's budget or deadline)."""
        model: Any = self.model  # the model answer's module: its globals are set here
        model.grid = [list(row) for row in state["grid"]]
        model.li, model.lj, model.h = state["li"], state["lj"], state["h"]
        model.solution = list(map(model.members.__getitem__, played))
        model.minimum = math.inf if state["minimum"] == "inf" else state["minimum"]
        model.nodes, model.meter = 0, meter or (lambda: None)
        result = getattr(model, name)(*arguments)
        after = {
            "grid": model.grid,
            "li": model.li,
            "lj": model.lj,
            "h": model.h,
            "solution": list(map(_MEMBER_NAME, model.solution)),
            "minimum": "inf" if model.minimum == math.inf else model.minimum,
        }
        return {"result": result, "state": after}, model.nodes

    def _beyond(self, arguments: list) -> bool:
        """Whether dfs(m, p) searches deeper than `max_bound` (m - p, as f = p + h is compared to m)."""
        m, p = arguments
        return m - p > self.max_bound


class SearchRecorder(ModelServer):
    """A server of the model answer's own run that computes every dfs call anew, never reading where they
    are kept, and lists them: what reference/answers/taquin_challenge.py records (challenge_searches)."""

    def __init__(self):
        super().__init__(LAST, SERVED["q18"], keeps=True)
        self.searches: list[tuple[str, dict, int]] = []

    def _kept(self, key: str, name, arguments, state, played) -> tuple[dict, float, int]:
        answer, nodes = self._answer(name, arguments, state, played)
        self.searches.append((key, answer, nodes))
        return answer, 0.0, nodes


def challenge_searches(which: str) -> list[tuple[str, dict, int]]:
    """(key, answer, nodes) of every dfs call the model answer's taquin() makes on the challenge `which`
    (cases.challenge_instance), in the order made, computed now: benchmarks/bench_costs.py writes them to
    reference/answers/taquin_challenge.py, and a test compares that file with them."""
    DFS_ANSWERS.clear()  # a call kept by this process's grading would be read, not computed
    recorder = SearchRecorder()
    with serving(recorder):
        probe_taquin(
            importlib.import_module("reference.answers.taquin"),
            {**challenge_instance(which).payload(), "served": ["dfs"]},
        )
    return recorder.searches


@cached
def recorded_searches() -> dict[str, tuple[dict, float]]:
    """The challenge's served dfs calls recorded with the project (reference/answers/taquin_challenge.py, a teacher's
    installation only, like the model answer they come from): key -> ({"answer", "nodes"}, seconds), so that
    no cold machine runs the model answer's hardest searches again. A call's seconds: the challenge's shipped
    cost (cases.CHALLENGE_COSTS) scaled to this machine, its share by the nodes it searched."""
    recorded = {}
    # Loaded by name, as every model answer is (tests/unit/test_layers.py): it sits above the grader.
    for which, searches in importlib.import_module("reference.answers.taquin_challenge").SEARCHES.items():
        seconds = calibration.seconds(calibration.cost("q18." + CHALLENGE_COSTS[which]))
        total = sum(nodes for _, _, nodes in searches)
        for key, answer, nodes in searches:
            recorded[key] = {"answer": answer, "nodes": nodes}, seconds * nodes / total
    return recorded


def grid_arrangement(grid, li: int, lj: int) -> list | None:
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


@dataclass
class Chain:
    """The functions the student's call builds on: the model answer's `served` names, answered by
    `server`, or the student's own (no server)."""

    served: tuple = ()
    server: StateServer | None = None
    watched: tuple = ()  # the student's own functions run and watched, told to `server` (walk.DfsWatcher)

    def run(self, ctx, probe, payload: dict, timed_on: dict | None = None, **limits):
        """`ctx.run` with the chain's functions; the model answer is timed on the payload without them, or
        for a served dfs with the same served answers (`limits`: see grader.judge.context.Context.run)."""
        served: dict = {"served": list(self.served)} if self.server else {}
        if self.watched:
            served[WATCHED] = list(self.watched)
        if self.server is not None:
            self.server.reset()
            self.server.case(payload)
        if "dfs" in self.served and timed_on is None:
            # The model answer's taquin through the kept dfs answers (DFS_ANSWERS): timed by what they cost
            # it, and a correct student's served searches are then those it already made.
            timed_on = {**payload, **served}

            assert isinstance(self.server, ModelServer)  # dfs is served by ModelServer's kind only
            limits["model_serve"] = functools.partial(type(self.server), LAST, self.served, keeps=True)
        reply = ctx.run(probe, {**payload, **served}, timed_on=timed_on or payload, serve=self.server, **limits)
        if self.server is not None and self.server.refused is not None:
            # Whatever the student's code made of the refusal (caught, its own answer returned), the run is
            # the wrong call it made: never judged on its reply.
            return Reply(protocol.ERROR, error=self.server.refused[0], seconds=reply.seconds, calls=reply.calls)
        return reply

    def failure(self, ctx, reply, shown) -> Failure:
        """Why a run failed: a served call refused as out of the rules (StateServer) is a wrong answer, said
        with the call the case makes and the board it starts from; else as the runner says (a protocol
        violation, an exception, a timeout)."""
        if self.server is not None and self.server.refused is not None:
            key, params = self.server.refused
            return Failure(Kind.WRONG, key, {**params, "call": shown["appel"]}, counterexample=shown)
        return ctx.failure(reply, shown)

    def bounded(self, bound: int) -> Chain:
        """This chain for a trap: its served dfs refuses to search deeper than `bound` (ModelServer)."""
        if self.server is None:
            return self
        return replace(self, server=ModelServer(self.server.convention, self.served, max_bound=bound))
