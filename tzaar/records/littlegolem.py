"""LittleGolem's TZAAR game records, read and written.

A LittleGolem record is one line of SGF-like text::

    (;FF[TZAAR]VA[RANDOM]EV[tzaar.ch.43.1.1]PB[black]PW[white]POS[cBbC...60 letters]
     SO[https://www.littlegolem.net];W[npmq];B[prqq-kplp];...;B[osoq-pass];...)

Facts read from real records (tests/data/README.md names them):

* A point is two letters ``k``..``s`` (``o`` = 0): the column (``k`` = A .. ``s`` = I,
  axial q = -4..4) and an axial coordinate r, which grows downwards: column q holds
  r = max(-4, -4-q) .. min(4, 4-q), ``oo`` is the missing centre.  Counting rows from the
  bottom of each column gives our names: ``ks`` = A1, ``qm`` = G5, ``rl`` = H5 (LittleGolem
  itself shows the move ``qmrl`` as G5 to H5).
* ``POS[...]``: the 60 points in sorted order of their names (``ko``, ``kp`` .. ``sk`` ..),
  ``a`` Tzaar, ``b`` Tzarra, ``c`` Tott; lower case White, upper case Black.  Every point
  holds one piece: a record starts where play starts.
* A node per turn, ``W[`` or ``B[``, White first; ``npmq`` is the stack on ``np`` moving to
  ``mq`` (a capture or a stacking: the position decides); a turn's two actions are joined
  by ``-``; ``pass`` is a passed second action.  The opening turn has one action.

* A game that ended outside the rules carries SGF's result property: ``RE[B+T]`` (Black won
  on time: White ran out of time), ``RE[W+R]`` (White won by resignation); other results
  (``RE[W+]``) are the rules' and are not read.
* A property value escapes as SGF's do: a backslash escapes the character after it
  (``PW[a\\\\b]`` names ``a\\b``, ``PW[x\\]y]`` names ``x]y``).

Every action of a record is checked by our rules; a record that does not read or replay
is refused with a :class:`~tzaar.rules.errors.RecordError` naming the line, the move and why.
"""

from __future__ import annotations

import re

from ..rules.board import INITIAL
from ..rules.ending import GameEnd, game_end
from ..rules.errors import GameEndError, IllegalActionError, PositionError, RecordEndError, RecordError, shown
from ..rules.geometry import COORDS, NUM_POINTS, POINT_NAMES
from ..rules.notation import CAPTURE, PASS_KIND, STACK, TYPE_NAMES, Action
from ..rules.position import Position
from ..rules.turns import group_turns
from . import AnyRecord

__all__ = [
    "LG_NAMES",
    "LG_POINTS",
    "is_littlegolem",
    "parse_littlegolem",
    "format_littlegolem",
]

_LETTERS = "klmnopqrs"  # -4 .. +4
# SGF's result of a game won on time (T), by resignation (R) or by forfeit (F: the other
# player left the game): RE[B+T], RE[W+R], RE[B+F]
_END_CODES = {"timeout": "T", "resigned": "R", "abandoned": "F"}
_RE_END = re.compile(r"([WB])\+([A-Za-z]+)")


def _build_names():
    """LG_NAMES[p]: LittleGolem's two letters for our point p."""
    at = {c: i for i, c in enumerate(COORDS)}
    names = [""] * NUM_POINTS
    for q in range(-4, 5):
        rmax = min(4, 4 - q)
        for r in range(max(-4, -4 - q), rmax + 1):
            if (q, r) == (0, 0):
                continue
            # rows count up from the bottom (the largest r); y is the doubled row of geometry
            p = at[(q, 2 * (rmax - r) + abs(q))]
            names[p] = _LETTERS[q + 4] + _LETTERS[r + 4]
    return tuple(names)


#: LittleGolem's name of each of our points, by point index.
LG_NAMES = _build_names()
#: Our point index by LittleGolem's two-letter name.
LG_POINTS = {n: p for p, n in enumerate(LG_NAMES)}
#: Our points in POS order (LittleGolem's names sorted).
_POS_ORDER = tuple(sorted(range(NUM_POINTS), key=lambda p: LG_NAMES[p]))

_TYPE_BY_LETTER = {"a": 0, "b": 1, "c": 2}
#: Header properties kept as metadata, and their names in our record's comments.
META_NAMES = {"PW": "White", "PB": "Black", "EV": "Event", "VA": "Variant", "SO": "Source"}
_PROP_RE = re.compile(r"([A-Za-z]+)\s*\[((?:[^\]\\]|\\.)*)\]", re.S)


def is_littlegolem(text: str) -> bool:
    """Whether ``text`` looks like an SGF-style record (it starts with ``(;``)."""
    return isinstance(text, str) and re.match(r"\s*\(\s*;", text) is not None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _nodes(text: str):
    """``[(offset, [(name, value, offset)])]`` of the nodes of ``(;..;..)``."""
    s = text.strip()
    start = text.index(s[0]) if s else 0
    if not s.startswith("(") or not s.endswith(")"):
        raise RecordError("LittleGolem record line 1: it must start with '(;' and end with ')'.")
    body_start = start + 1
    body = text[body_start : start + len(s) - 1]
    nodes, pos = [], 0
    while pos < len(body):
        ch = body[pos]
        if ch.isspace():
            pos += 1
            continue
        if ch != ";":
            raise RecordError(
                f"LittleGolem record line {_line(text, body_start + pos)}: expected ';' before a node, "
                f"got {shown(body[pos : pos + 20])}."
            )
        node_at, pos, props = body_start + pos, pos + 1, []
        while True:
            while pos < len(body) and body[pos].isspace():
                pos += 1
            m = _PROP_RE.match(body, pos)
            if not m:
                break
            props.append((m.group(1).upper(), _unescape(m.group(2)), body_start + pos))
            pos = m.end()
        if pos < len(body) and body[pos] != ";":
            raise RecordError(
                f"LittleGolem record line {_line(text, body_start + pos)}: cannot read {shown(body[pos : pos + 20])}."
            )
        nodes.append((node_at, props))
    return nodes


def _start_position(pos_text: str, where: str) -> Position:
    letters = pos_text.strip()
    if len(letters) != NUM_POINTS or not re.fullmatch(r"[abcABC]+", letters):
        raise RecordError(
            f"{where}: POS must be 60 letters a, b, c (White) and A, B, C (Black), not {shown(letters)}."
        )
    cells = [0] * NUM_POINTS
    counts = [[0, 0, 0], [0, 0, 0]]
    for p, ch in zip(_POS_ORDER, letters):
        colour = 0 if ch.islower() else 1
        kind = _TYPE_BY_LETTER[ch.lower()]
        counts[colour][kind] += 1
        cells[p] = (4 + kind) * (1 if colour == 0 else -1)
    for colour, name in ((0, "White"), (1, "Black")):
        for kind in range(3):
            if counts[colour][kind] != INITIAL[kind]:
                raise RecordError(
                    f"{where}: POS gives {name} {counts[colour][kind]} {TYPE_NAMES[kind].capitalize()}s, "
                    f"not {INITIAL[kind]}."
                )
    try:
        return Position(cells, 0, 1)
    except (PositionError, ValueError) as e:  # pragma: no cover - the counts above make it valid
        raise RecordError(f"{where}: bad POS: {e}") from None


def _action(part: str, pos: Position) -> Action:
    """The Action a part such as ``npmq`` or ``pass`` stands for in ``pos``."""
    if part.lower() == "pass":
        return Action.pass_()
    if len(part) != 4 or part[:2] not in LG_POINTS or part[2:] not in LG_POINTS:
        raise ValueError(f"{shown(part)} is not a move (two points of two letters k..s, e.g. npmq) or pass")
    src, dst = LG_POINTS[part[:2]], LG_POINTS[part[2:]]
    a, b = pos.stack_at(src), pos.stack_at(dst)
    if a is not None and b is not None and a.colour == b.colour:
        return Action.stack(src, dst)
    return Action.capture(src, dst)


def parse_littlegolem(text: str) -> AnyRecord:
    """Read a LittleGolem record; every action is checked legal by our rules.

    Raises :class:`RecordError` with the line, the move and the reason.
    """
    if not isinstance(text, str):
        raise RecordError(f"A game record must be text, not {type(text).__name__}.")
    nodes = _nodes(text)
    if not nodes:
        raise RecordError("LittleGolem record line 1: it has no nodes.")
    header_at, header = nodes[0]
    props = {}
    for name, value, _ in header:
        props.setdefault(name, value)
    where = f"LittleGolem record line {_line(text, header_at)}"
    if props.get("FF", "TZAAR").strip().upper() != "TZAAR":
        raise RecordError(f"{where}: FF[{shown(props['FF'])}] is not a TZAAR record (FF[TZAAR]).")
    if "POS" not in props:
        raise RecordError(f"{where}: the first node has no POS[...] (the start position).")
    start = _start_position(props["POS"], where)
    meta = {META_NAMES[k]: props[k].strip() for k in META_NAMES if props.get(k, "").strip()}
    pos, actions, turn = start, [], 0
    for node_at, node in nodes[1:]:
        moves = [(n, v, o) for n, v, o in node if n in ("W", "B")]
        if not moves:
            continue
        if len(moves) > 1:
            raise RecordError(f"LittleGolem record line {_line(text, node_at)}: a node holds two moves.")
        name, value, at = moves[0]
        turn += 1
        where = f"LittleGolem record line {_line(text, at)}, turn {turn} {name}[{clip_value(value)}]"
        if pos.winner is not None:
            raise RecordError(f"{where}: the game was already over.")
        side = "W" if pos.side == 0 else "B"
        if name != side:
            raise RecordError(f"{where}: it is {'White' if side == 'W' else 'Black'}'s turn.")
        parts = [p.strip() for p in value.split("-")]
        most = 1 if pos.is_opening else 2
        if len(parts) > most:
            raise RecordError(f"{where}: a turn has at most {most} action{'s' if most > 1 else ''}.")
        for i, part in enumerate(parts):
            try:
                a = _action(part, pos)
                after = pos.apply(a)
            except IllegalActionError as e:
                raise RecordError(f"{where}: {a.text()} is illegal: {_reason(e)}") from None
            except ValueError as e:
                raise RecordError(f"{where}: {e}.") from None
            actions.append(a)
            pos = after
            if i == 0 and pos.winner is None and pos.step == 2 and len(parts) == 1 and node is not nodes[-1][1]:
                raise RecordError(f"{where}: the turn has one action; the second (or pass) is missing.")
    end = _end(props.get("RE"), f"LittleGolem record line {_line(text, header_at)}", pos)
    return AnyRecord(start, actions, meta, end)


def _end(value, where: str, final: Position):
    """The end outside the rules of an RE[...] value (None for none, or the rules' result)."""
    if value is None or not value.strip() or re.fullmatch(r"[WB]\+|[WB]\+[0-9.]*|0|Draw|Void|\?", value.strip()):
        return None
    m = _RE_END.fullmatch(value.strip())
    reasons = {code: reason for reason, code in _END_CODES.items()}
    if not m or m.group(2).upper() not in reasons:
        raise RecordEndError(f"{where}: RE[{shown(clip_value(value))}] is not a result: W+T, B+T (on time), W+R, B+R (resigned), W+F, B+F (the other left).")
    try:
        return game_end(reasons[m.group(2).upper()], 1 if m.group(1) == "W" else 0, final)
    except GameEndError as e:
        raise RecordEndError(f"{where}: RE[{shown(value.strip())}]: {e}") from None


def clip_value(value: str) -> str:
    return value if len(value) <= 24 else value[:24] + "..."


def _reason(e: IllegalActionError) -> str:
    msg = str(e)
    return msg.split(": ", 1)[1] if ": " in msg else msg


def _lg_action(a: Action) -> str:
    if a.kind == PASS_KIND:
        return "pass"
    if a.kind not in (CAPTURE, STACK):
        raise RecordError(f"A LittleGolem record has no placements ({a.text()}).")
    return LG_NAMES[a.src] + LG_NAMES[a.dst]


def format_littlegolem(start: Position, actions, meta=None, end: GameEnd = None) -> str:
    """A LittleGolem record of a game (one line, with a newline).

    ``start`` must be where play starts: all 60 pieces on the board, White's opening (a
    tournament game is written from its position after the placement).  ``meta`` may hold
    ``White``, ``Black``, ``Event``, ``Variant`` and ``Source``; ``end`` (a game ended on
    time or by resignation, checked) is written as ``RE[B+T]``, ``RE[W+R]``.
    """
    meta = dict(meta or {})
    acts = list(actions)
    if end is not None:
        try:
            end = game_end(end.reason, end.loser, start.play(acts))
        except GameEndError as e:
            raise RecordEndError(f"A record's end: {e}") from None
    # a tournament game: skip the placements, start from the full board
    while start.step == 0 and acts:
        start = start.apply(acts.pop(0))
    if start.step == 0 or any(s.height != 1 for s in start.stacks().values()) or len(start.stacks()) != NUM_POINTS:
        raise RecordError(
            "A LittleGolem record starts with all 60 pieces on the board at White's opening; "
            f"this game starts from {start.text()}."
        )
    letters = []
    for p in _POS_ORDER:
        s = start.stack_at(p)
        ch = "abc"[s.kind]
        letters.append(ch if s.colour == 0 else ch.upper())
    head = "(;FF[TZAAR]"
    for key in ("VA", "EV", "PB", "PW"):
        if meta.get(META_NAMES[key]):
            head += f"{key}[{_escape(meta[META_NAMES[key]])}]"
    if end is not None:
        head += f"RE[{'WB'[end.winner]}+{_END_CODES[end.reason]}]"
    head += "POS[" + "".join(letters) + "]"
    if meta.get("Source"):
        head += f"SO[{_escape(meta['Source'])}]"
    nodes = []
    for t in group_turns(start, acts):
        nodes.append(";" + "WB"[t.side] + "[" + "-".join(_lg_action(a) for a in t.actions) + "]")
    return head + "".join(nodes) + ")\n"


def _escape(value: str) -> str:
    """A property value as SGF writes it: ``\\`` and ``]`` escaped by a backslash."""
    return str(value).replace("\\", "\\\\").replace("]", "\\]").replace("\n", " ")


_ESCAPED_RE = re.compile(r"\\(.)", re.S)


def _unescape(value: str) -> str:
    """A property value as read: SGF's rule, a backslash escapes the character after it
    (``\\\\`` is ``\\``, ``\\]`` is ``]``); :func:`_escape` undone."""
    return _ESCAPED_RE.sub(r"\1", value)
