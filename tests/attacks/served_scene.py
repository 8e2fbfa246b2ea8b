"""A class made of every attack of served.py (the copies of earlier functions and their twin among them)
plus two honest students, graded as a teacher would
(`grade_class`, two workers, the questions the attacks aim at, the challenge left out); writes what it
saw as JSON. Run as `python served_scene.py BASE REPORT.json` by tests/test_attacks.py, as root or as an
ordinary user. Besides the verdicts it records the side effects the channel must not have: what the
machine's timing cache holds (nothing of the child's choosing), each student's results size, whether
the run finished, and what the terminal would show.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's grader and tests
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    from tests.attacks.scene_setup import prepare

    cache, class_dir, out, tmp = prepare(base)

    from grader.cli import format_result
    from grader.judge.settings import Settings
    from grader.run.grading import grade_class
    from grader.registry import all_questions
    from grader.run.jobs import select
    from grader.results.scoring import Scheme
    from tests.attacks import served

    checkout = Path(served.__file__).resolve().parents[2]
    for honest in ("honest", "victim"):
        (class_dir / honest).mkdir()
        for module in ("jeux", "taquin", "recherche"):
            (class_dir / honest / f"{module}.py").write_text((checkout / "reference" / "answers" / f"{module}.py").read_text())
    files = {name: (module, source) for name, (module, _, source) in served.ATTACKS.items()}
    files.update((name, ("taquin", source)) for name, source in served.COPIES.items())
    for name, (module, source) in files.items():
        (class_dir / name).mkdir()
        (class_dir / name / f"{module}.py").write_text(source)

    questions = select(all_questions(extensions=True), ["q4", "q15", "q16", "q17", "q18", "x1"])
    settings = Settings(seed=2025, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
    run = grade_class(class_dir, out, questions, settings, workers=2)

    by_id = {s.id: s for s in run.submissions}
    cached = "".join(p.read_text(errors="replace") for p in cache.glob("timings-*.json"))
    json.dump({
        "user": os.geteuid(),
        "isolation": run.limits["isolation"],
        "complete": json.loads((out / "results.json").read_text(encoding="utf-8"))["complete"],
        "verdicts": {sid: {q.id: [str(q.status), q.score] for q in s.questions} for sid, s in by_id.items()},
        "totals": {sid: [s.total, s.max] for sid, s in by_id.items()},
        "sizes": {p.stem: p.stat().st_size for p in (out / "students").glob("*.json")},
        "timing_cache_has_chosen_search": served.CHOSEN_MARK in cached.replace(" ", ""),
        "timing_cache_entries": cached.count('"answer"'),
        "terminal": format_result(by_id["lone_surrogates"], "en"),
    }, report.open("w"))


if __name__ == "__main__":
    main()
