def solution_42():
    return [1, float("nan"), 42]
