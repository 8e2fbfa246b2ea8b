"""Shapes of the plain data a probe's reply carries, checked before a judge reads it: the child runs the
student's code, which could have tampered with the probe, so a reply's shape is never taken on trust.
Standard library only (the taquin probes use `grid` in the child)."""

from __future__ import annotations


def list_of(value, *types: type) -> bool:
    """A list whose items are all exactly of one of `types` (no subclass: a bool is not an int)."""
    return type(value) is list and set(map(type, value)).issubset(types)


def grid(value, size: int = 4) -> bool:
    """A `size`×`size` list of lists (the exam's `grid`), whatever its cells hold."""
    return type(value) is list and len(value) == size and all(type(row) is list and len(row) == size for row in value)


def described(value) -> bool:
    """A value the child could not send as it is, described by its type's name and its repr (see
    grader/questions/states.py:describe_value)."""
    return type(value) is dict and type(value.get("type")) is str and type(value.get("repr")) is str


def fields(value, names) -> dict:
    """The reply as a dict of every field in `names`, None for each one absent (or a reply that is no dict)."""
    value = value if type(value) is dict else {}
    return {name: value.get(name) for name in names}
