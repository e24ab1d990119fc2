"""The computer's methods of the JSON facade: the search the browser's worker runs in
slices, and a game's review.

Methods (registered with :func:`.methods.method` and :func:`.jobs.job`, run by
:mod:`tzaar.facade`; params -> result):

``ai_levels {}`` -> ``{levels: [{name, title, description}], default}``.
``ai_start {position, level?, seed?, time?, nodes?, solve?}`` -> ``{job}``: starts a search
    for the rest of the current turn (one or two actions; at step 2 the second action
    only; in placement one placement).  ``time`` (seconds) and ``nodes`` override the
    level's budgets; the time is wall clock since ``ai_start``, measured here across
    slices.  ``solve`` (true/false) turns the endgame solver on or off (default: on at
    ``expert`` and ``master``).  A job of :mod:`tzaar.facade.jobs`: it runs beside any other
    (see that module for two jobs at once).
``ai_step {job, slice_ms?}`` -> ``{done: false, info}`` after about ``slice_ms`` (default
    30) of search, or ``{done: true, actions: [..], info}``.  ``info`` is ``{depth, score,
    nodes, best: [actions], line: [actions], reply: [actions], elapsed}``; ``score`` is in
    centi-units for the side to move; ``line`` is the rest of the turn the search expects
    (``best`` and the second action its table holds) and ``reply`` the opponent's turn
    after it, as far as the table knows (both empty when no search ran).
    With a time budget (the level's, or ``time``), ``limit`` is the wall clock, in
    seconds since ``ai_start`` like ``elapsed``, at which the turn ends as planned at this
    step: the budget's end, earlier once the time rules (:mod:`tzaar.ai.timing`) settled the
    first action, up to half again later while they extend it (the page's thinking bar
    is ``elapsed / limit``); absent with a node budget and before the first finished depth.
    ``win_chance`` is the side to move's chance of winning, 0..1, read from ``score`` on the
    scale fitted to the search's scores (:func:`tzaar.ai.odds.win_chance`; 1 or 0 when proven;
    null while no search has scored the position: depth 0, as for a placement).
    When the endgame solver proved the result, ``info.proven`` is ``{result: "win"|"loss",
    turns: n}`` (turns of both sides until the game is decided, this one counting as 1:
    "White wins in 3 turns"), and the actions are the fastest win or the slowest loss.
``ai_stop {job}`` -> ``{}`` (drops it; unknown ids are fine).  ``ai_start``, ``ai_step`` and
    ``ai_stop`` are the job kind ``ai`` of :func:`tzaar.facade.jobs.job`.
``ai_move {position, level?, seed?, time?, nodes?, solve?}`` -> ``{actions, info}``: the same
    search run to the end in one call (for scripts, tests and the command line).
``review_start {start, actions, nodes?, piece?, looks?, better?}`` -> ``{job, total}``: a review of the game
    (:mod:`tzaar.ai.review`), run by ``review_step {job, slice_ms?}`` -> ``{done,
    evaluated, total}`` and, when done, ``evals``, ``turns`` (each marked turn with its
    ``explanation``, :mod:`tzaar.study.explain`) and ``summary`` (the marked turns, the worst
    first); ``review_stop {job}``.  The job kind ``review`` of :mod:`tzaar.facade.jobs` (it
    runs beside any other job; once searched, it explains one marked turn a piece, so no
    step runs long).  A review of one turn (``start`` the position before it)
    judges and explains that turn alone: the analysis board's tried turn.  With ``better``
    (a whole turn from ``start``) it judges the one turn against that turn, both by the
    deeper look (:mod:`tzaar.ai.review_answer`): an exercise's answer.
    ``piece`` runs one piece of the review, whose last step carries ``looks`` and
    ``candidates`` instead of ``evals``, ``turns`` and ``summary``; ``looks`` gives the looks
    known already (the pieces', :mod:`.review_params`), so a review given every piece's looks
    searches nothing and answers as the review run whole: the page runs the pieces in several
    workers.

The searches themselves (:class:`tzaar.ai.work.TurnSearch`, :class:`tzaar.ai.review.Review`)
are the engine's, the explanations the study's; this module reads the params and names the
errors, and :mod:`.ai_answers` writes their answers as JSON.
"""

from __future__ import annotations

from ..ai.players import DEFAULT_LEVEL, LEVELS, SPECIAL
from ..ai.review import DEFAULT_NODES
from ..ai.review_answer import AnswerError
from ..ai.work import TurnSearch
from ..rules.errors import shown
from ..rules.notation import parse_action
from ..rules.position import Position
from ..rules.turns import group_turns
from ..study.explained_review import ExplainedReview
from .ai_answers import review_answer, review_started, search_answer
from .jobs import job
from .methods import BadParams, method
from .review_params import read_looks, read_piece


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


@job("ai", search_answer, **_SEARCH)
def search(position, level=None, seed=None, time=None, nodes=None, solve=None) -> TurnSearch:
    """The search of the params of ``ai_start`` (and ``ai_move``)."""
    pos = Position.from_text(position)
    return TurnSearch(pos, _player(level), seed or 0, _positive("time", time), _positive("nodes", nodes), solve)


@method("ai_levels")
def _ai_levels():
    return {
        "levels": [{"name": lv.name, "title": lv.title, "description": lv.description} for lv in LEVELS.values()],
        "default": DEFAULT_LEVEL,
    }


@method("ai_move", **_SEARCH)
def _ai_move(position, level=None, seed=None, time=None, nodes=None, solve=None):
    work = search(position, level, seed, time, nodes, solve)
    out = search_answer(work.step(float("inf")))
    work.close()
    return {"actions": out["actions"], "info": out["info"]}


@job("review", review_answer, review_started, start=(str, True), actions=(list, True), nodes=(int, False),
     piece=(dict, False), looks=(dict, False), better=(list, False))
def _review(start, actions, nodes=None, piece=None, looks=None, better=None) -> ExplainedReview:
    if nodes is not None and nodes <= 0:
        raise BadParams(f"review_start: nodes must be a whole number above 0, not {nodes}.")
    if better is not None and (piece is not None or looks is not None):
        raise BadParams("review_start: an answer judged against a better turn is one review, not a piece.")
    pos = Position.from_text(start)
    acts = [parse_action(t) for t in actions]
    turns = len(group_turns(pos, acts))
    pos.play(acts)
    if better is not None:
        try:
            return ExplainedReview(pos, acts, nodes or DEFAULT_NODES, better=[parse_action(t) for t in better])
        except AnswerError as e:
            raise BadParams(f"review_start: {e}") from None
    return ExplainedReview(pos, acts, nodes or DEFAULT_NODES, None if piece is None else read_piece(piece, turns),
                           None if looks is None else read_looks(looks, turns + 1))
