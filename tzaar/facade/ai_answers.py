"""The computer's answers as the page reads them: the engine's values written as JSON.

The engine reports in its own values (a search's :class:`~tzaar.ai.work.SearchReport`, a
review's :class:`~tzaar.ai.review_values.ReviewProgress` of the explained result of
:mod:`tzaar.study.explained_review`); this module alone gives them their JSON: the key names
the page reads, actions in action text, sides by name, and the numbers rounded for the wire
(seconds to the millisecond, a search's chance to 4 places; a review's chances and losses
are already at the review's own resolution, :data:`tzaar.ai.review_values.CHANCE_PLACES`).
The keys and their meaning: :mod:`.ai_methods` and docs/facade.md.
"""

from __future__ import annotations

from typing import List, Optional, Union

from ..ai.review_values import Evaluation, ReviewedTurn, ReviewPiece, ReviewProgress
from ..ai.work import SearchInfo, SearchReport
from ..rules.notation import COLOUR_NAMES, Action
from ..study.explained_review import ExplainedResult
from .review_params import looks_json

__all__ = ["search_answer", "search_info", "review_answer", "review_started"]

#: Places of the wire's seconds (``elapsed``, ``limit``) and of a search's ``win_chance``.
SECONDS_PLACES = 3
CHANCE_PLACES = 4


def _texts(actions: List[Action]) -> List[str]:
    return [a.text() for a in actions]


def search_info(info: SearchInfo) -> dict:
    """``{depth, score, nodes, best, [proven], line, reply, elapsed, [limit], win_chance}``."""
    out = {"depth": info.depth, "score": info.score, "nodes": info.nodes, "best": _texts(info.best)}
    if info.proven is not None:
        out["proven"] = {"result": info.proven.result, "turns": info.proven.turns}
    out["line"] = _texts(info.line)
    out["reply"] = _texts(info.reply)
    out["elapsed"] = round(info.elapsed, SECONDS_PLACES)
    if info.limit is not None:
        out["limit"] = round(info.limit, SECONDS_PLACES)
    out["win_chance"] = None if info.win_chance is None else round(info.win_chance, CHANCE_PLACES)
    return out


def search_answer(report: SearchReport) -> dict:
    """A step of a search: ``{done: false, info}``, or ``{done: true, actions, info}``."""
    if not report.done:
        return {"done": False, "info": search_info(report.info)}
    return {"done": True, "actions": _texts(report.actions), "info": search_info(report.info)}


def _evaluation(ev: Optional[Evaluation]) -> Optional[dict]:
    """``{score, mate, chance, text}`` (White's side), or None in placement."""
    return None if ev is None else {"score": ev.score, "mate": ev.mate, "chance": ev.chance, "text": ev.text()}


def _turn(turn: ReviewedTurn, explanation: Optional[dict]) -> dict:
    return {
        "number": turn.number,
        "side": COLOUR_NAMES[turn.side],
        "actions": list(turn.actions),
        "before": _evaluation(turn.before),
        "after": _evaluation(turn.after),
        "loss": turn.loss,
        "best": list(turn.best),
        "mark": turn.mark,
        "reply": list(turn.reply),
        "better_reply": list(turn.better_reply),
        "explanation": explanation,
    }


def _summary(turn: ReviewedTurn) -> dict:
    return {"number": turn.number, "side": COLOUR_NAMES[turn.side], "mark": turn.mark, "loss": turn.loss}


def review_started(work) -> dict:
    """What ``review_start`` carries beside the job's id: ``{total}``, the positions to evaluate."""
    return {"total": work.total}


def review_answer(progress: ReviewProgress[Union[ExplainedResult, ReviewPiece]]) -> dict:
    """A step of a review: ``{done, evaluated, total}`` and, when done, ``evals``, ``turns``
    and ``summary`` (a piece's: ``looks`` and ``candidates``)."""
    out = {"done": progress.done, "evaluated": progress.evaluated, "total": progress.total}
    result = progress.result
    if isinstance(result, ReviewPiece):
        out["looks"] = looks_json(result.looks)
        out["candidates"] = list(result.candidates)
    elif result is not None:
        review = result.review
        out["evals"] = [_evaluation(ev) for ev in review.evals]
        out["turns"] = [_turn(t, e) for t, e in zip(review.turns, result.explanations)]
        out["summary"] = [_summary(t) for t in result.summary]
    return out
