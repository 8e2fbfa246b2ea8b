"""Which of a student's files answers which module, told by what the files define; notebooks as code.

Nothing here runs or parses student code: what a file defines is read by a scan of its lines (a `def`
at the start of a line), whose cost is linear in the file's size and whose memory is the file's own.
A syntax tree of a file of a few megabytes can take a gigabyte and seconds to build: that is done only
in the student's child, under its limits (the import, grader/sandbox/child.py).
"""

from __future__ import annotations

import io
import itertools
import json
import re
import tokenize
from dataclasses import dataclass
from pathlib import PurePosixPath

from grader import registry
from grader.intake.archive import LIMITS
from grader.intake.identity import module_stem

# Functions a question grades that do not tell a file's part: part II's answers define a `dfs` too.
SHARED_NAMES = frozenset({"dfs"})
# Cell magics whose body is still Python; any other (%%bash, %%html, %%writefile...) drops its cell.
PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun"}
# A line only IPython runs: a magic, a shell escape (assigned or not), or a help request (`name?`, `?name`,
# `obj.attr??`). Each becomes `pass` at its indentation, so that a block stays valid and every later line
# keeps its number in the cell.
_IPYTHON_LINE = re.compile(r"^\s*(?:[%!]|\w+\s*=\s*[%!]|\?{1,2}[\w.]+\s*$|[\w.]+\?{1,2}\s*$)")
# A timing line magic that holds a statement: `%time stmt`, `%timeit [-n N -r R -p P -o -q -t -c -v] stmt`.
# The statement is kept, run once: what it binds (`%time x = f()`) is used by the cells after it.
_TIMED_LINE = re.compile(r"^(\s*)%(?:time|timeit(?:\s+-(?:[nrp]\s*\d+|[otcqv]+))*)\s+(\S.*)$")
# What a scan of Python source tells apart, left to right: the start of a string (its prefix and quote),
# a comment, a name. A string's end is found by its own pattern, each character read once.
_LEXEME = re.compile(
    r"""(?P<quote>(?<![\w])[rRbBuUfF]{0,2}(?:\'\'\'|\"\"\"|'|"))|(?P<comment>#[^\n]*)|(?P<name>[^\W\d]\w*)"""
)
_STRING_END = {
    "'": re.compile(r"(?:\\.|[^\\'\n])*'", re.S),
    '"': re.compile(r'(?:\\.|[^\\"\n])*"', re.S),
    "'''": re.compile(r"(?:\\.|'(?!'')|[^\\'])*'''", re.S),
    '"""': re.compile(r'(?:\\.|"(?!"")|[^\\"])*"""', re.S),
}
# A notebook as the teacher's process reads it: what its JSON may hold before it is parsed (strings and
# separators `,:[{`, each bounding one parsed value: a notebook of a thousand cells of ten lines, each
# with twenty lines of output, holds 94,000), how many cells, and its code cells' sources together as a
# .py file may weigh; and how many notebooks of one student are read (each costs up to a tenth of a second).
NOTEBOOK_TOKENS = 200_000
NOTEBOOK_CELLS = 5_000
NOTEBOOK_FILES = 20
# A string (its closing quote optional, so that a match never fails and the scan stays linear) or a separator.
_JSON_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?|[,:\[{]', re.S)
# A line's end as Python's tokenizer reads one: never `str.splitlines`'s others (\x0b, \x0c, \x1c-\x1e,
# \x85, U+2028, U+2029), which a string literal or a comment may hold.
_LINE_END = re.compile(r"\r\n|\r|\n")
# A function defined at the top of a module: `def name(` (or `async def`) at the start of a line.
_TOP_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(", re.MULTILINE)


@dataclass
class Candidate:
    path: str  # in the submission's tree
    text: str
    encoding: str
    defines: frozenset[str]
    # A notebook's cells: (number, the line its part starts at), as NotebookModule.cells; none for a .py.
    cells: tuple[tuple[int, int], ...] = ()

    @property
    def depth(self) -> int:
        return self.path.count("/")


@dataclass
class Choice:
    module: str
    candidate: Candidate
    reason: str  # "name" (the exact file name), "defines" (what it defines, under another name)
    others: list[str]  # the other candidates, for the warning


def source_lines(text: str) -> list[str]:
    """`text`'s lines without their ends, as `str.splitlines` gives them but split on real line ends only."""
    lines = _LINE_END.split(text)
    if lines[-1] == "":  # the end of the last line, or an empty text: no line after it
        lines.pop()
    return lines


def module_functions() -> dict[str, frozenset[str]]:
    """The students' modules (every family of the registry, extensions included), each with the names that
    tell a file answers it: the functions its questions grade, but SHARED_NAMES."""
    found: dict[str, frozenset[str]] = {}
    for question in registry.all_questions(extensions=True):
        if question.module:
            found[question.module] = found.get(question.module, frozenset()) | set(question.functions)
    return {module: functions - SHARED_NAMES for module, functions in found.items()}


def defined_functions(text: str) -> frozenset[str]:
    """The names of the functions `text` defines at its top level, read line by line: a `def` inside
    a string that starts a line counts too, which at worst makes a file a candidate it should not be."""
    return frozenset(_TOP_DEF.findall(text))


def names_used(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names a source uses (attributes and keywords too: a name in code, wherever it stands), and
    the short string literals it holds, read by one scan of its text that skips comments: linear in the
    text, never a syntax tree (which can take a gigabyte for a file of two megabytes)."""
    names, strings = set(), set()
    at = 0
    while found := _LEXEME.search(text, at):
        at = found.end()
        if found["name"]:
            names.add(found["name"])
        elif found["quote"]:
            quote = found["quote"].lstrip("rRbBuUfF")
            end = _STRING_END[quote].match(text, at)
            if end is None:  # not closed: no module of that text imports, nothing to read further
                break
            if end.end() - at <= 64:
                strings.add(text[at : end.end() - len(quote)])
            at = end.end()
    return frozenset(names), frozenset(strings)


def modules_defined(text: str) -> list[str]:
    """The parts a file answers, from the top-level function names it defines."""
    names = defined_functions(text)
    return [module for module, functions in module_functions().items() if names & functions]


def choose(candidates: list[Candidate]) -> list[Choice]:
    """For each module, the candidate that answers it. The rule, in order:

    1. a file is a candidate for a module if it defines one of the module's functions, or if its name
       is the module's (`Jeux.py`, `jeux (1).py`);
    2. the candidate defining the most of the module's functions wins (a stub defines them all);
    3. then a file named as the module, then one whose name contains it (`TP_taquin.py`);
    4. then the shallowest (an older copy in a sub-folder loses), then the first in path order.
    One file may answer several modules (a single file holding both parts)."""
    choices = []
    for module, functions in module_functions().items():

        def rank(c: Candidate, module=module, functions=functions):
            stem = module_stem(c.path)
            return (-len(c.defines & functions), stem != module, module not in stem.split("_"), c.depth, c.path)

        pool = [c for c in candidates if c.defines & functions or module_stem(c.path) == module]
        if not pool:
            continue
        pool.sort(key=rank)
        best = pool[0]
        reason = "name" if PurePosixPath(best.path).name == f"{module}.py" else "defines"
        choices.append(Choice(module, best, reason, [c.path for c in pool[1:]]))
    return choices


def decode(data: bytes) -> tuple[str, str]:
    """A source's text and encoding, its line ends made `\n` as Python's import reads it
    (`importlib.util.decode_source`): a file saved with `\r` alone defines what Python sees it define."""
    text, encoding = _decoded(data)
    return _LINE_END.sub("\n", text), encoding


def _decoded(data: bytes) -> tuple[str, str]:
    """Decode a source as Python would (BOM, coding line), else UTF-8, else CP1252, else Latin-1."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding), encoding
    except (SyntaxError, LookupError, UnicodeDecodeError):
        pass
    for encoding in ("cp1252", "latin-1"):
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte string")


def declares_coding(data: bytes) -> bool:
    head = b"\n".join(data.splitlines()[:2])
    return re.search(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", head, flags=re.MULTILINE) is not None


class NotebookRefused(Exception):
    """A notebook past what the teacher's process reads of one (NOTEBOOK_TOKENS, NOTEBOOK_CELLS, the
    code's size): refused as an archive's hostile member is, that student only (`key` of the catalogue,
    its `detail`; the file's `path` once the intake knows it)."""

    def __init__(self, key: str, detail: str, path: str = ""):
        super().__init__(key, detail, path)
        self.key, self.detail, self.path = key, detail, path


def _code_cells(data: bytes) -> list[str]:
    """The sources of a notebook's code cells (format 4, which every current tool saves), read by the
    standard library's JSON parser once the file is known to hold at most NOTEBOOK_TOKENS strings and
    separators, so that its parsed objects stay under 10 MiB whatever the file holds (measured on the
    costliest shapes; a 20 MiB list of `{}` is 7 million dictionaries: gigabytes). ValueError for a file that is not such a notebook;
    NotebookRefused past the bounds."""
    tokens = sum(1 for _ in itertools.islice(_JSON_TOKEN.finditer(data), NOTEBOOK_TOKENS + 1))
    if tokens > NOTEBOOK_TOKENS:
        raise NotebookRefused("intake.refused_notebook_tokens", str(NOTEBOOK_TOKENS))
    try:
        notebook = json.loads(data.decode("utf-8-sig"))
        if notebook.get("nbformat") != 4:
            raise ValueError(f"notebook format {notebook.get('nbformat')} (format 4 is read)")
        cells = notebook["cells"]
        if len(cells) > NOTEBOOK_CELLS:
            raise NotebookRefused("intake.refused_notebook_cells", str(NOTEBOOK_CELLS))
        sources = [c["source"] for c in cells if c["cell_type"] == "code"]
        sources = [s if isinstance(s, str) else "".join(s) for s in sources]
        for source in sources:  # JSON's escapes can make a lone surrogate, which no file can hold (red team 11)
            source.encode("utf-8")
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise ValueError(str(exc)) from None
    if sum(len(s) for s in sources) > LIMITS.source_bytes:
        raise NotebookRefused("intake.refused_notebook_code", str(LIMITS.source_bytes >> 20))
    return sources


@dataclass
class NotebookModule:
    """A notebook's code cells as one module's text, and how it is made of them."""

    text: str
    touched: list[int]  # the numbers (from 1) of the code cells a line or the cell was dropped from
    # Each code cell kept, as (its number, the line of the module where its part starts: its marker).
    cells: list[tuple[int, int]]


# What `_ipython_lines` takes out of a line to keep its code: a string closed on the line, a comment, or a
# triple-quoted string left open (its quotes captured: the lines after start inside it). A string's prefix
# (`r`, `f`) changes neither where it ends nor the brackets outside it. A split by it runs in the regular
# expression engine, not once per string in Python.
_NOT_CODE = re.compile(
    r"""\'\'\'(?:\\.|'(?!'')|[^\\'])*\'\'\'|\"\"\"(?:\\.|"(?!"")|[^\\"])*\"\"\"|(\'\'\'|\"\"\").*"""
    r"""|'(?:\\.|[^\\'])*'|"(?:\\.|[^\\"])*"|#.*"""
)


def _ipython_lines(lines: list[str]) -> list[int]:
    """The lines of a cell (their indexes) that IPython runs as its own: they look like it (`_IPYTHON_LINE`)
    and start a statement, as IPython reads a cell: not inside a string spanning lines (a docstring's
    `%d états`), nor inside brackets (`("…"\n % n)`), nor after a backslash. One scan of the lines up to the
    last that looks like IPython's (none in most cells), carrying what is open; an IPython line itself is
    not scanned (its `!echo it's` opens nothing)."""
    looks = [number for number, line in enumerate(lines) if _IPYTHON_LINE.match(line)]
    found, depth, quote, continued = [], 0, "", False
    for number in range(looks[-1] + 1 if looks else 0):
        line = lines[number]
        if depth == 0 and not quote and not continued and _IPYTHON_LINE.match(line):
            found.append(number)
            continue
        if quote:
            end = _STRING_END[quote].match(line)
            if end is None:
                continue
            line, quote = line[end.end() :], ""
        code = line
        if "'" in line or '"' in line or "#" in line:
            parts = _NOT_CODE.split(line)
            code, quote = "".join(parts[::2]), (parts[-2] or "") if len(parts) > 1 else ""
        depth = max(depth + sum(map(code.count, "([{")) - sum(map(code.count, ")]}")), 0)
        continued = code.endswith("\\")
    return found


def _python_line(line: str) -> str:
    """An IPython line as Python runs it: a timed statement without its magic, any other line `pass`."""
    timed = _TIMED_LINE.match(line)
    if timed:
        return timed[1] + timed[2]
    indent = line[: len(line) - len(line.lstrip())]
    return f"{indent}pass"


def notebook_source(data: bytes) -> NotebookModule:
    """A notebook's code cells in order, as one Python module, each cell's part starting with a marker
    line; IPython-only lines (magics, shell escapes, help requests) become Python (`_python_line`), line
    for line, and a cell of another language (`%%bash`) is dropped. Raises ValueError for a file that is
    not a notebook, NotebookRefused for one past the bounds of `_code_cells`."""
    parts, touched, cells = [], [], []
    line = 1
    for number, source in enumerate(_code_cells(data), start=1):
        lines = source_lines(source)
        if lines and lines[0].lstrip().startswith("%%"):
            touched.append(number)
            magic = lines[0].lstrip()[2:].split(maxsplit=1)
            if not magic or magic[0] not in PYTHON_CELL_MAGICS:
                continue
            lines = ["pass", *lines[1:]]
        kept = list(lines)
        for index in _ipython_lines(lines):
            kept[index] = _python_line(lines[index])
        if kept != lines and number not in touched:
            touched.append(number)
        # A marker per cell, so that a traceback's line leads the student back to the cell.
        part = f"# --- cellule {number} ---\n" + "\n".join(kept)
        parts.append(part)
        cells.append((number, line))
        line += part.count("\n") + 2  # its last line, and the blank line between parts
    return NotebookModule("\n\n".join(parts) + "\n", touched, cells)
