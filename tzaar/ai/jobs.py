"""The computer's side of the JSON facade: a search the browser's worker runs in slices.

Methods (registered with :func:`tzaar.methods.method`, run by :mod:`tzaar.facade`;
params -> result):

``ai_levels {}`` -> ``{levels: [{name, title, description}], default}``.
``ai_start {position, level?, seed?, time?, nodes?, solve?}`` -> ``{job}``: starts a search
    for the rest of the current turn (one or two actions; at step 2 the second action
    only; in placement one placement).  ``time`` (seconds) and ``nodes`` override the
    level's budgets; the time is wall clock since ``ai_start``, measured here across
    slices.  ``solve`` (true/false) turns the endgame solver on or off (default: on at
    ``expert`` and ``master``).  A job of :mod:`tzaar.jobs`: it runs beside any other
    (see that module for two jobs at once).
``ai_step {job, slice_ms?}`` -> ``{done: false, info}`` after about ``slice_ms`` (default
    30) of search, or ``{done: true, actions: [..], info}``.  ``info`` is ``{depth, score,
    nodes, best: [actions], line: [actions], reply: [actions], elapsed}``; ``score`` is in
    centi-units for the side to move; ``line`` is the rest of the turn the search expects
    (``best`` and the second action its table holds) and ``reply`` the opponent's turn
    after it, as far as the table knows (both empty when no search ran).
    With a time budget (the level's, or ``time``), ``limit`` is the wall clock, in
    seconds since ``ai_start`` like ``elapsed``, at which the turn ends as planned at this
    step: the budget's end, earlier once the time rules (:mod:`.timing`) settled the
    first action, up to half again later while they extend it (the page's thinking bar
    is ``elapsed / limit``); absent with a node budget and before the first finished depth.
    ``win_chance`` is the side to move's chance of winning, 0..1, read from ``score`` on the
    scale fitted to the search's scores (:func:`.odds.win_chance`; 1 or 0 when proven;
    null while no search has scored the position: depth 0, as for a placement).
    When the endgame solver proved the result, ``info.proven`` is ``{result: "win"|"loss",
    turns: n}`` (turns of both sides until the game is decided, this one counting as 1:
    "White wins in 3 turns"), and the actions are the fastest win or the slowest loss.
``ai_stop {job}`` -> ``{}`` (drops it; unknown ids are fine).  ``ai_start``, ``ai_step`` and
    ``ai_stop`` are the job kind ``ai`` of :func:`tzaar.jobs.job`.
``ai_move {position, level?, seed?, time?, nodes?, solve?}`` -> ``{actions, info}``: the same
    search run to the end in one call (for scripts, tests and the command line).
"""

from __future__ import annotations

import time

from ..errors import shown
from ..jobs import Work, job
from ..methods import BadParams, method
from ..notation import action_texts
from ..position import Position
from .odds import win_chance
from .players import DEFAULT_LEVEL, LEVELS, SPECIAL, think


class Search(Work):
    """One search for the rest of a turn, a job advanced by :meth:`step`."""

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


def _player(level):
    if level is None:
        return DEFAULT_LEVEL
    if level.lower() not in LEVELS and level.lower() not in SPECIAL:
        names = ", ".join(list(LEVELS) + list(SPECIAL))
        raise BadParams(f"level must be one of {names}, not {shown(level)}.")
    return level.lower()


def _positive(name, value):
    """``value`` (already checked a number by the registry) above 0, or None."""
    if value is not None and value <= 0:
        what = "a whole number above 0" if isinstance(value, int) and name == "nodes" else "a finite number above 0"
        raise BadParams(f"{name} must be {what}, not {shown(value)}.")
    return value


_SEARCH = dict(position=(str, True), level=(str, False), seed=(int, False), time=(float, False), nodes=(int, False), solve=(bool, False))


@job("ai", **_SEARCH)
def search(position, level=None, seed=None, time=None, nodes=None, solve=None) -> Search:
    """The search of the params of ``ai_start`` (and ``ai_move``)."""
    pos = Position.from_text(position)
    return Search(pos, _player(level), seed or 0, _positive("time", time), _positive("nodes", nodes), solve)


@method("ai_levels")
def _ai_levels():
    return {
        "levels": [{"name": lv.name, "title": lv.title, "description": lv.description} for lv in LEVELS.values()],
        "default": DEFAULT_LEVEL,
    }


@method("ai_move", **_SEARCH)
def _ai_move(position, level=None, seed=None, time=None, nodes=None, solve=None):
    work = search(position, level, seed, time, nodes, solve)
    out = work.step(float("inf"))
    work.close()
    return {"actions": out["actions"], "info": out["info"]}
