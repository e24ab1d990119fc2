"""How long Expert thinks a turn: ``python -m lab.bench_time [SECONDS] [GAMES] [--level L]``.

Expert (or ``--level master``) plays one turn at a time budget of SECONDS (default 1) on
fixed positions, once with its time rules (:mod:`tzaar.ai.timing`) and once without
(``timing.ENABLED = False``, which plays as before them), alternately position by
position in the same run, so the machine's load weighs on both alike.  The positions:
GAMES (default 6) seeded games of Casual against itself from mixed setups (standard and
seeded random), the positions after 4, 10, 16 and 22 of their turns while the game goes
on.  Prints per run the mean and the worst wall-clock seconds a turn, how many turns
stopped before the budget and went over it, and the ratio of the means (rules / none).
Figures in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time

from tzaar.ai import timing
from tzaar.ai.match import setup_position
from tzaar.ai.players import run_think
from tzaar.rules.position import Position

#: The turns of each game after which its position is taken.
TURNS = (4, 10, 16, 22)


def positions(games: int) -> list[Position]:
    """The fixed positions: from Casual's self-play, seeded."""
    out = []
    for game in range(games):
        board = setup_position("mixed", game, 5).board()
        turn = 0
        while board.winner() is None and turn < max(TURNS):
            actions, _ = run_think(board, "casual", game * 100 + turn)
            for a in actions:
                board.do(a)
            turn += 1
            if turn in TURNS and board.winner() is None:
                out.append(Position.from_text(board.text()))
    return out


def measure(seconds: float, games: int, level: str = "expert") -> str:
    """Both runs on the same positions, alternately; returns the report."""
    times = {True: [], False: []}
    saved = timing.ENABLED
    try:
        for i, p in enumerate(positions(games)):
            for enabled in (True, False) if i % 2 == 0 else (False, True):
                timing.ENABLED = enabled
                t0 = time.perf_counter()
                run_think(p.board(), level, i, seconds, None)
                times[enabled].append(time.perf_counter() - t0)
    finally:
        timing.ENABLED = saved
    out = [f"{level} at {seconds:g} s a turn, {len(times[True])} positions ({games} games)"]
    for enabled, name in ((True, "time rules"), (False, "no rules")):
        t = times[enabled]
        early = sum(x < seconds * 0.95 for x in t)
        over = sum(x > seconds * 1.05 for x in t)
        out.append(f"{name}: mean {sum(t) / len(t):.3f} s, worst {max(t):.3f} s; "
                   f"{early} turns under 95% of the budget, {over} over 105%")
    out.append(f"ratio of the means (rules / none): {sum(times[True]) / sum(times[False]):.2f}")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_time", description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=1.0)
    parser.add_argument("games", nargs="?", type=int, default=6)
    parser.add_argument("--level", default="expert", choices=("expert", "master"))
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.games <= 0:
        parser.error("SECONDS and GAMES must be above 0")
    print(measure(args.seconds, args.games, args.level))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
