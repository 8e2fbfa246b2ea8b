def solution_42():
    return [1, 10 ** 5000, 42]
