"""The static evaluation: what a TZAAR position is worth to the side to move.

The value is a weighted sum of named features, ``sum(weight[name] * feature)``; the
features are computed here (:func:`features`), the weights are data (:mod:`.weights`,
written by the tuner, ``python -m lab.tune``), one set, or a tapered model's two mixed by
the number of stacks on the board (:data:`TAPER`).  Every feature is seen from the side
to move ("mover"): a symmetric one is the mover's count minus the enemy's, an asymmetric
one says whose it is in its name.

TZAAR has two ways to lose, and the features follow them:

* a type gone from the tops of one's stacks: ``scarcity`` (a concave value of the number
  of stacks per type, so the last Tzaar is worth far more than the tenth Tott),
  ``height``, ``secured`` (types whose tallest stack is taller than every enemy stack:
  it cannot be captured), the threats on scarce types (``threat_gain``: the best capture
  the mover has on a scarce enemy type; ``threat_loss``: the mover's attacked scarce
  stacks) and on whole types (``take_type``: the mover can take every stack of an enemy
  type this turn, ``take_type2`` with a capture first; ``lose_type``: the enemy's next turn
  can take one of the mover's types);
* no capture at the start of one's turn ("starvation"): ``captures`` (a shaped count of
  the capture pairs each side has), ``targets`` (distinct enemy stacks each side can
  capture now), ``enemy_targets_0``/``_1``/``_2`` and ``mover_targets_1`` (the side
  about to run out), ``attackers`` (own stacks with a target), ``reach`` (enemy stacks no
  taller than one's tallest stack: what could ever be a target) and ``reach_low`` (two or
  fewer), ``dead`` (stacks with no target and no own stack in sight).

Everything is read from :class:`~tzaar.rules.board.Board` fields and tables built at import,
in one pass over the points (the board's links give the first occupied point in each of
the six directions; a mover ``s`` takes ``t`` when ``abs(t) <= abs(s) | 3``).
"""

from __future__ import annotations

from ..rules.board import HEIGHT, MAX_HEIGHT
from . import weights as _weights

# ---------------------------------------------------------------------- shapes (fixed)

#: Value of having n stacks topped by one type (n = 0 is a lost game, scored by the search).
TYPE_VALUE = [0] + [int(1000 * (1 - 0.62**n)) for n in range(1, 32)]
#: Marginal value of the n-th stack of a type (losing it costs this much).
TYPE_LOSS = [0] + [TYPE_VALUE[n] - TYPE_VALUE[n - 1] for n in range(1, 32)]
#: Value of a stack by height (a height-1 stack is worth nothing extra).
HEIGHT_VALUE = [0, 0] + [int(70 * (1 - 0.75 ** (h - 1)) / 0.25) for h in range(2, MAX_HEIGHT + 1)]
#: Captures available to a colour, shaped: few captures is close to a no-capture loss.
CAPTURE_VALUE = [-900, -300, -140, -70, -35, -15, -5] + [0] * 400
#: Types with at most this many stacks are examined for threats stack by stack.
SCARCE = 5
#: Counts are capped here (beyond it one more target changes little).
CAP = 12
#: With more stacks than this on the board (the first turns) the stack-by-stack pass is
#: skipped and its terms are taken as 0: its counts are then mostly past CAP for both sides.
CROWDED = 50

#: The features, in the order of :func:`features` (names are the keys of WEIGHTS).
FEATURES = (
    "scarcity",
    "height",
    "captures",
    "targets",
    "attackers",
    "reach",
    "reach_low",
    "dead",
    "secured",
    "enemy_targets_0",
    "enemy_targets_1",
    "enemy_targets_2",
    "mover_targets_1",
    "threat_gain",
    "threat_loss",
    "take_type",
    "take_type2",
    "lose_type",
    "tempo",
)

#: Weights are fixed point: a feature unit is worth ``weight / SCALE`` centi-units.
SCALE = 64

_MASK16 = 0xFFFF
_CAPPED = [min(n, CAP) for n in range(64)]
# Height value per code, positive for White stacks, negative for Black.
_SIGNED_HV = [0] * 256
for _c in range(1, 128):
    if HEIGHT[_c]:
        _SIGNED_HV[_c] = HEIGHT_VALUE[HEIGHT[_c]]
        _SIGNED_HV[-_c] = -HEIGHT_VALUE[HEIGHT[_c]]


def _relation(s: int, t: int) -> int:
    """Bits of what stack ``s`` and the stack ``t`` it sees do to each other: 1 ``s`` can
    capture ``t``, 2 ``t`` can capture ``s``, 4 a friend (``s`` could stack on it)."""
    if not s or not t:
        return 0
    if (s > 0) == (t > 0):
        return 4
    hs, ht = HEIGHT[s], HEIGHT[t]
    return (1 if ht <= hs else 0) | (2 if hs <= ht else 0)


_REL = [[0] * 256 for _ in range(256)]
for _s in range(-127, 128):
    if _s and HEIGHT[_s]:
        for _t in range(-127, 128):
            if _t and HEIGHT[_t]:
                _REL[_s][_t] = _relation(_s, _t)


def _packed(s: int, r: int) -> int:
    """What a stack ``s`` with relation bits ``r`` (to all it sees) adds to the counters
    of :func:`features`, packed in 6-bit fields: attackers W, B; dead W, B; targets W, B
    (stacks of the other colour that colour can capture); attacked stacks per slot."""
    white = s > 0
    v = 0
    if r & 1:
        v += 1 << (0 if white else 6)
    elif not r & 4:
        v += 1 << (12 if white else 18)
    if r & 2:
        v += 1 << (30 if white else 24)  # a target of the other colour
        v += 1 << (36 + 6 * ((0 if white else 3) + (abs(s) & 3)))
    return v


_SLOT = [0] * 256  # colour * 3 + type per code
for _c in range(1, 128):
    if HEIGHT[_c]:
        _SLOT[_c] = _c & 3
        _SLOT[-_c] = 3 + (_c & 3)

_PACK = [[0] * 8 for _ in range(256)]
for _s in range(-127, 128):
    if _s and HEIGHT[_s]:
        _PACK[_s] = [_packed(_s, _r) for _r in range(8)]


#: Tapered weights: with ``n`` stacks on the board (at most TAPER) the weights are
#: ``(WEIGHTS * n + ENDGAME * (TAPER - n)) / TAPER`` (weights.py's two sets; without an
#: ENDGAME set, WEIGHTS at every count).  A table of TAPER + 1 fixed-point vectors, so a
#: tapered evaluation costs what a linear one does.
TAPER = 60


def _weights_vector(weights):
    missing = [f for f in FEATURES if f not in weights]
    if missing:
        raise ValueError(f"weights lack {', '.join(missing)}")
    return [int(round(weights[f] * SCALE)) for f in FEATURES]


def weights_table(weights, endgame=None) -> list:
    """The fixed-point weight vector for each stack count 0 .. TAPER."""
    w = _weights_vector(weights)
    if endgame is None:
        return [w] * (TAPER + 1)
    e = _weights_vector(endgame)
    return [[(a * n + b * (TAPER - n)) // TAPER for a, b in zip(w, e)] for n in range(TAPER + 1)]


_WT = weights_table(_weights.WEIGHTS, getattr(_weights, "ENDGAME", None))


def set_weights(weights, endgame=None) -> None:
    """Use other weights (dicts name -> centi-units per feature unit; ``endgame`` the
    tapered model's second set, None for a linear one): for tuning."""
    global _WT
    _WT = weights_table(weights, endgame)


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


def features(b) -> list:
    """The feature values of board ``b`` (not finished), from its side to move."""
    cells = b.cells
    links = b.links
    tops = b.tops
    side = b.side
    step = b.step
    top_w = max(cells)  # tallest White code (0 if none)
    top_b = -min(cells)  # tallest Black code, as a positive code
    lim_w = top_w | 3  # a Black stack u (abs) is within White's reach if u <= lim_w
    lim_b = top_b | 3
    # Per colour: distinct stacks it can capture (targets), own stacks with a target
    # (attackers), enemy stacks within its tallest stack's reach, dead stacks, secured
    # types (bits), attacked stacks per slot.  With more than CROWDED stacks on the board
    # the pass is skipped (see CROWDED): its terms are taken as 0.
    rw = rb = 0
    sec_w = sec_b = 0
    hop = [0, 0, 0, 0, 0, 0]
    scarce = min(tops) <= SCARCE
    if sum(tops) <= CROWDED:
        rel = _REL
        pack = _PACK
        acc = 0
        for p in range(60):
            s = cells[p]
            if not s:
                continue
            l0, l1, l2, l3, l4, l5 = links[p]
            row = rel[s]
            r = row[cells[l0]] | row[cells[l1]] | row[cells[l2]] | row[cells[l3]] | row[cells[l4]] | row[cells[l5]]
            acc += pack[s][r]
            if s > 0:
                if s > lim_b:
                    sec_w |= 1 << (s & 3)
                else:
                    rb += 1
                if scarce and not r & 2 and tops[s & 3] == 1 and _hop2(cells, links, p, s, -1):
                    hop[s & 3] = 1
            else:
                u = -s
                if u > lim_w:
                    sec_b |= 1 << (u & 3)
                else:
                    rw += 1
                if scarce and not r & 2 and tops[3 + (u & 3)] == 1 and _hop2(cells, links, p, u, 1):
                    hop[3 + (u & 3)] = 1
        aw = acc & 63
        ab = acc >> 6 & 63
        dw = acc >> 12 & 63
        db = acc >> 18 & 63
        tw = acc >> 24 & 63
        tb = acc >> 30 & 63
        per = [acc >> 36 & 63, acc >> 42 & 63, acc >> 48 & 63, acc >> 54 & 63, acc >> 60 & 63, acc >> 66 & 63]
    else:
        tw = tb = aw = ab = rw = rb = CAP
        dw = db = 0
        per = [0, 0, 0, 0, 0, 0]
        if scarce:  # crowded, but a scarce type: its stacks only, for the threats
            rel = _REL
            for p in range(60):
                s = cells[p]
                if not s:
                    continue
                slot = _SLOT[s]
                if tops[slot] > SCARCE:
                    continue
                l0, l1, l2, l3, l4, l5 = links[p]
                row = rel[s]
                r = row[cells[l0]] | row[cells[l1]] | row[cells[l2]] | row[cells[l3]] | row[cells[l4]] | row[cells[l5]]
                if r & 2:
                    per[slot] += 1
                elif tops[slot] == 1 and _hop2(cells, links, p, abs(s), -1 if s > 0 else 1):
                    hop[slot] = 1
    tv = TYPE_VALUE
    scar = tv[tops[0]] + tv[tops[1]] + tv[tops[2]] - tv[tops[3]] - tv[tops[4]] - tv[tops[5]]
    height = sum(map(_SIGNED_HV.__getitem__, cells))
    counts = b.counts
    caps = CAPTURE_VALUE[counts & _MASK16] - CAPTURE_VALUE[(counts >> 16) & _MASK16]
    capped = _CAPPED
    secured = (sec_w & 1) + (sec_w >> 1 & 1) + (sec_w >> 2 & 1) - (sec_b & 1) - (sec_b >> 1 & 1) - (sec_b >> 2 & 1)
    if side == 0:
        mt, et = tw, tb
        f = [scar, height, caps, capped[tw] - capped[tb], capped[aw] - capped[ab], capped[rw] - capped[rb],
             (rw <= 2) - (rb <= 2), dw - db, secured]
    else:
        mt, et = tb, tw
        f = [-scar, -height, -caps, capped[tb] - capped[tw], capped[ab] - capped[aw], capped[rb] - capped[rw],
             (rb <= 2) - (rw <= 2), db - dw, -secured]
    f.append(et == 0)
    f.append(et == 1)
    f.append(et == 2)
    f.append(mt == 1)
    # Threats on scarce types (the mover's best capture of one, its own attacked ones).
    gain = loss = take = take2 = lose = 0
    if scarce:
        own = 3 * side
        enemy = 3 - own
        acts = 2 if step == 1 else 1  # actions the mover still has this turn
        for k in (0, 1, 2):
            e = enemy + k
            m = per[e]
            n = tops[e]
            if m:
                if m >= n and n <= acts:
                    if n == 1:
                        take = 1
                    else:
                        take2 = 1
                elif n <= SCARCE and TYPE_LOSS[n] > gain:
                    gain = TYPE_LOSS[n]
            elif hop[e] and step == 1:
                take2 = 1  # a capture, then the enemy's last stack of the type
            o = own + k
            m = per[o]
            n = tops[o]
            if hop[o] or (m and m >= n and n <= 2):
                lose += 1  # the enemy's next turn (two captures) can take the whole type
            elif m and n <= SCARCE:
                loss += TYPE_LOSS[n] * (2 if m >= n else 1)
    f.append(gain)
    f.append(loss)
    f.append(take)
    f.append(take2)
    f.append(lose)
    f.append(step == 2)
    return f


def evaluate(b) -> int:
    """The value of board ``b`` for its side to move (higher is better), in centi-units."""
    tops = b.tops
    n = sum(tops)
    w = _WT[n if n < TAPER else TAPER]
    if n > CROWDED and min(tops) > SCARCE:
        # Crowded: every stack-by-stack feature is taken as 0 (see :func:`features`); the rest here
        # (and no type is down to its last stack).
        tv = TYPE_VALUE
        counts = b.counts
        v = (
            w[0] * (tv[tops[0]] + tv[tops[1]] + tv[tops[2]] - tv[tops[3]] - tv[tops[4]] - tv[tops[5]])
            + w[1] * sum(map(_SIGNED_HV.__getitem__, b.cells))
            + w[2] * (CAPTURE_VALUE[counts & _MASK16] - CAPTURE_VALUE[(counts >> 16) & _MASK16])
        )
        if b.side:
            v = -v
        if b.step == 2:
            v += w[18]
        return v // SCALE
    f = features(b)
    return (
        w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[4] * f[4] + w[5] * f[5] + w[6] * f[6]
        + w[7] * f[7] + w[8] * f[8] + w[9] * f[9] + w[10] * f[10] + w[11] * f[11] + w[12] * f[12]
        + w[13] * f[13] + w[14] * f[14] + w[15] * f[15] + w[16] * f[16] + w[17] * f[17] + w[18] * f[18]
    ) // SCALE


__all__ = ["evaluate", "features", "set_weights", "weights_table", "FEATURES", "TAPER", "TYPE_VALUE", "TYPE_LOSS", "SCARCE", "SCALE"]
