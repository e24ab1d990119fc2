"""The evaluation's features and weights (the tuner: lab/tests/test_tune.py)."""

import pytest
from engine_helpers import random_positions

from tzaar.ai import evaluate as ev
from tzaar.ai import weights
from tzaar.ai.weights import WEIGHTS
from tzaar.rules.position import Position


def positions(n=30):
    """Positions of random games (standard and random setups), none finished."""
    return list(random_positions(n, 0, 50))


def colours_swapped(p: Position) -> Position:
    """The same stacks with the colours swapped, and the other side to move."""
    text, turn = p.text().split(" ")
    return Position.from_text(text.swapcase() + " " + turn.swapcase()[0].lower().translate(str.maketrans("wb", "bw")) + turn[1])


def test_every_feature_has_a_weight_and_the_value_is_their_sum():
    assert set(WEIGHTS) == set(ev.FEATURES)
    for p in positions():
        b = p.board()
        f = ev.features(b)
        assert len(f) == len(ev.FEATURES)
        w = ev.weights_table(WEIGHTS, getattr(weights, "ENDGAME", None))[min(sum(b.tops), ev.TAPER)]
        assert ev.evaluate(b) == sum(a * x for a, x in zip(w, f)) // ev.SCALE


def test_features_are_seen_from_the_side_to_move():
    # Swapping every colour and the side to move is the same position for the mover.
    n = 0
    for p in positions():
        q = colours_swapped(p)
        assert q.side != p.side
        assert ev.features(p.board()) == ev.features(q.board()), p.text()
        n += 1
    assert n > 10


def _targets(p: Position, side: str) -> int:
    """Distinct enemy stacks ``side`` can capture now, by the rules engine."""
    text, _ = p.text().split(" ")
    q = Position.from_text(f"{text} {side}2")
    return len({str(a).split("x")[1] for a in q.legal_actions() if "x" in str(a)})


def test_starvation_features_count_what_the_rules_allow():
    checked = 0
    for p in positions(60):
        b = p.board()
        if sum(b.tops) > ev.CROWDED:
            continue
        f = dict(zip(ev.FEATURES, ev.features(b)))
        me, other = ("w", "b") if p.side == 0 else ("b", "w")
        mine, theirs = _targets(p, me), _targets(p, other)
        assert f["targets"] == min(mine, ev.CAP) - min(theirs, ev.CAP), p.text()
        assert f["mover_targets_1"] == (mine == 1)
        assert (f["enemy_targets_0"], f["enemy_targets_1"], f["enemy_targets_2"]) == (
            theirs == 0, theirs == 1, theirs == 2)
        checked += 1
    assert checked > 10
    g = dict(zip(ev.FEATURES, ev.features(Position.standard().board())))
    assert g["targets"] == 0 and g["secured"] == 0 and g["height"] == 0  # a symmetric start


def test_set_weights_changes_the_value_and_refuses_missing_ones():
    b = positions()[3].board()
    before = ev.evaluate(b)
    try:
        ev.set_weights({name: 0.0 for name in ev.FEATURES})
        assert ev.evaluate(b) == 0
        with pytest.raises(ValueError, match="lack"):
            ev.set_weights({"scarcity": 1.0})
    finally:
        ev.set_weights(WEIGHTS, getattr(weights, "ENDGAME", None))
    assert ev.evaluate(b) == before
