// Compiles the browser's Python ahead of time, inside Pyodide itself (its Python version,
// its bytecode), for build.py:
//
//   node build_pyc.mjs PYODIDE_DIR SOURCE_DIR OUT_DIR
//
// SOURCE_DIR holds the browser's modules of tzaar/ (as build.py strips them). OUT_DIR gets
//   tzaar.zip   their bytecode (.pyc, unchecked-hash: never compared with a source)
//   stdlib.zip  the bytecode of every module of the standard library that Pyodide's start and
//               those modules import (lazy imports included, found in their syntax trees)
//   stdlib.txt  the names of those modules, one a line
// so that the worker neither downloads the whole standard library nor compiles any source.

import { pathToFileURL } from "node:url";

const [pyodideDir, sourceDir, outDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
// PYTHONHASHSEED fixed: the order of frozenset constants (and so the bytes) is the same every build.
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/build/src");
pyodide.FS.mkdirTree("/build/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/build/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: outDir }, "/build/out");
// Both finders below download a zip the first time it is needed: synchronously, as a
// worker may, into the in-memory file system. Interpolated into each finder's module.
const FETCH_TO = `
def fetch_to(url, path):
    """Downloads url into the file path (only when it answers 200); the HTTP status."""
    from js import XMLHttpRequest
    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status == 200:
        with open(path, "wb") as file:
            file.write(request.response.to_bytes())
    return request.status
`;
// The last finder on sys.meta_path in the browser: a module of the standard library that
// stdlib.zip lacks comes from Pyodide's whole standard library (its URL given to install()),
// downloaded the first time one is asked for. NAMES: every module of the whole library.
pyodide.globals.set("WHOLE_STDLIB", `
import sys
from importlib.machinery import PathFinder
${FETCH_TO}
NAMES = ()
WHOLE = "/lib/python-whole-stdlib.zip"


class WholeStdlib:
    url = None
    loaded = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name not in cls.names or cls.url is None:
            return None
        if not cls.loaded:
            cls.loaded = True
            if fetch_to(cls.url, WHOLE) != 200:
                return None
        parent = name.rpartition(".")[0]
        return PathFinder.find_spec(name, [WHOLE + ("/" + parent.replace(".", "/") if parent else "")])


WholeStdlib.names = frozenset(NAMES)


def install(url):
    WholeStdlib.url = url
    if WholeStdlib not in sys.meta_path:
        sys.meta_path.append(WholeStdlib)
`);
// The last finder on sys.meta_path but one: the modules of a package that its start does not
// import (tzaar's computer player and tools, tzaar-more.zip) come in a second zip, downloaded
// the first time one of them is imported; the zip's folder of the package then joins the
// package's __path__. install(package, url) once the package is imported.
pyodide.globals.set("PACKAGE_REST", `
import sys
from importlib.machinery import PathFinder
${FETCH_TO}

class PackageRest:
    package = None
    url = None
    loaded = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.url is None or not name.startswith(cls.package + ".") or path is None:
            return None
        if not cls.loaded:
            cls.loaded = True
            archive = "/lib/" + cls.url.rsplit("/", 1)[-1].split("?")[0]
            status = fetch_to(cls.url, archive)
            if status != 200:
                raise ImportError(f"{name}: {cls.url} answered HTTP {status}", name=name)
            # (A new entry of the path: nothing cached to invalidate. importlib.invalidate_caches()
            # would import importlib.metadata, which stdlib.zip lacks.)
            sys.modules[cls.package].__path__.append(archive + "/" + cls.package)
        return PathFinder.find_spec(name, path)


def install(package, url):
    PackageRest.package, PackageRest.url = package, url
    if PackageRest not in sys.meta_path:
        sys.meta_path.append(PackageRest)
`);
pyodide.runPython(`
import ast, importlib, importlib.util, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB = "/lib/python314.zip"
SRC = "/build/src"
assert STDLIB in sys.path, sys.path

def write_zip(path, entries):
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

def pyc(source, filename, strip=False):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    if strip:
        code = lean(code)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

# The package: every module, and every name it imports from outside itself.
ours, wanted = {}, set()
for folder, _, files in os.walk(SRC):
    for file in files:
        if file.endswith(".py"):
            path = os.path.join(folder, file)
            rel = os.path.relpath(path, SRC)
            source = open(path, "rb").read()
            ours[rel[:-3] + ".pyc"] = pyc(source, rel, strip=True)
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    wanted.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    wanted.add(node.module)
                    wanted.update(f"{node.module}.{alias.name}" for alias in node.names)
write_zip("/build/out/tzaar.zip", ours)

sys.path.insert(0, SRC)
for rel in sorted(ours):
    importlib.import_module(rel[:-4].replace("/", ".").removesuffix(".__init__"))
for name in sorted(wanted):
    if name.split(".")[0] != "tzaar":
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # "from x import function": not a module

std = zipfile.ZipFile(STDLIB)
inside = set(std.namelist())
entries, names = {}, []
for name, module in sorted(sys.modules.items()):
    file = getattr(module, "__file__", None) or ""
    rel = file[len(STDLIB) + 1:] if file.startswith(STDLIB + "/") else None
    if rel in inside and rel.endswith(".py"):
        entries[rel[:-3] + ".pyc"] = pyc(std.read(rel), file)
        names.append(name)
whole = sorted({n[:-3].removesuffix("/__init__").replace("/", ".") for n in inside if n.endswith(".py")})
entries["_package_rest.pyc"] = pyc(PACKAGE_REST.encode(), "_package_rest.py")
entries["_whole_stdlib.pyc"] = pyc(WHOLE_STDLIB.replace("NAMES = ()", f"NAMES = {tuple(whole)!r}").encode(), "_whole_stdlib.py")
write_zip("/build/out/stdlib.zip", entries)
open("/build/out/stdlib.txt", "w").write("".join(n + "\\n" for n in names))
`);
