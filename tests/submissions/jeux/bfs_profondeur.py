"""Mistake: a depth-first search that keeps the best depth found, without depth limit (it loops on
cycles and on game (1))."""
initial = suivants = final = None


def bfs():
    def explore(e, p):
        if final(e):
            return p
        meilleur = None
        for x in suivants(e):
            r = explore(x, p + 1)
            if r is not None and (meilleur is None or r < meilleur):
                meilleur = r
        return meilleur

    return explore(initial, 0)
