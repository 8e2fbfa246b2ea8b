"""A grading run's settings: its seed, language, barème, limits and deadline."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from grader.results.scoring import Scheme
from grader.sandbox.limits import Limits

SEED_BITS = 32  # a run's seed: drawn afresh unless given, so that no table of a public seed's cases can answer it


def fresh_seed() -> int:
    return secrets.randbits(SEED_BITS)


JOB_SECONDS = 1800.0  # the default: a whole student's job, its calls' limits and their reruns included


@dataclass
class Settings:
    seed: int = field(default_factory=fresh_seed)  # recorded in results.json and reports: `--seed` redoes a run
    lang: str = "fr"
    examples: int = 40  # Hypothesis examples per property check
    reference: str = "auto"  # where expectations come from: grader/judge/expectations.py
    progress: bool = False  # a line on stderr while one call runs longer than PROGRESS_AFTER (grader check)
    scheme: Scheme = field(default_factory=Scheme)
    limits: Limits = field(default_factory=Limits)
    # A job's hard wall deadline (grader/run/deadline.py): a whole student, or a question of one; every call
    # inside has its own limit, so only a grader's bug or an unbounded computation reaches it.
    job_seconds: float = JOB_SECONDS
    # `--replay [N]`: game N of each search question's algorithm group replayed also when the check passes
    # (Question.replay_games says how many there are); None: only a failed check's game is replayed.
    replay: int | None = None
