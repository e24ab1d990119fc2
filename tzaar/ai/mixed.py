"""A mixed level's guard: a turn of another level's kept only when Novice's rules allow it.

A mixed level (``Level.mix``, :func:`.players.think`) plays each turn as one of two levels,
drawn by its share: Improver plays Casual's turn in some turns and Beginner's in the others,
Regular and Skilled Strong's and Casual's.  The levels below Strong may, now and then, pick
carelessly; a person who has got that far does not hand over the last stack of a type, cover
it by its own stacking or miss a turn that takes the enemy's last stack of a type.  So the
turn drawn is played only when it is one of the turns Novice's rules leave
(:func:`.novice.fair_turns`); otherwise the mixed level looks again and plays the turn the
evaluation, with noise, judges best among those (:func:`.learner.thought_turn`: a winning
turn when there is one).
"""

from __future__ import annotations

import random

from ..rules.board import Board
from .learner import thought_turn
from .novice import fair_turns


def kept_fair(board: Board, turn: list[int], rng: random.Random, noise: int) -> list[int]:
    """``turn`` when Novice's rules leave it on ``board``, else the thought turn among those
    (board restored)."""
    pool, _ = fair_turns(board)
    if not pool or tuple(turn) in pool:
        return turn
    return thought_turn(board, rng, noise)


__all__ = ["kept_fair"]
