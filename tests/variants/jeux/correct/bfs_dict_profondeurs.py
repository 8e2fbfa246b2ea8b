"""bfs with a dict state -> depth and a Python list used as a queue through a moving index (no
popleft): each state is queued once, at its first (smallest) depth.

Correct: q4
"""
initial = suivants = final = None


def bfs():
    profondeur = {initial: 0}
    file = [initial]
    k = 0
    while k < len(file):
        x = file[k]
        k += 1
        if final(x):
            return profondeur[x]
        for y in suivants(x):
            if y not in profondeur:
                profondeur[y] = profondeur[x] + 1
                file.append(y)
