import sys


def down(n):
    return list(map(down, [n + 1]))  # through C calls: each level costs C stack


def solution_42():
    sys.setrecursionlimit(10 ** 9)
    return down(0)
