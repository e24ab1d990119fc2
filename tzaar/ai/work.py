"""Work done in slices: the engine's long work (a turn's search, a game's review) advanced
one short piece at a time, so that a caller that answers one message at a time (the
browser's worker) can answer others between two slices.

:class:`Work` is the slice loop, written once (:meth:`Work.step`); :class:`TurnSearch` is the
search for the rest of a turn as such work, :class:`.review.Review` a game's review.  The
facade's job registry (:mod:`tzaar.facade.jobs`) keeps them by id between calls.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod

from ..rules.notation import action_texts
from ..rules.position import Position
from .odds import win_chance
from .players import DEFAULT_LEVEL, think

__all__ = ["Work", "TurnSearch", "DEFAULT_SLICE_MS"]

#: Milliseconds of work per step when the caller does not say.
DEFAULT_SLICE_MS = 30.0


class Work(ABC):
    """What a job does, one short piece at a time.

    A subclass sets :attr:`done` and implements :meth:`advance` (one piece of work: for a
    search, one pull of its generator), :meth:`report` (the step's answer, with ``done``) and
    :meth:`close`; :meth:`started` adds to the start's answer.
    """

    done: bool = False

    @abstractmethod
    def advance(self) -> None:
        """Do one short piece of the work (a few milliseconds at most)."""

    @abstractmethod
    def report(self) -> dict:
        """Where the work is: ``{"done": bool, ...}``, the answer of a step."""

    def started(self) -> dict:
        """What the start's answer carries beside the job's id."""
        return {}

    def close(self) -> None:
        """Release what the work holds (a search generator); called when a job is dropped."""

    def step(self, slice_ms: float = DEFAULT_SLICE_MS) -> dict:
        """Advance for about ``slice_ms`` milliseconds (at least one piece), then report.

        ``float("inf")`` runs the work to its end in one call."""
        stop = time.perf_counter() + slice_ms / 1000.0
        while not self.done:
            self.advance()
            if time.perf_counter() >= stop:
                break
        return self.report()


class TurnSearch(Work):
    """The search for the rest of a turn (:func:`.players.think`) as work in slices, its
    answers in action texts (the facade's ``ai_*`` methods and the analysis board run it)."""

    def __init__(self, position: Position, player=DEFAULT_LEVEL, seed=0, seconds=None, nodes=None, solve=None):
        self.position = position
        self.board = position.board()
        self.started_at = time.perf_counter()
        self.gen = think(self.board, player, seed, seconds, nodes, solve)
        self.info = {"depth": 0, "score": 0, "nodes": 0, "best": []}
        self.actions = None

    @property
    def done(self) -> bool:
        return self.actions is not None

    def _texts(self, codes):
        """Action texts of a sequence played from the start position."""
        return action_texts(codes, self.position.board())

    def _info(self):
        info = dict(self.info)
        info["best"] = self._texts(info.get("best") or [])
        turn, reply = info.get("line") or ([], [])
        texts = self._texts(turn + reply)
        info["line"] = texts[: len(turn)]
        info["reply"] = texts[len(turn) :]
        info["elapsed"] = round(time.perf_counter() - self.started_at, 3)
        deadline = info.pop("deadline", None)  # the turn's planned end (a perf_counter time)
        if deadline is not None:
            info["limit"] = round(max(deadline - self.started_at, info["elapsed"]), 3)
        proven = info.get("proven")
        if proven:
            info["win_chance"] = 1.0 if proven["result"] == "win" else 0.0
        else:  # no chance before a search has scored the position (a placement, the start)
            info["win_chance"] = round(win_chance(info["score"]), 4) if info.get("depth") else None
        return info

    def advance(self) -> None:
        try:
            x = next(self.gen)
        except StopIteration as e:
            self.actions = e.value
            self.info["best"] = self.actions
            return
        if x is not None:
            self.info = x

    def report(self) -> dict:
        if self.actions is None:
            return {"done": False, "info": self._info()}
        return {"done": True, "actions": self._texts(self.actions), "info": self._info()}

    def close(self) -> None:
        self.gen.close()
