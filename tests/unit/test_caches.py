"""Every process-wide cache of grader/ and reports/ is in the registry (grader/caches.py), so that `clear_all()` empties
them all, as a new process would start."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import grader
import reports
from grader import caches
from tests.parsed import nodes, tree

PACKAGES = (grader, reports)

# Module-level dicts that a function writes and that are not caches (nothing to compute again).
NOT_CACHES = {
    "messages": "the catalogues loaded so far, with the set of their names: emptied alone, they would say nothing",
    "_unread": "bytes read past a frame on a descriptor: the start of the next frame, not a copy of anything",
    "_REGISTRY": "the registry itself",
    "_made": "the children's copies of the standard library this process uses (stdlib_copy.py), folders on disk "
    "that the process's fork server and children import from: not a value to compute again",
    "held": "the lock files of the copies this process holds in use (stdlib_copy.py): released at its exit",
}
DICTS = ("dict", "defaultdict", "OrderedDict")


def _sources() -> list[tuple[Path, Path]]:
    """Every module of PACKAGES: its name as the messages show it (below the packages' folder), its path."""
    return [
        (path.relative_to(folder.parent), path)
        for package in PACKAGES
        for folder in [Path(package.__file__).resolve().parent]
        for path in sorted(folder.rglob("*.py"))
    ]


def test_no_cache_decorator_escapes_the_registry():
    """functools' caches are used through `caches.cached`, which registers them."""
    escaped = []
    for shown, path in _sources():
        if shown.name == "caches.py" and shown.parent.name == "grader":
            continue
        for node in nodes(path):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "functools"
                and node.attr in ("cache", "lru_cache")
            ) or (
                isinstance(node, ast.ImportFrom)
                and node.module == "functools"
                and {a.name for a in node.names} & {"cache", "lru_cache"}
            ):
                escaped.append(f"{shown}:{node.lineno}")
    assert escaped == [], "use grader.caches.cached (registered) instead of functools' caches"


def _is_dict(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    return isinstance(value, ast.Call) and (
        isinstance(value.func, ast.Name)
        and value.func.id in DICTS
        or isinstance(value.func, ast.Attribute)
        and value.func.attr in DICTS
    )


def _written(function: ast.AST) -> set[str]:
    """The names a function writes into: `name[k] = v`, `del name[k]`, `name.setdefault(...)`."""
    names = set()
    for node in ast.walk(function):
        targets: list = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("setdefault", "update", "__setitem__")
        ):
            targets = [ast.Subscript(value=node.func.value)]
        names |= {t.value.id for t in targets if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)}
    return names


def _outermost_functions(tree: ast.AST):
    """The functions (methods included) not inside another: what a nested one writes, its outer one walks too."""
    inside = [tree]
    while inside:
        for node in ast.iter_child_nodes(inside.pop()):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield node
            else:
                inside.append(node)


def test_every_module_level_dict_a_function_fills_is_registered():
    """A dict made at import and filled as the process works is a cache: made with `caches.register`."""
    unregistered = []
    for shown, path in _sources():
        made = {}
        module = tree(path)
        for node in module.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _is_dict(node.value):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name) and target.id not in NOT_CACHES:
                        made[target.id] = node.lineno
        filled: set[str] = set()
        for function in _outermost_functions(module):
            filled |= _written(function)
        unregistered += [f"{shown}:{made[name]} {name}" for name in sorted(set(made) & filled)]
    assert unregistered == [], "a module-level cache is made with caches.register(name, {})"


def _every_module():
    return [
        importlib.import_module(info.name)
        for package in PACKAGES
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    ]


def test_every_cache_a_grader_module_holds_is_registered():
    """What the sources say, checked on the modules themselves: every lru_cache wrapper is registered."""
    stray = [
        f"{module.__name__}.{name}"
        for module in _every_module()
        for name, value in vars(module).items()
        if callable(getattr(value, "cache_clear", None))
        and getattr(value, "__module__", "").startswith(("grader", "reports"))
        and not caches.is_registered(value)
    ]
    assert stray == []


def test_clear_all_empties_every_registered_cache():
    _every_module()
    registered = caches.registered()
    assert len(registered) >= 7  # the seven the rebuild of issue 28 counted, at least
    shipped = next(cache for name, cache in registered.items() if name.endswith("calibration.shipped"))
    shipped()  # the costs file, read
    assert shipped.cache_info().currsize == 1
    for cache in registered.values():
        if isinstance(cache, dict):
            cache["a key"] = "a value"
    caches.clear_all()
    for name, cache in registered.items():
        assert (len(cache) if isinstance(cache, dict) else cache.cache_info().currsize) == 0, name
