"""How much the search replays add to results.json: a class of 100 whose every copy fails q4's, q7's and
q10's algorithm checks (so carries three replays), against the 1 MiB per-student cap (grader.results.records.capped).

    python benchmarks/bench_replay_size.py

Grades the wrong submissions of tests/submissions/jeux/ that fail the algorithm groups (each question on
each of them), makes 100 copies cycling through them, writes the class's results.json as the grader
writes it, and measures: the bytes per student (largest), the bytes of the replays in it, the class's
file with and without the replays. Prints a table and writes it to benchmarks/results/replay.md.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from grading import grade_file, submission_path  # noqa: E402

from grader.results.records import MAX_SUBMISSION_BYTES, Run, SubmissionResult, json_bytes, size  # noqa: E402

CLASS = 100
WRONG = {
    "q4": ["bfs_profondeur.py", "bfs_iteree.py", "bfs_ids_memo.py"],
    "q7": ["ids_largeur.py", "ids_largeur_initial.py", "ids_sans_reprise.py"],
    "q10": ["idastar_dernier_f.py", "idastar_astar.py", "idastar_sans_h.py"],
}


def _replay_bytes(sub: SubmissionResult) -> int:
    return sum(
        len(json.dumps(c.visual["replay"], ensure_ascii=False).encode())
        for q in sub.questions
        for c in q.checks
        if isinstance(c.visual, dict) and "replay" in c.visual
    )


def _without_replays(sub: SubmissionResult) -> SubmissionResult:
    data = json.loads(json_bytes(sub))
    for q in data["questions"]:
        for c in q["checks"]:
            if isinstance(c.get("visual"), dict):
                c["visual"].pop("replay", None)
    return data


def main() -> None:
    graded = {qid: [grade_file(submission_path("jeux", name), qid) for name in names] for qid, names in WRONG.items()}
    cycles = [itertools.cycle(results) for results in graded.values()]
    subs = []
    for i in range(CLASS):
        questions = [next(c) for c in cycles]
        subs.append(SubmissionResult(f"s{i:03}", sum(q.score for q in questions), 7.0, questions))
    run = Run("bench", 2017, "fr", "2026-12-04T12:00:00+00:00", {}, {}, subs)
    whole = len(json_bytes(run))
    bare = len(json.dumps({"submissions": [_without_replays(s) for s in subs]}, ensure_ascii=False).encode())
    largest = max(size(s) for s in subs)
    replays = max(_replay_bytes(s) for s in subs)
    rows = [
        ("students, each with three replays (q4, q7, q10)", f"{CLASS}"),
        ("largest student's results (bytes)", f"{largest:,}"),
        ("of which replays (bytes)", f"{replays:,}"),
        ("per-student cap (bytes)", f"{MAX_SUBMISSION_BYTES:,}"),
        ("class results.json (bytes)", f"{whole:,}"),
        ("class results.json without the replays (bytes, about)", f"{bare:,}"),
    ]
    table = "\n".join(["| measure | value |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows)])
    text = (
        "# Search replays in results.json\n\n`python benchmarks/bench_replay_size.py`: a class of "
        f"{CLASS} copies cycling through the wrong submissions that fail q4's, q7's and q10's algorithm "
        "groups, so that every copy carries three replays (each side cut at 60 calls).\n\n" + table + "\n"
    )
    print(text)
    (ROOT / "benchmarks" / "results" / "replay.md").write_text(text, encoding="utf-8")
    assert largest < MAX_SUBMISSION_BYTES


if __name__ == "__main__":
    main()
