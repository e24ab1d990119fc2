"""The browser's Python: the package's modules stripped to their code, compiled by Pyodide's
own Python (compile_pyc.mjs, in Node) with web/engine/python/ and the standard library in use,
zipped so that the bytes depend only on the contents, and split in two archives.

    tzaar.zip.gz    the modules tzaar.facade imports, in a zip that stores them, gzipped
    tzaar-more.zip  the modules of the methods it imports on first call; fetched then
    stdlib.zip      the standard library's modules in use, and web/engine/python/ (the worker's
                    own: its import finders and its start)
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from . import BuildError
from .imports import ENTRY_MODULE, PACKAGE_NAME, browser_modules, outside_imports, package_files
from .paths import BROWSER_PYTHON, NODE_MODULES, PYODIDE_SOURCE, ROOT

PACKAGE_ARCHIVE = "tzaar.zip.gz"  # what the worker fetches first
MORE_ARCHIVE = "tzaar-more.zip"  # and on the first call of a method of LAZY_MODULES
STDLIB_ARCHIVE = "stdlib.zip"
COMPILER = Path(__file__).with_name("compile_pyc.mjs")  # Node starts Pyodide, which runs:
COMPILER_PYTHON = Path(__file__).with_name("compile_pyc.py")
COMPILED_CACHE = NODE_MODULES / ".cache" / "tzaar-pyc"
COMPILED = ("tzaar.zip", STDLIB_ARCHIVE, "stdlib.txt")  # what COMPILER writes
# The module COMPILER writes into stdlib.zip with the names of every module of Pyodide's whole
# standard library (NAMES), for web/engine/python/whole_stdlib.py's finder.
NAMES_MODULE = "whole_stdlib_names"

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def browser_source(path: Path) -> bytes:
    """A module without its docstrings, comments and the type hints of its functions: the
    same code, half the download.

    The code is the syntax tree of the source written back (ast.unparse), so only what the
    interpreter ignores goes (class annotations stay: dataclasses read them); the tests in
    e2e/ run this code in the browser."""
    tree = ast.parse(path.read_bytes(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                if arg is not None:
                    arg.annotation = None
            node.body = [unannotated(statement) for statement in node.body]
    return (ast.unparse(tree) + "\n").encode("utf-8")


def unannotated(statement: ast.stmt) -> ast.stmt:
    """`x: T = v` in a function as `x = v` (`x: T` alone as `pass`)."""
    if isinstance(statement, ast.AnnAssign):
        if statement.value is None:
            return ast.copy_location(ast.Pass(), statement)
        return ast.copy_location(ast.Assign(targets=[statement.target], value=statement.value), statement)
    return statement


def pack_package() -> bytes:
    """The browser's modules of tzaar/ as a zip whose bytes depend only on their contents."""
    return write_zip({path.relative_to(ROOT).as_posix(): browser_source(path) for path in package_files()})


def write_zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED, smallest_first: bool = False) -> bytes:
    """A zip of `entries` whose bytes depend only on them: in the order of their names, or
    the smallest first (`smallest_first`, then by name)."""
    buffer = io.BytesIO()
    order = sorted(entries, key=lambda name: (len(entries[name]), name)) if smallest_first else sorted(entries)
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None) as archive:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def browser_python() -> dict[str, Path]:
    """web/engine/python/'s modules (name -> file): the worker's own Python, run only in the browser."""
    return {path.stem: path for path in sorted(BROWSER_PYTHON.glob("*.py"))}


def compiler_input(package: bytes) -> bytes:
    """What compile_pyc.mjs compiles, as one zip: package/ (`package`, pack_package()'s
    zip), browser/ (web/engine/python/, stripped alike) and plan.json: the package's modules, the names from
    outside that they and web/engine/python/ import (found by the import walk), and the name of the
    module of the whole library's names to write."""
    browser = browser_python()
    own = [PACKAGE_NAME, NAMES_MODULE, *browser]
    plan = {
        "package": PACKAGE_NAME,
        "modules": sorted(browser_modules()),
        "imports": sorted(outside_imports(browser_modules()) | outside_imports(browser, own)),
        "namesModule": NAMES_MODULE,
    }
    entries = {"plan.json": json.dumps(plan, indent=1).encode()}
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        entries.update({f"package/{name}": archive.read(name) for name in archive.namelist()})
    entries.update({f"browser/{path.name}": browser_source(path) for path in browser.values()})
    return write_zip(entries)


def compile_python(runtime: str, package: bytes) -> dict[str, bytes]:
    """tzaar.zip (`package` compiled) and stdlib.zip, made by compile_pyc.mjs in Node with
    Pyodide's own Python. Kept in node_modules/.cache by the hash of what goes in, so only a
    change of the package, web/engine/python/, the compiler or the runtime compiles again (about 15 s)."""
    given = compiler_input(package)
    key = hashlib.sha256(runtime.encode() + COMPILER.read_bytes() + COMPILER_PYTHON.read_bytes() + given).hexdigest()[:16]
    done = COMPILED_CACHE / key
    if not all((done / name).is_file() for name in COMPILED):
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js (node) is needed to compile the Python for the browser; install it.")
        with tempfile.TemporaryDirectory() as folder:
            source_dir, out_dir = Path(folder, "in"), Path(folder, "out")
            out_dir.mkdir()
            with zipfile.ZipFile(io.BytesIO(given)) as archive:
                archive.extractall(source_dir)
            run = subprocess.run([node, str(COMPILER), str(PYODIDE_SOURCE.resolve()), str(source_dir), str(out_dir)],
                                 capture_output=True, text=True)
            if run.returncode != 0 or not all((out_dir / name).is_file() for name in COMPILED):
                raise BuildError(f"{COMPILER.name} failed: {run.stderr.strip().splitlines()[-1:] or run.returncode}")
            done.mkdir(parents=True, exist_ok=True)
            for name in COMPILED:
                shutil.copyfile(out_dir / name, done / name)
    return {name: (done / name).read_bytes() for name in COMPILED}


def split_package(compiled: bytes) -> dict[str, bytes]:
    """tzaar.zip as compiled, split in two: the modules the start imports (tzaar.facade and
    its imports), and the rest, fetched on the first call of their methods.

    The start's zip stores its modules uncompressed and is gzipped as a whole: a fifth
    smaller than a zip of modules compressed one by one (the names and constants the modules
    share compress once), the smallest modules first (a little smaller again than in the
    order of their names); the worker unpacks it with the browser's DecompressionStream and
    zipimport reads it as it is. The rest is an ordinary zip, for Python to read after a fetch."""
    start = {path.relative_to(ROOT).with_suffix(".pyc").as_posix() for path in package_files((ENTRY_MODULE,))}
    parts: tuple[dict, dict] = ({}, {})
    with zipfile.ZipFile(io.BytesIO(compiled)) as archive:
        for name in archive.namelist():
            parts[name not in start][name] = archive.read(name)
    if set(parts[0]) != start:
        raise BuildError(f"tzaar.zip lacks {sorted(start - set(parts[0]))}.")
    return {
        PACKAGE_ARCHIVE: gzip.compress(write_zip(parts[0], zipfile.ZIP_STORED, smallest_first=True), 9, mtime=0),
        MORE_ARCHIVE: write_zip(parts[1]),
    }


def browser_archives(runtime: str) -> dict[str, bytes]:
    """dist/'s Python: tzaar.zip.gz, tzaar-more.zip and stdlib.zip."""
    compiled = compile_python(runtime, pack_package())
    return {**split_package(compiled["tzaar.zip"]), STDLIB_ARCHIVE: compiled[STDLIB_ARCHIVE]}
