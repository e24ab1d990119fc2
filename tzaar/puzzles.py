"""Puzzles: "White (or Black) to play and win in 2 turns", solved exactly.

A small exact solver on the fast :class:`~tzaar.board.Board` (no evaluation, no depth
limit other than the number of turns): the side to move *forces a win within n turns*
when it has a turn after which it has won, or, for n > 1, after which every reply of the
opponent leaves it a forced win within n - 1 turns.  Every turn (both actions, a pass
included) and every reply is tried, so a puzzle's answer is proven, not guessed.

:func:`check_answer` is what the page asks after each action of the player: the puzzle
goes on (with the defence to play, once the player's first turn is done), is solved, or
has failed (with the defence that refutes the player's turn).
"""

from __future__ import annotations

from contextlib import closing
from typing import Optional

from .board import Board
from .errors import IllegalActionError
from .notation import COLOUR_NAMES, Action, parse_action
from .position import Position

__all__ = ["Solver", "check_answer", "winning_first_actions"]


class Solver:
    """Exact "win within n turns" for the side to move, with a table by Zobrist key.

    ``limit`` bounds the boards visited (``SolverLimit`` is raised past it), so a search
    over a crowded position cannot run away.
    """

    def __init__(self, limit: Optional[int] = None):
        self.memo = {}
        self.visited = 0
        self.limit = limit

    def _tick(self) -> None:
        self.visited += 1
        if self.limit is not None and self.visited > self.limit:
            raise SolverLimit

    def turns(self, b: Board):
        """Generator over the rest of the mover's turn: yields the action list with the
        board after it (the turn over, or the game); the board is restored after each."""
        side = b.side
        for a in b.moves():
            b.do(a)
            try:
                self._tick()
                if b.side != side or b.winner() is not None:
                    yield [a]
                else:
                    for c in b.moves():
                        b.do(c)
                        try:
                            self._tick()
                            yield [a, c]
                        finally:
                            b.undo()
            finally:
                b.undo()

    def any_turn(self, b: Board, side: int, n: int) -> bool:
        """Some rest of the mover's turn leaves ``side`` winning within ``n`` more turns."""
        with closing(self.turns(b)) as gen:
            for _ in gen:
                if self.after_turn(b, side, n):
                    return True
        return False

    def wins(self, b: Board, n: int) -> bool:
        """The side to move forces a win within ``n`` of its turns (this one included)."""
        key = (b.hash, n)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        out = self.any_turn(b, b.side, n - 1)
        self.memo[key] = out
        return out

    def after_turn(self, b: Board, side: int, n: int) -> bool:
        """After ``side``'s turn: it has won, or wins within ``n`` more turns whatever the
        opponent replies."""
        w = b.winner()
        if w is not None:
            return w == side
        if n <= 0:
            return False
        return self.refutation(b, side, n) is None

    def refutation(self, b: Board, side: int, n: int):
        """An opponent turn (action ints) after which ``side`` cannot win within ``n``
        turns, or None when every reply loses.  The opponent is to move on ``b``."""
        with closing(self.turns(b)) as gen:
            for reply in gen:
                w = b.winner()
                if w == side:
                    continue
                if w is not None or not self.wins(b, n):
                    return list(reply)
        return None


class SolverLimit(Exception):
    """The solver visited more boards than its limit."""


def winning_first_actions(b: Board, n: int, solver: Optional[Solver] = None) -> list:
    """The first actions (ints) of the side to move that keep a forced win within ``n``
    turns (``b`` at the start of a turn)."""
    solver = solver or Solver()
    side = b.side
    out = []
    for a in b.moves():
        b.do(a)
        try:
            if b.side != side or b.winner() is not None:
                ok = solver.after_turn(b, side, n - 1)
            else:
                ok = solver.any_turn(b, side, n - 1)
        finally:
            b.undo()
        if ok:
            out.append(a)
    return out


def _texts(codes, board: Board) -> list:
    """Action texts of codes played in order from ``board`` (restored)."""
    out = []
    for a in codes:
        out.append(Action.from_code(a, board.cells).text())
        board.do(a)
    for _ in codes:
        board.undo()
    return out


def check_answer(position: Position, actions, turns: int = 2) -> dict:
    """Judge the player's ``actions`` (text or Action) from a puzzle ``position``.

    ``actions`` are everything played since the puzzle's start, the defence included.
    Returns ``{status, defence, reason}``: ``status`` is ``"solved"`` (the player's side has
    won), ``"failed"`` (it can no longer force the win within ``turns`` turns), or
    ``"continue"``; ``defence`` is the opponent's turn to play next (after a complete turn
    of the player: the reply the solver picks, or the one that refutes a wrong turn), else
    [].  Raises IllegalActionError for an illegal action.
    """
    side = position.side
    name = COLOUR_NAMES[side].capitalize()
    b = position.board()
    played_turns = 0
    for text in actions:
        a = parse_action(text) if isinstance(text, str) else text
        code = a.code()
        if code not in b.moves() or Action.from_code(code, b.cells) != a:
            pos = _position_of(b)
            pos.apply(a)  # raises IllegalActionError with the reason
            raise IllegalActionError(f"{a.text()} is not legal here.", a.text(), pos.text())  # pragma: no cover
        mover = b.side
        b.do(code)
        if mover == side and (b.side != side or b.winner() is not None):
            played_turns += 1
    w = b.winner()
    if w == side:
        return {"status": "solved", "defence": [], "reason": f"{name} wins."}
    if w is not None:
        return {"status": "failed", "defence": [], "reason": f"{name} has lost."}
    left = turns - played_turns
    solver = Solver()
    if b.side == side:
        if b.step == 2 and not solver.any_turn(b, side, left - 1):
            return {"status": "failed", "defence": [], "reason": f"After that no second action wins within {turns} turns."}
        if b.step == 1 and not solver.wins(b, left):
            return {"status": "failed", "defence": [], "reason": f"{name} can no longer win in time."}
        return {"status": "continue", "defence": [], "reason": ""}
    # the opponent is to move: the player's turn is complete
    if left <= 0:
        return {"status": "failed", "defence": [], "reason": f"That turn does not win; the puzzle asked for a win in {turns} turns."}
    refute = solver.refutation(b, side, left)
    if refute is not None:
        return {
            "status": "failed",
            "defence": _texts(refute, b),
            "reason": f"That turn does not force the win: {COLOUR_NAMES[1 - side].capitalize()} defends.",
        }
    return {"status": "continue", "defence": _texts(_stubborn(b, side, left, solver), b), "reason": ""}


def _stubborn(b: Board, side: int, left: int, solver: Solver) -> list:
    """The opponent's reply that leaves ``side`` the fewest winning turns (all lose)."""
    best, fewest = None, None
    for reply in solver.turns(b):
        if b.winner() is not None:
            if best is None:
                best = list(reply)
            continue
        n = sum(1 for _ in solver.turns(b) if solver.after_turn(b, side, left - 1))  # runs to the end
        if fewest is None or n < fewest:
            best, fewest = list(reply), n
    return best or []


def _position_of(b: Board) -> Position:
    return Position.from_text(b.text())
