"""The parent's side of parts I-III on its own: the oracles against brute force, the server that
answers the student's calls, and the rule that probe modules import nothing but the standard library."""

from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

import pytest

from bruteforce import distance_to_final
from grader.questions.jeux import searches as jeux
from grader.questions.jeux import questions as jeux_questions
from grader.questions.jeux import games as jeux_games
from reference.jeu1_pairs import large_pairs
from grader.questions.jeux import traces as jeux_traces
from grader.sandbox import calls
from reference.answers import jeu1
from reference.answers.jeux import h_jeu1

ROOT = Path(__file__).resolve().parents[2]
# Child-side modules: the child imports them before the student's code, with the grader's tree read-only
# and no third-party package to rely on.
PROBE_MODULES = ["grader/questions/jeux/probes.py"]
# The child's namespace they import, and what it holds that is not the protocol (the states on the wire).
SHARED = ["grader/questions/child_api.py", "grader/questions/states.py"]
ALLOWED = {
    "grader.caches",  # standard library only
    "grader.sandbox.protocol",
    "grader.sandbox.calls",
    "grader.sandbox",
    "grader.questions.child_api",  # the child's namespace (tests/unit/test_authoring_api.py)
    "grader.questions.shapes",  # standard library only
    "grader.questions.states",  # checked here too (SHARED)
}


@pytest.mark.parametrize("path", PROBE_MODULES + SHARED)
def test_probe_modules_import_only_the_standard_library_and_the_protocol(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative import in a probe module"
            imported.add(node.module)
            if node.module in ("grader.sandbox", "grader.questions"):
                imported.discard(node.module)
                imported.update(f"{node.module}.{alias.name}" for alias in node.names)
    outside = {
        name for name in imported if name not in ALLOWED and name.partition(".")[0] not in sys.stdlib_module_names
    }
    assert not outside, f"{path} imports {sorted(outside)}"


def test_the_checked_modules_are_the_ones_the_questions_load():
    assert {m.replace(".", "/") + ".py" for q in jeux_questions.QUESTIONS for m in q.probe_modules} == set(
        PROBE_MODULES
    )


# --- Game (1) distances: exact arithmetic (reference/answers/jeu1.py), the grader's BFS, the shipped data -------
def bfs_distance(n: int, t: int):
    # States above t are dead ends (moves only increase n): the game below t is finite.
    return distance_to_final(n, lambda x: [y for y in (2 * x, x + 1) if y <= t], lambda x: x == t)


def test_game1_distance_is_the_bfs_distance_for_every_pair_up_to_200():
    for t in range(1, 201):
        assert list(jeux_games.jeu1_distances(t)) == [bfs_distance(n, t) for n in range(1, t + 1)], t
        assert [jeu1.jeu1_distance(n, t) for n in range(1, t + 1)] == list(jeux_games.jeu1_distances(t)), t
    assert jeu1.jeu1_distance(5, 4) is None


def test_game1_distance_satisfies_bellmans_equation_up_to_2_62():
    # For large t no BFS can check it; the distance is the unique solution of d(t) = 0,
    # d(n) = 1 + min(d(n + 1), d(2n) when 2n <= t): check that equation on random and boundary pairs.
    rng = random.Random(11)
    pairs = [(n, t) for n, t in large_pairs() if n < t][::7]
    pairs += [(rng.randrange(1, t), t) for t in (rng.randrange(2, 2**62) for _ in range(300))]
    d = jeu1.jeu1_distance
    for n, t in pairs:
        options = [d(n + 1, t)] + ([d(2 * n, t)] if 2 * n <= t else [])
        assert d(n, t) == 1 + min(options), (n, t)


def test_the_shipped_data_of_game_1_is_what_the_model_answers_give():
    # grader/data/jeu1.json is written by `python -m reference.answers.jeu1`: stale after a change of q11's large pairs.
    assert json.loads(jeu1.DATA.read_text(encoding="utf-8")) == jeu1.data()
    large = jeux_games.large_distances(large_pairs())
    assert all(large[n, t] == jeux_games.jeu1_distances(t)[n - 1] for n, t in large_pairs() if t <= 300)


def test_the_model_h_is_admissible_on_the_large_pairs():
    large = jeux_games.large_distances(large_pairs())
    assert all(h_jeu1(n, t) <= d for (n, t), d in large.items())


def test_game_1_is_served_h_0_no_answer_to_q11():
    server = jeux_games.GameServer({"kind": "jeu1", "target": 42, "h": 0})
    assert [server("h", n) for n in (1, 2, 21, 41, 42, 43, 100)] == [0] * 7


# --- The server -------------------------------------------------------------------------------------------
def test_the_server_answers_from_its_game_and_keeps_the_trace():
    game = jeux_games.named_game({"r": ["a", "b"], "a": ["f"]}, ["f"], labels="tuple")
    server = jeux_games.GameServer(game)
    assert server("suivants", [0, 0]) == [[0, 1], [0, 2]]
    assert server("final", [0, 3]) is True and server("final", [0, 1]) is False
    assert server.events == [("suivants", 0), ("final", 3), ("final", 1)]


@pytest.mark.parametrize("sent", [{"type": "list", "repr": "[0, 1]"}, "x", [0, 1, 2]])
def test_anything_but_a_state_of_the_game_stops_the_run(sent):
    server = jeux_games.GameServer(jeux_games.named_game({"r": ["a"]}, ["a"], labels="tuple"))
    with pytest.raises(calls.Stop):
        server("final", sent)
    assert server.stop["reason"] == "not_a_state" and server.events == []
    with pytest.raises(calls.Stop):
        server("final", [0, 0])  # once stopped, stopped for good


@pytest.mark.parametrize(
    "sent",
    [[0, True], [0.0, 1], None, "x" * 201, 1 << 201, list(range(17)), {"type": "list", "repr": "[0, 1]", "more": 1}],
    ids=["bool", "float", "none", "long-str", "huge-int", "long-list", "extra-key"],
)
def test_an_argument_the_probe_never_ships_is_a_protocol_violation(sent):
    """What jeux_probes.encode never sends is no student's value but a forged call: refused before the
    game is looked at, and the trace stays empty."""
    server = jeux_games.GameServer(jeux_games.named_game({"r": ["a"]}, ["a"], labels="tuple"))
    with pytest.raises(calls.Violation):
        server("final", sent)
    assert server.events == []


def test_h_is_served_only_on_a_game_that_has_one():
    game = jeux_games.named_game({"r": ["a"]}, ["a"])
    assert jeux_games.GameServer(game).names == {"final", "suivants"}
    assert jeux_games.GameServer({"kind": "jeu1", "target": 10, "h": 0}).names == {"final", "suivants", "h"}


def test_the_budget_stops_the_run_and_is_counted_by_the_parent():
    server = jeux_games.GameServer({"kind": "jeu1", "target": 10}, budget=3)
    for n in (1, 2, 3):
        server("final", n)
    with pytest.raises(calls.Stop):
        server("suivants", 4)
    assert server.stop == {"reason": "budget"} and server.total == 3


def test_a_huge_int_in_game_1_is_a_state_too_deep_not_garbage():
    server = jeux_games.GameServer({"kind": "jeu1", "target": 10})
    with pytest.raises(calls.Stop):
        server("final", {"type": "int", "repr": "300 bits"})
    assert server.stop["reason"] == "too_deep"


# --- IDA*'s bounds, and the crafted games' promises -------------------------------------------------------
def figure3_bounds(game):
    """Figure 3 literally (recursive, global min) on the table: the bounds of the passes."""
    succ, h, finals = game["succ"], game["h"], set(game["finals"])
    bounds, state = [], {"min": None}

    def dfs(m, e, p):
        c = p + h[e]
        if c > m:
            state["min"] = c if state["min"] is None else min(state["min"], c)
            return False
        if e in finals:
            return True
        return any(dfs(m, x, p + 1) for x in succ[e])

    m = h[game["initial"]]
    while True:
        bounds.append(m)
        state["min"] = None
        if dfs(m, game["initial"], 0):
            return bounds
        m = state["min"]


@pytest.mark.parametrize("game", jeux.Q10().crafted() + jeux.deep_games("idastar"), ids=lambda g: str(len(g["succ"])))
def test_idastar_passes_follow_figure_3(game):
    assert [p["bound"] for p in jeux_games.idastar_passes(game)] == figure3_bounds(game)


def test_idastar_passes_expand_what_figure_3_expands_on_random_trees():
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randrange(1, 14)
        succ: list[list[int]] = [[] for _ in range(n)]
        for child in range(1, n):
            succ[rng.randrange(child)].append(child)
        h = [rng.randrange(0, 5) for _ in range(n)]
        game = jeux_games.table_game("int", succ, rng.sample(range(n), min(n, rng.randrange(1, 3))), 0, h)
        expected = figure3_expanded(game)
        got = [(p["bound"], p["expanded"]) for p in jeux_games.idastar_passes(game)]
        assert got == expected, game


def figure3_expanded(game):
    """Figure 3 (a stack, every pass explored whole) on a tree: each pass's bound and expanded states."""
    succ, h, finals, bound = game["succ"], game["h"], set(game["finals"]), game["h"][game["initial"]]
    passes = []
    while True:
        expanded, exceeded, found, stack = set(), [], False, [(game["initial"], 0)]
        while stack:
            x, p = stack.pop()
            if p + h[x] > bound:
                exceeded.append(p + h[x])
            elif x in finals:
                found = True
            else:
                expanded.add(x)
                stack.extend((y, p + 1) for y in succ[x])
        passes.append((bound, expanded))
        if found or not exceeded:
            return passes
        bound = min(exceeded)


def test_crafted_idastar_games_have_consecutive_bounds_and_a_deep_one_needs_more_than_10():
    bounds = [
        [p["bound"] for p in jeux_games.idastar_passes(g)] for g in jeux.Q10().crafted() + jeux.deep_games("idastar")
    ]
    assert [1, 2, 3, 4, 5] in bounds and max(len(b) for b in bounds) > 10


def test_deep_games_are_deep():
    for function in ("bfs", "ids", "idastar"):
        assert all(jeux_games.optimum(g) >= 60 for g in jeux.deep_games(function))


@pytest.mark.parametrize("question", [jeux.Q4(), jeux.Q7(), jeux.Q10()], ids=lambda q: q.id)
def test_crafted_games_have_an_initial_state_without_predecessor(question):
    for game in question.crafted():
        assert all(game["initial"] not in row for row in game["succ"])


def test_bfs_crafted_games_are_deep_enough_to_see_a_restart_from_the_successors():
    # A search restarting from e0's successors comes back to depth 1 after depth 3.
    assert max(jeux_games.optimum(g) for g in jeux.Q4().crafted()) >= 4


def test_ids_crafted_games_are_deep_enough_to_tell_a_bfs():
    assert all(jeux_games.optimum(game) >= 3 for game in jeux.Q7().crafted())


def test_idastar_crafted_h_is_admissible():
    for game in jeux.Q10().crafted() + jeux.deep_games("idastar") + jeux.fixed_games(True):
        to_final = jeux_games.distances(jeux_games.reverse(game["succ"]), game["finals"])
        assert all(d is None or h <= d for h, d in zip(game["h"], to_final))


def test_passes_are_cut_at_a_repeated_call_not_at_an_immediate_repeat_nor_at_h():
    events = [
        ("h", 0),
        ("final", 0),
        ("suivants", 0),
        ("h", 1),
        ("h", 1),
        ("final", 1),
        ("suivants", 0),
        ("suivants", 0),
        ("h", 0),
        ("final", 0),
        ("final", 1),
        ("final", 0),
    ]
    assert [len(p) for p in jeux_traces.passes(events)] == [6, 5, 1]
    # A pass that tests no state (final only at depth exactly m) is cut at its expansion of e0, even
    # when the previous pass ended with that expansion and the calls of h in between.
    events = [("h", 0), ("suivants", 0), ("h", 1), ("h", 2), ("h", 0), ("suivants", 0), ("h", 1)]
    assert [len(p) for p in jeux_traces.passes(events)] == [5, 2]


def test_the_oracles_bound_on_calls_is_above_the_model_answers_count():
    import importlib

    from grader.questions.jeux import probes as jeux_probes

    model = importlib.import_module("reference.answers.jeux")
    for question in (jeux.Q4(), jeux.Q7(), jeux.Q10()):
        h = question.with_h
        games = (
            jeux.fixed_games(h)
            + question.crafted()
            + jeux.deep_games(question.function)
            + [{"kind": "jeu1", "target": t, **({"h": 0} if h else {})} for t in jeux.JEU1_TARGETS]
        )
        for game in games:
            server = jeux_games.GameServer(game)
            with calls.serving(server):
                jeux_probes.probe_search(model, {"function": question.function, "initial": server.initial_wire, "h": h})
            assert server.total <= jeux_games.search_calls_bound(game, question.function), (question.id, game)


def _memo_trace(game: dict, passes_of: str) -> list[tuple[str, int]]:
    """The calls of an IDS over a memo of `suivants` on `game` (a tree), its passes depth-first (figure 2,
    goal tested on entry or at generation) or breadth-first, down to the optimum."""
    succ, root, finals = game["succ"], game["initial"], set(game["finals"])
    events: list[tuple[str, int]] = []
    memo: dict[int, list[int]] = {}

    def successors(e: int) -> list[int]:
        if e not in memo:
            events.append(("suivants", e))
            memo[e] = succ[e]
        return memo[e]

    def final(e: int) -> bool:
        events.append(("final", e))
        return e in finals

    def dfs(m: int, e: int, p: int) -> bool:
        if passes_of == "generation":
            return p < m and (any(final(x) for x in successors(e)) or any(dfs(m, x, p + 1) for x in successors(e)))
        return final(e) or (p < m and any(dfs(m, x, p + 1) for x in successors(e)))

    def bfs(m: int) -> bool:
        level = [root]
        for p in range(m + 1):
            if any(final(e) for e in level):
                return True
            level = [x for e in level for x in successors(e)] if p < m else []
        return False

    one_pass = bfs if passes_of == "breadth" else (lambda m: dfs(m, root, 0))
    if passes_of == "generation":
        final(root)
    m = 0
    while not one_pass(m):
        m += 1
    return events


def test_a_memo_of_suivants_keeps_a_depth_first_pass_and_shows_a_breadth_first_one():
    """The successors served earlier in the same call are known edges: a depth-first pass over them (goal
    tested on entry or at generation) is an IDS; breadth-first passes over them still jump between branches."""
    for game in jeux.Q7().crafted():
        labels = jeux_games.shown_labels(game)
        for way in ("entry", "generation"):
            assert jeux_traces.ids(game, _memo_trace(game, way), labels) is None, way
        verdict = jeux_traces.ids(game, _memo_trace(game, "breadth"), labels)
        assert verdict is not None and verdict.key == "jeux.not_depth_first"


def test_q11_batches_reach_the_child_as_plain_data_and_ask_every_pair_once():
    """A typed case crosses to the child as the protocol's plain data (a JSON frame), never as an object:
    each batch's payload reads back as sent and stands for the same batch; the batch itself is refused by
    the frame. Together the batches ask every (n, t) of t <= T_MAX, then the large pairs, once each."""
    from grader.questions.jeux.heuristic import Q11, Batch
    from grader.sandbox import protocol

    small, large = Q11.small_batches(), Q11.large_batches()
    for batch in small + large:
        payload = batch.payload()
        assert protocol.parse_frame(protocol.frame_bytes(payload)[4:]) == payload
        assert Batch.of(payload) == batch
        assert sum(batch.sizes()) == len(batch.asked()) <= Q11.CHUNK
    with pytest.raises(TypeError):
        protocol.frame_bytes({"payload": small[0]})
    assert [p for b in small for p in b.asked()] == [(n, t) for t in range(1, Q11.T_MAX + 1) for n in range(1, t + 1)]
    assert tuple(p for b in large for p in b.asked()) == large_pairs()
