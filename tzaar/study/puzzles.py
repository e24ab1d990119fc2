"""Puzzles: "White (or Black) to play and win in 2 turns", solved exactly.

The puzzles ask the exact solver (:class:`tzaar.ai.solver.Solver`: no evaluation, no
depth limit other than the number of turns) with the turns counted as a puzzle counts
them, the player's own: the side to move *forces a win within n turns* when it has a turn
after which it has won, or, for n > 1, after which every reply of the opponent leaves it
a forced win within n - 1 turns (the solver's ``2n - 1`` turns of both sides).  Every
turn (both actions, a pass included) and every reply is tried, so a puzzle's answer is
proven, not guessed.  The functions take a ``Solver`` of the board they walk, so that the
questions about one puzzle share its tables and its node budget (past it:
:class:`~tzaar.ai.solver.SolverLimit`).

:func:`check_answer` is what the page asks after each action of the player: the puzzle
goes on (with the defence to play, once the player's first turn is done), is solved, or
has failed (with the defence that refutes the player's turn).
"""

from __future__ import annotations

from contextlib import closing
from typing import Iterator, Optional

from ..ai.solver import Solver
from ..rules.board import Board
from ..rules.errors import IllegalActionError
from ..rules.notation import COLOUR_NAMES, Action, action_texts, parse_action
from ..rules.position import Position

__all__ = [
    "check_answer",
    "wins",
    "after_turn",
    "winning_first_actions",
    "rests_of_turn",
    "refutation",
    "stubborn_defence",
]


def rests_of_turn(b: Board) -> Iterator[list]:
    """The rest of the mover's turn, every way: yields the action ints with the board
    after them (the turn over, or the game); the board is restored after each."""
    side = b.side
    for a in b.moves():
        b.do(a)
        try:
            if b.side != side or b.winner() is not None:
                yield [a]
            else:
                for c in b.moves():
                    b.do(c)
                    try:
                        yield [a, c]
                    finally:
                        b.undo()
        finally:
            b.undo()


def wins(solver: Solver, n: int) -> bool:
    """The side to move on ``solver``'s board forces a win within ``n`` of its turns
    (this one, or the rest of it, included)."""
    return solver.wins_within(2 * n - 1)


def after_turn(solver: Solver, side: int, n: int) -> bool:
    """After ``side``'s turn: it has won, or wins within ``n`` more of its turns whatever
    the opponent replies."""
    w = solver.b.winner()
    if w is not None:
        return w == side
    return n > 0 and solver.loses_within(2 * n)


def winning_first_actions(b: Board, n: int, solver: Optional[Solver] = None) -> list:
    """The first actions (ints) of the side to move that keep a forced win within ``n``
    of its turns (``b`` at the start of a turn); ``solver``, if given, is one of ``b``."""
    return (solver or Solver(b)).winning_actions(2 * n - 1)


def refutation(solver: Solver, side: int, n: int) -> Optional[list]:
    """An opponent turn (action ints) after which ``side`` cannot win within ``n`` of its
    turns, or None when every reply loses.  The opponent is to move on the board."""
    b = solver.b
    with closing(rests_of_turn(b)) as gen:
        for reply in gen:
            w = b.winner()
            if w == side:
                continue
            if w is not None or not wins(solver, n):
                return list(reply)
    return None


def stubborn_defence(solver: Solver, side: int, n: int) -> list:
    """The opponent's reply (all lose) that leaves ``side`` the fewest turns that keep
    its win within ``n`` turns; the opponent is to move on the board."""
    b = solver.b
    best, fewest = None, None
    for reply in rests_of_turn(b):
        if b.winner() is not None:
            if best is None:
                best = list(reply)
            continue
        count = sum(1 for _ in rests_of_turn(b) if after_turn(solver, side, n - 1))  # runs to the end
        if fewest is None or count < fewest:
            best, fewest = list(reply), count
    return best or []


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
    solver = Solver(b)
    if b.side == side:
        if b.step == 2 and not wins(solver, left):
            return {"status": "failed", "defence": [], "reason": f"After that no second action wins within {turns} turns."}
        if b.step == 1 and not wins(solver, left):
            return {"status": "failed", "defence": [], "reason": f"{name} can no longer win in time."}
        return {"status": "continue", "defence": [], "reason": ""}
    # the opponent is to move: the player's turn is complete
    if left <= 0:
        return {"status": "failed", "defence": [], "reason": f"That turn does not win; the puzzle asked for a win in {turns} turns."}
    refute = refutation(solver, side, left)
    if refute is not None:
        return {
            "status": "failed",
            "defence": action_texts(refute, b),
            "reason": f"That turn does not force the win: {COLOUR_NAMES[1 - side].capitalize()} defends.",
        }
    return {"status": "continue", "defence": action_texts(stubborn_defence(solver, side, left), b), "reason": ""}


def _position_of(b: Board) -> Position:
    return Position.from_text(b.text())
