"""Part III's q11 (module jeux.py, `h_jeu1`): the heuristic of game (1). Parent side.

h_jeu1(n, t) for every 1 <= n <= t <= 300, then for large_pairs() up to t = 2^62 (n·2^k = t and
its neighbours, where a floating-point log overestimates), judged exactly: ints as ints, floats through
their exact value (fractions; a bool is no number), against the exact distance (jeux_games: a BFS, and the
large pairs' data). Groups: admissible (t <= 300), grands_t (admissible on the large pairs), non-constant
(two values differ numerically for some t), natural (type int, >= 0). Every group counts only for an h that
guides a search (not constant, never negative, positive somewhere), non-constant and natural only for an h
admissible on t <= 300 (see Q11). Listed in the family's QUESTIONS by questions.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from grader.questions.api import (
    CHEAP,
    Failure,
    Group,
    Kind,
    Outcome,
    Question,
    cached,
    earned,
    oracle,
    python_source,
    shapes,
)
from grader.questions.jeux.games import jeu1_distances, large_distances
from grader.questions.jeux.probes import PROBES, probe_h_jeu1
from reference.jeu1_pairs import large_pairs


def shown_value(value) -> str:
    return value["repr"] if type(value) is dict else str(value)


def python_value(value):
    """A value the child sent, as the report shows it: an int as itself, another type by its repr."""
    return python_source(value["repr"]) if type(value) is dict else value


@dataclass(frozen=True)
class Batch:
    """One call of probe_h_jeu1, a case of q11: h_jeu1(n, t) for every 1 <= n <= t of each of `targets`,
    or for each (n, t) of `pairs` (the large targets)."""

    targets: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()

    def payload(self) -> dict:
        """The batch as the child's protocol takes it: plain lists (the frame is JSON, never an object)."""
        return {"pairs": [[n, t] for n, t in self.pairs]} if self.pairs else {"targets": list(self.targets)}

    @classmethod
    def of(cls, payload: dict) -> Batch:
        """The batch a payload of `payload()` stands for (what the oracle is given)."""
        if "pairs" in payload:
            return cls(pairs=tuple((n, t) for n, t in payload["pairs"]))
        return cls(targets=tuple(payload["targets"]))

    def asked(self) -> list[tuple[int, int]]:
        """The (n, t) pairs asked, in the order of the reply's values."""
        return list(self.pairs) or [(n, t) for t in self.targets for n in range(1, t + 1)]

    def sizes(self) -> list[int]:
        """How many values each row of the reply holds."""
        return [len(self.pairs)] if self.pairs else list(self.targets)


@dataclass(frozen=True)
class Cell:
    """A value of the student's h_jeu1: at (n, t), `value` as the child sent it (an int, or a value
    described by its type and repr: states.describe_value)."""

    n: int
    t: int
    value: int | dict


def _distances(pairs) -> list[int]:
    """The exact distance from n to t of each (n, t) pair: a BFS below the large pairs, their data above."""
    large = large_distances(large_pairs())
    return [jeu1_distances(t)[n - 1] if t <= Q11.T_MAX else large[n, t] for n, t in pairs]


# Where the model answer is not installed (grader/judge/expectations.py): what probe_h_jeu1 returns on a
# correct answer, the exact distance (the model answer's own h is not shipped: it answers q11).
@oracle(probe_h_jeu1)
def _h_jeu1_expected(payload):
    batch = Batch.of(payload)
    rows = [_distances(batch.pairs)] if batch.pairs else [list(jeu1_distances(t)) for t in batch.targets]
    return {"rows": rows, "error": None}, CHEAP


class Q11(Question):
    id = "q11"
    module = "jeux"
    probe_modules = PROBES
    functions = ("h_jeu1",)
    points = 2.0
    # Default barème: an admissible h (on small and large targets) is what IDA* needs of it (half); one
    # that is not constant is what makes it worth anything (0.3); ints >= 0, the exam's type, 0.2. A
    # constant h (`return 0`) is admissible and an int, but does nothing: every group counts only for an h
    # that is not constant on the cases drawn (as numbers: 0 and 0.0 are one constant), never negative and
    # positive somewhere (`earned`; `0 if n == t else -1` guides nothing either), so that it earns 0. An h that echoes
    # its input (`return n`, `return t - n`) is not constant and an int, but not admissible, which is
    # what the question asks: `non_constante` and `entier` count only for an h that never overestimates
    # the distance on the small targets (a bool read as 0 or 1: `n != t` is admissible in value, though no
    # int), so that it earns 0 too.
    groups = (Group("admissible", 0.4), Group("grands_t", 0.1), Group("non_constante", 0.3), Group("entier", 0.2))
    T_MAX = 300
    CHUNK = 2000  # (n, t) pairs per call, so that a slow but valid h (an exact distance) fits the limit

    def run(self, ctx):
        small, failure = self._collect(ctx, self.small_batches())
        if failure is not None:
            return [Outcome(g.name, failure) for g in self.groups]
        # Large targets are a group of their own: an h that is right but too slow for them (an exact
        # distance by a backward programme, O(t) per call) loses that group only.
        large, failure = self._collect(ctx, self.large_batches())
        # Each value as a number once, and the distances the grader's pairs have (the same for every student).
        numbers = [self._value(cell.value) for cell in small]
        non_constant = self._non_constant(small, numbers)
        admissible = self._admissible(small, "admissible", pair_distances(large=False))
        unearned = self._useless(small, numbers, non_constant)
        acts = Fraction(unearned is None)
        answers = Fraction(not self._overestimates(numbers, pair_distances(large=False)))
        inadmissible = Failure(Kind.WRONG, "q11.admissible_unearned", {"t": self.T_MAX})
        return [
            earned(admissible, acts, unearned),
            earned(
                Outcome("grands_t", failure)
                if failure
                else self._admissible(large, "grands_t", pair_distances(large=True)),
                acts,
                unearned,
            ),
            earned(earned(non_constant, acts, unearned), answers, inadmissible),
            earned(earned(self._natural(small), acts, unearned), answers, inadmissible),
        ]

    def _collect(self, ctx, batches: list[Batch]) -> tuple[list[Cell], Failure | None]:
        """The student's value for every pair of the batches, or why the student's h could not give them."""
        cells: list[Cell] = []
        for batch in batches:
            reply = ctx.run(probe_h_jeu1, batch.payload())
            pairs = batch.asked()
            if not reply.ok:
                return cells, ctx.failure(reply, {"t": f"{pairs[0][1]}..{pairs[-1][1]}"})
            if not self._well_formed(reply.value, batch):
                return cells, Failure(Kind.INVALID, "jeux.garbled", {"function": "h_jeu1(n, t)"})
            if reply.value["error"] is not None:
                error = reply.value["error"]
                return cells, Failure(
                    Kind.ERROR, "q11.raised", dict(error), counterexample={"n": error["n"], "t": error["t"]}
                )
            values = [v for row in reply.value["rows"] for v in row]
            cells.extend(Cell(n, t, v) for (n, t), v in zip(pairs, values))
        return cells, None

    @classmethod
    def small_batches(cls) -> list[Batch]:
        """Every t up to T_MAX, whole targets of at most CHUNK pairs a call."""
        chunks: list[list[int]] = [[]]
        for t in range(1, cls.T_MAX + 1):
            if sum(chunks[-1]) + t > cls.CHUNK:
                chunks.append([])
            chunks[-1].append(t)
        return [Batch(targets=tuple(targets)) for targets in chunks]

    @classmethod
    def large_batches(cls) -> list[Batch]:
        large = large_pairs()
        return [Batch(pairs=large[i : i + cls.CHUNK]) for i in range(0, len(large), cls.CHUNK)]

    @staticmethod
    def _well_formed(value, batch: Batch) -> bool:
        if type(value) is not dict:
            return False
        error, rows = value.get("error"), value.get("rows")
        if error is not None:
            return (
                type(error) is dict
                and type(error.get("n")) is int
                and type(error.get("t")) is int
                and type(error.get("detail")) is str
            )
        sizes = batch.sizes()
        return (
            type(rows) is list
            and len(rows) == len(sizes)
            and all(
                type(row) is list and len(row) == size and all(type(v) is int or shapes.described(v) for v in row)
                for row, size in zip(rows, sizes)
            )
        )

    @staticmethod
    def _number(v) -> Fraction | int | None:
        """The exact numeric value of a returned h (floats and huge ints count), or None: a bool is a truth
        value, not a distance (False would pass for an admissible 0)."""
        if type(v) is int:
            return v
        if v["type"] in ("int", "float"):
            try:
                return Fraction(v["repr"])  # a float's repr is exact: so is this
            except (ValueError, ZeroDivisionError):
                return None  # nan, inf
        return None

    def _admissible(self, cells: list[Cell], group: str, distances: list[int]) -> Outcome:
        """Every value at most the distance (`distances`: the cells' own, in their order)."""
        for cell, d in zip(cells, distances):
            number = self._number(cell.value)
            if number is None or number > d:
                message = "q11.not_a_number" if number is None else "q11.too_large"
                return Outcome(
                    group,
                    Failure(
                        Kind.WRONG,
                        message,
                        {"n": cell.n, "t": cell.t, "got": shown_value(cell.value), "distance": d},
                        counterexample={"n": cell.n, "t": cell.t},
                        expected=python_source(f"≤ {d}"),
                        got=python_value(cell.value),
                    ),
                )
        return Outcome(group)

    @classmethod
    def _value(cls, v) -> Fraction | int | None:
        """A returned value as the number IDA* would add to p: a bool counts as 0 or 1, 0 and 0.0 alike."""
        return cls._number(v) if type(v) is int or v["type"] != "bool" else int(v["repr"] == "True")

    @staticmethod
    def _overestimates(numbers: list, distances: list[int]) -> bool:
        """Whether some value (`numbers`: the cells' `_value`) exceeds the distance, or is no number at all."""
        return any(number is None or number > distance for number, distance in zip(numbers, distances))

    def _non_constant(self, cells: list[Cell], numbers: list) -> Outcome:
        """Two different values for one t, compared as numbers (0 and 0.0 are one constant); what is no
        number by its text."""
        values: dict[int, set] = {}
        for cell, number in zip(cells, numbers):
            values.setdefault(cell.t, set()).add(shown_value(cell.value) if number is None else number)
            if len(values[cell.t]) > 1:
                return Outcome("non_constante")
        return Outcome("non_constante", Failure(Kind.WRONG, "q11.constant", {"t": self.T_MAX}))

    def _useless(self, cells: list[Cell], numbers: list, non_constant: Outcome) -> Failure | None:
        """Why h guides no search, or None: constant; negative somewhere (the exam's h maps to naturals, and a
        negative value prunes less than 0); or never positive, so that IDA* with it is IDA* with h = 0."""
        if non_constant.failure is not None:
            return Failure(Kind.WRONG, "q11.constant_unearned", {"t": self.T_MAX})
        negative = next((cell for cell, number in zip(cells, numbers) if number is not None and number < 0), None)
        if negative is not None:
            said = {"n": negative.n, "t": negative.t, "got": shown_value(negative.value)}
            return Failure(Kind.WRONG, "q11.negative_unearned", said)
        if not any(number is not None and number > 0 for number in numbers):
            return Failure(Kind.WRONG, "q11.positive_unearned", {"t": self.T_MAX})
        return None

    def _natural(self, cells: list[Cell]) -> Outcome:
        for cell in cells:
            v = cell.value
            if type(v) is not int or v < 0:
                kind = v["type"] if isinstance(v, dict) else "int"
                return Outcome(
                    "entier",
                    Failure(
                        Kind.WRONG,
                        "q11.not_natural",
                        {"n": cell.n, "t": cell.t, "got": shown_value(v), "type": kind},
                        counterexample={"n": cell.n, "t": cell.t},
                        got=python_value(v),
                    ),
                )
        return Outcome("entier")


@cached  # the same for every student: the pairs are the grader's
def pair_distances(large: bool) -> list[int]:
    """The exact distance of every (n, t) pair the small (or the large) batches ask, in their order: a
    student's cells, once all collected, are in that order too."""
    batches = Q11.large_batches() if large else Q11.small_batches()
    return _distances([pair for batch in batches for pair in batch.asked()])
