"""The similarity report on a small class: the sample students' honest, different solutions and one
planted copy whose names were all renamed and comments rewritten. The copy must come first, far above
every honest pair; the stub and code the whole class shares must not count; the pages must be inert."""

from __future__ import annotations

import builtins
import io
import itertools
import os
import keyword
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from grader.cli import main
from reports.similarity import compare_class

SAMPLE = Path(__file__).resolve().parents[1] / "exercises" / "exemples"
STUB = Path(__file__).resolve().parents[1] / "exercises" / "jeux.py"
HONEST = ("alice", "bruno", "farid", "gaspard")
PAYLOAD = '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">'
# A helper the teacher dictated to the whole class: common ground, not copying.
DICTATED = '''

def affiche_etats(jeu, etats):
    """Affiche les états dans l'ordre, avec leur numéro."""
    for numero, etat in enumerate(sorted(etats, key=repr)):
        marque = "*" if etat in jeu.finaux else " "
        print(f"{numero:3d} {marque} {etat!r}")
    return len(etats)
'''


def renamed(source: str, exam_names: set[str]) -> str:
    """The same program with every name of the student's own renamed, comments reworded, docstrings
    dropped: what a copier does to hide a copy."""
    mapping: dict[str, str] = {}
    out = []
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    for tok in tokens:
        kind, text = tok.type, tok.string
        if (
            kind == tokenize.NAME
            and not keyword.iskeyword(text)
            and not hasattr(builtins, text)
            and text not in exam_names
        ):
            text = mapping.setdefault(text, f"v{len(mapping)}_{text[::-1]}")
        elif kind == tokenize.COMMENT:
            text = "# (commentaire réécrit)"
        out.append(tok._replace(string=text))
    return tokenize.untokenize(out)


def _exam_names() -> set[str]:
    """Names the exam imposes (the stub's functions and classes): a copier keeps them."""
    return set(re.findall(r"^(?:def|class) (\w+)", STUB.read_text(encoding="utf-8"), flags=re.M)) | {
        "self",
        "initial",
        "finaux",
        "suivants",
        "final",
        "h",
    }


@pytest.fixture
def small_class(tmp_path):
    root = tmp_path / "classe"
    for sid in HONEST:
        shutil.copytree(SAMPLE / sid, root / sid)
    (root / "zoe").mkdir()
    copy = renamed((SAMPLE / "bruno" / "jeux.py").read_text(encoding="utf-8"), _exam_names())
    (root / "zoe" / "jeux.py").write_text(copy, encoding="utf-8")
    # Two students who handed in the untouched stub, and a hostile one.
    for sid in ("stub1", "stub2"):
        (root / sid).mkdir()
        shutil.copy(STUB, root / sid / "jeux.py")
    (root / "hostile").mkdir()
    (root / "hostile" / "jeux.py").write_text(
        (SAMPLE / "gaspard" / "jeux.py").read_text(encoding="utf-8") + f"\n# {PAYLOAD}\nX = {PAYLOAD!r}\n",
        encoding="utf-8",
    )
    return root


def test_the_renamed_copy_comes_first_far_above_honest_pairs(small_class):
    assert "v0_" in (small_class / "zoe" / "jeux.py").read_text(encoding="utf-8")  # names were renamed
    pairs = compare_class(small_class).modules["jeux"]
    top = pairs[0]
    assert {top.a, top.b} == {"bruno", "zoe"}
    assert top.similarity > 0.8
    honest = [p for p in pairs if {p.a, p.b} <= set(HONEST)]
    assert honest and max(p.similarity for p in honest) < 0.4
    assert top.similarity > 2 * max(p.similarity for p in honest)


def test_only_the_code_handed_out_is_left_out(small_class, tmp_path):
    pairs = compare_class(small_class).modules["jeux"]
    # The untouched stub, twice: everything they share is the stub's, left out.
    assert not any({p.a, p.b} == {"stub1", "stub2"} for p in pairs)
    for sid in (*HONEST, "zoe", "hostile"):
        path = small_class / sid / "jeux.py"
        path.write_text(path.read_text(encoding="utf-8") + DICTATED, encoding="utf-8")
    # A helper the whole class shares is not dropped as common ground: the pairs show it...
    shared = compare_class(small_class).modules["jeux"]
    alice_bruno = next(p for p in shared if {p.a, p.b} == {"alice", "bruno"})
    assert "marque" in "".join(text for text, shared in alice_bruno.segments_a if shared)
    # ...unless the teacher says they handed it out (--boilerplate).
    dictated = tmp_path / "dictee.py"
    dictated.write_text(DICTATED, encoding="utf-8")
    after = compare_class(small_class, boilerplate=[dictated]).modules["jeux"]
    for pair in after:
        if {pair.a, pair.b} <= set(HONEST):
            # (the few tokens where a file's end meets the helper may match: the pair stays low)
            assert pair.similarity < 0.4
            marked = "".join(text for text, shared in pair.segments_a if shared)
            # (a fragment may run from a file's own end into the helper's first line, not further)
            assert "marque" not in marked and "print(f" not in marked


def test_most_of_the_class_handing_in_one_program_is_a_cluster(tmp_path):
    """6 of 8 students hand in one taquin.py (renamed or touched up), 2 their own: the 6 are one
    cluster sharing almost all of their code, said on the page; before, fragments most of the class
    had were dropped as common ground and the report said that no pair shared anything."""
    root = tmp_path / "classe"
    original = (SAMPLE / "alice" / "taquin.py").read_text(encoding="utf-8")
    names = set(re.findall(r"^def (\w+)", (STUB.parent / "taquin.py").read_text(encoding="utf-8"), flags=re.M))
    copiers = [f"copie{i}" for i in range(6)]
    for i, sid in enumerate(copiers):
        (root / sid).mkdir(parents=True)
        text = renamed(original, names | _exam_names()) if i % 2 else original
        (root / sid / "taquin.py").write_text(text + f"\n# version {i}\n", encoding="utf-8")
    for sid in ("chloe", "farid"):
        shutil.copytree(SAMPLE / sid, root / sid)
    report = compare_class(root)
    assert report.students["taquin"] == 8
    (cluster,) = report.clusters["taquin"]
    assert cluster.members == copiers and cluster.share > 0.9
    pairs = report.modules["taquin"]
    assert {frozenset((p.a, p.b)) for p in pairs[:15]} == {frozenset(q) for q in itertools.combinations(copiers, 2)}
    out = tmp_path / "similarite"
    assert main(["similarity", str(root), "--out", str(out)]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    pct = round(100 * cluster.share)
    assert (
        f"6 copies sur 8 partagent {pct} % de taquin.py : copie0, copie1, copie2, copie3, copie4, copie5"
        in " ".join(index.split())
    )
    assert "Aucune paire n&#39;a de fragment commun" not in index.split('id="module-taquin"')[1]


def test_pages_show_both_files_with_shared_fragments_marked(small_class, tmp_path):
    out = tmp_path / "similarite"
    assert main(["similarity", str(small_class), "--out", str(out)]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "ce n&#39;est pas un verdict" in index  # pairs to review, never verdicts
    links = re.findall(r'href="([^"]+)">comparer', index)
    assert links
    page = (out / links[0]).read_text(encoding="utf-8")
    assert page.count('<mark class="shared">') >= 2  # a fragment on each side at least
    assert "bruno" in page and "zoe" in page
    assert "v0_" in page  # the copy's own names, shown as written
    for name in out.iterdir():
        text = name.read_text(encoding="utf-8")
        assert "<script" not in text.replace("&lt;script", "")  # no script: student code is text
        assert "script-src" not in text and "default-src &#39;none&#39;" in text  # no script may run


def test_bad_inputs_exit_2(small_class, tmp_path, capsys):
    assert main(["similarity", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o"), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "nowhere" in err and "Traceback" not in err
    latin1 = tmp_path / "commun.py"
    latin1.write_bytes("# écrit en Latin-1\n".encode("latin-1"))
    for boilerplate, said in ((tmp_path, "Is a directory"), (latin1, "'utf-8' codec can't decode")):
        argv = ["similarity", str(small_class), "--out", str(tmp_path / "o"), "--boilerplate", str(boilerplate)]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"--boilerplate {boilerplate} illisible ({said}" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_the_ranking_is_the_same_in_every_process(small_class, tmp_path):
    """Python salts hash() per process: the report must not depend on it."""
    script = (
        "import sys; from pathlib import Path; from reports.similarity import compare_class; "
        "r = compare_class(Path(sys.argv[1])); "
        "print([(p.a, p.b, round(p.similarity, 6)) for p in r.modules['jeux']])"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        done = subprocess.run(
            [sys.executable, "-c", script, str(small_class)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=Path(__file__).resolve().parents[1],
            check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
