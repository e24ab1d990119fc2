"""Work done in slices: the engine's long work (a turn's search, a game's review) advanced
one short piece at a time, so that a caller that answers one message at a time (the
browser's worker) can answer others between two slices.

:class:`Work` is the slice loop, written once (:meth:`Work.step`); :class:`TurnSearch` is the
search for the rest of a turn as such work, :class:`.review.Review` a game's review.  Their
reports are the engine's own values (:class:`SearchReport`: actions as :class:`Action`,
seconds and chances as they are); the facade's job registry (:mod:`tzaar.facade.jobs`) keeps
the work by id between calls, and the facade turns the reports into its JSON.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Generic, List, NamedTuple, Optional, TypeVar

from ..rules.notation import Action, board_actions
from ..rules.position import Position
from .odds import win_chance
from .players import DEFAULT_LEVEL, think

__all__ = ["Work", "TurnSearch", "SearchInfo", "SearchReport", "Proven", "DEFAULT_SLICE_MS"]

#: Milliseconds of work per step when the caller does not say.
DEFAULT_SLICE_MS = 30.0

#: What a work's :meth:`Work.report` gives.
Report = TypeVar("Report")


class Work(ABC, Generic[Report]):
    """What a job does, one short piece at a time.

    A subclass sets :attr:`done` and implements :meth:`advance` (one piece of work: for a
    search, one pull of its generator), :meth:`report` (where the work is, in the
    subclass's own value) and :meth:`close`.
    """

    done: bool = False

    @abstractmethod
    def advance(self) -> None:
        """Do one short piece of the work (a few milliseconds at most)."""

    @abstractmethod
    def report(self) -> Report:
        """Where the work is: the answer of a step."""

    def close(self) -> None:
        """Release what the work holds (a search generator); called when a job is dropped."""

    def step(self, slice_ms: float = DEFAULT_SLICE_MS) -> Report:
        """Advance for about ``slice_ms`` milliseconds (at least one piece), then report.

        ``float("inf")`` runs the work to its end in one call."""
        stop = time.perf_counter() + slice_ms / 1000.0
        while not self.done:
            self.advance()
            if time.perf_counter() >= stop:
                break
        return self.report()


class Proven(NamedTuple):
    """The endgame solver's proof for the side to move: ``result`` "win" or "loss", in
    ``turns`` turns of both sides until the game is decided (this one counting as 1)."""

    result: str
    turns: int


@dataclass(frozen=True)
class SearchInfo:
    """What a turn's search knows at one step.

    ``score``: centi-units for the side to move (0 before a search scored the position);
    ``best``: the actions chosen so far and the current best; ``line``: the rest of the turn
    the search expects and ``reply`` the opponent's turn after it, as far as its table knows
    (both empty when no search ran); all played from the position searched.  ``elapsed``:
    seconds since the search started; ``limit``: with a time budget, when the turn ends as
    planned at this step, in seconds since the start (never before ``elapsed``), else None.
    ``win_chance``: the side to move's chance of winning read from ``score``
    (:func:`.odds.win_chance`; 1.0 or 0.0 when proven; None while no search has scored the
    position: depth 0, as for a placement).  ``proven``: the solver's proof, or None.
    """

    depth: int
    score: int
    nodes: int
    best: List[Action]
    line: List[Action]
    reply: List[Action]
    elapsed: float
    limit: Optional[float]
    win_chance: Optional[float]
    proven: Optional[Proven]


@dataclass(frozen=True)
class SearchReport:
    """A step of a :class:`TurnSearch`: ``info``, and once ``done`` the ``actions`` of the turn."""

    done: bool
    actions: Optional[List[Action]]
    info: SearchInfo


class TurnSearch(Work[SearchReport]):
    """The search for the rest of a turn (:func:`.players.think`) as work in slices (the
    facade's ``ai_*`` methods and the analysis board run it)."""

    def __init__(self, position: Position, player=DEFAULT_LEVEL, seed=0, seconds=None, nodes=None, solve=None):
        self.position = position
        self.board = position.board()
        self.started_at = time.perf_counter()
        self.gen = think(self.board, player, seed, seconds, nodes, solve)
        self.seen = {"depth": 0, "score": 0, "nodes": 0, "best": []}  # think's last info dict
        self.codes = None  # the turn's action ints, once done

    @property
    def done(self) -> bool:
        return self.codes is not None

    def _actions(self, codes) -> List[Action]:
        """The actions of a sequence of action ints played from the start position."""
        return board_actions(codes, self.position.board())

    def info(self) -> SearchInfo:
        """What the search knows now (see :class:`SearchInfo`)."""
        seen = self.seen
        turn, reply = seen.get("line") or ([], [])
        line = self._actions(turn + reply)
        elapsed = time.perf_counter() - self.started_at
        deadline = seen.get("deadline")  # the turn's planned end (a perf_counter time)
        proven = seen.get("proven")
        if proven:
            chance = 1.0 if proven["result"] == "win" else 0.0
        else:  # no chance before a search has scored the position (a placement, the start)
            chance = win_chance(seen["score"]) if seen.get("depth") else None
        return SearchInfo(
            depth=seen["depth"],
            score=seen["score"],
            nodes=seen["nodes"],
            best=self._actions(seen.get("best") or []),
            line=line[: len(turn)],
            reply=line[len(turn) :],
            elapsed=elapsed,
            limit=None if deadline is None else max(deadline - self.started_at, elapsed),
            win_chance=chance,
            proven=Proven(proven["result"], proven["turns"]) if proven else None,
        )

    def advance(self) -> None:
        try:
            x = next(self.gen)
        except StopIteration as e:
            self.codes = e.value
            self.seen = {**self.seen, "best": self.codes}
            return
        if x is not None:
            self.seen = x

    def report(self) -> SearchReport:
        actions = None if self.codes is None else self._actions(self.codes)
        return SearchReport(self.done, actions, self.info())

    def close(self) -> None:
        self.gen.close()
