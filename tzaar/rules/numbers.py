"""The one reader of whole numbers written by a person: ASCII digits only.

Position text, records, the command line (``perft`` DEPTH, ``--seed``, ``--games``,
``--jobs``, ``random:SEED``...) all read numbers here, so ``٣`` (an Arabic-Indic three),
``1_000`` or a 5000-digit height are refused the same way everywhere.
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["SEED_DIGITS", "whole_number", "whole_arg"]

#: The most digits of the seed a record's ``Start: random seed N`` names: the reader takes
#: no more, so the writer names no longer seed (it writes the position text instead).
#: The page's seeds have at most 15 (a JavaScript number holds every whole number of 15 digits).
SEED_DIGITS = 18

_WHOLE = re.compile(r"\s*([+-]?[0-9]+)\s*", re.ASCII)


def whole_number(text: str, digits: int = 18) -> Optional[int]:
    """The int ``text`` writes in ASCII digits (a sign and spaces around allowed), else None.

    More than ``digits`` digits is None too (``int()`` of thousands of digits is slow or refused).
    """
    m = _WHOLE.fullmatch(text) if isinstance(text, str) else None
    if m is None or len(m.group(1).lstrip("+-")) > digits:
        return None
    return int(m.group(1))


def whole_arg(minimum: Optional[int] = None, maximum: Optional[int] = None, digits: int = 18, note: str = ""):
    """An argparse ``type``: a whole number in ASCII digits within ``[minimum, maximum]``.

    The error says what is allowed (and ``note``, e.g. why the maximum), in one line.
    """

    def read(text: str) -> int:
        value = whole_number(text, digits)
        if value is None or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            import argparse

            from .errors import shown

            if minimum is not None and maximum is not None:
                what = f"a whole number from {minimum} to {maximum}"
            elif minimum is not None:
                what = f"a whole number of {minimum} or more" if minimum <= 0 else f"a whole number above {minimum - 1}"
            else:
                what = "a whole number"
            raise argparse.ArgumentTypeError(f"must be {what}{note}, not {shown(text)}")
        return value

    read.__name__ = "whole number"
    return read
