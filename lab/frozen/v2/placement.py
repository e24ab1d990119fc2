"""The tournament placement: where to put the next piece, and which type.

During placement every piece stands alone (height 1), so any two pieces of different
colours that see each other along a line threaten each other, and the side that starts
the play (White) strikes first.  A placement changes only the three lines through its
point: the two pieces ``x`` and ``y`` that saw each other across the point now see the
new piece instead.  So a candidate is scored by the change ``link(x, new) + link(new, y)
- link(x, y)`` summed over the three axes (from the placer's view), where a link between
enemies is worth the scarcity of the type it threatens for its attacker minus the
scarcity of its own exposed type, and a link between friends a little (a stacking to
come, a protecting wall).  Scarce types prefer points with few lines (edges, corners).
"""

from __future__ import annotations

from .codes import PLACE, place_code
from tzaar.rules.geometry import NEIGHBOURS, NUM_POINTS, RAYS

# ---------------------------------------------------------------------- tuning constants

#: How much a type matters when exposed or threatened (Tzaar, Tzarra, Tott).
WEIGHT = (30, 18, 8)
#: Two friendly pieces seeing each other.
FRIEND = 4
#: Per line through the point, for a piece of each type (scarce pieces hide at the edge).
EXPOSURE = (6, 3, 0)
#: White strikes first once play starts: its threats count a bit more than Black's.
FIRST_STRIKE = (1.15, 0.9)


def _link(a, b, me):
    """Value, for colour ``me``, of pieces ``a`` and ``b`` (codes, height 1) seeing each other."""
    if not a or not b:
        return 0
    ca = 0 if a > 0 else 1
    cb = 0 if b > 0 else 1
    ka = abs(a) & 3
    kb = abs(b) & 3
    if ca == cb:
        return FRIEND if ca == me else -FRIEND
    # a threatens b and b threatens a
    if ca == me:
        return WEIGHT[kb] * FIRST_STRIKE[me] - WEIGHT[ka]
    return WEIGHT[ka] * FIRST_STRIKE[me] - WEIGHT[kb]


def _first(cells, ray):
    for r in ray:
        c = cells[r]
        if c:
            return c
    return 0


def placement_scores(board):
    """``{placement action: score}`` for the side to place on ``board`` (step 0)."""
    cells = board.cells
    me = board.side
    reserve = board.reserve[3 * me : 3 * me + 3]
    out = {}
    for p in range(NUM_POINTS):
        if cells[p]:
            continue
        rays = RAYS[p]
        seen = [_first(cells, rays[d]) for d in range(6)]
        for k in (0, 1, 2):
            if not reserve[k]:
                continue
            code = 4 + k if me == 0 else -4 - k
            v = -EXPOSURE[k] * len(NEIGHBOURS[p])
            for d in (0, 2, 4):
                x, y = seen[d], seen[d + 1]
                v += _link(x, code, me) + _link(code, y, me) - _link(x, y, me)
            # Placing a type with many left keeps the scarce ones for better spots later.
            v += reserve[k]
            out[place_code(k, p)] = v
    return out


def choose_placement(board, rng=None, noise=0):
    """The placement to play (an action int), best score plus seeded noise; ties by rng."""
    scores = placement_scores(board)
    if rng is None:
        return max(scores, key=lambda a: (scores[a], -a))
    return max(scores, key=lambda a: (scores[a] + rng.uniform(-noise, noise) + rng.random() * 1e-3))


__all__ = ["placement_scores", "choose_placement", "PLACE"]
