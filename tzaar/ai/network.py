"""The evaluation's network: a small correction added to the weighted sum of its features.

One hidden layer of units over the inputs ``x``: the features of :mod:`.evaluate` (seen from
the side to move), the stacks on the board (capped at ``evaluate.TAPER``) and 1.  A unit is
``max(0, sum(weight * input))``; the value is the sum of the units times their output
weights, in centi-units.  It says what a weighted sum cannot, such as a term that matters
only when another is large.  The weights are integers (data: :mod:`.network_weights`,
written by ``python -m lab.network``).

A node's evaluation must stay cheap, so :func:`value` reads every unit from one dot
product: the units' weights for an input sit side by side in fields of one integer
(:func:`packed`), each field biased by half its range through the constant input, so that
``sum(map(mul, weights, x))`` holds every unit's sum in its own field, with no carry
crossing into the next.  The features are small integers (at most a few thousand), so a
unit's sum stays far inside its field.
"""

from __future__ import annotations

from operator import mul

from . import network_weights as _data

#: Inputs: the features (evaluate.FEATURES, 19), the stacks on the board, and 1.
INPUTS = 21
#: Bits of a unit's field in the packed weights.
BITS = 56
#: The largest weight a unit may have (its sum of INPUTS inputs stays inside its field).
MAX_WEIGHT = 1 << 36

_MASK = (1 << BITS) - 1
_HALF = 1 << (BITS - 1)
_SHIFT = _data.IN_SHIFT + _data.OUT_SHIFT


class BadNetwork(ValueError):
    """Network weights of the wrong shape or too large for their fields."""


def packed(hidden, out) -> tuple:
    """(weights, units) of a network (lists as network_weights' HIDDEN and OUT): one weight
    per input, every unit's weight for it in its field; a unit is (its field's shift, its
    output weight)."""
    if any(len(row) != INPUTS for row in hidden) or len(out) != len(hidden):
        raise BadNetwork(f"a network needs {INPUTS} weights a unit and one output weight a unit")
    if any(abs(w) >= MAX_WEIGHT for row in hidden for w in row):
        raise BadNetwork("a network's weight of 2 ** 36 or more would overflow its field")
    units = range(len(hidden))
    weights = [sum(hidden[j][i] << (BITS * j) for j in units) for i in range(INPUTS)]
    weights[-1] += sum(_HALF << (BITS * j) for j in units)
    return weights, [(BITS * j, out[j]) for j in units]


_WEIGHTS, _UNITS = packed(_data.HIDDEN, _data.OUT)


def set_network(hidden, out) -> None:
    """Use another network (empty lists: none, the value is 0): for tuning."""
    global _WEIGHTS, _UNITS
    _WEIGHTS, _UNITS = packed(hidden, out)


def value(x) -> int:
    """The network's value of inputs ``x``, in centi-units (rounded down)."""
    p = sum(map(mul, _WEIGHTS, x))
    t = 0
    for shift, out in _UNITS:
        a = (p >> shift & _MASK) - _HALF
        if a > 0:
            t += out * a
    return t >> _SHIFT


def plain_value(hidden, out, x) -> int:
    """What :func:`value` computes, unit by unit: the reference for tests and the tuner."""
    t = 0
    for row, o in zip(hidden, out):
        a = sum(map(mul, row, x))
        if a > 0:
            t += o * a
    return t >> _SHIFT


__all__ = ["BadNetwork", "INPUTS", "packed", "set_network", "value", "plain_value"]
