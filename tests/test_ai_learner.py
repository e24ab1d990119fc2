"""Learner, Student and Apprentice, the levels between Novice and Beginner (tzaar/ai/learner.py):
Novice's rules kept every turn (a win taken, no loss by its own hand, no last stack of a type
handed over when a turn keeps it safe: no absurd gift), checked against the rules engine on
positions of random games; the thought turn is the evaluation's best; the share of thought
turns; a seed replays."""

import random

import pytest

from engine_helpers import IN_ONE, fair_checks, played, random_positions

from tzaar.ai.evaluate import evaluate
from tzaar.ai.learner import learner_turn, thought_turn
from tzaar.ai.novice import fair_turns
from tzaar.ai.players import LEVELS
from tzaar.rules.position import Position

LEARNERS = [name for name, level in LEVELS.items() if level.think]
#: Positions of random games, none finished and none in the placement phase.
POSITIONS = [p for p in random_positions(160, 2, 70) if p.step > 0]


def test_the_learner_levels_lie_between_novice_and_beginner_and_think_more_and_more():
    names = list(LEVELS)
    assert names[: names.index("beginner") + 1] == ["novice", *LEARNERS, "beginner"]
    shares = [LEVELS[name].think for name in LEARNERS]
    assert shares == sorted(shares) and 0 < shares[0] and shares[-1] < 1


@pytest.mark.parametrize("player", LEARNERS)
def test_a_learner_level_takes_a_win_and_never_makes_an_absurd_gift(player):
    for seed in range(5):
        _, q = played(Position.from_text(IN_ONE), player, seed)
        assert q.winner == 0
    assert fair_checks(player, POSITIONS[:20]) > 6


def test_a_thought_turn_is_the_best_by_the_evaluation_without_noise():
    def judged(b, turn) -> int:  # the evaluation after ``turn``, from the mover's side
        side = b.side
        for a in turn:
            b.do(a)
        v = evaluate(b) * (1 if b.side == side else -1)
        for _ in turn:
            b.undo()
        return v

    checked = 0
    for p in POSITIONS[:16]:
        b = p.board()
        pool, wins = fair_turns(b)
        if wins:
            continue
        turn = thought_turn(b, random.Random(1), 0)
        assert b.text() == p.text()  # the board restored
        assert tuple(turn) in pool and judged(b, turn) == max(judged(b, t) for t in pool), p.text()
        checked += 1
    assert checked >= 8


def test_the_share_of_thought_turns_and_a_seed_replays(monkeypatch):
    import tzaar.ai.learner as learner

    p = POSITIONS[8]
    thought = []
    real = learner.thought_turn
    monkeypatch.setattr(learner, "thought_turn", lambda board, rng, noise: thought.append(1) or real(board, rng, noise))
    for seed in range(200):
        learner_turn(p.board(), random.Random(seed), 0.4, 3000)
    assert 60 < len(thought) < 100  # about 40% of 200
    for player in LEARNERS:
        assert played(p, player, 5) == played(p, player, 5)
