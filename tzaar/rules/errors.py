"""The package's errors: precise ``ValueError`` subclasses whose messages carry the input."""

from __future__ import annotations

__all__ = [
    "TzaarError",
    "PointError",
    "PositionError",
    "ActionError",
    "IllegalActionError",
    "RecordError",
    "clip",
    "shown",
]

#: How many characters of an input an error message echoes.
SHOWN_LIMIT = 80


def clip(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, then ``...`` and its length if it was longer."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def shown(value, limit: int = SHOWN_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    A long input ends in ``...`` and its length, so a 1 MB input still gives a short line:
    ``'ttttT/Taaa...'... (1048576 characters)``.
    """
    long = isinstance(value, str) and len(value) > limit
    r = repr(value[:limit] if long else value)
    if len(r) > limit + 2:  # escapes, or a long non-text value
        r, long = r[: limit + 2], True
    if not long:
        return r
    if isinstance(value, str):
        return f"{r}... ({len(value)} characters)"
    return f"{r}..."


class TzaarError(ValueError):
    """Base class of every error this package raises on bad input."""


class PointError(TzaarError):
    """Text that is not a point name (``A1``..``I5``)."""


class PositionError(TzaarError):
    """Malformed or impossible position text."""


class ActionError(TzaarError):
    """Malformed action text (not ``C3xD4``, ``C3-D4``, ``pass`` or ``Z@C3``)."""


class IllegalActionError(TzaarError):
    """A well-formed action that is not legal in the given position.

    ``action`` is the action's text and ``position`` the position text.
    """

    def __init__(self, message: str, action: str = "", position: str = ""):
        super().__init__(message)
        self.action = action
        self.position = position


class RecordError(TzaarError):
    """A game record that cannot be read, or whose actions are not legal."""


class GameEndError(TzaarError):
    """An end of a game outside the rules (a player out of time, a resignation) that cannot
    be: an unknown reason or side, a game the rules had already ended, a player out of time
    who was not to move.  In a record it is a :class:`RecordEndError`."""


class RecordEndError(RecordError):
    """A game record whose end (its ``Result`` line, LittleGolem's ``RE[...]``) says a
    player ran out of time, resigned or left the game, but malformed or impossible; the message names
    the line and why."""
