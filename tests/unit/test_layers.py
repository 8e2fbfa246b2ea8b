"""The house rules of the whole tree, read from its own imports (every `import`, at module level or inside
a function, where circles hide): every package the project builds (pyproject.toml's packages.find:
grader/, reports/, reference/) sits in the layers below, top to bottom; a module imports only from its
own layer or a lower one; no two modules import each other, even through others; no module is over
MAX_LINES lines but the data tables listed.

reference/ has three parts in those layers: the model answers and what answers a question
(reference.answers) on top of everything; the solver (reference.solver) below the grader, which uses it;
and its own modules, the support the grader runs on, in the layers at the bottom. setup.py ships no subpackage of reference/ but every module
of its top level: each of those is named below, so a module added there is in no layer until someone says
it is support (one that answers a question belongs in reference.answers).

A module is loaded by name, not imported, in three places only: the question registry (grader/registry.py)
loads the families, the message catalogue (grader/text/i18n/) loads a family's messages when one of
its keys is said, and the expectations (grader/judge/expectations.py) and the search replays
(grader/questions/replays.py) load the model answers where they are installed. Those are plug-in
points: what they load sits above them on purpose.

The tests and the benchmarks (tests/, benchmarks/: no package, no layer) follow one of these rules too: no
module takes an underscore name of another, whether of the packages or of another test; what tests share
is public in the module that owns it.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from tests.parsed import nodes

ROOT = Path(__file__).resolve().parents[2]


def built_packages() -> list[Path]:
    """The top-level packages the project builds: its folders with an __init__.py that pyproject.toml's
    packages.find includes."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted(
        init.parent for init in ROOT.glob("*/__init__.py") if any(fnmatch.fnmatch(init.parent.name, p) for p in include)
    )


PACKAGES = built_packages()

# Top to bottom: a package (or module) imports only from its own layer or those below it.
LAYERS = [
    # Above everything: the model answers and what answers a question, never shipped; loaded by name only,
    # where they are installed (grader/judge/expectations.py, grader/questions/replays.py).
    ["reference.answers"],
    ["grader.__main__"],  # the `grader` command: starts the fork server, then the command line
    ["grader.cli"],  # every sub-command parsed, the one place errors become exit statuses
    ["grader.solve", "grader.kit", "grader.webkit", "grader.webcheck", "grader.notebookcheck"],  # solve, kit
    ["grader.service"],  # `grader serve`, `grader worker`, `grader submit`
    ["grader.run"],  # class runs, where jobs run, the one job (`grade_entry`), deadlines, Gradescope's runner
    ["grader.questions"],  # the families: probes, cases, judges
    ["grader.judge"],  # the question contract, the engine, expectations, timing
    ["reports"],  # results as people read them: pages, the terminal's summary, exports, similarity
    ["grader.results"],  # result records and files, barème and scores, marks, gradebook
    ["grader.settings_files"],  # the TOML settings files' reader
    ["grader.intake"],  # what the grader reads
    ["grader.sandbox"],  # the confined child and its parent side
    ["grader.errors"],  # the exception tree
    ["reference.solver"],  # the optimal solver and its tables (never shipped)
    # reference/'s own modules, the support the grader runs on (shipped), each by name: DFS*'s count of calls,
    # Korf's convention, q11's large pairs of game (1); the puzzles' models, the cache folder; distances and
    # walks on any graph.
    ["reference.dfs_tree", "reference.korf", "reference.jeu1_pairs"],
    ["reference.puzzle", "reference.sliding", "reference.cache"],
    ["reference.graphs"],
    ["grader.text"],  # messages, catalogues, display, terminal safety
    # The grader's version (a digest of its code), the process caches, the question families by name (the
    # catalogue finds their messages through it).
    ["grader.version", "grader.caches", "grader.registry"],
]
MAX_LINES = 600
# Data tables, not code: over MAX_LINES because of what they hold.
DATA_TABLES: set[str] = set()
# A circle inside the taquin's package that issue 28 is breaking (through type-only and function-level
# imports). The same rule: an entry no longer found fails the test below.
CIRCLES_BEING_BROKEN: list[list[str]] = []
# Imports up the layers being removed (none left: the taquin's probes no longer import the exam's move and
# tente_*). The same rule: an entry no longer found fails below.
UPWARD_BEING_FIXED: list[str] = []
# Underscore names the tests take from a module another helper is changing this round (grader/webkit.py's
# pinned downloads: their names need more than the underscore dropped). The same rule.
UNDERSCORE_BEING_FIXED = [
    "tests.test_notebook_basthon <- grader.webkit._markupsafe",
    "tests.test_notebook_basthon <- grader.webkit._wheel",
    "tests.test_notebook_jupyterlite <- grader.webkit._markupsafe",
    "tests.test_notebook_jupyterlite <- grader.webkit._pyodide",
    "tests.test_notebook_jupyterlite <- grader.webkit._wheel",
]


def modules(packages: list[Path]) -> dict[str, Path]:
    """Every module of the package folders `packages`, by dotted name (a package by its own name)."""
    found = {}
    for package in packages:
        for path in sorted(package.rglob("*.py")):
            parts = path.relative_to(package.parent).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that the module `name` imports, anywhere in its code."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in nodes(path):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(_known(alias.name, known))
        elif isinstance(node, ast.ImportFrom):
            base = _from(name, node, is_package)
            for alias in node.names:
                # `from package import module` imports the module; `from module import name`, the module.
                full = f"{base}.{alias.name}"
                found.add(full if full in known else _known(base, known))
    return {module for module in found if module and module != name}


def _from(name: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The module a `from ... import` in the module `name` reads from, its dots resolved."""
    if not node.level:
        return node.module or ""
    anchor = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
    return ".".join(anchor + ([node.module] if node.module else []))


def _known(dotted: str, known: dict[str, Path]) -> str:
    """`dotted` or the nearest package above it that is a module of `known` ("" for none)."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts)


def layer_of(module: str, layers: list[list[str]]) -> int | None:
    """The index of the layer holding `module` (its longest declared prefix), None when none does."""
    best, index = "", None
    for number, members in enumerate(layers):
        for member in members:
            if (module == member or module.startswith(member + ".")) and len(member) > len(best):
                best, index = member, number
    return index


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph` (Tarjan's strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The underscore names of other modules of `known` that the module `name` takes: `from m import _x`, or
    `m._x` where `m` is a module it imported. What two modules share is public in the one that defines it."""
    is_package = path.name == "__init__.py"
    found, aliases = set(), {}
    for node in nodes(path):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _from(name, node, is_package)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    aliases[alias.asname or alias.name] = full
                elif _private(alias.name) and base in known and base != name:
                    found.add(f"{name} <- {base}.{alias.name}")
    for node in nodes(path):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _private(node.attr):
            module = aliases.get(node.value.id)
            if module is not None and module != name:
                found.add(f"{name} <- {module}.{node.attr}")
    return found


def problems(packages: list[Path], layers: list[list[str]], allowed_long: set[str]) -> dict[str, list]:
    """What breaks the rules in `packages`: modules in no layer, imports up the layers, circles, modules
    over MAX_LINES (but `allowed_long`), underscore names taken from another module. A package's own name,
    when no layer holds it, is left out."""
    known = modules(packages)
    graph = {name: imports(name, path, known) for name, path in known.items()}
    roots = {package.name for package in packages if layer_of(package.name, layers) is None}
    unplaced = sorted(name for name in known if name not in roots and layer_of(name, layers) is None)
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        for target in targets
        if target not in roots
        and None not in (layer_of(name, layers), layer_of(target, layers))
        and layer_of(target, layers) < layer_of(name, layers)
    )
    long = sorted(
        f"{name}: {lines} lines"
        for name, path in known.items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES and name not in allowed_long
    )
    private = sorted(found for name, path in known.items() for found in private_names(name, path, known))
    return {"unplaced": unplaced, "upward": upward, "circles": circles(graph), "long": long, "private": private}


TREE = problems(PACKAGES, LAYERS, DATA_TABLES)


def students_code() -> list[Path]:
    """The folders of students' code kept as students wrote it (pyproject.toml's ruff extend-exclude): not
    the project's modules."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [ROOT / folder for folder in pyproject["tool"]["ruff"]["extend-exclude"]]


def scripts(root: Path, folders: list[str], left_out: list[Path]) -> tuple[dict[str, Path], dict[str, Path]]:
    """The modules of `folders` (under `root`, no package: pytest and the scripts put each test's or script's
    own folder on sys.path) but those under `left_out`: by dotted name from `root`, and by every name they
    are imported by (from `root`, or from one of the folders on sys.path that holds them)."""
    found, names = {}, {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            if any(path.is_relative_to(out) for out in left_out):
                continue
            found[".".join(path.relative_to(root).with_suffix("").parts)] = path
            for base in (root, path.parent, *path.parents):
                if base == root or base.is_relative_to(root / folder):
                    names[".".join(path.relative_to(base).with_suffix("").parts)] = path
    return found, names


# What a module that takes an underscore name has in its text (`from m import _x`, parenthesised as ruff's
# formatter writes a long one, or `m._x`): only those are parsed, a tenth of the tests (a second of CPU saved).
MAY_TAKE_UNDERSCORE = re.compile(
    r"^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*|[^\n]*)\b_[A-Za-z]|\w\._[A-Za-z]", re.M
)


def private_in_scripts(root: Path, folders: list[str], left_out: list[Path], packages: list[Path]) -> list[str]:
    """The underscore names the modules of `folders` take from another module, of the packages or of theirs."""
    found, names = scripts(root, folders, left_out)
    known = {**names, **modules(packages)}  # a package module keeps its name
    return sorted(
        taken
        for name, path in found.items()
        if MAY_TAKE_UNDERSCORE.search(path.read_text(encoding="utf-8"))
        for taken in private_names(name, path, known)
    )


SCRIPTS_PRIVATE = private_in_scripts(ROOT, ["tests", "benchmarks"], students_code(), PACKAGES)


def test_every_module_sits_in_a_declared_layer():
    assert TREE["unplaced"] == []


def test_no_import_runs_up_the_layers():
    assert [upward for upward in TREE["upward"] if upward not in UPWARD_BEING_FIXED] == []


def test_no_import_circle():
    assert [circle for circle in TREE["circles"] if circle not in CIRCLES_BEING_BROKEN] == []


def test_no_module_over_the_limit_but_the_data_tables():
    assert TREE["long"] == []


def test_no_module_takes_an_underscore_name_of_another():
    assert TREE["private"] == []


def test_no_test_nor_benchmark_takes_an_underscore_name_of_another():
    assert [taken for taken in SCRIPTS_PRIVATE if taken not in UNDERSCORE_BEING_FIXED] == []


def test_a_module_added_to_reference_is_placed_by_someone():
    """setup.py ships every module of reference/'s top level and no subpackage: a new top-level module is in
    no layer until it is said to be support; one added to reference.answers sits on top."""
    assert layer_of("reference.nouveau", LAYERS) is None
    assert layer_of("reference.answers.nouvelle", LAYERS) == 0


def test_the_allowances_are_still_needed():
    known = modules(PACKAGES)
    for name in DATA_TABLES:
        assert len(known[name].read_text(encoding="utf-8").splitlines()) > MAX_LINES, name
    for circle in CIRCLES_BEING_BROKEN:
        assert circle in TREE["circles"], circle
    for upward in UPWARD_BEING_FIXED:
        assert upward in TREE["upward"], upward
    for taken in UNDERSCORE_BEING_FIXED:
        assert taken in SCRIPTS_PRIVATE, taken


@pytest.fixture
def toy(tmp_path):
    """A package `toy` with a top (`toy.app`), a middle (`toy.core`: `a`, `b`) and a bottom (`toy.base`)."""
    package = tmp_path / "toy"
    for folder in (package, package / "core"):
        folder.mkdir()
        (folder / "__init__.py").write_text("")
    written(
        package,
        {
            "app.py": "from toy.core import a\n",
            "core/a.py": "from . import b\n",
            "core/b.py": "def f():\n    from toy.base import x\n",
            "base.py": "x = 1\n",
        },
    )
    return package


def written(folder: Path, files: dict[str, str]) -> None:
    """Each of `files` (a path below `folder`: its text) written."""
    for name, text in files.items():
        (folder / name).write_text(text)


TOY_LAYERS = [["toy.app"], ["toy.core"], ["toy.base"]]


def test_the_rules_pass_a_well_built_package(toy):
    assert problems([toy], TOY_LAYERS, set()) == {
        "unplaced": [],
        "upward": [],
        "circles": [],
        "long": [],
        "private": [],
    }


def test_a_lazy_import_up_the_layers_and_the_circle_it_closes_are_found(toy):
    (toy / "base.py").write_text("def g():\n    from toy.core.a import f\n")
    found = problems([toy], TOY_LAYERS, set())
    assert found["upward"] == ["toy.base -> toy.core.a"]
    assert found["circles"] == [["toy.base", "toy.core.a", "toy.core.b"]]


def test_a_module_in_no_layer_and_a_long_one_are_found(toy):
    (toy / "extra.py").write_text("x = 1\n" * (MAX_LINES + 1))
    found = problems([toy], TOY_LAYERS, set())
    assert found["unplaced"] == ["toy.extra"] and found["long"] == [f"toy.extra: {MAX_LINES + 1} lines"]
    assert problems([toy], TOY_LAYERS, {"toy.extra"})["long"] == []


def test_an_underscore_name_taken_from_another_module_is_found(toy):
    """`from m import _x`, relative or not, and `m._x` on an imported module; a module's own names and the
    dunders stay free."""
    (toy / "base.py").write_text("_x = 1\n__all__ = []\n")
    (toy / "core" / "a.py").write_text("from . import b\nfrom ..base import _x\nfrom toy.base import __all__\n")
    (toy / "core" / "b.py").write_text("from toy import base\n_y = base._x\nz = _y\n")
    assert problems([toy], TOY_LAYERS, set())["private"] == ["toy.core.a <- toy.base._x", "toy.core.b <- toy.base._x"]


def test_an_underscore_name_a_test_takes_from_a_package_or_another_test_is_found(toy):
    """A test takes a helper from another test by the name pytest's sys.path gives it, or from a package; a
    student's file (left out) may take anything."""
    root = toy.parent
    (toy / "base.py").write_text("_x = 1\n")
    (root / "tests" / "unit").mkdir(parents=True)
    (root / "tests" / "students").mkdir()
    written(
        root,
        {
            "tests/helpers.py": "def _shared():\n    pass\n",
            "tests/test_a.py": "from helpers import _shared\nfrom toy.base import _x\n",
            "tests/unit/test_b.py": "import tests.helpers as h\nh._shared()\nfrom test_c import _own\n",
            "tests/unit/test_c.py": "def _own():\n    pass\n",
            "tests/students/cheat.py": "from toy.base import _x\n",
        },
    )
    assert private_in_scripts(root, ["tests"], [root / "tests" / "students"], [toy]) == [
        "tests.test_a <- helpers._shared",
        "tests.test_a <- toy.base._x",
        "tests.unit.test_b <- test_c._own",
        "tests.unit.test_b <- tests.helpers._shared",
    ]


MAX_CLASS_LINES = 300  # a class past this is several concepts: split by concept, not carved


def long_classes(packages: list[Path]) -> list[str]:
    """Every class of `packages` longer than MAX_CLASS_LINES (its decorators and docstring included)."""
    return sorted(
        f"{name}.{node.name}: {lines} lines"
        for name, path in modules(packages).items()
        for node in nodes(path)
        if isinstance(node, ast.ClassDef)
        and (lines := node.end_lineno - min([node.lineno, *(d.lineno for d in node.decorator_list)]) + 1)
        > MAX_CLASS_LINES
    )


def test_no_class_over_the_limit():
    assert long_classes(PACKAGES) == []


def test_a_long_class_is_found(toy):
    (toy / "big.py").write_text("class Big:\n" + "    x = 1\n" * MAX_CLASS_LINES + "\n\nclass Small:\n    y = 2\n")
    assert long_classes([toy]) == [f"toy.big.Big: {MAX_CLASS_LINES + 1} lines"]
