"""Bad input ends a command with a sentence in the user's language and exit status 2, never a traceback."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grader import cli, errors

from grader.run import grading

from grader.text import i18n
from grader.cli import main
from tests.test_attacks import as_root

ROOT = Path(__file__).resolve().parents[1]
ALICE = ROOT / "exercises" / "exemples" / "alice"


def _usage_error(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    return captured.err


@pytest.mark.parametrize("command", ["check", "grade"])
def test_a_missing_path_is_named_in_french_and_english(tmp_path, capsys, command):
    missing = tmp_path / "classe-absente"
    extra = ["--out", str(tmp_path / "out")] if command == "grade" else []
    assert f"{missing} n'existe pas" in _usage_error(capsys, [command, str(missing), *extra])
    assert f"{missing} does not exist" in _usage_error(capsys, [command, str(missing), *extra, "--lang", "en"])
    assert not (tmp_path / "out" / "results.json").exists()


def test_negative_workers_is_refused_before_any_grading(tmp_path, capsys):
    err = _usage_error(capsys, ["grade", str(ALICE.parent), "--out", str(tmp_path / "out"), "--workers", "-1"])
    assert "--workers -1" in err
    assert not (tmp_path / "out").exists()


def test_more_workers_than_the_accounts_task_limit_allows_is_refused_before_any_grading(tmp_path, capsys, monkeypatch):
    """Where the children share the teacher's uid (not root, no user namespace), each child's room holds a
    share per worker of the pool (confine.account_room): past the account's hard task limit it is not there."""
    import resource

    from grader.sandbox import confine, host
    from grader.sandbox.limits import Limits

    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(host, "namespace_prefix", list)
    monkeypatch.setattr(host, "tasks_of", lambda uid: 100)
    share = Limits.processes + confine.TASKS_BESIDE_A_CHILD
    hard = 100 + Limits.processes + Limits.account_tasks + 4 * share + share - 1  # 4 shares fit, not 5
    kernels = resource.getrlimit
    monkeypatch.setattr(
        resource, "getrlimit", lambda which: (hard, hard) if which == resource.RLIMIT_NPROC else kernels(which)
    )
    assert host.most_workers(Limits()) == 4
    err = _usage_error(capsys, ["grade", str(ALICE.parent), "--out", str(tmp_path / "out"), "--workers", "5"])
    assert "--workers 5 : trop de processus pour ce compte" in err and "(ulimit -Hu) en permet 4 au plus" in err
    assert not (tmp_path / "out").exists()
    monkeypatch.setattr(host, "namespace_prefix", lambda: ["unshare"])  # a user namespace: its own count
    assert host.most_workers(Limits()) is None


@pytest.mark.parametrize("memory", ["-5", "0", "63", str((1 << 20) + 1)])
def test_a_memory_limit_out_of_range_is_refused_before_any_grading(tmp_path, capsys, memory):
    """-5 would have meant no limit at all (a negative rlimit is infinity), 0 a limit Python survives
    only by luck."""
    err = _usage_error(capsys, ["grade", str(ALICE.parent), "--out", str(tmp_path / "out"), "--memory", memory])
    assert f"--memory {memory} : il faut un nombre entier de Mio, de 64 à 1048576" in err
    assert not (tmp_path / "out").exists()
    assert f"--memory {memory}: give" in _usage_error(capsys, ["check", str(ALICE), "--memory", memory, "--lang", "en"])


@pytest.mark.parametrize(
    "content, named",
    [
        ("time_factor = 'vite'\n", "time_factor"),
        ("time_floor = -1\n", "time_floor"),
        ("[questions.q1]\npoints = true\n", "questions.q1.points"),
        ("[questions.q1]\ngroups = { petits_jeux = 'x' }\n", "questions.q1.groups.petits_jeux"),
        ("questions = 3\n", "questions"),
        ("[questions.q1\n", "illisible"),
        ("bareme = 1\n", "bareme"),
        ("[questions.q1]\ngroups = { nope = 1 }\n", "nope"),
        (b"time_factor = 2 # \xe9t\xe9\n", "illisible"),  # saved as Latin-1, not UTF-8
    ],
)
def test_bad_scheme_values_are_refused_with_the_key_named(tmp_path, capsys, content, named):
    scheme = tmp_path / "bareme.toml"
    scheme.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert named in _usage_error(capsys, ["check", str(ALICE), "-q", "q1", "--scheme", str(scheme)])


def test_unknown_question_in_english(capsys):
    assert "unknown question: q99" in _usage_error(capsys, ["check", str(ALICE), "-q", "q99", "--lang", "en"])


def test_every_error_key_exists_in_both_languages():
    keys = [key for key in i18n.everything() if key.startswith("error.")]
    assert keys and all(set(i18n.everything()[key]) == {"fr", "en"} for key in keys)


def test_a_grader_bug_is_said_in_a_bounded_message_with_exit_3(capsys, monkeypatch):
    def bug(args):
        raise ValueError(b"\xff" * 100_000)  # as a decoding error quotes all the bytes it was given

    monkeypatch.setattr(cli, "check_main", bug)
    assert main(["check", str(ALICE)]) == 3
    err = capsys.readouterr().err
    assert "erreur interne du correcteur" in err
    assert len(err.splitlines()[-1]) < 1000


def test_the_tree_has_one_root_and_usage_errors_exit_2():
    for cls in (
        errors.UsageError,
        errors.SchemeError,
        errors.UnknownQuestion,
        errors.InputError,
        errors.SubmissionError,
        errors.GraderBug,
    ):
        assert issubclass(cls, errors.GraderError)
    assert errors.InputError.exit_status == errors.SchemeError.exit_status == 2
    assert errors.GraderBug.exit_status == 3
    error = errors.InputError("error.path_missing", path="x")
    assert str(error) == "x does not exist" and error.message("fr") == "x n'existe pas"


def test_check_of_an_empty_folder_or_a_broken_archive_says_why_with_exit_2(tmp_path, capsys):
    (tmp_path / "vide").mkdir()
    assert main(["check", str(tmp_path / "vide"), "-q", "q1"]) == 2
    assert "non rendu : la soumission est vide" in capsys.readouterr().out
    broken = tmp_path / "rendu.zip"
    broken.write_bytes(b"PK\x03\x04 cut short")
    assert main(["check", str(broken), "-q", "q1", "--lang", "en"]) == 2
    assert "rendu.zip cannot be read" in capsys.readouterr().out
    notes = tmp_path / "notes.txt"
    notes.write_text("")
    assert "notes.txt" in _usage_error(capsys, ["check", str(notes)])


def test_an_output_folder_that_cannot_be_written_is_said_before_any_grading(tmp_path, capsys, monkeypatch):
    def graded(*args, **kwargs):
        raise AssertionError("a student was graded before the output folder was found unwritable")

    monkeypatch.setattr(grading, "_grade_in_pool", graded)
    (tmp_path / "a-file").write_text("", encoding="utf-8")  # a file where the folder would go
    out = tmp_path / "a-file" / "sortie"
    assert f"impossible d'écrire {out}" in _usage_error(capsys, ["grade", str(ALICE.parent), "--out", str(out)])
    assert "cannot write" in _usage_error(
        capsys, ["grade", str(ALICE.parent), "--out", str(out), "--lang", "en", "--resume"]
    )
    monkeypatch.undo()
    assert "impossible d'écrire" in _usage_error(capsys, ["check", str(ALICE), "-q", "q1", "--html", str(out)])


@pytest.mark.slow
@as_root
def test_an_ordinary_teacher_is_told_what_their_account_cannot_read_or_write(teacher_python):
    """A folder not theirs for the output: said before any grading, exit 2. A student's file they may not
    read: that student is unreadable, the others graded."""
    uid, folder, python = teacher_python
    theirs = folder / "classe"
    shutil.copytree(ALICE.parent, theirs)
    subprocess.run(["chown", "-R", f"{uid}:{uid}", theirs], check=True)
    (theirs / "bruno").chmod(0o755)
    os.chown(theirs / "bruno" / "jeux.py", 0, 0)
    (theirs / "bruno" / "jeux.py").chmod(0o600)  # root's alone
    not_theirs = folder / "notes-du-collegue"
    not_theirs.mkdir(mode=0o755)  # root's, readable by all, writable by root only

    def grade(out: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--", str(python), "-m", "grader.cli"]
            + ["grade", str(theirs), "--out", str(out), "-q", "q1"],
            capture_output=True,
            text=True,
            cwd=folder / "src",
            env={"PATH": "/usr/bin:/bin", "HOME": str(folder)},
            timeout=300,
        )

    done = grade(not_theirs)
    assert done.returncode == 2, done.stderr
    assert f"impossible d'écrire {not_theirs}" in done.stderr and "Permission denied" in done.stderr
    assert "Traceback" not in done.stderr and list(not_theirs.iterdir()) == []
    done = grade(folder / "notes")
    assert done.returncode == 0, done.stderr
    results = {s["id"]: s for s in json.loads((folder / "notes" / "results.json").read_text())["submissions"]}
    assert results["bruno"]["status"] == "unreadable"
    assert results["bruno"]["warnings"] == [
        {"key": "intake.refused_broken", "params": {"file": "jeux.py", "detail": "Permission denied"}}
    ]
    assert results["alice"]["status"] == "graded" and results["alice"]["total"] == 1.0


# Exceptions that are not errors said to a person, and so stay outside the tree on purpose: signals inside
# the student's child or between it and the parent (grader/errors.py says why), a Hypothesis stop, a
# signal that ends a class run or stops a worker, the reason a lost job is given up for (a value in a result,
# never raised), the web pages' own HTTP answers, the in-process child's unwinding of the student's frames,
# a notebook refused by the intake (caught there: that student's file is unreadable, said in their report),
# the stop of a student's tente_* watched too long in the child (caught there), and the in-process child's
# harmless last word to its own thread, received at once (it clears CPython's pending flag).
OUTSIDE_THE_TREE = {
    "grader.questions.taquin.probes._TooLong",
    "grader.sandbox.inprocess._Ended",
    "grader.sandbox.inprocess._LastWord",
    "grader.intake.modules.NotebookRefused",
    "grader.sandbox.protocol.ProtocolError",
    "grader.sandbox.protocol.Missing",
    "grader.sandbox.protocol.InvalidValue",
    "grader.sandbox.protocol.TimeLimit",
    "grader.sandbox.calls.Stop",
    "grader.sandbox.calls.Stopped",
    "grader.sandbox.calls.Violation",
    "grader.sandbox.calls.Exhausted",
    "grader.sandbox.confine.ConfinementError",
    "grader.judge.checks._Falsified",
    "grader.run.grading.Interrupted",
    "grader.run.executor._WorkerStopped",
    "grader.run.executor.WorkerLost",
    "grader.run.deadline.JobDeadline",
    "grader.service.web._TooLarge",
    "grader.service.routes.common.NotFound",
    "grader.service.routes.common.Forbidden",
}


def test_every_exception_the_grader_defines_has_the_common_root():
    import importlib
    import inspect
    import pkgutil

    import grader

    found = set()
    for info in pkgutil.walk_packages(grader.__path__, "grader."):
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if inspect.isclass(cls) and issubclass(cls, BaseException) and cls.__module__ == info.name:
                found.add(f"{info.name}.{name}")
    stray = {name for name in found - OUTSIDE_THE_TREE if not issubclass(_named(name), errors.GraderError)}
    assert stray == set()
    assert OUTSIDE_THE_TREE <= found  # an entry of the list that no longer exists goes too


def _named(dotted: str):
    import importlib

    module, name = dotted.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def test_solve_s_bad_input_is_said_once_at_the_edge_with_exit_2(capsys):
    assert main(["solve", "1", "2", "3", "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "grader: error: a state is 16 numbers, got 3\n" and captured.out == ""
