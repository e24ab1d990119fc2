"""How fast the board answers: click-to-highlight and action-to-redraw, in the page.

    .venv/bin/python -m lab.browser.bench_clicks [--selections 60] [--actions 40] [--no-build]

One page of the built site (served on 127.0.0.1), the standard start as a link (a game
between two people, so no computer answers). Clicks are dispatched in the page right after
an animation frame starts (the worst moment: a whole frame to wait). "work" is the
JavaScript time (the click handler plus the render); "to highlight" runs from the click to
the end of the render that draws the targets, which happens in the very next frame; "to
redraw" runs from the click on a target to the end of the render of the new position,
through the engine worker and back. Prints the figures of BENCHMARKS.md's "a click on the
board" (until 2026-11-28 this was e2e/test_play_speed.py, run with `pytest -s`). Not part of
the test run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script
from conftest import build  # noqa: E402
from helpers import STANDARD, idle, link  # noqa: E402

from lab.browser.site import site_in_chromium  # noqa: E402

MEASURE = """async ({selections, actions}) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const t = window.tzaar.timings;
  const point = (name) => document.querySelector(`#board [data-point="${name}"]`);
  const click = (name) => point(name).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  const out = {work: [], highlight: [], frames: [], render: [], redraw: [], redrawRender: []};

  const view = () => window.tzaar.state.view;
  for (let i = 0; i < selections; i++) {
    const sources = Object.keys(view().legal.captures);
    const name = sources[i % sources.length];
    await frame();
    const t0 = performance.now();
    click(name);
    const handled = performance.now();
    let frames = 0;
    while (point(name).dataset.selected !== "true") { await frame(); frames++; }
    out.work.push(handled - t0 + (t.renderEnd - t.renderStart));
    out.render.push(t.renderEnd - t.renderStart);
    out.highlight.push(t.renderEnd - t0);
    out.frames.push(frames);
    click(name);  // let go again
    while (point(name).dataset.selected === "true") await frame();
  }

  for (let i = 0; i < actions && !view().winner; i++) {
    const legal = view().legal;
    const captures = Object.entries(legal.captures);
    const stacks = Object.entries(legal.stacks).filter(([from, tos]) => !legal.losing.includes(`${from}-${tos[0]}`));
    const [from, tos] = (i % 3 === 2 && stacks.length ? stacks : captures)[(i * 7) % (i % 3 === 2 && stacks.length ? stacks.length : captures.length)];
    click(from);
    while (point(from).dataset.selected !== "true") await frame();
    const before = window.tzaar.timings.position;
    await frame();
    const t0 = performance.now();
    click(tos[0]);
    while (t.position === before || document.querySelector("#board").dataset.state !== "idle") await frame();
    out.redraw.push(t.renderEnd - t0);
    out.redrawRender.push(t.renderEnd - t.renderStart);
  }
  return out;
}"""


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(values):6.2f} ms, p95 {p95:6.2f} ms, max {max(values):6.2f} ms (n={len(values)})"


# The standard start as a link: a game between two people (the bare address of a first visit
# plays against the computer).
STANDARD_LINK = link(STANDARD)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_clicks", description=__doc__.splitlines()[0])
    parser.add_argument("--selections", type=int, default=60, help="clicks that select a stack and let it go")
    parser.add_argument("--actions", type=int, default=40, help="actions played by two clicks")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    with site_in_chromium() as (browser, base):
        page = browser.new_context(service_workers="block").new_page()
        page.goto(base + STANDARD_LINK)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        idle(page)
        out = page.evaluate(MEASURE, {"selections": args.selections, "actions": args.actions})
        print(f"Chromium {browser.version}\n")
    print("click-to-highlight, JS work:   ", summary(out["work"]))
    print("click-to-highlight, render:    ", summary(out["render"]))
    print("click-to-highlight, wall clock:", summary(out["highlight"]))
    print("frames until the highlight:    ", sorted(set(out["frames"])))
    print("action-to-redraw, wall clock:  ", summary(out["redraw"]))
    print("action-to-redraw, render:      ", summary(out["redrawRender"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
