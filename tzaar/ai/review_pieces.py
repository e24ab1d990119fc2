"""The keys of a review's looks, and the pieces a review can be split into (:mod:`.review`).

Every search of a review is a *look* (:mod:`.review_looks`) keyed by ``(kind, index)``:

- ``main`` j: the position before turn j (j counted from 0; j = the number of turns: the end);
- ``alt`` k: the position after the engine's turn for turn k (``main`` k's turn);
- ``hint`` k: the position before turn k, by the Hint's search; ``hint2`` k: after turn k's first
  action, by the Hint's search; ``hintalt`` k: after the Hint's turn;
- ``deep-played``, ``deep-best``, ``deep-hint`` k: the deeper looks after the turn played, the
  engine's turn and the Hint's turn;
- ``proof`` j: the solver's proof of position j.

A piece is one part of a review's work: :class:`FirstPass` (the first pass over a run of
consecutive turns), :class:`DeeperLook` (one turn: its first pass and, if it is a candidate
the proofs given do not settle, its deeper looks) or :class:`Proofs`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple, Union

__all__ = ["KINDS", "Key", "FirstPass", "DeeperLook", "Proofs", "Piece", "part_turns"]

MAIN, ALT, HINT, HINT2, HINT_ALT = "main", "alt", "hint", "hint2", "hintalt"
DEEP_PLAYED, DEEP_BEST, DEEP_HINT, PROOF = "deep-played", "deep-best", "deep-hint", "proof"
#: The kinds of look, in the order a review makes them.
KINDS = (MAIN, ALT, HINT, HINT2, HINT_ALT, DEEP_PLAYED, DEEP_BEST, DEEP_HINT, PROOF)

Key = Tuple[str, int]


@dataclass(frozen=True)
class FirstPass:
    """A piece of a review: the first pass over part ``part`` of ``parts`` of the turns (the
    turns split in ``parts`` runs of consecutive turns, as even as can be)."""

    part: int
    parts: int


@dataclass(frozen=True)
class DeeperLook:
    """A piece of a review: turn ``turn`` (counted from 0): its first pass, then, if it is a
    candidate, its deeper looks."""

    turn: int


@dataclass(frozen=True)
class Proofs:
    """A piece of a review: the solver's proofs from the end of the game backwards."""


Piece = Union[FirstPass, DeeperLook, Proofs]


def part_turns(part: int, parts: int, turns: int) -> range:
    """The turns of part ``part`` of ``parts`` of a game of ``turns`` turns."""
    return range(part * turns // parts, (part + 1) * turns // parts)
