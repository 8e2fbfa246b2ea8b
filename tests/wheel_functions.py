"""Every function of an unpacked wheel, as a student would copy it into an answer file.

A student who has the kit has its wheel: every module of the grader in plain text. The strongest use
of it is to paste a function into their own file, with what it needs of the wheel (the other top-level
definitions it reads, and those of the modules it imports, transitively), and name it as the exam's
function. `Wheel.answer` writes that: the function's own module pasted into the answer file (so that
a function reading `initial`, `grid` or `suivants` reads the student's globals), each other module it
needs as a helper module beside it (`kit_grader_questions_api.py`), imports between them rewritten.

Free names are read from `symtable` (a function's locals are not module names); what a module-level
statement needs, from its names. Only what is reached is pasted: a function that does not use numpy
does not import it. What Python cannot resolve statically (`globals()`, `getattr` on a module) is left
as it is: the answer then fails as a copy would.
"""

from __future__ import annotations

import ast
import copy
import symtable
from dataclasses import dataclass
from pathlib import Path

PREFIX = "kit_"
Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass(frozen=True)
class Candidate:
    """A function of the wheel: its module, its dotted path within it (`f` or `Class.method`), and how
    many positional arguments it takes as reached there (required, at most; None: any number)."""

    module: str
    path: str
    required: int
    most: int | None

    def fits(self, arity: int) -> bool:
        return self.required <= arity and (self.most is None or arity <= self.most)

    @property
    def name(self) -> str:
        return f"{self.module}.{self.path}"


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    table: symtable.SymbolTable
    is_package: bool

    def bound(self) -> dict[str, list[int]]:
        """Each name the module binds at top level, and the indices of the statements binding it."""
        names: dict[str, list[int]] = {}
        for k, statement in enumerate(self.tree.body):
            for name in _binds(statement):
                names.setdefault(name, []).append(k)
        return names


def _binds(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds (a compound one: whatever its bodies bind)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).partition(".")[0] for alias in statement.names if alias.name != "*"}
    found = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).partition(".")[0] for a in node.names if a.name != "*")
    return found


class Wheel:
    """The modules of an unpacked wheel (its grader, reference and reports packages)."""

    def __init__(self, root: Path):
        self.root = root
        self.modules: dict[str, Module] = {}
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if ".dist-info" in parts[0]:
                continue
            is_package = parts[-1] == "__init__"
            name = ".".join(parts[:-1] if is_package else parts)
            source = path.read_text(encoding="utf-8")
            self.modules[name] = Module(
                name, path, ast.parse(source), symtable.symtable(source, str(path), "exec"), is_package
            )

    # -- what there is to copy --------------------------------------------------------------------
    def candidates(self) -> list[Candidate]:
        """Every top-level function and every method of a top-level class, with its arity as reached from
        the module (a method through its class: `self` counts, a classmethod's `cls` does not)."""
        found = []
        for module in self.modules.values():
            for statement in module.tree.body:
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.append(Candidate(module.name, statement.name, *_arity(statement, 0)))
                elif isinstance(statement, ast.ClassDef):
                    for member in statement.body:
                        if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            bound = any(_decorator(d) == "classmethod" for d in member.decorator_list)
                            path = f"{statement.name}.{member.name}"
                            found.append(Candidate(module.name, path, *_arity(member, 1 if bound else 0)))
        return found

    def definitions(self):
        """Every function definition of the wheel, nested ones included: (module, qualified name, node)."""
        for module in self.modules.values():
            yield from ((module.name, name, node) for name, node in _walk_definitions(module.tree, ""))

    # -- pasting ----------------------------------------------------------------------------------
    def answer(self, candidate: Candidate, stub: str, names: tuple[str, ...]) -> dict[str, str]:
        """The files of a student folder whose answer file (the stub, then the pasted code) defines each of
        `names` as the candidate: {file name: text}, the answer file under the key "" ."""
        needed = self._closure(candidate.module, {candidate.path.partition(".")[0]})
        files = {
            "": "\n".join(
                [
                    "from __future__ import annotations",
                    stub,
                    "# --- copied from the kit's wheel",
                    self._text(candidate.module, needed.pop(candidate.module, set())),
                    *(f"{name} = {candidate.path}" for name in names),
                    "",
                ]
            )
        }
        for module, statements in needed.items():
            files[_helper(module) + ".py"] = "from __future__ import annotations\n" + self._text(module, statements)
        return files

    def _closure(self, module: str, names: set[str]) -> dict[str, set[int]]:
        """The statements needed, by module, for `names` of `module` to work."""
        needed: dict[str, set[int]] = {}
        todo = [(module, name) for name in names]
        seen: set[tuple[str, str]] = set()
        while todo:
            where, name = todo.pop()
            if (where, name) in seen or where not in self.modules:
                continue
            seen.add((where, name))
            mod = self.modules[where]
            statements = mod.bound().get(name)
            if statements is None:
                if f"{where}.{name}" in self.modules:  # a submodule reached as a package's attribute
                    needed.setdefault(f"{where}.{name}", set())
                continue
            for k in statements:
                if k in needed.setdefault(where, set()):
                    continue
                needed[where].add(k)
                statement = mod.tree.body[k]
                todo.extend((where, free) for free in self._free(mod, statement))
                todo.extend(self._imported(mod, statement, name))
        return needed

    def _free(self, module: Module, statement: ast.stmt) -> set[str]:
        """The module names a top-level statement reads."""
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            outside = [*statement.decorator_list]
            if isinstance(statement, ast.ClassDef):
                outside += [*statement.bases, *(k.value for k in statement.keywords)]
            else:
                outside += [*statement.args.defaults, *(d for d in statement.args.kw_defaults if d is not None)]
            names = {n.id for e in outside for n in ast.walk(e) if isinstance(n, ast.Name)}
            table = next(
                (
                    t
                    for t in module.table.get_children()
                    if t.get_name() == statement.name and t.get_lineno() == statement.lineno
                ),
                None,
            )
            return names | (_globals(table) if table is not None else set())
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            return set()
        return {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}

    def _imported(self, module: Module, statement: ast.stmt, name: str) -> list[tuple[str, str]]:
        """What `name`, bound by an import of `statement`, needs in the wheel's module it comes from: the
        attributes read on it where it is a module, the name itself otherwise."""
        wanted = []
        for node in ast.walk(statement):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for alias in node.names:
                if (alias.asname or alias.name).partition(".")[0] != name:
                    continue
                if isinstance(node, ast.Import):
                    target = alias.name if alias.asname else alias.name.partition(".")[0]
                    wanted += [(target, attribute) for attribute in self._attributes(module, name)]
                    continue
                base = self._absolute(module, node)
                if f"{base}.{alias.name}" in self.modules:  # `from package import module`
                    wanted += [(f"{base}.{alias.name}", a) for a in self._attributes(module, name)]
                    wanted.append((base, alias.name))
                else:
                    wanted.append((base, alias.name))
        return wanted

    @staticmethod
    def _attributes(module: Module, name: str) -> set[str]:
        return {
            node.attr
            for node in ast.walk(module.tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name
        }

    def _absolute(self, module: Module, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        parts = module.name.split(".")
        anchor = parts if module.is_package else parts[:-1]
        anchor = anchor[: len(anchor) - node.level + 1]
        return ".".join(anchor + ([node.module] if node.module else []))

    def _text(self, module: str, statements: set[int]) -> str:
        mod = self.modules[module]
        kept = []
        for k in sorted(statements):
            statement = mod.tree.body[k]
            if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
                continue
            kept.append(ast.unparse(self._rewritten(mod, statement)))
        return "\n\n".join(kept)

    def _rewritten(self, module: Module, statement: ast.stmt) -> ast.Module:
        """The statement with its imports of the wheel's modules pointed at the helper modules."""
        wheel = self

        class Imports(ast.NodeTransformer):
            def visit_Import(self, node: ast.Import):
                names = []
                for alias in node.names:
                    if alias.name in wheel.modules:
                        names.append(ast.alias(_helper(alias.name), alias.asname or alias.name.partition(".")[0]))
                    else:
                        names.append(alias)
                return ast.Import(names=names)

            def visit_ImportFrom(self, node: ast.ImportFrom):
                base = wheel._absolute(module, node)
                if base not in wheel.modules:
                    return node
                modules = [a for a in node.names if f"{base}.{a.name}" in wheel.modules]
                names = [a for a in node.names if f"{base}.{a.name}" not in wheel.modules]
                out: list[ast.stmt] = []
                if names:
                    out.append(ast.ImportFrom(module=_helper(base), names=names, level=0))
                out += [ast.Import(names=[ast.alias(_helper(f"{base}.{a.name}"), a.asname or a.name)]) for a in modules]
                return out

        done = Imports().visit(copy.deepcopy(statement))
        return ast.fix_missing_locations(ast.Module(body=done if isinstance(done, list) else [done], type_ignores=[]))


def _helper(module: str) -> str:
    return PREFIX + module.replace(".", "_")


def _decorator(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _arity(function: ast.FunctionDef | ast.AsyncFunctionDef, dropped: int) -> tuple[int, int | None]:
    args = function.args
    positional = len(args.posonlyargs) + len(args.args) - dropped
    required = max(0, positional - len(args.defaults) - (0 if dropped <= len(args.defaults) else 0))
    return required, None if args.vararg is not None else positional


def _globals(table: symtable.SymbolTable) -> set[str]:
    """The module names a function's or class's code reads, its nested scopes included."""
    names = set()
    for symbol in table.get_symbols():
        if symbol.is_global() or (table.get_type() == "class" and symbol.is_referenced() and not symbol.is_assigned()):
            names.add(symbol.get_name())
    for child in table.get_children():
        names |= _globals(child)
    return names


def _walk_definitions(node: ast.AST, prefix: str):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = f"{prefix}{child.name}"
            yield name, child
            yield from _walk_definitions(child, f"{name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _walk_definitions(child, f"{prefix}{child.name}.")
        else:
            yield from _walk_definitions(child, prefix)


# --- Likeness to the model answers ------------------------------------------------------------------------
def shape(node: ast.AST) -> list[str]:
    """A function's code as a sequence of tokens that survives renaming and reformatting: its AST's node
    types in order, each name replaced by its rank of first appearance in the function, its docstring
    and type annotations left out, numbers kept (a bound's `+ 1` is code), strings reduced to a mark."""
    ranks: dict[str, int] = {}
    tokens: list[str] = []

    def name(text: str) -> str:
        return f"n{ranks.setdefault(text, len(ranks))}"

    def walk(item: ast.AST) -> None:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = item.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            tokens.append("def")
            for arg in [*item.args.posonlyargs, *item.args.args, *item.args.kwonlyargs]:
                tokens.append(name(arg.arg))
            for statement in body:
                walk(statement)
            return
        tokens.append(type(item).__name__)
        if isinstance(item, ast.Name):
            tokens.append(name(item.id))
        elif isinstance(item, ast.Attribute):
            tokens.append(name(item.attr))
        elif isinstance(item, ast.arg):
            tokens.append(name(item.arg))
        elif isinstance(item, ast.Constant):
            tokens.append(repr(item.value) if isinstance(item.value, (int, float, bool, type(None))) else "str")
        for field, value in ast.iter_fields(item):
            if field in ("annotation", "returns", "type_comment", "ctx"):
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    walk(child)

    walk(node)
    return tokens


def likeness(a: list[str], b: list[str]) -> float:
    """How much of two functions' token sequences match, 0 to 1 (difflib's ratio)."""
    import difflib

    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
