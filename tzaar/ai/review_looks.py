"""The review's searches, each of one position: its *looks*.

A review (:mod:`.review`) is made of looks at positions of the game.  A look is a pure
function of its position and the review's node budget: a fresh search (its own tables, seed
0) with a node budget and no time limit, or the endgame solver with a node budget, so a look
gives the same answer on any machine, in any process and in any order.  That is what lets a
review be split into pieces run apart (the page's workers) and put together again with the
same marks.

Each look is a generator (``None`` between slices of work, as :class:`.work.Work` needs)
that returns a :class:`~.review_values.Look`: the position's evaluation (White's side; None
in placement) and the turn the search chose for the side to move (action texts; ``[]`` at
the end of a game, in placement, or when the solver proved nothing).

- :func:`searched`: a search at a node budget, read as the review reads every search: a
  proven result alone, else the mean of the first action's last two finished depths
  (:class:`Reading`).
- :func:`proven`: the endgame solver alone (the evaluation None when it proves nothing).
- :func:`deeper`: the deeper look of the review's second pass: the solver first where few
  stacks are left, else (or when it proves nothing) the search with a larger budget.
"""

from __future__ import annotations

from typing import Optional

from ..rules.notation import action_texts
from ..rules.position import Position
from .players import SOLVE_SLICE, think
from .review_values import Evaluation, Look
from .search import MATE, MATE_BOUND
from .solver import Solver, stacks_left

__all__ = ["NO_DEADLINE", "Reading", "searched", "proven", "proof_look", "deeper", "settled"]

#: The time cap given with a node budget: far beyond any budget's time, so that the nodes
#: alone stop a look (a loaded machine never cuts one short, which would change its answer).
NO_DEADLINE = 24 * 3600.0


def settled(position: Position) -> Optional[Look]:
    """The look at a finished position (a won or lost evaluation) or one in placement (no
    evaluation), which needs no search; None for any other."""
    if position.winner is not None:
        return Look(Evaluation.of(MATE if position.winner == 0 else -MATE, 0), [])
    if position.step == 0:
        return Look(None, [])
    return None


class Reading:
    """A search's score read from its info dicts, as the review reads every search.

    The evaluation favours the side to move, so an iteration whose leaves have the root side
    to move scores higher than the next one: the mean of the last two completed depths of the
    first action cancels that.  A proven result stands alone; a forced first action (one
    legal action: no real search) takes the second action's score.
    """

    def __init__(self, forced: bool):
        self.forced = forced
        self.scores = {}  # depth -> score of the first action's search
        self.second = None  # the last score of the second action's search

    def seen(self, info: dict) -> None:
        if len(info.get("best") or ()) <= 1:
            self.scores[info["depth"]] = info["score"]
        else:
            self.second = info["score"]

    def score(self) -> int:
        """The position's score for the side to move."""
        if self.forced and self.second is not None:
            return self.second
        if not self.scores:
            return self.second or 0
        depths = sorted(self.scores)
        last = self.scores[depths[-1]]
        if abs(last) > MATE_BOUND or len(depths) < 2:
            return last
        prev = self.scores[depths[-2]]
        if abs(prev) > MATE_BOUND:
            return last
        return (last + prev) // 2


def searched(position: Position, player: str, nodes: int, solve: Optional[bool] = None):
    """Generator: ``player``'s search (:func:`.players.think`, seed 0) of ``position`` with
    ``nodes`` nodes and no time limit; ``solve`` as :func:`~.players.think` takes it."""
    done = settled(position)
    if done is not None:
        return done
    board = position.board()
    reading = Reading(board.count() == 1)
    gen = think(board, player, 0, NO_DEADLINE, nodes, solve)
    while True:
        try:
            info = next(gen)
        except StopIteration as stop:
            codes = stop.value
            break
        if info is None:
            yield None
        else:
            reading.seen(info)
    return Look(Evaluation.of(reading.score(), position.side), action_texts(codes, position.board()))


def proven(position: Position, nodes: int):
    """Generator: the endgame solver on ``position`` with ``nodes`` nodes: the proven result
    (a won or lost evaluation, the fastest win or slowest loss as the turn), or a look with
    no evaluation when the nodes were not enough."""
    done = settled(position)
    if done is not None:
        return done
    board = position.board()
    solver = Solver(board, max_nodes=max(1, nodes), slice_nodes=SOLVE_SLICE)
    gen = solver.run()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            solution = stop.value
            break
        yield None
    return proof_look(position, solution)


def proof_look(position: Position, solution) -> Look:
    """The look of the solver's ``solution`` at ``position`` (None: a look with no evaluation)."""
    if solution is None:
        return Look(None, [])
    score = MATE - solution.turns if solution.result == "win" else solution.turns - MATE
    return Look(Evaluation.of(score, position.side), action_texts(solution.actions, position.board()))


def deeper(position: Position, player: str, nodes: int, solve_nodes: int, solve_stacks: int):
    """Generator: the deeper look at ``position``: with ``solve_stacks`` stacks or fewer the
    solver first, with ``solve_nodes`` nodes; its proof, or else ``player``'s search with
    ``nodes`` nodes (without the search's own, smaller, solver)."""
    done = settled(position)
    if done is not None:
        return done
    if stacks_left(position.board()) <= solve_stacks:
        look = yield from proven(position, solve_nodes)
        if look.evaluation is not None:
            return look
    return (yield from searched(position, player, nodes, solve=False))
