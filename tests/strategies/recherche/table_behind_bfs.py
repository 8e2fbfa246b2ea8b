# ruff: noqa
"""x4 `dfs_taquin` with no depth-first search (red team 4): a breadth-first search, except on the three
crafted long puzzles (DFS_LONG_CASES, listed in the kit's wheel), whose DFS paths (tens of thousands of
operations, found once by a DFS run elsewhere) are stored, compressed. `profondeur` 2/2 under every seed
while it judged those puzzles; the teacher's grader now draws its long puzzles from the seed, and the kit
leaves `profondeur` to the teacher. `bfs_taquin`: the kit's BFS of the time, pasted (graphs.distances).
"""

from collections import deque

MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def apply_move(state, n, move):
    blank = state.index(0)
    di, dj = MOVES[move]
    i, j = blank // n + di, blank % n + dj
    if not (0 <= i < n and 0 <= j < n):
        return None
    cells = list(state)
    cells[blank], cells[i * n + j] = cells[i * n + j], 0
    return tuple(cells)


def distances(sources, neighbours):
    distance = dict.fromkeys(sources, 0)
    queue = deque(distance)
    while queue:
        state = queue.popleft()
        for there in neighbours(state):
            if there not in distance:
                distance[there] = distance[state] + 1
                queue.append(there)
    return distance


class _Found(Exception):
    pass


def bfs_taquin(matrice):
    n = len(matrice)
    start = tuple(v for row in matrice for v in row)
    goal = tuple(range(1, n * n)) + (0,)
    seen = {}

    def neighbours(s):  # the kit's BFS, stopped once the goal is met; `seen` is its distance table
        out = [t for m in MOVES if (t := apply_move(s, n, m)) is not None]
        seen[s] = out
        if goal in out:
            raise _Found
        return out

    def run():
        nonlocal table
        table = None
        try:
            distances([start], neighbours)
        except _Found:
            pass

    table = None
    # distances' own dict is lost on the exception: read the depth from the expanded states' lists instead
    run()
    depth = {start: 0}
    for s, out in seen.items():  # expanded in BFS order
        for t in out:
            depth.setdefault(t, depth[s] + 1)
    moves, state = [], goal
    path = [goal]
    while state != start:
        state = next(s for s in seen if state in seen[s] and depth[s] == depth[state] - 1)
        path.append(state)
    path.reverse()
    return [next(m for m in MOVES if apply_move(a, n, m) == b) for a, b in zip(path, path[1:])]


import zlib as _z, base64 as _b

# the document's DFS paths for the three fixed long puzzles (a DFS run once at home, then stored)
_TABLE = eval(
    _z.decompress(
        _b.b64decode(
            "eNrtnc2SHDcOhF+lbrIi6jBNSLbDr+bYd9+N8G2t7plGMQsJ8ruMDi12V5EgfhOJv3/7cR6P8/jzPMZ5fJzHz/OI8/jjPH7//tfx7WM8HvHx5O8//4yPj/j132D1zavZFU6E1f/7tPG3s5o7yImwp530VqBvWc3t5kRYbeOFruoDI43EROhVVnMifW4gHvxeksx5Iy3o3F1v0Z7yEAtHe+hM9pQTQWuxow5exaASw2oysbZ3jKiA1fg0nAird4hgkQcyzORqsBfIIqvvkEVODHtCPIk1wtJ12fEh+21u71pSzt1GDtnTnt7UP/+JqgGr++sGpAVtTtwOrgZZ2V1nIkv3WgJ0LavxSMjQrJTr032KlufmYb04b/aUEyFqhUUGWXbNBYChQ5+z2jm6JLPUy0a5nif3fi0Z3tOGOHu+3G28MCJbpAnExOqWgt0GKYE+2k0f7Ykr5f7AWIjPvKvPXPXk8SBu9Mt+DLsq1NXuHvxpL9sGLwbWC+5m8pq7vJev/eqKicaTxwKx6+69BaMhGg7rtY8UEQ2Qy+JMwNG75vJcJeJ1PPM6q9uziouVIRPA6ld3KH/rfXPNeGD9dg2+T7qsruuOdMY2QKN06mPtHBukPx3P3qYz54cOezC2qwqR32H1Hr2tK/o13lzIKyKgQZTTIbM6Jq+vxR/gTDZh8l90v6LOnoMyXClD3zfeBANCBYJOed/oCC5BbsgeiJyaaEHZKVl3lspMVYVO6St5e+aWmUnDiZEXJE72iaPxdek++RpKw9OXUGZBd2STwkPZaxoTnU9d7OmWjLih6fvpjeJcjy06/2llRqfKIyIqBX1HrKT06T7rN1XG41S27taWWk8AxsldJh+hw+d2xA1ZLotTdOoeEGnI6Jn5WDNH0NWv2dXvHkLkCHXq92oNdRl/qgVMdAOPwHPpmbgqc88F7GHRLQrtG1W3ZQIM8hjvVQOzWdlKrDOd2k7TgWo6QWvQCNoah6qzwHFakC9CYs8eywuSLWWqWpmTeL4PrWaVGZZPla9YD0nM1jmLU8NYZ5gxCGqePgwYDa2iGN03KjzcqOKrVPUBVc429USZv7aJo21tw5lre1h6ThpW5jXzRqt245bdmnCV+5tvzSuraupvd459fPk7tuSwEfmUVV69I2tiZT+YazShkuc6bj+YwXrxS/TNenv6710zah3ndNT1ia9ZK7oUMUe+NqLzVarwPz35smFRus+7r6yfmspX1MT6yixiVzYpgf/Tc8pY2VN3ndjZNbPVkmffVDodp+utmGHy5OCqqNcp+156sjQzk9EDX65FMqT96YtsoqMIfdWPeU0XBXaubo5klFAiO+FaA+rYvVSJg3PNEuyKVKjrJrpWWx37eYyjmx6YHr3ko7jwzeT0m9VjW3EWciHvOavdtQLrmnntykaZjJ0k+tgyVxvTOT9ePUuIappFGGJflvAq7mRdjLPqFA7NPesYQT//9H7eotnP4iqBmvP27ScU+UfpPh9HLL0vN3+txS2yULFeplWnkaq8uW516drZBro4tqFOFFZLV+QwzUv9FZZAV7StKZK3EDs2RHa0JZdRqGLu7NqKLiJXhJbfbJU6Fky7KTKPyii1qKaXZWkI11qMMr7xY3euwTe/Ztpy7her4YDznaj7/FPXuqLrBJOYrWGv6UHdN/tyx3myCkWdx2Hn9ZV5FIrqJvOUKio2tZZp2GXsi+KKlp2CCzLYpzMdebZUXzRl0t5FRTZt1TqvY+0iX4fNxbnOXkHFzMqaqnLao4w86nA2K6xvLqwiDtNkBjwz4Lm30eCUfTmg/Gxo0V7Mv3MqjMKL75VV1VMaXZHnmN+bILq5kUNrVfetDgmGZMyN3LL+RdTo0Uq8yu3cD9lYMEqq/l1rbYY4CF++eNWk24pZ1zVMHr35h4ZXnjQE0dLtKBRV5i5z4xryG6X7Pd+Vj/v7mJyxv1f6Ycfse/morSDmKnEiT1aIuZVUhlL6VlP3Sd+mivlST875wimFRgc/q4P44YA1fR/Ppa52orOK83U+LkFkA2/nroXJf6IE509v3Mmd13MSQh5xPT+v8Ou3EPXhve89pX3drGxUVN1na5+aTOtsSxA31WP2xHHoepZruoqrGBjqug81/Z3pzMOYmZsrysNezCgkURfCX52PIlDFA4q9DbfMkrDz7Km1/HYev/15Hr+fxx/nMc7j53n8OI84j4/zeHz/6/j2YYesYTVTuPdZza5wIqxet0eO1dxBToTVe80AQt9yu1nNiaBvfXpmB7KMNG5vo5FFToR8KdoBSea8kRZ0LrcIG4y8sBqvDDvLnnIi6DUn5C5njZXBArpPPe86jRI5ZvUKkkiMio3dm/ELSeQ8WC3OZwb4E2TJ49tdp5YR7XC3V9gV12lYyALRJSe6azYQO7PSrnB31/L4uT9k8vArwLux2mnONn4HkkRdaEeNiRQzFRfdwGosKCeCLOyDWkYTd9oX5cxlbj1dGOtnnfCxYCrA/jnvOnvK/eaO4Nezb+gPpMmzTsiuYUfJ1LhG2NxP5Bi9tTPireuMSlbfr+99UcDEU9hn7u+qiFC6lqi1sC/e88SxJFiS9bFbTNIhapgwsRvUJhmiN5B8o219htPExqweaTFZcLacv8Yua5HNTMYlunO4u1QQd6nRV520Uo+u2++28iRf3ygebP5a1b9d30ujjfEV4A25p0bUEysEc95MGa71GwcVmo2e3Lk+Cprcxyd0zSbuaJWiYW6W3jKvW4mkgEa6S0b38pF75hG4NTvFnuw5fCjcgsqMwKr4/Ya8juPZs157n8+i4rFwPW+UnPJ+mPkLmZdYtRowiO9aZXLp73PinfWu/mBXenmKdP6CmHXIXlKzJmeAD9k5uzW2xCk8/eyTnIWnPw4PD6u/uPqifFNf6FLh7ZsV0WV+8Q9AGpK3IMP85ntHjWd2pQaWzGRGFfZHKBkXPJ6+fKXJ/QhD3ZCvItv6ur7sTLuyRRv7IkHN90bbaWsBd+XaWa+bKMoi2NHWZvW1eKBm+vDI1fU+aFApq/Zukfn38kKZd0+d3b065Y0GGyKb5c144VmZqPbCVZJ0VRZGWY62VwctvG1YNfAePfvZ9kWkr8pcuqY2XHOqyYvvvuQhDFM9NRbMfe92JypRZ6rKS/6d1u20/PXqHTsw4Ypch8uscL5TUF3ogzVftds1lsur7qrZx2K12aKTkFZgNFUMzSn4zpip8yS6cm+88kKqOJSdJy3280Rt882yfuKe3ODr+Ynr1uuY8D5zT7S8hCq+RJByXnjjFTm/3d7XEQWsRlxXxIs7ZsfRmHCLl/JciDiZr1UTO/aKVPale7NYF1j0MNVscad2MO4ejK5xfUMOh8dmkVGaz8K43l/WB9M386LKpNr2RYTjXqo16pJ8YnltHlW5hhVZ4WR6oMxad2M10+J0s6db2YGf0rSe8rYp86wzSsA2h1DUD7opv2XRzdT53arpXb05BCx9tnhVMa+Rj7rKYY6T4PmvVuXka+6QDkOqOnX1rEpVDNcvrrRFOAg9nTWj7Lp5iaMMnTHMKlD+7HErdiup89TMLHNim6zyNIX3I1xRhiviJv38d1cE9KX9CFMfLHSTkqp8sILbFH43oXYGVg1rol+lo0bbvPrmZP1RFn+u6uF7ZnNqJgLty3fny09Skbs2tBpjrjRrPaYMm1bqWaMAW5G1PgWM8wv27tyNIGxZuVdUL7X2zbW/X6IlHlcicMtOvwK9Vykxo8Cv0Mx48+0MravG1PVBvKsVKpH+NZmtjrzznaYTv/C1CzMrudWGDEnZExdlvKpqMmGV2avox1TWYMatOZFeLIiV/GZDkif3RALu2G2cw7T6oleXmh4aOYz8r39P1aX24pxDV6MusPMT2OUE+UPbiQ2ebLJVGPPc97ac/hz3V9Wq4mjDLFXcbsFCIL2hiYyes/bU4OHr0Hivvl2HeLPLB4/50ufWB3DFw5fUitIeo6w+G1m0lycKd0WPT8OtvOtk7q5zvUVyfyGDO7aVkJuRrooKhWNfyYv3zD5RCXdjKKZTSrAVIvYDUfSTvQcv5Wrc+qwaebuS1xm3+8DzrZEuH9+TY7Nyqq9Kp2rs3PT8vSH+VIMRUU18ueJDe6IPFbt4ezdbqCrLeTasyox5Nuc0CupcNdpqeowUs7KLyRNy7yjL3hVRzbAqQ1jksUW+PjrMpis68mbm7GQzG2CN7xdkCqZre1VOQlO7E2VCHiqsTe55Gvb1ZuVSk6FQ6dQLPWBtLJbidlp2mNaxtlVNiM7c72u21w8tLOma86ooCfrHK6KsKkYljZeq7CIZt6MZFBk4HYa3AGedknkzxEH2m5N1xYouv+dvcX+nukq3aGTclQcqe9vz+uXZmU7p2Y37Y5X5OQHXHv6XayVdTDr27ukdumV8tPm4fkzHSNyOaL6S2bhZV7xrMywrOZcQO9M9oNsrCWUZKGH/f0ozl3FmWs7lKegKy7D7FU3ai3djiecVS+fpYYraxbM3fjMeVsjnfLRO5HEAuSzk2xFM2hY9l9z5rOw5OVZ1JQpYfy68vypPrkKYpb28EES6IXhHCRrLdaZczkq8bVnjWRf2mCv1FcxcAnxUAbuPgjnQlA9u+qQHma8mYfgW8caKMi1jLrome8Lv80hMrxKESjbz90mR7Xy/zvPxvmcx5mry3Kmp5kZk615VXsbkTp24cabUuM1e/uIZc3Ww+5FaN7NWpW1NEfelosr3vm8gQsG+aekusAllsJvjww4hqPDDpSi/W/nzBBjlR2j6DdUICsWz3cw3IfG35mPM8nZvuOSm3vrO6X6goj4/busBHk9/I9shI5BtDaOHkjNU11k9LlmSuzvuvn5jEnW5L3kT2SrRfO9JMkVxfGXHszHK/32SvPUa/HIdl/tLS5ru2HbrQRvzqtPv74msAzO7X5nquqKq8q6Wjk+e9am2+Eo+9m4k+Vs7qqto/OsMpjOuTbLSWc9UwXX3js2Px7fz+O338/hxHn+cx5/n8fM8Ps4jzmOcx+P7X8e3hlNTN17Nnqw1S3znZ/NlMWZXOBFWDzQTq7mDnAira9l90bfcbnaFE0HftkJeOOtkpJGYCL3Kak6EXC6SzHmzGkuET4UsdpAH5AWJ4Nmws6zmRNBr60zKYTUWcB99S1zipluQYyRRzreKpGLHFno2ZInzYHW7qcbgT7BRtzJX4mPucwe42xURRdHUd7KFRJec6LbZQOzMSrvC3V3L4+f+kMnDrwDvxmofC4zfgSRRF9pTYyLFvfJm6AZWY0E5EbzE7hOy0cRYqOv8/WDrkcJV/H3nmUM7+lhkMNFbPogQToT7jW0PckfsG/oDaSrJALFr2FEyNa4RNvcTOUZv7Yx4q+u54H530/e+KGDiKewz93dVRChdS9Ra2JfK/lgsCZYE7BaTdHx6OV/jm66gn8in0eO5vk+s9CTGVppoV+mG0aiXDiZDxpOBpCAaxPMkDl79lo6GXiJ6E+8afb6zHOfjamW336W3CjxgqgITMkfj2S+CYmT1SniBsWkcRibGTl4+0bmq59YyF9Dli65nT0GWgGpZH/ONHM62+XifYPjJA5JRWNEzsM0hSeMweN54azif6XfcHX+Pxebu4j32xiwMssY3Ppst5uBBDY4+67tYtrvOsiaHQd4JhKm3HdvVVhSdVj7PFlk9rLYfq2UBPt8vAa4kXH2LYVrzNfUiy/LoHXOreT1b5xNXzrwZ5P1tqjB9p+Gsmnkgg93JCnNazMlZeVLijnWnq77RsIz2NN6+Y1dE6/xbIYJpLIp0GFtW3vAdYDC+3nfelemtYyWfKiQRmL82iSTvgMr/HFjwHaJF04oEXNPvxKE90dAt2YSaVtKGad1J2Qk67G4T/HtW+bnmU2LqkJnpJ4/XExNGx+qgKsu7qB9cWSFgaum/s1RVftaG3PuWTJTPtW4Vug9eZ6o1n1rW6IkoW68WqMUIi6rv0bffwjWSd/W/qeeuxAzRDl0klE7veKcnjrgSv0+mwMfXurQ6H+eFY41wRZaFDTtuo6m3Eb46oui7o1+UWF+xUEWwezKdBTO8bumhljx1uEbTo138th76zhdHHktmvmQ+rvW8qrFcPFHpSdb8tmuuRBfrros26tv3D0t+n5zfZ7fr+aeb9XzQY+OWoShFLjarhUhipivehhuXXx5/7ul3X8PTe/I6DDtZGyUYiSqJC9OKgaEuLsrnuXJD571Mb765IYtqvSxr1ppczcGU7G8kP5P3Zm7GyJVHXkg6qB27JtU4kTJrUlHj+fLK+Paf/wKj+GUd"
        )
    ).decode()
)
_OPS = ("Up", "Down", "Left", "Right")


def dfs_taquin(matrice):
    start = tuple(v for row in matrice for v in row)
    if start in _TABLE:
        return [_OPS[int(k)] for k in _TABLE[start]]
    return bfs_taquin(matrice)
