"""The grading scheme (barème): points per question, weights of its check groups, time-limit policy.

Defaults come from the question classes; a TOML file overrides any of them:

    time_factor = 10        # a call's limit is time_factor × the reference's time on the same case…
    time_floor = 1.0        # …and never less than this many seconds
    [questions.q4]
    points = 3
    groups = { petits_jeux = 2, jeu1 = 1, algorithme = 1 }
    [questions.q13]         # a written question: its points, for the teacher's gradebook
    points = 2
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


class SchemeError(ValueError):
    pass


@dataclass
class Scheme:
    time_factor: float = 10.0
    time_floor: float = 1.0
    overrides: dict = field(default_factory=dict)  # question id -> {"points": p, "groups": {name: w}}

    @classmethod
    def load(cls, path: Path) -> "Scheme":
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise SchemeError(f"{path}: {exc}") from None
        unknown = set(data) - {"time_factor", "time_floor", "questions"}
        if unknown:
            raise SchemeError(f"{path}: unknown keys {sorted(unknown)}")
        return cls(time_factor=float(data.get("time_factor", cls.time_factor)),
                   time_floor=float(data.get("time_floor", cls.time_floor)),
                   overrides=data.get("questions", {}))

    def points(self, question) -> float:
        return float(self.overrides.get(question.id, {}).get("points", question.points))

    def weights(self, question) -> dict[str, float]:
        weights = {g.name: g.weight for g in question.groups}
        for name, weight in self.overrides.get(question.id, {}).get("groups", {}).items():
            if name not in weights:
                raise SchemeError(f"{question.id} has no check group {name!r} (it has {sorted(weights)})")
            weights[name] = float(weight)
        return weights

    def as_dict(self, questions) -> dict:
        """The scheme in force, as the reports show it."""
        return {
            "time_factor": self.time_factor,
            "time_floor": self.time_floor,
            "questions": {q.id: {"points": self.points(q), "groups": self.weights(q), "manual": q.manual,
                                 "extension": q.extension} for q in questions},
        }
