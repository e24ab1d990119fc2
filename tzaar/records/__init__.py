"""Game records: ours (:mod:`.ours`, plain text), LittleGolem's (:mod:`.littlegolem`), and
:mod:`.either`, which reads a record in either format (:func:`~.either.read_any_record`) as
an :class:`AnyRecord`."""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..rules.ending import GameEnd
from ..rules.position import Position

__all__ = ["AnyRecord"]


class AnyRecord(NamedTuple):
    """A record read from either format: the start Position, its legal Actions, the
    metadata (``{"White": ..., "Event": ...}``, :data:`.littlegolem.META_NAMES`' values) and
    the end when the game ended outside the rules (out of time, resigned, left the game)."""

    start: Position
    actions: list
    meta: dict
    end: Optional[GameEnd] = None
