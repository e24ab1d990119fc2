"""The import walk, written once: what a module imports (anywhere in it: lazy imports too),
read from its syntax tree.

build.py uses it for the modules the browser needs (:func:`package_files`) and the names of
the standard library they import (:func:`outside_imports`, handed to compile_pyc.mjs);
tests/test_imports.py for the package's layers (:func:`layer_graph`)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from . import BuildError
from .paths import ROOT

PACKAGE_NAME = "tzaar"
ENTRY_MODULE = "tzaar.facade"  # what the worker imports


@dataclass(frozen=True)
class Import:
    """One import statement, made absolute: `import a.b` is Import("a.b"); `from .x import y, z`
    in tzaar/m.py is Import("tzaar.x", ("y", "z"))."""

    module: str
    names: tuple[str, ...] = ()

    def targets(self) -> set[str]:
        """Every name it may load as a module: the module, and each name imported from it."""
        return {self.module, *(f"{self.module}.{name}" for name in self.names)}


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The file of a module under `root` ("tzaar.ai" -> tzaar/ai/__init__.py), if any."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def package_modules(package: Path) -> dict[str, Path]:
    """Module name -> file, for every .py under the folder `package` ("tzaar.ai" for
    tzaar/ai/__init__.py)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(path: Path, module: str) -> Iterator[Import]:
    """The import statements of the module `module` (its file `path`), anywhere in it."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            yield from (Import(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            yield Import(base, tuple(alias.name for alias in node.names))


def imported_modules(path: Path, module: str, package: str = PACKAGE_NAME) -> set[str]:
    """Every name of `package` that a module imports (as a module or a name in one)."""
    names = set().union(*(found.targets() for found in imports(path, module)))
    return {name for name in names if name.split(".")[0] == package}


def outside_imports(modules: dict[str, Path], own: Iterable[str] = (PACKAGE_NAME,)) -> set[str]:
    """The names from outside the top-level packages or modules `own` that `modules` (name ->
    file) import: modules and names in modules alike ("json", "json.dumps"); which are
    modules, only importing them tells."""
    own = set(own)
    names: set[str] = set()
    for module, path in modules.items():
        for found in imports(path, module):
            names |= found.targets()
    return {name for name in names if name and name.split(".")[0] not in own}


def lazy_modules() -> tuple[str, ...]:
    """The modules the facade imports on the first call of one of their methods: the keys of
    its LAZY_MODULES table."""
    for node in ast.parse(_entry_file().read_bytes()).body:
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id == "LAZY_MODULES":
            return tuple(ast.literal_eval(node.value))
    return ()


def package_files(roots: tuple[str, ...] | None = None) -> list[Path]:
    """The .py files of :func:`browser_modules`, sorted."""
    return sorted(browser_modules(roots).values())


def browser_modules(roots: tuple[str, ...] | None = None) -> dict[str, Path]:
    """The modules the browser needs (name -> file): those the facade imports (and those it
    imports on first call), and theirs; or those of the modules `roots`.

    The command line, benchmarks and tests of tzaar/ stay out of the browser's download."""
    _entry_file()
    found: dict[str, Path] = {}
    todo = list(roots) if roots is not None else [ENTRY_MODULE, *lazy_modules()]
    while todo:
        name = todo.pop()
        path = None if name in found else module_file(name)
        if path is None:
            continue  # seen, or a name inside a module rather than a module
        found[name] = path
        todo.append(name.rpartition(".")[0])  # its package's __init__.py runs first
        todo.extend(imported_modules(path, name))
    return found


def layer_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of `modules` it imports by name: `from .ai import jobs` imports
    tzaar.facade.ai_methods, `from .x import y` (y no module) tzaar.x. (A package's __init__.py that
    runs first is no edge: it is not what the code names.)"""
    graph = {}
    for name, path in modules.items():
        edges = set()
        for found in imports(path, name):
            named = [f"{found.module}.{n}" for n in found.names] or [found.module]
            edges.update(target if target in modules else found.module for target in named)
        graph[name] = {target for target in edges if target in modules and target != name}
    return graph


def _entry_file() -> Path:
    path = module_file(ENTRY_MODULE)
    if path is None:
        raise BuildError(f"{ENTRY_MODULE} is missing: the worker has nothing to call.")
    return path
