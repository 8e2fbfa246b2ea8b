def solution_42():
    return [bytes(1 << 30) for _ in range(64)]
