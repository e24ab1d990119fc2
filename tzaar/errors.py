"""The package's errors: precise ``ValueError`` subclasses whose messages carry the input."""

from __future__ import annotations

__all__ = [
    "TzaarError",
    "PointError",
    "PositionError",
    "ActionError",
    "IllegalActionError",
    "RecordError",
]


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
