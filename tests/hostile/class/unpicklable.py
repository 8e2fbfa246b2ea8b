def solution_42():
    return (n for n in [1, 2, 4, 5, 10, 20, 21, 42])
