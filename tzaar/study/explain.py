"""Why a reviewed turn is a mistake, from the engine's own terms and lines.

For a turn the review marked (:mod:`tzaar.ai.review`: the turn played, the better turn,
and the reply the engine expects after each), :func:`explain_turn` names

* ``reasons``: what the played turn allowed, read from exact facts and the engine's line:
  an opponent's turn that wins at once after it, found by trying every turn
  (``takes-last``: it takes the mover's last stack of a type, or both of the last two;
  ``starves``: it leaves the mover no capture), a stacking of the mover's own last stack of a
  type (``covers-last``), a loss the endgame solver proves (``proven-loss``), and in the
  engine's expected reply a capture of a scarce type (``takes-scarce``) or a stacking that
  makes a scarce type's stack taller than every stack of the mover (``secures``,
  :mod:`tzaar.ai.evaluate`'s ``secured``), and where that reply leaves the mover: a scarce type
  of its under attack (``threatens``, :func:`.attacks.captures_of`) or few captures left
  (``few-captures``, the evaluation's starvation terms);
* ``better``: what the better turn achieved: a win at once (``wins-type``, ``wins-starve``),
  a win the solver proves (``proven-win``), the capture of a stack that threatened a
  scarce type of the mover (``removes-threat``, :func:`.attacks.captures_of`), a capture
  of a scarce enemy type (``takes-scarce``), a scarce type's stack too tall to capture
  (``secures``).

The facts are only candidates.  Each must tell the two turns apart: its fact holds after its
own turn and not after the other (:func:`.explain_facts.tells_apart`; a stacking any turn
makes, a count both lines leave, is not a reason).  Then each that is not exact is kept when
the family of evaluation terms it belongs to (types, starvation, security) changed in its
direction between the two lines (the played turn and reply against the better turn and its
reply, weighed by :mod:`tzaar.ai.weights`), and the candidates are ordered by that change;
the exact ones (a win at once, a proof) come first.  A turn whose reason the engine cannot
name gets no reason: then only the better turn is said.

Every reason is ``{code, params, line, actions, threats}``: ``params`` name sides, types,
points, numbers and actions in action text; a second action that needs its turn's first
(:func:`.explain_facts.depends`) is named with it (``first``), and a count is the one after
every action named (``count``: the stacks of the type the named actions take, 1 or 2;
``left``: what remains).  ``line``: the action texts it rests on, from the position after
the played turn for ``reasons``, from the position before the turn for ``better``
(tests/test_explain_check.py replays each against the rules).  ``actions``: the actions the
sentence names, played in that line (no pass); ``threats``: the captures it names that a stack
could make (the threat), for the page's arrows (web/analysis/explain.js).

English text: :mod:`.explain_text`; the page's seven languages: web/analysis/explain.js.
A whole review's marked turns explained, one a slice: :mod:`.explained_review`.
"""

from __future__ import annotations

from typing import Optional

from ..ai.evaluate import FEATURES, SCALE, SCARCE, TAPER, features, weights_table
from ..ai.weights import ENDGAME, WEIGHTS
from ..rules.geometry import POINT_NAMES
from ..rules.notation import CAPTURE, COLOUR_NAMES, PASS_KIND, STACK, TYPE_NAMES, action_texts
from ..rules.position import Position
from .attacks import captures_of
from .explain_facts import Lines, captures_at_start, depends, secured_types, steps, tells_apart, threats, winning_turn

__all__ = ["explain_turn", "winning_turn", "SOLVE_NODES"]

#: Nodes the endgame solver may spend on each of a marked turn's two positions (a third of a
#: second of the page's worker at most: a review job explains one turn a slice).
SOLVE_NODES = 10_000
#: At most this many captures left is "few" (the evaluation's ``captures`` shape is steep there).
FEW_CAPTURES = 3
#: Reasons and better-turn reasons said at most.
MAX_REASONS, MAX_BETTER = 2, 1

#: The evaluation terms of each family of reasons.
FAMILIES = {
    "types": ("scarcity", "threat_gain", "threat_loss", "take_type", "take_type2", "lose_type"),
    "starve": ("captures", "targets", "attackers", "enemy_targets_0", "enemy_targets_1", "enemy_targets_2",
               "mover_targets_1", "dead"),
    "secure": ("secured", "reach", "reach_low", "height"),
}
FAMILY_OF = {
    "takes-scarce": "types", "removes-threat": "types", "threatens": "types",
    "secures": "secure", "few-captures": "starve",
}
#: Exact facts: said whatever the terms did (when they tell the turns apart).
EXACT = ("takes-last", "starves", "covers-last", "proven-loss", "wins-type", "wins-starve", "proven-win")
_WEIGHTS = weights_table(WEIGHTS, ENDGAME)


def _reason(code: str, line: list, rank: float, actions: list, threats: tuple = (), **params) -> tuple:
    named = [a for a in actions if a != "pass"]
    return rank, {"code": code, "params": params, "line": list(line), "actions": named, "threats": list(threats)}


def _first(before: Position, turn: list, index: int) -> Optional[str]:
    """The turn's first action when ``turn[index]`` needs it (:func:`depends`), else None."""
    return turn[0] if depends(before, turn, index) else None


def _named(first: Optional[str], action: str) -> list:
    return [first, action] if first else [action]


def _families(position: Position, side: int) -> Optional[dict]:
    """Each family's weighted sum of evaluation terms, seen from ``side`` (None when over)."""
    if position.winner is not None or position.step == 0:
        return None
    board = position.board()
    f = features(board)
    if board.side != side:
        f = [-x for x in f]
    w = _WEIGHTS[min(sum(board.tops), TAPER)]
    index = {name: i for i, name in enumerate(FEATURES)}
    return {fam: sum(w[index[n]] * f[index[n]] for n in names) / SCALE for fam, names in FAMILIES.items()}


def _taken(position: Position, turn: list, colour: int) -> dict:
    """``{kind: [(index, position before, action)]}``: the captures of ``turn`` from
    ``position`` that take a stack of ``colour``, by its type."""
    out = {}
    for i, (pos, act, _) in enumerate(steps(position, turn)):
        if act.kind == CAPTURE:
            taken = pos.stack_at(act.dst)
            if taken.colour == colour:
                out.setdefault(taken.kind, []).append((i, pos, act))
    return out


def _won_by(turn: list, position: Position, names: dict, codes: tuple) -> tuple:
    """The reason of a winning ``turn`` from ``position``: ``codes[0]`` when it takes the
    loser's last stack of a type (with the turn's first action when the capture needs it, and
    ``count`` 2 when the turn takes both of the last two), else ``codes[1]`` (the loser has no
    capture)."""
    loser = 1 - position.side
    for kind, caught in _taken(position, turn, loser).items():
        if position.tops(loser)[kind] == len(caught):
            i, _, act = caught[-1]
            first = turn[0] if len(caught) == 2 else _first(position, turn, i)
            return _reason(codes[0], turn, float("inf"), _named(first, act.text()), **names, type=TYPE_NAMES[kind],
                           capture=act.text(), first=first, count=len(caught))
    return _reason(codes[1], turn, float("inf"), turn, **names, turn=list(turn))


def _first_turn(position: Position, line: list) -> list:
    """The actions of ``line`` that the side to move in ``position`` plays first (its turn)."""
    out = []
    for pos, act, _ in steps(position, line):
        if pos.side != position.side:
            break
        out.append(act.text())
    return out


def _scarce_taken(position: Position, turn: list, colour: int, code: str, names: dict, shared: int = 0) -> list:
    """Candidates of ``turn``'s captures of scarce types of ``colour`` from ``position`` (the
    first ``shared`` actions left out: the played turn made them too): one reason a type, its
    count the one after the turn's captures of that type (two named as one)."""
    out = []
    for kind, caught in _taken(position, turn, colour).items():
        caught = [c for c in caught if c[0] >= shared]
        if not caught:
            continue
        i, pos, act = caught[-1]
        left = pos.apply(act).tops(colour)[kind]
        if left >= SCARCE:
            continue
        first = turn[0] if len(caught) == 2 else None if shared else _first(position, turn, i)
        out.append(_reason(code, turn[: i + 1], 0, _named(first, act.text()), **names, type=TYPE_NAMES[kind],
                           point=POINT_NAMES[act.dst], capture=act.text(), first=first, count=len(caught), left=left))
    return out


def _secured_by(position: Position, turn: list, colour: int, code: str, names: dict, shared: int = 0) -> list:
    """Candidates of ``turn``'s stacking from ``position`` that makes a scarce type of
    ``colour`` secure (its stack taller than every enemy stack), named with the capture before
    it when it needs that (and the played turn did not make that capture too: ``shared``)."""
    out = []
    for i, (pos, act, nxt) in enumerate(steps(position, turn)):
        if act.kind != STACK or i < shared:
            continue
        kind = pos.stack_at(act.src).kind
        if kind in secured_types(nxt, colour) - secured_types(pos, colour) and nxt.tops(colour)[kind] <= SCARCE:
            first = None if shared else _first(position, turn, i)
            out.append(_reason(code, turn[: i + 1], 0, _named(first, act.text()), **names, type=TYPE_NAMES[kind],
                               point=POINT_NAMES[act.dst], action=act.text(), first=first))
    return out


def _left_by_reply(lines: Lines) -> list:
    """Candidates of where the engine's whole reply leaves the mover: a scarce type under
    attack there, few captures there."""
    side, reply, end = lines.side, lines.reply, lines.end_played
    if not reply or end.winner is not None or end.side != side or end.step != 1:
        return []
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    out = []
    attacked = threats(end, side)
    for point, (attacker, kind, count) in sorted(attacked.items(), key=lambda item: (item[1][2], item[0]))[:1]:
        threat = f"{POINT_NAMES[attacker]}x{POINT_NAMES[point]}"
        out.append(_reason("threatens", reply, 0, reply, (threat,), side=me, by=by, type=TYPE_NAMES[kind],
                           point=POINT_NAMES[point], attacker=POINT_NAMES[attacker], left=count))
    captures = captures_at_start(end, side)
    if captures <= FEW_CAPTURES:
        out.append(_reason("few-captures", reply, 0, reply, side=me, by=by, left=captures))
    return out


def _allowed(lines: Lines) -> list:
    """Candidates ``(rank, reason)`` of what the played turn allowed (rank: inf for exact)."""
    before, side, played = lines.before, lines.side, lines.played
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    for pos, act, after in steps(before, played):
        if act.kind == STACK and after.winner == 1 - side:
            kind = pos.stack_at(act.dst).kind
            return [_reason("covers-last", [], float("inf"), [act.text()], side=me, by=by, type=TYPE_NAMES[kind],
                            action=act.text())]
    after = lines.after_played
    if after.winner is not None:
        return []
    win = lines.win_after_played
    if win is not None:
        return [_won_by(win, after, {"side": me, "by": by}, ("takes-last", "starves"))]
    out = []
    sol = lines.solved_played
    if sol is not None and sol.result == "win":
        line = action_texts(sol.actions, after.board())
        out.append(_reason("proven-loss", line, float("inf"), _first_turn(after, line), side=me, by=by,
                           turns=sol.turns))
    names = {"side": me, "by": by}
    out += _scarce_taken(after, lines.reply, side, "takes-scarce", names)
    out += _secured_by(after, lines.reply, 1 - side, "secures", names)
    return out + _left_by_reply(lines)


def _achieved(lines: Lines) -> list:
    """Candidates ``(rank, reason)`` of what the better turn achieved (its actions that the
    played turn shares from its start count for neither)."""
    before, side, played, best = lines.before, lines.side, lines.played, lines.best
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    names = {"side": me, "by": by}
    if lines.after_best.winner == side:
        return [_won_by(best, before, names, ("wins-type", "wins-starve"))]
    out = []
    sol = lines.solved_best
    if sol is not None and sol.result == "loss":
        line = list(best) + action_texts(sol.actions, lines.after_best.board())
        out.append(_reason("proven-win", line, float("inf"), best, **names, turns=sol.turns + 1))
    shared = 0
    while shared < min(len(best), len(played)) and best[shared] == played[shared]:
        shared += 1
    for i, (pos, act, _) in enumerate(steps(before, best)):
        if i < shared or act.kind != CAPTURE:
            continue  # the played turn did the same
        taken = pos.stack_at(act.dst)
        threatened = [q for q in captures_of(pos, 1 - side).get(act.dst, [])
                      if q != act.src and pos.tops(side)[pos.stack_at(q).kind] <= SCARCE]
        if threatened:
            q = min(threatened, key=lambda q: (pos.tops(side)[pos.stack_at(q).kind], q))
            kind = pos.stack_at(q).kind
            first = None if shared else _first(before, best, i)
            threat = f"{POINT_NAMES[act.dst]}x{POINT_NAMES[q]}"
            out.append(_reason("removes-threat", best[: i + 1], 0, _named(first, act.text()), (threat,), **names,
                               capture=act.text(), first=first, taken=TYPE_NAMES[taken.kind], type=TYPE_NAMES[kind],
                               point=POINT_NAMES[q], last=pos.tops(side)[kind] == 1))
    out += _scarce_taken(before, best, 1 - side, "takes-scarce", names, shared)
    return out + _secured_by(before, best, side, "secures", names, shared)


def _chosen(lines: Lines, candidates: list, change: Optional[dict], most: int, achieved: bool) -> list:
    """The candidates that tell the turns apart: the exact ones, then those whose family
    changed in their favour, by that change."""
    kept = []
    for rank, reason in candidates:
        if reason["code"] not in EXACT:
            if change is None:
                continue
            rank = change[FAMILY_OF[reason["code"]]]
            if rank <= 0:
                continue
        if tells_apart(lines, reason, achieved):
            kept.append((rank, reason))
    kept.sort(key=lambda pair: -pair[0])
    seen, out = set(), []
    for _, reason in kept:
        key = (reason["code"], reason["params"].get("type"))
        if key not in seen:
            seen.add(key)
            out.append(reason)
    return out[:most]


def explain_turn(before: Position, played: list, best: list, reply: list, better_reply: list,
                 solve_nodes: int = SOLVE_NODES) -> dict:
    """``{reasons, better}`` of the turn ``played`` from ``before`` where ``best`` was better
    (action texts; ``reply``/``better_reply``: the opponent's turn the engine expects after
    each).  See the module docstring for the reasons and how they are chosen."""
    lines = Lines(before, played, best, reply, better_reply, solve_nodes)
    side = before.side
    a, b = _families(lines.end_played, side), _families(lines.end_best, side)
    change = None if a is None or b is None else {fam: b[fam] - a[fam] for fam in FAMILIES}
    reasons = _chosen(lines, _allowed(lines), change, MAX_REASONS, False)
    better = _chosen(lines, _achieved(lines), change, MAX_BETTER, True)
    return {"reasons": reasons, "better": better}
