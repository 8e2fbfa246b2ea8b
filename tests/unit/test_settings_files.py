"""The three TOML settings files (the barème, the service's class configuration, hand marks) are read by
one reader (grader/settings_files.py): an unknown key or a value of the wrong type or out of range is refused
as a teacher meets it, on the command line: exit status 2, the file, its line, the key and what was
expected, in French (English with --lang en), no traceback, nothing done."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import settings_files as settings
from grader.cli import main
from grader.errors import InputError, UsageError
from grader.results.marks import load_marks
from tests.unit.test_exports import marks_file, sample_run, graded  # noqa: F401 - the graded run fixture

ROOT = Path(__file__).resolve().parents[2]
ALICE = ROOT / "exercises" / "exemples" / "alice"


def _refused(capsys, argv: list[str], fr: list[str], en: list[str]) -> None:
    for lang, said in (("fr", fr), ("en", en)):
        assert main([*argv, "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert all(part in captured.err for part in said), captured.err
        assert "Traceback" not in captured.err and captured.out == ""


# --- The barème (--scheme) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, fr, en",
    [
        (
            "time_factor = 10\ncolour = 1\n",
            [":2 : clé inconnue : colour (connues : time_factor, time_floor, questions)"],
            [":2: unknown key: colour (known: time_factor, time_floor, questions)"],
        ),
        (
            '[questions.q4]\npoints = "3"\n',
            [
                'bareme.toml:2 : valeur refusée pour questions.q4.points : "3"',
                "(attendu : un nombre supérieur ou égal à 0)",
            ],
            ['bareme.toml:2: value refused for questions.q4.points: "3"', "(expected: a number of at least 0)"],
        ),
        (
            "[questions.q4]\ngroups = { jeu1 = true }\n",
            ["valeur refusée pour questions.q4.groups.jeu1 : true"],
            ["value refused for questions.q4.groups.jeu1: true"],
        ),
        ("time_floor = -0.5\n", ["time_floor : -0.5 (attendu"], ["time_floor: -0.5 (expected"]),
    ],
)
def test_a_scheme_with_an_unknown_key_or_a_wrong_type_is_refused(tmp_path, capsys, content, fr, en):
    scheme = tmp_path / "bareme.toml"
    scheme.write_text(content, encoding="utf-8")
    _refused(
        capsys, ["check", str(ALICE), "-q", "q4", "--scheme", str(scheme)], ["barème", *fr], ["grading scheme", *en]
    )


# --- The service's class configuration (grader serve) ---------------------------------------------------

CLASS = 'name = "MP2"\nstudents = ["alice"]\nseed = 1\n'


@pytest.mark.parametrize(
    "content, fr, en",
    [
        (
            CLASS + "[rate_limit]\nstudent_burst = 3\nburst = 3\n",
            ["class.toml:6 : clé inconnue : rate_limit.burst (connues : student_burst,"],
            ["class.toml:6: unknown key: rate_limit.burst (known: student_burst,"],
        ),
        (
            CLASS + 'workers = "2"\n',
            ['class.toml:4 : valeur refusée pour workers : "2" (attendu : un entier de 0 à 64)'],
            ['class.toml:4: value refused for workers: "2" (expected: an integer from 0 to 64)'],
        ),
        (
            'name = "MP2"\nseed = 1\nstudents = ["alice", { id = "bob", nom = "Bob" }]\n',
            ["class.toml:3 : clé inconnue : students[1].nom (connues : id, name)"],
            ["class.toml:3: unknown key: students[1].nom (known: id, name)"],
        ),
        (
            CLASS + "late = true\n",
            ['valeur refusée pour late : true (attendu : l\'une des valeurs "accept", "refuse")'],
            ['value refused for late: true (expected: one of "accept", "refuse")'],
        ),
        ('students = ["alice"]\nseed = 1\n', ["name manque (attendu : un texte non vide)"], ["name is missing"]),
    ],
)
def test_a_class_configuration_with_an_unknown_key_or_a_wrong_type_is_refused(tmp_path, capsys, content, fr, en):
    config = tmp_path / "class.toml"
    config.write_text(content, encoding="utf-8")
    _refused(capsys, ["serve", str(config), "--port", "1"], ["configuration", *fr], ["configuration", *en])
    assert not (tmp_path / "service-data").exists()  # nothing started, nothing written


# --- Hand marks in TOML (--marks) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, fr, en",
    [
        # A mark's table with a misspelt key: its mark was silently "not marked yet" before.
        (
            "[alice]\nq2 = { not = 1.5 }\n",
            ["notes.toml:2 : clé inconnue : alice.q2.not (connues : note, mark,"],
            ["notes.toml:2: unknown key: alice.q2.not (known: note, mark,"],
        ),
        ("[alice]\nq2 = true\n", ["valeur refusée pour alice.q2 : true (attendu : une note"], ["alice.q2: true"]),
        ("[alice]\nq2 = 1\ncommentaire = 3\n", ["notes.toml:3 : valeur refusée pour alice.commentaire : 3"], [":3:"]),
        ("alice = 2\n", ["(attendu : une table par élève ([nom] puis q2 = 1.5))"], ["one table per student"]),
    ],
)
def test_a_marks_file_with_an_unknown_key_or_a_wrong_type_is_refused(graded, tmp_path, capsys, content, fr, en):  # noqa: F811
    marks = marks_file(tmp_path, content, "notes.toml")
    before = (graded / "results.json").read_bytes()
    _refused(capsys, ["export", str(graded), "--marks", str(marks)], ["fichier de notes", *fr], ["marks file", *en])
    assert (graded / "results.json").read_bytes() == before and not (graded / "exports").exists()


def test_marks_in_toml_keep_their_comments_and_marks_whatever_the_keys_case(tmp_path):
    text = '[alice]\nQ2 = { Note = 1.5, Commentaire = "Bien" }\nq13 = "2,5"\nCommentaire = "Soigné"\n'
    (alice,) = load_marks(marks_file(tmp_path, text, "notes.toml"), sample_run()).values()
    assert (alice.marks, alice.comments, alice.comment) == ({"q2": 1.5, "q13": 2.5}, {"q2": "Bien"}, "Soigné")


# --- The reader itself ---------------------------------------------------------------------------------


def test_absent_keys_get_their_defaults_and_present_ones_are_kept():
    schema = settings.Table(
        {"n": settings.Number(default=3), "t": settings.Text(), "l": settings.ListOf(item=settings.Text())}
    )
    assert settings.parse('l = ["a"]\n', Path("f.toml"), schema, "config") == {"l": ["a"], "n": 3}


def test_a_missing_file_is_named_and_an_unreadable_one_said(tmp_path):
    schema = settings.Table()
    with pytest.raises(InputError, match="does not exist"):
        settings.load(tmp_path / "nowhere.toml", schema, "scheme")
    (tmp_path / "latin1.toml").write_bytes('name = "é"\n'.encode("latin-1"))
    with pytest.raises(UsageError) as refused:
        settings.load(tmp_path / "latin1.toml", schema, "config")
    assert refused.value.key == "settings.unreadable" and "illisible" in refused.value.message("fr")


@pytest.mark.parametrize(
    "text, at, line",
    [
        ("a = 1\n[t]\nb = 2\n", ("t", "b"), 3),
        ("a = 1\n[t]\nb = 2\n", ("t",), 2),
        ("t.b = 2\n", ("t", "b"), 1),
        ('[q."q 4"]\nx = { y = 1 }\n', ("q", "q 4", "x", "y"), 2),
        ("l = [\n  1,\n]\n", ("l", 0), 1),
        ("a = 1\n", ("b",), None),
    ],
)
def test_the_line_of_a_key(text, at, line):
    assert settings.line_of(text, at) == line


def test_values_are_shown_as_toml_writes_them():
    assert [settings.shown(v) for v in ('a"b', True, [1, "x"], {"k": 2.5}, {})] == [
        '"a\\"b"',
        "true",
        '[1, "x"]',
        "{ k = 2.5 }",
        "{}",
    ]


@pytest.mark.parametrize(
    "text, line, french",
    [
        ("a = 1\na = 2\n", 2, "redéfinie"),
        ("a = {b = 1, b = 2}\n", 1, "déclarée deux fois"),
        ("[t]\nx = 1\n[t]\n", 3, "déclarée deux fois"),
        ("a.b = 1\na = 2\n", 2, "redéfinie"),
        ("nom Léa\n", 1, "il manque le signe « = »"),
        ("[t\n", 1, "« ] » à la fin"),
        ("[[t]\n", 1, "« ]] » à la fin"),
        ("a = 1 2\n", 1, "rien ne peut suivre une valeur"),
        ("a = [1, 2\n", None, "non refermée"),
        ('a = "x\n', 1, "interdit ici"),
        ('a = "\\q"\n', 1, "« \\ » seul"),
        ("a = bonjour\n", 1, "valeur invalide"),
        ("=1\n", 1, "ligne incompréhensible"),
    ],
)
def test_a_toml_syntax_error_is_said_in_french_with_its_line(text, line, french):
    with pytest.raises(UsageError) as refused:
        settings.parse(text, Path("classe.toml"), settings.Table(), "config")
    said = refused.value.message("fr")
    assert (f"classe.toml:{line}" if line else "classe.toml illisible") in said and french in said, said
    english = refused.value.message("en")
    assert "cannot be read" in english and "illisible" not in english, english
