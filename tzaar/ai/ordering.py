"""Move ordering for :mod:`tzaar.ai.search`: which action of a node to try first.

Alpha-beta is fast when the move that ends a node (a "cut") is tried first.  The order:

1. the transposition table's move (the best or cutting move of an earlier search);
2. the killer captures of this ply (the last two captures that cut a node at the same
   distance from the root), then the other captures by what they take (the scarcity of
   the captured type for the enemy, then its height);
3. at the second action, the killer stackings of this ply, then pass, then the other
   stackings by their history score (how often and how deep a stacking was the best move
   of a node).

:class:`MoveOrder` holds the killers and the history of one search.  Its :meth:`~MoveOrder.
early` gives the table's move and the first killer capture that is still legal before any
action is generated: a node they cut costs no move generation (the search tries them
first, then asks :meth:`~MoveOrder.ordered` for the rest).

``SCARCE_STACKINGS`` (3) keeps, where the stackings are left out (``search.
PRUNE_STACKINGS``, the last ply), those that move a stack topped by one of the mover's
types with three stacks or fewer; ``STARVE_CAPTURES`` (5) keeps them all there when either
side has five captures or fewer, so that a stacking that leaves a side without a capture
is seen.
"""

from __future__ import annotations

from ..rules.board import PASS
from .evaluate import TYPE_LOSS

#: At the last ply, with the stackings left out, still those of a stack topped by one of
#: the mover's types with at most this many stacks (its defences: a taller stack); 0 none.
SCARCE_STACKINGS = 3
#: Where the stackings are left out (the last ply), still every one when a side has at most
#: this many captures: a stacking may then leave a side none (starvation); 0 never.
STARVE_CAPTURES = 5

_POINTS = range(60)


def captures(cells, links, side, tops):
    """The legal captures of ``side``, best first: by the scarcity of the captured type
    for the enemy (``TYPE_LOSS`` of its count), then by the captured height."""
    # Each capture as one int: its ordering value above the action's 12 bits, so that
    # one sort of plain ints orders them (ties by the larger action).
    out = []
    add = out.append
    if side == 0:
        w = (TYPE_LOSS[tops[3]] << 18, TYPE_LOSS[tops[4]] << 18, TYPE_LOSS[tops[5]] << 18)
        for p in _POINTS:
            s = cells[p]
            if s > 0:
                lim = -(s | 3)
                p6 = p << 6
                for q in links[p]:
                    t = cells[q]
                    if lim <= t < 0:
                        t = -t
                        add(w[t & 3] + (t >> 2 << 12) + p6 + q)
    else:
        w = (TYPE_LOSS[tops[0]] << 18, TYPE_LOSS[tops[1]] << 18, TYPE_LOSS[tops[2]] << 18)
        for p in _POINTS:
            s = cells[p]
            if s < 0:
                lim = (-s) | 3
                p6 = p << 6
                for q in links[p]:
                    t = cells[q]
                    if 0 < t <= lim:
                        add(w[t & 3] + (t >> 2 << 12) + p6 + q)
    out.sort(reverse=True)
    return [a & 4095 for a in out]


def plausible(b, a):
    """A cheap legality test of a move from the table (hash collisions are possible)."""
    if a == PASS:
        return b.step == 2
    p = a >> 6
    q = a & 63
    cells = b.cells
    s = cells[p]
    if not s or (s > 0) != (b.side == 0) or q not in b.links[p]:
        return False
    t = cells[q]
    if (t > 0) == (s > 0):
        return b.step == 2
    return abs(t) <= (abs(s) | 3)


def capture_plausible(b, a):
    """Is the move ``a`` (``src << 6 | dst``, from a killer list) a legal capture on ``b``?"""
    cells = b.cells
    p = a >> 6
    s = cells[p]
    t = cells[a & 63]
    if not s or not t or (s > 0) != (b.side == 0) or (t > 0) == (s > 0):
        return False
    return abs(t) <= (abs(s) | 3) and (a & 63) in b.links[p]


def _to_front(moves, firsts):
    """Move the actions of ``firsts`` that are in ``moves`` to its front, in their order."""
    for k in reversed(firsts):
        if k in moves:
            moves.remove(k)
            moves.insert(0, k)


def _scarce_stackings(b):
    """The stackings of a stack topped by one of the mover's types with at most
    ``SCARCE_STACKINGS`` stacks: their defence (the stack jumps onto a friend, taller)."""
    tops = b.tops
    own = 3 * b.side
    if min(tops[own], tops[own + 1], tops[own + 2]) > SCARCE_STACKINGS:
        return []
    cells = b.cells
    return [a for a in b._moves(True) if tops[own + (abs(cells[a >> 6]) & 3)] <= SCARCE_STACKINGS]


class MoveOrder:
    """The killers and history of one search, and the order they give a node's actions."""

    def __init__(self, plies: int):
        #: stacking -> history score (the sum of depth² over the nodes it cut)
        self.history = {}
        #: per ply, the last two stackings and the last two captures that cut a node
        self.killers = [[] for _ in range(plies)]
        self.capture_killers = [[] for _ in range(plies)]

    def ordered(self, b, ttmove, stackings=True, ply=0):
        """Every legal action of the non-finished board ``b``, in search order
        (``stackings`` False: the second action's captures and pass only, and with
        ``SCARCE_STACKINGS`` the stackings of the mover's scarce types; all its stackings
        when a side has ``STARVE_CAPTURES`` captures or fewer)."""
        moves = captures(b.cells, b.links, b.side, b.tops)
        inside = ply < len(self.killers)
        if inside:
            _to_front(moves, self.capture_killers[ply])
        if b.step == 2:
            if stackings:
                stacks = b._moves(True)
                if stacks:
                    hist = self.history
                    stacks.sort(key=lambda a: hist.get(a, 0), reverse=True)
                    if inside:
                        first = [k for k in self.killers[ply] if k in stacks]
                        for k in first:
                            stacks.remove(k)
                        moves += first
                moves.append(PASS)
                moves += stacks
            else:
                moves.append(PASS)
                if STARVE_CAPTURES and min(b.mobility(0)[0], b.mobility(1)[0]) <= STARVE_CAPTURES:
                    moves += b._moves(True)  # a side near starvation: every stacking
                elif SCARCE_STACKINGS:
                    moves += _scarce_stackings(b)
        if ttmove is not None and ttmove in moves:
            moves.remove(ttmove)
            moves.insert(0, ttmove)
        return moves

    def early(self, b, ttmove, ply):
        """The actions of ``b`` to try before generating the others: the table's move (if
        it passes :func:`plausible`) and the first killer capture of ``ply`` that is a
        legal capture here."""
        first = [ttmove] if ttmove is not None and plausible(b, ttmove) else []
        if ply < len(self.capture_killers):
            for k in self.capture_killers[ply]:
                if k != ttmove and capture_plausible(b, k):
                    first.append(k)
                    break
        return first

    def rest(self, b, early, stackings, ply):
        """:meth:`ordered`'s actions (no table's move) without those of ``early``, tried
        already."""
        moves = self.ordered(b, None, stackings, ply)
        for a in early:
            if a in moves:
                moves.remove(a)
        return moves

    def record(self, b, a, depth, ply):
        """The action ``a`` cut a node of board ``b`` (``depth`` away from the leaves, at
        ``ply`` from the root): remember it as a killer, and a stacking in the history."""
        if a == PASS or ply >= len(self.killers):
            return
        if b.is_capture(a):
            k = self.capture_killers[ply]
        else:
            self.history[a] = self.history.get(a, 0) + depth * depth
            k = self.killers[ply]
        if a not in k:
            k.insert(0, a)
            del k[2:]
