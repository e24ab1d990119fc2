"""dist/ assembled from web/, the browser's Python and the Pyodide runtime: the release hash,
the minified files, relative asset URLs stamped with the release, the service worker told
its files, and the whole swapped in at once."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from . import BuildError, minify as minifiers, online
from .languages import language_manifests, split_languages
from .paths import BROWSER_PYTHON_DIR, ESBUILD, ROOT
from .python import browser_archives
from .runtime import PYODIDE_FILES, PYODIDE_SOURCE, ensure_pyodide, esbuild_version

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

SERVICE_WORKER = "sw.js"
RELEASE_LINE = re.compile(r"^const RELEASE = .*;$", re.MULTILINE)
# The files of the engine that web/engine/worker.js fetches on a page's start (its loading
# bar counts their bytes), and the types among them that GitHub Pages gzips (docs/benchmarks-log.md,
# "A first visit over the wire"; lab/browser/bench_wire.py serves them alike).
WORKER = "engine/worker.js"
DOWNLOADS = ("pyodide/pyodide-lock.json", "pyodide/pyodide.asm.wasm", "stdlib.zip", "tzaar.zip.gz")
GZIPPED_SUFFIXES = (".json", ".wasm")
DOWNLOAD_LINE = re.compile(r"^const DOWNLOAD = .*;$", re.MULTILINE)

# What dist/ leaves out of our text files (minify.py): JavaScript and CSS go through esbuild
# (node_modules, pinned in package.json), the page and JSON lose their white space, and the
# page the English texts that i18n.js writes over at the start.
TEXT_MINIFIERS = {".html": minifiers.page, ".json": minifiers.json_}


def web_files(web: Path) -> list[Path]:
    """The files of `web` that the site serves (web/engine/python/ goes into stdlib.zip instead)."""
    if not (web / "index.html").is_file():
        raise BuildError(f"{web}/index.html is missing.")
    return sorted(
        p for p in web.rglob("*")
        if p.is_file() and p.name not in WEB_SKIP and "__pycache__" not in p.parts
        and not p.is_relative_to(web / BROWSER_PYTHON_DIR)
    )


def content_hash(runtime: str, sources: dict[str, bytes]) -> str:
    """The release: a hash of the runtime's name and every file (name and bytes), 30 bits in
    5 characters of URL-safe base64 (short: every URL of the start carries it, 135 times;
    two releases share one once in a billion)."""
    digest = hashlib.sha256(f"pyodide {runtime}\n".encode())
    for name in sorted(sources):
        digest.update(f"{name} {len(sources[name])}\n".encode())
        digest.update(sources[name])
    return base64.urlsafe_b64encode(digest.digest()).decode()[:5]


def stamp_js(text: str, version: str) -> str:
    """Give every relative asset URL in a module the release's query string."""
    return JS_RELATIVE_URL.sub(lambda m: f"{m[1]}{m[2]}?{version}{m[1]}", text)


def stamp_html(text: str, version: str) -> str:
    """Give every relative asset URL of a page's src and href attributes the release's query string."""
    return HTML_ASSET_ATTRIBUTE.sub(lambda m: f"{m[1]}{m[2]}{m[3]}?{version}{m[2]}", text)


STAMPERS = {".js": stamp_js, ".mjs": stamp_js, ".html": stamp_html}


def minify(files: dict[str, bytes]) -> dict[str, bytes]:
    """Those of `files` (name -> bytes as in web/) that the site serves smaller, minified."""
    try:
        out = minifiers.code({name: data for name, data in files.items()
                              if Path(name).suffix in minifiers.CODE_SUFFIXES}, ESBUILD)
        for name, data in files.items():
            minifier = TEXT_MINIFIERS.get(Path(name).suffix)
            if minifier is not None:
                out[name] = minifier(data.decode("utf-8")).encode("utf-8")
    except ValueError as error:  # minify.MinifyError among them
        raise BuildError(f"Minifying web/: {error}") from None
    return out


def release_service_worker(text: str, manifest: dict) -> bytes:
    """The service worker, told the release: it precaches the files into a cache named after it."""
    text, count = RELEASE_LINE.subn(
        lambda _: f"const RELEASE = {json.dumps(manifest, separators=(',', ':'))};", text
    )
    if count != 1:
        raise BuildError(f"web/{SERVICE_WORKER} needs one line 'const RELEASE = ...;' for build.py to fill.")
    return text.encode("utf-8")


def download_sizes(files: dict[str, bytes]) -> dict[str, list[int]]:
    """{file name: [bytes as stored, bytes over the wire]} of DOWNLOADS (gzip at level 6,
    a CDN's usual level, for GZIPPED_SUFFIXES; the others as they are)."""
    def wire(name: str) -> int:
        return len(gzip.compress(files[name], 6, mtime=0)) if name.endswith(GZIPPED_SUFFIXES) else len(files[name])

    return {name.rsplit("/", 1)[-1]: [len(files[name]), wire(name)] for name in DOWNLOADS}


def sized_worker(text: str, sizes: dict[str, list[int]]) -> bytes:
    """web/engine/worker.js with its DOWNLOAD line filled in."""
    text, count = DOWNLOAD_LINE.subn(lambda _: f"const DOWNLOAD = {json.dumps(sizes, separators=(',', ':'))};", text)
    if count != 1:
        raise BuildError(f"web/{WORKER} needs one line 'const DOWNLOAD = ...;' for build.py to fill.")
    return text.encode()


def build(web: Path, dist: Path, quiet: bool = False, local_relay: bool = False) -> dict:
    """Make `dist` afresh from `web` (and the package); return the contents of its version.json.
    `local_relay`: a development build, whose policy allows the local relays (online.py)."""
    runtime = ensure_pyodide()
    sources = {p.relative_to(web).as_posix(): p.read_bytes() for p in web_files(web)}
    if online.CONFIG in sources and "index.html" in sources:  # the relays allowed by the page's policy
        config = online.check_config(sources[online.CONFIG].decode("utf-8"))
        sources["index.html"] = online.with_relays(sources["index.html"].decode("utf-8"), config, local_relay).encode("utf-8")
    libraries = online.libraries(ESBUILD, ROOT) if online.CONFIG in sources else {}
    python = browser_archives(runtime)
    version = content_hash(f"{runtime} esbuild {esbuild_version()}", {**sources, **python, **libraries})

    # Built beside dist/ (in its parent, so the renames never cross filesystems) and
    # swapped in whole, so a server never shows half a build.
    dist.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
    try:
        files = {name: data for name, data in sources.items() if name != SERVICE_WORKER}
        files.update(language_manifests(sources))
        files.update(split_languages(sources))
        files.update(python)
        files.update(libraries)  # (bundled and minified already: no stamping, no minifying)
        for name in PYODIDE_FILES:
            files[f"pyodide/{name}"] = (PYODIDE_SOURCE / name).read_bytes()
        manifest = {"version": version, "pyodide": runtime, "files": sorted([*files, "version.json"])}
        files["version.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
        files[".nojekyll"] = b""
        if WORKER in sources:
            files[WORKER] = sized_worker(sources[WORKER].decode(), download_sizes(files))
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
        old = dist.parent / f".dist-old-{os.getpid()}"
        if dist.exists():
            dist.rename(old)
        stage.rename(dist)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    if not quiet:
        own = sum(len(data) for name, data in files.items() if not name.startswith("pyodide/"))
        print(f"Built {dist.name}/ (release {version}, Pyodide {runtime}, our files {own / 1024:.1f} KB)")
    return manifest
