import os


def solution_42():
    for path in ("/tmp/hostile-write-outside.txt", os.path.expanduser("~/hostile-write-outside.txt"),
                 "../hostile-write-outside.txt"):
        try:
            with open(path, "w") as out:
                out.write("pwned")
        except OSError:
            pass
    return [1, 2, 4, 5, 10, 20, 21, 42]
