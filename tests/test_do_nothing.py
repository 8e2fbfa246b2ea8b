"""A function that does nothing earns nothing on its question, and costs no later question anything.

Every graded function of every question (all four tente_* at once for q16), its body replaced in the model
answer by one that does nothing (`return False`, `None`, `0`, `[]`, `pass`, a stub raising
NotImplementedError): the question gets 0, whatever groups doing nothing would pass (refusals, a state
left as found, an admissible constant). And an earlier function of part IV that does nothing leaves the
later questions at full marks: they are judged with the model answer's.
"""

import ast
from pathlib import Path

import pytest
from grading import SEED, say

from grader.judge.settings import Settings

from grader.judge.engine import grade_question
from grader.intake import load_submission
from grader.registry import all_questions
from grader.results.scoring import Scheme

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = {q.id: q for q in all_questions(extensions=True) if not q.manual}
BODIES = ("return False", "return None", "return 0", "return []", "pass", "raise NotImplementedError")
# The challenge costs seconds and says nothing here: the other groups of q18 do.
SETTINGS = Settings(seed=SEED, examples=25, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))


def doing_nothing(module: str, functions, body: str) -> str:
    """The model answer of `module` with the bodies of `functions` replaced by `body`."""
    return with_bodies((ROOT / "reference" / "answers" / f"{module}.py").read_text(encoding="utf-8"), functions, body)


def with_bodies(source: str, functions, body: str) -> str:
    """`source` with the bodies of its top-level `functions` replaced by `body`."""
    tree = ast.parse(source)
    found = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in functions:
            node.body = ast.parse(body).body
            found.add(node.name)
    assert found == set(functions), functions
    return ast.unparse(tree)


def graded(tmp_path: Path, module: str, source: str, qid: str):
    folder = tmp_path / qid
    folder.mkdir(exist_ok=True)
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    return grade_question(QUESTIONS[qid], load_submission(folder), SETTINGS)


@pytest.mark.slow
@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("qid", sorted(QUESTIONS))
def test_a_function_doing_nothing_earns_nothing(tmp_path, qid, body):
    question = QUESTIONS[qid]
    result = graded(tmp_path, question.module, doing_nothing(question.module, question.functions, body), qid)
    assert result.score == 0, [(c.name, c.points, say(c.message)) for c in result.checks if c.points]


# Part IV's earlier functions, and the later questions that build on them.
EARLIER = {"q15": ("q16", "q17", "q18"), "q16": ("q17", "q18"), "q17": ("q18",)}


@pytest.mark.slow
@pytest.mark.parametrize("body", ("return False", "pass", "raise NotImplementedError"))
@pytest.mark.parametrize("earlier", sorted(EARLIER))
def test_an_earlier_function_doing_nothing_costs_the_later_questions_nothing(tmp_path, earlier, body):
    source = doing_nothing("taquin", QUESTIONS[earlier].functions, body)
    for qid in EARLIER[earlier]:
        result = graded(tmp_path, "taquin", source, qid)
        assert result.score == result.max, (qid, [(c.name, say(c.message)) for c in result.checks if not c.passed])
