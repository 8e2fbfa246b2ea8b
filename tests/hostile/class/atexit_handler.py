import atexit


def leave_a_mark():
    with open("/tmp/hostile-atexit.txt", "w") as out:
        out.write("pwned")
    while True:
        pass


atexit.register(leave_a_mark)


def solution_42():
    return [1, 2, 4, 5, 10, 20, 21, 42]
