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
# As grader/questions/jeux/games.py (the parent's side, which the child does not import) numbers them.
HITS = "told"
MAX_HITS = 1_000
ANSWERS = ("final", "suivants", "h")


class Held:
    """The parent's answers given ahead (games.GameServer._around): the answers to `final`, `h` and
    `suivants` on the states around those the run asked about, kept by state (its wire form, exact types).
    A call found here is answered here and told to the parent later, by the number of its answer (with the
    next call's frame, or alone when MAX_HITS wait and at the run's end), so that the parent keeps every
    call in its trace. Only data: answers to calls the student's code could make. Once the parent stops
    the run, nothing is answered here any more: every later call goes to the parent, which refuses it."""

    def __init__(self):
        self.number: dict = {}  # a state's key -> the parent's number of it
        self.label: dict[int, object] = {}  # number -> the state as the student's code sees it
        self.answers: dict[int, tuple] = {}  # number -> (final, successors' numbers or None, h)
        self.later: list[int] = []

    @staticmethod
    def key(wire):
        """A state's wire form as a key (equal keys: equal states, of the same types); None if it has none."""
        if type(wire) is list:
            return tuple(wire) if all(type(x) is int or type(x) is str for x in wire) else None
        return wire if type(wire) is int or type(wire) is str else None

    def call(self, name: str, e):
        wire = states.encode(e)
        key = self.key(wire)
        state = self.number.get(key) if key is not None else None
        held = self.answers.get(state) if state is not None else None
        if state is None or held is None or (name == "suivants" and held[1] is None):
            return self.asked(name, wire)
        self.tell(len(ANSWERS) * state + ANSWERS.index(name))
        if name == "final":
            return held[0]
        if name == "h":
            return held[2]
        return [self.label[j] for j in held[1]]

    def asked(self, name: str, wire):
        """The parent's answer, with the calls answered here before it; the answers it gives ahead kept."""
        later, self.later = self.later, []
        try:
            reply = ask(name, {"state": wire, "told": later} if later else wire)
        except BaseException:  # calls.Stopped above all: the parent refuses every later call itself
            self.answers.clear()
            raise
        if type(reply) is dict:  # else the model answer's run, served in-process: nothing ahead
            for state, given, final, h, successors in reply["ahead"]:
                self.number[self.key(given)] = state
                self.label[state] = states.decode(given)
                self.answers[state] = (final, successors, h)
            reply = reply["answer"]
        return [states.decode(x) for x in reply] if name == "suivants" else reply

    def tell(self, hit: int) -> None:
        if len(self.later) >= MAX_HITS:
            self.flush()
        self.later.append(hit)

    def flush(self) -> None:
        """Tell the parent the calls answered here since the last frame."""
        if self.later:
            later, self.later = self.later, []
            try:
                ask(HITS, later)
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
        return held.call("suivants", e)

    def final(e):
        return held.call("final", e)

    def h(e):
        return held.call("h", e)

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
