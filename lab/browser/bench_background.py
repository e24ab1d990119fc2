"""The next game's first computer turn while a finished game is reviewed in the background, and without.

    .venv/bin/python -m lab.browser.bench_background [ROUNDS] [--level casual] [--no-build]

On the page itself (index.html, its own engine client and worker), each round opens a long
finished game (Beginner against itself from the standard start, a new seed each round: some
dozens of turns, seconds of review) as a game record, then at once starts a new game, Person against LEVEL, in which the person opens and
the computer answers. With the review: the record is opened while Person plays against the
computer, so the page keeps the game and reviews it in the background (web/learn/background.js),
after WAITING more games put in the stored list as waiting for their review (as a closed page
leaves them), so that the reviews last longer than the next game's first turn;
without: while two persons play, so it does not, and none waits. The computer's turn is timed from the board
saying it thinks to its first action sent to be played (e2e/helpers.py thinking_window). The
rounds alternate with and without in one page; the figure is the ratio of the medians.

Each round with the review also checks that the review was still waiting when the turn ended
(else that round measured nothing), and counts the review's slices asked for during the
turn (the background yields: at most the one under way when the search started).

Prints a Markdown table for BENCHMARKS.md (the line) and docs/benchmarks-log.md (the rounds).
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
from helpers import RECORDERS, STANDARD, act, idle, new_game, open_records, paste_record, record_text  # noqa: E402

from lab.browser.site import site_in_chromium  # noqa: E402
from tzaar.facade import call  # noqa: E402
from tzaar.rules.position import Position  # noqa: E402

#: Games of Beginner against itself waiting for their review beside the one opened (each about a second of it).
WAITING = 3
PENDING = "(JSON.parse(localStorage.getItem('tzaar.exercises') || 'null')?.pending ?? []).length"


def long_game(seed: int) -> list[str]:
    """A whole game of Beginner against itself from the standard start (CPython, this process)."""
    position, actions = Position.standard(), []
    while position.winner is None:
        answer = call("ai_move", {"position": position.text(), "level": "beginner", "seed": seed + len(actions)})["result"]
        actions += answer["actions"]
        position = position.play(answer["actions"])
    return actions


def round_(page, seed: int, review: bool, level: str) -> dict:
    """One round: a finished game opened (kept and reviewed when `review`), then the timed turn."""
    new_game(page, "person", f"computer:{level}" if review else "person")
    actions = long_game(seed)
    if review:  # more games wait for their review (as after a closed page): seconds of it
        waiting = [{"id": f"bench{seed}.{k}", "start": STANDARD, "actions": long_game(seed * 10 + k), "colour": "white", "date": "2026-01-01"} for k in range(WAITING)]
        page.evaluate("(p) => localStorage.setItem('tzaar.exercises', JSON.stringify({version: 1, items: [], pending: p}))", waiting)
    paste_record(open_records(page), record_text(actions, start=STANDARD))
    page.wait_for_function("(n) => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(actions))
    if review:
        page.wait_for_function(f"() => {PENDING} > 0")
    new_game(page, "person", f"computer:{level}")
    since = page.evaluate("() => performance.now()")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    page.wait_for_function(
        "() => { const s = window.tzaar.state; return s.actions.length > 1 && !s.thinking && !s.busy && s.view.side === 'white'; }",
        timeout=120_000,
    )
    sent = page.evaluate("(t) => window.__sent.filter((m) => m.t >= t)", since)
    start = next(m["t"] for m in sent if m["method"] == "ai_start")
    ended = next(m["t"] for m in sent if m["method"] == "play" and m["t"] > start)
    slices = sum(1 for m in sent if m["method"] == "review_step" and start <= m["t"] <= ended)
    waiting = page.evaluate(f"() => {PENDING}")
    long = page.evaluate("([a, b]) => (window.__long || []).filter((e) => e.start >= a && e.start <= b).length", [start, ended])
    if review:
        # Let the review end before the next round (its game stays kept: no second review).
        page.wait_for_function(f"() => {PENDING} === 0", timeout=600_000)
    return {"ms": ended - start, "review": review, "waiting": waiting, "slices": slices, "long": long}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_background", description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=6, help="rounds of each kind (default 6)")
    parser.add_argument("--level", default="casual", choices=("beginner", "casual", "strong"))
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if args.rounds <= 0:
        parser.error("ROUNDS must be above 0")
    if not args.no_build:
        build.build(quiet=True)
    with site_in_chromium() as (browser, url):
        page = browser.new_context(service_workers="block").new_page()
        page.add_init_script(RECORDERS)
        page.goto(url + "index.html")
        page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        idle(page)
        print(f"Chromium {browser.version}, {args.level}'s first turn, {args.rounds} rounds of each\n")
        print("| round | review | ms | review waiting after | review slices during | long tasks |")
        print("| ---: | --- | ---: | ---: | ---: | ---: |")
        round_(page, 99, review=False, level=args.level)  # not counted: the first search loads the engine's modules
        rounds = []
        for i in range(args.rounds * 2):
            r = round_(page, 100 + i, review=i % 2 == 1, level=args.level)
            rounds.append(r)
            print(f"| {i + 1} | {'yes' if r['review'] else 'no'} | {r['ms']:.0f} | {r['waiting']} | {r['slices']} | {r['long']} |", flush=True)
    with_ = statistics.median(r["ms"] for r in rounds if r["review"])
    without = statistics.median(r["ms"] for r in rounds if not r["review"])
    measured = sum(1 for r in rounds if r["review"] and r["waiting"])
    print(f"\nmedian {with_:.0f} ms with the review running, {without:.0f} ms without: ratio {with_ / without:.2f}"
          f" ({measured} of {args.rounds} rounds had the review still waiting when the turn ended)")


if __name__ == "__main__":
    main()
