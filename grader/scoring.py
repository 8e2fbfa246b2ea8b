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

from grader.errors import SchemeError


@dataclass
class Scheme:
    time_factor: float = 10.0
    time_floor: float = 1.0
    overrides: dict = field(default_factory=dict)  # question id -> {"points": p, "groups": {name: w}, option: v}
    source: str = field(default="", compare=False, repr=False)  # the file it was read from, for messages

    def __post_init__(self):
        self.validate()

    @classmethod
    def load(cls, path: Path) -> "Scheme":
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise SchemeError("error.scheme_unreadable", path=str(path), detail=str(exc)) from None
        unknown = set(data) - {"time_factor", "time_floor", "questions"}
        if unknown:
            raise SchemeError("error.scheme_unknown_keys", path=str(path), keys=", ".join(sorted(unknown)))
        questions = data.get("questions", {})
        if not isinstance(questions, dict) or not all(isinstance(q, dict) for q in questions.values()):
            raise SchemeError("error.scheme_bad_value", path=str(path), key="questions", value=repr(questions))
        for qid, override in questions.items():
            _number(path, f"questions.{qid}.points", override.get("points", 0))
            groups = override.get("groups", {})
            if not isinstance(groups, dict):
                raise SchemeError("error.scheme_bad_value", path=str(path), key=f"questions.{qid}.groups",
                                  value=repr(groups))
            for name, weight in groups.items():
                _number(path, f"questions.{qid}.groups.{name}", weight)
        return cls(time_factor=_number(path, "time_factor", data.get("time_factor", cls.time_factor)),
                   time_floor=_number(path, "time_floor", data.get("time_floor", cls.time_floor)),
                   overrides=questions, source=str(path))

    def validate(self) -> None:
        """Refuse what names nothing: an unknown question, a key a question does not have, an unknown
        check group, an option's value it does not accept. Checked once, before anything is graded."""
        from grader.questions import all_questions

        known = {q.id: q for q in all_questions(extensions=True)}
        unknown = sorted(set(self.overrides) - set(known))
        if unknown:
            raise SchemeError("error.scheme_unknown_question", path=self.source, ids=", ".join(unknown))
        for qid, override in self.overrides.items():
            question = known[qid]
            keys = {"points", "groups", *question.options}
            extra = sorted(set(override) - keys)
            if extra:
                raise SchemeError("error.scheme_unknown_option", path=self.source, question=qid,
                                  keys=", ".join(extra), known=", ".join(sorted(keys)))
            self.weights(question)
            for name, option in question.options.items():
                if name in override and not option.accepts(override[name]):
                    accepted = (" | ".join(map(str, option.choices)) if option.choices
                                else f"[{option.low:g}, {option.high:g}]")
                    raise SchemeError("error.scheme_bad_option", path=self.source, key=f"questions.{qid}.{name}",
                                      value=repr(override[name]), accepted=accepted)

    def option(self, question, name: str):
        """The value of one of `question.options` in this scheme (its default when not set)."""
        return self.overrides.get(question.id, {}).get(name, question.options[name].default)

    def points(self, question) -> float:
        return float(self.overrides.get(question.id, {}).get("points", question.points))

    def weights(self, question) -> dict[str, float]:
        weights = {g.name: g.weight for g in question.groups}
        for name, weight in self.overrides.get(question.id, {}).get("groups", {}).items():
            if name not in weights:
                raise SchemeError("error.scheme_unknown_group", question=question.id, group=name,
                                  groups=", ".join(sorted(weights)))
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


def _number(path, key: str, value) -> float:
    """A scheme's number: points, weights and time settings are finite and not negative."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
        raise SchemeError("error.scheme_bad_value", path=str(path), key=key, value=repr(value))
    return float(value)
