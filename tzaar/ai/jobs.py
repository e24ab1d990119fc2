"""The computer's side of the JSON facade: a search the browser's worker runs in slices.

Methods (registered on :mod:`tzaar.facade`; params -> result):

``ai_levels {}`` -> ``{levels: [{name, title, description}], default}``.
``ai_start {position, level?, seed?, time?, nodes?}`` -> ``{job}``: starts a search for
    the rest of the current turn (one or two actions; at step 2 the second action only;
    in placement one placement).  ``time`` (seconds) and ``nodes`` override the level's
    budgets; the time is wall clock since ``ai_start``, measured here across slices.
    Starting a job drops the previous one (one job at a time).
``ai_step {job, slice_ms?}`` -> ``{done: false, info}`` after about ``slice_ms`` (default
    30) of search, or ``{done: true, actions: [..], info}``.  ``info`` is ``{depth, score,
    nodes, best: [actions], elapsed}``; ``score`` is in centi-units for the side to move.
``ai_stop {job}`` -> ``{}`` (drops it; unknown ids are fine).
``ai_move {position, level?, seed?, time?, nodes?}`` -> ``{actions, info}``: the same
    search run to the end in one call (for scripts, tests and the command line).
"""

from __future__ import annotations

import itertools
import math
import time

from ..errors import shown
from ..facade import BadParams, method
from ..notation import Action
from ..position import Position
from .players import DEFAULT_LEVEL, LEVELS, SPECIAL, think

_ids = itertools.count(1)
_JOBS = {}


class Job:
    """One search for the rest of a turn, advanced by :meth:`step`."""

    def __init__(self, position: Position, player=DEFAULT_LEVEL, seed=0, seconds=None, nodes=None):
        self.position = position
        self.board = position.board()
        self.started = time.perf_counter()
        self.gen = think(self.board, player, seed, seconds, nodes)
        self.info = {"depth": 0, "score": 0, "nodes": 0, "best": []}
        self.actions = None

    def _texts(self, codes):
        """Action texts of a sequence played from the start position."""
        b = self.position.board()
        out = []
        for a in codes:
            out.append(Action.from_code(a, b.cells).text())
            b.do(a)
        return out

    def _info(self):
        info = dict(self.info)
        info["best"] = self._texts(info.get("best") or [])
        info["elapsed"] = round(time.perf_counter() - self.started, 3)
        return info

    def step(self, slice_ms=30.0) -> dict:
        if self.actions is None:
            stop = time.perf_counter() + slice_ms / 1000.0
            while True:
                try:
                    x = next(self.gen)
                except StopIteration as e:
                    self.actions = e.value
                    self.info["best"] = self.actions
                    break
                if x is not None:
                    self.info = x
                if time.perf_counter() >= stop:
                    return {"done": False, "info": self._info()}
        return {"done": True, "actions": self._texts(self.actions), "info": self._info()}

    def close(self):
        self.gen.close()


def _no_extra(name, extra, allowed):
    if extra:
        raise BadParams(f"{name} has no parameter {shown(sorted(extra)[0])} (it takes: {allowed}).")


def _player(level):
    if level is None:
        return DEFAULT_LEVEL
    if not isinstance(level, str) or (level.lower() not in LEVELS and level.lower() not in SPECIAL):
        names = ", ".join(list(LEVELS) + list(SPECIAL))
        raise BadParams(f"level must be one of {names}, not {shown(level)}.")
    return level.lower()


def _number(name, value, kind, positive=True):
    """``value`` checked: an int (``kind`` int) or a finite number, above 0 if ``positive``."""
    if value is None:
        return None
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        ok = ok and isinstance(value, int)
    elif ok:
        try:
            ok = math.isfinite(float(value))  # JSON's NaN and Infinity, or an int of 400 digits
        except OverflowError:
            ok = False
    if not ok or (positive and value <= 0):
        what = "a whole number above 0" if kind is int else "a finite number above 0"
        if not positive:
            what = "a whole number"
        raise BadParams(f"{name} must be {what}, not {shown(value)}.")
    return value


def _job(position, level=None, seed=None, time=None, nodes=None):
    if not isinstance(position, str):
        raise BadParams(f"position must be position text, not {shown(position)}.")
    pos = Position.from_text(position)
    seed = _number("seed", seed, int, positive=False) or 0
    return Job(pos, _player(level), seed, _number("time", time, float), _number("nodes", nodes, int))


@method("ai_levels")
def _ai_levels(**extra):
    _no_extra("ai_levels", extra, "none")
    return {
        "levels": [{"name": lv.name, "title": lv.title, "description": lv.description} for lv in LEVELS.values()],
        "default": DEFAULT_LEVEL,
    }


@method("ai_start")
def _ai_start(position=None, level=None, seed=None, time=None, nodes=None, **extra):
    _no_extra("ai_start", extra, "position, level, seed, time, nodes")
    if position is None:
        raise BadParams("ai_start needs the parameter 'position'.")
    job = _job(position, level, seed, time, nodes)
    for old in _JOBS.values():
        old.close()
    _JOBS.clear()
    jid = next(_ids)
    _JOBS[jid] = job
    return {"job": jid}


@method("ai_step")
def _ai_step(job=None, slice_ms=30, **extra):
    _no_extra("ai_step", extra, "job, slice_ms")
    j = _JOBS.get(job)
    if j is None:
        raise BadParams(f"There is no running job {shown(job)} (it finished, was stopped or replaced).")
    slice_ms = _number("slice_ms", slice_ms, float)
    out = j.step(slice_ms)
    if out["done"]:
        del _JOBS[job]
    return out


@method("ai_stop")
def _ai_stop(job=None, **extra):
    _no_extra("ai_stop", extra, "job")
    j = _JOBS.pop(job, None)
    if j is not None:
        j.close()
    return {}


@method("ai_move")
def _ai_move(position=None, level=None, seed=None, time=None, nodes=None, **extra):
    _no_extra("ai_move", extra, "position, level, seed, time, nodes")
    if position is None:
        raise BadParams("ai_move needs the parameter 'position'.")
    j = _job(position, level, seed, time, nodes)
    out = j.step(float("inf"))
    return {"actions": out["actions"], "info": out["info"]}
