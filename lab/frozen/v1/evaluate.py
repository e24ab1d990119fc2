"""The static evaluation: what a TZAAR position is worth to the side to move.

Everything is read from :class:`~tzaar.rules.board.Board` fields and tables built at import;
one pass over the 60 points finds every stack that an enemy stack can capture next (the
links of the board give the first occupied point in each direction, and a mover takes a
stack no taller than itself: ``abs(t) <= abs(s) | 3`` on the stack codes).

Terms (White minus Black, then seen from the side to move):

* scarcity: per colour and type, ``TYPE_VALUE[n]`` for ``n`` stacks of that top type,
  concave, so the last Tzaar is worth far more than the tenth Tott;
* height: taller stacks capture more and are safe from more (``HEIGHT_VALUE``);
* threats: the side to move can take an attacked enemy stack now (the best such capture,
  valued by the scarcity it costs the enemy, near a win when it is the enemy's last of a
  type); the stacks of the side to move that are attacked cost a fraction of their value;
* safety: a colour's tallest stack of a type that no enemy stack is as tall as cannot be
  captured this turn or the next;
* capture mobility: a side with few captures left is close to losing at the start of a
  turn (``CAPTURE_VALUE``).

All tuning constants are in the block below.
"""

from __future__ import annotations

from tzaar.rules.geometry import NUM_POINTS

from .codes import BLACK, HEIGHT, MAX_HEIGHT, WHITE

# ---------------------------------------------------------------------- tuning constants

#: Value of having n stacks topped by one type (n = 0 is a lost game, scored by the search).
TYPE_VALUE = [0] + [int(1000 * (1 - 0.62**n)) for n in range(1, 32)]
#: Marginal value of the n-th stack of a type (losing it costs this much).
TYPE_LOSS = [0] + [TYPE_VALUE[n] - TYPE_VALUE[n - 1] for n in range(1, 32)]
#: Value of a stack by height (a height-1 stack is worth nothing extra).
HEIGHT_VALUE = [0, 0] + [int(70 * (1 - 0.75 ** (h - 1)) / 0.25) for h in range(2, MAX_HEIGHT + 1)]
#: Captures available to a colour: few captures is close to a no-capture loss.
CAPTURE_VALUE = [-900, -300, -140, -70, -35, -15, -5] + [0] * 200
#: Fraction (per 256) of the best capture of an attacked enemy stack the mover gets.
THREAT_GAIN = 180
#: Fraction (per 256) of the value of its own attacked stacks the mover loses.
THREAT_LOSS = 64
#: An attacked last stack of a type: for the mover to take (near a win) or to defend.
LAST_TAKE = 4000
LAST_DEFEND = 500
#: Two-hop threats on a last stack (an enemy stack captures once, then takes it): the
#: side to move at the start of its turn nearly wins; at its second action it can hardly
#: defend any more.
TWO_HOP = 1
LAST_TAKE2 = 2500
LAST_DEFEND2 = 2000
#: A type whose tallest stack outgrows every enemy stack is safe for a while.
SAFE_TYPE = 60
#: Being the side with an action still to play this turn.
TEMPO = 20

_MASK16 = 0xFFFF

# A per-code table: height value, positive for White stacks, negative for Black.
_SIGNED_HV = [0] * 256
for _c in range(1, 128):
    if HEIGHT[_c]:
        _SIGNED_HV[_c] = HEIGHT_VALUE[HEIGHT[_c]]
        _SIGNED_HV[-_c] = -HEIGHT_VALUE[HEIGHT[_c]]
# Slot (colour*3 + type) per code.
_SLOT = [0] * 256
for _c in range(1, 128):
    if HEIGHT[_c]:
        _SLOT[_c] = _c & 3
        _SLOT[-_c] = 3 + (_c & 3)

#: Types with at most this many stacks are examined stack by stack (threats, safety);
#: above it a lost stack costs little (TYPE_LOSS is small).
SCARCE = 5


def _hop2(cells, links, p, a, sign):
    """Can an enemy stack capture a neighbour of the stack at ``p`` (abs code ``a``) and
    then, from there, the stack itself?  ``sign`` is the enemy's sign (1 White, -1 Black)."""
    for r in links[p]:
        tr = cells[r] * sign
        if tr < 0:  # a friend of p's stack, in the enemy's reach?
            tr = -tr
            for q in links[r]:
                tq = cells[q] * sign
                if tq > 0:
                    lim = tq | 3
                    if tr <= lim and a <= lim:
                        return True
    return False


def evaluate(b) -> int:
    """The value of board ``b`` for its side to move (higher is better), in centi-units."""
    cells = b.cells
    tops = b.tops
    tv = TYPE_VALUE
    v = sum(map(_SIGNED_HV.__getitem__, cells))
    v += tv[tops[0]] + tv[tops[1]] + tv[tops[2]] - tv[tops[3]] - tv[tops[4]] - tv[tops[5]]
    counts = b.counts
    v += CAPTURE_VALUE[counts & _MASK16] - CAPTURE_VALUE[(counts >> 16) & _MASK16]
    side = b.side
    if side == BLACK:
        v = -v
    if b.step == 2:
        v += TEMPO
    lo = min(tops)
    if lo > SCARCE:
        return v
    # Stack by stack for the scarce types: attacked? safe (taller than every enemy)?
    links = b.links
    top_w = max(cells) >> 2  # tallest White stack
    top_b = (-min(cells)) >> 2  # tallest Black stack
    per = [0, 0, 0, 0, 0, 0]  # attacked stacks per slot
    safe = [0, 0, 0, 0, 0, 0]
    hop2 = [0, 0, 0, 0, 0, 0]  # last stacks an enemy stack can take with two captures
    for p in range(NUM_POINTS):
        s = cells[p]
        if not s:
            continue
        slot = _SLOT[s]
        if tops[slot] > SCARCE:
            continue
        if s > 0:
            if s >> 2 > top_b:
                safe[slot] = 1
                continue
            for q in links[p]:
                t = cells[q]
                if t < 0 and s <= ((-t) | 3):
                    per[slot] += 1
                    break
            else:
                if TWO_HOP and tops[slot] == 1 and _hop2(cells, links, p, s, -1):
                    hop2[slot] = 1
        else:
            u = -s
            if u >> 2 > top_w:
                safe[slot] = 1
                continue
            for q in links[p]:
                t = cells[q]
                if t > 0 and u <= (t | 3):
                    per[slot] += 1
                    break
            else:
                if TWO_HOP and tops[slot] == 1 and _hop2(cells, links, p, u, 1):
                    hop2[slot] = 1
    own = 3 * side
    enemy = 3 - own
    best = 0
    loss = 0
    step = b.step
    acts = 2 if step == 1 else 1  # actions the mover still has this turn
    for k in (0, 1, 2):
        e = enemy + k
        m = per[e]
        if m:
            n = tops[e]
            if m >= n and n <= acts:  # the mover can take every stack of the type
                g = LAST_TAKE if n == 1 else LAST_TAKE2
            else:
                g = TYPE_LOSS[n] * THREAT_GAIN >> 8
            if g > best:
                best = g
        elif hop2[e] and step == 1 and LAST_TAKE2 > best:
            best = LAST_TAKE2  # a capture, then the enemy's last stack of the type
        o = own + k
        m = per[o]
        n = tops[o]
        if hop2[o] or (m and m >= n and n <= 2):
            # The enemy's next turn (two captures) can take the whole type.
            loss += LAST_DEFEND2 if step == 2 else LAST_DEFEND
        elif m:
            loss += TYPE_LOSS[n] * (2 if m >= n else 1) * THREAT_LOSS >> 8
        v += SAFE_TYPE * (safe[o] - safe[e])
    return v + best - loss


__all__ = ["evaluate", "TYPE_VALUE", "TYPE_LOSS", "SCARCE"]
