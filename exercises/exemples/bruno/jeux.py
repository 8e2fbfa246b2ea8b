# Bruno : je n'ai fait que le début
initial = None
suivants = None
final = None
h = None


def solution_42():
    return [1, 2, 3, 5, 10, 20, 21, 42]


def bfs():
    def parcours(a, p):
        b = []
        for x in a:
            if final(x):
                return p
            b = suivants(x) + b
        return parcours(b, p + 1)
    return parcours([initial], 0)


def ids():
    raise NotImplementedError


def idastar():
    raise NotImplementedError


def h_jeu1(n, t):
    raise NotImplementedError
