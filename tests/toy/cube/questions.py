"""A toy family, the worked example of docs/adding-a-question.md: q19 asks for `double(n)`, twice n.

Everything it needs from the grader comes from grader/questions/api.py (its judge) and child_api.py (its probe). A family is a package, as the
grader's own are: this module lists its questions, messages.py says them (the catalogue finds it through
the registry). It is registered by one call, `grader.registry.register("tests.toy.cube")` (a family of the
grader itself gets one line in grader/registry.py's FAMILIES instead). The child loads this module for its
probe: a family whose judges need more than the standard library keeps its probes in a module of their
own (grader/questions/jeux/probes.py).
"""

from __future__ import annotations

from grader.questions.api import CHEAP, Failure, Group, Kind, Question, oracle
from grader.questions.child_api import probe

CASES = (0, 1, 7, -3, 10**20)  # smallest first: the first failure is the counterexample shown


@probe
def probe_double(module, payload):
    """Run in the confined child on the student's module: plain data in, plain data out."""
    return module.double(payload["n"])


@oracle(probe_double)
def _double_expected(payload):
    """What a correct answer returns, without a model answer (none is installed for this family)."""
    return 2 * payload["n"], CHEAP


def judge_double(question, ctx, n: int) -> Failure | None:
    shown = {"n": n}
    reply = ctx.run(probe_double, {"n": n})  # the time limit: the scheme's floor (the oracle is CHEAP)
    if not reply.ok:
        return ctx.failure(reply, shown)  # timeout, crash, exception, missing function: said for us
    expected = ctx.expected(probe_double, {"n": n})
    if type(reply.value) is not int or reply.value != expected:  # never trust a reply's shape
        return Failure(Kind.WRONG, "q19.wrong", shown, counterexample=shown, expected=expected, got=reply.value)
    return None


class Q19(Question):
    id = "q19"
    module = "cube"  # the student's file: cube.py
    functions = ("double",)
    points = 1.0
    # One group, judged on the fixed CASES: doubling is the whole question. No `run`: the generic one
    # judges each group on the cases it declares.
    groups = (Group("double", 1.0, (CASES,), judge_double),)
    draws_with_hypothesis = False  # fixed cases (a `Drawn` stage would draw them with Hypothesis)


QUESTIONS = [Q19()]
