"""Appended to the model answer (reference/answers/taquin.py), whose definitions these replace: a correct part IV
whose tente_* and dfs slide the tiles with a helper of their own, `glisse`, instead of `move` (red team 3,
issue 32, written here anew). Nothing in the exam asks tente_* or dfs to call move: full marks on q17 and
q18, in the teacher's grader (with `dependances = "eleve"` too) and in the student kit.
"""
# ruff: noqa: F821 - the model answer this is appended to defines grid, li, lj, solution, Deplacement...


def glisse(di, dj):
    """The tile at (li + di, lj + dj) slides into the blank, which moves there; h follows."""
    global h, li, lj
    i, j = li + di, lj + dj
    v = grid[i][j]
    bi, bj = divmod(v, 4)
    h += abs(li - bi) + abs(lj - bj) - abs(i - bi) - abs(j - bj)
    grid[li][lj] = v
    li, lj = i, j


ECARTS = {Deplacement.Gauche: (0, 1), Deplacement.Bas: (-1, 0), Deplacement.Droite: (0, -1), Deplacement.Haut: (1, 0)}


def essaie(d):
    di, dj = ECARTS[d]
    if not (0 <= li + di < 4 and 0 <= lj + dj < 4) or (solution and solution[-1] == OPPOSE[d]):
        return False
    glisse(di, dj)
    solution.append(d)
    return True


def tente_gauche():
    return essaie(Deplacement.Gauche)


def tente_bas():
    return essaie(Deplacement.Bas)


def tente_droite():
    return essaie(Deplacement.Droite)


def tente_haut():
    return essaie(Deplacement.Haut)


def dfs(m, p):
    global minimum
    if p + h > m:
        minimum = min(minimum, p + h)
        return False
    if h == 0:
        return True
    for d in Deplacement:
        if essaie(d):
            if dfs(m, p + 1):
                return True
            di, dj = ECARTS[d]
            glisse(-di, -dj)
            solution.pop()
    return False
