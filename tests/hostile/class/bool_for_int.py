def solution_42():
    return [True, 2, 4, 5, 10, 20, 21, 42]
