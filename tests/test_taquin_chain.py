"""q16-q18 judged on their own, and points only for observed work, on whole taquin.py files written from
the model answer with one function broken or rewritten, graded as a user would grade them.

- A later question gets the better of two judgements: with the student's own earlier functions and with
  the model answer's. A broken earlier function costs it nothing, however the later one holds it (a tuple
  built at import as the model answer's own ESSAIS, a list, a dict, a default argument, a closure, a
  functools.partial, a method of a class), whatever callable it is (objects with __call__, methods bound to
  four objects of one class, lambdas in a dict, functools.partial of methods, nested closures), and when the
  later one calls the helper the tente_* share instead; a division of labour other than the model answer's
  costs nothing.
- The earlier moves and every value the grader puts in `solution` are written the student's way (their
  strings, their enum, their constants).
- A function that does nothing (`return False`) earns nothing for the groups doing nothing would pass.
"""

import functools
import re
import tempfile
from pathlib import Path

import pytest
from grading import SEED, say

from grader.judge.settings import Settings

from grader.judge.engine import grade_submission
from grader.registry import all_questions
from grader.run.jobs import select
from grader.results.scoring import Scheme
from grader.intake import load_submission

pytestmark = pytest.mark.usefixtures("judged")

ROOT = Path(__file__).resolve().parent.parent
MODEL = (ROOT / "reference" / "answers" / "taquin.py").read_text()
# The challenge costs seconds: q18's other groups say what these tests ask.
FAST = Settings(seed=SEED, examples=25, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
TENTES = ("tente_gauche", "tente_bas", "tente_droite", "tente_haut")


def body(source: str, name: str, new_body: str) -> str:
    """`source` with the body of the top-level function `name` replaced by `new_body` (one line)."""
    pattern = re.compile(rf"^def {name}\((.*)\):\n(?:(?:    .*)?\n)+", re.MULTILINE)
    assert len(pattern.findall(source)) == 1, name
    return pattern.sub(lambda m: f"def {name}({m[1]}):\n    {new_body}\n\n\n", source)


def replaced(source: str, old: str, new: str) -> str:
    assert source.count(old) == 1, old
    return source.replace(old, new)


def graded(tmp_path: Path, source: str, qid: str, settings: Settings = FAST):
    folder = tmp_path / f"{qid}-{abs(hash(source))}"
    folder.mkdir()
    (folder / "taquin.py").write_text(source)
    (result,) = grade_submission(load_submission(folder), select(all_questions(), [qid]), settings).questions
    return result


def judged_with(result) -> str:
    return next(c for c in result.checks if c.name == "chaine_eleve").message.key


def failures(result) -> list:
    return [(c.name, say(c.message)) for c in result.checks if not c.passed]


@functools.cache
def broken_tentes() -> str:
    source = MODEL
    for name in TENTES:
        source = body(source, name, "return False")
    return source


# --- The table: points only for observed work, a carried error costs nothing ------------------
def test_four_tentes_that_refuse_everything_earn_nothing(tmp_path):
    result = graded(tmp_path, broken_tentes(), "q16")
    assert result.score == 0, failures(result)
    assert {c.name: c.message.key for c in result.checks if c.name.startswith("refus")} == {
        "refus_bord": "q16.refusals_unearned",
        "refus_oppose": "q16.refusals_unearned",
    }


def test_refusals_count_for_the_tentes_that_act(tmp_path):
    """tente_haut does nothing, the three others are right: the refusals count for three functions of four,
    said beside them; acceptance, judged direction by direction, fails for tente_haut and keeps the three
    others' share."""
    result = graded(tmp_path, body(MODEL, "tente_haut", "return False"), "q16")
    refusal = next(c for c in result.checks if c.name == "refus_bord")
    assert refusal.passed and refusal.points == pytest.approx(0.75 * refusal.max_points)
    assert "3 fonctions sur 4" in say(refusal.message) and "tente_haut" not in say(refusal.message)
    accepting = next(c for c in result.checks if c.name == "acceptation")
    assert not accepting.passed and accepting.points == pytest.approx(0.75 * accepting.max_points)
    assert "tente_haut()" in say(accepting.message)
    assert result.score == pytest.approx(1.5) and result.status == "partial"


def test_records_without_moves_earn_nothing(tmp_path):
    """tente_* that record their move (after the exam's tests) without sliding any tile: no direction acts,
    so their right refusals count for none; acceptance fails in each."""
    source = MODEL
    for name, condition in (("Gauche", "lj < 3"), ("Bas", "li > 0"), ("Droite", "lj > 0"), ("Haut", "li < 3")):
        source = body(source, f"tente_{name.lower()}", f"return tente(Deplacement.{name}, {condition}, lambda: None)")
    result = graded(tmp_path, source, "q16")
    assert result.score == 0, failures(result)
    assert next(c for c in result.checks if c.name == "refus_bord").message.key == "q16.refusals_unearned"


def test_a_dfs_that_does_nothing_earns_nothing(tmp_path):
    result = graded(tmp_path, body(MODEL, "dfs", "return False"), "q17")
    assert result.score == 0, failures(result)
    assert next(c for c in result.checks if c.name == "echec_restaure").message.key == "q17.restore_unearned"


def test_a_correct_dfs_over_tentes_that_refuse_everything_gets_full_marks(tmp_path):
    """The model answer's own dfs holds its tente_* in a tuple built at import (ESSAIS)."""
    result = graded(tmp_path, broken_tentes(), "q17")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model"


def test_a_division_of_labour_other_than_the_model_answers_costs_nothing(tmp_path):
    """A taquin that leaves resetting `minimum` to its own dfs (at the root, p = 0): judged with the model
    answer's dfs, which leaves that to its caller, it loops; with its own, it is right."""
    source = replaced(
        MODEL,
        "    global minimum\n    c = p + h\n",
        "    global minimum\n    if p == 0:\n        minimum = math.inf\n    c = p + h\n",
    )
    source = replaced(source, "    while m != math.inf:\n        minimum = math.inf\n", "    while m != math.inf:\n")
    result = graded(tmp_path, source, "q18")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_own"


# --- Captured references: the model answer's functions reach the student's code however it holds them ------
# A correct dfs over broken tente_* (they refuse everything), each holding them its own way.
def _body_of(name: str) -> str:
    """The model answer's body of the top-level function `name` (its lines up to the next blank line)."""
    start = MODEL.index(f"def {name}(")
    start = MODEL.index("\n", start) + 1
    end = MODEL.find("\n\n", start)
    return MODEL[start : end + 1 if end >= 0 else len(MODEL)]


DFS_BODY = replaced(_body_of("dfs"), "in ESSAIS:", "in {pairs}:")
PAIRS = "((tente_gauche, droite), (tente_bas, haut), (tente_droite, gauche), (tente_haut, bas))"


def _dfs(pairs: str, signature: str = "m, p", indent: str = "") -> str:
    lines = f"def dfs({signature}):\n{DFS_BODY.format(pairs=pairs)}".splitlines()
    return "\n".join(indent + line if line else line for line in lines) + "\n"


def _with_dfs(source: str, dfs: str) -> str:
    start, end = source.index("def dfs(m, p):"), source.index("# Question 18")
    return source[:start] + dfs + "\n\n" + source[end:]


CAPTURES = {
    "tuple": _with_dfs(broken_tentes(), f"PAIRES = {PAIRS}\n\n\n" + _dfs("PAIRES")),
    "list": _with_dfs(broken_tentes(), f"PAIRES = [list(p) for p in {PAIRS}]\n\n\n" + _dfs("PAIRES")),
    "dict": _with_dfs(
        broken_tentes(),
        "ANNULE = {tente_gauche: droite, tente_bas: haut, tente_droite: gauche, tente_haut: bas}\n\n\n"
        + _dfs("ANNULE.items()"),
    ),
    "default argument": _with_dfs(broken_tentes(), _dfs("essais", f"m, p, essais={PAIRS}")),
    "closure": _with_dfs(
        broken_tentes(),
        "def fabrique(essais):\n"
        + _dfs("essais", indent="    ")
        + "\n    return dfs\n\n\n"
        + f"dfs = fabrique({PAIRS})\n",
    ),
    "functools.partial": replaced(
        MODEL,
        "def tente_gauche():\n    return tente(Deplacement.Gauche, lj < 3, gauche)\n",
        "def tente_gauche():\n    return False\n\n\ntente_gauche = functools.partial(tente_gauche)\n",
    ).replace("import enum\n", "import enum\nimport functools\n", 1),
}


def _methods() -> str:
    """tente_* and dfs as methods of one object, called through `self`; the module's names are its bound
    methods."""
    source = broken_tentes()
    start, end = source.index("def tente_gauche():"), source.index("# Question 18")
    methods = "class Taquin:\n"
    for name in TENTES:
        methods += f"    def {name}(self):\n        return False\n\n"
    pairs = "((self.tente_gauche, droite), (self.tente_bas, haut), (self.tente_droite, gauche), (self.tente_haut, bas))"
    methods += _dfs(pairs, "self, m, p", indent="    ").replace("if dfs(m, p + 1)", "if self.dfs(m, p + 1)")
    methods += "\n\nT = Taquin()\n" + "".join(f"{name} = T.{name}\n" for name in (*TENTES, "dfs")) + "\n\n"
    return source[:start] + methods + source[end:]


CAPTURES["methods of a class"] = _methods()


@pytest.mark.parametrize("style", sorted(CAPTURES))
def test_a_correct_dfs_gets_full_marks_however_it_holds_the_broken_tentes(tmp_path, style):
    source = CAPTURES[style]
    if style == "functools.partial":  # only tente_gauche is broken there: the others are the model answer's
        assert "tente_gauche = functools.partial(tente_gauche)" in source
    result = graded(tmp_path, source, "q17")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model"
    # and the student's own chain, judged too, is not full (the broken tente_* are theirs)
    assert "avec les vôtres" in say(next(c for c in result.checks if c.name == "chaine_eleve").message)


# A correct dfs over tente_* of which one has a wrong border test (tente_bas refuses the blank on row 1),
# written as callables of every kind and captured in the table the model answer's dfs reads (ESSAIS).
CONDITIONS = {"Gauche": "lj < 3", "Bas": "li > 1", "Droite": "lj > 0", "Haut": "li < 3"}  # Bas: wrong
GESTURES = {"Gauche": "gauche", "Bas": "bas", "Droite": "droite", "Haut": "haut"}
UNDO = {"Gauche": "droite", "Bas": "haut", "Droite": "gauche", "Haut": "bas"}
TABLE = "ESSAIS = ((tente_gauche, droite), (tente_bas, haut), (tente_droite, gauche), (tente_haut, bas))\n"
CALLABLE_STYLES = {
    "instances with __call__": "class Essai:\n"
    "    def __init__(self, deplacement, possible, jouer):\n"
    "        self.deplacement, self.possible, self.jouer = deplacement, possible, jouer\n\n"
    "    def __call__(self):\n"
    "        return tente(self.deplacement, self.possible(), self.jouer)\n\n\n"
    + "".join(
        f"tente_{d.lower()} = Essai(Deplacement.{d}, lambda: {CONDITIONS[d]}, {GESTURES[d]})\n" for d in CONDITIONS
    ),
    "bound methods of objects": "class Direction:\n"
    "    def __init__(self, deplacement, possible, jouer):\n"
    "        self.deplacement, self.possible, self.jouer = deplacement, possible, jouer\n\n"
    "    def essai(self):\n"
    "        return tente(self.deplacement, self.possible(), self.jouer)\n\n\n"
    + "".join(
        f"tente_{d.lower()} = Direction(Deplacement.{d}, lambda: {CONDITIONS[d]}, {GESTURES[d]}).essai\n"
        for d in CONDITIONS
    ),
    "lambdas in a dict": "TENTES = {\n"
    + "".join(
        f"    Deplacement.{d}: lambda: tente(Deplacement.{d}, {CONDITIONS[d]}, {GESTURES[d]}),\n" for d in CONDITIONS
    )
    + "}\n"
    + "".join(f"tente_{d.lower()} = TENTES[Deplacement.{d}]\n" for d in CONDITIONS)
    + "ESSAIS = tuple((TENTES[d], annule) for d, annule in "
    + "((Deplacement.Gauche, droite), (Deplacement.Bas, haut), (Deplacement.Droite, gauche), (Deplacement.Haut, bas)))\n",
    "functools.partial of methods": "class Jeu:\n"
    "    def essai(self, deplacement, possible, jouer):\n"
    "        return tente(deplacement, possible(), jouer)\n\n\n"
    "JEU = Jeu()\n"
    + "".join(
        f"tente_{d.lower()} = functools.partial(JEU.essai, Deplacement.{d}, lambda: {CONDITIONS[d]}, {GESTURES[d]})\n"
        for d in CONDITIONS
    ),
    "nested closures": "def fabrique(deplacement, possible, jouer):\n"
    "    def essai():\n"
    "        return tente(deplacement, possible(), jouer)\n\n"
    "    return essai\n\n\n"
    + "".join(
        f"tente_{d.lower()} = fabrique(Deplacement.{d}, lambda: {CONDITIONS[d]}, {GESTURES[d]})\n" for d in CONDITIONS
    ),
}


# The dfs calls the helper the four tente_* share (with the move as its first argument), not the tente_*:
# the helper's slip (Bas refused on row 1) is q16's, and the dfs is judged as if the helper were right.
SHARED_HELPER = (
    "CONDITIONS = {Deplacement.Gauche: lambda: lj < 3, Deplacement.Bas: lambda: li > 1,\n"
    "              Deplacement.Droite: lambda: lj > 0, Deplacement.Haut: lambda: li < 3}\n"
    "GESTES = {Deplacement.Gauche: gauche, Deplacement.Bas: bas, Deplacement.Droite: droite, Deplacement.Haut: haut}\n\n\n"
    "def essaie(deplacement):\n"
    "    return tente(deplacement, CONDITIONS[deplacement](), GESTES[deplacement])\n\n\n"
    + "".join(f"def tente_{d.lower()}():\n    return essaie(Deplacement.{d})\n\n\n" for d in CONDITIONS)
    + "ESSAIS = ((Deplacement.Gauche, droite), (Deplacement.Bas, haut), (Deplacement.Droite, gauche), "
    "(Deplacement.Haut, bas))\n"
)


def _with_tentes(definitions: str) -> str:
    """The model answer with its four tente_* and ESSAIS replaced by `definitions` (then ESSAIS, unless
    they build it), functools imported."""
    start, end = MODEL.index("def tente_gauche():"), MODEL.index("def dfs(m, p):")
    table = "" if "ESSAIS" in definitions else TABLE
    source = MODEL[:start] + definitions + "\n\n" + table + "\n\n" + MODEL[end:]
    return source.replace("import enum\n", "import enum\nimport functools\n", 1)


@pytest.mark.parametrize("tentes", ["functions", "partials"])
def test_a_correct_dfs_calling_the_tentes_shared_helper_is_judged_as_if_the_helper_were_right(tmp_path, tentes):
    """The dfs never calls a tente_*: it calls their helper with the move, which the model answer's
    judgement hands to that move's tente_* of the exam (the tente_* functions calling it, or
    functools.partial of it)."""
    helper = SHARED_HELPER
    if tentes == "partials":
        for d in CONDITIONS:
            helper = helper.replace(
                f"def tente_{d.lower()}():\n    return essaie(Deplacement.{d})\n",
                f"tente_{d.lower()} = functools.partial(essaie, Deplacement.{d})\n",
            )
        assert "functools.partial(essaie, Deplacement.Haut)" in helper
    source = _with_tentes(helper).replace(
        "    for essai, annule in ESSAIS:\n        if essai():",
        "    for deplacement, annule in ESSAIS:\n        if essaie(deplacement):",
    )
    assert "if essaie(deplacement):" in source
    result = graded(tmp_path, source, "q17")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model"
    right = graded(tmp_path, source.replace("li > 1", "li > 0"), "q17")
    assert right.score == right.max and judged_with(right) == "taquin.judged_own"


@pytest.mark.parametrize("style", sorted(CALLABLE_STYLES))
def test_a_correct_dfs_over_a_wrong_tente_gets_full_marks_whatever_callable_holds_it(tmp_path, style):
    """q17 at full marks, judged with the exam's functions; q16 not full with the student's own (the
    wrong border test is theirs: the judgement reached it)."""
    source = _with_tentes(CALLABLE_STYLES[style])
    result = graded(tmp_path, source, "q17")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model"
    assert graded(tmp_path, source, "q16").score < 2


def test_the_same_callables_without_the_slip_are_right_with_the_students_own():
    """Each style, its border test right, is a correct q16 and q17 with the student's own functions: what
    the test above grades is the slip, not the style."""
    for style, definitions in CALLABLE_STYLES.items():
        source = _with_tentes(definitions.replace("li > 1", "li > 0"))
        for qid in ("q16", "q17"):
            result = graded(Path(tempfile.mkdtemp()), source, qid)
            assert result.score == result.max, (style, qid, failures(result))
            assert judged_with(result) == "taquin.judged_own", (style, qid)


# A correct taquin over a dfs that does nothing, each holding it its own way.
TAQUIN_BODY = replaced(_body_of("taquin"), "if dfs(m, 0):", "if {call}(m, 0):")
DFS_CAPTURES = {
    "default argument": ("def taquin(chercher=dfs):\n", "chercher"),
    "dict": ("RECHERCHES = {'dfs': dfs}\n\n\ndef taquin():\n", "RECHERCHES['dfs']"),
    "closure": ("def fabrique(chercher):\n    def taquin():\n", "chercher"),
    "functools.partial": ("CHERCHER = functools.partial(dfs)\n\n\ndef taquin():\n", "CHERCHER"),
}


@pytest.mark.parametrize("style", sorted(DFS_CAPTURES))
def test_a_correct_taquin_gets_full_marks_however_it_holds_a_broken_dfs(tmp_path, style):
    header, call = DFS_CAPTURES[style]
    source = body(MODEL, "dfs", "return False").replace("import enum\n", "import enum\nimport functools\n", 1)
    start = source.index("def taquin():")
    taquin = header + TAQUIN_BODY.format(call=call)
    if style == "closure":
        taquin = header + "\n".join(
            "    " + line if line else line for line in TAQUIN_BODY.format(call=call).splitlines()
        )
        taquin += "\n\n    return taquin\n\n\ntaquin = fabrique(dfs)\n"
    result = graded(tmp_path, source[:start] + taquin, "q18")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model_own_fails"


def test_a_correct_tente_gets_full_marks_however_it_holds_a_broken_move(tmp_path):
    """tente_* reach move through a dict of the exam's four gestures built at import, and an alias."""
    source = body(MODEL, "move", "pass")
    source = replaced(
        source, "def haut():\n    move(li + 1, lj)\n", "BOUGE = move\n\n\ndef haut():\n    BOUGE(li + 1, lj)\n"
    )
    source = source.replace(
        "def tente_gauche():\n    return tente(Deplacement.Gauche, lj < 3, gauche)\n",
        "GESTES = {Deplacement.Gauche: gauche}\n\n\ndef tente_gauche():\n    return tente(Deplacement.Gauche, lj < 3, GESTES[Deplacement.Gauche])\n",
    )
    result = graded(tmp_path, source, "q16")
    assert result.score == result.max, failures(result)
    assert judged_with(result) == "taquin.judged_model"


# --- The student's own way of writing moves ---------------------------------------------------------------
def _strings() -> str:
    """`Gauche = "Gauche"`, the natural translation of Caml's constructors; the stub's enum left in place,
    unused."""
    source = replaced(
        MODEL, "OPPOSE = {", 'Gauche, Bas, Droite, Haut = "Gauche", "Bas", "Droite", "Haut"\n\nOPPOSE = {'
    )
    return re.sub(r"Deplacement\.(Gauche|Bas|Droite|Haut)", r"\1", source).replace(
        "solution: list[Deplacement] = []", "solution = []"
    )


def _own_enum() -> str:
    source = replaced(MODEL, "class Deplacement(enum.Enum):", "class Direction(enum.Enum):")
    source = re.sub(
        r'    (Gauche|Bas|Droite|Haut) = "\w+"', lambda m: f"    {m[1].upper()} = {'GBDH'.index(m[1][0]) + 1}", source
    )
    return re.sub(r"Deplacement\.(Gauche|Bas|Droite|Haut)", lambda m: f"Direction.{m[1].upper()}", source).replace(
        "list[Deplacement]", "list"
    )


def _constants() -> str:
    source = replaced(MODEL, "OPPOSE = {", "GAUCHE, BAS, DROITE, HAUT = range(4)\n\nOPPOSE = {")
    source = re.sub(r"Deplacement\.(Gauche|Bas|Droite|Haut)", lambda m: m[1].upper(), source)
    return source.replace("list[Deplacement]", "list")


def _lower_case_literals() -> str:
    source = re.sub(r"Deplacement\.(Gauche|Bas|Droite|Haut)", lambda m: f'"{m[1].lower()}"', MODEL)
    return source.replace("list[Deplacement]", "list")


REPRESENTATIONS = {
    "strings": _strings(),
    "own enum": _own_enum(),
    "int constants": _constants(),
    "lower-case literals": _lower_case_literals(),
}


@pytest.mark.parametrize("representation", sorted(REPRESENTATIONS))
@pytest.mark.parametrize("qid", ["q16", "q17", "q18"])
def test_moves_written_the_students_way_get_full_marks(tmp_path, representation, qid):
    source = REPRESENTATIONS[representation]
    assert "Deplacement." not in source
    result = graded(tmp_path, source, qid)
    assert result.score == result.max, failures(result)


@pytest.mark.parametrize("representation", sorted(REPRESENTATIONS))
def test_the_model_answers_functions_write_moves_the_students_way(tmp_path, representation):
    """A correct dfs over tente_* that refuse everything: the exam's tente_* record the moves, and read the
    last one, in the student's own values."""
    source = REPRESENTATIONS[representation]
    for name in TENTES:
        source = body(source, name, "return False")
    result = graded(tmp_path, source, "q17")
    assert result.score == result.max, failures(result)
    result = graded(tmp_path, body(REPRESENTATIONS[representation], "dfs", "return False"), "q18")
    assert result.score == result.max, failures(result)
