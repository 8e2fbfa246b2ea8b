"""The `grader` command as students and teachers use it."""

import json
import shutil
import subprocess
import sys
from pathlib import Path


from grader.cli import main
from tests.french import english_in
from tests.importers import spreadsheet_table

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"


def test_check_reference_passes_with_exit_0(capsys):
    assert main(["check", str(ROOT / "reference" / "answers" / "jeux.py"), "-q", "q1"]) == 0
    said = capsys.readouterr()
    assert english_in(said.out + said.err) == []
    out = said.out
    assert "réussi" in out and "    1/1" in out and "Total : 1/1" in out


def test_check_stub_fails_with_exit_1_and_says_so_in_french_or_english(capsys):
    stub = ROOT / "exercises" / "jeux.py"
    assert main(["check", str(stub), "-q", "q1"]) == 1
    assert "non traité : solution_42 lève encore NotImplementedError" in capsys.readouterr().out
    assert main(["check", str(stub), "-q", "q1", "--lang", "en"]) == 1
    assert "not implemented: solution_42 still raises NotImplementedError" in capsys.readouterr().out


def test_check_json_gives_the_counterexample_expected_and_got(capsys):
    assert main(["check", str(SAMPLE / "chloe"), "-q", "q1", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    (q1,) = result["questions"]
    assert q1["status"] == "failed"
    (check,) = q1["checks"]
    assert check["expected"] == 7 and check["got"] == 15
    assert check["message"] == {"key": "q1.not_optimal", "params": {"moves": 15}}  # data: said by whoever reads it


def test_unknown_question_is_a_usage_error(capsys):
    assert main(["check", str(SAMPLE / "alice"), "-q", "q99"]) == 2


def test_a_question_named_twice_counts_once_and_a_written_one_alone_is_nothing_to_check(capsys):
    assert main(["check", str(SAMPLE / "alice"), "-q", "q1", "-q", "q1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [q["id"] for q in result["questions"]] == ["q1"] and (result["total"], result["max"]) == (1.0, 1.0)
    assert main(["check", str(SAMPLE / "alice"), "-q", "q2", "-q", "q3"]) == 2
    assert "q2, q3 : questions rédigées, corrigées à la main" in capsys.readouterr().err


def test_scheme_changes_points_and_rejects_unknown_groups(tmp_path, capsys):
    scheme = tmp_path / "bareme.toml"
    scheme.write_text("[questions.q1]\npoints = 4\n")
    assert main(["check", str(SAMPLE / "alice"), "-q", "q1", "--scheme", str(scheme), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 4
    scheme.write_text("[questions.q1]\ngroups = { nope = 1 }\n")
    assert main(["check", str(SAMPLE / "alice"), "-q", "q1", "--scheme", str(scheme)]) == 2
    assert "nope" in capsys.readouterr().err


def test_questions_lists_automatic_and_written_questions(capsys):
    assert main(["questions"]) == 0
    out = capsys.readouterr().out
    assert "q1 " in out and "solution_42" in out
    assert "q13" in out and "correction manuelle" in out


def _grade(out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "grader.cli", "grade", str(SAMPLE), "--out", str(out), "-q", "q1", *extra],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_grade_sample_class_writes_results_gradebook_and_reports(tmp_path):
    out = tmp_path / "out"
    done = _grade(out, "--workers", "2")
    assert done.returncode == 0, done.stderr
    results = json.loads((out / "results.json").read_text())
    assert {"grader_version", "seed", "submissions"} <= set(results)
    by_id = {s["id"]: s for s in results["submissions"]}
    assert sorted(by_id) == ["alice", "bruno", "chloe", "david", "emma", "farid", "gaspard"]
    status = {sid: s["questions"][0]["status"] for sid, s in by_id.items()}
    assert status == {
        "alice": "passed",
        "bruno": "failed",
        "chloe": "failed",
        "david": "missing",
        "emma": "passed",
        "farid": "error",
        "gaspard": "failed",
    }
    assert by_id["emma"]["warnings"] == [
        {"key": "warning.encoding", "params": {"file": "emma.zip/emma/jeux.py", "encoding": "cp1252"}}
    ]
    check = by_id["chloe"]["questions"][0]["checks"][0]
    assert {"name", "passed", "message", "counterexample", "expected", "got"} <= set(check)
    rows = spreadsheet_table(out / "grades.csv", "Identifiant")  # French Excel's form: `;`, decimal comma
    assert list(rows) == sorted(by_id)
    assert rows["alice"]["q1"] == 1.0
    assert (out / "index.html").exists()


def test_an_output_folder_inside_the_class_is_no_student_at_the_next_run(tmp_path, capsys):
    """`grader grade . --out rapport`, run from the class folder, then again."""
    klass = tmp_path / "classe"
    shutil.copytree(SAMPLE, klass)
    for _ in range(2):
        assert main(["grade", str(klass), "--out", str(klass / "rapport"), "-q", "q1"]) == 0
    run = json.loads((klass / "rapport" / "results.json").read_text())
    assert [s["id"] for s in run["submissions"]] == ["alice", "bruno", "chloe", "david", "emma", "farid", "gaspard"]
    assert run["notices"] == [{"key": "intake.grader_output", "params": {"folder": "rapport"}}]
    assert "rapport ignoré : un dossier de résultats du correcteur" in capsys.readouterr().err


def test_grade_resume_keeps_students_already_graded(tmp_path):
    out = tmp_path / "out"
    assert _grade(out, "--workers", "1").returncode == 0
    saved = out / "students" / "bruno.json"
    data = json.loads(saved.read_text())
    data["total"] = 123.0  # a marker: a resumed run must not regrade bruno
    saved.write_text(json.dumps(data))
    (out / "students" / "alice.json").unlink()
    done = _grade(out, "--workers", "1", "--resume")
    assert done.returncode == 0, done.stderr
    totals = {s["id"]: s["total"] for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert totals["bruno"] == 123.0 and totals["alice"] == 1.0
    assert "alice" in done.stderr and "bruno" not in done.stderr


def test_each_run_draws_a_seed_records_it_and_says_it_and_seed_redoes_the_run(tmp_path):
    first, second, again = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    runs = [_grade(first), _grade(second)]
    assert all(done.returncode == 0 for done in runs)
    seeds = [json.loads((out / "results.json").read_text())["seed"] for out in (first, second)]
    assert seeds[0] != seeds[1]  # drawn afresh (one chance in 2**32 of a clash)
    assert all(
        f"Graine : {seed} (pour refaire les mêmes cas : --seed {seed})" in done.stdout
        for seed, done in zip(seeds, runs)
    )
    assert str(seeds[0]) in (first / "index.html").read_text()
    assert _grade(again, "--seed", str(seeds[0])).returncode == 0

    def cases(out):
        data = json.loads((out / "results.json").read_text())
        return {
            s["id"]: [
                (q["id"], q["score"], q["status"], [(c["counterexample"], c["got"]) for c in q["checks"]])
                for q in s["questions"]
            ]
            for s in data["submissions"]
        }

    assert json.loads((again / "results.json").read_text())["seed"] == seeds[0]
    assert cases(again) == cases(first)


def test_check_says_its_seed_and_seed_gives_it_back(capsys):
    assert main(["check", str(SAMPLE / "chloe"), "-q", "q1", "--json"]) == 1
    out, err = capsys.readouterr()
    seed = json.loads(out)["seed"]
    assert f"--seed {seed}" in err
    assert main(["check", str(SAMPLE / "chloe"), "-q", "q1", "--json", "--seed", "42"]) == 1
    assert json.loads(capsys.readouterr().out)["seed"] == 42


def test_check_leaves_nothing_in_the_folder_it_is_run_from(tmp_path):
    # `python -m grader` is the `grader` command's entry point (grader/__main__.py), as students run it.
    done = subprocess.run(
        [sys.executable, "-m", "grader", "check", str(SAMPLE / "alice"), "-q", "q4"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert list(tmp_path.iterdir()) == []


def test_grade_names_students_as_the_lms_spells_them_with_their_own_time(tmp_path, capsys):
    """A Moodle download: the terminal's progress lines and the class page name each student as the
    folder spells them (the id stays in file names); each line gives that student's own grading time,
    not the time since the run started (the slow student is graded first, on one worker)."""
    klass = tmp_path / "classe"
    slow = klass / "Aaron Lent_1000_assignsubmission_file_"
    slow.mkdir(parents=True)
    (slow / "jeux.py").write_text("import time\ntime.sleep(3)\n" + (SAMPLE / "alice" / "jeux.py").read_text())
    fast = klass / "Élise Dupré-Lefèvre_1001_assignsubmission_file_"
    fast.mkdir()
    shutil.copy(SAMPLE / "alice" / "jeux.py", fast / "jeux.py")
    out = tmp_path / "out"
    assert main(["grade", str(klass), "--out", str(out), "-q", "q1", "--workers", "1", "--seed", "1"]) == 0
    said = capsys.readouterr()
    assert english_in(said.out + said.err) == []  # the isolation's layers included
    lines = [line for line in said.err.splitlines() if line.startswith("[")]
    assert [line.rsplit(" (", 1)[0] for line in lines] == ["[1/2] Aaron Lent", "[2/2] Élise Dupré-Lefèvre"]
    seconds = [float(line.rsplit(" (", 1)[1].removesuffix(" s)").replace(",", ".")) for line in lines]
    assert seconds[0] >= 3 and seconds[1] < 2, lines
    index = (out / "index.html").read_text(encoding="utf-8")
    assert ">Élise Dupré-Lefèvre</a>" in index and 'href="elise-dupre-lefevre_1001.html"' in index
    assert "Copie d&#39;Élise Dupré-Lefèvre" in (out / "elise-dupre-lefevre_1001.html").read_text(encoding="utf-8")
