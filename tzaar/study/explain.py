"""Why a reviewed turn is a mistake, from the engine's own terms and lines.

For a turn the review marked (:mod:`tzaar.ai.review`: the turn played, the better turn,
and the reply the engine expects after each), :func:`explain_turn` names

* ``reasons``: what the played turn allowed, read from exact facts and the engine's line:
  an opponent's turn that wins at once after it, found by trying every turn
  (``takes-last``: it takes the mover's last stack of a type; ``starves``: it leaves the
  mover no capture), a stacking of the mover's own last stack of a type (``covers-last``),
  a loss the endgame solver proves (``proven-loss``), and in the engine's expected reply a
  capture of a scarce type (``takes-scarce``) or a stacking no stack of the mover can reach
  (``secures``, :mod:`tzaar.ai.evaluate`'s ``secured``), and where that reply leaves the
  mover: a scarce type of its under attack (``threatens``, :func:`.attacks.captures_of`) or
  few captures left (``few-captures``, the evaluation's starvation terms);
* ``better``: what the better turn achieved: a win at once (``wins-type``, ``wins-starve``),
  a win the solver proves (``proven-win``), the capture of a stack that threatened a
  scarce type of the mover (``removes-threat``, :func:`.attacks.captures_of`), a capture
  of a scarce enemy type (``takes-scarce``), a stack too tall to capture (``secures``).

The facts are only candidates: each is kept when the family of evaluation terms it belongs to
(types, starvation, security) changed in its direction between the two lines (the played
turn and reply against the better turn and its reply, weighed by :mod:`tzaar.ai.weights`),
and the candidates are ordered by that change; the exact ones (a win at once, a proof)
come first.  A turn whose reason the engine cannot name gets no reason: then only the
better turn is said.  Every reason is ``{code, params, line}``: ``params`` name sides, types,
points and actions in action text; ``line`` the action texts it rests on, from the position
after the played turn for ``reasons``, from the position before the turn for ``better``
(tests/test_explain_check.py replays each against the rules).

English text: :mod:`.explain_text`; the page's seven languages: web/analysis/explain.js.
A whole review's marked turns explained, one a slice: :mod:`.explained_review`.
"""

from __future__ import annotations

from typing import Optional

from ..ai.evaluate import FEATURES, SCALE, SCARCE, TAPER, features, weights_table
from ..ai.solver import solve, worth_trying
from ..ai.weights import ENDGAME, WEIGHTS
from ..rules.geometry import POINT_NAMES
from ..rules.notation import CAPTURE, COLOUR_NAMES, STACK, TYPE_NAMES, action_texts, parse_action
from ..rules.position import Position
from .attacks import captures_of

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
#: Exact facts: said whatever the terms did.
EXACT = ("takes-last", "starves", "covers-last", "proven-loss", "wins-type", "wins-starve", "proven-win")
_WEIGHTS = weights_table(WEIGHTS, ENDGAME)


def _reason(code: str, line: list, rank: float, **params) -> tuple:
    return rank, {"code": code, "params": params, "line": list(line)}


def winning_turn(position: Position) -> Optional[list]:
    """A turn (action texts) with which the side to move wins at once, found by trying
    every turn, or None: a single action if one wins, else a turn that takes the enemy's
    last stack of a type if one does, else one that leaves the enemy no capture."""
    board = position.board()
    side = board.side
    if board.step == 0 or board.winner() is not None:
        return None
    found = []
    for a in board.moves():
        board.do(a)
        try:
            if board.winner() == side:
                return action_texts([a], position.board())
            if board.side == side and board.winner() is None:
                for b in board.moves():
                    board.do(b)
                    won = board.winner() == side
                    by_type = won and not all(board.tops[3 * (1 - side) : 3 * (1 - side) + 3])
                    board.undo()
                    if won:
                        found.append((not by_type, [a, b]))
                        break
        finally:
            board.undo()
    if not found:
        return None
    return action_texts(min(found, key=lambda pair: pair[0])[1], position.board())


def _steps(position: Position, actions: list):
    """``(position before, action, position after)`` along legal ``actions``."""
    pos = position
    for text in actions:
        if pos.winner is not None or not pos.is_legal(text):
            return
        act = parse_action(text)
        after = pos.apply(act)
        yield pos, act, after
        pos = after


def _end(position: Position, actions: list) -> Position:
    pos = position
    for _, _, pos in _steps(position, actions):
        pass
    return pos


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


def _secured_types(position: Position, colour: int) -> set:
    """Types of ``colour`` topping a stack taller than every enemy stack (it cannot be taken)."""
    stacks = position.stacks().values()
    enemy = max((s.height for s in stacks if s.colour != colour), default=0)
    return {s.kind for s in stacks if s.colour == colour and s.height > enemy}


def _won_by(turn: list, position: Position, names: dict, codes: tuple) -> tuple:
    """The reason of a winning ``turn`` from ``position``: ``codes[0]`` when it takes the
    loser's last stack of a type, else ``codes[1]`` (the loser has no capture)."""
    for pos, act, _ in _steps(position, turn):
        if act.kind == CAPTURE:
            taken = pos.stack_at(act.dst)
            if pos.tops(taken.colour)[taken.kind] == 1:
                return _reason(codes[0], turn, float("inf"), **names, type=TYPE_NAMES[taken.kind], capture=act.text())
    return _reason(codes[1], turn, float("inf"), **names, turn=list(turn))


def _threats(position: Position, side: int) -> dict:
    """``{point: (attacker, kind, stacks of that type)}``: the stacks of ``side`` of a scarce
    type that an enemy stack could capture on the board as it stands."""
    out = {}
    tops = position.tops(side)
    for attacker, targets in captures_of(position, 1 - side).items():
        for q in targets:
            kind = position.stack_at(q).kind
            if tops[kind] <= SCARCE and q not in out:
                out[q] = (attacker, kind, tops[kind])
    return out


def _captures(position: Position, side: int) -> Optional[int]:
    """The captures ``side`` has at the start of its turn in ``position`` (None: not then)."""
    if position.winner is not None or position.side != side or position.step != 1:
        return None
    return len(position.board().captures())


def _left_by_reply(after: Position, side: int, reply: list, end_best: Position) -> list:
    """Candidates of where the engine's whole ``reply`` leaves the mover, against the end of
    the better line: a scarce type under attack there, few captures there."""
    end = _end(after, reply)
    if not reply or end.winner is not None or end.side != side or end.step != 1:
        return []
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    out = []
    threats = _threats(end, side)
    spared = {kind for _, kind, _ in _threats(end_best, side).values()} if end_best.winner is None else set()
    for point, (attacker, kind, count) in sorted(threats.items(), key=lambda item: (item[1][2], item[0]))[:1]:
        if kind not in spared:
            out.append(_reason("threatens", reply, 0, side=me, by=by, type=TYPE_NAMES[kind], point=POINT_NAMES[point],
                               attacker=POINT_NAMES[attacker], left=count))
    captures, best = _captures(end, side), _captures(end_best, side)
    if captures <= FEW_CAPTURES and (best is None or best > captures):
        out.append(_reason("few-captures", reply, 0, side=me, by=by, left=captures))
    return out


def _allowed(before: Position, side: int, played: list, reply: list, end_best: Position, solve_nodes: int) -> list:
    """Candidates ``(rank, reason)`` of what the played turn allowed (rank: inf for exact)."""
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    for pos, act, after in _steps(before, played):
        if act.kind == STACK and after.winner == 1 - side:
            kind = pos.stack_at(act.dst).kind
            return [_reason("covers-last", [], float("inf"), side=me, by=by, type=TYPE_NAMES[kind], action=act.text())]
    after = before.play(played)
    if after.winner is not None:
        return []
    win = winning_turn(after)
    if win is not None:
        return [_won_by(win, after, {"side": me, "by": by}, ("takes-last", "starves"))]
    out = []
    board = after.board()
    if worth_trying(board):
        sol = solve(board, max_nodes=solve_nodes)
        if sol is not None and sol.result == "win":
            line = action_texts(sol.actions, after.board())
            out.append(_reason("proven-loss", line, float("inf"), side=me, by=by, turns=sol.turns))
    done = []
    for pos, act, nxt in _steps(after, reply):
        done.append(act.text())
        if act.kind == CAPTURE:
            taken = pos.stack_at(act.dst)
            left = pos.tops(side)[taken.kind] - 1
            if taken.colour == side and left < SCARCE:
                out.append(_reason("takes-scarce", done, 0, side=me, by=by, type=TYPE_NAMES[taken.kind],
                                   point=POINT_NAMES[act.dst], capture=act.text(), left=left))
        elif act.kind == STACK:
            kind = pos.stack_at(act.src).kind
            if kind in _secured_types(nxt, 1 - side) - _secured_types(pos, 1 - side):
                out.append(_reason("secures", done, 0, side=me, by=by, type=TYPE_NAMES[kind],
                                   point=POINT_NAMES[act.dst], action=act.text()))
    return out + _left_by_reply(after, side, reply, end_best)


def _achieved(before: Position, side: int, played: list, best: list, solve_nodes: int) -> list:
    """Candidates ``(rank, reason)`` of what the better turn achieved (its actions that the
    played turn shares from its start count for neither)."""
    me, by = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    after = before.play(best)
    if after.winner == side:
        return [_won_by(best, before, {"side": me, "by": by}, ("wins-type", "wins-starve"))]
    out = []
    board = after.board()
    if after.winner is None and worth_trying(board):
        sol = solve(board, max_nodes=solve_nodes)
        if sol is not None and sol.result == "loss":
            line = list(best) + action_texts(sol.actions, after.board())
            out.append(_reason("proven-win", line, float("inf"), side=me, by=by, turns=sol.turns + 1))
    done = []
    for i, (pos, act, nxt) in enumerate(_steps(before, best)):
        done.append(act.text())
        if best[: i + 1] == played[: i + 1]:
            continue  # the played turn did the same
        if act.kind == CAPTURE:
            taken = pos.stack_at(act.dst)
            threatened = [q for q in captures_of(pos, 1 - side).get(act.dst, [])
                          if q != act.src and pos.tops(side)[pos.stack_at(q).kind] <= SCARCE]
            if threatened:
                q = min(threatened, key=lambda q: (pos.tops(side)[pos.stack_at(q).kind], q))
                kind = pos.stack_at(q).kind
                out.append(_reason("removes-threat", done, 0, side=me, by=by, capture=act.text(),
                                   taken=TYPE_NAMES[taken.kind], type=TYPE_NAMES[kind], point=POINT_NAMES[q],
                                   last=pos.tops(side)[kind] == 1))
            left = pos.tops(1 - side)[taken.kind] - 1
            if left < SCARCE:
                out.append(_reason("takes-scarce", done, 0, side=me, by=by, type=TYPE_NAMES[taken.kind],
                                   capture=act.text(), left=left))
        elif act.kind == STACK:
            kind = pos.stack_at(act.src).kind
            if kind in _secured_types(nxt, side) - _secured_types(pos, side):
                out.append(_reason("secures", done, 0, side=me, by=by, type=TYPE_NAMES[kind],
                                   point=POINT_NAMES[act.dst], action=act.text()))
    return out


def _chosen(candidates: list, change: Optional[dict], most: int) -> list:
    """The exact candidates, then those whose family changed in their favour, by that change."""
    kept = []
    for rank, reason in candidates:
        if reason["code"] not in EXACT:
            if change is None:
                continue
            rank = change[FAMILY_OF[reason["code"]]]
            if rank <= 0:
                continue
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
    side = before.side
    end_played = _end(before.play(played), reply)
    end_best = _end(before.play(best), better_reply)
    a, b = _families(end_played, side), _families(end_best, side)
    change = None if a is None or b is None else {fam: b[fam] - a[fam] for fam in FAMILIES}
    reasons = _chosen(_allowed(before, side, played, reply, end_best, solve_nodes), change, MAX_REASONS)
    better = _chosen(_achieved(before, side, played, best, solve_nodes), change, MAX_BETTER)
    return {"reasons": reasons, "better": better}
