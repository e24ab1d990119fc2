"""The endgame solver's questions asked one at a time, for callers that ask several of one
board (:mod:`tzaar.study.puzzles`, :mod:`tzaar.study.lessons`, the lab's tactical suite).

:class:`Questions` is a base of :class:`tzaar.ai.solver.Solver`, which does the searching
(its ``_win(d)`` and ``_lose(d)``); these methods set the node budget, ask, and put the
board back when the budget runs out.  The questions share the solver's transposition
tables, so asking ``wins_within(3)`` after ``wins_within(1)`` costs only the new part.
"""

from __future__ import annotations

__all__ = ["Questions", "SolverLimit"]


class _Stop(Exception):
    """The slice or the node budget ran out."""


class SolverLimit(Exception):
    """A question of :class:`~tzaar.ai.solver.Solver` used up its ``max_nodes`` nodes unanswered."""


class Questions:
    """``wins_within``, ``loses_within`` and ``winning_actions`` of a
    :class:`~tzaar.ai.solver.Solver` (attributes ``b``, ``max_nodes``, ``limit``)."""

    def _ask(self, question, turns: int) -> bool:
        """``question(turns)`` from the board as it is, within the node budget: raises
        :class:`SolverLimit` (the board restored) when ``max_nodes`` run out."""
        b = self.b
        ply = b.ply
        self.limit = self.max_nodes
        try:
            return question(turns)
        except _Stop:
            while b.ply > ply:
                b.undo()
            raise SolverLimit(f"the solver used its {self.max_nodes} nodes") from None

    def wins_within(self, turns: int) -> bool:
        """Whether the side to move forces a win within ``turns`` turns (both sides'
        turns, the current one counting as 1); a finished game: whether it has won."""
        w = self.b.winner()
        if w is not None:
            return w == self.b.side
        return self.b.step != 0 and self._ask(self._win, turns)

    def loses_within(self, turns: int) -> bool:
        """Whether the side to move loses within ``turns`` turns whatever it does; a
        finished game: whether it has lost."""
        w = self.b.winner()
        if w is not None:
            return w != self.b.side
        return self.b.step != 0 and self._ask(self._lose, turns)

    def winning_actions(self, turns: int) -> list:
        """Every legal action of the side to move after which it still wins within
        ``turns`` turns (the first actions of such wins; [] if there is none).  Raises
        :class:`SolverLimit` past the node budget; the board is restored."""
        b = self.b
        side = b.side
        if b.step == 0 or b.winner() is not None:
            return []
        out = []
        for a in b.moves():
            b.do(a)
            try:
                w = b.winner()
                if w is not None:
                    ok = w == side
                elif b.side == side:
                    ok = self.wins_within(turns)
                else:
                    ok = self.loses_within(turns - 1)
            finally:
                b.undo()
            if ok:
                out.append(a)
        return out
