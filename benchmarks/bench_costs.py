"""Costs shipped to student installations: the model answer's time on named cases, and the workload.

    python benchmarks/bench_costs.py

Needs a teacher's checkout (the model answers). Times, in this process, grader/judge/calibration.py's workload
(best of five) and the model answer's probe on each named case (best of `--runs`), then writes both to
grader/data/costs.json: a student's installation scales these costs by its own workload time
(grader/judge/calibration.py), since it cannot time the model answer itself. Rerun it when a model answer or
a named case changes, on an idle machine; `--only NAME` measures a new or changed case alone (the workload timed
beside it scales it to the shipped ones).

    python benchmarks/bench_costs.py --searches

writes instead reference/answers/taquin_challenge.py: the model answer's dfs calls on q18's default challenge, as the
parent serves them (no time in it: node counts and answers, the same on every machine). A teacher's grader
reads them instead of running those searches on a cold machine; rerun it when the model answer or the
challenge changes (a test compares the file with what the model answer computes).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.judge import calibration  # noqa: E402
from grader.questions.recherche import moves as recherche_moves  # noqa: E402
from grader.questions.recherche import probes as recherche_probes  # noqa: E402
from grader.questions.taquin import cases as taquin_cases  # noqa: E402
from grader.questions.taquin import probes as taquin_probes  # noqa: E402
from grader.questions.taquin import questions as taquin_questions  # noqa: E402
from grader.questions.taquin import serving as taquin_serving  # noqa: E402
from reference import puzzle  # noqa: E402
from reference.answers import recherche as recherche_answer  # noqa: E402
from reference.answers import taquin as model_answer  # noqa: E402


def named_cases():
    """name -> (probe, module, payload): the cases whose cost a question reads with calibration.cost."""
    cases = {
        "q18." + name: (
            taquin_probes.probe_taquin,
            model_answer,
            taquin_cases.challenge_instance(which).payload(),
        )
        for which, name in taquin_cases.CHALLENGE_COSTS.items()
    }
    cases.update(
        {
            name: (recherche_probes.probe_taquin, recherche_answer, payload)
            for name, payload in recherche_moves.costed_cases().items()
        }
    )
    return cases


def model_over_near(runs: int) -> float:
    """How many times slower the model answer's taquin() is than the oracle's own Manhattan IDA*
    (reference.solver.shallow, unbounded) on q18's deep instances: the oracle times itself on a case and
    scales by this."""
    from reference.solver.shallow import solve_near

    model = near = 0.0
    for case in taquin_cases.deep_instances(2017):
        payload, state = case.payload(), case.state
        # The lambdas are called within this iteration: the loop variables are the ones meant.
        model += calibration.best_cpu_time(lambda: taquin_probes.probe_taquin(model_answer, payload), runs)  # noqa: B023
        near += calibration.best_cpu_time(lambda: solve_near(state, budget=None), runs)  # noqa: B023
    return model / near


def dfs_call(runs: int) -> float:
    """The model answer's seconds per call of its dfs, over q17's success cases (seed 2017): the oracle
    counts the calls on a case (reference.solver.shallow.dfs_calls) and scales by this."""
    from reference.dfs_tree import dfs_calls

    question = taquin_questions.Q17()
    seconds = calls = 0.0
    for case in question.cases(2017, "succes", 40):
        call, _optimum = question.call_on(case, True)
        payload, state, m, p = call.payload(), call.state, call.m, call.p
        # The lambda is called within this iteration: the loop variable is the one meant.
        seconds += calibration.best_cpu_time(lambda: taquin_probes.probe_dfs(model_answer, payload), runs)  # noqa: B023
        calls += dfs_calls(state, call.previous, m - p, puzzle.MOVES)
    return seconds / calls


def trap_costs(runs: int) -> dict[str, float]:
    """Each q18 trap's cost: the model answer's taquin() with its dfs served as the grader serves it on a
    trap, until that dfs refuses a bound past the trap's: the model answer's time to exhaust the bounds up
    to it (the trap's limit is a multiple of it)."""
    from grader.sandbox.calls import Stopped, serving

    def exhaust(trap):
        payload = taquin_cases.case_payload(trap.state, taquin_cases.BLANK_VALUES[0], served=["dfs"])
        with serving(taquin_serving.ModelServer(taquin_probes.LAST, ["dfs"], max_bound=trap.bound)):
            try:
                taquin_probes.probe_taquin(model_answer, payload)
            except Stopped:
                return
        raise AssertionError(f"the model answer ended the trap {trap.state} within the bound {trap.bound}")

    def fresh_exhaust(trap):
        # The served dfs keeps its answers for the process: each run must compute them again.
        taquin_serving.DFS_ANSWERS.clear()
        exhaust(trap)

    timed = calibration.best_cpu_time
    return {trap.cost: round(timed(lambda: fresh_exhaust(trap), runs), 3) for trap in taquin_cases.TRAPS}  # noqa: B023


SEARCHES = ROOT / "reference" / "answers" / "taquin_challenge.py"
RECORDED = ("korf",)  # the default challenge; the exam's example (15 to 30 s) is measured where it is chosen


def write_searches() -> None:
    """reference/answers/taquin_challenge.py: the challenges' served dfs calls (grader/questions/taquin/serving.py's
    challenge_searches), as a module of the teacher's installation."""
    searches = {which: taquin_serving.challenge_searches(which) for which in RECORDED}
    SEARCHES.write_text(
        '"""q18\'s challenge: every dfs call the model answer\'s taquin() makes on it, as the parent serves them\n'
        "(key, answer, nodes searched: grader/questions/taquin/serving.py, recorded_searches). Written by\n"
        "`python benchmarks/bench_costs.py --searches`. Never shipped (reference/answers/: setup.py ships no\n"
        'subpackage of reference/): the last call holds the challenge\'s solution."""\n\n'
        f"SEARCHES = {searches!r}\n",
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(SEARCHES)], check=True)
    print(f"{SEARCHES}: {', '.join(f'{which} {len(calls)} calls' for which, calls in searches.items())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each named case (best kept)")
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="measure only this named case (repeatable): its cost is added to the shipped ones, scaled to "
        "their workload by the workload timed now (the others, and the workload, stay as shipped)",
    )
    parser.add_argument("--searches", action="store_true", help="write reference/answers/taquin_challenge.py only")
    args = parser.parse_args()
    if args.searches:
        write_searches()
        return
    workload = calibration.time_workload(runs=5)
    cases = {name: case for name, case in named_cases().items() if not args.only or name in args.only}
    costs = {
        name: calibration.best_cpu_time(lambda: probe(module, payload), args.runs)  # noqa: B023 - called at once
        for name, (probe, module, payload) in cases.items()
    }
    if args.only:
        shipped = calibration.shipped()
        scale = shipped["workload_seconds"] / workload
        costs = {**shipped["costs"], **{name: seconds * scale for name, seconds in costs.items()}}
        workload = shipped["workload_seconds"]
    else:
        costs["q18.model_over_near"] = model_over_near(args.runs)
        costs["q17.dfs_call"] = dfs_call(args.runs)
        costs.update(trap_costs(args.runs))
    costs = {name: float(f"{seconds:.3g}") if seconds < 0.001 else round(seconds, 3) for name, seconds in costs.items()}
    data = {
        "workload_seconds": round(workload, 4),
        "costs": costs,
        "measured_on": calibration.shipped()["measured_on"]
        if args.only
        else f"{platform.machine()}, Python {platform.python_version()}",
    }
    calibration.COSTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(data, indent=1))


if __name__ == "__main__":
    main()
