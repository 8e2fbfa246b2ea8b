"""Child-side probes of parts I-III (module jeux.py). Standard library, calls.py and protocol.py only.

The game's functions the student's code calls (`suivants`, `final`, `h`) are proxies: every call is
answered by the parent from its own model of the game (grader/questions/jeux_games.py), which keeps
the trace. The child never sees the game, only the initial state; nothing it could record about the
student's code is used, only the value the student's function returns.

States on the wire: an int or a str as is, a tuple as a list of its items. A value of the student's
that is not one of those (a list, a bool, a float, an object) goes as {"type": name, "repr": text},
which the parent calls "not a state".
"""

from grader.questions.api import ask, probe, protocol

MAX_STATE_BITS = 200  # beyond, an int is surely not a state of ours: shipped as text, judged in the parent
MAX_STATE_ITEMS = 16
MAX_STATE_CHARS = 200
MAX_SHOWN_CHARS = 60  # of a value that is no state: its type's name and its repr, cut


def describe_value(value):
    """A student's return value as plain data: a small int as is, anything else by type and repr
    (a float's repr is exact, so the parent can compare it exactly)."""
    if type(value) is int and abs(value) < 1 << 62:
        return value
    try:
        text = repr(value)[:MAX_SHOWN_CHARS]
    except Exception:  # noqa: BLE001 - a student's object whose __repr__ fails
        text = "?"
    return {"type": type(value).__name__[:MAX_SHOWN_CHARS], "repr": text}


def encode(e):
    """A state from the student's code, as the parent reads it."""
    kind = type(e)
    if (kind is int and e.bit_length() <= MAX_STATE_BITS) or (kind is str and len(e) <= MAX_STATE_CHARS):
        return e
    if kind is tuple and len(e) <= MAX_STATE_ITEMS:
        return [encode(x) for x in e]
    return describe_value(e) if kind is not int else {"type": "int", "repr": f"{e.bit_length()} bits"}


def decode(x):
    """A state from the parent, as the student's code sees it: lists are tuples."""
    return tuple(decode(y) for y in x) if type(x) is list else x


@probe
def probe_search(module, payload):
    """Install proxies of the game's functions, call `bfs`, `ids` or `idastar`; return its value."""
    function = getattr(module, payload["function"], None)
    if not callable(function):
        raise protocol.Missing(payload["function"])

    def suivants(e):
        return [decode(x) for x in ask("suivants", encode(e))]

    def final(e):
        return ask("final", encode(e))

    def h(e):
        return ask("h", encode(e))

    module.initial = decode(payload["initial"])
    module.suivants, module.final = suivants, final
    if payload["h"]:
        module.h = h
    return describe_value(function())


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
                row.append(describe_value(function(n, t)))
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
