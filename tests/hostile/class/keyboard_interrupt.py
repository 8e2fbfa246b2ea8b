def solution_42():
    raise KeyboardInterrupt
