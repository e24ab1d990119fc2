"""Notation in symmetric pairs: point names, action text, position text.

* Points: :func:`~tzaar.rules.geometry.parse_point` / :func:`~tzaar.rules.geometry.point_name`
  (``"d4"`` -> 26 -> ``"D4"``).
* Actions: :func:`parse_action` / :meth:`Action.text` (``"c3xd4"`` -> ``Action`` ->
  ``"C3xD4"``), and :meth:`Action.code` / :meth:`Action.from_code` to and from the ints of
  :mod:`tzaar.rules.board`; :func:`action_texts` for a sequence of them played on a board.
* Positions: :func:`parse_position` / :func:`format_position` (text <-> 60 stack codes,
  side, step), as docs/notation.md defines the position text.

Input of points and actions is case-insensitive; output is canonical.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from .codes import (
    BLACK,
    HEIGHT,
    INITIAL,
    MAX_HEIGHT,
    PASS,
    PLACE,
    TYPE,
    WHITE,
    move_code,
    place_code,
    stack_code,
)
from .errors import ActionError, PointError, PositionError, shown
from .geometry import COLUMN_SIZES, COLUMNS, NUM_POINTS, POINT_NAMES, parse_point
from .numbers import whole_number

__all__ = [
    "TYPE_LETTERS",
    "TYPE_NAMES",
    "COLOUR_NAMES",
    "CAPTURE",
    "STACK",
    "PASS_KIND",
    "PLACE_KIND",
    "Action",
    "parse_action",
    "action_texts",
    "board_actions",
    "parse_position",
    "format_position",
    "STANDARD_TEXT",
]

#: Letters of the three types (upper case = White).
TYPE_LETTERS = "ZAT"
TYPE_NAMES = ("tzaar", "tzarra", "tott")
COLOUR_NAMES = ("white", "black")

CAPTURE = "capture"
STACK = "stack"
PASS_KIND = "pass"
PLACE_KIND = "place"

#: The standard start (docs/rules.md).
STANDARD_TEXT = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"


class Action(NamedTuple):
    """One action: a capture, a stacking, a pass or a placement.

    ``src``/``dst`` are point ints (``None`` where they do not apply); ``piece`` is the
    type placed (``TZAAR``/``TZARRA``/``TOTT``), for placements only.
    """

    kind: str
    src: Optional[int] = None
    dst: Optional[int] = None
    piece: Optional[int] = None

    @classmethod
    def capture(cls, src: int, dst: int) -> "Action":
        return cls(CAPTURE, src, dst)

    @classmethod
    def stack(cls, src: int, dst: int) -> "Action":
        return cls(STACK, src, dst)

    @classmethod
    def pass_(cls) -> "Action":
        return cls(PASS_KIND)

    @classmethod
    def place(cls, piece: int, dst: int) -> "Action":
        return cls(PLACE_KIND, None, dst, piece)

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """Same as :func:`parse_action`."""
        return parse_action(text)

    def text(self) -> str:
        """Canonical text: ``C3xD4``, ``C3-D4``, ``pass`` or ``Z@C3``."""
        if self.kind == CAPTURE:
            return f"{POINT_NAMES[self.src]}x{POINT_NAMES[self.dst]}"
        if self.kind == STACK:
            return f"{POINT_NAMES[self.src]}-{POINT_NAMES[self.dst]}"
        if self.kind == PASS_KIND:
            return "pass"
        return f"{TYPE_LETTERS[self.piece]}@{POINT_NAMES[self.dst]}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"parse_action({self.text()!r})"

    def code(self) -> int:
        """The int of :mod:`tzaar.rules.board` (captures and stackings share ``src << 6 | dst``)."""
        if self.kind in (CAPTURE, STACK):
            return move_code(self.src, self.dst)
        if self.kind == PASS_KIND:
            return PASS
        return place_code(self.piece, self.dst)

    @classmethod
    def from_code(cls, code: int, cells) -> "Action":
        """The action of board int ``code`` on a board whose stack codes are ``cells``."""
        if code < PASS:
            src, dst = code >> 6, code & 63
            kind = CAPTURE if (cells[src] > 0) != (cells[dst] > 0) else STACK
            return cls(kind, src, dst)
        if code == PASS:
            return cls(PASS_KIND)
        if code & PLACE:
            return cls(PLACE_KIND, None, code & 63, (code >> 6) & 3)
        raise ValueError(f"{code!r} is not an action code")


_MOVE_RE = re.compile(r"([A-Za-z][0-9]+)\s*([xX-])\s*([A-Za-z][0-9]+)", re.ASCII)
_PLACE_RE = re.compile(r"([A-Za-z])\s*@\s*([A-Za-z][0-9]+)", re.ASCII)


def parse_action(text: str) -> Action:
    """Parse action text (any letter case): ``C3xD4``, ``C3-D4``, ``pass``, ``Z@C3``.

    Raises :class:`~tzaar.rules.errors.ActionError` with the text in the message.
    """
    if not isinstance(text, str):
        raise ActionError(f"An action must be text, not {shown(text)}.")
    s = text.strip()
    try:
        m = _MOVE_RE.fullmatch(s)
        if m:
            src, dst = parse_point(m.group(1)), parse_point(m.group(3))
            if src == dst:
                raise ActionError(f"{shown(text)} moves a stack onto its own point.")
            kind = CAPTURE if m.group(2) in "xX" else STACK
            return Action(kind, src, dst)
        if s.lower() == "pass":
            return Action(PASS_KIND)
        m = _PLACE_RE.fullmatch(s)
        if m:
            letter = m.group(1).upper()
            if letter not in TYPE_LETTERS:
                raise ActionError(
                    f"{shown(text)}: {m.group(1)!r} is not a piece letter (Z Tzaar, A Tzarra, T Tott)."
                )
            return Action(PLACE_KIND, None, parse_point(m.group(2)), TYPE_LETTERS.index(letter))
    except PointError as e:
        raise ActionError(f"{shown(text)} is not a valid action: {e}") from None
    raise ActionError(
        f"{shown(text)} is not an action (write a capture C3xD4, a stacking C3-D4, pass, or a placement Z@C3)."
    )


def board_actions(codes, board) -> list:
    """The :class:`Action` of each board int of ``codes`` played in order from ``board`` (a
    :class:`tzaar.rules.board.Board`, restored before returning)."""
    out = []
    for a in codes:
        out.append(Action.from_code(a, board.cells))
        board.do(a)
    for _ in codes:
        board.undo()
    return out


def action_texts(codes, board) -> list:
    """Action texts of the board ints ``codes`` played in order from ``board`` (restored
    before returning)."""
    return [a.text() for a in board_actions(codes, board)]


# ---------------------------------------------------------------------- position text

_TOKEN_RE = re.compile(r"\.|([ZATzat])([0-9]*)")
_TURN_RE = re.compile(r"([wbWB])([012])")


def format_position(cells, side: int, step: int) -> str:
    """Position text of 60 stack codes and the turn (``side`` 0/1, ``step`` 0/1/2)."""
    cols = []
    i = 0
    for size in COLUMN_SIZES:
        out = []
        for c in cells[i : i + size]:
            if not c:
                out.append(".")
                continue
            letter = TYPE_LETTERS[TYPE[c]]
            if c < 0:
                letter = letter.lower()
            h = HEIGHT[c]
            out.append(letter if h == 1 else f"{letter}{h}")
        cols.append("".join(out))
        i += size
    return "/".join(cols) + " " + "wb"[side] + str(step)


def _fail(text, why):
    raise PositionError(f"Bad position text {shown(text)}: {why}.")


def parse_position(text: str):
    """Parse and validate position text -> ``(cells tuple of 60 codes, side, step)``.

    The board and the turn are separated by one space (or ``_``, the URL form).  Raises
    :class:`~tzaar.rules.errors.PositionError` naming the input and what is wrong with it.
    """
    if not isinstance(text, str):
        raise PositionError(f"A position must be text, not {shown(text)}.")
    s = text.strip()
    parts = re.split(r"[ _]", s)
    if len(parts) != 2 or not parts[0] or not parts[1]:
        _fail(text, "expected the nine columns, one space and the turn, e.g. '... w1'")
    board_part, turn_part = parts
    m = _TURN_RE.fullmatch(turn_part)
    if not m:
        _fail(text, f"the turn {shown(turn_part)} must be w or b followed by 0, 1 or 2")
    side = WHITE if m.group(1) in "wW" else BLACK
    step = int(m.group(2))
    columns = board_part.split("/")
    if len(columns) != len(COLUMNS):
        _fail(text, f"expected 9 columns separated by '/', found {len(columns)}")
    cells = []
    for letter, size, col in zip(COLUMNS, COLUMN_SIZES, columns):
        pos = 0
        n = 0
        while pos < len(col):
            t = _TOKEN_RE.match(col, pos)
            if not t:
                _fail(text, f"unknown letter {col[pos]!r} in column {letter} (use Z A T z a t and .)")
            pos = t.end()
            n += 1
            if t.group(1) is None:
                cells.append(0)
                continue
            digits = t.group(2)
            if digits:
                if digits.startswith("0"):
                    _fail(text, f"bad height {shown(t.group(0))} in column {letter}")
                height = whole_number(digits, 2) or MAX_HEIGHT + 1  # 3+ digits: too high (never int() them)
            else:
                height = 1
            if height > MAX_HEIGHT:
                _fail(text, f"stack {shown(t.group(0))} in column {letter} is higher than 30 pieces")
            ch = t.group(1)
            colour = WHITE if ch.isupper() else BLACK
            cells.append(stack_code(colour, TYPE_LETTERS.index(ch.upper()), height))
        if n != size:
            _fail(text, f"column {letter} has {n} points, expected {size}")
    _check_counts(text, cells, side, step)
    return tuple(cells), side, step


def _check_counts(text, cells, side, step):
    """Reject piece counts and turns that no game can reach."""
    tops = [[0, 0, 0], [0, 0, 0]]
    pieces = [0, 0]
    tall = False
    for c in cells:
        if c:
            colour = WHITE if c > 0 else BLACK
            tops[colour][TYPE[c]] += 1
            pieces[colour] += HEIGHT[c]
            tall = tall or HEIGHT[c] > 1
    for colour in (WHITE, BLACK):
        name = COLOUR_NAMES[colour].capitalize()
        for kind in range(3):
            if tops[colour][kind] > INITIAL[kind]:
                _fail(
                    text,
                    f"{name} has {tops[colour][kind]} stacks topped by a {TYPE_NAMES[kind].capitalize()}, "
                    f"but only {INITIAL[kind]} exist",
                )
        if pieces[colour] > 30:
            _fail(text, f"{name} has {pieces[colour]} pieces on the board, but only 30 exist")
    total = pieces[0] + pieces[1]
    if step == 0:
        if tall:
            _fail(text, "no stacks can exist while pieces are still being placed (turn digit 0)")
        if total == NUM_POINTS:
            _fail(text, "all 60 pieces are placed, so play has begun: the turn is w1, not a placement")
        expected = WHITE if pieces[0] == pieces[1] else BLACK if pieces[0] == pieces[1] + 1 else None
        if expected is None:
            _fail(text, f"White places first, so White cannot have {pieces[0]} pieces placed to Black's {pieces[1]}")
        if expected != side:
            _fail(text, f"with {pieces[0]} white and {pieces[1]} black pieces placed it is {COLOUR_NAMES[expected]}'s turn to place")
        return
    if total == NUM_POINTS and (tall or side != WHITE or step != 1):
        _fail(text, "with all 60 pieces on the board only White's opening (w1, no stacks) is possible")
    lost = [min(tops[colour]) == 0 for colour in (WHITE, BLACK)]
    if lost[0] and lost[1]:
        _fail(text, "both sides have lost a whole type; no game can reach this")
