"""The fast, mutable search board: move generation, make/unmake, Zobrist hash, perft.

This is the engine core.  Everything here works on small ints read from tables built
once at import; text (point names, action text, position text) lives in
:mod:`tzaar.rules.notation` and the immutable :class:`tzaar.rules.position.Position`.

Why this module is longer than the others (about 580 lines where the rest keep under 400):
it is the one hot path.  Move generation, make/unmake, the incremental counters and the
Zobrist hash all read and write the same neighbour links and tables inside the same few
methods; split over modules they would cost an attribute look-up per access in the
search's innermost loop, so they stay together.

How a search uses it
--------------------
::

    from tzaar.rules.board import Board, PASS, perft
    b = Board.from_text("ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1")
    for a in b.moves():          # legal actions as ints; [] when the game is over
        b.do(a)                  # make
        key = b.hash             # 64-bit Zobrist key of (stacks, side, step), incremental
        ...                      # recurse: b.side, b.step, b.winner(), b.count(), ...
        b.undo()                 # unmake (strict LIFO)

* ``b.side`` is the side to move (``WHITE`` 0 / ``BLACK`` 1); ``b.step`` the turn digit
  (0 placement, 1 forced capture, 2 second action).  A turn of two actions is two plies:
  after a step-1 capture the same side moves again at step 2 (except after the opening).
* ``b.moves()`` / ``b.captures()`` list legal actions; ``b.count()`` counts them in O(1)
  (capture and stacking counts are kept incrementally, see "Counters" below).
* ``b.winner()`` is ``None`` while the game goes on, else the winning colour; a finished
  board has no moves.  ``b.is_capture(a)`` and ``b.loses_type(a)`` classify an action.
* ``b.mobility(colour)`` -> (captures, stackings) available to a colour right now, and
  ``b.tops`` / ``b.material`` (see :class:`Board`) are cheap evaluation inputs.

Encodings
---------
* A stack is ONE int: ``height * 4 + type`` (type ``TZAAR`` 0, ``TZARRA`` 1, ``TOTT`` 2),
  positive for White, negative for Black, 0 for an empty point.  A mover ``s`` may capture
  an enemy ``t`` iff ``abs(t) <= abs(s) | 3`` (height no greater).
* An action is one int: a move (capture or stacking, the board tells which) is
  ``src << 6 | dst``; ``PASS`` is 4096; a placement is ``PLACE | type << 6 | point``.
* Per-code tables (``HEIGHT``, ``TYPE``, ``EDGE``, ``ZOBRIST[p]``...) are lists of 256
  entries indexed by the code itself: Python's negative indexes make Black's codes work
  without an offset.

Neighbour links (the speed trick)
---------------------------------
In the play phase points only ever become empty.  ``links[p][d]`` holds the FIRST
occupied point from ``p`` in direction ``d`` (or ``SENTINEL``, whose cell is always 0).
Vacating ``p`` joins its two neighbours on each of the three axes (dancing links); undo
re-inserts ``p`` in reverse order.  Only occupied points' links are meaningful.  During
placement links are not kept; they are rebuilt when the 60th piece lands.

Counters
--------
Every pair of linked occupied points (an "edge") contributes the actions it allows, in
both directions: captures of each colour and stackings of each colour.  ``EDGE[a][b]``
holds that contribution packed into one int (four 16-bit fields), so ``counts`` is the
sum over all edges and a move updates it with a handful of table reads.  ``count()`` at
a perft leaf is then O(1): no list is built ("bulk counting").
"""

from __future__ import annotations

import random

from .codes import ENCODINGS
from .codes import SIZE as _SIZE
from .codes import all_codes as _codes
from .codes import code_table as _table
from .codes import (  # re-exported: the board's encodings
    BLACK,
    COLOUR,
    HEIGHT,
    INITIAL,
    MAX_HEIGHT,
    PASS,
    PLACE,
    TOTT,
    TYPE,
    TZAAR,
    TZARRA,
    WHITE,
    move_code,
    place_code,
    stack_code,
)
from .geometry import NUM_POINTS, RAYS, SENTINEL, STEP
from .notation import format_position, parse_position

__all__ = [*ENCODINGS, "Board", "perft", "perft_visit"]

_MASK16 = 0xFFFF
# Bit offsets of the packed counters.
_CAP = (0, 16)  # captures available to White, Black
_STK = (32, 48)  # stackings available to White, Black

#: index into ``Board.tops`` (colour * 3 + type)
_SLOT = _table(lambda c: (0 if c > 0 else 3) + (abs(c) & 3), 0)
#: the signed height part of a code (what stacking adds to the mover)
_H4 = _table(lambda c: c - (abs(c) & 3 if c > 0 else -(abs(c) & 3)), 0)


def _edge_value(a: int, b: int) -> int:
    """Packed (captures W, captures B, stackings W, stackings B) an edge a-b allows."""
    if a == 0 or b == 0:
        return 0
    ca, cb = COLOUR[a], COLOUR[b]
    if ca == cb:
        return 2 << _STK[ca]  # each may jump onto the other
    ha, hb = HEIGHT[a], HEIGHT[b]
    v = 0
    if hb <= ha:
        v += 1 << _CAP[ca]
    if ha <= hb:
        v += 1 << _CAP[cb]
    return v


def _build_edges():
    """EDGE[a][b] for all codes; rows depend only on (colour, height), so they are shared."""
    zero = [0] * _SIZE
    rows = [zero] * _SIZE
    shared = {}
    for a in _codes():
        key = (COLOUR[a], HEIGHT[a])
        if key not in shared:
            row = [0] * _SIZE
            for b in _codes():
                row[b] = _edge_value(a, b)
            shared[key] = row
        rows[a] = shared[key]
    return rows


EDGE = _build_edges()


def _build_zobrist():
    """ZOBRIST[p][code] and ZOBRIST_TURN[side*3 + step]: fixed-seed 64-bit keys."""
    rng = random.Random(0x7A4A12)
    z = []
    for _ in range(NUM_POINTS):
        row = [0] * _SIZE
        for c in _codes():
            row[c] = rng.getrandbits(64)
        z.append(row)
    turn = [rng.getrandbits(64) for _ in range(6)]
    return z, turn


ZOBRIST, ZOBRIST_TURN = _build_zobrist()


class Board:
    """A mutable TZAAR position for search: do/undo, move generation, incremental hash.

    Attributes (read them, never write them):

    * ``cells``: list of 61 stack codes (index ``SENTINEL`` = 60 is always 0).
    * ``side``, ``step``: whose turn and which action of it (0 place, 1 capture, 2 second).
    * ``links``: first occupied point per point and direction (valid in the play phase).
    * ``tops``: number of stacks per (colour*3 + type) top; ``reserve``: pieces still to
      place, same layout; ``material``: pieces on the board per colour (heights summed).
    * ``counts``: packed action counters (see the module docstring); ``hash``: Zobrist key.
    """

    __slots__ = (
        "cells",
        "links",
        "side",
        "step",
        "tops",
        "reserve",
        "material",
        "counts",
        "hash",
        "_undo",
    )

    def __init__(self, cells, side: int = WHITE, step: int = 1):
        """A board from 60 stack codes (position-text order) and the turn.

        No validation: build boards from a validated :class:`~tzaar.rules.position.Position`
        or :meth:`from_text` unless the input is known to be sound.
        """
        self.cells = list(cells) + [0]
        if len(self.cells) != NUM_POINTS + 1:
            raise ValueError("a board needs exactly 60 cells")
        self.side = side
        self.step = step
        self._undo = []
        tops = [0] * 6
        material = [0, 0]
        for c in self.cells:
            if c:
                tops[_SLOT[c]] += 1
                material[COLOUR[c]] += HEIGHT[c]
        self.tops = tops
        self.material = material
        if step == 0:
            self.reserve = [INITIAL[i % 3] - tops[i] for i in range(6)]
        else:
            self.reserve = [0] * 6
        self._start_links()
        h = ZOBRIST_TURN[side * 3 + step]
        for p in range(NUM_POINTS):
            h ^= ZOBRIST[p][self.cells[p]]
        self.hash = h

    @classmethod
    def from_text(cls, text: str) -> "Board":
        """A board from position text (validated by :mod:`tzaar.rules.notation`)."""
        cells, side, step = parse_position(text)
        return cls(cells, side, step)

    def text(self) -> str:
        """The position text of this board."""
        return format_position(self.cells[:NUM_POINTS], self.side, self.step)

    def __repr__(self) -> str:
        return f"Board.from_text({self.text()!r})"

    def copy(self) -> "Board":
        """An independent board in the same state (the undo history is not copied)."""
        return Board(self.cells[:NUM_POINTS], self.side, self.step)

    def _start_links(self):
        """Compute links by walking rays, and the counters from scratch."""
        cells = self.cells
        links = []
        for p in range(NUM_POINTS):
            row = []
            for ray in RAYS[p]:
                first = SENTINEL
                for r in ray:
                    if cells[r]:
                        first = r
                        break
                row.append(first)
            links.append(row)
        links.append([SENTINEL] * 6)
        self.links = links
        total = 0
        for p in range(NUM_POINTS):
            c = cells[p]
            if c:
                row = EDGE[c]
                lp = links[p]
                total += row[cells[lp[0]]] + row[cells[lp[2]]] + row[cells[lp[4]]]
        self.counts = total

    # ------------------------------------------------------------------ queries

    def is_opening(self) -> bool:
        """White's single-capture opening: w1 with all 60 pieces on the board."""
        return self.step == 1 and self.side == WHITE and self.material[0] + self.material[1] == 60

    def mobility(self, colour: int) -> tuple[int, int]:
        """(captures, stackings) the colour could make now (ignoring whose turn it is)."""
        if self.step == 0:
            return 0, 0
        t = self.counts
        return (t >> _CAP[colour]) & _MASK16, (t >> _STK[colour]) & _MASK16

    def winner(self):
        """``WHITE`` or ``BLACK`` if the game is over, else ``None``.

        A colour with no stack topped by one of the three types has lost; otherwise, at
        the start of a turn (step 1), a side with no capture has lost.
        """
        step = self.step
        if step == 0:
            return None
        tops = self.tops
        if not (tops[0] and tops[1] and tops[2]):
            return BLACK
        if not (tops[3] and tops[4] and tops[5]):
            return WHITE
        if step == 1 and not (self.counts >> _CAP[self.side]) & _MASK16:
            return 1 - self.side
        return None

    def is_over(self) -> bool:
        return self.winner() is not None

    def count(self) -> int:
        """The number of legal actions, in O(1) (0 when the game is over)."""
        step = self.step
        side = self.side
        if step == 0:
            r = self.reserve
            kinds = (r[0] > 0) + (r[1] > 0) + (r[2] > 0) if side == WHITE else (r[3] > 0) + (r[4] > 0) + (r[5] > 0)
            m = self.material
            return kinds * (NUM_POINTS - m[0] - m[1])
        if 0 in self.tops:
            return 0
        t = self.counts
        if step == 1:
            return (t >> _CAP[side]) & _MASK16
        return ((t >> _CAP[side]) & _MASK16) + ((t >> _STK[side]) & _MASK16) + 1

    def moves(self) -> list[int]:
        """Every legal action (ints); captures first, then stackings, then PASS."""
        step = self.step
        if step == 0:
            return self._placements()
        if self.winner() is not None:
            return []
        caps = self._moves(False)
        if step == 1:
            return caps
        caps += self._moves(True)
        caps.append(PASS)
        return caps

    def captures(self) -> list[int]:
        """The legal captures (ints); [] in the placement phase or when the game is over."""
        if self.step == 0 or self.winner() is not None:
            return []
        return self._moves(False)

    def _moves(self, stacks: bool) -> list[int]:
        """Captures (stacks False) or stackings (stacks True) of the side to move."""
        cells = self.cells
        links = self.links
        out = []
        add = out.append
        if self.side == WHITE:
            for p in range(NUM_POINTS):
                s = cells[p]
                if s > 0:
                    base = p << 6
                    if stacks:
                        for q in links[p]:
                            if cells[q] > 0:
                                add(base | q)
                    else:
                        lim = -(s | 3)
                        for q in links[p]:
                            if lim <= cells[q] < 0:
                                add(base | q)
        else:
            for p in range(NUM_POINTS):
                s = cells[p]
                if s < 0:
                    base = p << 6
                    if stacks:
                        for q in links[p]:
                            if cells[q] < 0:
                                add(base | q)
                    else:
                        lim = (-s) | 3
                        for q in links[p]:
                            if 0 < cells[q] <= lim:
                                add(base | q)
        return out

    def _placements(self) -> list[int]:
        cells = self.cells
        empty = [p for p in range(NUM_POINTS) if not cells[p]]
        off = 3 * self.side
        out = []
        for k in (TZAAR, TZARRA, TOTT):
            if self.reserve[off + k] > 0:
                base = PLACE | k << 6
                out.extend(base | p for p in empty)
        return out

    def is_capture(self, a: int) -> bool:
        """True if the move ``a`` (src << 6 | dst) is a capture on this board."""
        if a >= PASS:
            return False
        return (self.cells[a >> 6] > 0) != (self.cells[a & 63] > 0)

    def loses_type(self, a: int) -> bool:
        """True if stacking ``a`` would cover the mover's last stack of a type (and lose)."""
        if a >= PASS or self.is_capture(a):
            return False
        return self.tops[_SLOT[self.cells[a & 63]]] == 1

    def is_legal(self, a: int) -> bool:
        return a in self.moves()

    # ------------------------------------------------------------------ make / unmake

    def do(self, a: int) -> None:
        """Play the legal action ``a`` (not checked: use ``is_legal`` for untrusted input)."""
        if a < PASS:
            cells = self.cells
            links = self.links
            p = a >> 6
            q = a & 63
            sp = cells[p]
            sq = cells[q]
            side = self.side
            step = self.step
            total = self.counts
            self._undo.append((a, sp, sq, total, self.hash, side, step))
            # Unlink p: remove its edges, join its neighbours on each axis.
            up, dn, ur, dl, dr, ul = links[p]
            cu = cells[up]
            cd = cells[dn]
            cur = cells[ur]
            cdl = cells[dl]
            cdr = cells[dr]
            cul = cells[ul]
            ep = EDGE[sp]
            total += (
                EDGE[cu][cd]
                + EDGE[cur][cdl]
                + EDGE[cdr][cul]
                - ep[cu]
                - ep[cd]
                - ep[cur]
                - ep[cdl]
                - ep[cdr]
                - ep[cul]
            )
            links[dn][0] = up
            links[up][1] = dn
            links[dl][2] = ur
            links[ur][3] = dl
            links[ul][4] = dr
            links[dr][5] = ul
            cells[p] = 0
            # q changes from sq to new.
            if (sp > 0) != (sq > 0):
                new = sp
                m = self.material
                if sp > 0:
                    m[1] -= HEIGHT[sq]
                    opening = side == WHITE and step == 1 and m[0] + m[1] + HEIGHT[sq] == 60
                else:
                    m[0] -= HEIGHT[sq]
                    opening = False
            else:
                new = sp + _H4[sq]
                opening = False
            self.tops[_SLOT[sq]] -= 1
            en = EDGE[new]
            eo = EDGE[sq]
            for r in links[q]:
                c = cells[r]
                total += en[c] - eo[c]
            cells[q] = new
            self.counts = total
            zq = ZOBRIST[q]
            if step == 1:
                if opening:
                    self.side = BLACK
                    h = ZOBRIST_TURN[1] ^ ZOBRIST_TURN[4]
                else:
                    self.step = 2
                    h = ZOBRIST_TURN[3 * side + 1] ^ ZOBRIST_TURN[3 * side + 2]
            else:
                self.side = 1 - side
                self.step = 1
                h = ZOBRIST_TURN[3 * side + 2] ^ ZOBRIST_TURN[4 - 3 * side]
            self.hash ^= h ^ ZOBRIST[p][sp] ^ zq[sq] ^ zq[new]
        elif a == PASS:
            side = self.side
            self._undo.append((a, 0, 0, 0, self.hash, side, self.step))
            self.side = 1 - side
            self.step = 1
            self.hash ^= ZOBRIST_TURN[3 * side + 2] ^ ZOBRIST_TURN[4 - 3 * side]
        else:
            side = self.side
            kind = (a >> 6) & 3
            p = a & 63
            code = 4 + kind if side == WHITE else -4 - kind
            self._undo.append((a, 0, 0, self.counts, self.hash, side, 0))
            self.cells[p] = code
            slot = 3 * side + kind
            self.tops[slot] += 1
            self.reserve[slot] -= 1
            m = self.material
            m[side] += 1
            h = self.hash ^ ZOBRIST[p][code] ^ ZOBRIST_TURN[3 * side]
            if m[0] + m[1] == NUM_POINTS:
                self.side = WHITE
                self.step = 1
                self._start_links()
                h ^= ZOBRIST_TURN[1]
            else:
                self.side = 1 - side
                h ^= ZOBRIST_TURN[3 - 3 * side]
            self.hash = h

    def undo(self) -> None:
        """Take back the last action played with :meth:`do`."""
        a, sp, sq, total, h, side, step = self._undo.pop()
        self.hash = h
        self.side = side
        self.step = step
        if a < PASS:
            cells = self.cells
            links = self.links
            p = a >> 6
            q = a & 63
            cells[p] = sp
            cells[q] = sq
            up, dn, ur, dl, dr, ul = links[p]
            links[dn][0] = p
            links[up][1] = p
            links[dl][2] = p
            links[ur][3] = p
            links[ul][4] = p
            links[dr][5] = p
            self.tops[_SLOT[sq]] += 1
            if (sp > 0) != (sq > 0):
                self.material[COLOUR[sq]] += HEIGHT[sq]
            self.counts = total
        elif a > PASS:
            kind = (a >> 6) & 3
            self.cells[a & 63] = 0
            slot = 3 * side + kind
            self.tops[slot] -= 1
            self.reserve[slot] += 1
            self.material[side] -= 1
            self.counts = total

    @property
    def ply(self) -> int:
        """Number of actions that :meth:`undo` can take back."""
        return len(self._undo)


def perft(board: Board, depth: int, bulk: bool = True) -> int:
    """Count the sequences of ``depth`` legal actions from ``board`` (restored afterwards).

    With ``bulk`` (the default) the last level is counted with :meth:`Board.count`
    instead of playing every leaf action; without it every leaf is played and taken back.
    """
    if not bulk:
        return perft_visit(board, depth)
    if depth <= 0:
        return 1
    if depth == 1:
        return board.count()
    do = board.do
    undo = board.undo
    n = 0
    if depth == 2:
        count = board.count
        for a in board.moves():
            do(a)
            n += count()
            undo()
        return n
    for a in board.moves():
        do(a)
        n += perft(board, depth - 1)
        undo()
    return n


def perft_visit(board: Board, depth: int) -> int:
    """Perft that plays and takes back every action, leaves included (no bulk counting)."""
    if depth <= 0:
        return 1
    n = 0
    do = board.do
    undo = board.undo
    for a in board.moves():
        do(a)
        n += perft_visit(board, depth - 1)
        undo()
    return n
