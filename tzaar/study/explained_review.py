"""A game's review with its marked turns explained: the review job of the facade and the
review of ``python -m tzaar review``.

:class:`ExplainedReview` runs the engine's :class:`~tzaar.ai.review.Review` in slices, then
explains each marked turn (:func:`.explain.explain_turn`), one turn a slice; its result, an
:class:`ExplainedResult`, adds to the review's :class:`~tzaar.ai.review_values.ReviewResult`
each turn's explanation and the summary of the worst turns.  :func:`explain_review` does the
same for a review already run.  A piece of a review (:class:`~tzaar.ai.review.Review`'s
``piece``: the page runs the pieces in several workers) is not explained: its result is the
piece's :class:`~tzaar.ai.review_values.ReviewPiece`, and the review given every piece's looks
explains the whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Mapping, Optional, Union

from ..ai.review import DEFAULT_NODES, Piece, Review
from ..ai.review_answer import AnswerReview
from ..ai.review_values import Look, ReviewedTurn, ReviewPiece, ReviewProgress, ReviewResult
from ..ai.work import Work
from ..rules.position import Position
from .explain import SOLVE_NODES, explain_turn

__all__ = ["ExplainedReview", "ExplainedResult", "explain_review", "SUMMARY"]

#: Marked turns in a review's summary, the worst first.
SUMMARY = 5


@dataclass(frozen=True)
class ExplainedResult:
    """A review's result with each turn's ``explanation`` (:func:`explain_turn`'s ``{reasons,
    better}``; None unless the turn is marked) and the ``summary``: the marked turns, the worst
    first (at most :data:`SUMMARY`)."""

    review: ReviewResult
    explanations: List[Optional[dict]]
    summary: List[ReviewedTurn]


def _explanations(start: Position, turns: List[ReviewedTurn], solve_nodes: int):
    """Generator: each turn's explanation (None unless marked), one turn at a time."""
    pos = start
    for turn in turns:
        explanation = None
        if turn.mark:
            explanation = explain_turn(pos, turn.actions, turn.best, turn.reply, turn.better_reply, solve_nodes)
        yield explanation
        pos = pos.play(turn.actions)


def _with(result: ReviewResult, explanations: list) -> ExplainedResult:
    """``result`` with the turns' explanations and the summary of the worst (at equal loss,
    the earlier turn first)."""
    marked = sorted((t for t in result.turns if t.mark), key=lambda t: (-t.loss, t.number))
    return ExplainedResult(result, list(explanations), marked[:SUMMARY])


def explain_review(start: Position, result: ReviewResult, solve_nodes: int = SOLVE_NODES) -> ExplainedResult:
    """The review ``result`` (:meth:`tzaar.ai.review.Review.result`, of the game from ``start``)
    with each turn's explanation and the summary (:class:`ExplainedResult`)."""
    return _with(result, list(_explanations(start, result.turns, solve_nodes)))


class ExplainedReview(Work[ReviewProgress[Union[ExplainedResult, ReviewPiece]]]):
    """A :class:`~tzaar.ai.review.Review` whose result has the explanations and the summary
    (:func:`explain_review`): the facade's review job.  Once the review's searches are done it
    explains one turn an :meth:`advance`, so no slice runs long.  ``piece`` and ``looks`` are
    the review's: a piece's result is its :class:`ReviewPiece`, unexplained.  ``better``: the
    review of an exercise's answer (one turn) against that better turn
    (:class:`~tzaar.ai.review_answer.AnswerReview`)."""

    def __init__(self, start: Position, actions, nodes: int = DEFAULT_NODES, piece: Optional[Piece] = None,
                 looks: Optional[Mapping[tuple, Look]] = None, better: Optional[list] = None):
        self.start = start
        self.review = Review(start, actions, nodes, piece, looks) if better is None else AnswerReview(start, actions, better, nodes)
        self._searched: Optional[ReviewResult] = None
        self._explaining = None
        self._explanations: list = []
        self._explained: Union[ExplainedResult, ReviewPiece, None] = None

    @property
    def total(self) -> int:
        """Positions the review evaluates."""
        return self.review.total

    @property
    def done(self) -> bool:
        return self._explained is not None

    def advance(self) -> None:
        """A piece of the searches; once they are done, one turn's explanation."""
        if not self.review.done:
            self.review.advance()
            return
        if self.review.piece is not None:
            self._explained = self.review.piece_result()
            return
        if self._searched is None:
            self._searched = self.review.result()
            self._explaining = _explanations(self.start, self._searched.turns, SOLVE_NODES)
        try:
            self._explanations.append(next(self._explaining))
        except StopIteration:
            self._explained = _with(self._searched, self._explanations)

    def report(self) -> ReviewProgress[Union[ExplainedResult, ReviewPiece]]:
        """The review's positions evaluated of the total and, when done, the explained result
        (a piece's looks)."""
        return ReviewProgress(self.review.evaluated, self.review.total, self._explained)

    def close(self) -> None:
        self.review.close()

    def result(self) -> Union[ExplainedResult, ReviewPiece]:
        """The explained result (a piece's looks), the work run to its end first."""
        while not self.done:
            self.advance()
        return self._explained
