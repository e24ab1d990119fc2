"""Lessons: short steps on the real board, each with a goal that the rules engine judges.

A lesson (:data:`tzaar.study.lesson_data.LESSONS`) is a few steps; a step is a position, a goal
and a hint (the action the author had in mind).  The player plays any legal actions from
the step's position; :func:`check_step` judges them after each one, so that **any** play
that reaches the goal counts, not only the author's:

``capture {point}``
    the enemy stack on ``point`` is taken during this turn;
``captures {count}``
    at least ``count`` captures in this turn;
``stack {height, type?}``
    a stacking in this turn makes a stack at least ``height`` tall (topped by ``type``);
``win {turns}``
    the player wins within ``turns`` of its own turns: one turn is judged here, more by the
    exact solver through :func:`tzaar.study.puzzles.check_answer` (which also gives the defence
    to play after each of the player's turns);
``safe {type}``
    after the player's turn the opponent cannot capture any stack of the player topped by
    ``type`` (or the player has won);
``survive {}``
    after the player's turn the opponent has no win in its next turn (the exact solver
    asks), or the player has won.

A step goes wrong as soon as its goal can no longer be reached in this turn (every rest
of the turn is tried), or when the player loses; the result then carries a reason, a code
with its values, which the page words in its language (``lessons.reason.<code>``).  The
reasons that teach by contrast carry the step's ``goal`` and what the player's last action
``did`` instead (:func:`did`): ``cannotNow``, ``fewCaptures`` and ``noStack``.  A turn that
wins the game without reaching the step's goal is done too, with the reason ``won`` (how it
won: ``why``, the outcome's code, and the ``type`` taken): a win is never called wrong.

The browser asks through the facade's ``lessons`` and ``lesson_check`` methods
(:mod:`tzaar.facade.study_methods`).
"""

from __future__ import annotations

from typing import Optional

from ..ai.solver import Solver
from ..rules.geometry import POINT_NAMES
from ..rules.notation import CAPTURE, COLOUR_NAMES, STACK, TYPE_NAMES, Action, parse_action
from ..rules.position import Position
from .attacks import captures_of
from .puzzles import check_answer, rests_of_turn

__all__ = ["GOAL_KINDS", "check_step", "did", "reachable"]

GOAL_KINDS = ("capture", "captures", "stack", "win", "safe", "survive")

#: Nodes the solver may spend on one question of a ``survive`` goal (lesson positions are small).
SURVIVE_NODES = 200_000


class _Turn:
    """What the player has done so far in the step's turn."""

    def __init__(self, start: Position):
        self.start = start
        self.side = start.side
        self.captured: set = set()  # point names whose enemy stack the player took
        self.captures = 0
        self.stacked: Optional[tuple] = None  # (point name, height, type name) of the last stacking

    def note(self, before: Position, action: Action) -> None:
        if before.side != self.side:
            return
        if action.kind == CAPTURE:
            self.captures += 1
            self.captured.add(POINT_NAMES[action.dst])
        elif action.kind == STACK:
            mover, under = before.stack_at(action.src), before.stack_at(action.dst)
            self.stacked = (POINT_NAMES[action.dst], mover.height + under.height, TYPE_NAMES[mover.kind])


def _over(turn: _Turn, pos: Position) -> bool:
    """The player's turn is over (the opponent to move, or the game decided)."""
    return pos.side != turn.side or pos.winner is not None


def _unsafe(turn: _Turn, pos: Position, kind: str) -> Optional[dict]:
    """An opponent capture of a stack of the player topped by ``kind``: {point, attacker}, or None."""
    for src, targets in sorted(captures_of(pos, 1 - turn.side).items()):
        for dst in targets:
            s = pos.stack_at(dst)
            if TYPE_NAMES[s.kind] == kind:
                return {"point": POINT_NAMES[dst], "attacker": POINT_NAMES[src]}
    return None


def _opponent_win(pos: Position) -> Optional[str]:
    """The first action of a win in the opponent's next turn (it is to move), or None."""
    solver = Solver(pos.board(), max_nodes=SURVIVE_NODES)
    if not solver.wins_within(1):
        return None
    codes = solver.winning_actions(1)
    return Action.from_code(codes[0], pos.board().cells).text() if codes else "?"


def _met(goal: dict, turn: _Turn, pos: Position) -> bool:
    """Whether the goal is reached now (``pos`` after the player's latest action)."""
    kind = goal["kind"]
    won = pos.winner == turn.side
    if kind == "capture":
        return goal["point"] in turn.captured
    if kind == "captures":
        return turn.captures >= goal["count"]
    if kind == "stack":
        s = turn.stacked
        return s is not None and s[1] >= goal["height"] and goal.get("type") in (None, s[2])
    if kind == "win":
        return won
    if not _over(turn, pos):
        return False
    if won:
        return True
    if kind == "safe":
        return _unsafe(turn, pos, goal["type"]) is None
    if kind == "survive":
        return _opponent_win(pos) is None
    raise ValueError(f"unknown goal kind {kind!r}")  # pragma: no cover - the data is tested


def did(before: Position, action: Action) -> dict:
    """What ``action`` did on ``before``: ``{action, kind: capture|stack|pass, point, type,
    height}`` (a capture: the point and type taken; a stacking: the new stack's point, top
    type and height; a pass: the action only)."""
    text = action.text()
    if action.kind == CAPTURE:
        taken = before.stack_at(action.dst)
        return {"action": text, "kind": "capture", "point": POINT_NAMES[action.dst], "type": TYPE_NAMES[taken.kind], "height": taken.height}
    if action.kind == STACK:
        mover, under = before.stack_at(action.src), before.stack_at(action.dst)
        return {"action": text, "kind": "stack", "point": POINT_NAMES[action.dst], "type": TYPE_NAMES[mover.kind],
                "height": mover.height + under.height}
    return {"action": text, "kind": "pass"}


def _why(goal: dict, turn: _Turn, pos: Position, last: dict) -> dict:
    """The reason a finished turn missed the goal (``last``: what its last action did)."""
    kind = goal["kind"]
    if kind == "capture":
        return {"code": "missed", "point": goal["point"]}
    if kind == "captures":
        return {"code": "fewCaptures", "count": goal["count"], "goal": goal, "did": last}
    if kind == "stack":
        return {"code": "noStack", "height": goal["height"], "goal": goal, "did": last}
    if kind == "win":
        return {"code": "noWin"}
    if kind == "safe":
        return {"code": "unsafe", "type": goal["type"], **_unsafe(turn, pos, goal["type"])}
    return {"code": "opponentWins", "action": _opponent_win(pos)}


def reachable(goal: dict, turn: _Turn, pos: Position) -> bool:
    """Some rest of the player's turn from ``pos`` reaches the goal (the turn not over)."""
    b = pos.board()
    for codes in rests_of_turn(b):
        after, t = pos, _copy(turn)
        for code in codes:
            action = _action(after, code)
            t.note(after, action)
            after = after.apply(action)
        if _met(goal, t, after):
            return True
    return False


def _action(pos: Position, code: int) -> Action:
    return Action.from_code(code, pos.board().cells)


def _copy(turn: _Turn) -> _Turn:
    t = _Turn(turn.start)
    t.captured, t.captures, t.stacked = set(turn.captured), turn.captures, turn.stacked
    return t


def check_step(step: dict, actions) -> dict:
    """Judge ``actions`` (texts) played from the step's position: ``{status, reason, defence}``.

    Raises IllegalActionError for an illegal action (the page offers only legal ones).
    """
    start = Position.from_text(step["position"])
    goal = step["goal"]
    if goal["kind"] == "win" and goal["turns"] > 1:
        answer = check_answer(start, actions, goal["turns"])
        status = {"solved": "done", "failed": "wrong"}.get(answer["status"], "continue")
        reason = {"code": "noWin"} if status == "wrong" else None
        return {"status": status, "reason": reason, "defence": answer["defence"] if status == "continue" else []}
    turn = _Turn(start)
    pos = start
    for text in actions:
        action = parse_action(text)
        after = pos.apply(action)
        turn.note(pos, action)
        last = did(pos, action)
        pos = after
        if pos.winner is not None:
            outcome = pos.outcome(action)
            how = {"why": outcome.code, "type": TYPE_NAMES[outcome.kind] if outcome.kind is not None else None}
            if pos.winner != turn.side:
                return _wrong({"code": "lost", **how})
        if _met(goal, turn, pos):
            return {"status": "done", "reason": None, "defence": []}
        if pos.winner == turn.side:  # a win that is not the step's goal is still a win
            return {"status": "done", "reason": {"code": "won", **how}, "defence": []}
        if _over(turn, pos):
            return _wrong(_why(goal, turn, pos, last))
        if not reachable(goal, turn, pos):
            return _wrong({"code": "cannotNow", "side": COLOUR_NAMES[turn.side], "goal": goal, "did": last})
    return {"status": "continue", "reason": None, "defence": []}


def _wrong(reason: dict) -> dict:
    return {"status": "wrong", "reason": reason, "defence": []}
