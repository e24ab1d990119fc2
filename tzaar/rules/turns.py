"""Which actions form a turn: the one place that groups a game's actions into turns.

A turn starts with a placement or a forced capture (a position at step 0 or 1); a second
action (step 2) belongs to the turn before it.  Turn 1 is White's opening capture (or
White's first placement in the tournament version); every placement is a turn.  A list of
actions that begins at step 2 begins with the rest of a turn: it is that list's turn 1.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Tuple

from .notation import Action, parse_action
from .position import Position

__all__ = ["Turn", "group_turns", "turns_of"]


class Turn(NamedTuple):
    """One turn: its number (from 1), the side that played it and its actions."""

    number: int
    side: int
    actions: tuple


def turns_of(steps: Iterable[Tuple[Position, Action]]) -> list:
    """The turns of ``(position before, action)`` pairs, in the order played."""
    turns = []
    for pos, a in steps:
        if pos.step in (0, 1) or not turns:
            turns.append(Turn(len(turns) + 1, pos.side, (a,)))
        else:
            t = turns[-1]
            turns[-1] = Turn(t.number, t.side, t.actions + (a,))
    return turns


def group_turns(start: Position, actions) -> list:
    """Split legal ``actions`` (text or Action) from ``start`` into :class:`Turn` s."""
    steps = []
    pos = start
    for a in actions:
        if isinstance(a, str):
            a = parse_action(a)
        steps.append((pos, a))
        pos = pos.apply(a)
    return turns_of(steps)
