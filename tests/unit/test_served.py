"""A run's handler (grader/sandbox/calls.py's Served) must answer: a handler without `__call__` cannot be made.
What a served call sends is copied as plain data (protocol.plain) with the same bounds, whether its lists
are walked item by item or taken whole (rows of ints, moves as strings). q17's answers given ahead (the
served tente_* answering, as data, the calls a dfs makes next) leave the globals the calls sent one by one
leave, the parent knowing every call; a batch of calls the proxies never send is a violation, a call
answered ahead is refused as the same call sent alone, and answers forged in the child earn nothing."""

from __future__ import annotations

import contextlib
import enum
import re
import types
from pathlib import Path

import pytest

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
