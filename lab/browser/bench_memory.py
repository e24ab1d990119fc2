"""Memory over a long session: the computer plays itself game after game in one page.

    .venv/bin/python -m lab.browser.bench_memory [--games 200] [--level beginner] [--every 20] [--no-build]

One page of the built site (served on 127.0.0.1, reduced motion so no slide waits), both
sides the computer at `--level`; after each game the next one starts through the new-game
dialog, as a person would. At the start (the first game set up) and every `--every` games
it prints where the memory is:

- renderer: the resident set (RSS, /proc) of Chromium's renderer processes, the page's and
  its worker's (a dedicated worker runs in its page's process);
- page heap: the page's JavaScript heap in use (CDP Runtime.getHeapUsage), after a
  collection (HeapProfiler.collectGarbage);
- DOM nodes and listeners (CDP Memory.getDOMCounters);
- wasm: the size of Pyodide's WebAssembly memory (it only ever grows);
- py objects: the objects Python's collector tracks (len(gc.get_objects()));
- jobs: the searches and reviews the worker keeps between calls (each with its transposition
  table, which lives only as long as its search);
the last three read in the worker through `self.tzaarDebug.memory()` (web/engine/worker.js).

Then the growth from the start to the end, and per game. Prints a Markdown table for
BENCHMARKS.md. Not part of the test run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script
from conftest import build  # noqa: E402
from helpers import new_game  # noqa: E402

from lab.browser.site import site_in_chromium  # noqa: E402


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def renderer_rss_mb() -> float:
    """The resident set of the renderer processes started by this script, in MB."""
    total = 0
    for pid in descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def measure(page, cdp) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    worker = page.workers[0].evaluate("() => self.tzaarDebug.memory()")
    return {
        "renderer": renderer_rss_mb(),
        "heap": heap["usedSize"] / 2**20,
        "nodes": dom["nodes"],
        "listeners": dom["jsEventListeners"],
        "wasm": worker["wasmBytes"] / 2**20,
        "objects": worker["gcObjects"],
        "jobs": worker["jobs"],
    }


def row(label: str, m: dict) -> str:
    return (f"| {label} | {m['renderer']:.1f} MB | {m['heap']:.1f} MB | {m['nodes']} | {m['listeners']} "
            f"| {m['wasm']:.1f} MB | {m['objects']} | {m['jobs']} |")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    player = f"computer:{args.level}"
    with site_in_chromium() as (browser, base):
        url = base + "index.html"
        context = browser.new_context(service_workers="block", reduced_motion="reduce")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        print(f"Chromium {browser.version}, {args.games} games {player} against {player} in one page.\n")
        print("| after | renderer RSS | page heap | DOM nodes | listeners | wasm memory | py objects | jobs |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        started = time.perf_counter()
        first = last = None
        for game in range(args.games + 1):
            new_game(page, player, player)
            if game == 0:
                first = measure(page, cdp)
                print(row("start", first), flush=True)
            elif game % args.every == 0 or game == args.games:
                last = measure(page, cdp)
                print(row(f"{game} games", last), flush=True)
            if game < args.games:
                page.wait_for_selector("#result:not([hidden])", timeout=600_000)
        seconds = time.perf_counter() - started
    games = args.games
    print(f"\n{games} games in {seconds / 60:.1f} min ({seconds / games:.1f} s a game). Growth from the start: "
          f"renderer {last['renderer'] - first['renderer']:+.1f} MB ({(last['renderer'] - first['renderer']) / games * 1024:+.0f} KB a game), "
          f"page heap {last['heap'] - first['heap']:+.1f} MB, wasm {last['wasm'] - first['wasm']:+.1f} MB, "
          f"py objects {last['objects'] - first['objects']:+d}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
