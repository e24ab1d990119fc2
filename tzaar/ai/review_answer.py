"""An exercise's answer judged: a review of one turn against the exercise's better turn, every
verdict from the deeper look.

An exercise (web/learn/exercises.js) keeps the better turn its game's review found for the
mistake, a turn the deeper look confirmed.  A player's answer is judged against that turn, not
against the first pass's own turn at the review's budget (which may be no better than the
answer), and not by the first pass alone: :class:`AnswerReview` is a
:class:`~tzaar.ai.review.Review` of the one turn in which

- the turn is always looked at deeply (:func:`.review_looks.deeper`, as a candidate is: the
  endgame solver where few stacks are left, else ten times the budget), and so is the better
  turn when the answer is another turn; the Hint's searches are not made;
- the proofs from the end (the solver on the positions after and before the turn) settle it
  as a candidate's: an answer after which the mover is proven to win, or from a position
  proven lost for the mover, gives away nothing;
- the loss is the points of the mover's chance between the two deeper looks, exactly (no
  shortcut where no mark can follow, :func:`.review_marks.judge_deeply`'s ``exact``);
- the turn's ``best`` is always the better turn given, and ``better_reply`` the reply the
  deeper look expects after it (the engine's line the page shows after a right answer).
"""

from __future__ import annotations

from typing import List

from ..rules.errors import TzaarError
from ..rules.notation import Action
from ..rules.position import Position
from ..rules.turns import group_turns
from .review import DEFAULT_NODES, Review
from .review_marks import judge_deeply
from .review_pieces import DEEP_BEST, DEEP_PLAYED, MAIN

__all__ = ["AnswerReview", "AnswerError"]


class AnswerError(TzaarError):
    """An answer or a better turn that is not one whole legal turn from the exercise's position."""


def _one_turn(start: Position, actions, what: str) -> List[str]:
    """``actions`` as canonical texts, when they are one whole legal turn from ``start``."""
    acts = [Action.from_text(a) if isinstance(a, str) else a for a in actions]
    turns = group_turns(start, acts) if acts else []
    if len(turns) != 1:
        raise AnswerError(f"The {what} must be one turn, not {len(turns)}.")
    after = start.play(acts)
    if after.winner is None and after.side == start.side:
        raise AnswerError(f"The {what} must be a whole turn: {' '.join(a.text() for a in acts)} is half of one.")
    return [a.text() for a in acts]


class AnswerReview(Review):
    """The review of the one turn ``actions`` from ``start`` against the turn ``better`` (both
    whole legal turns, else :class:`AnswerError`), at ``nodes`` nodes a position."""

    def __init__(self, start: Position, actions, better, nodes: int = DEFAULT_NODES):
        _one_turn(start, actions, "answer")
        self.better = _one_turn(start, better, "better turn")
        super().__init__(start, actions, nodes)

    def _best(self, k: int) -> list:
        return self.better

    def _first(self, k: int):
        yield MAIN, k
        yield MAIN, k + 1

    def _candidate(self, k: int) -> bool:
        return self.looks[MAIN, k].evaluation is not None and self.looks[MAIN, k + 1].evaluation is not None

    def _deeper(self, k: int):
        yield DEEP_PLAYED, k
        if self._played(k) != self.better:
            yield DEEP_BEST, k

    def _judged(self, k: int) -> tuple:
        played, deeper = self._played(k), self.looks.get((DEEP_PLAYED, k))
        if deeper is None:  # settled by the proofs: as good as any turn
            return 0.0, None, self.better, [], []
        if played == self.better:
            return 0.0, None, self.better, deeper.turn, deeper.turn
        look = self.looks[DEEP_BEST, k]
        j = judge_deeply(self.turns[k].side, played, deeper, [(self.better, look)], exact=True)
        return j.loss, j.mark, self.better, deeper.turn, look.turn
