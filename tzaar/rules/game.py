"""A game with its history: start position, actions, undo/redo, turns.

:mod:`tzaar.rules.turns` groups its actions into turns; its record is written and read by
:mod:`tzaar.records.ours` (:func:`~tzaar.records.ours.game_record`,
:func:`~tzaar.records.ours.game_from_record`).
"""

from __future__ import annotations

from typing import Optional, Union

from .notation import Action, parse_action
from .position import Outcome, Position, start_position
from .turns import Turn, turns_of

__all__ = ["Game"]

ActionLike = Union[Action, str]


class Game:
    """A game: the start position and the actions played, with undo and redo.

    >>> g = Game()
    >>> g.play("c5xc4")
    parse_action('C5xC4')
    >>> g.side, g.step, g.is_opening, g.can_pass
    (1, 1, False, False)
    >>> g.undo(); g.position == g.start
    parse_action('C5xC4')
    True
    """

    def __init__(self, start: Union[Position, str, None] = None, actions=()):
        """``start`` is a Position, position text, ``"standard"`` (default) or
        ``"tournament"``; ``actions`` are played from it (each must be legal)."""
        self.start = start_position(start)
        self._actions = []  # played and undone (redo) actions
        self._positions = [self.start]  # positions after each of _actions, [0] = start
        self._ply = 0
        for a in actions:
            self.play(a)

    # ------------------------------------------------------------------ history

    @property
    def actions(self) -> tuple:
        """The actions played so far (canonical Action objects)."""
        return tuple(self._actions[: self._ply])

    @property
    def positions(self) -> tuple:
        """The positions after each action played so far."""
        return tuple(self._positions[1 : self._ply + 1])

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[self._ply]

    @property
    def last(self) -> Optional[Action]:
        """The last action played, if any."""
        return self._actions[self._ply - 1] if self._ply else None

    def play(self, action: ActionLike) -> Action:
        """Play a legal action (text or Action); the redo list is dropped.

        Returns the canonical Action; raises ActionError / IllegalActionError.
        """
        if isinstance(action, str):
            action = parse_action(action)
        after = self.position.apply(action)
        del self._actions[self._ply :]
        del self._positions[self._ply + 1 :]
        self._actions.append(action)
        self._positions.append(after)
        self._ply += 1
        return action

    @property
    def can_undo(self) -> bool:
        return self._ply > 0

    @property
    def can_redo(self) -> bool:
        return self._ply < len(self._actions)

    def undo(self) -> Optional[Action]:
        """Take back the last action (kept for redo); returns it, or None at the start."""
        if not self._ply:
            return None
        self._ply -= 1
        return self._actions[self._ply]

    def redo(self) -> Optional[Action]:
        """Replay the last undone action; returns it, or None if there is none."""
        if self._ply == len(self._actions):
            return None
        self._ply += 1
        return self._actions[self._ply - 1]

    # ------------------------------------------------------------------ turn structure

    @property
    def side(self) -> int:
        """The side to move (WHITE/BLACK)."""
        return self.position.side

    @property
    def step(self) -> int:
        """Which action of the turn: 0 placement, 1 forced capture, 2 second action."""
        return self.position.step

    @property
    def is_opening(self) -> bool:
        return self.position.is_opening

    @property
    def is_placement(self) -> bool:
        return self.position.is_placement

    @property
    def can_pass(self) -> bool:
        return self.position.can_pass

    def legal_actions(self) -> list:
        return self.position.legal_actions()

    @property
    def winner(self) -> Optional[int]:
        return self.position.winner

    def outcome(self) -> Optional[Outcome]:
        """Who won and why (knows a last stacking that covered the mover's own type)."""
        return self.position.outcome(self.last)

    def turns(self) -> list:
        """The actions played so far, grouped into :class:`Turn` s."""
        return turns_of(zip(self._positions, self.actions))

    def __repr__(self) -> str:
        moves = ", ".join(repr(a.text()) for a in self.actions)
        return f"Game({self.start.text()!r}, [{moves}])"
