"""Loading benchmark: our page against a bare page that only starts the same Pyodide.

    .venv/bin/python -m lab.browser.bench_loading [--rounds 5] [--no-build]

Both pages are served by one server on 127.0.0.1 with GitHub Pages' caching header
(max-age=600), in the same run, alternating, from a fresh browser context ("cold": empty
HTTP and code caches) and then a second load in that context ("warm"). Times are from
navigation start, read in the page (performance.now()) by an observer installed before any
script runs: "board" is the first animation frame with the 60 pieces in #board, "ready"
is <html data-engine="ready">, "legal" the first legal moves answered (the page's state has
its first view). The ratios divide TZAAR's times by the bare page's "ready". Service
workers are blocked, so "warm" is the HTTP cache for both pages. Prints a Markdown table for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script
from conftest import CHROMIUM_FLAGS, build  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head><body></body></html>
"""
BARE_PAGE = """const worker = new Worker(new URL("./bare-worker.js", import.meta.url), {type: "module"});
worker.onmessage = () => document.documentElement.setAttribute("data-engine", "ready");
"""
BARE_WORKER = """const {loadPyodide} = await import("./pyodide/pyodide.mjs");
await loadPyodide({indexURL: new URL("./pyodide/", import.meta.url).href});
self.postMessage("ready");
"""

# Installed before the page's own scripts: records when the board and the engine are done.
PROBE = """(() => {
  const marks = (window.__marks = {});
  const check = () => {
    const root = document.documentElement;
    if (!marks.board && document.querySelectorAll("#board [data-color]").length >= 60) {
      marks.board = -1;
      requestAnimationFrame(() => (marks.board = performance.now()));
    }
    if (!marks.ready && root.getAttribute("data-engine") === "ready") marks.ready = performance.now();
    // The first legal moves answered (the page renders them, so a mutation follows).
    if (!marks.legal && window.tzaar?.state?.view?.legal) marks.legal = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


class PagesLikeHandler(build.SiteHandler):
    """GitHub Pages' caching: every file fresh for ten minutes."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


def our_bytes(dist: Path, names=None) -> tuple[int, int]:
    """Raw and gzipped bytes of dist/'s files outside the runtime (pyodide/ and stdlib.zip),
    or of those `names`."""
    files = [p for p in dist.rglob("*") if p.is_file() and "pyodide" not in p.relative_to(dist).parts
             and p.name != "stdlib.zip"]
    if names is not None:
        files = [p for p in files if p.relative_to(dist).as_posix() in names]
    raw = sum(p.stat().st_size for p in files)
    zipped = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
    return raw, zipped


def load(context, url: str, want_board: bool, requested: set | None = None) -> dict:
    page = context.new_page()
    page.add_init_script(PROBE)
    if requested is not None:
        context.on("request", lambda request: requested.add(request.url.split("?")[0]))
    page.goto(url)
    # Selectors, not wait_for_function: the page's CSP forbids the eval that it needs.
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    if want_board:
        page.wait_for_selector("#board[data-position]", state="attached")
        while "legal" not in page.evaluate("() => window.__marks"):
            page.wait_for_timeout(20)
    marks = page.evaluate("() => window.__marks")
    if want_board and not marks.get("board", 0) > 0:
        page.evaluate("() => new Promise(requestAnimationFrame)")
        marks = page.evaluate("() => window.__marks")
    page.close()
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_loading", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the site to measure (default dist/)")
    args = parser.parse_args()
    if not args.no_build and args.dist == build.DIST:
        build.build(quiet=True)
    dist = args.dist.resolve()

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        os.symlink(dist, root / "site")
        (root / "bare").mkdir()
        os.symlink(dist / "pyodide", root / "bare" / "pyodide")
        (root / "bare" / "index.html").write_text(BARE_HTML)
        (root / "bare" / "bare.js").write_text(BARE_PAGE)
        (root / "bare" / "bare-worker.js").write_text(BARE_WORKER)

        server = build.make_server(root, 0, PagesLikeHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        results = {(page, temp, mark): [] for page in ("bare", "site") for temp in ("cold", "warm")
                   for mark in ("board", "ready", "legal")}
        requested: set[str] = set()  # what a cold load of our page asks for
        with sync_playwright() as playwright:
            options = {"args": CHROMIUM_FLAGS}
            if build.system_chromium():
                options["executable_path"] = build.system_chromium()
            browser = playwright.chromium.launch(**options)
            for _ in range(args.rounds):
                for page in ("bare", "site"):
                    # Like for like: the HTTP cache for both pages, no service worker.
                    context = browser.new_context(service_workers="block")
                    for temp in ("cold", "warm"):
                        marks = load(context, f"{base}{page}/index.html", want_board=page == "site",
                                     requested=requested if (page, temp) == ("site", "cold") else None)
                        for mark in ("board", "ready", "legal"):
                            if mark in marks:
                                results[(page, temp, mark)].append(marks[mark])
                    context.close()
            version = browser.version
            browser.close()
        server.shutdown()

    def median(key):
        values = results[key]
        return f"{statistics.median(values):.0f} ms" if values else "-"

    print(f"Chromium {version}, {args.rounds} rounds, medians; "
          f"cold = new browser context, warm = second load in it.\n")
    print("| page | board drawn, cold | ready, cold | legal moves, cold | board drawn, warm | ready, warm | legal moves, warm |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for page, label in (("bare", "bare Pyodide page"), ("site", "TZAAR")):
        print(f"| {label} | " + " | ".join(median((page, temp, mark)) for temp in ("cold", "warm")
                                          for mark in ("board", "ready", "legal")) + " |")
    for temp in ("cold", "warm"):
        bare = statistics.median(results[("bare", temp, "ready")])
        ratio = statistics.median(results[("site", temp, "legal")]) / bare
        engine = statistics.median(results[("site", temp, "ready")]) / bare
        print(f"\n{temp}: TZAAR's first legal moves / bare Pyodide ready = {ratio:.2f} "
              f"(TZAAR's engine ready / bare = {engine:.2f})", end="")
    loaded = {
        url.removeprefix(f"{base}site/") or "index.html"
        for url in requested
        if url.startswith(f"{base}site/") and not url.startswith(f"{base}site/pyodide/")
    }
    # stdlib.zip is Pyodide's standard library (the part in use, compiled): the runtime's.
    runtime = {url.removeprefix(f"{base}site/") for url in requested if url.startswith(f"{base}site/pyodide/")}
    runtime |= loaded & {"stdlib.zip"}
    raw, zipped = our_bytes(dist, loaded - runtime)
    sizes = sorted(((dist / name).stat().st_size, name) for name in loaded - runtime if (dist / name).is_file())
    print("\n\nThe largest of our files a load fetches: "
          + ", ".join(f"{name} {size / 1024:.1f} KB" for size, name in sizes[::-1][:8]), end="")
    print(f"\n\nWhat a load of our page fetches outside the runtime ({len(loaded - runtime)} files): "
          f"{raw / 1024:.1f} KB, {zipped / 1024:.1f} KB gzipped.", end="")
    runtime_bytes = sum((dist / name).stat().st_size for name in runtime)
    print(f"\nThe runtime files it fetches: {', '.join(sorted(runtime))}: {runtime_bytes / 2**20:.2f} MB "
          f"(the bare page: the same with pyodide/python_stdlib.zip, "
          f"{(dist / 'pyodide' / 'python_stdlib.zip').stat().st_size / 2**20:.2f} MB, for stdlib.zip).", end="")
    raw, zipped = our_bytes(dist)
    print(f"\nAll our files (dist/ outside pyodide/ and stdlib.zip): {raw / 1024:.1f} KB, {zipped / 1024:.1f} KB gzipped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
