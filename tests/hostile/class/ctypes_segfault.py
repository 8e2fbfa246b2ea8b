import ctypes


def solution_42():
    return ctypes.string_at(0)
