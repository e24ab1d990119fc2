"""The immutable, hashable :class:`Position`, the three setups, and who has won and why.

A Position is the public face of the rules: it answers questions in terms of point ints
and :class:`~tzaar.rules.notation.Action` objects, and uses a fast :class:`~tzaar.rules.board.Board`
(same tables) underneath for move generation, so there is one implementation of the rules.

>>> p = Position.standard()
>>> len(p.legal_actions())
42
>>> p.apply("C5xC4").text()
'ttttT/TaaaAT/TAzZ.AT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b1'
"""

from __future__ import annotations

import random as _random
import re
from typing import NamedTuple, Optional, Union

from .board import (
    BLACK,
    COLOUR,
    HEIGHT,
    INITIAL,
    TOTT,
    TYPE,
    TZAAR,
    TZARRA,
    WHITE,
    Board,
    stack_code,
)
from .errors import IllegalActionError, PositionError, shown
from .geometry import NUM_POINTS, POINT_NAMES, RAYS
from .notation import (
    CAPTURE,
    COLOUR_NAMES,
    PASS_KIND,
    PLACE_KIND,
    STACK,
    STANDARD_TEXT,
    TYPE_NAMES,
    Action,
    format_position,
    parse_action,
    parse_position,
)
from .numbers import SEED_DIGITS

__all__ = [
    "Position",
    "Stack",
    "Outcome",
    "LOST_TYPE",
    "COVERED_OWN_TYPE",
    "NO_CAPTURE",
    "standard_position",
    "random_position",
    "tournament_position",
    "start_position",
]

LOST_TYPE = "lost-type"
COVERED_OWN_TYPE = "covered-own-type"
NO_CAPTURE = "no-capture"

ActionLike = Union[Action, str]


class Stack(NamedTuple):
    """What stands on a point: colour (WHITE/BLACK), top type and height."""

    colour: int
    kind: int
    height: int


class Outcome(NamedTuple):
    """Who won and why.  ``kind`` is the missing type for the two type codes, else None."""

    winner: int
    code: str
    kind: Optional[int]

    @property
    def loser(self) -> int:
        return 1 - self.winner

    def text(self) -> str:
        """A sentence such as ``"Black has no Tzarra left"``."""
        loser = COLOUR_NAMES[self.loser].capitalize()
        if self.code == NO_CAPTURE:
            return f"{loser} cannot capture at the start of the turn"
        kind = TYPE_NAMES[self.kind].capitalize()
        if self.code == COVERED_OWN_TYPE:
            return f"{loser} covered its last {kind}"
        return f"{loser} has no {kind} left"


class Position:
    """An immutable TZAAR position: 60 stack codes, the side to move and the step.

    Build one with :meth:`from_text`, :meth:`standard`, :meth:`random` or
    :meth:`tournament`; derive others with :meth:`apply`.  Equal positions are equal and
    hash alike, so a Position can key a dict.
    """

    __slots__ = ("cells", "side", "step", "_board", "_codes")

    def __init__(self, cells, side: int = WHITE, step: int = 1):
        """From 60 stack codes and the turn; validated like position text."""
        cells = tuple(cells)
        ok = (
            len(cells) == NUM_POINTS
            and side in (WHITE, BLACK)
            and step in (0, 1, 2)
            and all(isinstance(c, int) and (c == 0 or (-128 < c < 128 and HEIGHT[c])) for c in cells)
        )
        if not ok:
            raise ValueError(f"not a position: {len(cells)} cells, side {side!r}, step {step!r}")
        cells, side, step = parse_position(format_position(cells, side, step))
        self._set(cells, side, step)

    def _set(self, cells, side, step):
        object.__setattr__(self, "cells", tuple(cells))
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "_board", None)
        object.__setattr__(self, "_codes", None)

    @classmethod
    def _trusted(cls, cells, side, step) -> "Position":
        p = cls.__new__(cls)
        p._set(cells, side, step)
        return p

    def __setattr__(self, name, value):
        raise AttributeError("Position is immutable")

    # ------------------------------------------------------------------ text & setups

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Parse position text (raises :class:`~tzaar.rules.errors.PositionError`)."""
        return cls._trusted(*parse_position(text))

    def text(self) -> str:
        """Canonical position text."""
        return format_position(self.cells, self.side, self.step)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Position.from_text({self.text()!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.cells == other.cells and self.side == other.side and self.step == other.step

    def __hash__(self) -> int:
        return hash((self.cells, self.side, self.step))

    @classmethod
    def standard(cls) -> "Position":
        """The rulebook's fixed start (docs/rules.md)."""
        return cls.from_text(STANDARD_TEXT)

    @classmethod
    def random(cls, seed: int) -> "Position":
        """All 60 pieces shuffled onto the 60 points, replayable from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a random setup needs an int seed, not {seed!r}")
        pieces = [
            stack_code(colour, kind, 1)
            for colour in (WHITE, BLACK)
            for kind in (TZAAR, TZARRA, TOTT)
            for _ in range(INITIAL[kind])
        ]
        _random.Random(seed).shuffle(pieces)
        return cls._trusted(tuple(pieces), WHITE, 1)

    @classmethod
    def tournament(cls) -> "Position":
        """The empty board of the tournament version: White places first."""
        return cls._trusted((0,) * NUM_POINTS, WHITE, 0)

    # ------------------------------------------------------------------ board & turn

    def board(self) -> Board:
        """A fresh fast board of this position (for a search)."""
        return Board(self.cells, self.side, self.step)

    def _fast(self) -> Board:
        """A cached board for read-only queries."""
        if self._board is None:
            object.__setattr__(self, "_board", self.board())
        return self._board

    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist key (equal to ``Board.hash`` of this position)."""
        return self._fast().hash

    @property
    def is_placement(self) -> bool:
        return self.step == 0

    @property
    def is_opening(self) -> bool:
        """White's opening single capture: w1 with all 60 pieces on the board."""
        return self._fast().is_opening()

    @property
    def can_pass(self) -> bool:
        """True when passing is legal (the second action of a turn, game not over)."""
        return self.step == 2 and self.winner is None

    def stack_at(self, point: int) -> Optional[Stack]:
        c = self.cells[point]
        return Stack(COLOUR[c], TYPE[c], HEIGHT[c]) if c else None

    def stacks(self) -> dict:
        """``{point: Stack}`` for every occupied point, in point order."""
        return {p: Stack(COLOUR[c], TYPE[c], HEIGHT[c]) for p, c in enumerate(self.cells) if c}

    def tops(self, colour: int) -> tuple:
        """Stacks of ``colour`` by top type: (tzaars, tzarras, totts)."""
        t = self._fast().tops
        return tuple(t[3 * colour : 3 * colour + 3])

    def pieces(self, colour: int) -> int:
        """Pieces of ``colour`` on the board (stack heights summed)."""
        return self._fast().material[colour]

    def reserve(self, colour: int) -> tuple:
        """Pieces of ``colour`` still to place, by type (all zero once play has begun)."""
        r = self._fast().reserve
        return tuple(r[3 * colour : 3 * colour + 3])

    # ------------------------------------------------------------------ rules

    def _legal_codes(self) -> frozenset:
        if self._codes is None:
            object.__setattr__(self, "_codes", frozenset(self._fast().moves()))
        return self._codes

    def legal_actions(self) -> list:
        """Every legal action, sorted by canonical text ([] when the game is over)."""
        acts = [Action.from_code(a, self.cells) for a in self._legal_codes()]
        return sorted(acts, key=Action.text)

    def is_legal(self, action: ActionLike) -> bool:
        if isinstance(action, str):
            action = parse_action(action)
        if action.code() not in self._legal_codes():
            return False
        return Action.from_code(action.code(), self.cells) == action

    def losing_actions(self) -> list:
        """Legal stackings that cover the mover's last stack of a type (they lose at once)."""
        b = self._fast()
        return [a for a in self.legal_actions() if a.kind == STACK and b.loses_type(a.code())]

    def apply(self, action: ActionLike) -> "Position":
        """The position after ``action`` (text or Action); raises IllegalActionError."""
        if isinstance(action, str):
            action = parse_action(action)
        if not self.is_legal(action):
            why = self._why_illegal(action)
            raise IllegalActionError(
                f"{action.text()} is not legal in {self.text()}: {why}.", action.text(), self.text()
            )
        b = self._fast()  # play on the cached board and take the action back
        b.do(action.code())
        after = Position._trusted(tuple(b.cells[:NUM_POINTS]), b.side, b.step)
        b.undo()
        return after

    def play(self, actions) -> "Position":
        """The position after a sequence of actions."""
        p = self
        for a in actions:
            p = p.apply(a)
        return p

    @property
    def winner(self) -> Optional[int]:
        """WHITE or BLACK once the game is over, else None."""
        return self._fast().winner()

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self, last: Optional[ActionLike] = None) -> Optional[Outcome]:
        """Who has won and why, or None while the game goes on.

        From the position alone a colour without a type has ``lost-type``; pass the last
        action played to tell ``covered-own-type`` (the loser just stacked onto its own
        last stack of that type) apart.
        """
        w = self.winner
        if w is None:
            return None
        loser = 1 - w
        tops = self.tops(loser)
        if all(tops):
            return Outcome(w, NO_CAPTURE, None)
        kind = tops.index(0)
        if isinstance(last, str):
            last = parse_action(last)
        just_moved = self.side if self.step == 2 else 1 - self.side
        if last is not None and last.kind == STACK and loser == just_moved:
            return Outcome(w, COVERED_OWN_TYPE, kind)
        return Outcome(w, LOST_TYPE, kind)

    def _why_illegal(self, action: Action) -> str:
        """A short reason why a well-formed action is not legal here."""
        side = COLOUR_NAMES[self.side].capitalize()
        out = self.outcome()
        if out is not None:
            return f"the game is over ({out.text()})"
        if self.step == 0:
            if action.kind != PLACE_KIND:
                return f"pieces are still being placed; {side} places one (e.g. Z@C3)"
            if self.cells[action.dst]:
                return f"{POINT_NAMES[action.dst]} is not empty"
            return f"{side} has no {TYPE_NAMES[action.piece].capitalize()} left to place"
        if action.kind == PLACE_KIND:
            return "all pieces are placed, so placement is over"
        if action.kind == PASS_KIND:
            return "a turn starts with a forced capture; pass is only allowed as the second action"
        src, dst = action.src, action.dst
        s, t = self.cells[src], self.cells[dst]
        if not s:
            return f"{POINT_NAMES[src]} is empty"
        if COLOUR[s] != self.side:
            return f"{POINT_NAMES[src]} holds a {COLOUR_NAMES[COLOUR[s]]} stack and it is {side}'s turn"
        reach = [next((r for r in ray if self.cells[r]), None) for ray in RAYS[src]]
        if dst not in reach:
            return f"{POINT_NAMES[dst]} is not the first occupied point on a line from {POINT_NAMES[src]}"
        own = COLOUR[t] == self.side
        if action.kind == CAPTURE and own:
            return f"{POINT_NAMES[dst]} holds {side}'s own stack (stacking is written with -)"
        if action.kind == STACK and not own:
            return f"{POINT_NAMES[dst]} holds an enemy stack (a capture is written with x)"
        if action.kind == CAPTURE:
            return f"{POINT_NAMES[dst]} (height {HEIGHT[t]}) is taller than {POINT_NAMES[src]} (height {HEIGHT[s]})"
        if self.step == 1:
            return "a turn starts with a forced capture; stacking is only allowed as the second action"
        return "not a legal action here"


def standard_position() -> Position:
    return Position.standard()


def random_position(seed: int) -> Position:
    return Position.random(seed)


def tournament_position() -> Position:
    return Position.tournament()


#: How a record or the command line names a random start: ``random seed N`` (or ``random:N``),
#: N of at most :data:`~tzaar.rules.numbers.SEED_DIGITS` digits.
RANDOM_START_RE = re.compile(r"random(?: +seed +|:)([0-9]{1,%d})" % SEED_DIGITS, re.IGNORECASE)


def start_position(start) -> Position:
    """The Position a start names: None or ``"standard"`` (the standard start),
    ``"tournament"``, ``"random seed N"``, position text, or a Position itself."""
    if start is None:
        return Position.standard()
    if isinstance(start, Position):
        return start
    key = start.strip().lower() if isinstance(start, str) else start
    if key == "standard":
        return Position.standard()
    if key == "tournament":
        return Position.tournament()
    if isinstance(key, str) and key.startswith("random"):
        m = RANDOM_START_RE.fullmatch(key)
        if not m:
            raise PositionError(
                f"a random start is written 'random seed N' with N a whole number of at most {SEED_DIGITS} digits, "
                f"not {shown(start.strip())}."
            )
        return Position.random(int(m.group(1)))
    return Position.from_text(start)
