"""A search score as a player reads it: the chance of winning.

The chance shown is ``sigmoid(SHOWN_K * score / 400)``, a logistic model of the game's
result for the side to move with its own scale, fitted on the scores of the search (what
the analysis bar, the hint, the review and the CLI show), not the tuner's
``weights.K``, which belongs to the static evaluations the weights were fitted on.  A won or
lost score (beyond ``MATE_BOUND``: a win the search found, or the endgame solver's proof)
is certain.
"""

from __future__ import annotations

import math

from .search import MATE_BOUND

__all__ = ["SHOWN_K", "win_chance", "chance_text", "percent"]

#: The scale of the chance shown: the K of ``sigmoid(K * score / 400)`` with the least
#: Brier score on the Expert search's scores short of a win (3,000 nodes, ``ai_move``'s
#: ``info.score``: what the bar and the hint show; the review's scores fit 0.087) against
#: the results of held-out self-play, fitted on every third position and checked on the
#: next (0.096 and 0.090), by
#:     python -m lab.tune generate held --games 150 --nodes 1000 --seed 7 --parts 1
#:     python -m lab.bench_odds held/n1000_p0.txt --every 3 [--offset 1] --nodes 3000
#: About 400 / SHOWN_K = 4,400 centi-units make one logit of odds.
SHOWN_K = 0.09


#: The chance of any other score stays within [LEAST, 1 - LEAST]: only a won score is certain.
LEAST = 0.001


def win_chance(score: int, k: float = SHOWN_K) -> float:
    """The side to move's chance of winning (0.0 .. 1.0) for a search score in
    centi-units: 0.5 at 0, rising with the score, 1.0 and 0.0 only for won and lost scores.
    ``k``: the scale (the shown one unless a benchmark compares another)."""
    if score > MATE_BOUND:
        return 1.0
    if score < -MATE_BOUND:
        return 0.0
    x = k * score / 400
    if abs(x) > 40:  # exp() could overflow; the chance is at its bound anyway
        x = math.copysign(40, x)
    return min(1.0 - LEAST, max(LEAST, 1.0 / (1.0 + math.exp(-x))))


def percent(chance: float) -> int:
    """A chance in whole percent, 1..99 unless it is certain (a won or lost score), so that
    a likely win never reads as a sure one."""
    if chance >= 1.0:
        return 100
    if chance <= 0.0:
        return 0
    return max(1, min(99, math.floor(chance * 100 + 0.5)))  # halves up, as the page's Math.round


def chance_text(white: float) -> str:
    """``White 62%`` or ``Black 70%``: the favourite (White at an even 50%) and its chance,
    from White's chance ``white``."""
    if white >= 0.5:
        return f"White {percent(white)}%"
    return f"Black {percent(1.0 - white)}%"
