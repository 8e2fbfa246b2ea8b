"""Part IV: points only for work that only the work produces, and never fewer for trying than for nothing.

Cheap strategies: what a student who does not do the work can still write so that a check passes
(constants, echoing the arguments, a guess of the next bound from the parity of p + h, recording moves
without making them, one random legal move, the first successor, the served functions called with no
logic of one's own, a table of the answers made for one seed). Each is the model answer with the
question's function(s) replaced, graded on its question under several seeds: each gets 0 there.
(tests/test_do_nothing.py: bodies that do nothing; tests/test_cheap_strategies_hunting.py: the model code
hunted in memory.)

Monotone partial credit: a wrong function never earns less than a body doing nothing in its place, on
the same question and seed (each tente_* on its own): every wrong variant of part IV (tests/variants/taquin/
wrong) and a few slips written here. One tente_* recording at the wrong end of `solution` costs no other
function anything: the order is the one most tente_* keep, and dfs and taquin are judged in theirs.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import tempfile
from pathlib import Path

import pytest
from grading import SEED, process_pool, say
from test_do_nothing import with_bodies

from grader.intake import load_submission
from grader.judge.engine import grade_question
from grader.judge.settings import Settings
from grader.registry import all_questions
from grader.results.scoring import Scheme

ROOT = Path(__file__).resolve().parent.parent
MODEL = (ROOT / "reference" / "answers" / "taquin.py").read_text(encoding="utf-8")
QUESTIONS = {q.id: q for q in all_questions() if q.module == "taquin"}
SEEDS = (SEED, 1, 2)
TABLE_SEED = 5  # the seed the tables of answers are made for: never one of SEEDS
DIRECTIONS = {  # the exam's name: (its gesture, its condition, its cell for move)
    "Gauche": ("gauche", "lj < 3", "li, lj + 1"),
    "Bas": ("bas", "li > 0", "li - 1, lj"),
    "Droite": ("droite", "lj > 0", "li, lj - 1"),
    "Haut": ("haut", "li < 3", "li + 1, lj"),
}
TENTES = tuple(f"tente_{name.lower()}" for name in DIRECTIONS)
LEGAL = "[g for ok, g in ((lj < 3, gauche), (li > 0, bas), (lj > 0, droite), (li < 3, haut)) if ok]"


def _others(direction: str) -> str:
    """The legal gestures of the other directions, from the next one on in the exam's order: a first
    successor that is not the function's own move (its own, moved and recorded, is its acceptance done
    right, which counts for its direction)."""
    names = list(DIRECTIONS)
    at = names.index(direction)
    others = names[at + 1 :] + names[:at]
    return "[g for ok, g in (" + ", ".join(f"({DIRECTIONS[o][1]}, {DIRECTIONS[o][0]})" for o in others) + ") if ok]"


def settings(seed: int) -> Settings:
    return Settings(seed=seed, examples=25, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))


def graded(tmp_path: Path, source: str, qid: str, seed: int):
    folder = Path(tempfile.mkdtemp(prefix=f"{qid}-{seed}-", dir=tmp_path))
    (folder / "taquin.py").write_text(source, encoding="utf-8")
    return grade_question(QUESTIONS[qid], load_submission(folder), settings(seed))


def earning(result) -> list:
    return [(c.name, c.points, say(c.message)) for c in result.checks if c.points]


def each_tente(make) -> str:
    """The model answer with each tente_* replaced by `make(name)`'s body (the exam's name)."""
    source = MODEL
    for name in DIRECTIONS:
        source = with_bodies(source, [f"tente_{name.lower()}"], make(name))
    return source


# --- Tables of answers made for one seed -------------------------------------------------------------
def _model():
    spec = importlib.util.spec_from_file_location("cheap_model_taquin", ROOT / "reference" / "answers" / "taquin.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _install(model, state, history) -> None:
    from reference.puzzle import manhattan, to_grid

    model.grid = to_grid(state, 0)
    model.li, model.lj = divmod(state.index(15), 4)
    model.h = manhattan(state)
    model.solution = [model.Deplacement[name] for name in history]
    model.minimum = math.inf


@functools.cache
def dfs_table(seed: int) -> str:
    """dfs answering q17's calls of `seed` from a table of the model answer's replies (keyed by the state,
    m, p and the earlier moves), the parity guess elsewhere."""
    from grader.questions.taquin.dfs import ROOT_PAST_BOUND, Q17

    model, table, question = _model(), {}, Q17()
    for group, succeed in (("echec_restaure", False), ("seuil", False), ("succes", True)):
        for case in [ROOT_PAST_BOUND, *question.cases(seed, group, 25)]:
            call, _ = question.call_on(case, succeed)
            state, history, m, p = call.state, call.history, call.m, call.p
            _install(model, state, history)
            found = model.dfs(m, p)
            key = json.dumps([list(state), m, p, list(history)])
            table[key] = [found, model.minimum, [move.name for move in model.solution][len(history) :]]
    return (
        "global minimum\n"
        "cells = [grid[i][j] for i in range(4) for j in range(4)]\n"
        "cells[4 * li + lj] = 15\n"
        "key = json.dumps([cells, m, p, [d.name for d in solution]])\n"
        f"answer = {table!r}.get(key)\n"
        "if answer is None:\n"
        "    minimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2\n"
        "    return False\n"
        "found, minimum, moves = answer\n"
        "solution.extend(Deplacement[name] for name in moves)\n"
        "return found"
    )


@functools.cache
def taquin_table(seed: int) -> str:
    """taquin answering from a table of optimal solutions: q18's deep states of `seed` and every state a
    walk of at most 6 moves from the goal reaches (those of every seed), [] elsewhere."""
    from grader.questions.taquin.cases import optimal_solution, walk_state, deep_instances

    states = {case.state for case in deep_instances(seed)}
    for length in range(7):
        for number in range(3**length):
            walk = [(number // 3**k) % 3 for k in range(length)]
            states.add(walk_state(walk))
    table = {json.dumps(list(state)): list(optimal_solution(state)) for state in states}
    return (
        "cells = [grid[i][j] for i in range(4) for j in range(4)]\n"
        "cells[4 * li + lj] = 15\n"
        f"return {table!r}.get(json.dumps(cells), [])"
    )


@functools.cache
def evidence_table() -> str:
    """dfs replaying, on the calls the parent watches that are written in the grader (dfs.EVIDENCE_CALLS),
    the moves DFS* makes there (each as move(i, j) of the cell the blank goes to), the parity guess of the
    next bound everywhere."""
    from unit.test_taquin_diagnosis import grid_walk

    from grader.questions.taquin.dfs import EVIDENCE_CALLS

    table = {}
    for call in EVIDENCE_CALLS:
        states, _, _ = grid_walk(call.state, call.previous, call.m, call.p)
        table[json.dumps([list(call.state), call.m, call.p])] = [divmod(after.index(15), 4) for after in states]
    return (
        "global minimum\n"
        "cells = [grid[i][j] for i in range(4) for j in range(4)]\n"
        "cells[4 * li + lj] = 15\n"
        f"for i, j in {table!r}.get(json.dumps([cells, m, p]), []):\n"
        "    move(i, j)\n"
        "minimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2\n"
        "return False"
    )


def behind(settings: str = "") -> str:
    """The model answer with tests/strategies/taquin/own_search_behind.py appended (its switches set)."""
    text = (STRATEGY / "own_search_behind.py").read_text(encoding="utf-8")
    return f"{MODEL}\n{text}\n{settings}\n"


STRATEGY = ROOT / "tests" / "strategies" / "taquin"


def appended(name: str) -> str:
    """The model answer with tests/strategies/taquin/`name` appended (its definitions replace the model's)."""
    return f"{MODEL}\n{(STRATEGY / name).read_text(encoding='utf-8')}"


# --- The strategies: question -> name -> the submission ------------------------------------------------
PARITY = "global minimum\nminimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2\nreturn False"
STRATEGIES = {
    "q15": {
        "constant": lambda: with_bodies(MODEL, ["move"], "return 0"),
        "li, lj echo the arguments": lambda: with_bodies(MODEL, ["move"], "global li, lj\nli, lj = i, j"),
        "echo and h guessed by parity": lambda: with_bodies(
            MODEL, ["move"], "global li, lj, h\nli, lj = i, j\nh += 1 if (i + j) % 2 else -1"
        ),
        "echo and h one way at random": lambda: with_bodies(
            MODEL, ["move"], "import random\nglobal li, lj, h\nli, lj = i, j\nh += random.choice((-1, 1))"
        ),
    },
    "q16": {
        "accept everything": lambda: with_bodies(MODEL, TENTES, "return True"),
        "echo solution": lambda: with_bodies(MODEL, TENTES, "return solution"),
        "record without moving": lambda: each_tente(lambda d: f"solution.append(Deplacement.{d})\nreturn True"),
        "the exam's tests, recorded without moving": lambda: each_tente(
            lambda d: (
                f"if {DIRECTIONS[d][1]} and not (solution and solution[-1] == OPPOSE[Deplacement.{d}]):\n"
                f"    solution.append(Deplacement.{d})\n    return True\nreturn False"
            )
        ),
        "one random legal move": lambda: each_tente(
            lambda d: f"import random\nrandom.choice({LEGAL})()\nsolution.append(Deplacement.{d})\nreturn True"
        ),
        "the first successor": lambda: each_tente(
            lambda d: f"{_others(d)}[0]()\nsolution.append(Deplacement.{d})\nreturn True"
        ),
        "the served move, no logic of its own": lambda: each_tente(lambda d: f"move({DIRECTIONS[d][2]})\nreturn True"),
    },
    "q17": {
        "constant True": lambda: with_bodies(MODEL, ["dfs"], "return True"),
        "the next bound guessed by parity": lambda: with_bodies(MODEL, ["dfs"], PARITY),
        "the root's test, then the parity guess": lambda: with_bodies(
            MODEL,
            ["dfs"],
            "global minimum\nif p + h > m:\n    minimum = p + h\n    return False\n"
            "minimum = m + 1 if (m + 1 - p - h) % 2 == 0 else m + 2\nreturn h == 0",
        ),
        "echo m": lambda: with_bodies(MODEL, ["dfs"], "global minimum\nminimum = m + 1\nreturn False"),
        "one random legal move": lambda: with_bodies(
            MODEL,
            ["dfs"],
            "import random\nessais = [e for e, _ in ESSAIS]\nrandom.shuffle(essais)\n"
            "any(e() for e in essais)\nreturn False",
        ),
        "the first successor": lambda: with_bodies(
            MODEL,
            ["dfs"],
            "global minimum\nc = p + h\nif c > m:\n    minimum = min(minimum, c)\n    return False\n"
            "if h == 0:\n    return True\nfor essai, annule in ESSAIS:\n    if essai():\n"
            "        if dfs(m, p + 1):\n            return True\n        annule()\n        solution.pop()\n"
            "        return False\nreturn False",
        ),
        "the served tente_*, no logic of its own": lambda: with_bodies(
            MODEL, ["dfs"], "for essai, _ in ESSAIS:\n    essai()\nreturn False"
        ),
        "a table of answers for another seed": lambda: (
            "import json\n" + with_bodies(MODEL, ["dfs"], dfs_table(TABLE_SEED))
        ),
        # A search of its own on tuples (the kit's q17 oracle could be pasted for it), its moves appended to
        # `solution` unplayed, or played through tente_* (red team 3): no walk of DFS* for the grader to see.
        "a search of its own, its moves written unplayed": lambda: behind("PROBLEME_DFS = True"),
        "a search of its own, its moves played": lambda: behind("PROBLEME_DFS = True\nJOUER = True"),
        "DFS*'s moves replayed where the grader watches, the parity guess": lambda: (
            "import json\n" + with_bodies(MODEL, ["dfs"], evidence_table())
        ),
        # The grader's own attacks on the walk seen on the grid (a dfs whose recursion is not dfs's own): a
        # closure down the first successor, and arrangements written on the channel by hand.
        "a recursion of another name down the first successor, the parity guess": lambda: appended(
            "recursion_elsewhere_first_successor.py"
        ),
        "the grid's arrangements forged on the channel, the parity guess": lambda: appended("arrangements_forged.py"),
    },
    "q18": {
        "constant": lambda: with_bodies(MODEL, ["taquin"], "return []"),
        "echo solution": lambda: with_bodies(MODEL, ["taquin"], "return solution"),
        "one random legal move": lambda: with_bodies(
            MODEL, ["taquin"], "import random\nreturn [random.choice(list(Deplacement))]"
        ),
        "the first successor": lambda: with_bodies(MODEL, ["taquin"], "return [Deplacement.Gauche]"),
        "one pass of dfs at h": lambda: with_bodies(
            MODEL, ["taquin"], "global minimum\nminimum = math.inf\ndfs(h, 0)\nreturn list(solution)"
        ),
        "a table of answers for another seed": lambda: (
            "import json\n" + with_bodies(MODEL, ["taquin"], taquin_table(TABLE_SEED))
        ),
        # An IDA* that is not deduced from dfs: the solver the kit used to ship, on a board of its own.
        "the kit's solver glued in": lambda: (
            ROOT / "tests" / "strategies" / "taquin" / "kit_solver_glued.py"
        ).read_text(encoding="utf-8"),
        # One dfs(m, 0) call at the optimum, counted with the kit's reference/dfs_tree.py: no deepening
        # (red team 3). On either dfs the first pass's bound above h(e0) gives it away (3/3, then 2/3 before).
        "one dfs call at the counted optimum": lambda: (
            ROOT / "tests" / "strategies" / "taquin" / "one_dfs_at_counted_optimum.py"
        ).read_text(encoding="utf-8"),
        # A search of its own that never calls dfs, then `move` back and forth as often as it visited
        # states (red team 3: the kit's q17 oracle glued in, 3/3 when moves were counted).
        "a search of its own, moves padded": lambda: behind(),
    },
}
CASES = [pytest.param(qid, name, id=f"{qid}-{name}") for qid, strategies in STRATEGIES.items() for name in strategies]


@pytest.mark.slow
@pytest.mark.parametrize("qid, name", CASES)
def test_a_cheap_strategy_earns_nothing_on_its_question_under_every_seed(tmp_path, qid, name):
    source = STRATEGIES[qid][name]()
    for seed in SEEDS:
        result = graded(tmp_path, source, qid, seed)
        assert result.score == 0, (seed, earning(result))


# --- Monotone partial credit ---------------------------------------------------------------------------
WRONG = ROOT / "tests" / "variants" / "taquin" / "wrong"
SLIPS = {  # wrong functions written here: (question, source)
    "tente_bas refusing row 1": (
        "q16",
        MODEL.replace("tente(Deplacement.Bas, li > 0, bas)", "tente(Deplacement.Bas, li > 1, bas)"),
    ),
    "tente_bas accepting row 0": (
        "q16",
        MODEL.replace("tente(Deplacement.Bas, li > 0, bas)", "tente(Deplacement.Bas, li >= 0, bas)"),
    ),
    "tente_haut recording Bas": (
        "q16",
        MODEL.replace("tente(Deplacement.Haut, li < 3, haut)", "tente(Deplacement.Bas, li < 3, haut)"),
    ),
    "dfs pruning at p + h >= m": ("q17", MODEL.replace("    if c > m:\n", "    if c >= m:\n", 1)),
    "dfs without the root's test": ("q17", None),  # below (test_questions_taquin's NO_ROOT_TEST)
    "move without h": ("q15", with_bodies(MODEL, ["move"], "global li, lj\ngrid[li][lj] = grid[i][j]\nli, lj = i, j")),
}


def _variants() -> list[tuple[str, str, str]]:
    """(name, question, source) of each wrong variant of part IV and each slip, one per question it is
    wrong on."""
    from test_questions_taquin import NO_ROOT_TEST

    found = []
    for path in sorted(WRONG.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        wrong = next(line for line in text.splitlines() if line.startswith("Wrong:")).split()[1:]
        found += [(path.stem, qid, text) for qid in wrong]
    for name, (qid, source) in SLIPS.items():
        found.append((name, qid, source if source is not None else NO_ROOT_TEST))
    return found


def _earned(job: tuple[str, str, int]) -> tuple[float, list]:
    source, qid, seed = job
    with tempfile.TemporaryDirectory() as folder:
        result = graded(Path(folder), source, qid, seed)
    return result.score, earning(result)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [SEED, 1])
def test_a_wrong_function_never_earns_less_than_doing_nothing_in_its_place(seed):
    """Each function of the question in turn (each tente_* on its own) replaced by `return False`: the
    wrong submission keeps at least what that earns. About 80 gradings: graded in parallel processes."""
    variants = _variants()
    idle = [
        (name, qid, function, with_bodies(source, [function], "return False"))
        for name, qid, source in variants
        for function in QUESTIONS[qid].functions
    ]
    with process_pool() as pool:
        wrong = pool.map(_earned, [(source, qid, seed) for _, qid, source in variants])
        nothing = pool.map(_earned, [(source, qid, seed) for _, qid, _, source in idle])
        score = {(name, qid): earned for (name, qid, _), (earned, _) in zip(variants, wrong)}
        for (name, qid, function, _), (idle_score, idle_earning) in zip(idle, nothing):
            assert score[name, qid] >= idle_score, (name, qid, function, score[name, qid], idle_earning)


# --- One tente_* recording at the wrong end of `solution` ------------------------------------------------
ALICE = (ROOT / "exercises" / "exemples" / "alice" / "taquin.py").read_text(encoding="utf-8")
CAML = (ROOT / "tests" / "variants" / "taquin" / "correct" / "caml_tete.py").read_text(encoding="utf-8")


def _recording(source: str, direction: str, before: str, after: str) -> str:
    """`source` with tente_<direction> recording its move by `after` instead of `before`."""
    old = f"solution.{before}Deplacement.{direction})"
    assert source.count(old) == 1, old
    return source.replace(old, f"solution.{after}Deplacement.{direction})")


# A red team's finding (convention-slip-costs-later-questions): the sample student alice's correct part IV
# with tente_gauche recording its move first (`slip`), or doing nothing (`idle`). The slip made the
# convention newest-first for every function: q16 0.375 (idle 0.75), q17 1/3, q18 2.4/3.
CONVENTION_SLIPS = {
    "slip": _recording(ALICE, "Gauche", "append(", "insert(0, "),
    "idle": with_bodies(ALICE, ["tente_gauche"], "return False"),
}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [SEED, 1])
def test_one_tente_at_the_wrong_end_costs_only_its_own_points(tmp_path, seed):
    """The slip earns on q16 at least what doing nothing there earns (less than full marks: it is wrong),
    and costs the correct dfs and taquin nothing: the order of `solution` is the one most tente_* keep."""
    scores = {
        (name, qid): graded(tmp_path, source, qid, seed)
        for name, source in CONVENTION_SLIPS.items()
        for qid in ("q16", "q17", "q18")
    }
    slip, idle = scores["slip", "q16"], scores["idle", "q16"]
    assert idle.score <= slip.score < slip.max, (earning(slip), earning(idle))
    for (name, qid), result in scores.items():
        if qid != "q16":
            assert result.score == result.max, (name, qid, earning(result))


@pytest.mark.slow
@pytest.mark.parametrize(
    "name, source",
    [
        (
            "two of four tente_* at the other end",
            _recording(_recording(CAML, "Gauche", "insert(0, ", "append("), "Bas", "insert(0, ", "append("),
        ),
        ("no tente_* recording", with_bodies(CAML, TENTES, "return False")),
    ],
)
def test_a_dfs_and_taquin_kept_the_caml_way_are_judged_in_their_order_whatever_the_tente_show(tmp_path, name, source):
    """A correct dfs and taquin keeping `solution` most recent first (tests/variants/taquin/correct/
    caml_tete.py) over tente_* that do not show that order (half of them record at the other end, a tie
    judged in the documented order; none records): full marks on q17 and q18, the model answer's chain
    judged in the order they read too."""
    for qid in ("q17", "q18"):
        result = graded(tmp_path, source, qid, SEED)
        assert result.score == result.max, (name, qid, earning(result))


def test_the_evidence_of_search_needs_no_model_answer(tmp_path, monkeypatch):
    """On a student's installation (no model answer: the expectations from oracles, the student's own
    functions only), the parent still watches the dfs's moves: the model answer gets q17's full marks, the
    next bound guessed by parity none."""
    from grader.questions.taquin import chain, diagnosis

    monkeypatch.setattr(chain, "has_model_answer", lambda module: False)
    monkeypatch.setattr(diagnosis, "has_model_answer", lambda module: False)
    oracles = Settings(seed=SEED, examples=25, reference="oracles")
    for source, points in ((MODEL, 3.0), (with_bodies(MODEL, ["dfs"], PARITY), 0.0)):
        folder = Path(tempfile.mkdtemp(dir=tmp_path))
        (folder / "taquin.py").write_text(source, encoding="utf-8")
        result = grade_question(QUESTIONS["q17"], load_submission(folder), oracles)
        assert result.score == points, earning(result)
        # No model answer here, as in the student kit: said as the kit's limit, not as the teacher's choice.
        said = next(c for c in result.checks if c.name == "chaine_eleve").message.key
        assert said == ("kit.own_functions" if points else "taquin.kit_own_lost"), said


CORRECT = ROOT / "tests" / "variants" / "taquin" / "correct"
# Correct dfs the grader sees otherwise than by its calls of dfs: tiles slid without `move` (red team 3: 1/6
# on q17 and q18 with the student's own functions when the grader watched only `move`), and a recursion that
# does not go through dfs (0/3 on q17, and on q18 with the student's own dfs, when only dfs's calls were
# watched): a helper of another name, a closure, a loop over a stack sliding the tiles inline.
SEEN_OTHERWISE = {
    "tiles slid by a helper": lambda: appended("moves_of_its_own.py"),
    **{
        path.stem: functools.partial(path.read_text, encoding="utf-8")
        for path in (CORRECT / "dfs_par_explore.py", CORRECT / "dfs_fonction_interne.py", CORRECT / "dfs_pile.py")
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("name", SEEN_OTHERWISE)
@pytest.mark.parametrize("dependances", ["corrige", "eleve"])
def test_a_search_seen_otherwise_than_by_move_or_its_calls_of_dfs_keeps_full_marks(tmp_path, dependances, name):
    """Full marks on q17 and q18: the grader watches each call of dfs and, where the recursion does not go
    through dfs, the grid's arrangements. (The student kit: tests/test_kit.py.)"""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "taquin.py").write_text(SEEN_OTHERWISE[name](), encoding="utf-8")
    scheme = {qid: {"dependances": dependances} for qid in ("q17", "q18")}
    scheme["q18"]["groups"] = {"defi": 0}
    for qid in ("q17", "q18"):
        result = grade_question(
            QUESTIONS[qid], load_submission(folder), Settings(seed=SEED, examples=25, scheme=Scheme(overrides=scheme))
        )
        assert result.score == result.max, (qid, earning(result))


# Red team 4's findings on q17 and q18 (issue 32): name -> (file, the points of each question with q18's
# `defi` weighing nothing, as `settings` has it). Before: dfs failing with None 0/3 on q17 (the evidence
# shared by the three groups lost at the root); taquin raising its bound by one 0/3 on q18 (every group
# refused as "not from dfs"); dfs unwinding from the goal by an exception 0/3 on q18 with the student's own
# dfs (the calls the exception left never returned).
FINDINGS = {
    "dfs returning None on failure": (WRONG / "dfs_none_en_echec.py", {"q17": 2.0, "q18": 3.0}),
    # Optimal lists through dfs, without IDA*'s update: `petites_profondeurs` (4) and `ordre` (1) of 9.
    "taquin raising its bound by one": (STRATEGY / "taquin_borne_plus_un.py", {"q18": 3.0 * 5 / 9}),
    "dfs re-entered at the root, unwinding by exception": (
        CORRECT / "dfs_exception_racine.py",
        {"q17": 3.0, "q18": 3.0},
    ),
    "dfs unwinding by exception to its root": (CORRECT / "dfs_exception_compteur.py", {"q17": 3.0, "q18": 3.0}),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", FINDINGS)
@pytest.mark.parametrize("dependances", ["corrige", "eleve"])
def test_red_team_4s_answers_get_what_they_are_worth_under_every_seed(tmp_path, dependances, name):
    """Each question judged on its own groups: a failure returned as None costs only the group that judges
    the value returned; a bound raised by one only the group that judges the bound update (the challenge,
    tried only when everything else passed, is not tried); an exception unwinding from the goal nothing.
    The same with the model answer's earlier functions or the student's own (the kit's: tests/test_kit.py
    grades the correct ones)."""
    path, expected = FINDINGS[name]
    overrides = {qid: {"dependances": dependances} for qid in ("q17", "q18")}
    overrides["q18"]["groups"] = {"defi": 0}
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "taquin.py").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for seed in SEEDS:
        for qid, points in expected.items():
            result = grade_question(
                QUESTIONS[qid],
                load_submission(folder),
                Settings(seed=seed, examples=25, scheme=Scheme(overrides=overrides)),
            )
            assert result.score == pytest.approx(points), (seed, qid, earning(result))


# Red team 4 (kit-own-chain-only): the sample student alice with one slip in an earlier function, the
# question that builds on it, and the earlier questions the kit tells to check first. The teacher's grader
# judges that question with the model answer's earlier functions too (full marks); the kit has none, so it
# judges with the student's own. It used to say that the teacher had chosen so (`taquin.own_chain_graded`).
KIT_SLIPS = {
    "tente_bas refusing row 1": (
        ALICE.replace("if li == 0 or dernier() == Deplacement.Haut:", "if li == 1 or dernier() == Deplacement.Haut:"),
        "q17",
        "q15, q16",
    ),
    "move's h one more": (ALICE.replace("h = h - distance(v, i, j) + distance(v, li, lj)", "h = h + 1"), "q16", "q15"),
    "dfs leaving minimum alone": (ALICE.replace("minimum = min(minimum, c)", "pass"), "q18", "q17"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", KIT_SLIPS)
def test_a_slip_in_an_earlier_function_costs_nothing_at_the_teachers_and_is_said_truthfully_in_the_kit(
    tmp_path, unpacked, name
):
    from test_kit import kit_check

    source, qid, first = KIT_SLIPS[name]
    assert source != ALICE, name
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "taquin.py").write_text(source, encoding="utf-8")
    for seed in SEEDS:
        result = grade_question(QUESTIONS[qid], load_submission(folder), settings(seed))
        assert result.score == result.max, (seed, earning(result))
        said = kit_check(unpacked, folder, (qid,), seed)
        assert f"vérifiez d'abord {first} dans ce kit" in said and "Total : " in said, said
        assert "a choisi" not in said, said


# --- The next bound taken from anywhere but `minimum` ----------------------------------------------------
# Red team 8 (q18-parity-loop-full-marks): with the exam's Manhattan h the least cut is always m + 2, so a
# bound stepped by 2 that never reads `minimum` earned 3/3, with the model answer's dfs and with its own.
# The bound update's group now ends on states whose served dfs searches with another heuristic
# (grader/questions/taquin/conflicts.py), with either chain: the step by 2 or by 1 fails it there.
STEPPED = "global solution\nsolution = []\nm = h\nwhile not dfs(m, 0):\n    m += {step}\nreturn list(solution)"
NO_MINIMUM = MODEL.replace("        if c < minimum:\n            minimum = c\n", "")
BOUND_GUESSES = {
    "the next bound by parity": with_bodies(MODEL, ["taquin"], STEPPED.format(step=2)),
    "the parity guess over a dfs that leaves no minimum": with_bodies(NO_MINIMUM, ["taquin"], STEPPED.format(step=2)),
    "a bound raised by one": with_bodies(MODEL, ["taquin"], STEPPED.format(step=1)),
}
# A correct taquin that computes the first bound itself (Manhattan's sum) instead of reading `h`: where h is
# another heuristic's, its first pass cuts the root and the minimum it reads is that h.
OWN_FIRST_BOUND = with_bodies(
    MODEL,
    ["taquin"],
    "global minimum, solution\nsolution = []\n"
    "m = sum(abs(i - grid[i][j] // 4) + abs(j - grid[i][j] % 4) for i in range(4) for j in range(4) if (i, j) != (li, lj))\n"
    "while True:\n    minimum = math.inf\n    if dfs(m, 0):\n        return list(solution)\n    m = minimum",
)


@pytest.mark.slow
@pytest.mark.parametrize("name", BOUND_GUESSES)
def test_a_next_bound_not_read_from_minimum_loses_the_bound_update_group(tmp_path, name):
    result = graded(tmp_path, BOUND_GUESSES[name], "q18", SEED)
    points = {check.name: check.points for check in result.checks}
    assert points["grandes_profondeurs"] == 0 and points["petites_profondeurs"] > 0, earning(result)
    assert 0 < result.score < result.max


@pytest.mark.slow
def test_a_taquin_computing_its_first_bound_itself_keeps_full_marks(tmp_path):
    result = graded(tmp_path, OWN_FIRST_BOUND, "q18", SEED)
    assert result.score == result.max, earning(result)
