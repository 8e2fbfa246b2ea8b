"""The part IV checks (q15-q18) on real submission files, graded as a user would grade them.

Every file of tests/submissions/taquin/ is a student's taquin.py: correct variants written differently
from the model answer (all must get full marks) and typical mistakes (each must lose the points of the
checks it breaks, and only those).
"""

import functools
import json
from pathlib import Path

import pytest
from grading import SEED, say

from grader.judge.settings import Settings
from grader.judge.engine import grade_submission
from grader.registry import all_questions
from grader.run.jobs import select
from grader.results.scoring import Scheme
from grader.intake import load_submission

# The student runs where --child says (in this process by default: tests/conftest.py, `judged`).
pytestmark = pytest.mark.usefixtures("judged")

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "tests" / "submissions" / "taquin"
FULL = "passed"
# The exam's example costs the reference minutes: run only by the slow test below. A group without
# weight is reported passed, so q18's status is not asserted, its checks are.
FAST = Settings(seed=SEED, examples=25, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
Q18_FULL = (None, {"petites_profondeurs": True, "grandes_profondeurs": True, "ordre": True})

# file -> {question: status, or (status, {check: passed})}; the questions not listed are not graded
# here (a broken move makes dfs and taquin loop until their time limit: that costs time, not coverage).
EXPECTED = {
    "reference": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "caml": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "chaines": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "renverse": {
        "q15": FULL,
        "q16": FULL,
        "q17": FULL,
        "q18": ("partial", {"petites_profondeurs": True, "grandes_profondeurs": True, "ordre": False}),
    },
    # q18 is judged with the model answer's dfs by default: a broken tente_* costs nothing there.
    "sans_regle_dernier": {"q15": FULL, "q18": Q18_FULL},
    "move_sans_h": {
        "q15": ("partial", {"move_grille": True, "move_libre": True, "move_h": False}),
        "q16": FULL,
        "q18": Q18_FULL,
    },
    "move_sans_libre": {"q15": ("partial", {"move_grille": True, "move_libre": False, "move_h": True})},
    "h_signe": {"q15": ("partial", {"move_grille": True, "move_libre": True, "move_h": False})},
    "tente_sans_bord": {"q16": ("partial", {"refus_bord": False, "refus_oppose": True, "acceptation": True})},
    "tente_sans_oppose": {"q16": ("partial", {"refus_bord": True, "refus_oppose": False, "acceptation": True})},
    "tente_sans_enregistrer": {"q16": ("partial", {"refus_bord": True, "refus_oppose": True, "acceptation": False})},
    "dfs_sans_annuler": {"q17": ("failed", {"echec_restaure": False, "seuil": False, "succes": False})},
    "dfs_sans_pop": {"q17": ("failed", {"echec_restaure": False, "seuil": False, "succes": False})},
    # Its own chain recurses until RecursionError; over the served tente_* (the judgement that counts, a tie
    # going to the model answer's) a call past any optimum is refused: a wrong answer.
    "dfs_sans_elagage": {"q17": ("failed", {"echec_restaure": False, "seuil": False, "succes": False})},
    "dfs_profondeur_exacte": {
        "q17": ("partial", {"echec_restaure": True, "seuil": True, "succes": False}),
        "q18": Q18_FULL,
    },
    "dfs_longueur_solution": {
        "q17": ("failed", {"echec_restaure": False, "seuil": False, "succes": False}),
        "q18": Q18_FULL,
    },
    "dfs_vus": {"q17": ("partial", {"echec_restaure": True, "seuil": False, "succes": False})},
    "sans_globale_minimum": {
        "q17": ("partial", {"echec_restaure": True, "seuil": False, "succes": True}),
        # The bound stepped by 2: right with Manhattan's h only (red team 8, conflicts.py).
        "q18": ("partial", {"petites_profondeurs": True, "grandes_profondeurs": False, "ordre": True}),
    },
    "dfs_sans_minimum": {"q17": ("partial", {"echec_restaure": True, "seuil": False, "succes": True}), "q18": Q18_FULL},
    "noms_minuscules": {"q16": FULL, "q17": FULL, "q18": Q18_FULL},
    # Moves written otherwise than the globals suggest (WRITTEN_OTHERWISE below).
    "vecteurs_globaux": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "chaines_converties": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "lettres_constantes": {"q15": FULL, "q16": FULL, "q17": FULL, "q18": Q18_FULL},
    "noms_case_libre": {
        "q16": ("partial", {"refus_bord": True, "refus_oppose": False, "acceptation": False}),
        "q18": Q18_FULL,
    },  # its taquin is right with the model answer's dfs
    # A greedy search: optimal on small states without a detour only (SMALL_DETOURS catch it under every
    # seed); its lists, in order, solve states drawn from the seed, but it never calls dfs: no pass of
    # IDA* is seen, so the order group does not count either (it did when moves seen through move counted).
    "glouton": {"q18": (None, {"petites_profondeurs": False, "grandes_profondeurs": False, "ordre": False})},
    "triche": {"q18": (None, {"petites_profondeurs": False, "grandes_profondeurs": False})},
    # The exam's move and tente_* looked for in sys.modules (a red team's finding): in no child of q15, q16.
    "modele_emprunte": {
        "q15": ("error", {"move_grille": False, "move_libre": False, "move_h": False}),
        "q16": ("error", {"refus_bord": False, "refus_oppose": False, "acceptation": False}),
    },
    "partiel": {"q15": FULL, "q16": "missing", "q17": "missing", "q18": "missing"},
    "stub": {"q15": "not_implemented", "q16": "not_implemented", "q17": "not_implemented", "q18": "not_implemented"},
}


def path_of(name: str) -> Path:
    return {"reference": ROOT / "reference" / "answers" / "taquin.py", "stub": ROOT / "exercises" / "taquin.py"}.get(
        name, SUBMISSIONS / f"{name}.py"
    )


@functools.cache
def grade_one(name: str, qid: str):
    """One question's result with the FAST settings (cached: several tests look at the same grading)."""
    return grade_submission(load_submission(path_of(name)), select(all_questions(), [qid]), FAST).questions[0]


def grade(name: str, questions):
    return {qid: grade_one(name, qid) for qid in questions}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_submission(name):
    results = grade(name, EXPECTED[name])
    for qid, expected in EXPECTED[name].items():
        status, checks = expected if isinstance(expected, tuple) else (expected, None)
        result = results[qid]
        if status is not None:
            assert result.status == status, (qid, [(c.name, say(c.message)) for c in result.checks])
        if status == FULL:
            assert result.score == result.max
        for check in result.checks:
            if checks is not None and check.name in checks:
                assert check.passed == checks[check.name], (qid, check.name, say(check.message))
            if not check.passed and check.kind == "wrong":
                assert check.counterexample is not None and say(check.message)


def test_every_submission_file_is_in_the_table():
    assert {p.stem for p in SUBMISSIONS.glob("*.py")} <= set(EXPECTED)


def test_solution_convention_is_reported():
    caml = grade("caml", ["q16"])["q16"]
    assert any("en tête" in say(w) for w in caml.warnings)
    reference = grade("reference", ["q16"])["q16"]
    assert reference.warnings == []  # the documented convention goes without saying


def test_move_counterexample_says_which_global_is_wrong():
    check = next(c for c in grade("h_signe", ["q15"])["q15"].checks if c.name == "move_h")
    assert "h est faux" in say(check.message)
    assert check.counterexample["appel"].startswith("move(")
    assert check.expected != check.got


def test_a_module_without_minimum_fails_the_threshold_from_the_parents_reading():
    check = next(c for c in grade("sans_globale_minimum", ["q17"])["q17"].checks if c.name == "seuil")
    assert not check.passed and "n'utilise nulle part la globale minimum" in say(check.message)
    assert not any("minimum" in say(w) for w in grade("sans_globale_minimum", ["q17"])["q17"].warnings)


def test_dfs_is_called_with_p_above_zero_and_earlier_moves():
    check = next(c for c in grade("dfs_longueur_solution", ["q17"])["q17"].checks if c.name == "echec_restaure")
    # len(solution) == p only when dfs(m, 0) is called with an empty solution
    assert check.counterexample["solution"] or not check.counterexample["appel"].endswith(", 0)")


def test_moves_in_another_case_are_read_with_a_warning_unless_the_scheme_is_strict():
    lenient = grade("noms_minuscules", ["q18"])["q18"]
    assert lenient.score == lenient.max and any("autre casse" in say(w) for w in lenient.warnings)
    strict = Settings(
        seed=SEED, examples=5, scheme=Scheme(overrides={"q18": {"noms": "strict", "groups": {"defi": 0}}})
    )
    (result,) = grade_submission(
        load_submission(path_of("noms_minuscules")), select(all_questions(), ["q18"]), strict
    ).questions
    assert result.score == 0 and "doit être une liste de déplacements" in say(result.checks[0].message)


def test_moves_named_by_the_blank_are_told_so():
    check = next(c for c in grade("noms_case_libre", ["q16"])["q16"].checks if c.name == "acceptation")
    assert "direction de la case libre" in say(check.message), say(check.message)
    own_way = Settings(
        seed=SEED, examples=5, scheme=Scheme(overrides={"q18": {"dependances": "eleve", "groups": {"defi": 0}}})
    )
    (result,) = grade_submission(
        load_submission(path_of("noms_case_libre")), select(all_questions(), ["q18"]), own_way
    ).questions
    assert "direction de la case libre" in say(result.checks[0].message), say(result.checks[0].message)


def chain_check(name: str, qid: str):
    return next(c for c in grade(name, [qid])[qid].checks if c.name == "chaine_eleve")


def test_each_question_is_judged_with_the_model_answers_functions_and_says_which_counted():
    """move_sans_h's tente_*, dfs and taquin are right, its move is not: with the model answer's move and dfs
    they get full marks; the weightless check says the model answer's functions counted and why the
    student's own chain falls short."""
    for qid in ("q16", "q17", "q18"):
        result = grade("move_sans_h", [qid])[qid]
        assert result.score == result.max and result.status == FULL, (
            qid,
            [(c.name, say(c.message)) for c in result.checks],
        )
        own = chain_check("move_sans_h", qid)
        assert own.max_points == 0 and not own.passed, qid
        assert own.message.key in ("taquin.judged_model", "taquin.judged_model_own_fails"), (qid, own.message)
        assert own.counterexample is not None and say(own.message), say(own.message)
    # q16 and q17: the student's own functions, full marks at once; q18: the model answer's dfs (its searches
    # are made once for the class), and a few cases with the student's own say they work too
    assert [chain_check("reference", qid).message.key for qid in ("q16", "q17", "q18")] == [
        "taquin.judged_own",
        "taquin.judged_own",
        "taquin.judged_model_own_works",
    ]
    assert all(chain_check("reference", qid).passed for qid in ("q16", "q17", "q18"))
    own_way = Settings(seed=SEED, examples=10, scheme=Scheme(overrides={"q16": {"dependances": "eleve"}}))
    (result,) = grade_submission(
        load_submission(path_of("move_sans_h")), select(all_questions(), ["q16"]), own_way
    ).questions
    assert result.score < result.max
    assert next(c for c in result.checks if c.name == "chaine_eleve").kind == "skipped"


# CI's seed where a correct dfs trying the moves in the reverse of the model answer's order timed out under
# load: one of its success cases costs that order about 50 times the model answer's calls.
ORDER_SEED = 1490323552
REVERSED = ("Haut", "Droite", "Bas", "Gauche")


def test_dfs_calls_counts_a_dfs_in_each_order_and_the_whole_tree_bounds_every_order():
    import itertools

    import bruteforce
    from grader.questions.taquin.questions import Q17
    from reference.puzzle import BLANK, MOVES
    from reference.dfs_tree import dfs_calls

    question = Q17()
    for case in question.cases(ORDER_SEED, "succes", 12):
        for succeed in (False, True):
            call, _ = question.call_on(case, succeed)
            state, history, m, p, previous = call.state, call.history, call.m, call.p, call.previous
            plain = tuple(None if tile == BLANK else tile for tile in state)
            counts = {
                order: bruteforce.dfs_calls(plain, m - p, previous, order) for order in itertools.permutations(MOVES)
            }
            for order, count in counts.items():
                assert dfs_calls(state, previous, m - p, order) == count, (state, history, m, p, order)
            whole = dfs_calls(state, previous, m - p)
            assert whole >= max(counts.values()), (state, history, m, p)
            if not succeed:  # no goal within the bound: every order explores the whole tree
                assert set(counts.values()) == {whole}, (state, history, m, p)


@pytest.mark.parametrize("reference", ["model", "oracles"])
def test_a_correct_dfs_in_its_worst_order_of_moves_keeps_its_points(tmp_path, reference):
    """Above the optimum, the order dfs tries the moves in decides how much of the tree it explores before
    the goal. The model answer with its moves reversed (a correct dfs) keeps full marks where that order
    makes many more calls than the model answer's, with a floor of 20 ms: the limit is then the model
    answer's time scaled, and must count for the worst order, from both sources of expectations."""
    from grader.questions.taquin.questions import Q17
    from reference.puzzle import MOVES
    from reference.dfs_tree import dfs_calls

    question = Q17()
    spread = 0.0
    for case in question.cases(ORDER_SEED, "succes", Settings().examples):
        call, _ = question.call_on(case, True)
        state, m, p, previous = call.state, call.m, call.p, call.previous
        spread = max(spread, dfs_calls(state, previous, m - p, REVERSED) / dfs_calls(state, previous, m - p, MOVES))
    assert spread > 2 * Scheme().time_factor  # the case that makes this test: the usual factor is not enough
    source = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    essais = "ESSAIS = ((tente_gauche, droite), (tente_bas, haut), (tente_droite, gauche), (tente_haut, bas))"
    assert essais in source
    reversed_essais = "ESSAIS = ((tente_haut, bas), (tente_droite, gauche), (tente_bas, haut), (tente_gauche, droite))"
    (tmp_path / "taquin.py").write_text(source.replace(essais, reversed_essais))
    settings = Settings(seed=ORDER_SEED, reference=reference, scheme=Scheme(time_floor=0.02))
    (result,) = grade_submission(load_submission(tmp_path), select(all_questions(), ["q17"]), settings).questions
    assert result.score == result.max, [(c.name, say(c.message)) for c in result.checks if not c.passed]


# A dfs that tests only the children it makes, not the root: right wherever dfs is called on a root within
# the bound, as taquin calls it, but not what DFS* does at a root past it.
NO_ROOT_TEST = (
    (ROOT / "reference" / "answers" / "taquin.py")
    .read_text()
    .replace(
        "    c = p + h\n    if c > m:\n        if c < minimum:\n            minimum = c\n        return False\n"
        "    if h == 0:\n        return True\n    for essai, annule in ESSAIS:\n        if essai():\n"
        "            if dfs(m, p + 1):\n",
        "    if h == 0:\n        return True\n    for essai, annule in ESSAIS:\n        if essai():\n"
        "            c = p + 1 + h\n            if c > m:\n                minimum = min(minimum, c)\n"
        "            elif dfs(m, p + 1):\n",
    )
)


@pytest.mark.parametrize("seed", [SEED, 1, 2, 3, 4])
def test_a_dfs_without_the_roots_test_loses_the_threshold_under_every_seed(tmp_path, seed):
    """The crafted root past the bound (ROOT_PAST_BOUND, first in the groups below the optimum) is judged
    under every seed: the search of its children leaves p + h + 2 in minimum, not the root's p + h."""
    from grader.questions.taquin.dfs import ROOT_PAST_BOUND

    assert NO_ROOT_TEST.count("elif dfs(m, p + 1)") == 1
    (tmp_path / "taquin.py").write_text(NO_ROOT_TEST)
    settings = Settings(seed=seed, examples=25)
    (result,) = grade_submission(load_submission(tmp_path), select(all_questions(), ["q17"]), settings).questions
    threshold = next(c for c in result.checks if c.name == "seuil")
    m, p = ROOT_PAST_BOUND.m, ROOT_PAST_BOUND.p
    assert not threshold.passed and threshold.counterexample["appel"] == f"dfs({m}, {p})", say(threshold.message)
    assert (threshold.expected, threshold.got) == (m + 1, m + 3)
    assert result.score == pytest.approx(2.0)  # restoring and succeeding are right


def test_a_grid_shown_wrong_draws_its_blank_where_li_and_lj_say():
    """A dfs that returns False without undoing its moves: the grid it leaves is shown with its li and lj,
    and drawn with the blank there, not the blank's stale value as a tile."""
    from reports.render import grid_view

    check = next(c for c in grade("dfs_sans_annuler", ["q17"])["q17"].checks if c.name == "echec_restaure")
    got, expected = check.got, check.expected
    assert set(got) == set(expected) == {"grid", "li", "lj"} and (got["li"], got["lj"]) != (
        expected["li"],
        expected["lj"],
    )
    for shown in (got, expected):
        cells = [cell["text"] for cell in grid_view(shown, check.counterexample)["cells"]]
        assert cells[4 * shown["li"] + shown["lj"]] == "" and cells.count("") == 1
        assert sorted(int(text) for text in cells if text) == list(range(15))


def test_taquin_replays_the_moves_and_draws_them():
    check = next(c for c in grade("glouton", ["q18"])["q18"].checks if c.name == "grandes_profondeurs")
    assert check.kind == "wrong" and check.got > check.expected
    visual = check.visual
    assert visual["type"] == "taquin" and len(visual["start"]) == 16 and visual["reached"] == list(range(16))
    assert len(visual["optimal"]) == check.expected and len(visual["moves"]) == check.got


def test_a_reversed_list_loses_only_the_order_group_and_is_told_so():
    result = grade("renverse", ["q18"])["q18"]
    order = next(c for c in result.checks if c.name == "ordre")
    assert not order.passed and "plus récent au premier" in say(order.message) and "!solution" in say(order.message)
    assert order.counterexample["appel"] == "taquin()"
    assert result.score == pytest.approx(result.max * 8 / 9)  # petites 4 + grandes 4 of 9 (the challenge off)


# Correct answers written differently from the model answer: full marks under every seed (five in CI's
# budget; tests/test_variants.py sweeps fresh ones over every correct variant).
CORRECT = ("reference", "caml", "chaines")
SEEDS = range(5)


def test_q16_model_answer_full_marks_under_every_seed():
    """q16's cases once expected the generator's intent: with 11 seeds of 20 a history ending in two
    opposite moves made the model answer lose the acceptance group (20 seeds: q16 alone is cheap)."""
    submission = load_submission(path_of("reference"))
    for seed in range(20):
        result = grade_submission(submission, select(all_questions(), ["q16"]), Settings(seed=seed)).questions[0]
        assert result.score == result.max, (seed, [(c.name, say(c.message)) for c in result.checks if not c.passed])


@pytest.mark.slow
@pytest.mark.parametrize("name", CORRECT)
def test_correct_answers_full_marks_under_every_seed(name):
    submission = load_submission(path_of(name))
    questions = select(all_questions(), ["q15", "q16", "q17", "q18"])
    for seed in SEEDS:
        settings = Settings(seed=seed, scheme=FAST.scheme)
        for result in grade_submission(submission, questions, settings).questions:
            assert result.score == result.max, (
                seed,
                result.id,
                [(c.name, say(c.message)) for c in result.checks if not c.passed],
            )


# Correct answers that write the moves in ways the module's globals once misled the probes about (a red
# team's finding): direction vectors named HAUT..., strings in solution turned into Deplacement by taquin(),
# letters GAUCHE = "G"... The way is the one their own tente_* are seen to write.
WRITTEN_OTHERWISE = ("vecteurs_globaux", "chaines_converties", "lettres_constantes")


@pytest.mark.slow
@pytest.mark.parametrize("name", WRITTEN_OTHERWISE)
def test_moves_written_any_way_the_tentes_write_them_keep_full_marks(name):
    submission = load_submission(path_of(name))
    questions = select(all_questions(), ["q15", "q16", "q17", "q18"])
    own = {qid: {"dependances": "eleve"} for qid in ("q16", "q17", "q18")}
    for seed in (1, 2):
        for overrides in ({}, own):
            scheme = Scheme(overrides={**overrides, "q18": {**overrides.get("q18", {}), "groups": {"defi": 0}}})
            for result in grade_submission(submission, questions, Settings(seed=seed, scheme=scheme)).questions:
                failed = [(c.name, say(c.message)) for c in result.checks if not c.passed]
                assert result.score == result.max, (seed, overrides, result.id, failed)


@pytest.mark.slow
def test_the_challenge_passes_a_constant_factor_and_fails_an_exponential_blow_up():
    """Default challenge (Korf's instance 48, 30 times the model answer's CPU time): a move that recomputes
    h and another move order (about 16 times slower) pass; tente_* without the last-move rule time out."""
    only_challenge = Settings(
        seed=SEED,
        scheme=Scheme(
            overrides={
                "q18": {
                    "dependances": "eleve",
                    "groups": {"petites_profondeurs": 0, "grandes_profondeurs": 0, "ordre": 0},
                }
            }
        ),
    )
    slow = ROOT / "tests" / "variants" / "taquin" / "correct" / "move_recalcule_h.py"
    for path, passed in ((slow, True), (SUBMISSIONS / "sans_regle_dernier.py", False)):
        (result,) = grade_submission(load_submission(path), select(all_questions(), ["q18"]), only_challenge).questions
        challenge = next(c for c in result.checks if c.name == "defi")
        assert challenge.passed is passed, (path.name, say(challenge.message))
        if not passed:
            assert challenge.kind == "timeout"


@pytest.mark.slow
def test_the_exam_example_challenge():
    submission = load_submission(path_of("reference"))
    exam = Settings(seed=SEED, scheme=Scheme(overrides={"q18": {"challenge": "enonce"}}))
    result = grade_submission(submission, select(all_questions(), ["q18"]), exam).questions[0]
    assert result.status == FULL, [(c.name, say(c.message)) for c in result.checks]


# --- q18's trap: a state above 60 moves whose timeout decides nothing ----------------------------------
def test_each_trap_is_above_its_bound_by_an_independent_search():
    """The trap's IDA* bounds from h up to its `bound` all fail (tests/bruteforce.py's DFS*, not the
    grader's solver): a taquin() capped at any of them returns without a solution."""
    import bruteforce

    from grader.questions.taquin.cases import TRAPS
    from reference.puzzle import BLANK, manhattan

    assert TRAPS
    for trap in TRAPS:
        assert trap.optimum > 60 and trap.optimum > trap.bound + 2 and manhattan(trap.state) <= 60
        m = manhattan(trap.state)
        while m <= trap.bound:  # raises ValueError if a solution is within m
            m = bruteforce.next_threshold(tuple(None if t == BLANK else t for t in trap.state), m)
        assert m == trap.bound + 2


@pytest.mark.slow
def test_each_traps_optimum_is_the_solvers():
    from grader.questions.taquin.cases import TRAPS
    from reference.solver import solve
    from reference.solver.search import check
    from reference.puzzle import GOAL, replay

    for trap in TRAPS:
        moves = solve(check(trap.state))
        assert len(moves) == trap.optimum and replay(trap.state, moves) == GOAL


# --- q18's many-rounds states: a bound skipped late returns a longer solution -------------------------
def _first_solution(state, bound: int, order) -> int | None:
    """The length of the first solution a depth-first pass with `bound` meets (figure 3's DFS*, moves tried
    in `order`, never the reverse of the one before), None if none is within the bound: tests/bruteforce.py's
    moves, not the grader's."""
    import bruteforce

    def explore(s, p, last):
        if p + bruteforce.manhattan(s) > bound:
            return None
        if s == bruteforce.GOAL:
            return p
        after = dict(bruteforce.successors(s))
        for move in order:
            if move in after and (last is None or move != bruteforce.REVERSE[last]):
                found = explore(after[move], p + 1, move)
                if found is not None:
                    return found
        return None

    return explore(state, 0, None)


@pytest.mark.slow
def test_each_many_rounds_state_is_as_stated_and_a_skipped_bound_gives_a_longer_solution():
    """Each row of q18_rounds.txt: its optimum is the solver's, 12 to 16 above h; a pass with the bound
    optimum + 2, in the model answer's order of moves or the reverse, meets a longer solution first; and
    a bound optimum - 2 finds none (so that IDA* does reach the optimum's bound)."""
    import bruteforce

    from grader.questions.taquin.cases import ROUND_DETOURS, ROUNDS, transposed
    from reference.puzzle import BLANK, GOAL, MOVES, manhattan, replay
    from reference.solver import solve

    assert {optimum - manhattan(state) for state, optimum in ROUNDS} == set(ROUND_DETOURS)
    for state, optimum in ROUNDS:
        moves = solve(state)
        assert len(moves) == optimum and replay(state, moves) == GOAL
        assert len(solve(transposed(state))) == optimum
        mine = tuple(None if t == BLANK else t for t in state)
        for order in (MOVES, MOVES[::-1]):
            assert _first_solution(mine, optimum + 2, order) == optimum + 2, (state, order)
        bruteforce.next_threshold(mine, optimum - 2)  # raises ValueError if a solution is within optimum - 2


def _deep_group(path: Path, dependances: str):
    """q18's `grandes_profondeurs` check on `path` (the other groups without weight: not run)."""
    groups = {"petites_profondeurs": 0, "ordre": 0, "defi": 0}
    settings = Settings(seed=SEED, scheme=Scheme(overrides={"q18": {"groups": groups, "dependances": dependances}}))
    (q18,) = grade_submission(load_submission(path), select(all_questions(), ["q18"]), settings).questions
    return next(c for c in q18.checks if c.name == "grandes_profondeurs")


def _capped(tmp_path: Path, cap: int) -> Path:
    """The model answer, its IDA* giving up (None) once the bound passes `cap`."""
    source = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    capped = source.replace("while m != math.inf:", f"while m <= {cap}:")
    capped = capped.replace('raise ValueError("pas de solution")', "return None")
    assert capped.count(f"while m <= {cap}:") == 1 and "return None" in capped
    (tmp_path / "taquin.py").write_text(capped)
    return tmp_path


@pytest.mark.parametrize("dependances", ["corrige", "eleve"])
@pytest.mark.parametrize("cap", [50, 60, 64])
def test_a_taquin_capped_below_the_traps_bound_loses_the_deep_group(tmp_path, cap, dependances):
    """Caps 50 to 64: no other q18 case is above 48 moves; the trap catches them, with the model answer's
    dfs served (stopped past the bound 64) or the student's own (within the trap's short limit)."""
    from grader.questions.taquin.cases import TRAPS

    check = _deep_group(_capped(tmp_path, cap), dependances)
    assert not check.passed and check.kind == "wrong", say(check.message)
    assert "liste de déplacements" in say(check.message) and check.got is None
    shown = check.counterexample  # the trap, as the student's globals were before the call
    assert shown["h"] == 58 and tuple(shown["grid"][3]) == TRAPS[0].state[12:] and shown["appel"] == "taquin()"


@pytest.mark.parametrize(
    "dependances,said",
    [("corrige", "a demandé dfs au-delà de la borne 64"), ("eleve", "n'a pas fini en")],
)
def test_the_model_answer_leaves_the_trap_undecided_and_keeps_the_group(dependances, said):
    """Served, the model answer's dfs exhausts the bounds up to 64 within the trap's limit (the parent then
    refuses the next: the child's clock covers the served calls); its own, it cannot end the trap in it."""
    check = _deep_group(ROOT / "reference" / "answers" / "taquin.py", dependances)
    assert check.passed and check.kind == "ok" and check.points == check.max_points > 0
    assert "piège non conclu, sans effet sur la note" in say(check.message) and said in say(check.message)


def test_a_taquin_that_swallows_the_parents_stop_is_still_undecided(tmp_path):
    """With the model answer's dfs served, the parent refuses a bound past the trap's and records it:
    what the student's code returns after catching that refusal is not judged."""
    source = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    (tmp_path / "taquin.py").write_text(
        source + "\n\n_taquin = taquin\n\n\ndef taquin():\n    try:\n        return _taquin()\n"
        "    except BaseException:\n        return []\n"
    )
    check = _deep_group(tmp_path, "corrige")
    assert check.passed and "a demandé dfs au-delà de la borne 64" in say(check.message)


@pytest.mark.parametrize(
    "broken, fr, en",
    [
        ('h = "oops"\n    move(li, lj + 1)', "h n'est pas la somme des distances", "h is not the sum"),
        ("move(li + 1, lj + 1)", "pas voisine de la case libre", "not next to the blank"),
        ("lj = 3\n    move(li, lj + 1)", "grid n'est plus un état du taquin", "grid is no longer a taquin state"),
    ],
    ids=["globals-broken", "move-not-a-neighbour", "blank-moved"],
)
def test_a_refusal_of_the_served_move_is_said_in_the_students_language(tmp_path, broken, fr, en):
    """q16 with the model answer's move served: a tente_gauche that breaks the globals, or asks for a move
    the rules do not have, is a wrong answer (`wrong`, the model answer not run: an honest slip can do it,
    so it is no protocol violation), told by the parent in French or English with the call the case makes
    and its board, with no sandbox wording inside. (The student's own move refuses a cell that is not next
    to the blank too: both judgements fail alike, and a tie shows the model answer's.)"""
    source = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    source = source.replace(
        "    v = grid[i][j]\n", "    assert abs(i - li) + abs(j - lj) == 1\n    v = grid[i][j]\n", 1
    )
    broken_gauche = f"def gauche():\n    global h, lj\n    {broken}\n"
    assert source.count("def gauche():\n    move(li, lj + 1)\n") == 1
    (tmp_path / "taquin.py").write_text(source.replace("def gauche():\n    move(li, lj + 1)\n", broken_gauche))
    (q16,) = grade_submission(load_submission(tmp_path), select(all_questions(), ["q16"]), FAST).questions
    failed = [c for c in q16.checks if c.name == "acceptation"][0]
    assert not failed.passed and failed.counterexample is not None and failed.kind == "wrong"
    assert failed.counterexample["appel"] == "tente_gauche()" and "grid" in failed.counterexample
    assert fr in say(failed.message) and en in say(failed.message, "en"), say(failed.message)
    assert "hors protocole" not in say(failed.message) and "protocol violation" not in say(failed.message, "en")
    assert "Stop" not in say(failed.message) + say(failed.message, "en")


def test_an_off_grid_move_is_a_wrong_move_with_its_board_and_two_of_them_are_two_failures_on_the_class_page(tmp_path):
    """Two honest slips that play a move off the grid (tente_bas accepting the blank on row 0, tente_gauche on
    column 3): each is a wrong move said with its call, its cell and its board, not a protocol violation; the
    class page's most frequent failures count them apart."""
    from grader.results.records import SubmissionResult
    from reports.render import top_failures

    model = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    slips = {
        "bas": model.replace("tente(Deplacement.Bas, li > 0, bas)", "tente(Deplacement.Bas, li >= 0, bas)"),
        "gauche": model.replace(
            "tente(Deplacement.Gauche, lj < 3, gauche)", "tente(Deplacement.Gauche, lj <= 3, gauche)"
        ),
    }
    results, said = [], []
    for name, source in slips.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "taquin.py").write_text(source)
        (q16,) = grade_submission(load_submission(tmp_path / name), select(all_questions(), ["q16"]), FAST).questions
        edge = next(c for c in q16.checks if c.name == "refus_bord")
        assert edge.kind == "wrong" and edge.message.key == "taquin.served_move_outside", say(edge.message)
        assert edge.counterexample["appel"] == f"tente_{name}()" and "grid" in edge.counterexample
        assert f"tente_{name}()" in say(edge.message) and "hors de la grille" in say(edge.message)
        assert edge.points == pytest.approx(0.75 * edge.max_points)  # the three other directions keep theirs
        results.append(SubmissionResult(id=name, total=q16.score, max=q16.max, questions=[q16]))
        said.append(say(edge.message))
    assert said[0] != said[1]
    question = {"id": "q16", "title": "q16.title", "max": 2.0, "manual": False}
    (top,) = top_failures(results, [question], "fr")
    assert top["top"] and all(count == 1 for _, count in top["top"]), top["top"]  # nothing merged


def test_a_tente_that_lets_the_served_move_test_the_border_gains_nothing_from_its_refusal(tmp_path):
    """tente_* that play their move first and read a refusal as "impossible" (catching anything the call
    raises): with the model answer's move served, the parent's refusal of a cell off the grid is the wrong
    move it is, whatever the code returns after catching it, so no direction refuses at the edge that way.
    (Their own move's IndexError past row or column 3 is their own code's: it refuses at two edges of four,
    Python reading row -1 as row 3 at the two others; that judgement counts, the better one.)"""
    model = (ROOT / "reference" / "answers" / "taquin.py").read_text()
    gestures = {"gauche": "Gauche", "bas": "Bas", "droite": "Droite", "haut": "Haut"}
    tentes = "".join(
        f"def tente_{name}():\n"
        f"    if solution and solution[-1] == OPPOSE[Deplacement.{move}]:\n        return False\n"
        f"    try:\n        {name}()\n    except BaseException:\n        return False\n"
        f"    solution.append(Deplacement.{move})\n    return True\n\n\n"
        for name, move in gestures.items()
    )
    start, end = model.index("def tente_gauche():"), model.index("# Question 17")
    (tmp_path / "taquin.py").write_text(model[:start] + tentes + model[end:])
    (q16,) = grade_submission(load_submission(tmp_path), select(all_questions(), ["q16"]), FAST).questions
    edge = next(c for c in q16.checks if c.name == "refus_bord")
    assert edge.points == pytest.approx(0.5 * edge.max_points) and edge.kind == "wrong", say(edge.message)
    assert next(c for c in q16.checks if c.name == "chaine_eleve").message.key == "taquin.judged_own_better"


def _ask_dfs(server, m, minimum="inf"):
    """The served dfs(m, 0) from a state whose blank (15) is two moves from the goal."""
    from reference.puzzle import manhattan, to_grid

    state = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 13, 14)
    blank = state.index(15)
    globals_ = {"grid": to_grid(state, 15), "li": blank // 4, "lj": blank % 4, "h": manhattan(state)}
    return server("dfs", {"state": {**globals_, "solution": [], "minimum": minimum}, "args": [m, 0]})


def test_the_served_dfs_answers_once_per_process_what_the_model_answer_computes(monkeypatch, fresh_process):
    # Every student of a run plays the same q18 cases: the model answer's dfs, served to their taquin(),
    # is computed once per process (serving.DFS_ANSWERS), and an answer kept is the one it computes.
    from grader.questions.taquin import serving

    first = serving.ModelServer(serving.LAST, ["dfs"], keeps=True)  # the model answer's own run
    computed = _ask_dfs(first, 2), _ask_dfs(first, 1)
    assert computed[0]["result"] is True and len(computed[0]["state"]["solution"]) == 2
    assert computed[1]["result"] is False and computed[1]["state"]["minimum"] == 2

    second = serving.ModelServer(serving.LAST, ["dfs"])  # a student's server
    monkeypatch.setattr(second.model, "dfs", None)  # not run again: answered from what the first computed
    assert (_ask_dfs(second, 2), _ask_dfs(second, 1)) == computed
    # What they cost the model answer is kept with them: a limit timed through them does not shrink.
    assert second.model_seconds == first.model_seconds > 0
    assert second.work == first.work > 0  # and the nodes they cost are charged to the student's run
    with pytest.raises(TypeError):
        _ask_dfs(second, 2, minimum=99)  # other globals, another answer: the model answer runs (here: cannot)


def test_a_served_dfs_that_costs_seconds_is_kept_for_the_machine(tmp_path, monkeypatch, fresh_process):
    # The challenge's served searches cost seconds: they are kept on disk (grader/judge/timing.py), so that the
    # run's other worker processes and the next runs read them; a cheap one is computed in each process.
    from grader.judge import timing
    from grader.questions.taquin import serving

    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    model = functools.partial(serving.ModelServer, serving.LAST, ["dfs"], keeps=True)  # the model answer's runs
    cheap = _ask_dfs(model(), 2)
    monkeypatch.setattr(timing, "REPEAT_ABOVE", -1.0)  # from here on, every search counts as costing seconds
    expensive = _ask_dfs(model(), 1)
    (stored,) = tmp_path.glob("timings-*.json")

    fresh_process()  # another process: only the disk is shared
    other = model()
    with monkeypatch.context() as unable:
        unable.setattr(other.model, "dfs", None)
        assert _ask_dfs(other, 1) == expensive and expensive["state"]["minimum"] == 2
        with pytest.raises(TypeError):
            _ask_dfs(other, 2)  # the cheap one was not kept: the model answer runs (here: cannot)
    assert cheap["result"] is True
    stored.write_text("{")  # a torn or foreign file: computed again, the right answer
    fresh_process()
    assert _ask_dfs(model(), 1) == expensive


def test_the_challenges_searches_are_read_from_the_teachers_installation_not_run(monkeypatch, fresh_process):
    # The challenge's served searches are recorded with the project (reference/answers/taquin_challenge.py): a cold
    # machine answers them without running the model answer or timing anything, and they cost the model
    # answer, all together, the challenge's shipped time (the limit's base) scaled to this machine.
    from grader.judge import calibration, timing
    from grader.questions.taquin import serving
    from grader.questions.taquin.cases import CHALLENGE_COSTS
    from reference.answers.taquin_challenge import SEARCHES

    server = serving.ModelServer(serving.LAST, ["dfs"], keeps=True)  # the model answer's own run
    monkeypatch.setattr(server.model, "dfs", None)
    monkeypatch.setattr(timing, "measured", None)
    for key, answer, _ in SEARCHES["korf"]:
        arguments, state = json.loads(key)
        assert server("dfs", {"args": arguments, "state": state}) == {**answer, "more": None}  # nothing ahead
    assert server.work == sum(nodes for _, _, nodes in SEARCHES["korf"])
    shipped = calibration.seconds(calibration.cost("q18." + CHALLENGE_COSTS["korf"]))
    assert server.model_seconds == pytest.approx(shipped)
    assert [answer["result"] for _, answer, _ in SEARCHES["korf"]][-2:] == [False, True]


@pytest.mark.slow
def test_the_recorded_challenge_searches_are_what_the_model_answer_computes():
    """reference/answers/taquin_challenge.py (benchmarks/bench_costs.py --searches) holds every dfs call of the model
    answer's taquin() on the default challenge, as computed now: the keys the served calls are looked up by,
    the answers, the nodes."""
    from grader.questions.taquin import serving
    from reference.answers.taquin_challenge import SEARCHES

    assert serving.challenge_searches("korf") == SEARCHES["korf"]


def test_what_a_students_served_search_computes_is_kept_nowhere(tmp_path, monkeypatch, fresh_process):
    """A student's own calls (globals and bounds the child chose) are answered for that run alone: neither
    the machine's timings nor the process's kept answers receive them, however much they cost."""
    from grader.judge import timing
    from grader.questions.taquin import serving

    monkeypatch.setenv("TAQUIN_GRADER_CACHE", str(tmp_path))
    monkeypatch.setattr(timing, "REPEAT_ABOVE", -1.0)  # every search counts as costing seconds
    student = serving.ModelServer(serving.LAST, ["dfs"])
    assert _ask_dfs(student, 2)["result"] is True and student.work > 0
    assert list(tmp_path.iterdir()) == [] and serving.DFS_ANSWERS == {}


def _served_searches(monkeypatch) -> dict[str, list]:
    """The model answer's dfs searches run in this process from here on, by whom they were asked: the
    model answer's own taquin, timed for a limit (served in-process), or a student's child (`student`)."""
    from grader.questions.taquin import serving
    from grader.sandbox import process

    asked: dict[str, list] = {"model": [], "student": []}
    for_child: list[bool] = []
    answer_child, answer = process.Child._answer, serving.ModelServer._answer

    def answering_the_child(self, *args):
        for_child.append(True)
        try:
            return answer_child(self, *args)
        finally:
            for_child.pop()

    def searching(self, name, arguments, state, played, meter=None):
        asked["student" if for_child else "model"].append(
            (name, json.dumps({"args": arguments, "state": state}, sort_keys=True))
        )
        return answer(self, name, arguments, state, played, meter)

    monkeypatch.setattr(process.Child, "_answer", answering_the_child)
    monkeypatch.setattr(serving.ModelServer, "_answer", searching)
    return asked


@pytest.mark.confined_child  # counts the calls the confined child's pipes answered
@pytest.mark.parametrize("name", ["reference", "caml"])  # solution kept most recent last, and first
def test_a_correct_taquin_is_served_the_searches_its_limits_were_timed_on(name, tmp_path, monkeypatch, fresh_process):
    # q18's limits come from the model answer's taquin run through the same served dfs answers as the
    # student's: a correct taquin asks the very searches the model answer made, so the parent runs none
    # of them again, whichever order the student keeps `solution` in.
    from grader.judge import timing
    from grader.questions.taquin import serving
    from grader.questions.taquin.cases import TRAPS

    monkeypatch.setattr(timing, "_path", lambda: tmp_path / "timings.json")  # the machine's store, empty
    asked = _served_searches(monkeypatch)
    settings = Settings(seed=SEED, examples=10, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
    (q18,) = grade_submission(load_submission(path_of(name)), select(all_questions(), ["q18"]), settings).questions
    assert q18.score == q18.max
    assert len(asked["model"]) > 20 and all(what[0] == "dfs" for what in asked["model"])
    assert len(set(asked["model"])) == len(asked["model"])  # each search once

    # Only the traps' searches are the student's own: a trap's limit is not the model answer's time.
    def tiles(state) -> list:  # the tiles where they lie, the blank's cell (any value, see BLANK_VALUES) aside
        cells = sum(state["grid"], [])
        return cells[: 4 * state["li"] + state["lj"]] + cells[4 * state["li"] + state["lj"] + 1 :]

    traps = [[tile for tile in trap.state if tile != serving.BLANK] for trap in TRAPS]
    assert all(tiles(json.loads(args)["state"]) in traps for _, args in asked["student"])


@pytest.mark.confined_child  # counts the calls the confined child's pipes answered
def test_a_limit_timed_through_kept_searches_is_the_one_timed_when_they_ran(tmp_path, monkeypatch, fresh_process):
    # Another process (a run's second worker, the next run) reads the expensive searches from the
    # machine's store instead of running them: the model answer's time, hence the student's limit, must
    # be what they cost when they ran, not the nothing that reading them costs.
    from grader.judge import session, timing

    monkeypatch.setattr(timing, "_path", lambda: tmp_path / "timings.json")  # the machine's store, empty
    monkeypatch.setattr(timing, "REPEAT_ABOVE", -1.0)  # every search is kept for the machine
    settings = Settings(seed=SEED, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
    question = select(all_questions(), ["q18"])
    limits: list[list] = []
    call = session.Session.call

    def recording(self, probe, payload, limit, **rest):
        limits[-1].append(round(limit, 9))
        return call(self, probe, payload, limit, **rest)

    monkeypatch.setattr(session.Session, "call", recording)
    for _ in range(2):  # a process, then another: nothing shared but the store
        fresh_process()
        limits.append([])
        asked = _served_searches(monkeypatch)
        grade_submission(load_submission(path_of("reference")), question, settings)
    # The second read every search of the model answer's; the student's own (the traps', whose limit is not
    # the model answer's time) are computed for each run: nothing a child asked is kept.
    assert asked["model"] == [] and asked["student"]
    deep = [limit for limit in limits[0] if limit > settings.scheme.time_floor]
    assert len(deep) >= 3 and limits[1] == limits[0]


def test_q17s_model_answer_is_timed_once_where_a_question_that_times_algorithms_keeps_the_best_of_several(
    monkeypatch,
):
    """q17's limits only stop a dfs that never ends: one run of the model answer per costly case (a single
    run can only make a limit more lenient). Other questions keep the best of timing.RUNS. Every case
    counts as costly here."""
    from grader.judge import timing

    monkeypatch.setattr(timing, "REPEAT_ABOVE", -1.0)
    monkeypatch.setattr(timing, "_store", lambda key, entry: None)  # nothing read back: every case measured
    runs_seen: list[int] = []
    measured = timing.measured
    monkeypatch.setattr(
        timing, "measured", lambda key, run, runs=timing.RUNS: runs_seen.append(runs) or measured(key, run, runs)
    )
    settings = Settings(seed=SEED + 1, examples=5, scheme=FAST.scheme)
    for qid, runs in (("q17", 1), ("q16", timing.RUNS)):
        runs_seen.clear()
        result = grade_submission(load_submission(path_of("reference")), select(all_questions(), [qid]), settings)
        assert result.questions[0].score == result.questions[0].max
        assert runs_seen and set(runs_seen) == {runs}, qid


def test_a_check_of_q17_alone_never_imports_hypothesis():
    """q17 draws its own cases: Hypothesis, a tenth of a second to import, is not imported ahead for it."""
    import subprocess
    import sys

    script = (
        "import sys\nfrom grader.cli import main\n"
        f"status = main(['check', {str(ROOT / 'exercises' / 'exemples' / 'alice')!r}, '-q', 'q17', '--json'])\n"
        "print(status, any(name.split('.')[0] == 'hypothesis' for name in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert json.loads(done.stdout)["questions"][0]["score"] == 3.0, done.stderr
    assert done.stderr.split()[-2:] == ["0", "False"], done.stderr


@pytest.mark.confined_child  # an attack on the pipes: the real child's
@pytest.mark.parametrize("attack", ["not_served_q16", "not_served_q17"])
def test_a_name_the_question_does_not_serve_earns_nothing(tmp_path, attack):
    """A child that forges a call of a served name its question does not serve (q16's tente_*, q17's dfs:
    the model answer's work, were it answered) gets a protocol violation on every case, never an answer."""
    from tests.attacks.served import ATTACKS

    _, expected, source = ATTACKS[attack]
    ((qid, (status, points)),) = expected.items()
    (tmp_path / "taquin.py").write_text(source)
    (result,) = grade_submission(load_submission(tmp_path), select(all_questions(), [qid]), FAST).questions
    assert (result.status, result.score) == (status, points)
    weighted = [c for c in result.checks if c.max_points]
    assert weighted and all(c.kind == "invalid" for c in weighted), [(c.name, c.kind) for c in weighted]
    assert "engine.reply.not_served" in {c.message.key for c in weighted}


def test_the_child_of_a_taquin_question_loads_its_probes_and_no_judge():
    """The child imports grader/questions/taquin/probes.py (and arrangements.py, its view of the grid) alone of the family, through the authoring
    namespace's lazy names: five modules of grader/questions/, never the judges, the catalogue or the
    engine (it loaded 21 grader modules when the probes lived in the one taquin.py), nor any module of
    reference/ (the exam's move and tente_* were imported with the probes: q17 now sends them to its own
    children only)."""
    from grader.questions.taquin.questions import PROBES
    from grader.sandbox.runner import Child, Limits

    student = (
        "import sys\nLOADED = sorted(m for m in sys.modules if m.startswith(('grader', 'reference')))\n"
        "def taquin():\n    return LOADED\n"
    )
    # A child of its own (the fork server's zygote keeps every module an earlier child's question loaded).
    child = Child({"taquin": student}, "taquin", list(PROBES), Limits(fork_server=False))
    try:
        assert child.start().ok
        payload = {"state": list(range(16)), "blank_value": 0, "h": 0, "solution": []}
        loaded = child.call(f"{PROBES[0]}:probe_taquin", payload, 10).value["moves"]
    finally:
        child.close()
    assert [name for name in loaded if name.startswith("grader.questions")] == [
        "grader.questions",
        "grader.questions.child_api",
        "grader.questions.shapes",
        "grader.questions.states",
        "grader.questions.taquin",
        "grader.questions.taquin.arrangements",
        "grader.questions.taquin.probes",
    ]
    assert not [name for name in loaded if name.startswith(("grader.judge", "grader.results", "grader.text.i18n"))]
    assert not [name for name in loaded if name.startswith("reference")]  # the exam's move and tente_* neither
