"""The `grader` command (and `python -m grader`): `grader.cli.main`, with the fork server started first
for `grader check`.

A student waits for each check. The fork server's start-up (an interpreter, the child's imports; see
grader/sandbox/zygote.py) then runs on the other core while this process imports the grader, instead of
after it: 0.05 to 0.07 s of each check (benchmarks/results/speed-history.md). `grader.cli.check_main` starts it too
(`warm_up`) for callers that do not come through here; it is started once either way.
"""

import sys


def main() -> int:
    if sys.argv[1:2] == ["check"]:
        from grader.sandbox.limits import Limits
        from grader.sandbox.runner import warm_up

        warm_up(Limits())
    from grader.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
