"""The next game's first computer turn while finished games are reviewed in the background, and
without; and how long those reviews take.

    .venv/bin/python -m lab.browser.bench_background [ROUNDS] [--level strong] [--no-build]
                                                     [--before DIST] [--cores N]

On the page itself (index.html, its own engine client and workers), each round opens a long
finished game (Beginner against itself from the standard start, a new seed each round: some
dozens of turns, seconds of review) as a game record, then at once starts a new game, Person against LEVEL, in which the person opens and
the computer answers. With the review: the record is opened while Person plays against the
computer, so the page keeps the game and reviews it in the background (web/learn/background.js),
after WAITING more games put in the stored list as waiting for their review (as a closed page
leaves them), so that the reviews last longer than the next game's first turn;
without: while two persons play, so it does not, and none waits. The computer's turn is timed from the board
saying it thinks to its first action sent to be played (the requests the page sent). The
kinds of round alternate in one page; the figure is the ratio of the medians.

Each round with the review also checks that the review was still waiting when the turn ended
(else that round measured nothing), counts the review's slices asked of the page's engine
during the turn (in the background there: at most one, the one under way when the search
started or the first once it ended), and times the reviews: from the waiting games stored to
the last one reviewed, their wall time and the CPU time of Chromium's processes meanwhile (the
page's work, the turn's search included, whatever else loads the machine: the wall time
follows the machine's load, the CPU time less). For contrast, a
third kind of round runs a review that does not yield beside the turn in the page's engine
(GREEDY: what the review did before it yielded), to show what the yielding saves.

``--before DIST`` (the dist/ of an older commit, built by its own build.py) runs the same
rounds on that site too, in its own page, alternating with today's, so both sites' ratios and
their reviews' wall times compare in one run; given twice, two older sites ("before",
"before 2"). ``--cores N`` makes the pages report N cores
(navigator.hardwareConcurrency: the pool's size is N - 1, at most 4); by default the machine's.

Prints a Markdown table for BENCHMARKS.md (the line) and docs/benchmarks-log.md (the rounds).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, helpers
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from helpers import RECORDERS, STANDARD, act, idle, new_game, open_records, paste_record, record_text  # noqa: E402

from lab.browser.site import chromium, served  # noqa: E402
from lab.selfplay import beginner_game  # noqa: E402

#: Games of Beginner against itself waiting for their review beside the one opened (each about a second of it).
WAITING = 3
PENDING = "(JSON.parse(localStorage.getItem('tzaar.exercises') || 'null')?.pending ?? []).length"


# A review that does not yield, for contrast (what the page's review did before it yielded):
# the page's own worker (caught by the recorders' postMessage) asked for a review's steps one
# after the other, each as soon as the one before answers, beside the game's search steps.
GREEDY = """(game) => {
  const worker = window.__worker;
  let id = 1e9;
  const call = (method, params) => new Promise((resolve) => {
    const mine = ++id;
    const on = ({ data }) => { if (data.id === mine) { worker.removeEventListener("message", on); resolve(data.result); } };
    worker.addEventListener("message", on);
    worker.postMessage({ id: mine, method, params });
  });
  window.__greedy = { on: true, slices: 0 };
  (async () => {
    const { job } = await call("review_start", { start: game.start, actions: game.actions, nodes: 1500 });
    while (window.__greedy.on) {
      window.__greedy.slices += 1;
      if ((await call("review_step", { job, slice_ms: 20 })).done) break;
    }
    await call("review_stop", { job });
  })();
}"""
CATCH_WORKER = """(() => {
  const post = Worker.prototype.postMessage;
  window.__engineSteps = []; // when review steps were asked of the page's engine (the first worker started)
  Worker.prototype.postMessage = function (message, ...rest) {
    window.__worker ??= this;
    if (this === window.__worker && message?.method === "review_step") window.__engineSteps.push(performance.now());
    return post.call(this, message, ...rest);
  };
})();"""
CORES = 'Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => %d });'
KINDS = ("none", "background", "greedy")


def cpu_seconds(cdp) -> float:
    """The CPU time of Chromium's processes so far (those that are still running)."""
    return sum(p["cpuTime"] for p in cdp.send("SystemInfo.getProcessInfo")["processInfo"])


def round_(page, cdp, seed: int, kind: str, level: str) -> dict:
    """One round: a finished game opened (kept and reviewed in the background for "background"),
    a review that does not yield started ("greedy"), then the timed turn."""
    background = kind == "background"
    new_game(page, "person", f"computer:{level}" if background else "person")
    actions = beginner_game(seed)
    if background:  # more games wait for their review (as after a closed page): seconds of it
        waiting = [{"id": f"bench{seed}.{k}", "start": STANDARD, "actions": beginner_game(seed * 10 + k), "colour": "white", "date": "2026-01-01"} for k in range(WAITING)]
        page.evaluate("(p) => localStorage.setItem('tzaar.exercises', JSON.stringify({version: 1, items: [], pending: p}))", waiting)
    stored, cpu_at = page.evaluate("() => performance.now()"), cpu_seconds(cdp)
    paste_record(open_records(page), record_text(actions, start=STANDARD))
    page.wait_for_function("(n) => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(actions))
    if background:
        page.wait_for_function(f"() => {PENDING} > 0")
    new_game(page, "person", f"computer:{level}")
    if kind == "greedy":
        page.evaluate(GREEDY, {"start": STANDARD, "actions": beginner_game(seed * 10 + 9)})
    since = page.evaluate("() => performance.now()")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    page.wait_for_function(
        "() => { const s = window.tzaar.state; return s.actions.length > 1 && !s.thinking && !s.busy && s.view.side === 'white'; }",
        timeout=120_000,
    )
    sent = page.evaluate("(t) => window.__sent.filter((m) => m.t >= t)", since)
    start = next(m["t"] for m in sent if m["method"] == "ai_start")
    ended = next(m["t"] for m in sent if m["method"] == "play" and m["t"] > start)
    slices = page.evaluate("([a, b]) => window.__engineSteps.filter((t) => t >= a && t <= b).length", [start, ended])
    waiting = page.evaluate(f"() => {PENDING}")
    long = page.evaluate("([a, b]) => (window.__long || []).filter((e) => e.start >= a && e.start <= b).length", [start, ended])
    if kind == "greedy":
        slices = page.evaluate("() => { window.__greedy.on = false; return window.__greedy.slices; }")
    reviews = cpu = None
    if background:
        # The reviews' wall time; and they end before the next round (its game stays kept: no second review).
        done = page.wait_for_function(f"() => {PENDING} === 0 && performance.now()", timeout=1_800_000, polling=100)
        reviews, cpu = done.json_value() - stored, cpu_seconds(cdp) - cpu_at
    return {"ms": ended - start, "kind": kind, "waiting": waiting, "slices": slices, "long": long, "reviews": reviews, "cpu": cpu}


def open_page(browser, url: str, cores):
    """The page of the site at `url`, its engine ready, recording its requests."""
    page = browser.new_context(service_workers="block").new_page()
    page.add_init_script(RECORDERS)
    page.add_init_script(CATCH_WORKER)
    if cores:
        page.add_init_script(CORES % cores)
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    idle(page)
    return page


def summary(rounds: list, site: str, count: int) -> str:
    """The medians of one site's rounds."""
    mine = [r for r in rounds if r["site"] == site]
    median = {k: statistics.median(r["ms"] for r in mine if r["kind"] == k) for k in KINDS}
    measured = sum(1 for r in mine if r["kind"] == "background" and r["waiting"])
    reviews = statistics.median(r["reviews"] for r in mine if r["kind"] == "background")
    cpu = statistics.median(r["cpu"] for r in mine if r["kind"] == "background")
    return (f"{site}: median ms {median['none']:.0f} alone, {median['background']:.0f} with the background review"
            f" (ratio {median['background'] / median['none']:.2f}; {measured} of {count} rounds had games still waiting"
            f" when the turn ended), {median['greedy']:.0f} beside a review that does not yield (ratio {median['greedy'] / median['none']:.2f});"
            f" the reviews of {WAITING + 1} games: median {reviews / 1000:.1f} s, {cpu:.1f} s of CPU")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_background", description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=6, help="rounds of each kind (default 6)")
    parser.add_argument("--level", default="strong", choices=("beginner", "casual", "strong"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--before", type=Path, action="append", default=[], help="dist/ of an older commit: the same rounds on it too, alternating (twice: two)")
    parser.add_argument("--cores", type=int, help="the cores the pages report (default: the machine's)")
    args = parser.parse_args()
    if args.rounds <= 0:
        parser.error("ROUNDS must be above 0")
    if not args.no_build:
        build.build(quiet=True)
    sites = {"today": build.DIST}
    for n, dist in enumerate(args.before):
        sites["before" if n == 0 else f"before {n + 1}"] = dist
    with contextlib.ExitStack() as stack:
        browser = stack.enter_context(chromium())
        cdp = browser.new_browser_cdp_session()
        pages = {site: open_page(browser, stack.enter_context(served(dist=dist)), args.cores) for site, dist in sites.items()}
        cores = pages["today"].evaluate("() => navigator.hardwareConcurrency")
        print(f"Chromium {browser.version}, {args.level}'s first turn, {args.rounds} rounds of each kind, {cores} cores reported\n")
        print("| round | site | review | ms | games waiting after | review slices in the page's engine during | long tasks | reviews s | reviews CPU s |")
        print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for page in pages.values():
            round_(page, cdp, 99, "none", args.level)  # not counted: the first search loads the engine's modules
        rounds = []
        for i in range(args.rounds * len(KINDS)):
            for site, page in pages.items():
                r = {**round_(page, cdp, 100 + i, KINDS[i % len(KINDS)], args.level), "site": site}
                rounds.append(r)
                reviews = "" if r["reviews"] is None else f"{r['reviews'] / 1000:.1f}"
                cpu = "" if r["cpu"] is None else f"{r['cpu']:.1f}"
                print(f"| {i + 1} | {site} | {r['kind']} | {r['ms']:.0f} | {r['waiting']} | {r['slices']} | {r['long']} | {reviews} | {cpu} |", flush=True)
    print()
    for site in sites:
        print(summary(rounds, site, args.rounds))
    for site in list(sites)[1:]:
        for name, key in (("wall time", "reviews"), ("CPU time", "cpu")):
            today, before = ([r[key] for r in rounds if r["site"] == s and r[key] is not None] for s in ("today", site))
            print(f"the reviews' {name}, today / {site}: {statistics.median(today) / statistics.median(before):.2f}")


if __name__ == "__main__":
    main()
