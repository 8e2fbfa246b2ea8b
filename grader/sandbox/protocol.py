"""What the parent and the child exchange, and its validation. Shared by both sides, and nothing else is.

Messages are length-prefixed JSON frames on two dedicated pipes (never the child's stdout). Every
reply carries the run's nonce and the request's sequence number; the parent checks both, the types and
the sizes before anything is judged. While a request runs, the child may also send call frames that
the parent answers (grader/sandbox/calls.py); `check_call` validates them.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
import math
import os
import re
import struct

from grader.text.terminal import escaped

# A student's value is at most MAX_VALUE_BYTES of JSON (beyond, an `invalid` verdict: a report must not
# bloat); a frame has room for it plus the error and traceback, and the parent reads no more.
MAX_VALUE_BYTES = 1 << 20
MAX_FRAME = MAX_VALUE_BYTES + (64 << 10)
# Beyond these, a value is a verdict ("too large"), not something to ship and judge.
MAX_INT_BITS = 256
MAX_ITEMS = 1_000_000
MAX_DEPTH = 50

# Reply statuses. `ok` carries the probe's value; the others describe why there is none.
OK = "ok"
ERROR = "error"
TIMEOUT = "timeout"
MEMORY = "memory"
CRASHED = "crashed"
MISSING = "missing"
NOT_IMPLEMENTED = "not_implemented"
INVALID = "invalid"
REPLY_STATUSES = (OK, ERROR, TIMEOUT, MEMORY, CRASHED, MISSING, NOT_IMPLEMENTED, INVALID)
# The parent's own status, never the child's to send: a call outside the run's interface (calls.py).
VIOLATION = "violation"
# The sequence number of the frame the child sends once confined, before any student code is loaded:
# the layers in force (the only frame the parent trusts, since nothing of the student's has run yet).
CONFINED_SEQ = -1
# What the import's reply may say of a notebook's cells that failed (grader/sandbox/child.py's
# load_student): how many, and how long each class name and message.
FAILED_CELLS = 20
KIND_CHARS = 100
MESSAGE_CHARS = 200
LARGEST_NUMBER = 10_000_000  # a cell's number or line (a notebook's code is 2 MiB at most)


class ProtocolError(Exception):
    """A frame or a reply that does not follow the protocol (a forged or broken channel)."""


class Missing(Exception):
    """Raised by a probe when the student's module lacks a name the question needs."""


class InvalidValue(Exception):
    """Raised when a value from the student's code is not plain data the judge can trust."""


class TimeLimit(BaseException):
    """Raised in the child when a request's time is up: a BaseException, so that neither a student's
    `except Exception` nor a probe's own error handling mistakes it for the student's error."""


# Built once: json.dumps with non-default options builds an encoder per call (most of a small frame's cost).
_ENCODER = json.JSONEncoder(ensure_ascii=True, allow_nan=False, separators=(",", ":"))
_DECODER = json.JSONDecoder()


def parse_frame(body: bytes):
    """A frame's body as data. Decoded as UTF-8 first: json.loads on bytes guesses their encoding, half
    of a small frame's cost. ValueError (a UnicodeDecodeError or a JSONDecodeError) if it is not JSON.
    Every string in it is made representable (`representable`): this is where text from a child enters
    the parent, and nothing downstream (results.json, HTML, CSV, PDF, the terminal, a database) may
    fail on it."""
    data = _DECODER.decode(body.decode("utf-8"))
    # Only a non-ASCII byte or one of these escapes can bring an unsafe character (JSON refuses raw
    # control characters): most frames, a state of the game or the taquin, are not walked at all.
    return representable(data) if _MAYBE_UNSAFE.search(body) else data


_MAYBE_UNSAFE = re.compile(rb"[\x80-\xff]|\\[ubfr]")


def representable(value):
    """`value` (plain data) with every string, keys included, `escaped`."""
    kind = type(value)
    if kind is str:
        return escaped(value)
    if kind is list:
        return [representable(item) for item in value]
    if kind is dict:
        return {escaped(key) if type(key) is str else key: representable(item) for key, item in value.items()}
    return value


def frame_bytes(obj) -> bytes:
    data = _ENCODER.encode(obj).encode("ascii")
    if len(data) > MAX_FRAME:
        raise ProtocolError(f"frame of {len(data)} bytes")
    return struct.pack(">I", len(data)) + data


def write_frame(fd: int, obj) -> None:
    data = frame_bytes(obj)
    written = os.write(fd, data)  # a small frame: one system call
    if written < len(data):
        view = memoryview(data)[written:]
        while view:
            view = view[os.write(fd, view) :]


def read_exact(fd: int, size: int) -> bytes:
    chunks, remaining = [], size
    while remaining:
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


# Bytes read past the end of a frame, per descriptor: a frame is read with one system call when it fits
# in the first read (the length and the body together), the rest kept for the next frame.
_unread: dict[int, bytes] = {}


def read_frame(fd: int):
    data = _unread.pop(fd, b"")
    while len(data) < 4:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            raise EOFError
        data += chunk
    (size,) = struct.unpack(">I", data[:4])
    if size > MAX_FRAME:
        raise ProtocolError(f"frame of {size} bytes announced")
    end = 4 + size
    if len(data) < end:
        data += read_exact(fd, end - len(data))
    elif len(data) > end:
        _unread[fd] = data[end:]
    try:
        return parse_frame(data[4:end])
    except ValueError as exc:
        raise ProtocolError(f"unreadable frame: {exc}") from None


def plain_value(value):
    """`plain(value)`, refused beyond MAX_VALUE_BYTES of JSON."""
    result = plain(value)
    if len(_ENCODER.encode(result)) > MAX_VALUE_BYTES:
        raise InvalidValue(f"value larger than {MAX_VALUE_BYTES // 1024} KiB")
    return result


def plain(value, _depth: int = 0, _budget: list | None = None):
    """Copy a value from the student's code into plain data, or raise InvalidValue.

    Exact types only: `bool` is kept apart from `int`, and a subclass of `int`, `str` or `list` (which
    could lie in `__eq__`) is refused, as are non-finite or huge numbers. Enum members become their
    name, so that moves may be any enum with the exam's member names, or strings.
    """
    budget = [MAX_ITEMS] if _budget is None else _budget
    budget[0] -= 1
    if budget[0] < 0:
        raise InvalidValue("too many items")
    if _depth > MAX_DEPTH:
        raise InvalidValue("nested too deeply")
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        if value.bit_length() > MAX_INT_BITS:
            raise InvalidValue("integer too large")
        return value
    if kind is float:
        if not math.isfinite(value):
            raise InvalidValue(f"non-finite number {value!r}")
        return value
    if kind is list or kind is tuple:
        if _scalars(value, _depth, budget):  # a grid's row, a list of moves: no call per item
            return list(value)
        return [plain(item, _depth + 1, budget) for item in value]
    if kind is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                raise InvalidValue("dict key that is not a str")
            out[key] = plain(item, _depth + 1, budget)
        return out
    if isinstance(value, enum.Enum):
        name = value.name
        if type(name) is not str:
            raise InvalidValue("enum member without a str name")
        return name
    raise InvalidValue(f"value of type {kind.__name__}")


_SCALAR_KINDS = frozenset({str, bool, type(None)})


def _scalars(items, depth: int, budget: list) -> bool:
    """Whether `plain` would keep every item of `items` as it is: strings, bools, None, or ints within
    MAX_INT_BITS, within the depth; then they are counted, as `plain` would count them (past the budget, the
    same refusal). Any other list is walked item by item, so that what is refused, and the first reason
    why, stays the same.
    (Served calls send tens of thousands of states a judgement: their rows and moves take this way.)"""
    kinds = set(map(type, items))
    if not (kinds <= _SCALAR_KINDS or (kinds == {int} and max(map(int.bit_length, items)) <= MAX_INT_BITS)):
        return False
    if items and depth + 1 > MAX_DEPTH:
        return False
    budget[0] -= len(items)
    if budget[0] < 0:
        raise InvalidValue("too many items")
    return True


def check_reply(reply, nonce: str, seq: int) -> dict:
    """Validate a reply's envelope; the value's own shape is checked by the question's judge."""
    if type(reply) is not dict:
        raise ProtocolError("reply is not an object")
    if reply.get("nonce") != nonce or reply.get("seq") != seq:
        raise ProtocolError("reply does not belong to this request")
    if reply.get("status") not in REPLY_STATUSES:
        raise ProtocolError(f"unknown status {reply.get('status')!r}")
    for key, kind in (("error", str), ("traceback", str)):
        if key in reply and not isinstance(reply[key], kind):
            raise ProtocolError(f"field {key} of the wrong type")
    return reply


@dataclass(frozen=True)
class FailedCell:
    """A notebook cell that raised when the child ran it at import, as the child said (`imported`)."""

    number: int  # the cell's, among the notebook's code cells
    line: int  # in the cell, from 1; 0 when not known
    kind: str  # the exception's class name
    message: str  # its first argument when a str, else ""


def imported(value) -> tuple[list[str], list[FailedCell]]:
    """The import's reply value (child.py's `imported`): the callables of the student's module and the
    notebook cells that failed. Said by the student's child, so only what has the expected shape and
    types is kept, cut to the bounds above."""
    if type(value) is not dict:
        return [], []
    names, cells = value.get("names"), value.get("failed_cells")
    failed = []
    for cell in cells[:FAILED_CELLS] if type(cells) is list else []:
        if type(cell) is list and len(cell) == 4 and [type(item) for item in cell] == [int, int, str, str]:
            number, line, kind, message = cell
            if 0 < number <= LARGEST_NUMBER and 0 <= line <= LARGEST_NUMBER:
                failed.append(FailedCell(number, line, kind[:KIND_CHARS], message[:MESSAGE_CHARS]))
    return ([n for n in names if type(n) is str] if type(names) is list else []), failed


def is_call(frame) -> bool:
    """Whether a frame from the child is a parent-served call (grader/sandbox/calls.py), not a reply."""
    return type(frame) is dict and "call" in frame


def check_call(frame: dict, nonce: str, seq: int) -> tuple[str, object]:
    """Validate a call frame; return (name, args) with args copied as plain data."""
    if frame.get("nonce") != nonce or frame.get("seq") != seq:
        raise ProtocolError("call does not belong to this request")
    name = frame["call"]
    if type(name) is not str or len(name) > 100:
        raise ProtocolError("call name is not a short str")
    return name, plain(frame.get("args"))
