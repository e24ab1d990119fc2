"""A slow phone: the page with Chromium's CPU slowed four times and a slow mobile network.

    .venv/bin/python -m lab.browser.bench_phone [--no-build] [--rounds 3]

Chromium at 390x844 (a phone's viewport, touch), its CPU throttled four times (DevTools'
`Emulation.setCPUThrottlingRate`) and the network of DevTools' "Slow 4G" preset
(NETWORK), with dist/ served as GitHub Pages serves it (lab/browser/bench_wire.py: gzip,
max-age) and the service worker blocked (a first visit). Per visit: when the board is drawn
and when the engine is ready (from navigation start), how often the loading bar moved before
ready; then the person's first action by two clicks and its answer, the longest input
event from input to the next paint (Event Timing: "every click answers within 100 ms"); then
a game against Expert: how long it thinks (its budget is 3 s) and the main thread's longest
task while it thinks (long tasks over 50 ms). Prints a Markdown table for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from helpers import RECORDERS, act, new_game, thinking_window  # noqa: E402

from lab.browser.bench_wire import PagesHandler  # noqa: E402
from lab.browser.site import site_in_chromium  # noqa: E402

CPU_SLOWDOWN = 4
# DevTools' "Slow 4G": 1.6 Mbit/s down, 750 kbit/s up, 562.5 ms round trip (with its 0.9 factor).
NETWORK = {"offline": False, "latency": 562.5, "downloadThroughput": 1.6e6 * 0.9 / 8,
           "uploadThroughput": 750e3 * 0.9 / 8}

# Before the page's scripts: when the board is drawn, when the engine is ready, the loading
# bar's values, and every input event slower than 16 ms from input to the next paint.
PROBE = """(() => {
  const marks = (window.__phone = {bar: [], events: []});
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!marks.board && document.querySelectorAll("#board [data-color]").length >= 60) marks.board = performance.now();
    if (!marks.ready && root.dataset.engine === "ready") marks.ready = performance.now();
    const bar = document.querySelector("#loading");
    const value = bar && bar.getAttribute("aria-valuenow");
    if (!marks.ready && value !== null && marks.bar.at(-1) !== value) marks.bar.push(value);
  }).observe(document, {subtree: true, childList: true, attributes: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.events.push({name: e.name, duration: e.duration, start: e.startTime});
  }).observe({type: "event", durationThreshold: 16, buffered: true});
})();"""


def one_visit(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                  is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    page.add_init_script(PROBE)
    page.add_init_script(RECORDERS)
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=300_000)
    page.wait_for_selector("#board[data-state=idle]")
    marks = page.evaluate("() => window.__phone")
    # The person's opening by two clicks, against Casual (the first visit's game).
    first = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    since = page.evaluate("() => performance.now()")
    act(page, first, wait=False)
    page.wait_for_function("() => window.tzaar.state.actions.length >= 3 && !window.tzaar.state.busy",
                           timeout=120_000)
    clicks = [e["duration"] for e in page.evaluate("() => window.__phone.events") if e["start"] >= since]
    # Against Expert: its thinking and the main thread meanwhile.
    new_game(page, "person", "computer:expert")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    page.wait_for_function("() => window.tzaar.state.actions.length >= 3 && !window.tzaar.state.busy",
                           timeout=120_000)
    window = thinking_window(page)
    context.close()
    return {
        "board": marks.get("board"), "ready": marks.get("ready"), "bar": len(marks["bar"]),
        "click": max(clicks, default=0.0), "think": window["ended"] - window["began"],
        "long": max((t["duration"] for t in window["long"]), default=0.0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_phone", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    with site_in_chromium(PagesHandler) as (browser, url):
        visits = [one_visit(browser, url) for _ in range(args.rounds)]
        version = browser.version

    def med(key: str) -> float:
        return statistics.median(v[key] for v in visits)

    print(f"Chromium {version}, CPU x{CPU_SLOWDOWN} slower, Slow 4G, 390x844, first visits, "
          f"medians of {args.rounds}.\n")
    print("| board drawn | engine ready | loading bar moves before ready | slowest input to paint, first action | "
          "Expert thinks | longest main-thread task meanwhile |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(f"| {med('board'):.0f} ms | {med('ready'):.0f} ms | {med('bar'):.0f} | {med('click'):.0f} ms | "
          f"{med('think'):.0f} ms | {med('long'):.0f} ms |")
    print("\nEach visit: " + "; ".join(
        f"board {v['board']:.0f}, ready {v['ready']:.0f}, click {v['click']:.0f}, long {v['long']:.0f}" for v in visits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
