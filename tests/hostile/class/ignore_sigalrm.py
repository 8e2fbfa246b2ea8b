import signal


def solution_42():
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass
