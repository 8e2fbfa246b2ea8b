"""How a check group judges its cases (`ctx.check`, `ctx.check_cases`): cases drawn by Hypothesis from the
run's seed, drawn once per process and replayed for every student, or fixed cases, smallest first.
"""

from __future__ import annotations

import copy
import itertools
import zlib

from grader.caches import register
from grader.errors import GraderBug
from grader.judge import drawing, expectations
from grader.judge.question import Failure, Inconclusive
from grader.judge.session import FATAL_KINDS
from grader.sandbox import protocol
from grader.text.message import Message


class _Falsified(Exception):
    pass


# The cases each check group draws, by (seed, question, group, examples, strategy): see `drawn`.
_drawn_cases: dict[tuple, list] = register(f"{__name__}._drawn_cases", {})
DRAWN_GROUPS_KEPT = 512


def drawn(seed: int, qid: str, group: str, strategy, judge, examples: int) -> Failure | None:
    """Run `judge(case) -> Failure | None` on cases drawn from a Hypothesis strategy, with the class seed;
    the smallest failing case Hypothesis finds, or None.

    Drawing is most of a passing group's cost and the same for every student of a run: the cases are
    drawn once per process (the run Hypothesis makes for an answer that passes them all; in a class run,
    once for all its workers: drawing.cases) and judged in that order. Only a failure runs Hypothesis with the judge, from the same seed: it draws the same cases
    up to that failure (their verdicts replayed, not asked again), then shrinks it, exactly as a run
    without the cache would."""
    key = (seed, qid, group, examples, repr(strategy))
    cases = _drawn_cases.get(key)
    if cases is None:
        cases = drawing.cases(key, lambda: draw(seed, qid, group, strategy, examples))
        if len(_drawn_cases) >= DRAWN_GROUPS_KEPT:
            _drawn_cases.clear()  # a long-lived process (a service worker) grading runs of many seeds
        _drawn_cases[key] = cases
    verdicts: list[tuple[object, Failure | None]] = []
    for case in cases:
        mine = copy.deepcopy(case)  # a judge may change its case: the next student's stays as drawn
        failure = judged(qid, group, judge, mine)
        verdicts.append((case, failure))
        if failure is not None:
            attach(failure, mine)
            if failure.kind in FATAL_KINDS:  # not shrunk: every try would cost a full time limit
                return failure
            break
    else:  # (Hypothesis drew at least one case, or said why not)
        return None

    turns = itertools.count()

    def replayed(case):
        """The verdict already given on this case when Hypothesis draws it again at the same turn."""
        turn = next(turns)
        if turn < len(verdicts) and verdicts[turn][0] == case:
            return verdicts[turn][1]
        return judged(qid, group, judge, case)

    return hypothesis(seed, qid, group, strategy, examples, replayed, shrink=True)


def draw(seed: int, qid: str, group: str, strategy, examples: int) -> list:
    """The cases Hypothesis draws for the group when every one passes, in order."""
    cases: list = []
    hypothesis(seed, qid, group, strategy, examples, lambda case: cases.append(copy.deepcopy(case)), shrink=False)
    return cases


def judged(qid: str, group: str, judge, case) -> Failure | None:
    """`judge(case)`; its exception is the grader's error (a missing model answer says so itself)."""
    try:
        return judge(case)
    except expectations.ModelAnswerNeeded:
        raise
    except Exception as exc:  # noqa: BLE001
        raise GraderBug("error.judge_raised", where=f"{qid}/{group}", detail=repr(exc)) from exc


def hypothesis(seed: int, qid: str, group: str, strategy, examples: int, judge, shrink: bool) -> Failure | None:
    """Hypothesis's run of `judge` over the group's cases from the class seed: the last failure it saw
    (the smallest, once shrunk), or None."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as seeded
    from hypothesis.errors import Flaky

    drawing.configure()
    failures: list[Failure] = []
    bugs: list[BaseException] = []
    tried = 0
    stop = False
    where = f"{qid}/{group}"

    @seeded(zlib.crc32(f"{seed}:{qid}:{group}".encode()))
    @settings(
        database=None,
        max_examples=examples,
        deadline=None,
        derandomize=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
        phases=(Phase.explicit, Phase.generate, Phase.shrink) if shrink else (Phase.explicit, Phase.generate),
    )
    @given(strategy)
    def property_(case):
        nonlocal stop, tried
        if stop:
            return  # a fatal failure is not shrunk: every try would cost a full time limit
        tried += 1
        try:
            failure = judge(case)
        except Exception as exc:  # noqa: BLE001 - raised again below, outside Hypothesis
            bugs.append(exc)
            stop = True
            return
        if failure is not None:
            attach(failure, case)
            failures.append(failure)
            stop = failure.kind in FATAL_KINDS
            raise _Falsified

    try:
        property_()
    except _Falsified:
        pass
    except Flaky:
        # Expected once a failure stopped the group (its replay then passes), or when the student's
        # code fails only sometimes; without a failure it is Hypothesis contradicting itself.
        if not failures and not bugs:
            raise GraderBug("error.hypothesis", where=where, detail="Flaky") from None
    except Exception as exc:  # noqa: BLE001 - InvalidArgument, Unsatisfiable, ...: the grader's fault
        if not bugs:
            raise GraderBug("error.hypothesis", where=where, detail=f"{type(exc).__name__}: {exc}") from exc
    if bugs:
        raise bugs[0]
    if not tried:
        raise GraderBug("error.no_case_judged", where=where)
    return failures[-1] if failures else None


def fixed(
    qid: str, group: str, cases, judge, part=None, decided_before: bool = False
) -> tuple[Failure | None, Message | None, frozenset]:
    """Run `judge` on fixed cases, smallest first: the first failure, the note of what was left undecided,
    the parts that passed all their cases (see Context.check_cases). `decided_before`: the group already
    decided cases of its own (these extend it), so none of these being decided is no error."""
    undecided: list[Inconclusive] = []
    cases = list(cases)
    first: Failure | None = None
    failed_parts: set = set()
    for case in cases:
        if part is not None and part(case) in failed_parts:
            continue
        failure = judge(case)
        if isinstance(failure, Inconclusive):
            undecided.append(failure)
        elif failure is not None:
            attach(failure, case)
            first = first or failure
            if part is None:
                break
            failed_parts.add(part(case))
    if first is None and len(undecided) == len(cases) and not decided_before:
        raise GraderBug("error.no_case_judged", where=f"{qid}/{group}")
    note = Message(undecided[0].message, undecided[0].params) if undecided and first is None else None
    parts = frozenset(part(case) for case in cases) - failed_parts if part is not None else frozenset()
    return first, note, parts


def attach(failure: Failure, case) -> None:
    """The case becomes the counterexample, unless the failure is a function not written yet."""
    if failure.counterexample is None and failure.kind != protocol.NOT_IMPLEMENTED:
        failure.counterexample = case
