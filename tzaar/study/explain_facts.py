"""The board facts the explanations of :mod:`.explain` rest on, and whether a reason's fact
tells the turn played from the better one.

:class:`Lines` holds a marked turn's two lines (the turn played and the engine's reply, the
better turn and its reply) and what the reasons read of them, each computed once when asked:
the positions after each turn and at the end of each line, the opponent's turn that wins at
once after each turn (:func:`winning_turn`), the endgame solver's proof after each.
:func:`tells_apart` says whether a reason's fact holds after one turn and not after the other
(a reason that holds after both says nothing about the mistake: it is not said).
:func:`depends` says whether a turn's second action needs its first (then both are named).
"""

from __future__ import annotations

from functools import cached_property
from typing import Optional

from ..ai.evaluate import SCARCE
from ..ai.solver import solve, worth_trying
from ..rules.notation import PASS_KIND, action_texts, parse_action
from ..rules.position import Position
from .attacks import captures_of

__all__ = ["Lines", "winning_turn", "depends", "steps", "end_of", "secured_types", "threats", "captures_at_start",
           "tells_apart"]


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


def steps(position: Position, actions: list):
    """``(position before, action, position after)`` along legal ``actions``."""
    pos = position
    for text in actions:
        if pos.winner is not None or not pos.is_legal(text):
            return
        act = parse_action(text)
        after = pos.apply(act)
        yield pos, act, after
        pos = after


def end_of(position: Position, actions: list) -> Position:
    """The position after the legal ``actions`` from ``position`` (as far as they are legal)."""
    pos = position
    for _, _, pos in steps(position, actions):
        pass
    return pos


def depends(before: Position, turn: list, index: int) -> bool:
    """Whether ``turn[index]``, an action of the turn played from ``before``, needs the turn's
    first action: a second action that could not be played as it is (the same stack onto the
    same stack) from ``before``, the first action left out.  A first action or a pass needs
    nothing."""
    if index == 0:
        return False
    act = parse_action(turn[index])
    if act.kind == PASS_KIND:
        return False
    middle = before.apply(turn[0])
    alone = Position(before.cells, before.side, 2)
    same = all(before.cells[p] == middle.cells[p] for p in (act.src, act.dst))
    return not (same and alone.is_legal(act))


def secured_types(position: Position, colour: int) -> set:
    """Types of ``colour`` topping a stack taller than every enemy stack (it cannot be taken)."""
    stacks = position.stacks().values()
    enemy = max((s.height for s in stacks if s.colour != colour), default=0)
    return {s.kind for s in stacks if s.colour == colour and s.height > enemy}


def threats(position: Position, side: int) -> dict:
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


def threatened(position: Position, side: int, kind: int) -> int:
    """How many stacks of ``side`` topped by ``kind`` an enemy stack could capture now."""
    targets = {q for qs in captures_of(position, 1 - side).values() for q in qs}
    return sum(1 for q in targets if position.stack_at(q).kind == kind)


def captures_at_start(position: Position, side: int) -> Optional[int]:
    """The captures ``side`` has at the start of its turn in ``position`` (None: not then)."""
    if position.winner is not None or position.side != side or position.step != 1:
        return None
    return len(position.board().captures())


class Lines:
    """A marked turn's two lines from ``before``: the turn ``played`` and the engine's
    ``reply`` after it, the ``best`` turn and its ``better_reply`` (action texts).  What the
    reasons read of them is computed once, when first asked."""

    def __init__(self, before: Position, played: list, best: list, reply: list, better_reply: list,
                 solve_nodes: int):
        self.before, self.side = before, before.side
        self.played, self.best = list(played), list(best)
        self.reply, self.better_reply = list(reply), list(better_reply)
        self.solve_nodes = solve_nodes
        self.after_played = before.play(self.played)
        self.after_best = before.play(self.best)

    @cached_property
    def end_played(self) -> Position:
        """The end of the played line: after the played turn and the engine's reply."""
        return end_of(self.after_played, self.reply)

    @cached_property
    def end_best(self) -> Position:
        """The end of the better line: after the better turn and the reply to it."""
        return end_of(self.after_best, self.better_reply)

    @cached_property
    def win_after_played(self) -> Optional[list]:
        """The opponent's turn that wins at once after the played turn, or None."""
        return winning_turn(self.after_played)

    @cached_property
    def win_after_best(self) -> Optional[list]:
        """The opponent's turn that wins at once after the better turn, or None."""
        return winning_turn(self.after_best)

    def _solved(self, position: Position):
        if position.winner is not None or not worth_trying(position.board()):
            return None
        return solve(position.board(), max_nodes=self.solve_nodes)

    @cached_property
    def solved_played(self):
        """The solver's proof after the played turn (the opponent to move), or None."""
        return self._solved(self.after_played)

    @cached_property
    def solved_best(self):
        """The solver's proof after the better turn (the opponent to move), or None."""
        return self._solved(self.after_best)


def _proven(solution, result: str) -> bool:
    return solution is not None and solution.result == result


def tells_apart(lines: Lines, reason: dict, achieved: bool = False) -> bool:
    """Whether ``reason`` (of what the played turn allowed, or with ``achieved`` of what the
    better turn achieved) holds after its own turn and not after the other: its fact read on
    the other line.  A reason of the played turn's line is read at the end of the better line
    (the better turn and its reply) and the other way round; a fact of a turn alone (a win at
    once, a proof, a threat, a count of the enemy's types) after the other turn alone."""
    code, p = reason["code"], reason["params"]
    side, other = lines.side, 1 - lines.side
    kind = {"tzaar": 0, "tzarra": 1, "tott": 2}.get(p.get("type"))
    if not achieved:
        end = lines.end_best
        if code in ("takes-last", "starves"):
            return lines.win_after_best is None
        if code == "covers-last":
            return lines.after_best.winner != other
        if code == "proven-loss":
            return not _proven(lines.solved_best, "win")
        if code == "takes-scarce":
            return end.tops(side)[kind] > p["left"]
        if code == "secures":
            return kind not in secured_types(end, other)
        if code == "threatens":
            return end.winner is not None or kind not in {k for _, k, _ in threats(end, side).values()}
        if code == "few-captures":
            left = captures_at_start(end, side)
            return left is None or left > p["left"]
        raise ValueError(f"unknown reason code {code!r}")
    after = lines.after_played
    if code in ("wins-type", "wins-starve"):
        return after.winner != side
    if code == "proven-win":
        return after.winner != side and not _proven(lines.solved_played, "loss")
    if code == "removes-threat":
        return threatened(lines.after_best, side, kind) < threatened(after, side, kind)
    if code == "takes-scarce":
        return after.tops(other)[kind] > lines.after_best.tops(other)[kind]
    if code == "secures":
        return kind not in secured_types(after, side)
    raise ValueError(f"unknown reason code {code!r}")
