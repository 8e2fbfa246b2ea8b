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
import importlib
import symtable
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

PREFIX = "kit_"
BUILTINS = frozenset(dir(__import__("builtins")))
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
    bound: dict[str, list[int]] = field(default_factory=dict)  # each top-level name: the statements binding it
    attributes: dict[str, set[str]] = field(default_factory=dict)  # each name: the attributes read on it
    imported: list[set[str]] = field(default_factory=list)  # each top-level statement: the names its imports bind

    def __post_init__(self) -> None:
        for k, statement in enumerate(self.tree.body):
            for name in _binds(statement):
                self.bound.setdefault(name, []).append(k)
            imports = [n for n in ast.walk(statement) if isinstance(n, (ast.Import, ast.ImportFrom))]
            self.imported.append({(a.asname or a.name).partition(".")[0] for n in imports for a in n.names})
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                self.attributes.setdefault(node.value.id, set()).add(node.attr)


def _binds(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds (a compound one: whatever its bodies bind)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).partition(".")[0] for alias in statement.names if alias.name != "*"}
    if isinstance(statement, ast.If) and "TYPE_CHECKING" in ast.unparse(statement.test):
        return set().union(*(_binds(s) for s in statement.orelse))  # for the type checker only
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
        # A pasting depends only on what it is asked for: thousands of answers share the same closures and the
        # same statements (the api's, the games'), each rewritten and unparsed once per process.
        self._closures: dict[tuple[str, frozenset[str]], tuple[dict[str, set[int]], set[tuple[str, str]]]] = {}
        self._statements: dict[tuple[str, int, frozenset[str]], str] = {}

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
        key = (candidate.module, frozenset({candidate.path.partition(".")[0]}))
        if key not in self._closures:
            self._closures[key] = self._closure(*key)
        found, wanted = self._closures[key]
        needed = {module: set(statements) for module, statements in found.items()}
        files = {
            "": "\n".join(
                [
                    "from __future__ import annotations",
                    stub,
                    "# --- copied from the kit's wheel",
                    self._text(candidate.module, needed.pop(candidate.module, set()), wanted),
                    *(f"{name} = {candidate.path}" for name in names if name != candidate.path),
                    "",
                ]
            )
        }
        for module, statements in needed.items():
            text = self._text(module, statements, wanted)
            files[_helper(module) + ".py"] = "from __future__ import annotations\n" + text
        return files

    def _closure(self, module: str, names: set[str]) -> tuple[dict[str, set[int]], set[tuple[str, str]]]:
        """The statements needed, by module, for `names` of `module` to work, and the (module, name) needed."""
        needed: dict[str, set[int]] = {}
        todo = [(module, name) for name in names]
        seen: set[tuple[str, str]] = set()
        while todo:
            where, name = todo.pop()
            if (where, name) in seen or where not in self.modules:
                continue
            seen.add((where, name))
            mod = self.modules[where]
            needed.setdefault(where, set())  # imported: its helper module exists, whatever it holds
            statements = mod.bound.get(name)
            if statements is None:
                if f"{where}.{name}" in self.modules:  # a submodule reached as a package's attribute
                    needed.setdefault(f"{where}.{name}", set())
                continue
            for k in statements:
                statement = mod.tree.body[k]
                todo.extend(self._imported(mod, statement, name))  # this name's import, if it is one
                if k in needed[where]:
                    continue
                needed[where].add(k)
                todo.extend((where, free) for free in self._free(mod, statement))
                todo.extend(self._nested(mod, statement))
        return needed, seen

    def _nested(self, module: Module, statement: ast.stmt) -> list[tuple[str, str]]:
        """What the imports inside a function or class need (they run when it does: all their names)."""
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return []
        wanted = []
        for node in ast.walk(statement):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and node is not statement:
                for alias in node.names:
                    wanted += self._imported(module, node, (alias.asname or alias.name).partition(".")[0])
        return wanted

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
                    wanted += [(target, a) for a in module.attributes.get(name, set())] + [(target, "")]
                    continue
                home, real = self.home(self._absolute(module, node), alias.name)
                if real is None:  # a module
                    wanted += [(home, a) for a in module.attributes.get(name, set())] + [(home, "")]
                else:
                    wanted.append((home, real))
        return wanted

    def home(self, base: str, name: str) -> tuple[str, str | None]:
        """Where `from base import name` finds it in the wheel: (module, its name there), or (module, None)
        when it is a module. A name a module gives lazily (a module `__getattr__`, as the authoring api's)
        is looked up in the installed grader, the wheel's own code."""
        if base not in self.modules or name in self.modules[base].bound:
            return base, name
        if f"{base}.{name}" in self.modules:
            return f"{base}.{name}", None
        try:
            found = getattr(importlib.import_module(base), name)
        except Exception:  # noqa: BLE001 - not found: the copy fails there, as the student's would
            return base, name
        if isinstance(found, types.ModuleType):
            return found.__name__, None
        owner, real = getattr(found, "__module__", None), getattr(found, "__name__", name)
        if owner in self.modules and real in self.modules[owner].bound:
            return owner, real
        for other, module in self.modules.items():  # a constant: the module that assigns this very value
            assigned = any(
                not isinstance(module.tree.body[k], (ast.Import, ast.ImportFrom)) for k in module.bound.get(name, [])
            )
            if assigned and getattr(_loaded(other), name, None) is found:
                return other, name
        return base, name

    def _absolute(self, module: Module, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        parts = module.name.split(".")
        anchor = parts if module.is_package else parts[:-1]
        anchor = anchor[: len(anchor) - node.level + 1]
        return ".".join(anchor + ([node.module] if node.module else []))

    def _text(self, module: str, statements: set[int], wanted: set[tuple[str, str]]) -> str:
        mod = self.modules[module]
        names = {n for m, n in wanted if m == module}
        kept = []
        for k in sorted(statements):
            statement = mod.tree.body[k]
            if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
                continue
            # The rewriting reads `names` only where it keeps a top-level import's names.
            key = (module, k, frozenset(names & mod.imported[k]))
            if key not in self._statements:
                self._statements[key] = ast.unparse(self._rewritten(mod, statement, set(key[2])))
            kept.append(self._statements[key])
        return "\n\n".join(kept)

    def _rewritten(self, module: Module, statement: ast.stmt, wanted: set[str]) -> ast.Module:
        """The statement with its imports of the wheel's modules pointed at the helper modules; a top-level
        import keeps only the names `wanted` of it (each other name needs what nothing here copied)."""
        wheel = self

        def kept(aliases: list[ast.alias], top: bool) -> list[ast.alias]:
            return [a for a in aliases if not top or (a.asname or a.name).partition(".")[0] in wanted]

        class Imports(ast.NodeTransformer):
            depth = 0  # inside a function or class: every name of its imports is used when it runs

            def visit_FunctionDef(self, node):
                self.depth += 1
                self.generic_visit(node)
                self.depth -= 1
                return node

            visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

            def visit_Import(self, node: ast.Import):
                names = []
                for alias in kept(node.names, not self.depth):
                    if alias.name in wheel.modules:
                        names.append(ast.alias(_helper(alias.name), alias.asname or alias.name.partition(".")[0]))
                    else:
                        names.append(alias)
                return ast.Import(names=names) if names else ast.Pass()

            def visit_ImportFrom(self, node: ast.ImportFrom):
                base = wheel._absolute(module, node)
                if base not in wheel.modules:
                    names = kept(node.names, not self.depth)
                    return ast.ImportFrom(node.module, names, node.level) if names else ast.Pass()
                out: list[ast.stmt] = []
                for alias in kept(node.names, not self.depth):
                    home, real = wheel.home(base, alias.name)
                    if real is None:
                        out.append(ast.Import(names=[ast.alias(_helper(home), alias.asname or alias.name)]))
                    else:
                        out.append(ast.ImportFrom(_helper(home), [ast.alias(real, alias.asname or alias.name)], 0))
                return out or ast.Pass()

        done = Imports().visit(copy.deepcopy(statement))
        return ast.fix_missing_locations(ast.Module(body=done if isinstance(done, list) else [done], type_ignores=[]))


def _loaded(module: str):
    try:
        return importlib.import_module(module)
    except Exception:  # noqa: BLE001 - a module of the wheel this installation cannot import
        return None


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
        # A class body reads module names even where it assigns the same name (`x: bool = x.f()`).
        if symbol.is_global() or (table.get_type() == "class" and symbol.is_referenced()):
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
    types in order, every name but Python's builtins reduced to a mark (a copy renames its variables, and
    a line added must not shift the rest), attributes kept (methods are rarely renamed), its docstring and
    type annotations left out, numbers kept (a bound's `+ 1` is code), strings reduced to a mark."""
    tokens: list[str] = []

    def name(text: str) -> str:
        return text if text in BUILTINS else "N"

    def walk(item: ast.AST) -> None:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = item.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            tokens.append("def")
            tokens.extend("N" for _ in [*item.args.posonlyargs, *item.args.args, *item.args.kwonlyargs])
            for statement in body:
                walk(statement)
            return
        tokens.append(type(item).__name__)
        if isinstance(item, ast.Name):
            tokens.append(name(item.id))
        elif isinstance(item, ast.Attribute):
            tokens.append(item.attr)
        elif isinstance(item, ast.Constant):
            tokens.append(repr(item.value) if isinstance(item.value, (int, float, bool, type(None))) else "str")
        for slot, value in ast.iter_fields(item):
            if slot in ("annotation", "returns", "type_comment", "ctx"):
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    walk(child)

    walk(node)
    return tokens


def likeness(a: list[str], b: list[str], at_least: float = 0.0) -> float:
    """How much of two functions' token sequences match, 0 to 1 (difflib's ratio); or, where one of
    difflib's upper bounds of the ratio is already below `at_least`, that bound (the ratio itself costs about
    fifty times more: most pairs of the copy scan never need it)."""
    import difflib

    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for bound in (matcher.real_quick_ratio(), matcher.quick_ratio()):
        if bound < at_least:
            return bound
    return matcher.ratio()


# --- Grading copies as answers ------------------------------------------------------------------------------
def exam_questions(stubs: Path) -> list[tuple[str, str, tuple[str, ...], int]]:
    """Each automatically graded question: its id, its module, its functions, and how many arguments they
    take (the stub's signature)."""
    from grader.registry import all_questions

    found = []
    for question in all_questions(extensions=True):
        if question.manual:
            continue
        tree = ast.parse((stubs / f"{question.module}.py").read_text(encoding="utf-8"))
        stub = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == question.functions[0])
        found.append((question.id, question.module, tuple(question.functions), len(stub.args.args)))
    return found


_WHEELS: dict[Path, Wheel] = {}
# The questions whose drawn groups the scan judges without Hypothesis's shrinking (`upper_bound`).
UNSHRUNK = frozenset({"q15", "x1", "x2", "x3", "x4"})
TENTES = {"tente_gauche", "tente_bas", "tente_droite", "tente_haut"}


def upper_bound() -> None:
    """Make this process's grader judge the scan's answers at least as leniently as the grader does, at a
    fraction of the cost: a function that earns nothing here earns nothing there.

    - No shrinking for the drawn groups of UNSHRUNK. A drawn group fails exactly when one of its drawn
      cases fails (grader/judge/checks.py's `drawn` judges them in order and, on a failure, reruns
      Hypothesis only to shrink it: the run ends on a failure, the smallest it finds); shrinking changes
      which failure is shown, never whether the group failed. It also judges more cases, whose side
      effects other groups could read: not in these questions (q15's `slid` is read for move_libre only
      when that group passed, so never shrunk; x1's `kept` is a drawing; x4's `solved` comes from its
      fixed `limits`). q18 and the jeux questions keep it (q18's `ordre` reads the lists every group saw).
    - x2–x4's crafted groups judged as if the drawn group solved (`TaquinQuestion.solving` returns the
      crafted group's own outcome): the grader counts them only when the drawn group passed or failed on a
      length alone, which the shrunk failure's message decides; without shrinking, the gate is left open.
      `earned` never raises an outcome, so the open gate is an upper bound.
    - q17's and q18's order of `solution` (chain.detect_convention) read without calling the tente_* when
      all four are still the exercise's stubs, as in every folder of the scan but q16's: each stub raises,
      so none votes (Convention(None): the model chain judged in both orders), and each raise retired a
      child, four children an answer (`compared` shows the verdicts the same).
    Shrinking was most of a wrong answer's cost: every shrink step is a call in the child."""
    from grader.judge import checks
    from grader.judge.session import Session
    from grader.questions.recherche.moves import TaquinQuestion
    from grader.questions.taquin import chain, dfs, questions

    if getattr(checks, "scan_upper_bound", False):
        return
    shrinking = checks.hypothesis

    def hypothesis(seed, qid, group, strategy, examples, judge, shrink):
        return shrinking(seed, qid, group, strategy, examples, judge, shrink and qid not in UNSHRUNK)

    def solving(self, drawn, fixed, unearned_key="recherche.fixed_unearned"):
        return fixed

    def detect_convention(ctx):
        if TENTES <= ctx.stubs():
            # The stubs' replies, all failed: no vote. The child that read them stays (the import's CPU is
            # then charged to no case: more lenient than a fresh child's).
            ctx.session.import_seconds = 0.0
            return chain.Convention(None, agreed=False)
        return detecting(ctx)

    def stubs(session):
        if not hasattr(session, "scan_stubs"):  # read from the module's text: the same at every call
            session.scan_stubs = reading(session)
        return session.scan_stubs

    checks.hypothesis = hypothesis
    TaquinQuestion.solving = solving
    detecting, reading = chain.detect_convention, Session.stubs
    dfs.detect_convention = questions.detect_convention = detect_convention
    Session.stubs = stubs
    checks.scan_upper_bound = True


def compared(kit: Path | None, jobs: list[tuple[str, str, Path]]) -> list[tuple[tuple, tuple, int, int]]:
    """Each (candidate, question id, folder) of `jobs` graded by the grader as it is, then as the scan judges
    (`upper_bound`), in a worker process of its own: (each result's score and checks, each one's children
    started). Run on a grader `upper_bound` has not yet changed: a fresh worker."""
    isolated(kit)
    from grader.sandbox import process

    started = process.Child.start
    count = [0]

    def start(child):
        count[0] += 1
        return started(child)

    process.Child.start = start
    found = []
    for judging in (lambda: None, upper_bound):
        judging()
        for _, qid, folder in jobs:
            count[0] = 0
            result = _result(kit, qid, folder)
            found.append((result.score, [(c.name, c.passed, c.points, c.message) for c in result.checks], count[0]))
    half = len(jobs)
    return [(*before[:2], *after[:2], before[2], after[2]) for before, after in zip(found[:half], found[half:])]


def pasted(root: Path, stubs: Path, work: Path, jobs: list[tuple[Candidate, str]]) -> list[tuple[str, str, Path]]:
    """Each (candidate, question id) of `jobs` written as a student's folder holding the candidate under the
    question's names: (candidate, question, folder). Runs in a worker process (the
    unpacked wheel is read, and each closure pasted, once per process); both graders grade the same folders
    (a child works on a copy of a folder: `graded` leaves it as it was)."""
    import tempfile

    if root not in _WHEELS:
        _WHEELS[root] = Wheel(root)
    wheel = _WHEELS[root]
    modules = {qid: (module, functions) for qid, module, functions, _ in exam_questions(stubs)}
    written = []
    for candidate, qid in jobs:
        module, functions = modules[qid]
        folder = Path(tempfile.mkdtemp(dir=work))
        stub = (stubs / f"{module}.py").read_text(encoding="utf-8")
        for name, text in wheel.answer(candidate, stub, functions).items():
            (folder / (name or f"{module}.py")).write_text(text, encoding="utf-8")
        written.append((candidate.name, qid, folder))
    return written


def graded(kit: Path | None, jobs: list[tuple[str, str, Path]]) -> list[tuple[str, str, str, float]]:
    """Each (candidate, question id, folder) of `jobs` graded as `grader check` grades it, judged by
    `upper_bound`: ("enseignant" or "kit", candidate, question, score) where the score is not 0. By the
    teacher's grader, or with `kit` (an unpacked wheel) by the kit's (`isolated`). Runs in a worker process
    of its own (`upper_bound` changes its grader)."""
    isolated(kit)
    upper_bound()
    earned = []
    for candidate, qid, folder in jobs:
        score = _result(kit, qid, folder).score
        if score:
            earned.append(("kit" if kit is not None else "enseignant", candidate, qid, float(score)))
    return earned


def isolated(kit: Path | None) -> None:
    """This process's grader: the teacher's, or with `kit` (an unpacked wheel) the kit's: the packages of
    `kit`, neither the checkout's nor the editable installation's, so that no model answer nor solver is
    importable and every question is judged as the kit judges it (q17, q18 and x1–x4 on lengths, x2's
    crafted puzzles and x4's `profondeur` left to the teacher). The kit's grader must be the first one
    imported in the process."""
    if kit is not None and "grader" not in sys.modules:
        from solver_finder import isolate_kit  # beside this file, which stays on the path

        isolate_kit(kit)
    import grader

    if (kit is not None) != Path(grader.__file__).resolve().is_relative_to((kit or Path("/nowhere")).resolve()):
        raise RuntimeError(f"graded(kit={kit}) in a process whose grader is {grader.__file__}")


def _result(kit: Path | None, qid: str, folder: Path):
    """`qid` of the student's folder `folder` graded as `grader check` grades it (q18 without its challenge,
    which costs seconds per copy and says nothing a 0 elsewhere would not)."""
    from grader.intake import load_submission
    from grader.judge.engine import grade_question
    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.results.scoring import Scheme

    question = next(q for q in all_questions(extensions=True) if q.id == qid)
    settings = Settings(seed=2017, examples=10, scheme=Scheme(overrides={"q18": {"groups": {"defi": 0}}}))
    return grade_question(question, load_submission(folder), settings)
