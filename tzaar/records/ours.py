"""Game records in our plain-text format: written and read.

A game record (the format is in docs/notation.md, "Game records (ours)")::

    # TZAAR game record
    White: person
    Black: computer casual
    Date: 2026-11-23
    TimeControl: 1 day a move
    Result: White wins (Black has no Tzarra left)
    Start: standard
    1. C5xC4
    2. B3xC4 D4-E5

The header lines before ``Start:`` are optional (older records have none): the players
(``person``, ``computer LEVEL``, or a person's name: ``White: Ann``, an online game's), the
date, the time control (``TimeControl: 5+3``, minutes each and seconds added a turn, or
``TimeControl: 3 days a move``, a game by turns: :func:`time_control`), the result and its reason.  A game that ended
outside the rules says so there, ``Result: Black wins (White ran out of time)``,
``Result: White wins (Black resigned)`` or ``Result: Black wins (White left the game)``, and reads back as the record's ``end``
(:class:`~tzaar.rules.ending.GameEnd`); a malformed or impossible one is a
:class:`~tzaar.rules.errors.RecordEndError`.  ``Start:`` gives
the start position: ``standard``, ``random seed N`` (N of at most 18 digits:
:data:`~tzaar.rules.numbers.SEED_DIGITS`), ``tournament``, or position text when
none of those fits (:func:`start_line` writes it, :func:`start_position` reads it); then
come the actions, separated by spaces or line breaks.  ``N.`` turn numbers and ``#``
comments are for people and are skipped when reading.  LittleGolem's records are
:mod:`tzaar.records.littlegolem`'s.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple, Optional

from ..rules.ending import END_REASONS, GameEnd, game_end
from ..rules.errors import ActionError, GameEndError, IllegalActionError, PositionError, RecordEndError, RecordError, shown
from ..rules.notation import COLOUR_NAMES, parse_action
from ..rules.numbers import SEED_DIGITS
from ..rules.game import Game
from ..rules.position import RANDOM_START_RE, Outcome, Position, start_position
from ..rules.turns import group_turns

__all__ = ["Record", "MAX_PLAYER_NAME", "player_name", "time_control", "start_line", "format_record", "parse_record", "read_record", "game_record", "game_from_record"]


class Record(NamedTuple):
    """A game record as read: the start, the actions, and what its header says.

    ``players``: ``{"white": "person" | "computer LEVEL", "black": ...}`` for the sides the
    header names (a side named is a ``person``); ``names``: ``{"white": "Ann", ...}`` for the
    sides the header names by a person's name; ``setup``: ``"standard"``, ``"random"``, ``"tournament"`` or
    ``"position"`` (how the ``Start:`` line gives the start), ``seed`` for ``random``;
    ``end``: the :class:`~tzaar.rules.ending.GameEnd` its ``Result`` line names (out of time,
    resigned, left the game), or None; ``time_control``: its ``TimeControl`` line (as
    :func:`time_control` writes it), or None.
    """

    start: Position
    actions: list
    players: dict
    date: Optional[str]
    result: Optional[str]
    setup: str
    seed: Optional[int]
    end: Optional[GameEnd] = None
    names: dict = {}
    time_control: Optional[str] = None


_PLAYER_RE = re.compile(r"person|computer +[a-z]{1,20}", re.IGNORECASE)
#: The longest name of a player in a record, in characters.
MAX_PLAYER_NAME = 40
# Characters not shown as themselves: controls, format characters (direction overrides,
# zero-width ones), line and paragraph separators, private use, unassigned, surrogates.
_UNSHOWN = {"Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"}
_PLAYER_ERROR = "a player is 'person', 'computer LEVEL' or a name (at most 40 characters, each shown as itself)"


def player_name(text) -> Optional[str]:
    """``text`` as a player's name (white space single spaces, trimmed), or None when it is
    empty, longer than MAX_PLAYER_NAME or holds a character not shown as itself (the page's
    rule of every name shown: web/page/shown-text.js)."""
    if not isinstance(text, str) or len(text) > 4 * MAX_PLAYER_NAME:
        return None
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_PLAYER_NAME or any(unicodedata.category(c) in _UNSHOWN for c in name):
        return None
    return name


def _player(value: str) -> tuple:
    """A header's player: ``(kind, name)``: ``("person" | "computer LEVEL", None)`` or
    ``("person", name)``; ``(None, None)`` when it is neither."""
    if _PLAYER_RE.fullmatch(value.strip()):
        return " ".join(value.split()).lower(), None
    name = player_name(value)
    return ("person", name) if name else (None, None)
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_HEADER_KEYS = ("white", "black", "date", "timecontrol", "result")
_FISCHER_RE = re.compile(r"([0-9]{1,3}) *\+ *([0-9]{1,3})")
_DAYS_RE = re.compile(r"([0-9]{1,3}) +days? +a +move", re.IGNORECASE)
_TIME_CONTROL_ERROR = "a time control is 'M+S' (minutes each, seconds added a turn: '5+3') or 'N days a move' ('1 day a move')"


def time_control(text) -> Optional[str]:
    """``text`` as a record's time control, written as the header writes it: ``"5+3"``
    (minutes each, seconds added after each turn) or ``"1 day a move"`` / ``"3 days a move"``
    (a game by turns: each move within that many days); None when it is neither."""
    if not isinstance(text, str):
        return None
    text = " ".join(text.split())
    m = _FISCHER_RE.fullmatch(text)
    if m and int(m.group(1)) > 0:
        return f"{int(m.group(1))}+{int(m.group(2))}"
    m = _DAYS_RE.fullmatch(text)
    if m and int(m.group(1)) > 0:
        days = int(m.group(1))
        return f"{days} day{'' if days == 1 else 's'} a move"
    return None
# A Result line that names an end outside the rules (ending.py's words), and one that must.
_END_RESULT_RE = re.compile(r"(white|black) wins \((white|black) (" + "|".join(END_REASONS.values()) + r")\)", re.IGNORECASE)
_END_WORDS_RE = re.compile(r"\bran out\b|\bresign|\btime\b|\bleft the\b", re.IGNORECASE)


def start_line(start: Position, seed: Optional[int] = None) -> str:
    """What follows ``Start:``: ``standard``, ``random seed N`` (when ``seed`` gives
    ``start`` and has at most :data:`~tzaar.rules.numbers.SEED_DIGITS` digits, as the reader
    takes), ``tournament``, else the position text: every line written reads back."""
    if start == Position.standard():
        return "standard"
    if start == Position.tournament():
        return "tournament"
    if seed is not None and not isinstance(seed, bool) and isinstance(seed, int) and 0 <= seed < 10**SEED_DIGITS:
        if Position.random(seed) == start:
            return f"random seed {seed}"
    return start.text()


def format_record(
    start: Position,
    actions,
    outcome: Optional[Outcome] = None,
    *,
    players: Optional[dict] = None,
    date: Optional[str] = None,
    seed: Optional[int] = None,
    end: Optional[GameEnd] = None,
    time_control_text: Optional[str] = None,
) -> str:
    """Record text for a start position and legal actions (see the module docstring).

    ``players`` (``{"white": "person" | "computer LEVEL" | a person's name, ...}``),
    ``date`` (``YYYY-MM-DD``) and ``time_control_text`` (:func:`time_control`'s forms) go
    into the header when given; the result always does: ``end`` when the
    game ended outside the rules (checked: :class:`~tzaar.rules.errors.RecordEndError`).
    """
    lines = ["# TZAAR game record"]
    for colour in ("white", "black"):
        player = (players or {}).get(colour)
        if player:
            kind, name = _player(player) if isinstance(player, str) else (None, None)
            if kind is None:
                raise RecordError(f"{_PLAYER_ERROR[0].upper()}{_PLAYER_ERROR[1:]}, not {shown(str(player))}.")
            lines.append(f"{colour.capitalize()}: {name or kind}")
    if date is not None:
        if not isinstance(date, str) or not _DATE_RE.fullmatch(date):
            raise RecordError(f"A record's date is written YYYY-MM-DD, not {shown(str(date))}.")
        lines.append(f"Date: {date}")
    if time_control_text is not None:
        control = time_control(time_control_text)
        if control is None:
            raise RecordError(f"{_TIME_CONTROL_ERROR[0].upper()}{_TIME_CONTROL_ERROR[1:]}, not {shown(str(time_control_text))}.")
        lines.append(f"TimeControl: {control}")
    if end is not None:
        try:
            end = game_end(end.reason, end.loser, start.play(actions))
        except GameEndError as e:
            raise RecordEndError(f"A record's end: {e}") from None
        lines.append(f"Result: {COLOUR_NAMES[end.winner].capitalize()} wins ({end.text()})")
    else:
        if outcome is None:
            outcome = start.play(actions).outcome(actions[-1] if actions else None)
        lines.append(_result(outcome))
    lines.append(f"Start: {start_line(start, seed)}")
    for turn in group_turns(start, actions):
        lines.append(f"{turn.number}. " + " ".join(a.text() for a in turn.actions))
    return "\n".join(lines) + "\n"


def _result(outcome: Optional[Outcome]) -> str:
    """The Result line of a game the rules ended, or of one not finished."""
    if outcome is not None:
        return f"Result: {COLOUR_NAMES[outcome.winner].capitalize()} wins ({outcome.text()})"
    return "Result: not finished"


_NUMBER_RE = re.compile(r"[0-9]+\.")


def parse_record(text: str):
    """Read record text -> ``(start Position, [Action, ...])``, every action checked legal.

    Raises :class:`~tzaar.rules.errors.RecordError` naming the line and the problem.
    """
    record = read_record(text)
    return record.start, record.actions


def _header(key: str, value: str, n: int, raw: str):
    """The value of a header line, checked: a player's is ``(kind, name)`` (a name is the rest
    of its line, ``#`` included: no comment follows a name)."""
    if key in ("white", "black"):
        kind, name = _player(value)
        if kind is None or name is not None:
            kind, name = _player(raw.partition(":")[2])
        if kind is None:
            raise RecordError(f"Game record line {n}: {_PLAYER_ERROR}, not {shown(raw.partition(':')[2].strip())}.")
        return kind, name
    if key == "date" and not _DATE_RE.fullmatch(value):
        raise RecordError(f"Game record line {n}: a date is written YYYY-MM-DD, not {shown(value)}.")
    if key == "timecontrol":
        control = time_control(value)
        if control is None:
            raise RecordError(f"Game record line {n}: {_TIME_CONTROL_ERROR}, not {shown(value)}.")
        return control
    return value


def read_record(text: str) -> Record:
    """Read record text with its header -> :class:`Record`; old records without a header
    read as well.  Raises :class:`~tzaar.rules.errors.RecordError` naming the line."""
    if not isinstance(text, str):
        raise RecordError(f"A game record must be text, not {type(text).__name__}.")
    start = None
    pos = None
    actions = []
    header: dict = {}
    result_line = 0
    setup, seed = "position", None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        key = head.strip().lower()
        if sep and key == "start":
            if start is not None:
                raise RecordError(f"Game record line {n}: a second Start line ({shown(raw.strip())}).")
            try:
                start = start_position(rest.strip())
            except PositionError as e:
                raise RecordError(f"Game record line {n}: bad start position: {e}") from None
            word = rest.strip().lower()
            m = RANDOM_START_RE.fullmatch(word)
            setup, seed = ("standard", None) if word == "standard" else ("tournament", None) if word == "tournament" else ("random", int(m.group(1))) if m else ("position", None)
            pos = start
            continue
        if start is None and sep and key in _HEADER_KEYS:
            if key in header:
                raise RecordError(f"Game record line {n}: a second {head.strip()} line.")
            header[key] = _header(key, rest.strip(), n, raw)
            result_line = n if key == "result" else result_line
            continue
        if start is None:
            raise RecordError(
                f"Game record line {n}: expected 'Start: <position>' before the actions, got {shown(raw.strip())}."
            )
        for token in line.split():
            if _NUMBER_RE.fullmatch(token):
                continue
            try:
                a = parse_action(token)
                pos = pos.apply(a)
            except (ActionError, IllegalActionError) as e:
                raise RecordError(f"Game record line {n}: {e}") from None
            actions.append(a)
    if start is None:
        raise RecordError("Game record has no 'Start: <position>' line.")
    players = {colour: header[colour][0] for colour in ("white", "black") if colour in header}
    names = {colour: header[colour][1] for colour in ("white", "black") if colour in header and header[colour][1]}
    end = _end(header.get("result"), result_line, pos)
    return Record(start, actions, players, header.get("date"), header.get("result"), setup, seed, end, names, header.get("timecontrol"))


def _end(result: Optional[str], n: int, final: Position) -> Optional[GameEnd]:
    """The end outside the rules a Result line names (None when it names none), checked
    against the position the record's actions reach."""
    if result is None or not _END_WORDS_RE.search(result):
        return None
    m = _END_RESULT_RE.fullmatch(" ".join(result.split()))
    if not m:
        raise RecordEndError(
            f"Game record line {n}: an end is written 'White wins (Black ran out of time)', 'White wins (Black resigned)' or 'White wins (Black left the game)', not {shown(result)}."
        )
    winner, loser = COLOUR_NAMES.index(m.group(1).lower()), COLOUR_NAMES.index(m.group(2).lower())
    if winner == loser:
        raise RecordEndError(f"Game record line {n}: {m.group(1).capitalize()} cannot both win and lose ({shown(result)}).")
    reason = next(key for key, words in END_REASONS.items() if words == m.group(3).lower())
    try:
        return game_end(reason, loser, final)
    except GameEndError as e:
        raise RecordEndError(f"Game record line {n}: {e}") from None


def game_record(game: Game) -> str:
    """The game record text of the actions a Game has played so far."""
    return format_record(game.start, game.actions, game.outcome())


def game_from_record(text: str) -> Game:
    """A Game from record text; raises RecordError if it cannot be read or replayed."""
    start, actions = parse_record(text)
    return Game(start, actions)
