"""What a game's review gives (:mod:`.review`): the engine's values, the JSON's and the
command line's source.

:class:`Evaluation` is a position's evaluation from White's side, :class:`Look` one search of
the review, :class:`ReviewedTurn` a turn judged, :class:`ReviewResult` the whole review,
:class:`ReviewPiece` a piece of one and :class:`ReviewProgress` a step of either.
Sides are 0 (White) and 1 (Black), turns lists of action texts; the chances are kept at the
review's resolution (:data:`CHANCE_PLACES`), at which it compares and marks turns.  The
facade writes these values as JSON (:mod:`tzaar.facade.ai_answers`), ``python -m tzaar
review`` as text (:mod:`tzaar.cli.games`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Generic, List, Optional, Tuple, TypeVar

from .odds import chance_text, win_chance
from .search import MATE, MATE_BOUND

__all__ = ["CHANCE_PLACES", "Evaluation", "Look", "ReviewedTurn", "ReviewResult", "ReviewPiece", "ReviewProgress"]

#: The review's resolution: chances to 4 places, a hundredth of a point (and losses to a
#: tenth of a point, :func:`.review.judge`).  The review compares and marks turns at it, so
#: it is the engine's, not the display's: two turns within it are as good as each other.
CHANCE_PLACES = 4


@dataclass(frozen=True)
class Evaluation:
    """A position's evaluation from White's side: ``score`` in centi-units, ``mate`` the
    actions to a forced win (positive: White wins, negative: Black wins; 0: won already) or
    None, and ``chance`` White's chance of winning (0..1, to :data:`CHANCE_PLACES` places)."""

    score: int
    mate: Optional[int]
    chance: float

    @classmethod
    def of(cls, score: int, side: int) -> "Evaluation":
        """The evaluation of a search's ``score`` for the side to move ``side`` (0 White)."""
        white = score if side == 0 else -score
        mate = None
        if abs(white) > MATE_BOUND:
            n = MATE - abs(white)
            mate = n if white > 0 else -n
        return cls(white, mate, round(win_chance(white), CHANCE_PLACES))

    def text(self) -> str:
        """``White 62%``, ``Black 55%`` (the favourite's chance of winning) or ``White wins in
        3 actions``."""
        if self.mate is not None:
            who = "White" if self.score > 0 else "Black"
            n = abs(self.mate)
            return f"{who} wins" if n == 0 else f"{who} wins in {n} action{'' if n == 1 else 's'}"
        return chance_text(self.chance)


@dataclass(frozen=True)
class Look:
    """One search of the review (:mod:`.review_looks`): the ``evaluation`` of the position
    searched (White's side; None in placement, or when the solver alone looked and proved
    nothing) and the ``turn`` its search chose for the side to move (action texts; ``[]`` at
    the end of a game, in placement, or with no proof)."""

    evaluation: Optional[Evaluation]
    turn: List[str]


@dataclass(frozen=True)
class ReviewedTurn:
    """A turn of the reviewed game, judged.

    ``side``: 0 White, 1 Black; ``actions``: the turn played; ``before`` and ``after``: the
    evaluations of the positions before and after it (None in placement).  ``loss``: points
    of the mover's chance of winning given away against ``best`` (None in placement);
    ``best``: the better turn (the engine's, or the Hint's when that was better; the
    played turn when the Hint suggests it); ``mark``: None, "mistake" or "blunder";
    ``reply`` and ``better_reply``: the opponent's turn the engine expects after the
    played turn and after ``best`` ([] at the end).  Turns in action text.
    """

    number: int
    side: int
    actions: List[str]
    before: Optional[Evaluation]
    after: Optional[Evaluation]
    loss: Optional[float]
    best: List[str]
    mark: Optional[str]
    reply: List[str]
    better_reply: List[str]


@dataclass(frozen=True)
class ReviewResult:
    """A whole review: ``evals`` per position (``evals[0]`` the start, ``evals[k]`` the position
    after turn ``k``; None in placement) and the ``turns``."""

    evals: List[Optional[Evaluation]]
    turns: List[ReviewedTurn]


@dataclass(frozen=True)
class ReviewPiece:
    """What a piece of a review gives (:class:`.review.Review` with a ``piece``): its ``looks``
    by key (``(kind, index)``, :mod:`.review`), those it was given and those it searched, and
    the ``candidates``: the turns (counted from 0) whose marks its first pass left to the
    deeper look."""

    looks: Dict[Tuple[str, int], Look]
    candidates: List[int]


#: What a finished review gives: a :class:`ReviewResult`, or more (the explained review's).
Result = TypeVar("Result")


@dataclass(frozen=True)
class ReviewProgress(Generic[Result]):
    """A step of a review: positions ``evaluated`` of ``total``, and once done the ``result``."""

    evaluated: int
    total: int
    result: Optional[Result]

    @property
    def done(self) -> bool:
        return self.result is not None
