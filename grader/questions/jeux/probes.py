"""Child-side probes of parts I-III (module jeux.py). Standard library, calls.py and protocol.py only.

The game's functions the student's code calls (`suivants`, `final`, `h`) are proxies: every call is
answered by the parent from its own model of the game (grader/questions/jeux/games.py), which keeps
the trace. The child never sees the game, only the initial state; nothing it could record about the
student's code is used, only the value the student's function returns.

States on the wire: an int or a str as is, a tuple as a list of its items. A value of the student's
that is not one of those (a list, a bool, a float, an object) goes as {"type": name, "repr": text},
which the parent calls "not a state".

A student's run gets, with each answer to `suivants`, `final` and `h` of the successors returned
(`Held`): those calls are answered in the child and told to the parent (docs/served-calls.md).
"""

from grader.questions.child_api import ask, probe, protocol, states

PROBES = (__name__,)  # the family's questions' probe_modules: the only module of it their children import
# The calls answered in the child are told to the parent (games.GameServer._took) by number: LOCAL × the
# number the parent gave the state in the run + the function's place in LOCAL; with the next call's frame,
# or alone under TOLD when MAX_TOLD wait and when the search returns or raises.
TOLD = "told"
MAX_TOLD = 1_000
LOCAL = ("final", "h")


class Held:
    """`final` and `h` of the states the parent returned as successors in this run (games.GameServer: with
    each `suivants` answer, [the state's number, final, h] of each successor), kept by the state's wire
    form with exact types. `suivants` always goes to the parent, which keeps every expansion in order; a
    `final` or `h` call on a state held is answered here and told later, so that the parent keeps it in
    its trace where it was made. Only data the search could ask for: nothing about a state before a
    recorded `suivants` returned it. Once the parent stops the run, nothing is answered here any more."""

    def __init__(self):
        self.answers: dict = {}  # a state's key -> (its number, final, h)
        self.later: list[int] = []

    @staticmethod
    def key(wire):
        """A state's wire form as a key (equal keys: equal states, of the same types); None if it has none."""
        if type(wire) is list:
            return tuple(wire) if all(type(x) is int or type(x) is str for x in wire) else None
        return wire if type(wire) is int or type(wire) is str else None

    def local(self, name: str, e):
        """`final(e)` or `h(e)`: answered here where e was given, else by the parent."""
        wire = states.encode(e)
        key = self.key(wire)
        held = self.answers.get(key) if key is not None else None
        if held is None:
            return self.asked(name, wire)
        if len(self.later) >= MAX_TOLD:
            self.flush()
        self.later.append(len(LOCAL) * held[0] + LOCAL.index(name))
        return held[1] if name == "final" else held[2]

    def asked(self, name: str, wire):
        """The parent's answer, with the calls answered here before it; the successors' answers kept."""
        later, self.later = self.later, []
        try:
            reply = ask(name, {"state": wire, "told": later} if later else wire)
        except BaseException:  # calls.Stopped above all: the parent refuses every later call itself
            self.answers.clear()
            raise
        if name != "suivants":
            return reply
        if type(reply) is dict:  # else the model answer's run, served in-process: nothing given
            for given, ahead in zip(reply["answer"], reply["ahead"]):
                if ahead is not None:  # else given before, and held since
                    self.answers[self.key(given)] = tuple(ahead)
            reply = reply["answer"]
        return [states.decode(x) for x in reply]

    def flush(self) -> None:
        """Tell the parent the calls answered here since the last frame."""
        if self.later:
            later, self.later = self.later, []
            try:
                ask(TOLD, later)
            except BaseException:
                self.answers.clear()
                raise


@probe
def probe_search(module, payload):
    """Install proxies of the game's functions, call `bfs`, `ids` or `idastar`; return its value, once the
    parent knows every call the run made."""
    function = getattr(module, payload["function"], None)
    if not callable(function):
        raise protocol.Missing(payload["function"])
    held = Held()

    def suivants(e):
        return held.asked("suivants", states.encode(e))

    def final(e):
        return held.local("final", e)

    def h(e):
        return held.local("h", e)

    module.initial = states.decode(payload["initial"])
    module.suivants, module.final = suivants, final
    if payload["h"]:
        module.h = h
    try:
        value = function()
    except Exception:
        held.flush()  # the calls made before the error: a budget they passed is the verdict, as sent one by one
        raise
    held.flush()
    return states.describe_value(value)


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
