"""The engine's verdicts as a student sees them: statuses, skipped groups, timeouts, warnings."""

from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.internal.conjecture import providers

from grading import say
from grader.judge import checks, drawing, progress
from grader.judge.context import Context
from grader.judge.settings import Settings
from grader.judge.engine import grade_submission
from grader.errors import GraderBug
from grader.registry import all_questions
from grader.run.jobs import select
from grader.results.scoring import Scheme
from grader.intake import load_submission

ROOT = Path(__file__).resolve().parents[1]
EMPTY_TAQUIN = (
    (ROOT / "exercises" / "taquin.py")
    .read_text()
    .replace("def taquin() -> list:", "def taquin() -> list:\n    return []\n\n\ndef _stub() -> list:")
)


def grade(path: Path, *ids: str, scheme: Scheme | None = None):
    settings = Settings(scheme=scheme or Scheme(time_floor=0.5))
    return grade_submission(load_submission(path), select(all_questions(), list(ids)), settings)


def test_challenge_is_not_tried_when_other_q18_checks_fail(tmp_path):
    (tmp_path / "taquin.py").write_text(EMPTY_TAQUIN)
    (q18,) = grade(tmp_path, "q18").questions
    challenge = next(c for c in q18.checks if c.name == "defi")
    assert challenge.kind == "skipped" and not challenge.passed and challenge.points == 0
    assert "non tenté" in say(challenge.message)
    assert q18.status == "failed" and q18.score == 0


def test_group_without_weight_is_skipped_and_does_not_make_a_pass_partial(tmp_path):
    scheme = Scheme(time_floor=0.5, overrides={"q18": {"groups": {"grandes_profondeurs": 0, "defi": 0}}})
    (tmp_path / "taquin.py").write_text(EMPTY_TAQUIN)
    (q18,) = grade(tmp_path, "q18", scheme=scheme).questions
    assert [c.kind for c in q18.checks if c.name in ("grandes_profondeurs", "defi")] == ["skipped", "skipped"]
    assert q18.status == "failed"


def test_timeout_message_gives_the_limit_and_the_students_line(tmp_path):
    (tmp_path / "jeux.py").write_text("def solution_42():\n    while True:\n        pass\n")
    (q1,) = grade(tmp_path, "q1").questions
    (check,) = q1.checks
    assert q1.status == "timeout" and check.kind == "timeout"
    assert "limite de 0,5 s" in say(check.message) and "jeux.py:2 (solution_42) while True:" in say(check.message)
    assert q1.timing["wall"] >= 0.5


def test_lying_return_value_is_a_verdict(tmp_path):
    (tmp_path / "jeux.py").write_text(
        "class Menteur(list):\n    def __eq__(self, other):\n        return True\n\n"
        "def solution_42():\n    return Menteur([1, 42])\n"
    )
    (q1,) = grade(tmp_path, "q1").questions
    assert q1.status == "failed" and q1.checks[0].kind == "invalid"
    assert "Menteur" in say(q1.checks[0].message)


def test_a_grader_bug_costs_one_question_and_says_it_is_not_the_students_fault(tmp_path, monkeypatch, capsys):
    from grader.questions.jeux import solution42 as jeux

    def broken_judge(self, ctx):
        return [ctx.check_cases("sequence", [0], lambda case: 1 / 0)]

    monkeypatch.setattr(jeux.Q1, "run", broken_judge)
    results = grade(ROOT / "reference" / "answers" / "jeux.py", "q1", "q11").questions
    assert [(q.id, q.status) for q in results] == [("q1", "error"), ("q11", "passed")]
    assert "erreur interne du correcteur" in say(results[0].checks[0].message)
    assert "internal error" in capsys.readouterr().err


def _grade_q1_with(monkeypatch, run):
    from grader.questions.jeux import solution42 as jeux

    monkeypatch.setattr(jeux.Q1, "run", run)
    (q1,) = grade(ROOT / "reference" / "answers" / "jeux.py", "q1").questions
    return q1


def _never_fails(case):
    return None


def test_an_invalid_strategy_is_a_grader_error_not_a_pass(monkeypatch):
    from hypothesis import strategies as st

    q1 = _grade_q1_with(monkeypatch, lambda self, ctx: [ctx.check("sequence", st.integers(5, 1), _never_fails)])
    assert q1.status == "error" and q1.score == 0
    assert "Hypothesis" in say(q1.checks[0].message) and "InvalidArgument" in say(q1.checks[0].message)


def test_a_filter_that_never_yields_a_case_is_a_grader_error_not_a_pass(monkeypatch):
    from hypothesis import strategies as st

    strategy = st.integers().filter(lambda n: False)
    q1 = _grade_q1_with(monkeypatch, lambda self, ctx: [ctx.check("sequence", strategy, _never_fails)])
    assert q1.status == "error" and q1.score == 0 and "Unsatisfiable" in say(q1.checks[0].message)


def test_a_group_without_cases_is_a_grader_error_not_a_pass(monkeypatch):
    q1 = _grade_q1_with(monkeypatch, lambda self, ctx: [ctx.check_cases("sequence", [], _never_fails)])
    assert q1.status == "error" and q1.score == 0 and "aucun cas" in say(q1.checks[0].message)


def test_a_failure_that_stops_the_group_is_still_reported_after_hypothesis_replays(monkeypatch):
    """A fatal failure stops the group: Hypothesis's replay then passes (Flaky), the failure stands."""
    from hypothesis import strategies as st

    from grader.judge.question import Failure

    def run(self, ctx):
        return [
            ctx.check(
                "sequence", st.integers(0, 10), lambda n: Failure("timeout", "engine.reply.timeout", {"seconds": "1"})
            )
        ]

    q1 = _grade_q1_with(monkeypatch, run)
    assert q1.status == "timeout" and q1.checks[0].kind == "timeout"


def test_a_timeout_is_a_verdict_only_after_a_rerun(tmp_path):
    (tmp_path / "jeux.py").write_text(
        "import sys\n\ndef solution_42():\n    print('essai', file=sys.stderr)\n    while True:\n        pass\n"
    )
    (q1,) = grade(tmp_path, "q1").questions
    assert q1.status == "timeout"
    assert q1.output.stderr.count("essai") == 2  # two children, one call each


def test_without_the_kernels_clock_a_load_spike_is_not_a_timeout(tmp_path, monkeypatch):
    # macOS and Windows: the parent cannot read the child's CPU time, so a first run that spent its limit
    # of wall time may have been waiting for a core. The rerun gets the limit times the machine's slowdown
    # of the moment, and only its own timeout is a verdict (here a sleep stands for the load: 0.7 s of wall
    # time, limit 0.5 s, the machine measured twice as slow as calibrated).
    from grader.judge import calibration
    from grader.sandbox.process import Child

    monkeypatch.setattr(Child, "cpu", lambda self: None)
    monkeypatch.setattr(calibration, "slowdown", lambda: 2.0)
    (tmp_path / "jeux.py").write_text(
        "import time\n\ndef solution_42():\n    time.sleep(0.7)\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"
    )
    (q1,) = grade(tmp_path, "q1").questions
    assert q1.status == "passed", [say(c.message) for c in q1.checks]
    (tmp_path / "jeux.py").write_text(LOOPING_42)
    (q1,) = grade(tmp_path, "q1").questions
    assert q1.status == "timeout"


LOOPING_42 = "import sys\n\ndef solution_42():\n    print('essai', file=sys.stderr)\n    while True:\n        pass\n"


def _trap_run(decided_case_fails: bool = False):
    """Q1's checks replaced by a group of two cases: a decided one (failing or not) and a trap whose
    timeout is declared inconclusive (as q18's trap, grader/questions/taquin/questions.py)."""
    from grader.questions.jeux import solution42 as jeux
    from grader.judge.question import Failure, Inconclusive
    from grader.sandbox import protocol

    def run(self, ctx):
        def judge(case):
            if case == "piège":
                reply = ctx.run(jeux.probe_solution_42, {}, limit=0.3, timeout_inconclusive=True)
                if reply.status == protocol.TIMEOUT:
                    return Inconclusive("q18.trap_timeout", {"h": 58, "optimum": 78, "seconds": "0.3"})
                return ctx.failure(reply)
            return Failure("wrong", "q1.ends") if decided_case_fails else None

        return [ctx.check_cases("sequence", ["décidé", "piège"], judge)]

    return run


def test_a_timeout_declared_inconclusive_is_not_rerun_and_decides_nothing(tmp_path, monkeypatch):
    from grader.questions.jeux import solution42 as jeux

    (tmp_path / "jeux.py").write_text(LOOPING_42)
    monkeypatch.setattr(jeux.Q1, "run", _trap_run())
    (q1,) = grade(tmp_path, "q1").questions
    # The group passes on its decided case, and says beside it what the trap left undecided.
    assert q1.status == "passed" and q1.score == 1 and q1.checks[0].kind == "ok"
    assert "piège non conclu, sans effet sur la note" in say(q1.checks[0].message)
    assert "trap undecided" in say(q1.checks[0].message, "en")
    assert q1.output.stderr.count("essai") == 1  # one run: the rerun only protects a verdict

    from grader.results.records import Run
    from reports.render import student_page
    from reports.terminal import format_result

    # ✓ and the note, in the terminal and in the HTML report: never shown as a failure.
    result = grade(tmp_path, "q1")
    line = next(line for line in format_result(result, "fr").splitlines() if "non conclu" in line)
    assert "✓" in line and "✗" not in line
    html = student_page(Run("0.1.0", 1, "fr", "2026-12-02", {}, {}, [result]), result)
    (block,) = [b for b in html.split('<div class="check">')[1:] if "non conclu" in b]
    assert 'class="ok"' in block and 'class="ko"' not in block


def test_an_inconclusive_case_does_not_hide_a_decided_failure(tmp_path, monkeypatch):
    from grader.questions.jeux import solution42 as jeux

    (tmp_path / "jeux.py").write_text(LOOPING_42)
    monkeypatch.setattr(jeux.Q1, "run", _trap_run(decided_case_fails=True))
    (q1,) = grade(tmp_path, "q1").questions
    assert q1.status == "failed" and q1.score == 0 and q1.checks[0].kind == "wrong"


def test_a_group_whose_cases_are_all_inconclusive_is_a_grader_error_not_a_pass(monkeypatch):
    from grader.judge.question import Inconclusive

    trap = Inconclusive("q18.trap_timeout", {"h": 58, "optimum": 78, "seconds": "0.3"})
    q1 = _grade_q1_with(monkeypatch, lambda self, ctx: [ctx.check_cases("sequence", [1, 2], lambda case: trap)])
    assert q1.status == "error" and q1.score == 0 and "aucun cas" in say(q1.checks[0].message)


def test_a_question_whose_checks_all_pass_gets_exactly_its_points():
    from grader.judge.question import Outcome
    from grader.results.scoring import Scheme, question_result

    # q18's default weights (4, 4, 1, 1) over 3 points summed to 2.9999999999999996 in floats.
    questions = {q.id: q for q in all_questions()}
    for qid, points, weight_values in (
        ("q18", 3.0, (4.0, 4.0, 1.0, 1.0)),
        ("q4", 0.3, (0.1, 0.1, 0.1, 0.7)),
        ("q4", 1.1, (1.0, 2.0, 3.0, 7.0)),
    ):
        names = [g.name for g in questions[qid].groups][: len(weight_values)]
        weights = dict(zip(names, weight_values))
        scheme = Scheme(overrides={qid: {"points": points, "groups": weights}})
        result = question_result(questions[qid], scheme, [Outcome(g, None) for g in names], output=None)
        assert result.score == points, (qid, result.score)


def _cases_drawn(seed: int, group: str = "jeux_aleatoires") -> list:
    ctx = Context(
        select(all_questions(), ["q4"])[0],
        load_submission(ROOT / "reference" / "answers" / "jeux.py"),
        Settings(seed=seed, examples=30),
    )
    seen = []
    ctx.check(group, st.lists(st.integers(0, 10**9), max_size=8), seen.append)
    return seen


def test_the_same_seed_draws_the_same_cases_and_a_fresh_seed_other_ones():
    first, again = _cases_drawn(123456789), _cases_drawn(123456789)
    assert first == again and len(first) == 30
    assert _cases_drawn(987654321) != first
    assert _cases_drawn(123456789, "another_group") != first  # each group has cases of its own
    # Without a seed, each run draws its own: a table of one run's cases answers no other run.
    assert len({Settings().seed for _ in range(5)}) == 5


def _q4_context(seed: int) -> Context:
    return Context(
        select(all_questions(), ["q4"])[0],
        load_submission(ROOT / "reference" / "answers" / "jeux.py"),
        Settings(seed=seed),
    )


def _fails_on_a_big_sum(case):
    from grader.judge.question import Failure

    return Failure("wrong", "engine.reply.error", {"detail": "x"}) if sum(case) > 1000 else None


def test_drawn_cases_are_reused_and_a_failure_shrinks_exactly_as_a_run_without_them(monkeypatch):
    """Cases are drawn once per process: a later student's check runs no Hypothesis when it passes, and
    a failing one gets the counterexample Hypothesis finds when it judges every case itself, each case
    judged as many times (the cases before the failure once, not again when Hypothesis replays them)."""

    monkeypatch.setattr(checks, "_drawn_cases", {})
    strategy = st.lists(st.integers(0, 10**4), max_size=8)
    seed = 20170  # a seed of this test alone: its cases are not drawn yet
    judged: list[list[int]] = []

    def judge(case):
        judged.append(list(case))
        return _fails_on_a_big_sum(case)

    # Without the drawn cases: Hypothesis's own run, the judge called inside it on every case.
    plain = checks.hypothesis(seed, "q4", "sums", strategy, 40, judge, shrink=True)
    assert plain is not None and sum(plain.counterexample) == 1001  # shrunk to the boundary
    by_hypothesis, judged[:] = list(judged), []
    first = _q4_context(seed).check("sums", strategy, judge)
    assert first.failure.counterexample == plain.counterexample and judged == by_hypothesis
    runs = []
    hypothesis_run = checks.hypothesis
    monkeypatch.setattr(checks, "hypothesis", lambda *args, **kw: runs.append(args) or hypothesis_run(*args, **kw))
    assert _q4_context(seed).check("sums", strategy, lambda case: None).failure is None and runs == []
    judged[:] = []
    again = _q4_context(seed).check("sums", strategy, judge)
    assert again.failure.counterexample == plain.counterexample and judged == by_hypothesis
    assert len(runs) == 1  # the shrinking run only


def test_a_judge_that_changes_its_case_does_not_change_the_next_students(monkeypatch):

    monkeypatch.setattr(checks, "_drawn_cases", {})
    strategy = st.lists(st.integers(0, 9), min_size=1, max_size=4)
    seen: list[list[int]] = []

    def careless(case):
        seen.append(list(case))
        case.clear()

    _q4_context(7).check("careless", strategy, careless)
    again: list[list[int]] = []
    _q4_context(7).check("careless", strategy, lambda case: again.append(list(case)))
    assert again == seen and all(again)


def test_the_progress_line_appears_after_its_delay_and_costs_no_thread_per_call(monkeypatch):
    """`grader check` wraps every call to the child in a Ticker: one watcher thread serves them all."""
    import io
    import re
    import threading
    import time

    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.5)
    log = io.StringIO()
    with progress.Ticker("warm-up", log):
        pass
    threads = threading.active_count()
    for _ in range(100):
        with progress.Ticker("quick", log):
            pass
    assert threading.active_count() == threads and log.getvalue() == ""
    with progress.Ticker("slow", log):
        time.sleep(1.0)
    with progress.Ticker("quick again", log):
        time.sleep(0.05)
    assert re.fullmatch(r"slow \d s\n", log.getvalue())  # once in a log, for the slow block only

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    with progress.Ticker("tty", terminal):
        time.sleep(2.0)
    shown = terminal.getvalue()
    assert re.fullmatch(r"(\rtty \d s){2,}\r +\r", shown), shown  # rewritten every second, then erased


def test_what_a_student_printed_just_before_returning_is_in_the_report(tmp_path, monkeypatch):
    # The child flushes its output before it replies, but the parent drains the pipe in a thread of its
    # own: a slow drain (a loaded machine, made certain here) must not lose what is still in the pipe.
    import time

    from grader.sandbox import process

    drain = process.Capture.run

    def slow_drain(self):
        time.sleep(0.3)
        drain(self)

    monkeypatch.setattr(process.Capture, "run", slow_drain)
    (tmp_path / "jeux.py").write_text(
        "def solution_42():\n    print('<b>calcul</b> ' * 2000)\n    return [1, 2, 4, 5, 10, 20, 21, 42]\n"
    )
    (q1,) = grade(tmp_path, "q1").questions
    printed = "<b>calcul</b> " * 2000 + "\n"
    assert q1.status == "passed" and q1.output.stdout == printed and q1.output.dropped == 0


def test_a_hypothesis_without_the_internal_the_grader_replaces_is_refused(monkeypatch):
    """The cases must depend on the seed alone (tests/test_draws_ignore_grader_sources.py): a Hypothesis
    release that renamed the internal switched off by the grader is an error, never a silent change."""
    monkeypatch.delattr(providers, "_get_local_constants")
    with pytest.raises(GraderBug) as raised:
        drawing.configure()
    assert "_get_local_constants" in raised.value.message("en")
