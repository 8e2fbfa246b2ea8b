import sys


def solution_42():
    line = "flood " * 2000 + "\n"
    while True:
        sys.stdout.write(line)
