"""The repository's modules parsed once per test session: the tests that read the code (the layers, the
process caches, the authoring namespaces) share each module's tree and its every node, instead of each
parsing and walking the whole tree again. Keyed by the source's text, so a file written by a test is read
as it is now."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


def tree(path: Path) -> ast.Module:
    """The module at `path`, parsed (not to be changed: other tests read the same tree)."""
    return _parsed(path.read_text(encoding="utf-8"))


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at `path`, in ast.walk's order."""
    return _walked(path.read_text(encoding="utf-8"))


@functools.cache
def _parsed(source: str) -> ast.Module:
    return ast.parse(source)


@functools.cache
def _walked(source: str) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parsed(source)))
