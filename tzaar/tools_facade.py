"""The facade methods of game records and the analysis tools, registered in :mod:`tzaar.methods` (run by :mod:`tzaar.facade`).

They load on first use, not with the page (the record dialog and the tools do too).
All registrations of these tools are here (one small place; the modules they call hold
the work).  Params -> result:

``record_save {start, actions, white?, black?, date?, seed?}`` -> ``{text}``: the
    plain-text game record; its header names the players (``"person"`` or
    ``"computer LEVEL"``), the date (``YYYY-MM-DD``), the result, and the start as
    ``standard`` / ``random seed N`` (when ``seed`` gives it) / ``tournament`` / position text.
``record_load {text}`` -> ``{start, actions, players: {white?, black?}, date, result,
    setup: "standard"|"random"|"tournament"|"position", seed}`` (every action checked
    legal; a record without a header reads too, with ``players: {}`` and nulls).
``attack_map {position}`` -> :func:`tzaar.analysis.attack_map`: ``{side, captures,
    threatened, last}``.
``check_position {position}`` -> ``{possible, reason, position}``: whether the text is a
    position some game can reach (``reason`` says why not; ``position`` is the canonical
    text, or null).
``record_open {text}`` -> ``{start, actions, format: "tzaar"|"littlegolem", meta,
    players, setup, seed}``: a game record in our format or LittleGolem's (RecordError
    names the line and why); ``players``/``setup``/``seed`` as ``record_load`` gives them
    from our header (``{}``, ``"position"``, null for LittleGolem's).
``record_export {start, actions, format}`` -> ``{text}``: the record in ``"tzaar"`` or
    ``"littlegolem"`` format.
``review_start {start, actions, nodes?}`` -> ``{job, total}``: a review of the game
    (:mod:`tzaar.ai.review`), run by ``review_step {job, slice_ms?}`` -> ``{done,
    evaluated, total}`` and, when done, ``evals`` and ``turns``; ``review_stop {job}``.
    The job kind ``review`` of :mod:`tzaar.jobs` (it runs beside any other job).
``puzzle_check {position, actions}`` -> ``{status: "continue"|"solved"|"failed", defence,
    reason}``: judges the player's actions since the puzzle's start (the defence included);
    see :func:`tzaar.puzzles.check_answer`.
"""

from __future__ import annotations

from .analysis import attack_map, check_position
from .errors import shown
from .jobs import job
from .methods import BadParams, method
from .methods import params as _params
from .notation import parse_action
from .records import format_record
from .records import read_record as read_our_record
from .littlegolem import format_littlegolem, is_littlegolem, read_record
from .position import Position


def _actions(texts):
    return [parse_action(t) for t in texts]


@method("record_save", start=(str, True), actions=(list, True), white=(str, False), black=(str, False), date=(str, False), seed=(int, False))
def _record_save(start, actions, white=None, black=None, date=None, seed=None):
    start_pos = Position.from_text(start)
    acts = _actions(actions)
    start_pos.play(acts)  # raises IllegalActionError on the first illegal action
    players = {"white": white, "black": black}
    return {"text": format_record(start_pos, acts, players=players, date=date, seed=seed)}


@method("record_load", text=(str, True))
def _record_load(text):
    r = read_our_record(text)
    return {
        "start": r.start.text(),
        "actions": [a.text() for a in r.actions],
        "players": r.players,
        "date": r.date,
        "result": r.result,
        "setup": r.setup,
        "seed": r.seed,
    }


@method("attack_map")
@_params(position=(str, True))
def _attack_map(position):
    return attack_map(Position.from_text(position))


@method("check_position")
@_params(position=(str, True))
def _check_position(position):
    pos, why = check_position(position)
    return {"possible": pos is not None, "reason": why, "position": pos.text() if pos else None}


@method("record_open")
@_params(text=(str, True))
def _record_open(text):
    rec = read_record(text)
    ours = None if is_littlegolem(text) else read_our_record(text)
    return {
        "start": rec.start.text(),
        "actions": [a.text() for a in rec.actions],
        "format": "tzaar" if ours else "littlegolem",
        "meta": rec.meta,
        "players": ours.players if ours else {},
        "setup": ours.setup if ours else "position",
        "seed": ours.seed if ours else None,
    }


@method("record_export")
@_params(start=(str, True), actions=(list, True), format=(str, True))
def _record_export(start, actions, format):
    pos = Position.from_text(start)
    acts = _actions(actions)
    pos.play(acts)  # IllegalActionError on the first illegal action
    if format == "tzaar":
        return {"text": format_record(pos, acts)}
    if format == "littlegolem":
        return {"text": format_littlegolem(pos, acts)}
    raise BadParams(f"record_export: format must be 'tzaar' or 'littlegolem', not {shown(format)}.")


@job("review", start=(str, True), actions=(list, True), nodes=(int, False))
def _review(start, actions, nodes=None):
    from .ai.review import DEFAULT_NODES, Review

    if nodes is not None and nodes <= 0:
        raise BadParams(f"review_start: nodes must be a whole number above 0, not {nodes}.")
    pos = Position.from_text(start)
    acts = _actions(actions)
    pos.play(acts)
    return Review(pos, acts, nodes or DEFAULT_NODES)


@method("puzzle_check")
@_params(position=(str, True), actions=(list, True))
def _puzzle_check(position, actions):
    from .puzzles import check_answer

    pos = Position.from_text(position)
    if pos.step != 1 or pos.winner is not None:
        raise BadParams("puzzle_check: the puzzle position must be the start of a turn of a game not over.")
    return check_answer(pos, _actions(actions))
