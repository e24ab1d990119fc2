"""The ends of a game outside the rules: a player who ran out of time, a player who
resigned, a player who left an online game (the other claimed the win after waiting).  They belong to a game (its record, the page's game), never to a Position: the
position stays as it was, the game is over.

>>> end = game_end("timeout", "white", Position.standard())
>>> end.text(), end.winner
('White ran out of time', 1)
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import GameEndError, shown
from .notation import COLOUR_NAMES
from .position import Position

__all__ = ["END_REASONS", "GameEnd", "game_end"]

# reason -> the words after the loser's name (docs/notation.md, "The end in a record")
END_REASONS = {"timeout": "ran out of time", "resigned": "resigned", "abandoned": "left the game"}


class GameEnd(NamedTuple):
    """A game's end outside the rules: ``reason`` (a key of :data:`END_REASONS`) and the
    ``loser`` (0 White, 1 Black)."""

    reason: str
    loser: int

    @property
    def winner(self) -> int:
        return 1 - self.loser

    def text(self) -> str:
        """``"White ran out of time"``, ``"Black resigned"``, ``"White left the game"``."""
        return f"{COLOUR_NAMES[self.loser].capitalize()} {END_REASONS[self.reason]}"


def game_end(reason: str, loser, final: Position) -> GameEnd:
    """The end ``reason`` of ``loser`` (0, 1, ``"white"`` or ``"black"``) after the game
    reached ``final``, checked: the rules had not ended the game, and a player runs out of
    time only while it is to move.  Raises :class:`GameEndError` saying why not."""
    if not isinstance(reason, str) or reason not in END_REASONS:  # a list or dict cannot be looked up
        *others, last = sorted(END_REASONS)
        raise GameEndError(f"A game ends by {', '.join(others)} or {last}, not {shown(str(reason))}.")
    if isinstance(loser, str) and loser.lower() in COLOUR_NAMES:
        loser = COLOUR_NAMES.index(loser.lower())
    if loser not in (0, 1) or isinstance(loser, bool):
        raise GameEndError(f"The loser of a game is white or black, not {shown(str(loser))}.")
    if final.winner is not None:
        raise GameEndError(f"The game was already over by the rules: {COLOUR_NAMES[final.winner].capitalize()} had won.")
    if reason == "timeout" and final.side != loser:
        raise GameEndError(f"{COLOUR_NAMES[loser].capitalize()} cannot run out of time: {COLOUR_NAMES[final.side].capitalize()} was to move.")
    return GameEnd(reason, loser)
