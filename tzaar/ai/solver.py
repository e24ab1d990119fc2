"""An exact endgame solver: who wins a position with few stacks, and in how many turns.

Turns
-----
A turn is one side's forced capture and its optional second action (the opening turn is
one capture).  ``turns`` counts the turns of BOTH sides played until the game is decided,
the current turn counting as turn 1 (at step 2, the rest of it):

* win in 1: the side to move takes the last stack of an enemy type during this turn, or
  ends it leaving the enemy no capture (the enemy loses at the start of turn 2);
* loss in 2: whatever the side to move does, the enemy wins during its next turn;
* so a proven win takes an odd number of turns and a proven loss an even one, and a
  finished position is a win or loss in 0 turns.

Every turn removes a stack (the forced capture), so a position with ``n`` stacks is
decided within ``n`` turns and the solver always finishes given the nodes.

How
---
Depth-first boolean search with iterative deepening on turns: ``win(d)`` asks "can the
side to move force a win within ``d`` turns?" (an OR over its actions), ``lose(d)`` "does
it lose within ``d`` turns whatever it does?" (an AND); they call each other when the side
changes.  The root asks ``win(1)``, ``lose(2)``, ``win(3)``...: the first yes is the exact
result (the fastest win, the slowest loss).  A win within ``2k`` turns is one within
``2k-1`` (the enemy can always pass), so wins are asked at odd depths and losses at even
ones.  One transposition table per question, keyed by the board's Zobrist hash, keeps
``[false_upto, true_from, move]``.  ``_win`` and ``_lose`` are one node's loop written
twice, each the other's mirror (an OR and an AND, each with its table): a shared helper for
the table's look-up and store costs two calls a node, about a tenth of the solver's speed
(measured); a change to one is made to the other, and tests/test_solver.py checks both
against an exhaustive minimax.  The rules it relies on (docs/rules.md) are all read
from :meth:`Board.winner` after each action.  The last turn of a question counts only an
action that wins at once, so its second action is mostly decided without playing any
(:func:`~tzaar.ai.solver_moves.quick_win_at_once`).

API
---
``solve(board, max_nodes=..., max_turns=...) -> Solution | None`` (None: not proven in the
budget); :class:`Solver` ``.run()`` is the same as a generator that yields between slices
of about ``slice_nodes`` nodes (for the browser's worker).  ``stacks_left(board)`` and
``worth_trying(board)`` tell when to try.  The questions are public too, for callers that
ask several on one board (:mod:`tzaar.study.puzzles`): ``Solver.wins_within(turns)``,
``.loses_within(turns)`` and ``.winning_actions(turns)`` (from
:mod:`~tzaar.ai.solver_questions`) share the tables and raise :class:`SolverLimit` once
``max_nodes`` are spent, the board restored.  docs/engine.md
says more.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..rules.board import PASS
from .solver_moves import captures_first, quick_win_at_once
from .solver_questions import Questions, SolverLimit, _Stop

__all__ = [
    "Solution",
    "Solver",
    "SolverLimit",
    "solve",
    "stacks_left",
    "worth_trying",
    "winning_actions",
    "SOLVE_STACKS",
    "SLICE_NODES",
    "WIN",
    "LOSS",
]

WIN = "win"
LOSS = "loss"

#: Positions with at most this many stacks are tried first (read at each call, so an A/B
#: match can set it; how often it proves by stack count: ``python -m lab.solver_bench``).
SOLVE_STACKS = 20
#: Nodes between two yields of :meth:`Solver.run`.
SLICE_NODES = 500
#: Entries per table before it is cleared.
TT_MAX = 400_000
_NEVER = 1 << 30


class Solution(NamedTuple):
    """A proven result for the side to move.

    ``result``: ``"win"`` or ``"loss"``; ``turns``: turns of both sides until the game is
    decided, the current one counting as 1 (0 for a finished position); ``actions``: the
    action ints for the rest of the current turn (the fastest win, or the slowest loss;
    ``[]`` for a finished position); ``nodes``: nodes searched.
    """

    result: str
    turns: int
    actions: list
    nodes: int

    def info(self) -> dict:
        """``{"result": "win"|"loss", "turns": n}``: what ``info.proven`` can show."""
        return {"result": self.result, "turns": self.turns}


def stacks_left(board) -> int:
    """The number of stacks on the board (both colours)."""
    return sum(board.tops)


def worth_trying(board, limit: Optional[int] = None) -> bool:
    """True in the play phase when at most ``limit`` stacks are left (default
    ``SOLVE_STACKS``, read at each call, so an A/B match can set it)."""
    return board.step != 0 and stacks_left(board) <= (SOLVE_STACKS if limit is None else limit)


class Solver(Questions):
    """One solve of ``board`` (restored whenever :meth:`run` stops or ends).

    ``max_nodes``: node budget (None: none); ``max_turns``: deepest question asked (None:
    the number of stacks, which always suffices); ``slice_nodes``: nodes between yields.
    A slice ends by unwinding to the root (what was proven stays in the tables) and the
    next starts again from the root.  Attributes while it runs: ``nodes`` (searched so far), ``depth`` (the turns fully
    examined: no result within ``depth`` turns), ``solution`` once proven.
    """

    def __init__(self, board, max_nodes: Optional[int] = None, max_turns: Optional[int] = None, slice_nodes: int = SLICE_NODES):
        self.b = board
        self.max_nodes = max_nodes if max_nodes is not None else _NEVER
        self.max_turns = max_turns if max_turns is not None else stacks_left(board) + 1
        self.slice_nodes = max(1, slice_nodes)
        self.nodes = 0
        self.depth = 0
        self.limit = 0
        self.solution: Optional[Solution] = None
        self.wtt = {}
        self.ltt = {}

    # ------------------------------------------------------------------ the two questions

    def _win(self, d):
        """Can the side to move (game not over) force a win within ``d`` turns?"""
        if not d & 1:
            d -= 1
        if d <= 0:
            return False
        b = self.b
        key = b.hash
        tt = self.wtt
        e = tt.get(key)
        move = None
        if e is not None:
            if d <= e[0]:
                return False
            if d >= e[1]:
                return True
            move = e[2]
        self.nodes += 1
        if self.nodes >= self.limit:
            raise _Stop
        side = b.side
        if b.step == 2:
            if d == 1:
                moves = quick_win_at_once(b)
                if moves.__class__ is int or not moves:  # a winning action, or none can win
                    won = moves.__class__ is int
                    if e is not None:
                        if won:
                            e[1] = 1
                            e[2] = moves
                        else:
                            e[0] = 1
                    else:
                        if len(tt) >= TT_MAX:
                            tt.clear()
                        tt[key] = [0, 1, moves] if won else [1, _NEVER, None]
                    return won
            else:
                moves = captures_first(b) + b._moves(True)
                moves.append(PASS)
        else:
            moves = captures_first(b)
        if move is not None and move in moves:
            moves.remove(move)
            moves.insert(0, move)
        do = b.do
        undo = b.undo
        winner = b.winner
        for a in moves:
            do(a)
            w = winner()
            if w is not None:
                ok = w == side
            elif b.side == side:
                ok = self._win(d)
            elif d > 1:
                ok = self._lose(d - 1)
            else:
                ok = False
            undo()
            if ok:
                if e is None:
                    if len(tt) >= TT_MAX:
                        tt.clear()
                    tt[key] = [0, d, a]
                else:
                    e[1] = d
                    e[2] = a
                return True
        if e is None:
            if len(tt) >= TT_MAX:
                tt.clear()
            tt[key] = [d, _NEVER, None]
        else:
            e[0] = d
        return False

    def _lose(self, d):
        """Does the side to move (game not over) lose within ``d`` turns whatever it does?"""
        if d & 1:
            d -= 1
        if d <= 0:
            return False
        b = self.b
        key = b.hash
        tt = self.ltt
        e = tt.get(key)
        move = None
        if e is not None:
            if d <= e[0]:
                return False
            if d >= e[1]:
                return True
            move = e[2]
        self.nodes += 1
        if self.nodes >= self.limit:
            raise _Stop
        side = b.side
        if b.step == 2:
            moves = captures_first(b)
            moves.append(PASS)
            moves += b._moves(True)
        else:
            moves = captures_first(b)
        if move is not None and move in moves:
            moves.remove(move)
            moves.insert(0, move)
        do = b.do
        undo = b.undo
        winner = b.winner
        for a in moves:
            do(a)
            w = winner()
            if w is not None:
                ok = w != side
            elif b.side == side:
                ok = self._lose(d)
            else:
                ok = self._win(d - 1)
            undo()
            if not ok:
                if e is None:
                    if len(tt) >= TT_MAX:
                        tt.clear()
                    tt[key] = [d, _NEVER, a]
                else:
                    e[0] = d
                    e[2] = a
                return False
        if e is None:
            if len(tt) >= TT_MAX:
                tt.clear()
            tt[key] = [0, d, None]
        else:
            e[1] = d
        return True

    # ------------------------------------------------------------------ the actions

    def _pick(self, win, d):
        """The rest of the current turn: an action whose result is the proven one."""
        b = self.b
        side = b.side
        out = []
        while True:
            chosen = None
            moves = b.moves()
            for a in moves:
                b.do(a)
                w = b.winner()
                if w is not None:
                    ok = w == side if win else False
                elif b.side == side:
                    ok = self._win(d) if win else not self._lose(d - 1)
                elif win:
                    ok = self._lose(d - 1)
                else:
                    ok = not self._win(d - 2)
                b.undo()
                if ok:
                    chosen = a
                    break
            if chosen is None:  # cannot happen once the root is proven
                raise AssertionError("no action matches the proven result")
            out.append(chosen)
            b.do(chosen)
            if b.side != side or b.winner() is not None:
                return out

    # ------------------------------------------------------------------ driver

    def run(self):
        """Generator: yields ``None`` between slices; returns a :class:`Solution`, or
        ``None`` when the node budget ran out first (or in the placement phase)."""
        b = self.b
        if b.step == 0:
            return None
        w = b.winner()
        if w is not None:
            self.solution = Solution(WIN if w == b.side else LOSS, 0, [], 0)
            return self.solution
        root_ply = b.ply
        d = 1
        found = False
        size = self.slice_nodes
        while True:
            self.limit = min(self.max_nodes, self.nodes + size)
            try:
                if not found:
                    while d <= self.max_turns:
                        found = self._win(d) if d & 1 else self._lose(d)
                        if found:
                            break
                        self.depth = d
                        d += 1
                    if not found:
                        return None
                actions = self._pick(d & 1 == 1, d)
            except _Stop:
                # A slice ends by unwinding to the root; the next one walks back down
                # through the tables (one node per action played), so it gets at least
                # a few times that path to make progress.
                size = max(self.slice_nodes, 4 * (b.ply - root_ply) + 16)
                while b.ply > root_ply:
                    b.undo()
                if self.nodes >= self.max_nodes:
                    return None
                yield None
                continue
            while b.ply > root_ply:
                b.undo()
            self.solution = Solution(WIN if d & 1 else LOSS, d, actions, self.nodes)
            return self.solution


def winning_actions(board, turns: int, max_nodes: Optional[int] = None) -> Optional[list]:
    """Every legal action of the side to move after which it still wins within ``turns``
    turns (its first action of such a win; [] if there is none), or None when
    ``max_nodes`` nodes were not enough.  The board is restored."""
    try:
        return Solver(board, max_nodes=max_nodes).winning_actions(turns)
    except SolverLimit:
        return None


def solve(board, max_nodes: Optional[int] = 100_000, max_turns: Optional[int] = None) -> Optional[Solution]:
    """Prove the result of ``board`` for the side to move, or None if ``max_nodes`` nodes
    were not enough (the board is restored)."""
    s = Solver(board, max_nodes=max_nodes, max_turns=max_turns, slice_nodes=_NEVER)
    gen = s.run()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
