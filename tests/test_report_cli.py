"""`grader report`: a run graded in one language drawn again in the other from its results.json alone."""

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.text.i18n import say, title
from grader.text.message import Message

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "exercises" / "exemples"
QUESTIONS = ("-q", "q1", "-q", "q4", "-q", "q15")


def _text(page: Path) -> str:
    """What a reader sees of a page: its body's text, tags and scripts left out."""
    body = page.read_text(encoding="utf-8").split("<body", 1)[1]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _said(texts: list[str]) -> list[str]:
    # A message's first line, with its spaces as the page has them (the rest is a traceback, in <pre>).
    return [" ".join(t.splitlines()[0].split()) for t in texts if t.strip()]


@pytest.fixture(scope="module")
def graded_in_french(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "fr"
    done = subprocess.run(
        [sys.executable, "-m", "grader.cli", "grade", str(SAMPLE), "--out", str(out), *QUESTIONS, "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return out


def test_a_run_graded_in_french_is_drawn_again_in_english(graded_in_french, tmp_path, capsys):
    results = json.loads((graded_in_french / "results.json").read_text(encoding="utf-8"))
    assert results["lang"] == "fr" and results["format_version"] == 3
    # Only results.json is needed: a copy of it alone, in a folder of its own.
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(graded_in_french / "results.json", alone)
    assert main(["report", str(alone), "--lang", "en"]) == 0
    assert str(alone / "index.html") in capsys.readouterr().out

    english_said, french_said, titles = [], [], set()
    for sub in results["submissions"]:
        messages = [Message.from_dict(w) for w in sub["warnings"]]
        for q in sub["questions"]:
            titles.add(q["title"])
            messages += [Message.from_dict(w) for w in q["warnings"]]
            for c in q["checks"]:
                titles.add(c["title"])
                if c["message"]:
                    messages.append(Message.from_dict(c["message"]))
        english_said += _said([say(m, "en") for m in messages])
        french_said += _said([say(m, "fr") for m in messages if say(m, "fr") != say(m, "en")])
    assert len(english_said) >= 7 and french_said  # the sample class fails in many ways: something to say

    pages = {page.name: _text(page) for page in alone.glob("*.html")}
    assert {"index.html", "print.html", "chloe.html", "emma.html"} <= set(pages)
    everything = " ".join(pages.values())
    for text in english_said:
        assert text in everything, text
    for text in french_said:
        assert text not in everything, text
    for key in titles:
        assert title(key, "en") in everything, key
        assert title(key, "fr") == title(key, "en") or title(key, "fr") not in everything, key
    chloe = pages["chloe.html"]
    assert "Report for chloe" in chloe and "Copie de" not in chloe and "Total: " in chloe
    assert "Class results" in pages["index.html"] and "Résultats de la classe" not in pages["index.html"]
    # The French pages are where they were: drawn by `grade`, untouched.
    assert "Copie de chloe" in _text(graded_in_french / "chloe.html")
    # And back to French, from the same file.
    assert main(["report", str(alone), "--lang", "fr", "--to", str(tmp_path / "fr")]) == 0
    assert "Copie de chloe" in _text(tmp_path / "fr" / "chloe.html")


def test_without_lang_the_run_is_drawn_in_the_language_it_was_graded_in(graded_in_french, tmp_path):
    assert main(["report", str(graded_in_french), "--to", str(tmp_path)]) == 0
    assert "Résultats de la classe" in _text(tmp_path / "index.html")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bad_inputs_are_said_with_exit_2_and_no_traceback(graded_in_french, tmp_path, capsys, lang):
    def refused(*argv) -> str:
        assert main(["report", *argv, "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        return err

    err = refused(str(tmp_path / "nowhere"))
    assert ("introuvable" if lang == "fr" else "not found") in err
    older = tmp_path / "older"
    older.mkdir()
    data = json.loads((graded_in_french / "results.json").read_text(encoding="utf-8"))
    (older / "results.json").write_text(json.dumps({**data, "format_version": 2}), encoding="utf-8")
    err = refused(str(older))
    assert ("au format 2" if lang == "fr" else "in format 2") in err and "grader grade" in err
    (older / "results.json").write_text("{ not json", encoding="utf-8")
    assert ("illisible" if lang == "fr" else "unreadable") in refused(str(older))
    # A language the grader does not speak: argparse's own refusal, in the language asked before it.
    with pytest.raises(SystemExit) as exited:
        main(["report", str(graded_in_french), "--lang", "de"])
    assert exited.value.code == 2 and "de" in capsys.readouterr().err


def test_a_run_drawn_again_gives_the_same_pages_byte_for_byte(graded_in_french, tmp_path):
    """Reports are a function of results.json: drawn by two processes (whose string hashes, and so set
    orders, differ), every page is the same, ties in the class's most frequent failures included."""
    drawn = []
    for hash_seed in ("1", "2", "3"):
        to = tmp_path / hash_seed
        done = subprocess.run(
            [sys.executable, "-m", "grader.cli", "report", str(graded_in_french), "--to", str(to)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        drawn.append({page.name: page.read_bytes() for page in to.glob("*.html")})
    assert len(drawn[0]) >= 3 and drawn[0] == drawn[1] == drawn[2]
