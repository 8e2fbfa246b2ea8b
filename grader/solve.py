"""`grader solve`: optimal solutions of 15-puzzle states, from the oracle (reference.solver).

    grader solve [--convention exam|korf] [--lang fr|en] STATE-or-FILE

STATE is 16 numbers in row-major order; FILE holds one state per line (blank lines and `#` comments are
skipped, numbers after the 16th are ignored, e.g. the optimal-length column of korf100.txt); `-` reads
standard input. For each state, one line: the optimal length, then the moves, space-separated. The
conventions (exam: blank written 15, moves named by the tile; korf: blank 0 top left, moves named by the
blank) are explained by `grader solve --help`, in French by default.

Every state is checked before any is solved; an invalid or unsolvable one is reported on standard error
with exit status 2.
"""
from __future__ import annotations

import argparse
import sys

from grader import i18n
from reference.solver import from_korf, solve
from reference.solver.korf import korf_moves
from reference.solver.search import check


class _Refused(Exception):
    """Input that cannot be solved: a catalogue key and its fields."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


def _parser(lang: str) -> argparse.ArgumentParser:
    def h(key):
        return i18n.t(f"solve.help.{key}", lang)

    parser = argparse.ArgumentParser(prog="grader solve", description=h("description"), epilog=h("epilog"),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--convention", choices=("exam", "korf"), default="exam", help=h("convention"))
    parser.add_argument("--lang", choices=i18n.LANGS, default="fr", help=i18n.t("cli.help.lang", lang))
    parser.add_argument("source", nargs="+", metavar=h("metavar"), help=h("source"))
    return parser


def _states(source: list[str]) -> list[tuple[dict, list[int]]]:
    """(where, numbers) for each state given: the 16 numbers of the command line, or a file's lines;
    `where` is a catalogue key's fields."""
    if all(word.lstrip("-").isdigit() for word in source) and source != ["-"]:
        if len(source) != 16:
            raise _Refused("solve.count", count=len(source))
        return [({"key": "solve.command_line"}, [int(word) for word in source])]
    if len(source) != 1:
        raise _Refused("solve.one_file")
    name = source[0]
    try:
        lines = sys.stdin.readlines() if name == "-" else open(name, encoding="utf-8").readlines()
    except (OSError, UnicodeDecodeError) as error:
        raise _Refused("solve.unreadable", name=name, error=getattr(error, "strerror", None) or error) from None
    states = []
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = {"key": "solve.line", "name": name, "number": number}
        if len(words) < 16 or not all(word.lstrip("-").isdigit() for word in words):
            raise _Refused("solve.bad_line", where=where, line=line.strip())
        states.append((where, [int(word) for word in words[:16]]))
    return states


def _where(where: dict, lang: str) -> str:
    return i18n.t(where["key"], lang, **{k: v for k, v in where.items() if k != "key"})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    lang = i18n.lang_of(argv)
    i18n.use(lang)
    with i18n.argparse_language(lang):
        args = _parser(lang).parse_args(argv)
    korf = args.convention == "korf"
    try:
        states = []
        for where, numbers in _states(args.source):
            try:
                states.append(check(from_korf(numbers) if korf else numbers))
            except ValueError:
                key = "solve.unsolvable" if sorted(numbers) == list(range(16)) else "solve.not_a_state"
                raise _Refused(key, where=where, state=" ".join(map(str, numbers))) from None
    except _Refused as refused:
        params = {k: _where(v, lang) if k == "where" else v for k, v in refused.params.items()}
        print(i18n.t("solve.error", lang, message=i18n.t(refused.key, lang, **params)), file=sys.stderr)
        return 2
    for state in states:
        moves = solve(state)
        print(len(moves), *(korf_moves(moves) if korf else moves), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
