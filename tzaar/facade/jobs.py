"""The one registry of the facade's jobs: work done in slices, started, stepped and stopped by id.

The browser's worker answers one message at a time, so long work (the computer's search, a
game's review) runs as a *job* that the page advances slice by slice: anything it asks
meanwhile is answered between two slices.  A kind of job is a :class:`tzaar.ai.work.Work`
subclass, a factory and the JSON of its answers, registered with :func:`job`::

    from .jobs import job

    @job("review", review_answer, review_started, start=(str, True), actions=(list, True), nodes=(int, False))
    def _review(start, actions, nodes=None) -> ExplainedReview: ...

which registers three facade methods (in :mod:`.methods`, so their parameters are
checked in the one place):

``review_start {start, actions, nodes?}`` -> ``{job, **started(work)}``: a new job of the
    factory's work; ``job`` is its id (a whole number, never reused).
``review_step {job, slice_ms?}`` -> ``answer(work.report())`` after about ``slice_ms`` (default
    30) of work, a JSON object whose ``done`` says whether the work is finished (the job is
    then dropped).
``review_stop {job}`` -> ``{}``: drops the job (an unknown id is fine: it finished, or was
    stopped already).

Two jobs at once (the policy): every job has its own id and its own state; starting a job never
stops another, of its kind or of another, and the steps of several jobs may interleave in
any order, each step advancing only its own job, so each job gives what it would give alone
(a search with a time budget gets less of the machine while another runs beside it).  A job
ends only when a step reports it done or when it is stopped; stepping an ended job is a
``BadParams`` error, never another job's answer.  One safety net: at most
:data:`MAX_KEPT` jobs are kept (each search holds its own transposition table); starting one
more drops the job stepped least recently, so that a caller that forgets to stop its jobs
cannot fill the memory.  The page stops every job it leaves and runs at most three at once
(the computer's or the hint's search, the analysis, a review), so it never meets that limit.

The slice loop is written once, in :meth:`tzaar.ai.work.Work.step`.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Dict, Tuple

from ..ai.work import DEFAULT_SLICE_MS, Work
from ..rules.errors import shown
from .methods import BadParams, method

__all__ = ["job", "kinds", "kept_count", "MAX_KEPT"]

#: The most jobs kept at once; starting one more drops the one stepped least recently.
MAX_KEPT = 8

_ids = itertools.count(1)
#: id -> (kind, work), the job stepped least recently first.
_JOBS: Dict[int, Tuple[str, Work]] = {}
#: kind -> the facade methods it registered
_KINDS: Dict[str, Tuple[str, str, str]] = {}


def kinds() -> Dict[str, Tuple[str, str, str]]:
    """The kinds of job registered so far, each with its start, step and stop methods."""
    return dict(_KINDS)


def kept_count() -> int:
    """How many jobs are kept (running, not stopped) now."""
    return len(_JOBS)


def _slice_ms(value: float) -> float:
    if value <= 0:
        raise BadParams(f"slice_ms must be a finite number above 0, not {shown(value)}.")
    return float(value)


def _drop(jid: int) -> None:
    entry = _JOBS.pop(jid, None)
    if entry is not None:
        entry[1].close()


def _nothing(work: Work) -> dict:
    return {}


def job(kind: str, answer: Callable[[Any], dict], started: Callable[[Work], dict] = _nothing,
        **spec: Tuple[type, bool]) -> Callable:
    """Register ``factory(**params) -> Work`` as the job kind ``kind``: the facade methods
    ``{kind}_start`` (taking ``spec``, as :func:`tzaar.facade.methods.method` declares them;
    its answer ``{job}`` and ``started(work)``), ``{kind}_step {job, slice_ms?}`` (its answer
    ``answer(report)`` of the work's report, with ``done``) and ``{kind}_stop {job}``."""
    names = (f"{kind}_start", f"{kind}_step", f"{kind}_stop")

    def register(factory: Callable[..., Work]) -> Callable[..., Work]:
        @method(names[0], **spec)
        def start(**params) -> dict:
            work = factory(**params)
            while len(_JOBS) >= MAX_KEPT:
                _drop(next(iter(_JOBS)))
            jid = next(_ids)
            _JOBS[jid] = (kind, work)
            return {"job": jid, **started(work)}

        @method(names[1], job=(int, True), slice_ms=(float, False))
        def step(job: int, slice_ms: float = DEFAULT_SLICE_MS) -> dict:
            entry = _JOBS.get(job)
            if entry is None or entry[0] != kind:
                raise BadParams(f"There is no running {kind} job {shown(job)} (it finished or was stopped).")
            work = entry[1]
            out = answer(work.step(_slice_ms(slice_ms)))
            del _JOBS[job]
            if work.done:
                work.close()
            else:
                _JOBS[job] = entry  # now the most recently stepped
            return out

        @method(names[2], job=(int, True))
        def stop(job: int) -> dict:
            if _JOBS.get(job, (None,))[0] == kind:
                _drop(job)
            return {}

        for fn in (start, step, stop):
            fn.__module__ = factory.__module__  # the module that registers the kind offers its methods
        _KINDS[kind] = names
        return factory

    return register
