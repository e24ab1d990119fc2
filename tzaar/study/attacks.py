"""Questions about one position for the analysis board and the editor.

* :func:`attack_map`: for the side to move, which enemy stacks each of its stacks can
  capture now, which of its own stacks the enemy could capture on its next turn (on the
  board as it stands), and the stacks that are the last of their type.
* :func:`check_position`: whether position text is a position some game can reach, and
  why not: the checks of :func:`tzaar.rules.notation.parse_position` (points, letters, piece and
  type counts, heights, the turn) and the rules' limits on whose turn it can be.
"""

from __future__ import annotations

from ..rules.errors import PositionError
from ..rules.geometry import POINT_NAMES, RAYS
from ..rules.notation import COLOUR_NAMES, TYPE_NAMES
from ..rules.position import Position

__all__ = ["attack_map", "captures_of", "check_position", "last_of_type"]


def captures_of(position: Position, colour: int) -> dict:
    """``{point: [enemy points]}``: what each stack of ``colour`` could capture, now.

    A stack captures the first occupied point on a line when that holds an enemy stack no
    taller than itself (whoever is to move: this is the board's threat map).
    """
    cells = position.cells
    out = {}
    for p, s in position.stacks().items():
        if s.colour != colour:
            continue
        for ray in RAYS[p]:
            for q in ray:
                if cells[q]:
                    t = position.stack_at(q)
                    if t.colour != colour and t.height <= s.height:
                        out.setdefault(p, []).append(q)
                    break
    return {p: sorted(v) for p, v in out.items()}


def last_of_type(position: Position) -> list:
    """``[(point, Stack)]``: stacks that are their colour's last of their top type."""
    out = []
    for colour in (0, 1):
        tops = position.tops(colour)
        for p, s in position.stacks().items():
            if s.colour == colour and tops[s.kind] == 1:
                out.append((p, s))
    return sorted(out)


def attack_map(position: Position) -> dict:
    """The attack map of the side to move (point names; see the module docstring).

    ``{"side", "captures": {own: [enemy, ..]}, "threatened": {own: [enemy attackers, ..]},
    "last": [{"point", "color", "type"}]}``.  During placement and in a finished position
    ``captures`` is what the stacks could take if play were on.
    """
    side = position.side
    mine = captures_of(position, side)
    theirs = captures_of(position, 1 - side)
    threatened = {}
    for attacker, targets in theirs.items():
        for t in targets:
            threatened.setdefault(t, []).append(attacker)
    return {
        "side": COLOUR_NAMES[side],
        "captures": {POINT_NAMES[p]: [POINT_NAMES[q] for q in v] for p, v in mine.items()},
        "threatened": {POINT_NAMES[p]: [POINT_NAMES[q] for q in sorted(v)] for p, v in sorted(threatened.items())},
        "last": [
            {"point": POINT_NAMES[p], "color": COLOUR_NAMES[s.colour], "type": TYPE_NAMES[s.kind]}
            for p, s in last_of_type(position)
        ],
    }


def check_position(text: str):
    """``(Position, None)`` when ``text`` is a possible position, else ``(None, why)``."""
    try:
        position = Position.from_text(text)
    except PositionError as e:
        msg = str(e)
        why = msg.split(": ", 1)[1] if msg.startswith("Bad position text") and ": " in msg else msg
        return None, why.rstrip(".")
    why = _rules_limits(position)
    return (None, why) if why else (position, None)


#: The fewest pieces captured before each turn field (after the opening): b1 follows
#: White's opening capture, b2 Black's first capture too, w1 Black's turn, w2 White's capture.
_MIN_GONE = {(1, 1): 1, (1, 2): 2, (0, 1): 2, (0, 2): 3}


def _rules_limits(position: Position):
    """What the turn field makes impossible beyond the counts (None when all is well)."""
    if position.step == 0:
        return None
    side, step = position.side, position.step
    name = COLOUR_NAMES[side].capitalize()
    turn = "wb"[side] + str(step)
    tops = position.tops(side)
    gone = 60 - position.pieces(0) - position.pieces(1)
    if step == 2 and min(tops) == 0:
        # The second action follows the side's own capture: it had every type at the start
        # of the turn, and a capture never takes its own tops.
        kind = TYPE_NAMES[tops.index(0)].capitalize()
        return f"{name} is at its second action ({turn}) but has no {kind}: it had lost before this turn"
    if gone and gone < _MIN_GONE[side, step]:
        least = _MIN_GONE[side, step]
        return (
            f"at {turn} at least {least} pieces have been captured (every capture takes at least one), "
            f"but only {gone} {'is' if gone == 1 else 'are'} missing"
        )
    return None
