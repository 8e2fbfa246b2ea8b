"""Mistake: IDA*'s passes made breadth-first (a queue instead of the recursion): each pass explores the
states within the bound level by level. Same bounds, same states expanded in each pass, another order."""

import math
from collections import deque

initial = suivants = final = h = None
minimum = math.inf


def idastar():
    global minimum
    m = h(initial)
    while True:
        minimum = math.inf
        file = deque([(initial, 0)])
        while file:
            e, p = file.popleft()
            c = p + h(e)
            if c > m:
                minimum = min(minimum, c)
                continue
            if final(e):
                return p
            for x in suivants(e):
                file.append((x, p + 1))
        m = minimum
