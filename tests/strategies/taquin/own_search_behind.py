"""Appended to the model answer (reference/answers/taquin.py), whose definitions these replace: a search of its
own on tuples (an IDA* with the Manhattan sum, the same as the kit's oracles could be pasted for) that
never goes through dfs, shared by two red-team findings (issue 32) written here anew:

- q18: taquin() solves with it, then slides a tile out of the blank and back as many times as the search
  visited states, so that a count of moves seen through `move` is paid. q18 earns it nothing: the grader
  watches the calls of dfs and the states they start from, and sees no pass of IDA*.
- q17 (with `PROBLEME_DFS = True`): dfs(m, p) runs the search from the current state and, when it finds,
  appends the moves to `solution` and returns True without playing them (with `JOUER = True`: played
  through tente_*), else writes the least p + h cut into `minimum`. q17 earns it nothing: the board is not
  at the goal after a success, and the grader sees no walk of DFS*.
"""
# ruff: noqa: F821 - the model answer this is appended to defines grid, li, lj, solution, Deplacement...

VIDE = 15
PAS = {Deplacement.Gauche: (0, 1), Deplacement.Bas: (-1, 0), Deplacement.Droite: (0, -1), Deplacement.Haut: (1, 0)}
TENTE = {Deplacement.Gauche: "tente_gauche", Deplacement.Bas: "tente_bas", Deplacement.Droite: "tente_droite"}
TENTE[Deplacement.Haut] = "tente_haut"
PROBLEME_DFS = False
JOUER = False


def _etat():
    cases = [grid[i][j] for i in range(4) for j in range(4)]
    cases[4 * li + lj] = VIDE
    return tuple(cases)


def _distance(etat):
    return sum(abs(c // 4 - t // 4) + abs(c % 4 - t % 4) for c, t in enumerate(etat) if t != VIDE)


def _suivant(etat, d):
    vide = etat.index(VIDE)
    i, j = vide // 4 + PAS[d][0], vide % 4 + PAS[d][1]
    if not (0 <= i < 4 and 0 <= j < 4):
        return None
    cases = list(etat)
    cases[vide], cases[4 * i + j] = cases[4 * i + j], VIDE
    return tuple(cases)


def _cherche(etat, precedent, p, m, chemin, vus):
    """(trouvé, plus petit p + h coupé); `chemin` prolongé des coups trouvés; `vus[0]` compte les états."""
    vus[0] += 1
    f = p + _distance(etat)
    if f > m:
        return False, f
    if f == p:
        return True, math.inf
    plus_petit = math.inf
    for d in Deplacement:
        suivant = _suivant(etat, d)
        if suivant is None or (precedent is not None and d == OPPOSE[precedent]):
            continue
        chemin.append(d)
        trouve, coupe = _cherche(suivant, d, p + 1, m, chemin, vus)
        if trouve:
            return True, coupe
        chemin.pop()
        plus_petit = min(plus_petit, coupe)
    return False, plus_petit


def dfs(m, p):
    global minimum
    if not PROBLEME_DFS:
        return False
    chemin = []
    trouve, coupe = _cherche(_etat(), solution[-1] if solution else None, p, m, chemin, [0])
    if not trouve:
        minimum = min(minimum, coupe)
        return False
    for d in chemin:
        if JOUER:
            globals()[TENTE[d]]()
        else:
            solution.append(d)
    return True


def taquin():
    depart = _etat()
    m, vus = _distance(depart), [0]
    while True:
        chemin = []
        trouve, coupe = _cherche(depart, None, 0, m, chemin, vus)
        if trouve:
            break
        m = coupe
    for _ in range(vus[0]):
        i, j = li, lj
        move(i - 1 if i else i + 1, j)
        move(i, j)
    return chemin
