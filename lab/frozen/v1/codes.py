"""The board encodings this engine was written against, copied so that it never moves.

A copy of the constants and the one function of :mod:`tzaar.rules.codes` (re-exported by
:mod:`tzaar.rules.board`) that the v1 engine imports, as they were at commit 0508ae2.  The live
board still has to speak this encoding: the match runner hands the engine a live
:class:`tzaar.rules.board.Board`, and the engine reads its ``cells`` as these stack codes and
plays these action ints (see :mod:`lab.frozen.v1`).
"""

from __future__ import annotations

WHITE, BLACK = 0, 1
#: A stack can hold at most one colour's 30 pieces.
MAX_HEIGHT = 30
#: The action int of a pass; a placement is ``PLACE | kind << 6 | point``.
PASS = 1 << 12
PLACE = 1 << 13
#: Length of the per-code tables (stack codes are within -127..127).
SIZE = 256


def place_code(kind: int, point: int) -> int:
    """The int of placing a piece of type ``kind`` (0 Tzaar, 1 Tzarra, 2 Tott) on ``point``."""
    return PLACE | kind << 6 | point


def _height_table() -> list[int]:
    """Height by stack code (``height*4 + kind``, negated for Black; negative codes wrap)."""
    table = [0] * SIZE
    for height in range(1, MAX_HEIGHT + 1):
        for kind in range(3):
            code = height * 4 + kind
            table[code] = table[-code] = height
    return table


#: Height of the stack of each code; 0 for an empty point.
HEIGHT = _height_table()

__all__ = ["WHITE", "BLACK", "MAX_HEIGHT", "PASS", "PLACE", "place_code", "HEIGHT"]
