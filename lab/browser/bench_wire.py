"""A first visit over the wire: the bytes a new visitor downloads, compressed as GitHub Pages does.

    .venv/bin/python -m lab.browser.bench_wire [--no-build] [--rounds 3]

dist/ is served on 127.0.0.1 the way GitHub Pages serves it: `Cache-Control: max-age=600`,
an ETag, Last-Modified and 304 answers to conditional requests, and gzip on the fly for the types it
compresses (sitebuild/serve.py's GZIPPED; what is known of GitHub Pages' list is in docs/benchmarks-log.md,
"A first visit over the wire"), never for a zip, a PNG or a `.gz` file. A fresh
Chromium context (empty caches, service worker allowed) opens the page; the server counts
the bytes of every response body it sends. Two moments: the engine ready (what the page
needs to play; measured with the service worker blocked, which starts on ready) and the
service worker's precache done (`<html data-offline="ready">`:
everything a visitor downloads before the game plays offline). Prints a Markdown summary
and the largest downloads.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402

from lab.browser.site import site_in_chromium  # noqa: E402
from sitebuild.serve import GZIP_LEVEL, GZIPPED, PagesHandler  # noqa: E402

def until_ready(browser, url: str) -> tuple[int, int]:
    """A first visit with the service worker blocked: bytes sent until the engine is ready
    (all, and ours)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    PagesHandler.sent.clear()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(300)
    context.close()
    return sum(w for _, w, _ in PagesHandler.sent), sum(w for p, w, _ in PagesHandler.sent if not ours_excluded(p))


def visit(browser, url: str) -> dict:
    """One first visit: bytes sent until ready (service worker blocked), until the precache
    is done, and per path."""
    ready, ours_ready = until_ready(browser, url)
    context = browser.new_context()
    page = context.new_page()
    PagesHandler.sent.clear()
    page.goto(url)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(500)  # a last request of the precache's end
    everything = list(PagesHandler.sent)
    context.close()
    per_path: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for path, wire, size in everything:
        entry = per_path[path.split("?")[0]]
        entry[0] += wire
        entry[1] = size
        entry[2] += 1
    return {"ready": ready, "ours_ready": ours_ready, "all": sum(w for _, w, _ in everything),
            "paths": dict(per_path), "requests": len(everything)}


def ours_excluded(path: str) -> bool:
    """The runtime's files: pyodide/ and stdlib.zip (Pyodide's standard library, the part in use)."""
    path = path.split("?")[0]
    return path.startswith("/pyodide/") or path == "/stdlib.zip"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_wire", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    with site_in_chromium(PagesHandler) as (browser, url):
        visits = [visit(browser, url) for _ in range(args.rounds)]
        version = browser.version

    mb = 2**20
    ready = statistics.median(v["ready"] for v in visits)
    whole = statistics.median(v["all"] for v in visits)
    print(f"Chromium {version}, {args.rounds} first visits, medians, gzip level {GZIP_LEVEL} on {', '.join(sorted(GZIPPED))}.\n")
    print("| first visit | over the wire |")
    print("| --- | --- |")
    print(f"| until the engine is ready | {ready / mb:.2f} MB |")
    print(f"| until the service worker's precache is done | {whole / mb:.2f} MB |")
    last = visits[-1]["paths"]
    ours = {p: e for p, e in last.items() if not ours_excluded(p)}
    ours_ready = statistics.median(v["ours_ready"] for v in visits)
    print(f"\nOur own files (outside pyodide/ and stdlib.zip) over the wire: {ours_ready / 1024:.1f} KB "
          f"until ready, {sum(e[0] for e in ours.values()) / 1024:.1f} KB the whole visit ({len(ours)} files).")
    print("\nThe largest downloads (path: over the wire / file size, requests):")
    for path, (wire, size, count) in sorted(last.items(), key=lambda item: -item[1][0])[:10]:
        print(f"- {path}: {wire / 1024:.1f} KB / {size / 1024:.1f} KB, {count}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
