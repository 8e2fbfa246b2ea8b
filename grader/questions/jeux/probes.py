"""Child-side probes of parts I-III (module jeux.py). Standard library, calls.py and protocol.py only.

The game's functions the student's code calls (`suivants`, `final`, `h`) are proxies: every call is
answered by the parent from its own model of the game (grader/questions/jeux/games.py), which keeps
the trace. The child never sees the game, only the initial state; nothing it could record about the
student's code is used, only the value the student's function returns.

States on the wire: an int or a str as is, a tuple as a list of its items. A value of the student's
that is not one of those (a list, a bool, a float, an object) goes as {"type": name, "repr": text},
which the parent calls "not a state".
"""

from grader.questions.child_api import ask, probe, protocol, states

PROBES = (__name__,)  # the family's questions' probe_modules: the only module of it their children import


@probe
def probe_search(module, payload):
    """Install proxies of the game's functions, call `bfs`, `ids` or `idastar`; return its value."""
    function = getattr(module, payload["function"], None)
    if not callable(function):
        raise protocol.Missing(payload["function"])

    def suivants(e):
        return [states.decode(x) for x in ask("suivants", states.encode(e))]

    def final(e):
        return ask("final", states.encode(e))

    def h(e):
        return ask("h", states.encode(e))

    module.initial = states.decode(payload["initial"])
    module.suivants, module.final = suivants, final
    if payload["h"]:
        module.h = h
    return states.describe_value(function())


@probe
def probe_h_jeu1(module, payload):
    """h_jeu1(n, t) for every target t of `targets` and 1 <= n <= t, or for each [n, t] of `pairs`;
    stops at the first exception and says where. (The time limit is a BaseException: not caught.)"""
    function = getattr(module, "h_jeu1", None)
    if not callable(function):
        raise protocol.Missing("h_jeu1")
    if "pairs" in payload:
        groups = [payload["pairs"]]
    else:
        groups = [[(n, t) for n in range(1, t + 1)] for t in payload["targets"]]
    rows = []
    for pairs in groups:
        row = []
        rows.append(row)
        for n, t in pairs:
            try:
                row.append(states.describe_value(function(n, t)))
            except (NotImplementedError, MemoryError):
                raise
            except Exception as exc:  # noqa: BLE001 - reported with the (n, t) that raised
                try:
                    detail = f"{type(exc).__name__}: {exc}"[:300]
                except Exception:  # noqa: BLE001 - the student's exception may not even say itself
                    detail = type(exc).__name__
                return {"rows": rows, "error": {"n": n, "t": t, "detail": detail}}
    return {"rows": rows, "error": None}


@probe
def probe_solution_42(module, payload):
    return module.solution_42()
