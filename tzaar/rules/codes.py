"""The int encodings of stacks and actions, and the per-code tables (below the board).

Both :mod:`tzaar.rules.notation` (text <-> ints) and :mod:`tzaar.rules.board` (the search board) use
these; :mod:`tzaar.rules.board` re-exports them, so ``from tzaar.rules.board import PASS`` still works.
See :mod:`tzaar.rules.board` ("Encodings") for what the ints mean.
"""

from __future__ import annotations

#: The names of the encodings, which :mod:`tzaar.rules.board` re-exports.
ENCODINGS = ["WHITE", "BLACK", "TZAAR", "TZARRA", "TOTT", "INITIAL", "MAX_HEIGHT", "PASS", "PLACE", "HEIGHT", "TYPE",
             "COLOUR", "stack_code", "move_code", "place_code"]

__all__ = [*ENCODINGS, "ENCODINGS", "SIZE", "all_codes", "code_table"]

WHITE, BLACK = 0, 1
TZAAR, TZARRA, TOTT = 0, 1, 2
#: Pieces of each type per colour at the start.
INITIAL = (6, 9, 15)
#: A stack can hold at most one colour's 30 pieces.
MAX_HEIGHT = 30

PASS = 1 << 12
PLACE = 1 << 13

#: Length of the per-code tables (codes are within -127..127).
SIZE = 256


def stack_code(colour: int, kind: int, height: int) -> int:
    """The int of a stack: ``height*4 + kind``, negated for Black."""
    m = height * 4 + kind
    return m if colour == WHITE else -m


def move_code(src: int, dst: int) -> int:
    """The int of a capture or stacking from ``src`` to ``dst``."""
    return src << 6 | dst


def place_code(kind: int, point: int) -> int:
    """The int of placing a piece of type ``kind`` on ``point``."""
    return PLACE | kind << 6 | point


def all_codes():
    """Every valid non-empty stack code."""
    for colour in (WHITE, BLACK):
        for h in range(1, MAX_HEIGHT + 1):
            for k in (TZAAR, TZARRA, TOTT):
                yield stack_code(colour, k, h)


def code_table(fn, default):
    """A 256-entry list indexed by stack code (negative codes wrap around)."""
    t = [default] * SIZE
    for c in all_codes():
        t[c] = fn(c)
    return t


HEIGHT = code_table(lambda c: abs(c) >> 2, 0)
TYPE = code_table(lambda c: abs(c) & 3, -1)
COLOUR = code_table(lambda c: WHITE if c > 0 else BLACK, -1)
