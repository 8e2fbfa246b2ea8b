def solution_42():
    return [int(x) for x in input().split()]
