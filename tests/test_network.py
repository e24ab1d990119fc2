"""The evaluation's network (tzaar/ai/network.py): every unit read from one packed dot
product, exactly as unit by unit; its weights' shape and size checked."""

import random

import pytest

from tzaar.ai import network, network_weights
from tzaar.ai.evaluate import FEATURES


def _random_network(rng, units, size):
    hidden = [[rng.randrange(-size, size) for _ in range(network.INPUTS)] for _ in range(units)]
    return hidden, [rng.randrange(-200000, 200000) for _ in range(units)]


def test_the_shipped_network_reads_every_feature_the_stacks_and_one():
    assert network.INPUTS == len(FEATURES) + 2
    assert network_weights.HIDDEN and len(network_weights.OUT) == len(network_weights.HIDDEN)
    assert all(len(row) == network.INPUTS for row in network_weights.HIDDEN)


@pytest.mark.parametrize("units", [1, 3, 8, 16])
def test_the_packed_sum_is_the_sum_unit_by_unit(units):
    rng = random.Random(units)
    try:
        for size in (10, 1 << 20, network.MAX_WEIGHT):
            hidden, out = _random_network(rng, units, size)
            network.set_network(hidden, out)
            for _ in range(300):
                # Inputs as the features' ranges: a few thousand at most, signed.
                x = [rng.randrange(-5000, 5000) for _ in range(network.INPUTS - 1)] + [1]
                assert network.value(x) == network.plain_value(hidden, out, x)
    finally:
        network.set_network(network_weights.HIDDEN, network_weights.OUT)


def test_no_network_is_worth_nothing_and_a_bad_one_is_refused():
    try:
        network.set_network([], [])
        assert network.value([7] * network.INPUTS) == 0
    finally:
        network.set_network(network_weights.HIDDEN, network_weights.OUT)
    with pytest.raises(network.BadNetwork, match="21 weights a unit"):
        network.packed([[1] * 20], [1])
    with pytest.raises(network.BadNetwork, match="one output weight a unit"):
        network.packed([[1] * 21], [1, 2])
    with pytest.raises(network.BadNetwork, match="overflow"):
        network.packed([[1 << 36] + [0] * 20], [1])
    assert isinstance(network.BadNetwork("x"), ValueError)
