#!/usr/bin/env python3
"""Build, serve and test the TZAAR site. Standard library only.

    python3 build.py                 build dist/
    python3 build.py serve [--port N] build, then serve dist/ on http://127.0.0.1:N/ (8000)
    python3 build.py test [ARGS...]  set up .venv, build, find a browser, run every test
                                     (ARGS go to pytest)

dist/ is what GitHub Pages publishes:

    index.html, *.js, *.css, icon.svg   from web/, minified (build_minify.py: esbuild for the
                                        code), relative asset URLs stamped ?v=HASH
    lang/<code>.json, .later.json       each language's texts: the start's, and the later ones
    sw.js                               the service worker, given the release and its files
    tzaar.zip.gz                        the modules tzaar.facade imports, compiled (.pyc), in
                                        a zip that stores them, gzipped as a whole
    tzaar-more.zip                      the modules of the methods it imports on first call
                                        (computer player, tools), compiled; fetched then
    stdlib.zip                          the standard library modules they and Pyodide use (.pyc)
    pyodide/                            the runtime files the worker needs, from node_modules
    version.json                        {"version": HASH, "pyodide": ..., "files": [...]}
    .nojekyll                           so that GitHub Pages serves the files as they are

The Pyodide version is written only in package.json (and its lock file); HASH covers our
files and that version, so it changes with every release that changes anything.
"""

from __future__ import annotations

import argparse
import ast
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # build_minify.py, beside this file
import build_minify  # noqa: E402
WEB = ROOT / "web"
PACKAGE = ROOT / "tzaar"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
PYODIDE_SOURCE = ROOT / "node_modules" / "pyodide"

# What the worker needs from node_modules/pyodide: the loader, the Emscripten module, the
# WebAssembly, the standard library, and the lock file (loadPyodide fails on its 404).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Files of web/ that are not part of the site.
WEB_SKIP = {".DS_Store", "README.md"}

# A relative URL in a string literal or an HTML attribute, to an asset whose address must
# change with each release: "./app.js", '../x.css', "style.css" (in HTML attributes only).
STAMPED_EXTENSIONS = r"(?:m?js|css|json|zip|gz|svg|png|wasm)"
JS_RELATIVE_URL = re.compile(r"""(["'`])(\.{1,2}/[^"'`?#\s]+\.%s)\1""" % STAMPED_EXTENSIONS)
HTML_ASSET_ATTRIBUTE = re.compile(
    r"""(\s(?:src|href)=)(["'])(?![a-z][a-z0-9+.-]*:|/|#)([^"'?#\s]+\.%s)\2""" % STAMPED_EXTENSIONS,
    re.IGNORECASE,
)

SYSTEM_CHROMIUM = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")


class BuildError(Exception):
    """A build step that cannot go on; the message says what to do."""


# --- Pyodide ----------------------------------------------------------------------------


def pyodide_version() -> str:
    """The exact Pyodide version pinned in package.json (the one place it is written)."""
    spec = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    if not re.fullmatch(r"\d+\.\d+\.\d+", spec):
        raise BuildError(f"package.json must pin pyodide to one exact version, not {spec!r}.")
    return spec


def installed_pyodide_version() -> str | None:
    try:
        return json.loads((PYODIDE_SOURCE / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def esbuild_version() -> str | None:
    """The esbuild in node_modules, if it is there (package.json pins it)."""
    try:
        version = json.loads((ROOT / "node_modules" / "esbuild" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None
    return version if ESBUILD.exists() else None


def ensure_pyodide() -> str:
    """Install the pinned Pyodide (and esbuild) with npm unless node_modules already holds them."""
    wanted = pyodide_version()
    have = installed_pyodide_version()
    if have == wanted and all((PYODIDE_SOURCE / name).is_file() for name in PYODIDE_FILES) and esbuild_version():
        return wanted
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm is needed once to fetch the Pyodide runtime {wanted} and esbuild from the npm registry, "
            "and it was not found. Install Node.js with npm (Debian: apt-get install npm), "
            "then run this command again."
        )
    verb = "ci" if (ROOT / "package-lock.json").is_file() else "install"
    print(f"Installing Pyodide {wanted} with npm {verb} ...", flush=True)
    done = subprocess.run([npm, verb, "--no-audit", "--no-fund"], cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"npm {verb} failed (exit {done.returncode}); see its message above.")
    have = installed_pyodide_version()
    if have != wanted:
        raise BuildError(f"npm installed Pyodide {have}, but package.json pins {wanted}.")
    return wanted


# --- The site ---------------------------------------------------------------------------


ENTRY_MODULE = "tzaar.facade"  # what the worker imports


def module_file(name: str) -> Path | None:
    """The file of a module of the package ("tzaar.ai" -> tzaar/ai/__init__.py), if any."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_modules(path: Path, module: str) -> set[str]:
    """Every name of the package that a module imports, anywhere in it (lazy imports too)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in names if name.split(".")[0] == PACKAGE.name}


def lazy_modules() -> tuple[str, ...]:
    """The modules the facade imports on the first call of one of their methods: the keys of
    its LAZY_MODULES table."""
    for node in ast.parse(module_file(ENTRY_MODULE).read_bytes()).body:
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id == "LAZY_MODULES":
            return tuple(ast.literal_eval(node.value))
    return ()


def package_files(roots: tuple[str, ...] | None = None) -> list[Path]:
    """The .py files the browser needs: the modules the facade imports (and those it imports
    on first call), and theirs; or those of the modules `roots`.

    The command line, benchmarks and tests of tzaar/ stay out of the browser's download."""
    if module_file(ENTRY_MODULE) is None:
        raise BuildError(f"{ENTRY_MODULE} is missing: the worker has nothing to call.")
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
    return sorted(found.values())


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


PACKAGE_ARCHIVE = "tzaar.zip.gz"  # what the worker fetches first
MORE_ARCHIVE = "tzaar-more.zip"  # and on the first call of a method of LAZY_MODULES


def split_package(compiled: bytes) -> dict[str, bytes]:
    """tzaar.zip as compiled, split in two: the modules the start imports (tzaar.facade and
    its imports), and the rest, fetched on the first call of their methods.

    The start's zip stores its modules uncompressed and is gzipped as a whole: a fifth
    smaller than a zip of modules compressed one by one (the names and constants the modules
    share compress once); the worker unpacks it with the browser's DecompressionStream and
    zipimport reads it as it is. The rest is an ordinary zip, for Python to read after a fetch."""
    start = {path.relative_to(ROOT).with_suffix(".pyc").as_posix() for path in package_files((ENTRY_MODULE,))}
    parts: tuple[dict, dict] = ({}, {})
    with zipfile.ZipFile(io.BytesIO(compiled)) as archive:
        for name in archive.namelist():
            parts[name not in start][name] = archive.read(name)
    if set(parts[0]) != start:
        raise BuildError(f"tzaar.zip lacks {sorted(start - set(parts[0]))}.")
    return {
        PACKAGE_ARCHIVE: gzip.compress(write_zip(parts[0], zipfile.ZIP_STORED), 9, mtime=0),
        MORE_ARCHIVE: write_zip(parts[1]),
    }


def write_zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of `entries` whose bytes depend only on them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


COMPILER = ROOT / "build_pyc.mjs"
COMPILED_CACHE = ROOT / "node_modules" / ".cache" / "tzaar-pyc"


def compile_python(runtime: str, sources: bytes) -> dict[str, bytes]:
    """tzaar.zip and stdlib.zip compiled by Pyodide's own Python (build_pyc.mjs, in Node):
    `sources` is pack_package()'s zip. Kept in node_modules/.cache by the hash of what goes in,
    so only a change of the package, the compiler or the runtime compiles again (about 15 s)."""
    key = hashlib.sha256(runtime.encode() + COMPILER.read_bytes() + sources).hexdigest()[:16]
    done = COMPILED_CACHE / key
    names = ("tzaar.zip", "stdlib.zip", "stdlib.txt")
    if not all((done / name).is_file() for name in names):
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js (node) is needed to compile the Python for the browser; install it.")
        with tempfile.TemporaryDirectory() as folder:
            source_dir, out_dir = Path(folder, "src"), Path(folder, "out")
            out_dir.mkdir()
            with zipfile.ZipFile(io.BytesIO(sources)) as archive:
                archive.extractall(source_dir)
            run = subprocess.run([node, str(COMPILER), str(PYODIDE_SOURCE.resolve()), str(source_dir), str(out_dir)],
                                 capture_output=True, text=True)
            if run.returncode != 0 or not all((out_dir / name).is_file() for name in names):
                raise BuildError(f"build_pyc.mjs failed: {run.stderr.strip().splitlines()[-1:] or run.returncode}")
            done.mkdir(parents=True, exist_ok=True)
            for name in names:
                shutil.copyfile(out_dir / name, done / name)
    return {name: (done / name).read_bytes() for name in names}


def web_files() -> list[Path]:
    if not (WEB / "index.html").is_file():
        raise BuildError("web/index.html is missing.")
    return sorted(
        p for p in WEB.rglob("*")
        if p.is_file() and p.name not in WEB_SKIP and "__pycache__" not in p.parts
    )


def content_hash(runtime: str, sources: dict[str, bytes]) -> str:
    digest = hashlib.sha256(f"pyodide {runtime}\n".encode())
    for name in sorted(sources):
        digest.update(f"{name} {len(sources[name])}\n".encode())
        digest.update(sources[name])
    return digest.hexdigest()[:12]


def stamp_js(text: str, version: str) -> str:
    """Give every relative asset URL in a module the release's query string."""
    return JS_RELATIVE_URL.sub(lambda m: f"{m[1]}{m[2]}?v={version}{m[1]}", text)


def stamp_html(text: str, version: str) -> str:
    return HTML_ASSET_ATTRIBUTE.sub(lambda m: f"{m[1]}{m[2]}{m[3]}?v={version}{m[2]}", text)


STAMPERS = {".js": stamp_js, ".mjs": stamp_js, ".html": stamp_html}

# What dist/ leaves out of our text files (build_minify.py): JavaScript and CSS go through
# esbuild (node_modules, pinned in package.json), the page and JSON lose their white space,
# and the page the English texts that i18n.js writes over at the start.
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
TEXT_MINIFIERS = {".html": build_minify.page, ".json": build_minify.json_}


def minify(files: dict[str, bytes]) -> dict[str, bytes]:
    """Those of `files` (name -> bytes as in web/) that the site serves smaller, minified."""
    try:
        out = build_minify.code({name: data for name, data in files.items()
                                 if Path(name).suffix in build_minify.CODE_SUFFIXES}, ESBUILD)
        for name, data in files.items():
            minifier = TEXT_MINIFIERS.get(Path(name).suffix)
            if minifier is not None:
                out[name] = minifier(data.decode("utf-8")).encode("utf-8")
    except (build_minify.MinifyError, ValueError) as error:
        raise BuildError(f"Minifying web/: {error}") from None
    return out


SERVICE_WORKER = "sw.js"
RELEASE_LINE = re.compile(r"^const RELEASE = .*;$", re.MULTILINE)


def release_service_worker(text: str, manifest: dict) -> bytes:
    """The service worker, told the release: it precaches the files into a cache named after it."""
    text, count = RELEASE_LINE.subn(
        lambda _: f"const RELEASE = {json.dumps(manifest, separators=(',', ':'))};", text
    )
    if count != 1:
        raise BuildError(f"web/{SERVICE_WORKER} needs one line 'const RELEASE = ...;' for build.py to fill.")
    return text.encode("utf-8")


# The texts of web/lang/<code>.json that a start of the page does not show: those of the
# tools, the game record, the new-game dialog and How to play, but the tools' buttons (there
# from the start, made by tools.js) and the texts of index.html outside its dialogs.
# dist/lang/<code>.json keeps the others; dist/lang/<code>.later.json has these, fetched by
# i18n.js loadLater() before the first of them is shown.
LATER_TEXTS = re.compile(r"(?!\w+\.button(?:\.title)?$|analysis\.attackMap$)(?:analysis|review|puzzles|editor|record|help|newGame)\..+")
LANGUAGE_FILE = re.compile(r"lang/(\w+)\.json")
PAGE_KEYS = re.compile(r'data-i18n(?:-rich)?="([^"]+)"|data-i18n-attr="([^"]+)"')


def page_keys(page: str) -> set[str]:
    """The text keys of index.html outside its dialogs: shown from the start."""
    keys = set()
    for match in PAGE_KEYS.finditer(re.sub(r"<dialog\b.*?</dialog>", "", page, flags=re.DOTALL)):
        if match[1]:
            keys.add(match[1])
        else:
            keys.update(pair.partition(":")[2].strip() for pair in match[2].split(";"))
    return keys


def split_languages(sources: dict[str, bytes]) -> dict[str, bytes]:
    """lang/<code>.json without its later texts, and lang/<code>.later.json with them."""
    start = page_keys(sources.get("index.html", b"").decode())
    out = {}
    for name in sorted(sources):
        match = LANGUAGE_FILE.fullmatch(name)
        if not match:
            continue
        texts = json.loads(sources[name])
        parts: tuple[dict, dict] = ({}, {})
        for key, text in texts.items():
            parts[bool(LATER_TEXTS.fullmatch(key)) and key not in start][key] = text
        for part, file in zip(parts, (name, f"lang/{match[1]}.later.json")):
            out[file] = json.dumps(part, ensure_ascii=False, separators=(",", ":")).encode()
    return out


APP_MANIFEST = "manifest.webmanifest"


def language_manifests(sources: dict[str, bytes]) -> dict[str, bytes]:
    """manifest.<code>.webmanifest for each language of web/lang/ but English: the web app
    manifest with that language's description (key "manifest.description") and "lang"; the
    page links the one of the language shown (web/i18n.js)."""
    if APP_MANIFEST not in sources:
        return {}
    base = json.loads(sources[APP_MANIFEST])
    out = {}
    for name in sorted(sources):
        match = re.fullmatch(r"lang/(\w+)\.json", name)
        if not match or match[1] == base.get("lang", "en"):
            continue
        texts = json.loads(sources[name])
        manifest = {**base, "lang": match[1], "description": texts.get("manifest.description", base.get("description"))}
        out[f"manifest.{match[1]}.webmanifest"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    return out


def build(quiet: bool = False) -> dict:
    """Make dist/ afresh; return the contents of dist/version.json."""
    runtime = ensure_pyodide()
    sources = {p.relative_to(WEB).as_posix(): p.read_bytes() for p in web_files()}
    compiled = compile_python(runtime, pack_package())
    python = {**split_package(compiled["tzaar.zip"]), "stdlib.zip": compiled["stdlib.zip"]}
    version = content_hash(f"{runtime} esbuild {esbuild_version()}", {**sources, **python})

    # Built beside dist/ (in its parent, so the renames never cross filesystems) and
    # swapped in whole, so a server never shows half a build.
    DIST.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".dist-", dir=DIST.parent))
    try:
        files = {name: data for name, data in sources.items() if name != SERVICE_WORKER}
        files.update(language_manifests(sources))
        files.update(split_languages(sources))
        files.update(python)
        for name in PYODIDE_FILES:
            files[f"pyodide/{name}"] = (PYODIDE_SOURCE / name).read_bytes()
        manifest = {"version": version, "pyodide": runtime, "files": sorted([*files, "version.json"])}
        files["version.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
        files[".nojekyll"] = b""
        if SERVICE_WORKER in sources:
            files[SERVICE_WORKER] = release_service_worker(sources[SERVICE_WORKER].decode(), manifest)
        # (The service worker as written: it is no part of a page's load, and its release
        # line stays readable.)
        files.update(minify({name: data for name, data in files.items() if name in sources and name != SERVICE_WORKER}))
        for name, data in files.items():
            target = stage / name
            target.parent.mkdir(parents=True, exist_ok=True)
            stamper = STAMPERS.get(target.suffix) if name in sources else None
            if stamper is not None:
                data = stamper(data.decode("utf-8"), version).encode("utf-8")
            target.write_bytes(data)
        stage.chmod(0o755)
        old = DIST.parent / f".dist-old-{os.getpid()}"
        if DIST.exists():
            DIST.rename(old)
        stage.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    if not quiet:
        own = sum(len(data) for name, data in files.items() if not name.startswith("pyodide/"))
        print(f"Built dist/ (release {version}, Pyodide {runtime}, our files {own / 1024:.1f} KB)")
    return manifest


# --- Serving ----------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the types browsers need and revalidation on every load."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
    }

    def end_headers(self) -> None:
        # A rebuilt file must never be taken from the browser's cache unchecked.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("TZAAR_SERVE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a page mid-download is no error of the server.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, handler=SiteHandler) -> SiteServer:
    """A server for `directory` on 127.0.0.1 (port 0 picks a free one)."""
    bound = functools.partial(handler, directory=str(directory))
    return SiteServer(("127.0.0.1", port), bound)


def serve(port: int, fresh: bool = True) -> None:
    if fresh or not (DIST / "version.json").is_file():
        build()
    try:
        server = make_server(DIST, port)
    except OSError as error:
        raise BuildError(f"Cannot listen on 127.0.0.1:{port} ({error.strerror}); try --port.") from None
    print(f"Serving TZAAR at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


# --- Testing ----------------------------------------------------------------------------


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def has_pip(python: Path) -> bool:
    """Whether this interpreter exists and can run pip (a half-made .venv cannot)."""
    if not python.exists():
        return False
    check = [str(python), "-m", "pip", "--version"]
    return subprocess.run(check, capture_output=True).returncode == 0


def ensure_venv() -> Path:
    """Create .venv and install the package with its test extras when pyproject changed."""
    python = venv_python()
    if not has_pip(python):
        print("Creating .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as error:
            shutil.rmtree(VENV, ignore_errors=True)
            raise BuildError(
                f"Could not create .venv with pip ({error}). On Debian or Ubuntu install "
                "python3-venv (apt-get install python3-venv), then run this again."
            ) from None
        if not has_pip(python):
            shutil.rmtree(VENV, ignore_errors=True)
            raise BuildError("The new .venv has no pip. On Debian or Ubuntu install python3-venv.")
    stamp = VENV / ".tzaar-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        print("Installing the package and its test tools into .venv ...", flush=True)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if subprocess.run([*pip, "-e", ".[test]"], cwd=ROOT).returncode != 0:
            raise BuildError("pip could not install the test tools; see its message above.")
        stamp.write_text(wanted)
    return python


def system_chromium() -> str | None:
    """The path of a Chromium installed on the system, if any ($TZAAR_CHROMIUM first)."""
    for candidate in (os.environ.get("TZAAR_CHROMIUM"), *SYSTEM_CHROMIUM):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def ensure_browser(python: Path) -> str | None:
    """A browser for the end-to-end tests: the system Chromium, else Playwright's own."""
    found = system_chromium()
    if found:
        print(f"Browser: {found}")
        return found
    print("No system Chromium; installing Playwright's Chromium ...", flush=True)
    if subprocess.run([str(python), "-m", "playwright", "install", "chromium"], cwd=ROOT).returncode != 0:
        # No skip: the browser tests then fail and say why.
        print(
            "Could not install a browser. Install Chromium (Debian: apt-get install chromium) "
            "or set TZAAR_CHROMIUM to its path.",
            file=sys.stderr,
        )
    return None


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    build()
    env = dict(os.environ, TZAAR_BUILT="1")
    chromium = ensure_browser(python)
    if chromium:
        env["TZAAR_CHROMIUM"] = chromium
    command = [str(python), "-m", "pytest", *pytest_args]
    print("$ " + " ".join(command), flush=True)
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure.", file=sys.stderr)
        return 1
    return code


# --- Command line -----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, serve and test the TZAAR site.")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is, if built")
    commands.add_parser("test", help="set up .venv, build, and run every test (other arguments go to pytest)")
    args, pytest_args = parser.parse_known_args(argv)
    if pytest_args and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(pytest_args)}")
    try:
        if args.command == "serve":
            serve(args.port, fresh=not args.no_build)
        elif args.command == "test":
            return test(pytest_args)
        else:
            build()
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
