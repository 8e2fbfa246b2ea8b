"""Which functions of a source are still the exercise's stubs, read from its syntax tree.

A function whose body (after its docstring) is only `raise NotImplementedError` cannot be right on any
case: the question is reported once as not attempted, without starting the checks (nor building what
they would need). Conservative: a name bound anywhere else in the module (another `def`, an assignment,
an import, a `global` statement) is never called a stub, since the binding that counts is then unknown;
nor is any function of a module that could bind names dynamically (`import *`, `globals()`, `exec`...).

The syntax tree is built in the student's child, under its limits (`stubbed`, a probe every child can
run): a file of a few megabytes can make a tree of a gigabyte. The child's answer can only lower its
own grade (a function called a stub is not run), so it is believed.
"""

from __future__ import annotations

import ast

from grader.sandbox.calls import probe

_DYNAMIC = {"globals", "vars", "locals", "exec", "eval", "setattr", "__import__", "__dict__"}


def _raises_not_implemented(function: ast.FunctionDef) -> bool:
    body = function.body
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def stubbed_functions(text: str) -> set[str]:
    """The top-level functions of `text` that only raise NotImplementedError (empty if it does not parse)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set()
    bindings: dict[str, int] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Name)
            and node.id in _DYNAMIC
            or isinstance(node, ast.ImportFrom)
            and any(alias.name == "*" for alias in node.names)
        ):
            return set()
        names: list[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names = [node.id]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names = list(node.names) * 2  # rebinding from a function: never a stub
        for name in names:
            bindings[name] = bindings.get(name, 0) + 1
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and bindings.get(node.name) == 1 and _raises_not_implemented(node)
    }


@probe
def stubbed(module, payload) -> list[str]:
    """In the child, after the student's module was imported: `stubbed_functions` of its file."""
    with open(module.__file__, encoding="utf-8") as source:
        return sorted(stubbed_functions(source.read()))
