"""The facade's method registry: names, declared parameters, and the one check of them.

A module of this package that offers facade methods imports this module (and the layers
below the facade) and registers each method with its parameters::

    from .methods import BadParams, method

    @method("view", position=(str, True), last=(list, False))
    def _view(position, last=()): ...

Each parameter is ``name=(type, required)``; the types are ``str`` (text), ``int`` (a
whole number; ``true``/``false`` are refused), ``float`` (a finite number: NaN and
Infinity are refused), ``bool``, ``list`` (a list of texts, e.g. actions) and ``dict``
(any JSON object).  A method that takes no parameters declares none.  :func:`check`
refuses unknown, missing and mistyped parameters with :class:`BadParams` before the
method runs, so a method only checks values (ranges, names).  Work done in slices registers
its three methods (``X_start``, ``X_step``, ``X_stop``) through :func:`tzaar.facade.jobs.job`.
``tzaar.facade`` imports the method modules; it is the one place that runs them
(``call``/``call_json``).
"""

from __future__ import annotations

import math
from typing import Callable, Dict, Tuple

from ..rules.errors import shown

__all__ = ["METHODS", "SPECS", "BadParams", "UnknownMethod", "method", "params", "check"]


class BadParams(ValueError):
    """The params are missing, unknown or of the wrong type."""


class UnknownMethod(ValueError):
    """No such facade method."""


#: name -> function(**params) -> result
METHODS: Dict[str, Callable] = {}
#: name -> {parameter: (type, required)}
SPECS: Dict[str, Dict[str, Tuple[type, bool]]] = {}

_TYPES = {
    str: "text",
    int: "a whole number",
    float: "a finite number",
    bool: "true or false",
    list: "a list of texts",
    dict: "an object",
}


def method(name: str, **spec: Tuple[type, bool]):
    """Register ``fn(**params) -> result`` as the facade method ``name`` with its params.

    ``spec``: ``param=(type, required)`` (see the module docstring).  A function
    decorated with :func:`params` first may leave ``spec`` out.
    """
    for key, entry in spec.items():
        _validate(name, key, entry)

    def register(fn):
        declared = spec or getattr(fn, "__facade_params__", {})
        for key, entry in declared.items():
            _validate(name, key, entry)
        METHODS[name] = fn
        SPECS[name] = dict(declared)
        return fn

    return register


def params(**spec: Tuple[type, bool]):
    """Declare a method's parameters apart from :func:`method` (put it below ``@method``)."""

    def attach(fn):
        fn.__facade_params__ = spec
        return fn

    return attach


def _validate(name, key, entry):
    if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] in _TYPES and isinstance(entry[1], bool)):
        raise TypeError(f"facade method {name}: parameter {key} must be declared (type, required), not {entry!r}")


def _is(kind, value) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if isinstance(value, bool):  # True is an int in Python, never a number here
        return False
    if kind is int:
        return isinstance(value, int)
    if kind is float:
        if isinstance(value, int):
            try:
                return math.isfinite(float(value))
            except OverflowError:  # an int of 400 digits
                return False
        return isinstance(value, float) and math.isfinite(value)
    if kind is list:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, kind)


def _described(value) -> str:
    """A short description of a wrong value (never the repr of a deep structure)."""
    if isinstance(value, list):
        return f"a list of {len(value)}" + ("" if all(isinstance(v, str) for v in value) else " with non-texts")
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return shown(value)


def check(name: str, values: dict) -> dict:
    """``values`` checked against the declared params of ``name``; raises :class:`BadParams`."""
    spec = SPECS.get(name, {})
    for key in values:
        if key not in spec:
            allowed = ", ".join(spec) or "none"
            raise BadParams(f"{name} has no parameter {shown(key)} (it takes: {allowed}).")
    for key, (kind, required) in spec.items():
        if key not in values:
            if required:
                raise BadParams(f"{name} needs the parameter {shown(key)}.")
            continue
        if not _is(kind, values[key]):
            raise BadParams(f"{name}: parameter {shown(key)} must be {_TYPES[kind]}, not {_described(values[key])}.")
    return values
