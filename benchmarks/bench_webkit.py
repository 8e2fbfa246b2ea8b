"""The self-check in the browser (`grader kit --web`): how long a student waits, against the native kit.

    python benchmarks/bench_webkit.py [--kit DIR] [--before DIR [--rounds N]] [--seed S]

Writes the web kit (or takes DIR), serves it from a local HTTP server cross-origin isolated, and opens the
page in headless Chromium (tests/webkit_page.py). Measured, on the sample student alice:
- the time from opening the page to the first verdict (q1), Pyodide's start included: alice's files are
  chosen and Check pressed as soon as the page is there (the goal: at most 10 s);
- each exam question's check in the page (the nine checked at once after q1's first one, the page's clock;
  the student's module runs in the student's worker, the judge in its own) against
  `grader check -q QID` of the native kit (the web kit's own wheels, the same seed and oracles) as a
  student runs it, a fresh process each (the goal: at most 3 times as long);
- the folder's size (the goal: at most 25 MB).
With --before DIR (a web kit written by an earlier version), the first verdict of each kit, taken in
turns in the same run (N rounds, each kit in a fresh browser): a change's effect measured at one load.
Prints a table and writes it to benchmarks/results/webkit.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.webkit_page import chromium, native_kit, served, wait_for  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "webkit.md"
ALICE = sorted((ROOT / "exercises" / "exemples" / "alice").glob("*.py"))
EXAM = ("q1", "q4", "q7", "q10", "q11", "q15", "q16", "q17", "q18")


def first_verdict(driver, address: str, seed: int) -> tuple[float, float, dict]:
    """(seconds to Python ready, seconds to q1's verdict), from the page's navigation start, and the worker's
    start in phases (Pyodide loaded, the student's snapshot made, the wheels unpacked, the grader imported,
    the student's worker waited for)."""
    from selenium.webdriver.common.by import By

    driver.get(address)
    wait_for(driver, "return document.querySelector('#families input') !== null", 60, poll=0.05)
    driver.find_element(By.ID, "pick").send_keys("\n".join(str(p) for p in ALICE))
    wait_for(driver, "return (window.selfCheck.files || []).length === 3", 30, poll=0.05)
    for box in driver.find_elements(By.CSS_SELECTOR, "#families input[type=checkbox]"):
        if box.is_selected() != (box.get_attribute("value") == "q1"):
            box.click()
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    wait_for(driver, "return !document.querySelector('#check').disabled", 300, poll=0.05)
    driver.find_element(By.ID, "check").click()
    wait_for(driver, "return window.selfCheck.finished", 300, poll=0.05)
    return driver.execute_script(
        "return [window.selfCheck.ready, window.selfCheck.verdicts.q1, window.selfCheck.phases]"
    )


def first_verdicts(kits: dict[str, Path], rounds: int, seed: int, work: Path) -> list[tuple]:
    """(kit's name, round, load average, seconds to Python ready, to q1's verdict, phases) for each kit in
    turns, each in a fresh browser (nothing compiled or cached by an earlier page)."""
    rows = []
    for round_ in range(1, rounds + 1):
        for name, folder in kits.items():
            with served(folder, isolated=True) as (address, _):
                driver = chromium(work / f"profile-{name}-{round_}")
                try:
                    rows.append((name, round_, os.getloadavg()[0], *first_verdict(driver, address, seed)))
                finally:
                    driver.quit()
            print(*rows[-1], flush=True)
    return rows


def page_seconds(driver) -> dict[str, float]:
    """Each exam question's check in the page, all ticked and checked at once on the files already chosen
    (the same copy: its student's worker goes on serving it, no new worker starts)."""
    from selenium.webdriver.common.by import By

    # The student's worker that replaced q1's (booted while q1's report rendered) ready first: its start is
    # not a question's check.
    wait_for(driver, "return window.selfCheck.renewed", 300, poll=0.05)
    driver.execute_script("window.selfCheck.finished = null; window.selfCheck.seconds = {}")
    for box in driver.find_elements(By.CSS_SELECTOR, "#families input[type=checkbox]"):
        if box.is_selected() != (box.get_attribute("value") in EXAM):
            box.click()
    driver.find_element(By.ID, "check").click()
    wait_for(driver, "return window.selfCheck.finished", 1800, poll=0.5)
    return driver.execute_script("return window.selfCheck.seconds")


def native_seconds(kit: Path, qid: str, seed: int, work: Path) -> float:
    """`grader check -q QID` of the native kit (`kit`: its python) on alice, as a student runs it."""
    command = [str(kit), "-m", "grader", "check", str(ALICE[0].parent), "-q", qid]
    command += ["--reference", "oracles", "--seed", str(seed)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=work)
    seconds = time.perf_counter() - started
    # alice passes them all (her question's line says so; its checks' lines may say "erreur" in passing)
    assert done.returncode == 0 and done.stdout.split("\n", 1)[0].rstrip().endswith("réussi"), done.stdout + done.stderr
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kit", type=Path, help="a web kit already written (default: write one)")
    parser.add_argument("--before", type=Path, help="a web kit of an earlier version, to compare first verdicts")
    parser.add_argument("--rounds", type=int, default=3, help="first verdicts of each kit with --before")
    parser.add_argument("--seed", type=int, default=2017)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-webkit-"))
    folder = args.kit
    if folder is None:
        from grader.cli import main as grader

        folder = work / "kit"
        assert grader(["kit", "--web", str(folder)]) == 0
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    load = os.getloadavg()[0]  # the machine is shared: its load said beside the times
    kit = native_kit(folder, work / "native")
    compared = (
        first_verdicts({"before": args.before, "this": folder}, args.rounds, args.seed, work) if args.before else []
    )
    with served(folder, isolated=True) as (address, _):
        driver = chromium(work / "profile")
        try:
            ready, first, phases = first_verdict(driver, address, args.seed)
            print(f"ready {ready:.1f} s, first verdict {first:.1f} s, {phases}", flush=True)
            in_page = page_seconds(driver)
        finally:
            driver.quit()
    rows = []
    for qid in EXAM:
        native = native_seconds(kit, qid, args.seed, work)
        rows.append((qid, in_page[qid], native))
        print(f"{qid}: page {in_page[qid]:.1f} s, native {native:.1f} s", flush=True)
    total_page, total_native = sum(r[1] for r in rows), sum(r[2] for r in rows)
    lines = [
        "# The self-check in the browser (`grader kit --web`)",
        "",
        f"`python benchmarks/bench_webkit.py{' --before DIR' if compared else ''}` on {platform.node()} ({platform.machine()}), headless Chromium,"
        " the kit served by a local HTTP server cross-origin isolated, the sample student alice, seed "
        f"{args.seed}, one run (the machine shared with other jobs: load average {load:.1f} at the start,"
        f" {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} CPUs).",
        "",
        f"- Folder: {size / 1e6:.1f} MB (goal: at most 25 MB).",
        f"- Opening the page to Python ready: {ready:.1f} s; to the first verdict (q1, files chosen at once): "
        f"{first:.1f} s (goal: at most 10 s). The judge's worker's start in phases (its Pyodide; the"
        " student's side of the grader unpacked and imported, and the memory snapshot every student's worker"
        " is restored from; the judge's other wheels; its imports), then the wait for the student's first"
        " worker (restored beside them): "
        + ", ".join(f"{phase} {seconds:.1f} s" for phase, seconds in phases.items())
        + ".",
        "",
        "| question | in the page (s) | native kit, `grader check -q` (s) | ratio (goal: at most 3) |",
        "|---|---|---|---|",
        *(f"| {qid} | {page:.2f} | {native:.2f} | {page / native:.2f} |" for qid, page, native in rows),
        f"| all nine | {total_page:.2f} | {total_native:.2f} | {total_page / total_native:.2f} |",
        "",
    ]
    if compared:
        lines += [
            f"The first verdict of the kit before ({args.before}) and of this one, in turns, each in a fresh"
            " browser (the load average when each page opened):",
            "",
            "| kit | round | load | Python ready (s) | first verdict (s) | "
            + " | ".join(f"{phase} (s)" for phase in compared[0][5])
            + " |",
            "|---|---|---|---|---|" + "---|" * len(compared[0][5]),
            *(
                f"| {name} | {round_} | {load:.1f} | {ready:.1f} | {first:.1f} | "
                + " | ".join(f"{phases[phase]:.1f}" for phase in compared[0][5])
                + " |"
                for name, round_, load, ready, first, phases in compared
            ),
            "",
        ]
    RESULTS.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
