"""What answering newcomers' hellos costs a lobby of hundreds waiting: a simulation of the rule of
web/online/lobby-model.js (MIN_GAP) on a virtual clock, no browser and no relay.

    .venv/bin/python -m lab.lobby_hellos [--players 300] [--minutes 10] [--newcomers 0.05 0.5]
        [--rules any:10 answer:10 answer:3]

`--players` wait, each announcing its wish every 30 s (ANNOUNCE_EVERY, spread evenly); newcomers
open the lobby at random (Poisson, seeded) at each rate of `--newcomers` a second, each sending a
`hello`. Each waiting player answers a hello at once, or MIN_GAP after the announcement that
holds it back: `answer:G` (lobby-model.js since 2026-11-28: its last announcement that came
after a hello, MIN_GAP = G s) or `any:G` (the rule before: its last announcement of any kind).
An announcement resets the 30 s. For each rate and rule, over `--minutes` after a settling
minute: the lobby's messages a second (wishes and hellos: what the relays pass on to every page
in the lobby), the most in any one second, and how long a newcomer waits for the last answer to
its hello (mean and most; the page sends a held answer at its next tick, up to 1 s later, not
counted here). Not part of the test run.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from dataclasses import dataclass

ANNOUNCE_EVERY = 30.0  # web/online/lobby-model.js
SETTLE = 60.0  # s simulated before counting
STEP = 0.05  # s: the clock's resolution


@dataclass
class Figures:
    rate: float  # messages a second
    peak: int  # the most messages in one second
    mean_wait: float  # s until the last answer to a hello
    most_wait: float


def simulate(players: int, newcomers: float, rule: str, gap: float, seconds: float, seed: int = 1) -> Figures:
    """The lobby's traffic with `players` waiting and `newcomers` hellos a second under `rule`."""
    chance = random.Random(seed)
    next_ = [ANNOUNCE_EVERY * i / players for i in range(players)]
    last = [-ANNOUNCE_EVERY] * players  # each one's last announcement
    answered = [-ANNOUNCE_EVERY] * players  # its last announcement after a hello
    heard = [False] * players  # a hello came since its last announcement
    hello_at = chance.expovariate(newcomers)
    per_second: Counter[int] = Counter()
    waits: list[float] = []
    end = SETTLE + seconds
    for step in range(math.ceil(end / STEP)):
        now = step * STEP
        counted = now >= SETTLE
        while hello_at <= now:
            held = answered if rule == "answer" else last
            due = now
            for i in range(players):
                heard[i] = True
                next_[i] = min(next_[i], max(now, held[i] + gap))
                due = max(due, next_[i])
            if counted:
                per_second[int(now)] += 1
                waits.append(due - now)
            hello_at += chance.expovariate(newcomers)
        for i in range(players):
            if next_[i] <= now:
                last[i], next_[i] = now, now + ANNOUNCE_EVERY
                if heard[i]:
                    answered[i], heard[i] = now, False
                if counted:
                    per_second[int(now)] += 1
    total = sum(per_second.values())
    return Figures(total / seconds, max(per_second.values(), default=0), sum(waits) / max(len(waits), 1), max(waits, default=0.0))


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.lobby_hellos", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--newcomers", type=float, nargs="*", default=[0.05, 0.5], help="hellos a second")
    parser.add_argument("--rules", nargs="*", default=["any:10", "answer:10", "answer:3"], help="RULE:MIN_GAP (s); RULE: answer or any")
    args = parser.parse_args()
    alone = args.players / ANNOUNCE_EVERY
    print(f"{args.players} waiting: {alone:.2f} messages a second without newcomers; {args.minutes:g} minutes each.\n")
    print("| newcomers a second | rule:MIN_GAP | lobby messages/s | x no newcomers | most in one second | a newcomer's wait for the last answer: mean | most |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for newcomers in args.newcomers:
        for rule in args.rules:
            name, gap = rule.split(":")
            f = simulate(args.players, newcomers, name, float(gap), args.minutes * 60)
            print(f"| {newcomers:g} | {rule} s | {f.rate:.2f} | x{f.rate / alone:.2f} | {f.peak} | {f.mean_wait:.1f} s | {f.most_wait:.1f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
