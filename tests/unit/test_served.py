"""A run's handler (grader/sandbox/calls.py's Served) must answer: a handler without `__call__` cannot be made.
What a served call sends is copied as plain data (protocol.plain) with the same bounds, whether its lists
are walked item by item or taken whole (rows of ints, moves as strings). q17's answers given ahead (the
served tente_* answering, as data, the calls a dfs makes next) leave the globals the calls sent one by one
leave, the parent knowing every call; a batch of calls the proxies never send is a violation, a call
answered ahead is refused as the same call sent alone, and answers forged in the child earn nothing.
q4, q7 and q10's games: `final` and `h` of the successors each `suivants` returns are answered in the child
(probes.Held) and told, the trace the same; red team 13's attacks on answers given ahead (the held data read
through a closure or gc, tells dropped or forged, calls on states never given) earn no algorithm check."""

from __future__ import annotations

import contextlib
import enum
import re
import types
from pathlib import Path

import pytest

from grader.questions.jeux import crafted, games, searches
from grader.questions.jeux import probes as jeux_probes
from grader.questions.taquin import arrangements, probes, serving
from grader.questions.taquin.cases import case_payload
from grader.sandbox import calls, protocol


def test_a_handler_that_does_not_answer_cannot_be_made():
    class Silent(calls.Served):
        names = frozenset({"oracle"})

    with pytest.raises(TypeError, match="__call__"):
        Silent()
    with pytest.raises(TypeError):
        calls.Served()


def test_a_handler_answers_the_names_it_serves_only():
    class Doubling(calls.Served):
        names = frozenset({"oracle"})

        def __call__(self, name, args):
            return 2 * args

    assert calls.answer(Doubling(), "oracle", 21) == 42
    with pytest.raises(calls.Violation):
        calls.answer(Doubling(), "other", 21)


def nested(depth: int, inner):
    value = inner
    for _ in range(depth):
        value = [value]
    return value


class Move(enum.Enum):
    Haut = "H"


@pytest.mark.parametrize(
    "value, kept",
    [
        ((["Haut", "Bas"], [True, None, "x"]), [["Haut", "Bas"], [True, None, "x"]]),
        ([[1, 2, 3, 4], [2**256 - 1, -(2**256 - 1)]], [[1, 2, 3, 4], [2**256 - 1, -(2**256 - 1)]]),
        ([1, True, 2.5, "s", Move.Haut], [1, True, 2.5, "s", "Haut"]),  # mixed: walked, the member named
        (nested(protocol.MAX_DEPTH - 1, [1, 2]), nested(protocol.MAX_DEPTH - 1, [1, 2])),
    ],
)
def test_plain_keeps_lists_of_plain_scalars(value, kept):
    assert protocol.plain(value) == kept
    assert [type(item) for item in protocol.plain(value)] == [type(item) for item in kept]


@pytest.mark.parametrize(
    "value, reason",
    [
        ([1, 2, 2**256], "integer too large"),
        ([[0] * 4, [1, -(2**300)]], "integer too large"),
        (nested(protocol.MAX_DEPTH, [1, 2]), "nested too deeply"),
        (nested(protocol.MAX_DEPTH, ["a"]), "nested too deeply"),
        (["Haut"] * protocol.MAX_ITEMS, "too many items"),  # the list itself is the first item
        ([1, float("nan")], "non-finite"),
    ],
)
def test_plain_refuses_lists_beyond_its_bounds(value, reason):
    with pytest.raises(protocol.InvalidValue, match=reason):
        protocol.plain(value)


# --- q17's answers given ahead (grader/questions/taquin/serving.py's ModelServer._ahead, arrangements.Answers) ---
TAQUIN = Path(__file__).resolve().parents[2] / "reference" / "answers" / "taquin.py"
# A call of DFS* below its optimum (dfs.EVIDENCE_CALLS' first): every state of its tree is searched.
START = (0, 6, 2, 3, 4, 1, 15, 7, 8, 9, 5, 10, 12, 13, 14, 11)


def student(dfs_prefix: str = "", haut_prefix: str = "") -> types.ModuleType:
    """The model answer with its four tente_* refusing everything (judged over the served ones), its dfs
    and its gesture haut (which undoes tente_bas) running `dfs_prefix` and `haut_prefix` first."""
    source = TAQUIN.read_text()
    for name in ("gauche", "bas", "droite", "haut"):
        source = re.sub(rf"def tente_{name}\(\):\n    return .*\n", f"def tente_{name}():\n    return False\n", source)
    source = source.replace("def dfs(m, p):\n", f"def dfs(m, p):\n    {dfs_prefix or 'pass'}\n")
    source = source.replace("def haut():\n", f"def haut():\n    {haut_prefix or 'pass'}\n")
    module = types.ModuleType("student")
    exec(compile(source, "student.py", "exec"), vars(module))
    return module


def served_dfs(module, m: int = 15, ahead: bool = True) -> tuple[dict | None, dict, serving.ModelServer]:
    """dfs(m, 0) from START over the served move and tente_*, in this process: the globals it leaves, the
    frames the parent answered by name, and its server (`ahead`: the answers given ahead kept); None for the
    globals when the parent stopped the run."""
    server = serving.ModelServer(serving.LAST, serving.SERVED["q17"])
    payload = {**case_payload(START, 99, [], serving.LAST, m=m, p=0), "served": list(serving.SERVED["q17"])}
    server.reset()
    server.case(payload)
    frames: dict = {}

    def counted(name, args):
        frames[name] = frames.get(name, 0) + 1
        return server(name, args)

    counted.names = server.names  # type: ignore[attr-defined]
    learn = arrangements.Answers.learn if ahead else (lambda self, more: None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(arrangements.Answers, "learn", learn)
        reply = None  # stopped by the parent
        with calls.asking(lambda name, args: _asked(counted, name, args)), contextlib.suppress(calls.Stopped):
            reply = probes.probe_dfs(module, payload)
    return reply, frames, server


def _asked(handler, name, args):
    try:
        return handler(name, protocol.plain(args))
    except calls.Stop as stop:
        raise calls.Stopped(stop.reason) from None


def test_answers_given_ahead_leave_the_same_globals_and_the_parent_knows_every_call():
    alone, alone_frames, _ = served_dfs(student(), ahead=False)
    kept, frames, server = served_dfs(student())
    assert kept == alone and kept["found"] is True
    # One frame a state searched (its first tente_*) and a last batch, where every call was a frame.
    assert set(frames) == {"tente_gauche", arrangements.HITS}
    assert sum(alone_frames.values()) > 5 * sum(frames.values())
    assert sum(frames.values()) - frames[arrangements.HITS] + server.told == sum(alone_frames.values())


@pytest.mark.parametrize(
    ("hits", "why"),
    [
        ([[10**6, "inf", 0]], "an answer never given"),
        ([[-1, "inf", 0]], "a negative number"),
        ([[0, "inf", 0]] * (arrangements.MAX_HITS + 1), "more than a batch holds"),
        ("hits", "not a list"),
        ([[0, "inf"]], "a hit of another shape"),
        ([[True, "inf", 0]], "a bool for a number"),
        ([["move", {"args": [0, 0], "state": {}}]], "a call whose answer matters, told in a batch"),
    ],
)
def test_a_batch_the_proxies_never_send_is_a_violation(hits, why):
    module = student(f"_ask({arrangements.HITS!r}, {{'hits': {hits!r}}})")
    module._ask = calls.ask
    with pytest.raises(calls.Violation) as raised:
        served_dfs(module)
    assert raised.value.key == "taquin.served_hits", why


@pytest.mark.parametrize(
    ("slip", "refusal"),
    [("globals()['minimum'] = 'beaucoup'", "taquin.served_minimum"), ("grid[li][lj] = None", "taquin.served_grid")],
)
def test_a_call_answered_ahead_is_refused_as_the_call_sent_alone(slip, refusal):
    # The move that undoes a tente_* is answered ahead: the parent refuses it when told, as when it is sent.
    module = student(haut_prefix=slip)
    for ahead in (False, True):
        _, _, server = served_dfs(module, ahead=ahead)
        assert server.refused is not None and server.refused[0] == refusal


def test_answers_forged_in_the_child_earn_nothing():
    # The student's code owns the child: it finds the kept answers and makes each found the goal.
    forging = (
        "import gc\n"
        "    for kept in [o for o in gc.get_objects() if type(o).__name__ == 'Answers']:\n"
        "        for key, (number, result, after) in kept.known.items():\n"
        "            kept.known[key] = number, True, {**after, 'h': 0}"
    )
    reply, _, server = served_dfs(student(forging))
    # Its next call sends a grid whose h is not 0: the parent refuses it (a wrong answer, Chain.run), as it
    # refuses a student's own move that leaves h wrong.
    assert reply is None and server.refused is not None and server.refused[0] == "taquin.served_h"


# --- q4, q7, q10: final and h of the successors given with suivants ----------------------------------------
JEUX = Path(__file__).resolve().parents[2] / "reference" / "answers" / "jeux.py"


def searcher(source: str | None = None, **extra) -> types.ModuleType:
    """A jeux.py: the model answer's, or `source`."""
    module = types.ModuleType("jeux")
    exec(compile(JEUX.read_text() if source is None else source, "jeux.py", "exec"), vars(module))
    vars(module).update(extra)
    return module


def searched(module, function: str, game: dict, ahead: bool = True, budget: int | None = None):
    """probe_search's `function` on `game`, served in this process as the pipes serve it (plain copies both
    ways): its value (None when the parent stopped it), the names of the frames the parent answered, and the
    server."""
    server = games.GameServer(game, budget, ahead=ahead)
    frames: list[str] = []

    def asked(name, args):
        frames.append(name)
        return _asked(server, name, args)

    payload = {"function": function, "initial": server.initial_wire, "h": "h" in game}
    value = None
    with calls.asking(lambda name, args: protocol.plain(asked(name, args))), contextlib.suppress(calls.Stopped):
        value = jeux_probes.probe_search(module, payload)
    return value, frames, server


def round_trips(game: dict, events: list) -> int:
    """The frames a run with these events needs when final and h of each state given are answered in the
    child: each suivants, and each final or h on a state no suivants returned before."""
    given: set = set()
    trips = 0
    for name, state in events:
        if name == "suivants":
            trips += 1
            given.update(game["succ"][state] if game["kind"] == "table" else (2 * state, state + 1))
        elif state not in given:
            trips += 1
    return trips


SEARCHED = [
    ("bfs", [*searches.fixed_games(False), *searches.deep_games("bfs"), searches.jeu1_games(False)[-1]]),
    ("ids", [*crafted.IDS_GAMES, *searches.deep_games("ids"), searches.jeu1_games(False)[12]]),
    ("idastar", [*crafted.IDASTAR_GAMES, *searches.deep_games("idastar"), searches.jeu1_games(True)[10]]),
]


@pytest.mark.parametrize(("function", "played"), SEARCHED, ids=[f for f, _ in SEARCHED])
def test_successors_given_with_suivants_leave_the_same_trace_in_a_round_trip_per_expansion(function, played):
    before = after = 0
    for game in played:
        alone, alone_frames, one_by_one = searched(searcher(), function, game, ahead=False)
        value, frames, server = searched(searcher(), function, game)
        assert value == alone == games.optimum(game)
        assert server.events == one_by_one.events and len(alone_frames) == len(one_by_one.events)
        told = frames.count(jeux_probes.TOLD)
        assert len(frames) - told == round_trips(game, server.events)
        assert told <= len(server.events) // jeux_probes.MAX_TOLD + 1
        before, after = before + len(alone_frames), after + len(frames)
    # Over these games, the round trips fall to about a half (bfs, ids) or a third (idastar).
    assert after < 0.6 * before


def test_calls_answered_in_the_child_still_stop_at_the_budget():
    # A successor of e0 tested for ever, answered in the child: the parent stops the run at its budget.
    endless = searcher("def bfs():\n    e = suivants(initial)[0]\n    while True:\n        final(e)\n")
    value, frames, server = searched(endless, "bfs", searches.deep_games("bfs")[1], budget=2_500)
    assert value is None and server.stop == {"reason": "budget"} and len(server.events) == 2_500
    assert len(frames) <= 2 + 2_500 // jeux_probes.MAX_TOLD


@pytest.mark.parametrize(
    ("told", "why"),
    [
        ([2 * 10**6], "a state never given"),
        ([4], "a state not given yet: e0's successor's successor"),
        ([-1], "a negative number"),
        ([True], "a bool for a number"),
        (["final"], "a name for a number"),
        ([0] * (jeux_probes.MAX_TOLD + 1), "more than a batch holds"),
        ({"told": [0]}, "not a list"),
        ([1], "h where the game serves none"),
    ],
)
def test_calls_told_that_the_proxies_never_tell_are_a_violation(told, why):
    # A chain 0 -> 1 -> 2 ... with int states: after suivants(0), only state 1 is given (number 0).
    forging = searcher(f"def bfs():\n    suivants(initial)\n    _ask({jeux_probes.TOLD!r}, {told!r})\n", _ask=calls.ask)
    with pytest.raises(calls.Violation) as raised:
        searched(forging, "bfs", searches.deep_games("bfs")[1])
    assert raised.value.key == "jeux.served_told", why
    with pytest.raises(calls.Violation):  # the model answer's run gives nothing ahead: nothing to tell
        searched(searcher(f"def bfs():\n    _ask({jeux_probes.TOLD!r}, [0])\n", _ask=calls.ask), "bfs", CHAIN, False)


CHAIN = searches.deep_games("bfs")[1]


def test_a_state_given_again_comes_without_its_answers():
    # Red team 15 asked suivants(e0) of q4's 1,100-successor game again and again: each answer carried every
    # successor's final and h, 7 times a plain answer's cost to the parent. They go with the first only (an
    # IDS asking again at each depth keeps its trace and round trips: the test above).
    server = games.GameServer(CHAIN, ahead=True)
    first, again = (server("suivants", server.initial_wire) for _ in range(2))
    assert first["answer"] == again["answer"] and None not in first["ahead"]
    assert again["ahead"] == [None] * len(again["answer"])


SPY = """
import gc
SEEN = []
def idastar():
    final(initial)
    SEEN.append(set(final.__closure__[0].cell_contents.answers))
    children = suivants(initial)
    SEEN.append(set(final.__closure__[0].cell_contents.answers))
    suivants(children[0])
    kept = final.__closure__[0].cell_contents  # gc finds it too (other tests' may be alive)
    SEEN.append({k for o in gc.get_objects() if o is kept for k in o.answers})
"""


def test_the_data_held_in_the_child_tells_nothing_beyond_the_successors_returned():
    # Red team 13 read the whole game from the closure of `final` (and from gc) after one call. What the
    # child holds now, at every step of a search: final and h of the states suivants returned, no more.
    game = crafted.IDASTAR_GAMES[2]  # tuple states, an h
    module = searcher(SPY)
    _, _, server = searched(module, "idastar", game)
    labels = games.labels_of(game["labels"], len(game["succ"]))
    first = game["succ"][game["initial"]]
    second = game["succ"][first[0]]

    def keys(states):
        return {jeux_probes.Held.key(games.wire(labels[j])) for j in states}

    assert module.SEEN == [set(), keys(first), keys(first + second)]
    assert server.events == [("final", 0), ("suivants", 0), ("suivants", first[0])]


def bfs_as_ids(before_test: str = "pass", after_level: str = "pass") -> str:
    """A BFS submitted as ids, which tampers with its tells before each test or after each level."""
    return (
        "def ids():\n"
        "    kept = final.__closure__[0].cell_contents\n"
        "    level, p = [initial], 0\n"
        "    while True:\n"
        "        for e in level:\n"
        f"            {before_test}\n"
        "            if final(e):\n"
        "                return p\n"
        f"        {after_level}\n"
        "        level, p = [x for e in level for x in suivants(e)], p + 1\n"
    )


ATTACKS = {
    # Red team 13's attack (findings/q4-q7-answers-ahead-silent-search/jeux.py): the game read from the held
    # data, searched unseen, then only the optimal path walked. The data it reads no longer exists.
    "silent_search": (
        "q4",
        "def bfs():\n"
        "    final(initial)\n"
        "    h = final.__closure__[0].cell_contents\n"
        "    start = h.number[h.key(initial)]\n"
        "    return len(h.answers)\n",
    ),
    # A DFS whose tells are dropped (the held list cleared before each call) but for the final state's test:
    # only its expansions and that test reach the parent.
    "dfs_untold": (
        "q4",
        "def bfs():\n"
        "    kept, seen = final.__closure__[0].cell_contents, set()\n"
        "    def down(e, p):\n"
        "        kept.later.clear()\n"
        "        seen.add(e)\n"
        "        if final(e):\n"
        "            return p\n"
        "        for x in suivants(e):\n"
        "            found = None if x in seen else down(x, p + 1)\n"
        "            if found is not None:\n"
        "                return found\n"
        "    return down(initial, 0)\n",
    ),
    # Red team 13's untold variant: a BFS submitted as ids, its tells dropped.
    "bfs_untold": ("q7", bfs_as_ids(before_test="kept.later.clear()")),
    # A BFS as ids that tells final of every state it holds, by number, to look like passes.
    "bfs_forged_passes": (
        "q7",
        bfs_as_ids(after_level="kept.later.extend(2 * n for n, _, _ in kept.answers.values())"),
    ),
    # An A* over f = p + h, the successors' h read from the held data rather than called.
    "astar_held": (
        "q10",
        "import heapq\n"
        "def idastar():\n"
        "    kept = final.__closure__[0].cell_contents\n"
        "    queue, n = [(h(initial), 0, 0, initial)], 0\n"
        "    while queue:\n"
        "        f, p, _, e = heapq.heappop(queue)\n"
        "        if final(e):\n"
        "            return p\n"
        "        for x in suivants(e):\n"
        "            n += 1\n"
        "            heapq.heappush(queue, (p + 1 + kept.answers[kept.key(_wire(x))][2], p + 1, n, x))\n"
        "def _wire(e):\n"
        "    return [_wire(x) for x in e] if type(e) is tuple else e\n",
    ),
    # Calls on states no suivants returned (int states guessed): round trips, each in the trace.
    "guessed_states": (
        "q4",
        "def bfs():\n"
        "    for guess in range(40):\n"
        "        try:\n"
        "            if final(guess):\n"
        "                return len(suivants(initial)) and 2\n"
        "        except Exception:\n"
        "            pass\n",
    ),
}


@pytest.mark.parametrize("attack", ATTACKS)
def test_attacks_on_the_data_given_ahead_earn_no_algorithm_check(attack):
    """Each attack, on every crafted game of its question's algorithm check: a run that fails or a trace the
    check refuses on at least one of them, so that the check (60 % of the question) is lost."""
    question = {"q4": searches.Q4(), "q7": searches.Q7(), "q10": searches.Q10()}[ATTACKS[attack][0]]
    refused = []
    for game in question.crafted():
        try:
            value, _, server = searched(searcher(ATTACKS[attack][1]), question.function, game)
        except Exception:  # noqa: BLE001 - a Violation kills the run, the student's own error fails it
            refused.append(game)
            continue
        finals = set(game["finals"])
        labels = games.shown_labels(game)
        if (
            value is None
            or server.stop is not None
            or not any(f == "final" and s in finals for f, s in server.events)
            or question.recognise(game, server.events, labels) is not None
        ):
            refused.append(game)
    assert refused, attack
