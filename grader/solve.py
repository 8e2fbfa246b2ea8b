"""`grader solve`: optimal solutions of 15-puzzle states, from the oracle (reference.solver).

    grader solve [--convention exam|korf] STATE-or-FILE

STATE is 16 numbers in row-major order; FILE holds one state per line (blank lines and `#` comments are
skipped, numbers after the 16th are ignored, e.g. the optimal-length column of korf100.txt); `-` reads
standard input. For each state, one line: the optimal length, then the moves, space-separated.

Conventions:
  exam (default)  tiles 0-14, the blank written 15, goal 0 1 ... 14 with the blank bottom right; moves
                  are the exam's names of the direction the *tile* goes: Gauche, Bas, Droite, Haut.
  korf            0 is the blank, goal 0 1 ... 15 with the blank top left (Korf's 100 instances); moves
                  are the direction the *blank* goes, as usual with Korf's instances: Up, Down, Left,
                  Right.

Every state is checked before any is solved; an invalid or unsolvable one is reported on standard error
with exit status 2.
"""
from __future__ import annotations

import argparse
import sys

from reference.solver import from_korf, solve
from reference.solver.korf import korf_moves
from reference.solver.search import check


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grader solve",
        description="Print an optimal solution of each 15-puzzle state: its length, then its moves.",
        epilog=__doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--convention", choices=("exam", "korf"), default="exam",
                        help="numbering of the input and names of the output moves (default: exam)")
    parser.add_argument("source", nargs="+", metavar="STATE-or-FILE",
                        help="16 numbers (row-major order), or a file with one state per line ('-': stdin)")
    return parser


def _states(source: list[str]) -> list[tuple[str, list[int]]]:
    """(where, numbers) for each state given: the 16 numbers of the command line, or a file's lines."""
    if all(word.lstrip("-").isdigit() for word in source) and source != ["-"]:
        if len(source) != 16:
            raise ValueError(f"a state is 16 numbers, got {len(source)}")
        return [("command line", [int(word) for word in source])]
    if len(source) != 1:
        raise ValueError("give either 16 numbers or one file")
    name = source[0]
    try:
        lines = sys.stdin.readlines() if name == "-" else open(name, encoding="utf-8").readlines()
    except OSError as error:
        raise ValueError(f"cannot read {name}: {error.strerror}") from None
    states = []
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) < 16 or not all(word.lstrip("-").isdigit() for word in words):
            raise ValueError(f"{name}, line {number}: a state is 16 integers: {line.strip()!r}")
        states.append((f"{name}, line {number}", [int(word) for word in words[:16]]))
    return states


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    korf = args.convention == "korf"
    try:
        states = []
        for where, numbers in _states(args.source):
            try:
                states.append(check(from_korf(numbers) if korf else numbers))
            except ValueError as error:
                raise ValueError(f"{where}: {' '.join(map(str, numbers))}: {error}") from None
    except ValueError as error:
        print(f"grader solve: {error}", file=sys.stderr)
        return 2
    for state in states:
        moves = solve(state)
        print(len(moves), *(korf_moves(moves) if korf else moves), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
