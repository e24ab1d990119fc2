"""A slow phone: the page with Chromium's CPU slowed four times and a slow mobile network.

    .venv/bin/python -m lab.browser.bench_phone [--no-build] [--rounds 3] [--turns 3] [--before DIST]

Chromium at 390x844 (a phone's viewport, touch), its CPU throttled four times (DevTools'
`Emulation.setCPUThrottlingRate`) and the network of DevTools' "Slow 4G" preset
(NETWORK), with dist/ served as GitHub Pages serves it (lab/browser/bench_wire.py: gzip,
max-age) and the service worker blocked (a first visit). Per visit: when the board is drawn
and when the engine is ready (from navigation start), how often the loading bar moved before
ready; then the person's first action by two clicks and its answer, the longest input
event from input to the next paint (Event Timing: "every click answers within 100 ms"); then
a game against Expert, `--turns` turns of the person (by clicks) and Expert: how long it
thinks (about 3 s), the main thread's longest task while it thinks (long tasks over 50 ms),
and, from the person's first click to the end of Expert's turn (its search, then its actions
played), the longest script of the page in
the long animation frames (Chromium's attribution: a frame also waits for style, layout and
paint, and on a busy machine for the CPU; a script is the page's own work) and the longest
frame. With ``--before DIST`` (the dist/ of an older commit, built by its own build.py) the
visits alternate between the two sites. Prints a Markdown table for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from helpers import RECORDERS, act, new_game, our_scripts, persons_turn, thinking_window  # noqa: E402

from sitebuild.serve import PagesHandler  # noqa: E402
from lab.browser.site import chromium, served  # noqa: E402

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
    const text = bar?.querySelector(".loading-text")?.textContent ?? "";
    if (!marks.ready && text.includes("MB") && !marks.megabytes?.includes(text)) (marks.megabytes ??= []).push(text);
  }).observe(document, {subtree: true, childList: true, attributes: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.events.push({name: e.name, duration: e.duration, start: e.startTime});
  }).observe({type: "event", durationThreshold: 16, buffered: true});
})();"""


def one_visit(browser, url: str, turns: int) -> dict:
    """One first visit of the site at `url`: its figures (see the top of this file)."""
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
    # Against Expert: its thinking and the main thread meanwhile, then its actions played.
    new_game(page, "person", "computer:expert")
    expert = [expert_turn(page, url) for _ in range(turns)]
    context.close()
    return {
        "board": marks.get("board"), "ready": marks.get("ready"), "bar": len(marks["bar"]),
        "megabytes": len(marks.get("megabytes") or []), "last_megabytes": (marks.get("megabytes") or [""])[-1],
        "click": max(clicks, default=0.0), "expert": expert,
    }


def expert_turn(page, url: str) -> dict:
    """The person's turn by clicks, then Expert's: how long it thought, the longest task while
    it thought, the longest script of the page and the longest frame from the click on."""
    since = page.evaluate("() => performance.now()")
    persons_turn(page)
    page.wait_for_function("(n) => { const s = window.tzaar.state; return s.actions.length > n && !s.busy && !s.thinking"
                           " && (s.view.winner || s.players[s.view.side] === 'person'); }",
                           arg=page.evaluate("() => window.tzaar.state.actions.length"), timeout=120_000, polling=100)
    page.wait_for_function("() => !document.querySelector('#board .moving')", polling=100)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)))")
    window = thinking_window(page)
    scripts = our_scripts(page, url, since)
    frames = page.evaluate("(t) => window.__frames.filter((f) => f.start >= t).map((f) => f.duration)", since)
    longest = scripts[0] if scripts else {"duration": 0.0, "invoker": "", "source": ""}
    return {
        "think": window["ended"] - window["began"], "long": max((t["duration"] for t in window["long"]), default=0.0),
        "script": longest["duration"], "where": f"{longest['invoker']} {longest['source'].rsplit('/', 1)[-1].split('?')[0]}",
        "frame": max(frames, default=0.0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_phone", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--turns", type=int, default=3, help="turns of Expert in each visit")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--before", type=Path, help="dist/ of an older commit: its visits alternate with today's")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    sites = {"today": build.DIST, **({"before": args.before} if args.before else {})}
    visits = {name: [] for name in sites}
    with ExitStack() as stack:
        urls = {name: stack.enter_context(served(PagesHandler, dist)) for name, dist in sites.items()}
        browser = stack.enter_context(chromium())
        for _ in range(args.rounds):
            for name, url in urls.items():
                visits[name].append(one_visit(browser, url, args.turns))
        version = browser.version

    print(f"Chromium {version}, CPU x{CPU_SLOWDOWN} slower, Slow 4G, 390x844, first visits; medians of "
          f"{args.rounds} visits, and of their {args.rounds * args.turns} turns of Expert (worst in brackets).\n")
    print("| site | board drawn | engine ready | loading bar moves before ready (with megabytes) | "
          "slowest input to paint, first action | Expert thinks | longest main-thread task while it thinks | "
          "longest script of the page, click to Expert's turn played | longest frame meanwhile |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, runs in visits.items():
        turns = [turn for v in runs for turn in v["expert"]]

        def med(key: str) -> float:
            return statistics.median(v[key] for v in runs)

        def turn_med(key: str) -> str:
            values = [turn[key] for turn in turns]
            return f"{statistics.median(values):.0f} ms ({max(values):.0f})"

        print(f"| {name} | {med('board'):.0f} ms | {med('ready'):.0f} ms | {med('bar'):.0f} ({med('megabytes'):.0f}) | "
              f"{med('click'):.0f} ms | {turn_med('think')} | {turn_med('long')} | {turn_med('script')} | {turn_med('frame')} |")
    for name, runs in visits.items():
        print(f"\n{name}, each visit: " + "; ".join(
            f"board {v['board']:.0f}, ready {v['ready']:.0f}, click {v['click']:.0f}" for v in runs))
        print(f"{name}, each turn of Expert (think, long task, script, frame): " + "; ".join(
            f"{t['think']:.0f}, {t['long']:.0f}, {t['script']:.0f} {t['where']}, {t['frame']:.0f}" for v in runs for t in v["expert"]))
        print(f"{name}, the bar's last text before ready: {runs[-1]['last_megabytes']!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
