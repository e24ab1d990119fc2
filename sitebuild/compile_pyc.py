"""The compiler of the browser's Python. Runs inside Pyodide (its Python version, its
bytecode), started by compile_pyc.mjs in Node; imports only what the browser's standard
library holds anyway (every module loaded while it runs goes into stdlib.zip).

:func:`main` reads the folder that sitebuild/python.py's compiler_input() made (package/,
browser/, and the plan) and writes into `out`:

    tzaar.zip   the package's bytecode (.pyc, unchecked-hash: never compared with a source;
                without line tables)
    stdlib.zip  the bytecode of every module of the standard library loaded by Pyodide's start,
                the package's modules and the names they import (lazy imports too), compiled
                as `python -OO` does and without line tables (STDLIB_OPTIMIZE); the
                modules of browser/; and the plan's names module: NAMES, every module of the
                whole library, for the finder that fetches the rest
    stdlib.txt  the names of those standard modules, one a line
"""

import importlib
import importlib.util
import io
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


# The standard library's modules as `python -OO` compiles them (no docstrings, no asserts:
# a mode CPython supports) and without line tables: stdlib.zip 1.52 MB -> 0.85 MB, which a
# first visit downloads as it is (a zip, which GitHub Pages does not gzip; docs/benchmarks-log.md).
STDLIB_OPTIMIZE = 2


def write_zip(path, entries):
    """A zip of `entries` at `path` whose bytes depend only on them (as sitebuild/python.py's)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])


def lean(code):
    """The code object without its line table (tracebacks lose line numbers, nothing else)."""
    consts = tuple(lean(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


def pyc(source, filename, strip=False, optimize=0):
    """The bytes of an unchecked-hash .pyc of `source`."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    if strip:
        code = lean(code)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def compiled_folder(folder):
    """Every .py under `folder`, compiled and stripped: {relative name .pyc: bytes}."""
    out = {}
    for parent, _, files in os.walk(folder):
        for file in files:
            if file.endswith(".py"):
                path = os.path.join(parent, file)
                rel = os.path.relpath(path, folder).replace(os.sep, "/")
                with open(path, "rb") as source:
                    out[rel[:-3] + ".pyc"] = pyc(source.read(), rel, strip=True)
    return out


def load(modules, imports):
    """Import the package's `modules`, then each of `imports` that is a module (a name
    inside a module is no module: skipped), so that sys.modules holds what they load."""
    for name in modules:
        importlib.import_module(name)
    for name in imports:
        try:
            importlib.import_module(name)
        except ImportError:
            pass


def standard_modules(stdlib):
    """The loaded modules whose source is in the zip `stdlib`: {.pyc name: bytes}, and their names."""
    with zipfile.ZipFile(stdlib) as archive:
        inside = set(archive.namelist())
        entries, names = {}, []
        for name, module in sorted(sys.modules.items()):
            file = getattr(module, "__file__", None) or ""
            rel = file[len(stdlib) + 1:] if file.startswith(stdlib + "/") else None
            if rel in inside and rel.endswith(".py"):
                entries[rel[:-3] + ".pyc"] = pyc(archive.read(rel), file, strip=True, optimize=STDLIB_OPTIMIZE)
                names.append(name)
    return entries, names


def module_names(stdlib):
    """Every module the zip `stdlib` has as Python source, by name."""
    with zipfile.ZipFile(stdlib) as archive:
        return sorted({n[:-3].removesuffix("/__init__").replace("/", ".") for n in archive.namelist() if n.endswith(".py")})


def main(folder, out, stdlib, plan):
    """Compile `folder` (package/, browser/) as `plan` ({modules, imports, namesModule}) says,
    with the standard library `stdlib` (a zip on sys.path), into the folder `out`."""
    package = os.path.join(folder, "package")
    write_zip(os.path.join(out, "tzaar.zip"), compiled_folder(package))
    sys.path.insert(0, package)
    load(plan["modules"], plan["imports"])
    entries, names = standard_modules(stdlib)
    browser = os.path.join(folder, "browser")
    for file in sorted(os.listdir(browser)):
        if file.endswith(".py"):
            with open(os.path.join(browser, file), "rb") as source:
                entries[file[:-3] + ".pyc"] = pyc(source.read(), file)
    names_module = plan["namesModule"]
    entries[names_module + ".pyc"] = pyc(f"NAMES = {tuple(module_names(stdlib))!r}\n".encode(), names_module + ".py")
    write_zip(os.path.join(out, "stdlib.zip"), entries)
    with open(os.path.join(out, "stdlib.txt"), "w") as listing:
        listing.write("".join(name + "\n" for name in names))
