"""TZAAR, the GIPF-project game: rules engine, notation and command line.

Modules: :mod:`tzaar.geometry` (points and rays), :mod:`tzaar.board` (the fast search
board: make/unmake, hash, perft), :mod:`tzaar.notation` (text <-> objects),
:mod:`tzaar.position` (immutable Position, setups, outcome), :mod:`tzaar.game` (a game's
history: undo/redo, turns), :mod:`tzaar.turns` (which actions form a turn),
:mod:`tzaar.records` and :mod:`tzaar.littlegolem` (game records), :mod:`tzaar.facade` (JSON
for the browser), ``python -m tzaar`` (command line).  The documents are in docs/.
"""

from .board import BLACK, TOTT, TZAAR, TZARRA, WHITE, Board, perft
from .errors import (
    ActionError,
    IllegalActionError,
    PointError,
    PositionError,
    RecordError,
    TzaarError,
)
from .geometry import parse_point, point_name
from .game import Game
from .turns import Turn
from .notation import Action, format_position, parse_action, parse_position
from .position import Outcome, Position, Stack

__all__ = [
    "WHITE",
    "BLACK",
    "TZAAR",
    "TZARRA",
    "TOTT",
    "Board",
    "perft",
    "Position",
    "Stack",
    "Outcome",
    "Game",
    "Turn",
    "Action",
    "parse_action",
    "parse_point",
    "point_name",
    "parse_position",
    "format_position",
    "TzaarError",
    "PointError",
    "PositionError",
    "ActionError",
    "IllegalActionError",
    "RecordError",
]
