def solution_42():
    pass
