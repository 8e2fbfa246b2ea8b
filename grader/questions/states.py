"""States on the wire between a probe's proxies and the parent that serves them (parts I-III's games,
x1's graphs), standard library only: the child loads it.

Child side: `encode` ships a state from the student's code (an int or a str as is, a tuple as a list
of its items; any other value by its type's name and repr, which the parent calls "not a state"),
`decode` gives the student a state the parent sent, `describe_value` a return value. Parent side:
`shipped_state` checks a call's argument has a shape `encode` gives (anything else is a forged call),
`unwire` reads it back with exact types, `shown_wire` shows it in a message.
"""

from grader.questions import shapes

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


def unwire(x):
    """A state from the child (`encode`), with exact types: a tuple, an int (never a bool), a
    str; None for anything else (a dict describing a value that is no state, or garbage)."""
    kind = type(x)
    if kind is int or kind is str:
        return x
    if kind is list:
        items = tuple(unwire(y) for y in x)
        return None if any(y is None for y in items) else items
    return None


def shown_wire(x) -> str:
    """What the student passed, for a message, from its wire form."""
    if type(x) is dict and type(x.get("repr")) is str:
        return x["repr"][:60]
    label = unwire(x)
    return repr(label)[:60] if label is not None else "?"


def shipped_state(x) -> bool:
    """Whether `x` has a shape encode gives a state: an int of at most MAX_STATE_BITS bits, a
    str of at most MAX_STATE_CHARS characters, a list of at most MAX_STATE_ITEMS of those, or a value
    described by its type and repr (a value that is no state, judged as such)."""
    kind = type(x)
    if kind is int:
        return x.bit_length() <= MAX_STATE_BITS
    if kind is str:
        return len(x) <= MAX_STATE_CHARS
    if kind is list:
        return len(x) <= MAX_STATE_ITEMS and all(shipped_state(y) for y in x)
    return (
        shapes.described(x) and len(x) == 2 and len(x["type"]) <= MAX_SHOWN_CHARS and len(x["repr"]) <= MAX_SHOWN_CHARS
    )
