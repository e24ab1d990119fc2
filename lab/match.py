"""Matches that may include frozen engines: ``python -m lab.match PLAYER1 PLAYER2 [options]``.

The options are those of ``python -m tzaar match`` (games, setups, seeds, budgets, jobs;
see :func:`tzaar.cli.ai.add_match_arguments`), and the players are the levels, ``random``,
``greedy`` and the frozen engines' (``expert-v2``, ``expert-v1``...; :mod:`lab.frozen`).  For
example ``python -m lab.match expert expert-v2 --time 1 --games 200 --jobs 2``: the match that
measures an engine change against the engine it replaces.
"""

from __future__ import annotations

import sys
from typing import Optional

from tzaar.cli.main import Parser, guarded
from tzaar.cli.ai import add_match_arguments, run_match_command
from tzaar.ai.players import player_names, run_think

from .frozen import frozen_names, run_frozen

PROG = "python -m lab.match"

_FROZEN_NAMES = frozenset(frozen_names())


def run_player(board, name: str, seed: int = 0, seconds: Optional[float] = None, nodes: Optional[int] = None):
    """The actions of any player, a level or a frozen one (``expert-v1``): (actions, info)."""
    if name in _FROZEN_NAMES:
        return run_frozen(board, name, seed, seconds, nodes)
    return run_think(board, name, seed, seconds, nodes)


def run(argv) -> int:
    """Run a match from the command line's arguments (without the program name)."""
    parser = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_match_arguments(parser, ", ".join(player_names() + frozen_names()))
    args = parser.parse_args(argv)
    return run_match_command(args, sys.stdout, run_player, frozen_names())


def main(argv=None) -> int:
    """Entry point; bad input -> one line on stderr and exit status 2."""
    return guarded(run, sys.argv[1:] if argv is None else argv, "lab.match")


__all__ = ["run_player", "run", "main"]

if __name__ == "__main__":
    sys.exit(main())
