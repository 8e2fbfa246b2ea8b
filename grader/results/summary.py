"""The class in numbers, computed once and read by everything that shows it: the class page (its pass
rates and histogram), the statistics spreadsheet and the web service's dashboard, so that none of them
can say another figure for the same class.

Who counts: a copy without a grade (not handed in, a refused duplicate, the grader's failure) counts
nowhere. A question counts the copies with a grade that have a result for it; a written question, only
those the teacher has marked (the others are counted apart, `unmarked`). The histogram counts the totals
that are grades (`SubmissionResult.has_final_grade`): a copy still waiting for a written mark is counted
apart too, as the exports leave its grade blank.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field

from grader.results.records import Run, Status

# The statuses said together as "failed" and as "not answered" (nothing of the student's ran).
FAILED = (Status.FAILED, Status.ERROR, Status.TIMEOUT, Status.CRASHED, Status.MEMORY)
NOT_RUN = (Status.MISSING, Status.NOT_IMPLEMENTED)
MAX_BINS = 12


@dataclass
class QuestionStats:
    qid: str
    title: str  # catalogue key
    points: float
    manual: bool
    outcomes: dict[str, int]  # among the copies counted, by status: passed, partial, failed, missing
    mean: float | None
    median: float | None
    unmarked: int = 0  # a written question: copies with a grade whose mark is not given yet

    @property
    def counted(self) -> int:
        return sum(self.outcomes.values())

    @property
    def pass_rate(self) -> float | None:
        """The share of the copies counted that passed (full marks)."""
        return self.outcomes["passed"] / self.counted if self.counted else None


@dataclass
class Bin:
    low: float
    high: float
    count: int


@dataclass
class Histogram:
    bins: list[Bin]
    top: float  # the highest possible total: the last bin ends there, and the axis says it
    highest: int  # the largest count of a bin


@dataclass
class ClassStats:
    questions: list[QuestionStats]
    graded: int  # copies whose total is a grade
    unmarked: list[str] = field(default_factory=list)  # ids of copies whose total waits for a written mark
    histogram: Histogram | None = None


def class_stats(run: Run) -> ClassStats:
    subs = [s for s in run.submissions if s.has_grade]
    final = [s for s in subs if s.has_final_grade]
    return ClassStats(
        questions=[_question(run, subs, qid) for qid in _question_ids(run)],
        graded=len(final),
        unmarked=[s.id for s in subs if s.unmarked],
        histogram=histogram([s.total for s in final], max((s.max for s in final), default=0.0)),
    )


def _question_ids(run: Run) -> list[str]:
    seen: dict[str, None] = {}
    for sub in run.submissions:
        seen.update((q.id, None) for q in sub.questions)
    return list(seen)


def _question(run: Run, subs: list, qid: str) -> QuestionStats:
    results = [next((q for q in s.questions if q.id == qid), None) for s in subs]
    known = [q for q in results if q is not None]
    marked = [q for q in known if q.status != Status.UNGRADED]
    statuses = Counter(q.status for q in marked)
    scores = [q.score for q in marked] + [0.0] * (len(results) - len(known))  # no result: nothing answered
    return QuestionStats(
        qid=qid,
        title=known[0].title if known else f"{qid}.title",
        points=max((q.max for q in known), default=0.0),
        manual=any(q.manual for q in known),
        outcomes={
            "passed": statuses[Status.PASSED],
            "partial": statuses[Status.PARTIAL],
            "failed": sum(statuses[s] for s in FAILED),
            "missing": sum(statuses[s] for s in NOT_RUN) + len(results) - len(known),
        },
        mean=statistics.fmean(scores) if scores else None,
        median=statistics.median(scores) if scores else None,
        unmarked=len(known) - len(marked),
    )


def histogram(totals: list[float], top: float) -> Histogram | None:
    """Totals in bins of a round width (at most MAX_BINS) from 0 to `top`, the highest possible total;
    the last bin may be narrower, and ends at `top` (23 points: bins of 2, the last from 22 to 23)."""
    if not totals:
        return None
    top = max(top, *totals, 1)
    width = next(w * 10**e for e in range(-1, 12) for w in (1, 2, 2.5, 5) if top / (w * 10**e) <= MAX_BINS)
    count = math.ceil(top / width - 1e-9)
    counts = [0] * count
    for total in totals:
        counts[min(count - 1, max(0, int(total / width + 1e-9)))] += 1
    return Histogram(
        bins=[Bin(i * width, min(top, (i + 1) * width), c) for i, c in enumerate(counts)],
        top=top,
        highest=max(counts),
    )
