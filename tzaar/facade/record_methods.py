"""The facade methods of game records (:mod:`tzaar.records`), registered with
:func:`.methods.method` and run by :mod:`tzaar.facade`; they load on first use, not with
the page (the record dialog does too).  Params -> result:

An ``end`` is the end of a game outside the rules, ``{reason: "timeout"|"resigned"|"abandoned", loser:
"white"|"black"}`` (:mod:`tzaar.rules.ending`), or null; a malformed or impossible one is a
RecordEndError.

``record_save {start, actions, white?, black?, date?, seed?, end?}`` -> ``{text}``: the
    plain-text game record; its header names the players (``"person"``,
    ``"computer LEVEL"`` or a person's name: ``"Ann"``), the date (``YYYY-MM-DD``), the
    result, and the start as ``standard`` / ``random seed N`` (when ``seed`` gives it and has
    at most 18 digits, as a record's reader takes) / ``tournament`` / position text.
``record_load {text}`` -> ``{start, actions, players: {white?, black?}, names: {white?, black?},
    date, result, setup: "standard"|"random"|"tournament"|"position", seed, end}`` (every
    action checked legal; a record without a header reads too, with ``players: {}``,
    ``names: {}`` and nulls); a side named by a person's name is a ``"person"`` in
    ``players`` and its name is in ``names``.
``record_open {text}`` -> ``{start, actions, format: "tzaar"|"littlegolem", meta,
    players, names, setup, seed, end}``: a game record in our format or LittleGolem's
    (RecordError names the line and why); ``players``/``setup``/``seed`` as ``record_load``
    gives them from our header (``{}``, ``"position"``, null for LittleGolem's); ``names``
    from our header, else from the record's White and Black metadata (LittleGolem's
    ``PW``/``PB``, our ``# White:`` comments) when they are names (:func:`player_name`).
``record_export {start, actions, format, end?, white?, black?}`` -> ``{text}``: the record in
    ``"tzaar"`` or ``"littlegolem"`` format; ``white``/``black``: the players' names
    (``PW``/``PB`` in LittleGolem's).
"""

from __future__ import annotations

from ..records.either import read_any_record
from ..records.littlegolem import format_littlegolem, is_littlegolem
from ..records.ours import format_record, player_name
from ..records.ours import read_record as read_our_record
from ..rules.ending import game_end
from ..rules.errors import GameEndError, RecordEndError, RecordError, shown
from ..rules.notation import COLOUR_NAMES
from ..rules.notation import parse_action
from ..rules.position import Position
from .methods import BadParams, method
from .methods import params as _params


def _actions(texts):
    return [parse_action(t) for t in texts]


def _end_in(end, final: Position):
    """The ``end`` parameter read and checked against the game's last position."""
    if end is None:
        return None
    if set(end) != {"reason", "loser"}:
        raise BadParams(f"end: an object {{reason, loser}}, not one with {shown(', '.join(sorted(map(str, end))))}.")
    if not isinstance(end["loser"], str) or end["loser"] not in COLOUR_NAMES:
        raise RecordEndError(f"A record's end: the loser is 'white' or 'black', not {shown(str(end['loser']))}.")
    try:
        return game_end(end["reason"], end["loser"], final)
    except GameEndError as e:
        raise RecordEndError(f"A record's end: {e}") from None


def _end_out(end):
    return None if end is None else {"reason": end.reason, "loser": COLOUR_NAMES[end.loser]}


@method("record_save", start=(str, True), actions=(list, True), white=(str, False), black=(str, False), date=(str, False), seed=(int, False), end=(dict, False), time_control=(str, False))
def _record_save(start, actions, white=None, black=None, date=None, seed=None, end=None, time_control=None):
    start_pos = Position.from_text(start)
    acts = _actions(actions)
    final = start_pos.play(acts)  # raises IllegalActionError on the first illegal action
    players = {"white": white, "black": black}
    return {"text": format_record(start_pos, acts, players=players, date=date, seed=seed, end=_end_in(end, final), time_control_text=time_control)}


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
        "end": _end_out(r.end),
        "names": r.names,
        "time_control": r.time_control,
    }


def _names(white, black) -> dict:
    """The players' names given to record_export, checked: {"white"?, "black"?}."""
    names = {}
    for colour, given in (("white", white), ("black", black)):
        if given is None:
            continue
        name = player_name(given)
        if name is None:
            raise RecordError(f"A player's name has at most 40 characters, each shown as itself, not {shown(given)}.")
        names[colour] = name
    return names


@method("record_open")
@_params(text=(str, True))
def _record_open(text):
    rec = read_any_record(text)
    ours = None if is_littlegolem(text) else read_our_record(text)
    names = {c: n for c in ("white", "black") if (n := player_name(rec.meta.get(c.capitalize())))}
    return {
        "start": rec.start.text(),
        "actions": [a.text() for a in rec.actions],
        "format": "tzaar" if ours else "littlegolem",
        "meta": rec.meta,
        "players": ours.players if ours else {},
        "setup": ours.setup if ours else "position",
        "seed": ours.seed if ours else None,
        "end": _end_out(rec.end),
        "names": ours.names if ours and ours.names else names,
        "time_control": ours.time_control if ours else None,
    }


@method("record_export")
@_params(start=(str, True), actions=(list, True), format=(str, True), end=(dict, False), white=(str, False), black=(str, False))
def _record_export(start, actions, format, end=None, white=None, black=None):
    pos = Position.from_text(start)
    acts = _actions(actions)
    ended = _end_in(end, pos.play(acts))  # IllegalActionError on the first illegal action
    names = _names(white, black)
    if format == "tzaar":
        return {"text": format_record(pos, acts, players=names, end=ended)}
    if format == "littlegolem":
        return {"text": format_littlegolem(pos, acts, {c.capitalize(): n for c, n in names.items()}, end=ended)}
    raise BadParams(f"record_export: format must be 'tzaar' or 'littlegolem', not {shown(format)}.")
