# A jeux.py that answers nothing (bfs returns 0) and, at import, rewrites what the self-check's judge
# (grader/webcheck.py) shows: every question passed with full marks. (The red team's finding
# web-forged-verdict, where the judge shared the student's interpreter; here the judge's module is
# imported if it is not there, so the forger patches whatever judge its own worker holds.)
import importlib
import sys


def _forge(result):
    """Every question of `result` passed with its full points (in place)."""
    status = type(result.questions[0].status) if result.questions else None
    for question in result.questions:
        for check in question.checks:
            check.passed, check.points, check.message = True, check.max_points, None
            check.kind = type(check.kind)("ok")
            check.counterexample = check.expected = check.got = check.visual = None
        question.score = question.max
        question.status = status("passed")
        question.warnings = []
    result.total = sum(q.score for q in result.questions)
    return result


def _install():
    page = sys.modules.get("grader.webcheck") or importlib.import_module("grader.webcheck")
    if getattr(page, "_forged", False):
        return
    to_dict, format_result, student_page = page.to_dict, page.format_result, page.student_page
    page.to_dict = lambda result: to_dict(_forge(result))  # each question's JSON the page keeps
    page.format_result = lambda result, lang: format_result(_forge(result), lang)  # the notebook's text
    page.student_page = lambda run, result: student_page(run, _forge(result))  # the HTML report
    page._forged = True


_install()


def bfs():
    return 0
