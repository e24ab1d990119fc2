"""The computer opponent: evaluation, search, solver, placement, levels, work in slices,
review and matches; above the rules, below the study features and the facade.

Modules: :mod:`.evaluate` (the static evaluation), :mod:`.search` (iterative-deepening
alpha-beta over single actions, resumable in slices), :mod:`.solver` (the exact endgame
solver), :mod:`.placement` (tournament placement), :mod:`.players` (levels and
:func:`think`, the rest of a turn), :mod:`.work` (work done in slices: a turn's search),
:mod:`.review` (a game's review), :mod:`.odds` (scores as chances) and :mod:`.match` (games
between players, Elo).  The browser's ``ai_*`` methods are :mod:`tzaar.facade.ai_methods`;
the ``ai`` and ``match`` commands :mod:`tzaar.cli.ai`.  The tools that
measure and tune the engine (matches against frozen engines, benchmarks, the tuner) are
the lab's (``python -m lab.NAME``), which this package never imports.
"""

from .players import LEVELS, Level, player_names, run_think, think
from .search import Search

__all__ = ["LEVELS", "Level", "player_names", "think", "run_think", "Search", "choose"]


def choose(position, player="casual", seed=0, seconds=None, nodes=None):
    """The computer's actions (text) for the rest of the turn of a Position."""
    from ..rules.notation import action_texts

    board = position.board()
    codes, _ = run_think(board, player, seed, seconds, nodes)
    return action_texts(codes, board)
