"""`grader solve`: optimal solutions of 15-puzzle states, from the oracle (reference.solver).

    grader solve [--convention exam|korf] [--lang fr|en] STATE-or-FILE

STATE is 16 numbers in row-major order; FILE holds one state per line (blank lines and `#` comments are
skipped, numbers after the 16th are ignored, e.g. the optimal-length column of korf100.txt); `-` reads
standard input. For each state, one line: the optimal length, then the moves, space-separated. The
conventions (exam: blank written 15, moves named by the tile; korf: blank 0 top left, moves named by the
blank) are explained by `grader solve --help`, in French by default.

Every state is checked before any is solved; an invalid or unsolvable one is an `InputError` (said by the
command line's edge, grader/cli.py, with exit status 2).
"""

from __future__ import annotations

import sys

from grader.text import i18n
from grader.errors import InputError
from reference.korf import from_korf, korf_moves
from reference.solver import solve
from reference.solver.search import check


class StateRefused(InputError):
    """A state that cannot be solved, and where it was read (`where`: a catalogue key and its fields)."""

    def message(self, lang: str = "fr") -> str:
        where = self.params.get("where")
        if where is None:
            return super().message(lang)
        shown = i18n.t(where["key"], lang, **{k: v for k, v in where.items() if k != "key"})
        return i18n.t(self.key, lang, **{**self.params, "where": shown})


def read_states(source: list[str], korf: bool) -> list[tuple]:
    """The states given, each checked (in the exam's convention), before any is solved."""
    states = []
    for where, numbers in _numbers(source):
        try:
            states.append(check(from_korf(numbers) if korf else numbers))
        except ValueError:
            key = "solve.unsolvable" if sorted(numbers) == list(range(16)) else "solve.not_a_state"
            raise StateRefused(key, where=where, state=" ".join(map(str, numbers))) from None
    return states


def _numbers(source: list[str]) -> list[tuple[dict, list[int]]]:
    """(where, numbers) for each state given: the 16 numbers of the command line, or a file's lines;
    `where` is a catalogue key's fields."""
    if all(word.lstrip("-").isdigit() for word in source) and source != ["-"]:
        if len(source) != 16:
            raise StateRefused("solve.count", count=len(source))
        return [({"key": "solve.command_line"}, [int(word) for word in source])]
    if len(source) != 1:
        raise StateRefused("solve.one_file")
    name = source[0]
    try:
        lines = sys.stdin.readlines() if name == "-" else open(name, encoding="utf-8").readlines()
    except (OSError, UnicodeDecodeError) as error:
        raise StateRefused("solve.unreadable", name=name, error=getattr(error, "strerror", None) or error) from None
    states = []
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = {"key": "solve.line", "name": name, "number": number}
        if len(words) < 16 or not all(word.lstrip("-").isdigit() for word in words):
            raise StateRefused("solve.bad_line", where=where, line=line.strip())
        states.append((where, [int(word) for word in words[:16]]))
    return states


def print_solutions(states: list[tuple], korf: bool) -> None:
    """One line per state, as soon as it is solved: the optimal length, then the moves."""
    for state in states:
        moves = solve(state)
        print(len(moves), *(korf_moves(moves) if korf else moves), flush=True)
