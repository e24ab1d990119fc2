"""A review's pieces in JSON: the ``piece`` and ``looks`` params of ``review_start``, and the
looks a piece gives back (:mod:`tzaar.ai.review`: a review split into pieces run apart, then
put together from their looks).

``piece``: ``{kind: "first", part, parts}`` (the first pass over part ``part`` of ``parts`` of
the turns), ``{kind: "deeper", turn}`` (turn ``turn``, counted from 0: its first pass, and
its deeper looks if it is a candidate) or ``{kind: "proofs"}`` (the solver's proofs from the
end backwards).

``looks``: an object whose keys are ``"KIND INDEX"`` (a kind of :data:`tzaar.ai.review.KINDS`
and a whole number: ``"main 0"``, ``"deep-best 12"``) and whose values are ``{eval, turn}``:
``eval`` null or ``{score, mate, chance}`` (White's side, as a review's evaluations), ``turn``
the search's turn in action text.  A piece's answer carries its looks in the same form, so
the page passes them on as they came.
"""

from __future__ import annotations

from typing import Dict, Tuple

from ..ai.review_pieces import KINDS, DeeperLook, FirstPass, Piece, Proofs
from ..ai.review_values import Evaluation, Look
from ..rules.errors import shown
from ..rules.notation import parse_action
from .methods import BadParams

__all__ = ["read_piece", "read_looks", "looks_json"]

#: The most parts a first pass may be split into.
MAX_PARTS = 64


def _whole(value, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadParams(f"review_start: piece {name} must be a whole number from {low} to {high}, not {shown(value)}.")
    return value


def read_piece(value: dict, turns: int) -> Piece:
    """The piece of ``value`` (see the module's docstring) of a game of ``turns`` turns."""
    kind = value.get("kind")
    kinds = {"first": {"kind", "part", "parts"}, "deeper": {"kind", "turn"}, "proofs": {"kind"}}
    keys = kinds.get(kind) if isinstance(kind, str) else None  # a list or dict cannot be looked up
    if keys is None:
        raise BadParams(f"review_start: piece kind must be first, deeper or proofs, not {shown(kind)}.")
    if set(value) != keys:
        raise BadParams(f"review_start: a {kind} piece takes {', '.join(sorted(keys))}, not {', '.join(map(shown, value))}.")
    if kind == "first":
        parts = _whole(value["parts"], "parts", 1, MAX_PARTS)
        return FirstPass(_whole(value["part"], "part", 0, parts - 1), parts)
    if kind == "deeper":
        return DeeperLook(_whole(value["turn"], "turn", 0, max(0, turns - 1)))
    return Proofs()


def _evaluation(value, key: str):
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"score", "mate", "chance"}:
        raise BadParams(f"review_start: look {shown(key)}: eval must be null or {{score, mate, chance}}.")
    score, mate, chance = value["score"], value["mate"], value["chance"]
    whole = (lambda v: isinstance(v, int) and not isinstance(v, bool))
    if not whole(score) or not (mate is None or whole(mate)) or isinstance(chance, bool) \
            or not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise BadParams(f"review_start: look {shown(key)}: eval has a bad score, mate or chance.")
    return Evaluation(score, mate, float(chance))


def read_looks(value: dict, positions: int) -> Dict[Tuple[str, int], Look]:
    """The looks of ``value`` (see the module's docstring) of a game of ``positions`` positions."""
    if len(value) > len(KINDS) * positions:
        raise BadParams(f"review_start: {len(value)} looks, more than a game of {positions} positions has.")
    looks = {}
    for key, entry in value.items():
        kind, _, index = key.partition(" ")
        if kind not in KINDS or not index.isdigit() or int(index) >= positions:
            raise BadParams(f"review_start: no look {shown(key)} in a game of {positions} positions.")
        if not isinstance(entry, dict) or set(entry) != {"eval", "turn"}:
            raise BadParams(f"review_start: look {shown(key)} must be {{eval, turn}}.")
        turn = entry["turn"]
        if not isinstance(turn, list) or len(turn) > 2 or not all(isinstance(a, str) for a in turn):
            raise BadParams(f"review_start: look {shown(key)}: turn must be a list of at most two actions.")
        looks[kind, int(index)] = Look(_evaluation(entry["eval"], key), [parse_action(a).text() for a in turn])
    return looks


def looks_json(looks: Dict[Tuple[str, int], Look]) -> dict:
    """The looks in the form :func:`read_looks` reads."""
    out = {}
    for (kind, index), look in looks.items():
        ev = look.evaluation
        out[f"{kind} {index}"] = {
            "eval": None if ev is None else {"score": ev.score, "mate": ev.mate, "chance": ev.chance},
            "turn": list(look.turn),
        }
    return out
