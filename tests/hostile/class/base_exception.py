class Escape(BaseException):
    pass


def solution_42():
    raise Escape("not an Exception")
