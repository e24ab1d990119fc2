"""The computer opponent: evaluation, search, placement, levels, jobs and matches.

Modules: :mod:`.evaluate` (the static evaluation), :mod:`.search` (iterative-deepening
alpha-beta over single actions, resumable in slices), :mod:`.placement` (tournament
placement), :mod:`.players` (levels and :func:`think`, the rest of a turn),
:mod:`.jobs` (the facade methods ``ai_*`` for the browser), :mod:`.match` (games between
players, Elo) and :mod:`.cli` (the ``ai`` and ``match`` subcommands).  The tools that
measure and tune the engine (matches against frozen engines, benchmarks, the tuner) are
the lab's (``python -m lab.NAME``), which this package never imports.
"""

from .players import LEVELS, Level, player_names, run_think, think
from .search import Search

__all__ = ["LEVELS", "Level", "player_names", "think", "run_think", "Search", "choose"]


def choose(position, player="casual", seed=0, seconds=None, nodes=None):
    """The computer's actions (text) for the rest of the turn of a Position."""
    from ..notation import action_texts

    board = position.board()
    codes, _ = run_think(board, player, seed, seconds, nodes)
    return action_texts(codes, board)
