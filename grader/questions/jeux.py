"""Parts I-III (module jeux.py): q1, q4, q7, q10, q11.

Probes install the game's globals (`initial`, `suivants`, `final`, `h`) in the student's module,
instrumented, call the function and return plain data; judges compare with exact distances.
"""
from __future__ import annotations

from grader.questions.base import Failure, Group, Outcome, Question, probe


@probe
def probe_solution_42(module, payload):
    return module.solution_42()


def jeu1_distance(start: int, target: int) -> int | None:
    """Exact distance from `start` to `target` in game (1) (states only grow), None if unreachable."""
    if start > target:
        return None
    distance = {target: 0}
    for n in range(target - 1, start - 1, -1):
        options = [distance[m] for m in (2 * n, n + 1) if m <= target and m in distance]
        if options:
            distance[n] = 1 + min(options)
    return distance.get(start)


class Q1(Question):
    id = "q1"
    module = "jeux"
    functions = ("solution_42",)
    points = 1.0
    groups = (Group("sequence", 1.0),)

    def run(self, ctx):
        optimum = jeu1_distance(1, 42)
        reply = ctx.call(probe_solution_42, {}, timeout=ctx.limit(0.0))
        if not reply.ok:
            return [Outcome("sequence", ctx.failure(reply))]
        got = reply.value
        if not isinstance(got, list) or not all(type(x) is int for x in got):
            return [Outcome("sequence", Failure("wrong", "q1.not_a_list", got=got))]
        if got[:1] != [1] or got[-1:] != [42]:
            return [Outcome("sequence", Failure("wrong", "q1.ends", got=got))]
        for a, b in zip(got, got[1:]):
            if b not in (2 * a, a + 1):
                return [Outcome("sequence", Failure("wrong", "q1.step", {"a": a, "b": b}, got=got))]
        if len(got) - 1 != optimum:
            return [Outcome("sequence", Failure("wrong", "q1.not_optimal", {"moves": len(got) - 1},
                                                expected=optimum, got=len(got) - 1))]
        return [Outcome("sequence")]


QUESTIONS = [Q1()]
