"""How long Expert thinks a turn in the browser, with its time rules.

    .venv/bin/python -m lab.browser.bench_turns [GAMES] [--level expert|master] [--no-build]

The positions of ``python -m lab.bench_time`` (GAMES seeded Casual self-play games, default
6, the positions after 4, 10, 16 and 22 of their turns). Each is asked of the page's engine
worker as web/game/computer.js asks it: ``ai_start {position, level, seed}`` with the level's own
time budget (Expert 3 s, Master 10 s), then ``ai_step {slice_ms: 40}`` until done; the wall
clock the page sees from ``ai_start`` to the answer. Prints the mean, the median and the
worst turn, how many stopped before 95% of the budget and went over 105% of it, and the
depth and nodes of each (BENCHMARKS.md, "Time rules").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest
sys.path.insert(0, str(_ROOT))  # lab and tzaar, when run as a script

from conftest import build  # noqa: E402

from lab.bench_time import positions  # noqa: E402
from lab.browser.bench_ai import SLICE_MS, TURN, worker_page  # noqa: E402
from lab.browser.site import site_in_chromium  # noqa: E402
from tzaar.ai.players import LEVELS  # noqa: E402


def summary(seconds: list[float], budget: float) -> str:
    """One Markdown row's figures: mean, median, worst, early and late turns."""
    early = sum(s < budget * 0.95 for s in seconds)
    over = sum(s > budget * 1.05 for s in seconds)
    return (f"{statistics.mean(seconds):.2f} s | {statistics.median(seconds):.2f} s | {max(seconds):.2f} s"
            f" | {early} of {len(seconds)} | {over} of {len(seconds)}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_turns", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=6)
    parser.add_argument("--level", default="expert", choices=("expert", "master"))
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if args.games <= 0:
        parser.error("GAMES must be above 0")
    budget = LEVELS[args.level].time
    if not args.no_build:
        build.build(quiet=True)
    texts = [p.text() for p in positions(args.games)]
    with site_in_chromium() as (browser, url):
        page = worker_page(browser, url)
        print(f"Chromium {browser.version}, {args.level} ({budget:g} s a turn), {len(texts)} positions\n")
        print("| position | seconds | depth | nodes |")
        print("| ---: | ---: | ---: | ---: |")
        seconds = []
        for i, text in enumerate(texts, 1):
            turn = page.evaluate(TURN, [text, args.level, SLICE_MS])
            seconds.append(turn["ms"] / 1000)
            info = turn["info"]
            print(f"| {i} | {seconds[-1]:.2f} | {info.get('depth', '')} | {info.get('nodes', 0):,} |", flush=True)
    print(f"\n| {args.level} in the browser | mean | median | worst | under 95% of {budget:g} s | over 105% |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| time rules | {summary(seconds, budget)} |")


if __name__ == "__main__":
    main()
