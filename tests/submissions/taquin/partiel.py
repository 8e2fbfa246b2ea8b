"""Partial: only move is written (tente_*, dfs and taquin are missing)."""
grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3


def move(i, j):
    global h, li, lj
    v = grid[i][j]
    h += abs(li - v // 4) + abs(lj - v % 4) - abs(i - v // 4) - abs(j - v % 4)
    grid[li][lj] = v
    li, lj = i, j
