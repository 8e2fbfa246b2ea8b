"""The registry of questions and messages, checked without grading anything: every question's id is
unique and titled, every check group has a title and a weight, and every message key the questions and
the engine can put in a result exists in both languages with the same parameters (results hold keys,
so a missing one would break a report only when a student hits it)."""

from __future__ import annotations

import ast
import importlib
import math
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from grader.judge import engine

from grader.text import i18n
from grader.registry import all_questions
from grader.results.records import Kind, Status, SubmissionStatus

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = all_questions(extensions=True)
# Where the keys of results come from: the question modules and the judge (engine, expectations...).
SOURCES = sorted((ROOT / "grader" / "questions").rglob("*.py")) + sorted((ROOT / "grader" / "judge").glob("*.py"))
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
# What takes a message key (the questions' own helpers too): its position and keyword.
KEY_ARGUMENTS = {
    "Message": (0, "key"),
    "GraderBug": (0, None),
    "ModelAnswerNeeded": (0, None),
    "Failure": (1, "message"),
    "_failure": (1, "message"),
    "timeout_failure": (2, "key"),
    "Outcome": (None, "skipped"),
    "Violation": (0, None),
}
MESSAGE_CALLS = set(KEY_ARGUMENTS)


def _fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _name(call: ast.Call) -> str:
    return getattr(call.func, "id", getattr(call.func, "attr", ""))


def _literal_keys(path: Path, prefixes: set[str]) -> set[str]:
    """String literals of a module that name a catalogue entry of one of `prefixes` (q4.…, jeux.…),
    but for the arguments of calls that take no message (a calibration cost's name, a file name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    other = {
        id(arg)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _name(node) not in MESSAGE_CALLS
        for arg in node.args
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and KEY.match(node.value)
        and node.value.split(".")[0] in prefixes
        and id(node) not in other
    }


def test_every_question_has_a_unique_id_and_a_title_in_both_languages():
    ids = [q.id for q in QUESTIONS]
    assert len(ids) == len(set(ids)) >= 22
    for q in QUESTIONS:
        assert set(i18n.everything()[f"{q.id}.title"]) == set(i18n.LANGS), q.id


def test_every_check_group_has_a_title_and_a_weight():
    for q in QUESTIONS:
        if q.manual:
            assert not q.groups, q.id
            continue
        names = [g.name for g in q.groups]
        assert names and len(names) == len(set(names)), q.id
        for g in q.groups:
            assert set(i18n.everything()[f"{q.id}.{g.name}"]) == set(i18n.LANGS), (q.id, g.name)
            assert isinstance(g.weight, (int, float)) and math.isfinite(g.weight) and g.weight >= 0, (q.id, g.name)
        assert sum(g.weight for g in q.groups) > 0, q.id  # a question with nothing to earn is no question


def test_every_message_says_the_same_parameters_in_both_languages():
    for key, entry in i18n.everything().items():
        assert set(entry) == set(i18n.LANGS), key
        assert _fields(entry["fr"]) == _fields(entry["en"]), key


def test_every_key_a_question_or_the_engine_can_emit_exists_in_both_languages():
    prefixes = {q.id for q in QUESTIONS} | {q.module for q in QUESTIONS if q.module} | {"engine", "error"}
    emitted = set().union(*(_literal_keys(path, prefixes) for path in SOURCES))
    emitted |= set(engine.MESSAGES)
    emitted |= {f"status.{s}" for s in Status} | {f"submission.{s}" for s in SubmissionStatus}
    missing = sorted(k for k in emitted if not i18n.defined(k))
    assert not missing
    # A fair share of the catalogue: the scan does see the questions' keys.
    assert len([k for k in emitted if k.split(".")[0] in {q.id for q in QUESTIONS}]) >= 40


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_message_key_is_built_at_run_time(path):
    """A key made by an f-string cannot be checked by the test above: each must be written out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    built = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in KEY_ARGUMENTS:
            position, keyword = KEY_ARGUMENTS[_name(node)]
            key = [k.value for k in node.keywords if k.arg == keyword]
            if position is not None and len(node.args) > position:
                key.append(node.args[position])
            built += [
                ast.unparse(arg)
                for arg in key
                if not isinstance(arg, (ast.Constant, ast.Name, ast.Attribute, ast.IfExp, ast.Subscript))
            ]
    assert not built, f"{path.name}: {built}"


def test_kinds_and_statuses_are_the_strings_results_json_holds():
    assert {k.value for k in Kind} >= {
        s.value for s in Status if s not in (Status.PASSED, Status.PARTIAL, Status.FAILED, Status.UNGRADED)
    }
    assert f"{Status.PASSED}" == str(Status.PASSED) == "passed" and Status("timeout") is Status.TIMEOUT


def test_a_result_keeps_only_keys_the_catalogue_has(monkeypatch):
    """A judge that emits a key the catalogue lacks, or forgets a parameter, is the grader's bug, said as
    such on that question: never a results.json no report can draw."""
    from grader.judge.settings import Settings
    from grader.judge.engine import grade_submission
    from grader.intake import load_submission
    from grader.questions.jeux import questions as jeux_questions
    from grader.judge.question import Failure, Outcome

    q1 = next(q for q in jeux_questions.QUESTIONS if q.id == "q1")
    submission = load_submission(ROOT / "reference" / "answers" / "jeux.py")
    for failure in (Failure("wrong", "q1.no_such_message"), Failure("wrong", "q1.step", {"a": 1})):
        monkeypatch.setattr(type(q1), "run", lambda self, ctx, f=failure: [Outcome("sequence", f)])
        (result,) = grade_submission(submission, [q1], Settings()).questions
        (check,) = result.checks
        assert result.status == "error" and check.message.key == "engine.grader_bug"
        assert failure.message in i18n.say(check.message, "en")
        for lang in i18n.LANGS:
            i18n.say(check.message, lang)  # says itself in both languages


def test_each_family_keeps_its_own_messages_beside_its_code():
    """grader/questions/<family>_messages.py (or <family>/messages.py): the keys of its questions and of the
    family itself, every one registered in grader/registry.py's families."""
    seen: set[str] = set()
    for module in i18n.family_catalogues():
        family = importlib.import_module(module)
        name = module.split(".")[2].removesuffix("_messages")
        owners = {q.id for q in QUESTIONS if q.module == name or (name == "manual" and q.manual)} | {name}
        assert family.MESSAGES and all(i18n.everything()[k] is v for k, v in family.MESSAGES.items()), name
        seen |= set(family.MESSAGES)
        assert {key.split(".")[0] for key in family.MESSAGES} <= owners, name
    # Every question's title and groups are said by its own family's module.
    for q in QUESTIONS:
        assert f"{q.id}.title" in seen and all(f"{q.id}.{g.name}" in seen for g in q.groups), q.id


def test_every_catalogue_holds_only_the_keys_it_is_registered_for():
    """A catalogue holds the keys of the first parts CATALOGUES gives it; the families, the others."""
    claimed = {first for firsts in i18n.CATALOGUES.values() for first in firsts}
    for module, firsts in i18n.CATALOGUES.items():
        keys = importlib.import_module(module).MESSAGES
        assert keys and {key.split(".")[0] for key in keys} <= set(firsts), module
    for module in i18n.family_catalogues():
        assert not {key.split(".")[0] for key in importlib.import_module(module).MESSAGES} & claimed, module


def test_a_key_defined_twice_or_in_the_wrong_catalogue_is_refused():
    i18n.everything()
    with pytest.raises(RuntimeError, match="defined twice.*q1.title"):
        i18n.add({"q1.title": {"fr": "autre", "en": "other"}}, "grader.questions.other_messages")
    with pytest.raises(RuntimeError, match="wrong catalogue.*cli.extra"):
        i18n.add({"cli.extra": {"fr": "autre", "en": "other"}}, "grader.text.i18n.reports")
    with pytest.raises(RuntimeError, match="wrong catalogue.*report.extra"):
        i18n.add({"report.extra": {"fr": "autre", "en": "other"}}, "grader.questions.other_messages")
    assert i18n.everything()["q1.title"]["en"] != "other" and not i18n.defined("cli.extra")


LOADED = (
    "import sys\n{}\n"
    "print(sorted(m for m in sys.modules if m.endswith(('_messages', '.messages')) or m.startswith('grader.text.i18n.')))"
)


@pytest.mark.parametrize(
    "code, loaded",
    [
        ("import grader.results.records, grader.run.jobs, grader.registry", []),
        ("from grader.text import i18n\ni18n.t('cli.total')", ["grader.text.i18n.commands"]),
        ("from grader.text import i18n\ni18n.t('q18.title')", sorted(i18n.family_catalogues())),
    ],
    ids=["importing", "a command's message", "a question's message"],
)
def test_a_catalogue_is_loaded_only_when_one_of_its_keys_is_said(code, loaded):
    result = subprocess.run(
        [sys.executable, "-c", LOADED.format(code)], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr(loaded)
