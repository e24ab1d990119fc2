"""The mixed levels (tzaar/ai/players.py, tzaar/ai/mixed.py): Improver, between Beginner and
Casual, plays Casual's turn in a share of its turns and Beginner's in the others, by its seed's
draw; Regular and Skilled, between Casual and Strong, Strong's and Casual's. A turn drawn that
Novice's rules forbid (a win missed, a loss by its own hand, its last stack of a type handed
over when a turn keeps it safe) is not played: no absurd gift, checked against the rules engine
on positions of random games; a seed replays."""

import random

import pytest
from engine_helpers import IN_ONE, fair_checks, played, random_positions

from tzaar.ai import run_think
from tzaar.ai.mixed import kept_fair
from tzaar.ai.novice import fair_turns
from tzaar.ai.players import LEVELS, LEARNER_NOISE
from tzaar.rules.position import Position

MIXED = [name for name, level in LEVELS.items() if level.mix]
#: Positions of random games, none finished and none in the placement phase.
POSITIONS = [p for p in random_positions(160, 2, 70) if p.step > 0]


def test_each_mixed_level_lies_between_the_two_levels_it_mixes():
    names = list(LEVELS)
    assert MIXED == ["improver", "regular", "skilled"]
    assert names[names.index("beginner") : names.index("strong") + 1] == ["beginner", "improver", "casual", "regular", "skilled", "strong"]
    assert LEVELS["improver"].mix == ("casual", "beginner")
    assert LEVELS["regular"].mix == LEVELS["skilled"].mix == ("strong", "casual")
    assert 0 < LEVELS["improver"].mix_share < 1
    assert 0 < LEVELS["regular"].mix_share < LEVELS["skilled"].mix_share < 1  # (Skilled plays Strong's turn more often)


@pytest.mark.parametrize("level,positions", [("improver", 20), ("regular", 12), ("skilled", 12)])
def test_a_mixed_level_takes_a_win_and_never_makes_an_absurd_gift(level, positions):
    for seed in range(5):
        _, q = played(Position.from_text(IN_ONE), level, seed)
        assert q.winner == 0
    assert fair_checks(level, POSITIONS[:positions]) > 3


def test_a_turn_drawn_is_played_only_when_novices_rules_allow_it():
    gifts = 0
    for p in POSITIONS[:40]:
        b = p.board()
        pool, _ = fair_turns(b)
        unfair = [t for t in map(tuple, _codes(p)) if t not in pool]
        if not unfair or not pool:
            continue
        assert kept_fair(b, list(pool[0]), random.Random(1), LEARNER_NOISE) == list(pool[0])  # a fair turn stays
        kept = kept_fair(b, list(unfair[0]), random.Random(1), LEARNER_NOISE)
        assert b.text() == p.text() and tuple(kept) in pool, p.text()  # looked again: a fair one
        gifts += 1
    assert gifts >= 10


def _codes(p: Position) -> list:
    """Every rest of the turn of ``p`` as action ints."""
    b = p.board()
    side = b.side
    out = []
    for a in b.moves():
        b.do(a)
        if b.side != side or b.winner() is not None:
            out.append([a])
        else:
            out.extend([a, c] for c in b.moves())
        b.undo()
    return out


def test_improvers_turn_is_casuals_or_beginners_by_its_draw_and_a_seed_replays():
    improver = LEVELS["improver"]
    drawn = {"casual": 0, "beginner": 0}
    for i, p in enumerate(POSITIONS[20:26]):
        for seed in range(4):
            rng = random.Random(seed)
            who = "casual" if rng.random() < improver.mix_share else "beginner"
            theirs, _ = run_think(p.board(), who, rng.randrange(2**32))
            ours, _ = run_think(p.board(), "improver", seed)
            if tuple(theirs) in fair_turns(p.board())[0]:
                assert ours == theirs, (p.text(), seed, who)
            drawn[who] += 1
        assert played(p, "improver", i) == played(p, "improver", i)
    assert min(drawn.values()) >= 6, drawn
