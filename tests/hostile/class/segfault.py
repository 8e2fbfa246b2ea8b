import faulthandler


def solution_42():
    faulthandler._sigsegv()
