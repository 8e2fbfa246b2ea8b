"""The exam's written questions: graded by hand, listed so that a full barème can be expressed."""

from grader.questions.api import manual_question

QUESTIONS = [manual_question(n)() for n in (2, 3, 5, 6, 8, 9, 12, 13, 14)]
