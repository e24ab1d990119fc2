"""The ``ai`` and ``match`` subcommands of ``python -m tzaar`` (hooked in by __main__).

Their players are the levels, ``random`` and ``greedy``.  The match's arguments and
its run are also used by ``python -m lab.match``, which adds the frozen engines.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

from ..rules.errors import TzaarError, shown
from ..rules.notation import action_texts
from ..rules.numbers import whole_arg
from ..ai.match import Player, Spec, run_match, summary
from ..ai.odds import chance_text, win_chance
from ..ai.players import DEFAULT_LEVEL, player_names, run_think


class AIUsageError(TzaarError):
    """Bad arguments to the ai or match subcommands."""


def check_player(name: str, extra=()) -> str:
    """The player's name in lower case (a level, ``random``, ``greedy`` or one of ``extra``);
    :class:`AIUsageError` for an unknown one."""
    key = name.lower()
    names = player_names() + list(extra)
    if key not in names:
        raise AIUsageError(f"unknown player {shown(name)}: choose one of {', '.join(names)}")
    return key


def seconds(text):
    """An argparse type: a finite number of seconds above 0 (not nan, not inf)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds above 0, not {shown(text)}")
    return value


#: An argparse type: a whole number above 0, in ASCII digits.
count = whole_arg(minimum=1)
#: A seed: any whole number in ASCII digits.
seed = whole_arg()


def jobs(text):
    """An argparse type: processes at once, 1 to the machine's cores."""
    cores = os.cpu_count() or 1
    return whole_arg(minimum=1, maximum=cores, note=f" (this machine has {cores} cores)")(text)


def add_parsers(sub):
    """Add the ``ai`` and ``match`` subparsers to an argparse subparsers object."""
    names = ", ".join(player_names())
    p = sub.add_parser("ai", help="print the computer's actions for the rest of the turn")
    p.add_argument("position", metavar="POSITION")
    p.add_argument("--level", default=DEFAULT_LEVEL, help=f"{names} (default {DEFAULT_LEVEL})")
    p.add_argument("--time", type=seconds, default=None, help="seconds for the turn (overrides the level)")
    p.add_argument("--nodes", type=count, default=None, help="node budget (overrides the level)")
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument("--stats", action="store_true", help="print depth, score, nodes and time on stderr")
    add_match_arguments(sub.add_parser("match", help="play two players against each other and report Elo"), names)


def add_match_arguments(p, names: str) -> None:
    """Add the match's arguments to the parser ``p``; ``names`` lists the players for --help."""
    p.add_argument("player1", metavar="PLAYER1", help=names)
    p.add_argument("player2", metavar="PLAYER2")
    p.add_argument("--games", type=count, default=20)
    p.add_argument("--first", type=count, default=1,
                   help="number of the first game (a long match split in parts: same setups and seeds)")
    p.add_argument("--setup", default="mixed", choices=("standard", "random", "mixed", "tournament"))
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--time", type=seconds, default=None, help="seconds a turn for both players")
    p.add_argument("--nodes", type=count, default=None, help="node budget a turn for both players")
    p.add_argument("--time1", type=seconds, default=None)
    p.add_argument("--time2", type=seconds, default=None)
    p.add_argument("--nodes1", type=count, default=None)
    p.add_argument("--nodes2", type=count, default=None)
    p.add_argument("--jobs", type=jobs, default=1, help="games played at once (processes)")
    p.add_argument("--quiet", action="store_true", help="no line per game")


def run(args, position, out=sys.stdout) -> int:
    """Run an ``ai`` or ``match`` command; ``position`` is the parsed POSITION (ai only)."""
    if args.command == "match":
        return run_match_command(args, out)
    player = check_player(args.level)
    board = position.board()
    import time

    t0 = time.perf_counter()
    codes, info = run_think(board, player, args.seed, args.time, args.nodes)
    dt = time.perf_counter() - t0
    mover = win_chance(info["score"]) if info else 0.5
    white = mover if board.side == 0 else 1.0 - mover
    for text in action_texts(codes, board):
        out.write(text + "\n")
    if args.stats and info:
        sys.stderr.write(
            f"depth {info['depth']} score {info['score']} ({chance_text(white)}) nodes {info['nodes']} "
            f"time {dt:.3f} s ({info['nodes'] / max(dt, 1e-9):,.0f} nodes/s)"
            + (f" proven {info['proven']['result']} in {info['proven']['turns']} turns" if info.get("proven") else "")
            + "\n"
        )
    return 0


def run_match_command(args, out=sys.stdout, player: Player = run_think, extra=()) -> int:
    """Run a match from the arguments of :func:`add_match_arguments`: a line per game,
    then the summary; ``player`` plays the names, ``extra`` the names it adds."""
    p1 = Spec(check_player(args.player1, extra), args.time1 if args.time1 is not None else args.time,
              args.nodes1 if args.nodes1 is not None else args.nodes)
    p2 = Spec(check_player(args.player2, extra), args.time2 if args.time2 is not None else args.time,
              args.nodes2 if args.nodes2 is not None else args.nodes)

    def progress(g):
        if not args.quiet:
            who = p1.label() if g["p1_won"] else p2.label()
            colour = "white" if (g["winner"] == 0) else "black"
            out.write(f"game {g['index'] + 1} ({g['setup']}, {p1.label()} "
                      f"{'white' if g['p1_white'] else 'black'}): {who} ({colour}) wins in {g['actions']} actions ({g['ending']})\n")
            out.flush()

    results = run_match(p1, p2, args.games, args.setup, args.seed, args.jobs, progress, args.first - 1, player)
    out.write(summary(p1, p2, results, args.setup) + "\n")
    return 0
