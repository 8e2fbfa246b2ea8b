"""The grading scheme (barème): points per question, weights of its check groups, time-limit policy; and
scoring under it (`question_result`: a question's checks, score and status from its groups' outcomes).

Defaults come from the question classes; a TOML file overrides any of them:

    time_factor = 10        # a call's limit is time_factor × the reference's time on the same case…
    time_floor = 0.25       # …and never less than this many seconds
    [questions.q4]
    points = 3
    groups = { petits_jeux = 2, jeu1 = 1, algorithme = 1 }
    [questions.q13]         # a written question: its points, for the teacher's gradebook
    points = 2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from grader import settings_files as settings
from grader.text import i18n
from grader.errors import SchemeError
from grader.text.message import Message
from grader.results.records import Check, Kind, Output, QuestionResult, Status, excerpt, shown_visual

# When nothing passed, the status names the worst thing that happened, in this order.
STATUS_PRIORITY = (Status.MEMORY, Status.TIMEOUT, Status.CRASHED, Status.ERROR)

# What a barème file may hold: points, weights and time settings are finite and not negative. A
# question's own keys (its options) and what the names name are checked by Scheme.validate.
_NOT_NEGATIVE = settings.Number(low=0)
SCHEMA = settings.Table(
    {
        "time_factor": settings.Number(low=0, default=10.0),
        "time_floor": settings.Number(low=0, default=0.25),
        "questions": settings.Table(
            more=settings.Table(
                {"points": _NOT_NEGATIVE, "groups": settings.Table(more=_NOT_NEGATIVE)}, more=settings.Spec()
            )
        ),
    }
)


@dataclass
class Scheme:
    time_factor: float = 10.0
    time_floor: float = 0.25
    overrides: dict = field(default_factory=dict)  # question id -> {"points": p, "groups": {name: w}, option: v}
    source: str = field(default="", compare=False, repr=False)  # the file it was read from, for messages

    def __post_init__(self):
        self.validate()

    @classmethod
    def load(cls, path: Path) -> Scheme:
        data = settings.load(path, SCHEMA, "scheme", SchemeError)
        return cls(
            time_factor=float(data["time_factor"]),
            time_floor=float(data["time_floor"]),
            overrides=data.get("questions", {}),
            source=str(path),
        )

    def validate(self) -> None:
        """Refuse what names nothing: an unknown question, a key a question does not have, an unknown
        check group, an option's value it does not accept. Checked once, before anything is graded."""
        from grader.registry import all_questions

        known = {q.id: q for q in all_questions(extensions=True)}
        unknown = sorted(set(self.overrides) - set(known))
        if unknown:
            raise SchemeError(
                "error.scheme_unknown_question", path=self.source, ids=", ".join(unknown), count=len(unknown)
            )
        for qid, override in self.overrides.items():
            question = known[qid]
            keys = {"points", "groups", *question.options}
            extra = sorted(set(override) - keys)
            if extra:
                raise SchemeError(
                    "error.scheme_unknown_option",
                    path=self.source,
                    question=qid,
                    keys=", ".join(extra),
                    known=", ".join(sorted(keys)),
                )
            weights = self.weights(question)
            if weights and not any(weights.values()) and self.points(question) > 0:
                # Nothing to earn the points with: every answer, a correct one included, would get 0.
                raise SchemeError("error.scheme_no_weight", path=self.source, question=qid)
            for name, option in question.options.items():
                if name in override and not option.accepts(override[name]):
                    accepted = (
                        " | ".join(map(str, option.choices)) if option.choices else f"[{option.low:g}, {option.high:g}]"
                    )
                    raise SchemeError(
                        "error.scheme_bad_option",
                        path=self.source,
                        key=f"questions.{qid}.{name}",
                        value=repr(override[name]),
                        accepted=accepted,
                    )

    def option(self, question, name: str):
        """The value of one of `question.options` in this scheme (its default when not set)."""
        return self.overrides.get(question.id, {}).get(name, question.options[name].default)

    def points(self, question) -> float:
        return float(self.overrides.get(question.id, {}).get("points", question.points))

    def weights(self, question) -> dict[str, float]:
        weights = {g.name: g.weight for g in question.groups}
        for name, weight in self.overrides.get(question.id, {}).get("groups", {}).items():
            if name not in weights:
                raise SchemeError(
                    "error.scheme_unknown_group", question=question.id, group=name, groups=", ".join(sorted(weights))
                )
            weights[name] = float(weight)
        return weights

    def as_dict(self, questions) -> dict:
        """The scheme in force, as the reports show it."""
        return {
            "time_factor": self.time_factor,
            "time_floor": self.time_floor,
            "questions": {
                q.id: {
                    "points": self.points(q),
                    "groups": self.weights(q),
                    "manual": q.manual,
                    "extension": q.extension,
                }
                for q in questions
            },
        }


def question_result(question, scheme: Scheme, outcomes: list, output: Output) -> QuestionResult:
    """A question's checks, score and status from its check groups' outcomes, under `scheme`: its
    messages and titles as catalogue keys (said by the renderers, in their reader's language)."""
    points = scheme.points(question)
    weights = scheme.weights(question)
    # Shares in exact fractions: a question whose checks all pass gets exactly its points (3 weights of a
    # 3-point question summed in floats gave 2.9999999999999996).
    total_weight = Fraction(sum(Fraction(w) for w in weights.values()) or 1)
    checks, score = [], Fraction(0)
    for outcome in outcomes:
        share = Fraction(points) * Fraction(weights.get(outcome.group, 0.0)) / total_weight
        f = outcome.failure
        passed = f is None and outcome.skipped is None
        earning = outcome.credit if passed else outcome.kept
        message: Message | None
        if outcome.skipped:
            message, kind = sayable(Message(outcome.skipped), Kind.SKIPPED)
        elif f is not None:
            message, kind = sayable(Message(f.message, excerpt(f.params)), Kind(f.kind))
        else:  # a group that passed may still say what it left undecided
            message, kind = sayable(outcome.note)[0] if outcome.note else None, Kind.OK
        checks.append(
            Check(
                name=outcome.group,
                title=f"{question.id}.{outcome.group}",
                passed=passed,
                points=float(share * earning),
                max_points=float(share),
                message=message,
                kind=kind,
                # Copies of what the case and the student's run were, bounded (see grader/results/records.py).
                counterexample=None if f is None else excerpt(f.counterexample),
                expected=None if f is None else excerpt(f.expected),
                got=None if f is None else excerpt(f.got),
                visual=shown_visual(outcome.visual if f is None else f.visual),
                seconds=outcome.seconds,
            )
        )
        score += share * earning
    return QuestionResult(
        id=question.id,
        title=f"{question.id}.title",
        score=_points(score),
        max=points,
        status=status(checks),
        checks=checks,
        extension=question.extension,
        output=output,
    )


def sayable(message: Message, kind: Kind = Kind.OK) -> tuple[Message, Kind]:
    """`message` (and `kind`) when the catalogue says it in every language with the parameters given;
    else the grader's bug it is, said now: a result holds only what every renderer, in any language, can
    say (a key missing from the catalogue would otherwise break a report only when a student hits it)."""
    try:
        for lang in i18n.LANGS:
            i18n.say(message, lang)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        return Message("engine.grader_bug", {"detail": f"{message.key}: {type(exc).__name__}: {exc}"}), Kind.ERROR
    return message, kind


def status(checks: list[Check]) -> Status:
    """What a question's checks say in one word: passed, partial, failed, or the worst thing that happened."""
    counted = _counted(checks)
    if all(c.passed for c in counted):
        # A group that earns part of its points (Outcome.credit) passed, but not the question as a whole.
        return Status.PASSED if all(c.points >= c.max_points for c in counted) else Status.PARTIAL
    kinds = {c.kind for c in counted if not c.passed and c.kind != Kind.SKIPPED}
    for kind in (Status.MISSING, Status.NOT_IMPLEMENTED):  # no file, or nothing written: said as such
        if kinds == {kind}:
            return kind
    if any(c.passed or c.points > 0 for c in counted):
        return Status.PARTIAL
    return next((kind for kind in STATUS_PRIORITY if kind in kinds), Status.FAILED)


def _counted(checks: list[Check]) -> list[Check]:
    """The checks a question's status reads: a group without weight says nothing (skipped, or informative
    like taquin's chaine_eleve) unless no group has one; one skipped for a reason still misses its points."""
    weighted = [c for c in checks if c.max_points > 0]
    return weighted or [c for c in checks if not (c.kind == Kind.SKIPPED and c.max_points == 0)]


def submission_total(results: list[QuestionResult]) -> tuple[float, float]:
    """A submission's score and maximum, summed exactly (see question_result)."""
    score = sum((Fraction(r.score) for r in results), Fraction(0))
    most = sum((Fraction(r.max) for r in results), Fraction(0))
    return _points(score), _points(most)


def _points(exact: Fraction) -> float:
    """A sum of points as a float without binary noise: hand marks are decimals (2.9 + 0.1 + 0.2 summed
    as the floats' exact values is 3.1999999999999997), and no grade is defended beyond 1e-10."""
    return float(round(exact, 10))
