"""The computer in the browser: search speed (nodes/s) and the time each level takes a turn.

    .venv/bin/python -m lab.browser.bench_ai [--nodes 20000] [--no-build] [--levels beginner,casual,...]
                                     [--before DIST]

In headless Chromium, the site's own engine worker (web/engine/worker.js: Pyodide and the
tzaar package of dist/) is started from a page of the served dist/ and driven by its message
protocol, as web/game/computer.js drives it: `ai_start`, then `ai_step {slice_ms: 40}` until done.
The same run measures CPython in this process through the same facade calls, so the two
speeds compare on the same machine at the same moment.

- nodes/s: `ai_move {position, level: "strong", nodes: N}` on the five positions of
  lab/bench.py (random playouts from fixed seeds); nodes over the Python-side elapsed
  time, summed over the positions.
- before and after: with ``--before DIST`` (the dist/ of an older commit, built by its own
  build.py), the same searches in that site's worker too, in the same run, alternating with
  today's, and the ratio of the two browser speeds.
- a turn per level: the wall clock seen by the page from `ai_start` to the answer, through
  40 ms slices, from the same five positions with a fixed seed; median and maximum.
- the main thread while the computer thinks: on the page itself (index.html), a person
  against Expert for a few turns; the long tasks (over 50 ms) from the board saying it thinks
  to its first action, as e2e/test_ai_play.py records them. The aim is none at all; the e2e
  test only fails a task over 200 ms, so that a loaded CI machine passes it. Beside them,
  Chromium's long animation frames (over 50 ms): the time scripts blocked them and the
  scripts of the longest, which tells our code's slow frames from a renderer short of CPU.

Prints Markdown tables for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script
from conftest import CHROMIUM_FLAGS, build, serving  # noqa: E402
from helpers import RECORDERS, act, choose, idle, new_game, thinking_window  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

from lab.bench import playout  # noqa: E402
from tzaar.ai.players import LEVELS  # noqa: E402
from tzaar.facade import call  # noqa: E402
from tzaar.position import Position  # noqa: E402

SLICE_MS = 40  # as web/game/computer.js

# The worker, driven from a page: a promise-returning call() on window.__engine.
DRIVER = """async () => {
  const worker = new Worker(new URL("engine/worker.js", location.href), { type: "module" });
  let next = 1;
  const pending = new Map();
  let ready;
  const isReady = new Promise((resolve, reject) => (ready = { resolve, reject }));
  worker.onmessage = ({ data }) => {
    if (data.ready) ready.resolve();
    else if (data.fatal) ready.reject(new Error(data.fatal.message));
    else if (data.id !== undefined) {
      const p = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) p.reject(new Error(data.error.message));
      else p.resolve(data.result);
    }
  };
  const call = (method, params) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, params });
    });
  window.__engine = { call };
  await isReady;
}"""

TURN = """async ([position, level, sliceMs]) => {
  const { call } = window.__engine;
  const t0 = performance.now();
  const { job } = await call("ai_start", { position, level, seed: 1 });
  let slices = 0;
  for (;;) {
    const answer = await call("ai_step", { job, slice_ms: sliceMs });
    slices += 1;
    if (answer.done) return { ms: performance.now() - t0, slices, info: answer.info, actions: answer.actions };
  }
}"""


def positions() -> list[str]:
    cases = [(Position.standard(), 1), (Position.standard(), 9), (Position.random(3), 15),
             (Position.random(4), 25), (Position.standard(), 30)]
    return [playout(start, i, n).text() for i, (start, n) in enumerate(cases)]


def speed(results: list[dict]) -> float:
    return sum(r["nodes"] for r in results) / sum(r["elapsed"] for r in results)


def worker_page(browser, url: str):
    """A page of the site at ``url`` with its engine worker started (``window.__engine``)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + "version.json")
    page.evaluate(DRIVER)
    return page


# Long animation frames (Chromium): a frame over 50 ms, with the scripts that ran in it, so
# that a slow frame says whether our code blocked it (blocking > 0, its scripts) or the
# renderer only waited for the CPU (blocking 0, no script of ours).
FRAMES = """
window.__frames = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
        scripts: e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)} ms`) });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (error) {}
"""


def long_tasks_while_thinking(browser, url: str, turns: int) -> None:
    """Person against Expert on the page: the main thread's long tasks while Expert thinks,
    and its long animation frames (how long they blocked, the scripts in the longest)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORDERS)
    page.add_init_script(FRAMES)
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-engine=ready]", timeout=60_000)
    idle(page)
    if page.evaluate("() => window.__long === null"):
        print("\n(no long-task timing in this browser)")
        return
    new_game(page, "person", "computer:expert")
    rng = random.Random(1)
    print("\n| Expert's turn | thinking | slices | main-thread tasks over 50 ms | longest |"
          " frames over 50 ms | blocked | scripts of the longest frame |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for turn in range(1, turns + 1):
        while page.evaluate("() => { const s = window.tzaar.state; return !s.view.winner && s.players[s.view.side] === 'person'; }"):
            act(page, choose(page.evaluate("() => window.tzaar.state.view"), rng))
        if page.evaluate("() => Boolean(window.tzaar.state.view.winner)"):
            break
        count = page.evaluate("() => window.tzaar.state.actions.length")
        page.wait_for_function(
            "(n) => { const s = window.tzaar.state; return s.actions.length > n && !s.thinking && !s.busy"
            " && s.view && (s.view.winner || s.players[s.view.side] === 'person'); }",
            arg=count,
            timeout=60_000,
        )
        window = thinking_window(page)
        longest = max((e["duration"] for e in window["long"]), default=0)
        frames = page.evaluate(
            "([a, b]) => window.__frames.filter((e) => e.start >= a && e.start <= b)",
            [window["began"], window["ended"]],
        )
        worst = max(frames, key=lambda e: e["duration"], default=None)
        print(
            f"| {turn} | {(window['ended'] - window['began']) / 1000:.2f} s | {len(window['steps'])}"
            f" | {len(window['long'])} | {longest:.0f} ms | {len(frames)}"
            f" | {sum(e['blocking'] for e in frames):.0f} ms | {', '.join(worst['scripts']) if worst else ''} |",
            flush=True,
        )
        if page.evaluate("() => Boolean(window.tzaar.state.view.winner)"):
            break
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_ai", description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--turns", type=int, default=3, help="Expert's turns watched on the page")
    parser.add_argument("--before", type=Path, help="dist/ of an older commit: its worker's speed too")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the speed measurement")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    texts = positions()
    params = [{"position": p, "level": "strong", "nodes": args.nodes, "seed": 1} for p in texts]

    def cpython() -> list[dict]:
        return [call("ai_move", q)["result"]["info"] for q in params]

    with serving(build.DIST) as url, sync_playwright() as pw, contextlib.ExitStack() as older:
        options = {"args": CHROMIUM_FLAGS}
        chromium = build.system_chromium()
        if chromium:
            options["executable_path"] = chromium
        browser = pw.chromium.launch(**options)
        page = worker_page(browser, url)
        version = browser.version
        old_page = None
        if args.before:
            old_page = worker_page(browser, older.enter_context(serving(args.before)))

        def in_browser(on) -> list[dict]:
            return [on.evaluate("(q) => window.__engine.call('ai_move', q)", q)["info"] for q in params]

        # Speed: CPython and the browser (and the older site's worker) in turn, each round
        # (the machine's load drifts).
        rows = {"CPython": [], "Pyodide in the worker": [], "Pyodide in the worker, before": []}
        for _ in range(args.rounds):
            rows["CPython"] += cpython()
            rows["Pyodide in the worker"] += in_browser(page)
            if old_page:
                rows["Pyodide in the worker, before"] += in_browser(old_page)
        rows["CPython"] += cpython()
        print(f"Chromium {version}, Python {sys.version.split()[0]}, {args.nodes} nodes a position,"
              f" {args.rounds} round(s)\n")
        print("| search (`ai_move`, level strong, node budget) | nodes | seconds | nodes/s |")
        print("| --- | ---: | ---: | ---: |")
        for name, runs in rows.items():
            if runs:
                nodes = sum(r["nodes"] for r in runs)
                seconds = sum(r["elapsed"] for r in runs)
                print(f"| {name} | {nodes:,} | {seconds:.2f} | {nodes / seconds:,.0f} |")
        br = speed(rows["Pyodide in the worker"])
        print(f"\nPyodide / CPython: {br / speed(rows['CPython']):.2f}")
        if old_page:
            print(f"Pyodide, today / before: {br / speed(rows['Pyodide in the worker, before']):.2f}")
            old_page.context.close()
        print()

        print(f"| level | turn time in the browser, median | max | slices of {SLICE_MS} ms (median) | nodes (median) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for level in args.levels.split(","):
            turns = [page.evaluate(TURN, [p, level, SLICE_MS]) for p in texts]
            ms = [t["ms"] for t in turns]
            print(
                f"| {level} | {statistics.median(ms) / 1000:.2f} s | {max(ms) / 1000:.2f} s"
                f" | {statistics.median(t['slices'] for t in turns):.0f}"
                f" | {statistics.median(t['info']['nodes'] for t in turns):,.0f} |",
                flush=True,
            )
        long_tasks_while_thinking(browser, url, args.turns)
        browser.close()


if __name__ == "__main__":
    main()
