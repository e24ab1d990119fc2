"""Levels and players: who chooses the rest of a turn, and how.

:func:`think` is the one way every caller (the browser's job API, the command line, the
match runner) gets the computer's actions: a generator that yields ``None`` between
slices of work and info dicts as the search deepens, and returns the list of action
ints for the rest of the current turn (one or two actions; one placement).

A player is named by a level (``beginner``, ``casual``, ``strong``, ``expert``,
``master``) or is ``random`` (uniform legal actions) or ``greedy`` (the best rest of its
turn by the evaluation, no look-ahead at the reply).  Every random choice comes from
``random.Random(seed)``, so a seed and a node budget give the same answer every time.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple, Optional

from .codes import PASS
from .evaluate import evaluate
from .placement import choose_placement
from .search import Search


class Level(NamedTuple):
    """How a level plays.

    ``nodes``: node budget per turn (deterministic), ``None`` for none; ``time``: seconds
    per turn (the budget of a time-based level, else a safety cap); ``noise``: random
    centi-units added to each root action's score; ``blunder``: chance of a careless
    action (one of the few best by a one-action look only); ``depth``: a depth cap.
    """

    name: str
    title: str
    description: str
    nodes: Optional[int]
    time: float
    noise: int = 0
    blunder: float = 0.0
    depth: int = 40
    placement_noise: float = 0.0


LEVELS = {
    lv.name: lv
    for lv in (
        Level(
            "beginner",
            "Beginner",
            "Answers at once and makes human mistakes.",
            nodes=None,
            time=1.0,
            noise=300,
            blunder=0.4,
            depth=1,
            placement_noise=40,
        ),
        Level("casual", "Casual", "Looks at the whole of its own turn.", nodes=6000, time=3.0, noise=40, depth=2, placement_noise=15),
        Level("strong", "Strong", "Looks at your reply too.", nodes=10000, time=6.0, noise=5, placement_noise=5),
        Level("expert", "Expert", "Uses its whole time budget (3 s by default).", nodes=None, time=3.0),
        Level("master", "Master", "Like Expert with 10 s a turn.", nodes=None, time=10.0),
    )
}
#: Players that are not levels (for matches and tests).
SPECIAL = ("random", "greedy")
DEFAULT_LEVEL = "casual"


def player_names():
    return list(LEVELS) + list(SPECIAL)


def _one_look(board, rng, noise):
    """Actions scored by the evaluation after playing them (for the careless levels)."""
    side = board.side
    scored = []
    for a in board.moves():
        board.do(a)
        w = board.winner()
        if w is not None:
            v = 10**6 if w == side else -(10**6)
        else:
            v = evaluate(board)
            if board.side != side:
                v = -v
        board.undo()
        scored.append((v + rng.randint(-noise, noise), a))
    scored.sort(reverse=True)
    return scored


def think(board, player: str, seed: int = 0, seconds: Optional[float] = None, nodes: Optional[int] = None):
    """Generator: the rest of the turn for ``player`` on ``board`` (restored at the end).

    Yields ``None`` between slices and info dicts ``{depth, score, nodes, best}`` (best:
    the action ints chosen so far plus the current best) as the search deepens; returns
    the list of action ints.  ``seconds``/``nodes`` override the level's budgets.
    """
    rng = random.Random(seed)
    start = time.perf_counter()
    moves = board.moves()
    if not moves:
        return []
    if board.step == 0:
        if player == "random":
            return [rng.choice(moves)]
        lv = LEVELS.get(player)
        return [choose_placement(board, rng, lv.placement_noise if lv else 0)]
    if player == "random":
        out = [rng.choice(moves)]
        side = board.side
        board.do(out[0])
        if board.side == side and board.winner() is None:
            out.append(rng.choice(board.moves()))
        board.undo()
        return out
    if player == "greedy":
        lv = Level("greedy", "Greedy", "", nodes=None, time=30.0, depth=2)
    else:
        lv = LEVELS[player]
    if nodes is None and seconds is None:
        nodes, seconds = lv.nodes, lv.time
        cap = lv.time
    else:
        cap = seconds if seconds is not None else lv.time * 4
    deadline = start + cap
    chosen = []
    side = board.side
    tt = {}
    spent = 0
    try:
        while True:
            if lv.blunder and rng.random() < lv.blunder:
                scored = _one_look(board, rng, lv.noise)
                a = rng.choice(scored[:3])[1]
                yield {"depth": 1, "score": scored[0][0], "nodes": spent + len(scored), "best": chosen + [a]}
            else:
                depth = lv.depth if player != "greedy" else (2 if board.step == 1 else 1)
                left = None if nodes is None else max(1, nodes - spent)
                # The first action gets most of the budget; the second reuses its table.
                two = not chosen and board.step == 1 and not board.is_opening()
                if two and left is not None:
                    left = max(1, left * 3 // 4)
                dl = start + cap * 0.8 if two else deadline
                s = Search(board, max_nodes=left, deadline=dl, tt=tt, rng=rng, noise=lv.noise, max_depth=depth)
                for info in s.run():
                    if info is None:
                        yield None
                    else:
                        yield {**info, "best": chosen + [info["best"]]}
                spent += s.nodes
                a = s.best
                yield {**s.info(), "nodes": spent, "best": chosen + [a]}
            chosen.append(a)
            board.do(a)
            if board.side != side or board.winner() is not None:
                break
    finally:
        for _ in chosen:
            board.undo()
    return chosen


def run_think(board, player, seed=0, seconds=None, nodes=None):
    """Drive :func:`think` to the end; returns (actions, last info)."""
    gen = think(board, player, seed, seconds, nodes)
    info = None
    while True:
        try:
            x = next(gen)
        except StopIteration as stop:
            return stop.value, info
        if x is not None:
            info = x


__all__ = ["Level", "LEVELS", "SPECIAL", "DEFAULT_LEVEL", "player_names", "think", "run_think", "PASS"]
