import subprocess


def solution_42():
    subprocess.run(["sh", "-c", "echo pwned > /tmp/hostile-subprocess.txt"])
    return [1, 2, 4, 5, 10, 20, 21, 42]
