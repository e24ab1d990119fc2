"""The endgame solver in the browser: its speed in Pyodide against CPython, and its slices.

    .venv/bin/python -m lab.browser.bench_solver [--no-build]

Positions: the 14- and 16-stack positions of ``python -m lab.solver_bench`` (10 games)
that the solver proves within 15,000 nodes (sliced, it needs up to 8% more). Each is asked of ``ai_move {level: "expert",
nodes: 50000, seed: 1}`` (the solver gets up to 20,000 of them and proves it) in the page's
engine worker and, in the same run, in CPython through the same facade call: nodes over the
Python-side elapsed time. Then the slices: ``ai_start`` and ``ai_step {slice_ms: 1}`` until
done, so that each step is one slice of the solver (``SOLVE_SLICE`` nodes); the round trip of
each step as the page sees it (median and largest). Printed as Markdown tables (BENCHMARKS.md,
"Endgame solver").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script

from lab.browser.bench_ai import DRIVER  # noqa: E402
from conftest import CHROMIUM_FLAGS, build, serving  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tzaar.ai.players import SOLVE_SLICE  # noqa: E402
from tzaar.ai.solver import solve  # noqa: E402
from lab.solver_bench import bench_positions  # noqa: E402
from tzaar.facade import call  # noqa: E402
from tzaar.rules.position import Position  # noqa: E402

STEPS = """async ([position]) => {
  const { call } = window.__engine;
  const { job } = await call("ai_start", { position, level: "expert", nodes: 50000, seed: 1 });
  const ms = [];
  for (;;) {
    const t = performance.now();
    const answer = await call("ai_step", { job, slice_ms: 1 });
    ms.push(performance.now() - t);
    if (answer.done) return { ms, info: answer.info };
  }
}"""


def positions() -> list[str]:
    out = []
    for texts in bench_positions(10, (14, 16)).values():
        for text in texts:
            sol = solve(Position.from_text(text).board(), max_nodes=15_000)
            if sol is not None and sol.nodes >= 200:
                out.append(text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_solver", description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    texts = positions()
    params = [{"position": p, "level": "expert", "nodes": 50_000, "seed": 1} for p in texts]

    def cpython() -> list[dict]:
        return [call("ai_move", q)["result"]["info"] for q in params]

    with serving(build.DIST) as url, sync_playwright() as pw:
        options = {"args": CHROMIUM_FLAGS}
        chromium = build.system_chromium()
        if chromium:
            options["executable_path"] = chromium
        browser = pw.chromium.launch(**options)
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(url + "version.json")
        page.evaluate(DRIVER)
        before = cpython()
        in_browser = [page.evaluate("(q) => window.__engine.call('ai_move', q)", q)["info"] for q in params]
        after = cpython()
        proven = [sum(1 for r in runs if r.get("proven")) for runs in (before, in_browser, after)]
        assert proven == [len(texts)] * 3, proven
        print(f"Chromium {browser.version}, Python {sys.version.split()[0]}, {len(texts)} positions\n")
        print("| solver (`ai_move`, expert) | nodes | seconds | nodes/s |")
        print("| --- | ---: | ---: | ---: |")
        for name, runs in (("CPython, before", before), ("Pyodide in the worker", in_browser), ("CPython, after", after)):
            nodes = sum(r["nodes"] for r in runs)
            seconds = sum(r["elapsed"] for r in runs)
            print(f"| {name} | {nodes:,} | {seconds:.2f} | {nodes / seconds:,.0f} |")
        steps = []
        for text in texts:
            steps += page.evaluate(STEPS, [text])["ms"]
        print(
            f"\nSlices of {SOLVE_SLICE} solver nodes (ai_step round trip in the page): {len(steps)} steps,"
            f" median {statistics.median(steps):.1f} ms, 90th percentile"
            f" {sorted(steps)[int(0.9 * len(steps))]:.1f} ms, largest {max(steps):.1f} ms"
        )
        browser.close()


if __name__ == "__main__":
    main()
