"""How the review marks a turn: the cheap judgment that finds the candidates, and the deeper
one that makes the mark.

A turn's *loss* is how many points (percent) of the mover's chance of winning it gave away
against a better turn, both positions judged with the opponent to move (so the evaluation's
lean towards the side to move cancels).  :func:`judge` reads it from the review's searches
at its own budget: a loss of :data:`MISTAKE` points or more makes the turn a *candidate*.
:func:`judge_deeply` then decides from the deeper looks after the turn played and after
each better turn (:mod:`.review_looks`: the solver where few stacks are left, else a search
with ten times the budget): the mark, its size and its better turn come from them, or the
mark is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from .review_values import Evaluation, Look

__all__ = ["MISTAKE", "BLUNDER", "Judgment", "judge", "judge_deeply", "markable", "proven_for"]

#: A turn that gives away this many points of the mover's winning chance (percent) is a
#: mistake; this many a blunder.  Chances saturate, so a lost win is a blunder and an
#: already lost game costs nothing more.  Measured on 40 self-play games of Beginner and
#: Casual against Strong (``python -m lab.bench_odds --marks 40``; BENCHMARKS.md,
#: "Scores as chances"): 15 points mark 15.6% of Beginner's turns and 6.1% of Strong's
#: (less than once a game); 30 points, less than a whole type's threat given away from an
#: even game, 5.7% of Beginner's and 1.0% of Strong's.
MISTAKE = 15
BLUNDER = 30


def _mark(loss: float) -> Optional[str]:
    return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else None


def _gain(side: int, after: Evaluation, alt: Evaluation) -> float:
    """Points of the mover's chance that ``alt`` leaves over ``after`` (negative: fewer)."""
    return (alt.chance - after.chance) * (1 if side == 0 else -1) * 100


def judge(side: int, after: Evaluation, alt: Optional[Evaluation]) -> tuple:
    """``(loss, mark)`` of a turn by ``side`` (0 White, 1 Black) that led to ``after``
    where the engine's turn led to ``alt`` (None: the engine played the same turn); both
    evaluations from White's side.  ``loss``: points (percent) of the mover's winning
    chance given away, to a tenth; ``mark``: None, "mistake" or "blunder"."""
    if alt is None:
        return 0.0, None
    loss = round(max(0.0, _gain(side, after, alt)), 1)
    return loss, _mark(loss)


def proven_for(side: int, ev: Evaluation) -> Optional[str]:
    """``"win"`` or ``"loss"`` when ``ev`` is a proven result (a won or lost evaluation: the
    solver's proof, or a win the search found), seen by ``side``; else None."""
    if ev.mate is None:
        return None
    return "win" if (ev.score > 0) == (side == 0) else "loss"


def markable(side: int, after: Evaluation) -> bool:
    """Whether a turn by ``side`` that led to ``after`` (the deeper look's evaluation) can be
    marked at all: not when the mover is proven to win, nor when even a proven win for the
    mover (a chance of 1) would leave less than :data:`MISTAKE` points more than ``after``.
    The deeper looks after the better turns cannot change that judgment, so they are not
    made."""
    if proven_for(side, after) == "win":
        return False
    won = Evaluation(0, None, 1.0 if side == 0 else 0.0)
    return judge(side, after, won)[1] is not None


@dataclass(frozen=True)
class Judgment:
    """A turn judged by the deeper look: ``loss`` (points of the mover's chance, to a tenth),
    ``mark`` (None, "mistake" or "blunder"), ``best`` (the better turn; the turn played when
    none of the others is better) and ``better_reply`` (the opponent's turn the deeper look
    expects after ``best``)."""

    loss: float
    mark: Optional[str]
    best: List[str]
    better_reply: List[str]


def judge_deeply(side: int, played: List[str], after: Look, betters: Sequence[Tuple[List[str], Look]],
                 exact: bool = False) -> Judgment:
    """The judgment of a turn by ``side`` from the deeper looks: ``after`` is the look after
    the turn ``played``, ``betters`` the turns that may be better (the engine's, the Hint's),
    each with the look after it (none needed when the turn is not :func:`markable`).  The
    better turn is the one of ``betters`` that leaves the mover the most by these looks (the
    first of equals).  Then:

    - a turn after which the mover is proven to win is never marked, nor one that leaves the
      mover so much that no turn can be :data:`MISTAKE` points better (:func:`markable`);
    - nor one whose better turn leads to the same proven result (both won, or both lost);
    - nor one the better turn leaves no more chance than the turn played.

    In these three cases the turn played is as good as any (``best`` is the turn played,
    the loss 0); otherwise the loss is the points of the mover's chance between the two
    turns, a mistake from :data:`MISTAKE`, a blunder from :data:`BLUNDER`.  ``exact``: the
    loss even where no mark can follow (the first case), from the looks after the betters.
    """
    if not exact and not markable(side, after.evaluation):
        return Judgment(0.0, None, list(played), list(after.turn))
    best, look = max(betters, key=lambda b: _gain(side, after.evaluation, b[1].evaluation))
    gain = _gain(side, after.evaluation, look.evaluation)
    mine, theirs = proven_for(side, after.evaluation), proven_for(side, look.evaluation)
    if mine == "win" or (mine is not None and mine == theirs) or gain <= 0:
        return Judgment(0.0, None, list(played), list(after.turn))
    loss = round(gain, 1)
    return Judgment(loss, _mark(loss), list(best), list(look.turn))
