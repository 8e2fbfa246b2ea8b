"""Attack: a thread keeps calling final(initial) in the background, during the search and after it,
hoping to pad the trace (restarts for an ids) or to spoil the next case; the search itself is a BFS."""
import threading

initial = suivants = final = None


def ids():
    e0, test = initial, final

    def spam():
        for _ in range(200):
            try:
                test(e0)
            except BaseException:
                return

    threading.Thread(target=spam, daemon=True).start()
    a, p = [initial], 0
    while True:
        for x in a:
            if final(x):
                return p
        a = [y for x in a for y in suivants(x)]
        p += 1
