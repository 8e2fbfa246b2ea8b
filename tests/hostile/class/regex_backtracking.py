import re


def solution_42():
    re.match(r"(a+)+$", "a" * 64 + "b")
    return [1, 2, 4, 5, 10, 20, 21, 42]
