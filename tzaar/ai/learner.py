"""The levels between Novice and Beginner: Novice's turns, and now and then a thought one.

A learner level plays as a person who has begun to think about the game but does not yet do
it every turn.  Every turn it keeps Novice's rules (:func:`.novice.fair_turns`: a turn that
takes the enemy's last stack of a type is always played; no stacking that covers its own last
stack of a type; no last stack of a type handed over to the enemy when a turn keeps it safe).
Among the turns those rules leave, in a share ``think`` of its turns it plays the one whose
position it judges best, by the evaluation of the position after the turn with a random
``noise`` of up to that many centi-units added to each (:mod:`.evaluate`: a person's rough
sense of the position, not a search: it does not look at the enemy's reply); in the others it
plays as Novice does (:func:`.novice.novice_turn`: a random capture, then often a pass).

The share sets the strength: Novice is a share of 0, and a share of 1 beats Beginner
(docs/benchmarks-log.md, "The ladder's foot filled").  Every choice is drawn from the
``random.Random`` given, so a seed replays.
"""

from __future__ import annotations

import random

from ..rules.board import Board
from .evaluate import evaluate
from .novice import fair_turns, novice_turn

#: The score of a turn that wins (above any evaluation).
WON = 10**7


def _judged(board: Board, turn: tuple[int, ...]) -> int:
    """The evaluation of the position after ``turn``, from the mover's side (board restored)."""
    side = board.side
    for a in turn:
        board.do(a)
    try:
        w = board.winner()
        if w is not None:
            return WON if w == side else -WON
        v = evaluate(board)
        return v if board.side == side else -v
    finally:
        for _ in turn:
            board.undo()


def thought_turn(board: Board, rng: random.Random, noise: int) -> list[int]:
    """The best turn by the evaluation with noise, among those Novice's rules leave (board
    restored); a winning turn when there is one."""
    pool, wins = fair_turns(board)
    if not pool:
        return []
    if wins:
        return list(rng.choice(pool))
    return list(max(pool, key=lambda t: _judged(board, t) + rng.randint(-noise, noise)))


def learner_turn(board: Board, rng: random.Random, think: float, noise: int) -> list[int]:
    """A learner level's rest of the turn on ``board`` (restored): a thought turn in a share
    ``think`` of its turns, else Novice's."""
    if rng.random() < think:
        return thought_turn(board, rng, noise)
    return novice_turn(board, rng)


__all__ = ["learner_turn", "thought_turn"]
