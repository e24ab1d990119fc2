"""TZAAR, the GIPF-project game: rules engine, notation and command line.

The fast search board is :mod:`tzaar.board`; notation is :mod:`tzaar.notation`.
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
from .notation import Action, format_position, parse_action, parse_position
