"""TZAAR, the GIPF-project game: rules engine, game records, computer opponent, command line.

The package is in layers, each importing only those below it (tests/test_imports.py checks):

- :mod:`tzaar.rules`: the rules (board, positions, notation, games); ``import tzaar`` gives
  its names (``from tzaar import Position``);
- :mod:`tzaar.records`: game records, ours and LittleGolem's;
- :mod:`tzaar.ai`: the computer opponent (evaluation, search, solver, levels, review);
- :mod:`tzaar.study`: the attack map, lessons and puzzles;
- :mod:`tzaar.facade` (JSON for the browser's worker) and :mod:`tzaar.cli` (``python -m
  tzaar``), side by side on top.

The documents are in docs/.
"""

from .rules.board import BLACK, TOTT, TZAAR, TZARRA, WHITE, Board, perft
from .rules.errors import ActionError, IllegalActionError, PointError, PositionError, RecordError, TzaarError
from .rules.geometry import parse_point, point_name
from .rules.game import Game
from .rules.turns import Turn
from .rules.notation import Action, format_position, parse_action, parse_position
from .rules.position import Outcome, Position, Stack

#: The names imported above: the rules' public names (``from tzaar import *``).
__all__ = [name for name in dir() if not name.startswith("_") and name != "rules"]
