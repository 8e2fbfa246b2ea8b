"""How much the search replays add to results.json: a class of 100 whose every copy fails q4's, q7's and
q10's algorithm checks and x1's graphs (so carries four replays), against the 1 MiB per-student cap
(grader.results.records.capped); then a class of 100 right copies graded with `--replay N`, each question's
largest game N (four passed replays);
then a class of 100 copies failing q17 (so carrying q17's diagnoses, one per failed check), and what the
diagnosis costs.

    python benchmarks/bench_replay_size.py

Grades the wrong submissions of tests/submissions/jeux/ and recherche/ that fail those groups (each question on
each of them), makes 100 copies cycling through them, writes the class's results.json as the grader
writes it, and measures: the bytes per student (largest), the bytes of the replays in it, the class's
file with and without the replays; the same for the model answer replayed on request, on the game of each
question whose replay is largest; the same for the q17 files, then grades each of them again with the
diagnosis and without it (grader/questions/taquin/diagnosis.attach made a no-op), best of RUNS wall
times. Prints the tables and writes them to benchmarks/results/replay.md.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from grading import QUESTIONS, SEED, grade_file, submission_path  # noqa: E402

from grader.intake import load_submission  # noqa: E402
from grader.judge.engine import grade_question  # noqa: E402
from grader.judge.settings import Settings  # noqa: E402
from grader.questions.taquin import diagnosis  # noqa: E402
from grader.results.records import MAX_SUBMISSION_BYTES, Run, SubmissionResult, json_bytes, size  # noqa: E402

CLASS = 100
WRONG = {
    "q4": ["bfs_profondeur.py", "bfs_iteree.py", "bfs_ids_memo.py"],
    "q7": ["ids_largeur.py", "ids_largeur_initial.py", "ids_sans_reprise.py"],
    "q10": ["idastar_dernier_f.py", "idastar_astar.py", "idastar_sans_h.py"],
    "x1": ["search_visites.py", "search_heuristique_inversee.py", "search_sans_fin.py"],
}
DIAGNOSED = ["dfs_sans_elagage.py", "dfs_sans_annuler.py", "dfs_sans_pop.py", "dfs_vus.py"]  # failing q17
DRAWINGS = ("replay", "dfs")  # the visual's keys of the replays and of q17's diagnosis
RUNS = 3


def _replay_bytes(sub: SubmissionResult) -> int:
    return sum(
        len(json.dumps(c.visual[key], ensure_ascii=False).encode())
        for q in sub.questions
        for c in q.checks
        for key in DRAWINGS
        if isinstance(c.visual, dict) and key in c.visual
    )


def _without_replays(sub: SubmissionResult) -> SubmissionResult:
    data = json.loads(json_bytes(sub))
    for q in data["questions"]:
        for c in q["checks"]:
            if isinstance(c.get("visual"), dict):
                for key in DRAWINGS:
                    c["visual"].pop(key, None)
    return data


def _measured(graded: dict[str, list]) -> dict[str, int]:
    """A class of CLASS copies cycling through each question's results: its sizes."""
    cycles = [itertools.cycle(results) for results in graded.values()]
    subs = []
    for i in range(CLASS):
        questions = [next(c) for c in cycles]
        subs.append(
            SubmissionResult(f"s{i:03}", sum(q.score for q in questions), sum(q.max for q in questions), questions)
        )
    run = Run("bench", 2017, "fr", "2026-12-04T12:00:00+00:00", {}, {}, subs)
    bare = len(json.dumps({"submissions": [_without_replays(s) for s in subs]}, ensure_ascii=False).encode())
    return {
        "largest": max(size(s) for s in subs),
        "replays": max(_replay_bytes(s) for s in subs),
        "whole": len(json_bytes(run)),
        "bare": bare,
    }


def _largest_passed_replay(qid: str):
    """The model answer's result on `qid` replayed on request, on the game whose replay is largest."""
    model = load_submission(ROOT / "reference" / "answers" / f"{_family(qid)}.py")
    runs = [
        grade_question(QUESTIONS[qid], model, Settings(seed=SEED, replay=n))
        for n in range(1, QUESTIONS[qid].replay_games() + 1)
    ]
    return max(runs, key=lambda result: _replay_bytes(SubmissionResult("s", 0.0, 0.0, [result])))


def _family(qid: str) -> str:
    return "recherche" if qid.startswith("x") else "jeux"


def _seconds(path: Path, diagnosed: bool) -> float:
    """The best wall time of grading q17 on `path`, with its diagnosis or without it."""
    kept = diagnosis.attach
    if not diagnosed:
        diagnosis.attach = lambda *args: None
    try:
        best = float("inf")
        for _ in range(RUNS):
            started = time.perf_counter()
            grade_question(QUESTIONS["q17"], load_submission(path), Settings(seed=SEED))
            best = min(best, time.perf_counter() - started)
        return best
    finally:
        diagnosis.attach = kept


def main() -> None:
    failed = _measured(
        {qid: [grade_file(submission_path(_family(qid), name), qid) for name in names] for qid, names in WRONG.items()}
    )
    passed = _measured({qid: [_largest_passed_replay(qid)] for qid in WRONG})
    diagnosed = _measured({"q17": [grade_file(submission_path("taquin", name), "q17") for name in DIAGNOSED]})
    rows = [
        ("largest student's results (bytes)", "largest"),
        ("of which replays or diagnoses (bytes)", "replays"),
        ("class results.json (bytes)", "whole"),
        ("class results.json without them (bytes, about)", "bare"),
    ]
    table = "\n".join(
        [
            "| measure | failed checks' replays | passed checks' replays (`--replay N`) | q17's diagnoses |",
            "|---|---|---|---|",
            f"| students, each with four replays (q4, q7, q10, x1) or failing q17 | {CLASS} | {CLASS} | {CLASS} |",
            *(f"| {label} | {failed[key]:,} | {passed[key]:,} | {diagnosed[key]:,} |" for label, key in rows),
            f"| per-student cap (bytes) | {MAX_SUBMISSION_BYTES:,} | {MAX_SUBMISSION_BYTES:,} | {MAX_SUBMISSION_BYTES:,} |",
        ]
    )
    costs = "\n".join(
        [
            "| q17 file | graded with the diagnosis (s) | without it (s) |",
            "|---|---|---|",
            *(
                f"| {name} | {_seconds(path, True):.2f} | {_seconds(path, False):.2f} |"
                for name, path in ((name, submission_path("taquin", name)) for name in DIAGNOSED)
            ),
        ]
    )
    text = (
        "# Search replays in results.json\n\n`python benchmarks/bench_replay_size.py`: a class of "
        f"{CLASS} copies cycling through the wrong submissions that fail q4's, q7's and q10's algorithm "
        "groups and x1's graphs, so that every copy carries four replays (each side cut at 60 calls); and a class of "
        f"{CLASS} copies of the model answer graded with `--replay N`, N each question's game whose replay "
        "is largest (four passed checks replayed); and a class of "
        f"{CLASS} copies cycling through files that fail q17's checks (tests/submissions/taquin/: each check "
        "failed carries a diagnosis of the student's dfs).\n\n" + table + "\n\nq17 graded with its diagnosis "
        f"(one run per failed check, after the grade) and without it, best of {RUNS} wall times:\n\n" + costs + "\n"
    )
    print(text)
    (ROOT / "benchmarks" / "results" / "replay.md").write_text(text, encoding="utf-8")
    assert max(failed["largest"], passed["largest"], diagnosed["largest"]) < MAX_SUBMISSION_BYTES


if __name__ == "__main__":
    main()
