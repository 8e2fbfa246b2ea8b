"""The one reader of the grader's TOML settings files: the barème (`--scheme`), the service's class
configuration (`grader serve`) and hand marks in TOML (`--marks`).

Each file is described by a schema of the specs below (what each key takes: its TOML type, its range, its
choices); `parse` checks a file against it and refuses, at the first problem, an unknown key or a value
of the wrong type or out of range, naming the file, its line when it can be found, the key and what was
expected, in the reader's language (exit status 2). What a schema cannot say (a question that does not
exist, a key that depends on another) stays with each file's own module.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from grader.errors import GraderError, InputError, UsageError
from grader.text.message import Message

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

# The word each file is called by in messages: "barème bareme.toml:3 : ...".
FILES = {"scheme": "settings.file.scheme", "config": "settings.file.config", "marks": "settings.file.marks"}

KeyPath = tuple  # of table keys (str) and list positions (int)


class _Refused(UsageError):
    """A problem found deep in a file, said with the file's name and line by `parse`."""

    def __init__(self, at: KeyPath, key: str, /, **params):
        super().__init__(key, **params)
        self.at = at


@dataclass(frozen=True)
class Spec:
    """What a key takes. `test` is a further condition on a value of the right type, and `expected`
    what is said when the value fails (the spec's own description otherwise)."""

    default: object = field(default=None, kw_only=True)
    test: Callable[[Any], bool] | None = field(default=None, kw_only=True)
    expected: Message | None = field(default=None, kw_only=True)

    def check(self, value, at: KeyPath):
        if not self.accepts(value) or self.test is not None and not self.test(value):
            raise _Refused(at, "settings.bad_value", value=shown(value), expected=self.describe())
        return self.convert(value, at)

    def accepts(self, value) -> bool:
        return True

    def convert(self, value, at: KeyPath):
        return value

    def describe(self) -> Message:
        return self.expected or self.description()

    def description(self) -> Message:
        return Message("settings.expect.anything")


@dataclass(frozen=True)
class Number(Spec):
    """A finite number (an integer with `integer`; a TOML boolean is never a number), from `low` to `high`
    (`low` itself excluded with `above`)."""

    low: float | None = None
    high: float | None = None
    integer: bool = False
    above: bool = False

    def accepts(self, value) -> bool:
        if isinstance(value, bool) or not isinstance(value, int if self.integer else (int, float)):
            return False
        if not math.isfinite(value):
            return False
        if self.low is not None and (value <= self.low if self.above else value < self.low):
            return False
        return self.high is None or value <= self.high

    def description(self) -> Message:
        what = Message("settings.expect.integer" if self.integer else "settings.expect.number")
        if self.low is not None and self.high is not None:
            return Message("settings.expect.between", {"what": what, "low": self.low, "high": self.high})
        if self.low is not None:
            return Message(
                "settings.expect.above" if self.above else "settings.expect.at_least", {"what": what, "low": self.low}
            )
        return what


@dataclass(frozen=True)
class Text(Spec):
    """A string: one of `choices` when given; not blank with `filled`."""

    choices: tuple[str, ...] = ()
    filled: bool = False

    def accepts(self, value) -> bool:
        if not isinstance(value, str) or self.filled and not value.strip():
            return False
        return not self.choices or value in self.choices

    def description(self) -> Message:
        if self.choices:
            return Message("settings.expect.choice", {"choices": ", ".join(map(shown, self.choices))})
        return Message("settings.expect.filled" if self.filled else "settings.expect.text")


@dataclass(frozen=True)
class Moment(Spec):
    """A TOML date and time with its offset (an offset-less one would mean a different moment on each
    machine)."""

    def accepts(self, value) -> bool:
        return isinstance(value, datetime) and value.tzinfo is not None

    def description(self) -> Message:
        return Message("settings.expect.moment")


@dataclass(frozen=True)
class ListOf(Spec):
    """A non-empty list, each item checked by `item`."""

    item: Spec = field(default_factory=Spec)

    def accepts(self, value) -> bool:
        return isinstance(value, list) and bool(value)

    def convert(self, value, at: KeyPath):
        return [self.item.check(v, (*at, i)) for i, v in enumerate(value)]

    def description(self) -> Message:
        return Message("settings.expect.list", {"item": self.item.describe()})


@dataclass(frozen=True)
class Table(Spec):
    """A table: its `fields`, each absent one given its spec's default (None: left out); any other key
    is checked by `more`, and refused without it. With `fold`, keys are matched whatever their case.
    `required`: the fields it must have."""

    fields: dict[str, Spec] = field(default_factory=dict)
    more: Spec | None = None
    fold: bool = False
    required: tuple[str, ...] = ()

    def accepts(self, value) -> bool:
        return isinstance(value, dict)

    def convert(self, value, at: KeyPath):
        name = str.casefold if self.fold else str
        fields = {name(k): spec for k, spec in self.fields.items()}
        unknown = [k for k in value if name(k) not in fields] if self.more is None else []
        if unknown:
            raise _Refused(
                (*at, unknown[0]),
                "settings.unknown_keys",
                keys=", ".join(dotted((*at, k)) for k in unknown),
                count=len(unknown),
                known=", ".join(self.fields) or "—",
            )
        for key in self.required:
            if not any(name(k) == name(key) for k in value):
                raise _Refused(at, "settings.missing", key=dotted((*at, key)), expected=self.fields[key].describe())
        checked = {}
        for key, item in value.items():
            spec = fields.get(name(key), self.more)
            assert spec is not None  # an unknown key is refused above
            checked[key] = spec.check(item, (*at, key))
        for key, spec in self.fields.items():
            if not any(name(k) == name(key) for k in checked) and spec.default is not None:
                checked[key] = spec.default
        return checked

    def description(self) -> Message:
        return Message("settings.expect.table")


@dataclass(frozen=True)
class Either(Spec):
    """One of `specs` (the first that accepts the value checks it)."""

    specs: tuple[Spec, ...] = ()

    def accepts(self, value) -> bool:
        return any(spec.accepts(value) for spec in self.specs)

    def check(self, value, at: KeyPath):
        for spec in self.specs:
            if spec.accepts(value):
                return spec.check(value, at)
        raise _Refused(at, "settings.bad_value", value=shown(value), expected=self.describe())

    def description(self) -> Message:
        said = self.specs[-1].describe()
        for spec in reversed(self.specs[:-1]):
            said = Message("settings.expect.either", {"one": spec.describe(), "other": said})
        return said


# tomllib says its syntax errors in English only: each of its sentences (Python 3.11-3.13's parser) has a
# key of ours, so that a French teacher reads French; a sentence not listed is shown as tomllib wrote it.
_TOML_SENTENCES = (
    (r"Cannot declare (?P<name>.+) twice", "settings.toml.declared_twice"),
    (
        r"Cannot (mutate immutable namespace|redefine namespace|overwrite a value)(?P<name>.*)",
        "settings.toml.redefined",
    ),
    (r"Duplicate inline table key (?P<name>.+)", "settings.toml.declared_twice"),
    (r"Expected '=' after a key in a key/value pair", "settings.toml.equals_expected"),
    (r"Expected '(?P<name>\]\]?)' at the end of an? (table|array) declaration", "settings.toml.closing_expected"),
    (r"Expected newline or end of document after a statement", "settings.toml.one_per_line"),
    (r"Expected (?P<name>.+)", "settings.toml.expected"),
    (r"(Found invalid|Illegal) character (?P<name>.+)", "settings.toml.bad_character"),
    (r"Invalid initial character for a key part", "settings.toml.bad_key"),
    (r"Invalid statement", "settings.toml.bad_statement"),
    (
        r"Invalid (value|date or datetime|hex value)|Escaped character is not a Unicode scalar value",
        "settings.toml.bad_value",
    ),
    (r"Unclosed (array|inline table)", "settings.toml.unclosed"),
    (r"Unterminated string|Unescaped '\\' in a string", "settings.toml.bad_string"),
)


def syntax_problem(said: str) -> tuple[Message | str, int | None]:
    """tomllib's error sentence `said` as a message in the reader's language, and the line it names."""
    position = re.search(r" \(at line (\d+), column (\d+)\)$| \(at end of document\)$", said)
    sentence = said[: position.start()] if position else said
    line = int(position.group(1)) if position and position.group(1) else None
    for pattern, key in _TOML_SENTENCES:
        found = re.fullmatch(pattern, sentence)
        if found:
            name = (found.groupdict().get("name") or "").strip()
            return Message(key, {"name": name}), line
    return sentence, line


def parse(text: str, path: Path, schema: Table, file: str, error: type[GraderError] = UsageError) -> dict:
    """The TOML `text` read from `path`, checked against `schema` (absent keys with defaults filled in).
    Raises `error` (a UsageError: exit status 2) saying the first problem in the reader's language."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        detail, line = syntax_problem(str(exc))
        where = f"{path}:{line}" if line else str(path)
        raise error("settings.unreadable", file=Message(FILES[file]), path=where, detail=detail) from None
    try:
        return schema.check(raw, ())
    except _Refused as refused:
        line = line_of(text, refused.at)
        where = f"{path}:{line}" if line else str(path)
        params = {"key": dotted(refused.at), **refused.params}
        raise error(refused.key, file=Message(FILES[file]), where=where, **params) from None


def load(path: Path, schema: Table, file: str, error: type[GraderError] = UsageError) -> dict:
    """The settings file at `path`, read as UTF-8 and checked against `schema` (see `parse`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("error.path_missing", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error("settings.unreadable", file=Message(FILES[file]), path=str(path), detail=str(exc)) from None
    return parse(text, path, schema, file, error)


def refused(
    path: Path, file: str, key: str, value, expected: Message, error: type[GraderError] = UsageError
) -> GraderError:
    """A value a schema cannot refuse alone (it depends on another key, or on what the file names), said
    as `parse` says a refused value."""
    return error(
        "settings.bad_value", file=Message(FILES[file]), where=str(path), key=key, value=shown(value), expected=expected
    )


def dotted(at: KeyPath) -> str:
    """A key as a person finds it in the file: rate_limit.student_burst, students[2].name."""
    return "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in at).lstrip(".")


def shown(value) -> str:
    """A value as the TOML file writes it: "blue", true, 2026-06-01T23:59:00+00:00, [1, 2]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(map(shown, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {shown(v)}" for k, v in value.items()) + " }" if value else "{}"
    return repr(value)


_HEADER = re.compile(r"\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGNMENT = re.compile(r"""((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


def line_of(text: str, at: KeyPath) -> int | None:
    """The line of `text` that sets the key at `at` (or the table or inline table holding it); None when
    it cannot be told (a key spelt with dots inside quotes, an array of tables)."""
    keys = tuple(k for k in _prefix(at))
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        header = _HEADER.match(stripped)
        if header:
            table = _keys(header.group(1))
            if table == keys:
                return number
            continue
        assignment = _ASSIGNMENT.match(stripped)
        if assignment and keys:
            full = table + _keys(assignment.group(1))
            if full == keys[: len(full)] and len(full) > len(table):
                return number
    return None


def _prefix(at: KeyPath):
    for key in at:  # a list item is on its list's line (or below it): the list's line is told
        if isinstance(key, int):
            return
        yield key


def _keys(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in re.findall(r"""\s*("[^"]*"|'[^']*'|[^.]+)\s*\.?""", dotted))
