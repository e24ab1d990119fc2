"""Levels and players: who chooses the rest of a turn, and how.

:func:`think` is the one way every caller (the browser's job API, the command line, the
match runner) gets the computer's actions: a generator that yields ``None`` between
slices of work and info dicts as the search deepens, and returns the list of action
ints for the rest of the current turn (one or two actions; one placement).

A player is named by a level (``novice``, ``learner``, ``student``, ``apprentice``,
``beginner``, ``improver``, ``casual``, ``regular``, ``skilled``, ``strong``, ``expert``,
``master``) or is ``random`` (uniform legal actions), ``random-capturing`` (random, but a
capture whenever it has one) or ``greedy`` (the best rest of its turn by the evaluation, no
look-ahead at the reply).  Novice and the two random players choose by rules, not by a search
(:mod:`.novice`); Learner, Student and Apprentice play Novice's turns but think in a share of
them (:mod:`.learner`); Improver plays Casual's turn in a share of its turns and Beginner's in
the others, Regular and Skilled Strong's turn in a share of theirs and Casual's in the others
(mixed levels, :mod:`.mixed`).  Every random choice comes from ``random.Random(seed)``, so a
seed and a node budget give the same answer every time.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple, Optional

from ..rules.board import PASS
from .evaluate import evaluate
from .line import table_line
from .learner import learner_turn
from .mixed import kept_fair
from .novice import novice_turn, random_capturing_turn, random_turn
from .placement import choose_placement
from .search import MATE, Search
from .solver import Solver, worth_trying
from .timing import SECOND_MIN, TimePlan, managed


class Level(NamedTuple):
    """How a level plays.

    ``nodes``: node budget per turn (deterministic), ``None`` for none; ``time``: seconds
    per turn (the budget of a time-based level, else a safety cap); ``noise``: random
    centi-units added to each root action's score; ``blunder``: chance of a careless
    action (one of the few best by a one-action look only), or at a learner level the noise
    of its evaluation of a turn; ``depth``: a depth cap;
    ``solve``: node budget of the endgame solver tried first when few stacks are left
    (:func:`tzaar.ai.solver.worth_trying`; 0: never); ``prune``: the search leaves the
    last ply's stackings out but the scarce types' defences (:class:`~.search.Search`);
    ``manage``: a time budget is spent by the time rules (:mod:`.timing`); ``think``: at a
    learner level (:mod:`.learner`), the share of its turns it thinks about (Novice's turns
    otherwise); ``mix``: at a mixed level, the two levels it plays as, the first in a share
    ``mix_share`` of its turns and the second in the others, each turn kept only when Novice's
    rules allow it (:mod:`.mixed`; its noise: the evaluation's when it looks again).
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
    solve: int = 0
    prune: bool = False
    manage: bool = False
    think: float = 0.0
    mix: tuple[str, ...] = ()
    mix_share: float = 0.0


#: Root noise of the top levels, in centi-units (a win's odds move by 1% per ~90).
VARIETY = 30
#: The learner levels' noise on their evaluation of a turn, in centi-units (Beginner's).
LEARNER_NOISE = 3000
#: The endgame solver's node budget at ``expert`` (``master``: four times as much).
SOLVE_NODES = 40_000
#: The solver's node budget at a level without one when the caller asks for it (the hint).
ASKED_SOLVE_NODES = 10_000
#: Solver nodes between two yields (the solver's share of one ai_step slice).
SOLVE_SLICE = 100
#: The share of a node budget, or of the time, the solver may use before the search.
SOLVE_SHARE = 0.4
#: The share of a turn's node budget the first of its two actions gets (the second action's
#: search reuses the first's table and gets the rest).
FIRST_SHARE = 0.75

# Beginner's and Casual's noise, blunder and depth set how weak they play (see Level).
LEVELS = {
    lv.name: lv
    for lv in (
        # Novice plays by rules, not by a search (tzaar/ai/novice.py): the first opponent.
        Level("novice", "Novice", "Takes what it sees and avoids plain gifts, but plays at random otherwise.", nodes=None, time=1.0, placement_noise=40),
        # Learner, Student and Apprentice fill the gap from Novice to Beginner (tzaar/ai/learner.py):
        # Novice's rules every turn, and in a share of their turns (think) the turn whose position
        # the evaluation, with noise, judges best.
        Level(
            "learner",
            "Learner",
            "Plays like Novice, but thinks one turn in eight: then it plays the turn whose position looks best to it, without looking at your reply.",
            nodes=None,
            time=1.0,
            noise=LEARNER_NOISE,
            placement_noise=40,
            think=1 / 8,
        ),
        Level("student", "Student", "Like Learner, but thinks one turn in three.", nodes=None, time=1.0, noise=LEARNER_NOISE, placement_noise=40, think=1 / 3),
        Level("apprentice", "Apprentice", "Like Learner, but thinks three turns in five.", nodes=None, time=1.0, noise=LEARNER_NOISE, placement_noise=40, think=0.6),
        Level(
            "beginner",
            "Beginner",
            "Answers at once and makes human mistakes.",
            nodes=None,
            time=1.0,
            noise=3000,
            blunder=0.5,
            depth=1,
            placement_noise=40,
        ),
        # Improver fills the gap from Beginner to Casual (tzaar/ai/mixed.py): Casual's turn in a
        # share of its turns, Beginner's in the others, never a gift Novice's rules forbid.
        Level(
            "improver",
            "Improver",
            "Plays like Casual two turns in five and like Beginner in the others, but takes a last piece when it sees one and never gives its own away.",
            nodes=6000,
            time=3.0,
            noise=LEARNER_NOISE,
            mix=("casual", "beginner"),
            mix_share=0.4,
        ),
        Level("casual", "Casual", "Looks at the whole of its own turn.", nodes=6000, time=3.0, noise=40, blunder=0.3, depth=2, placement_noise=15),
        # Regular and Skilled fill the gap from Casual to Strong as Improver fills the one below
        # Casual: Strong's turn in a share of their turns, Casual's in the others, never a gift
        # Novice's rules forbid (a turn looked at again with Casual's noise).
        Level(
            "regular",
            "Regular",
            "Plays like Strong one turn in three and like Casual in the others, but takes a last piece when it sees one and never gives its own away.",
            nodes=10000,
            time=6.0,
            noise=40,
            mix=("strong", "casual"),
            mix_share=1 / 3,
        ),
        Level(
            "skilled",
            "Skilled",
            "Plays like Strong two turns in three and like Casual in the others, but takes a last piece when it sees one and never gives its own away.",
            nodes=10000,
            time=6.0,
            noise=40,
            mix=("strong", "casual"),
            mix_share=2 / 3,
        ),
        Level("strong", "Strong", "Looks at your reply too.", nodes=10000, time=6.0, noise=5, placement_noise=5),
        # Variety: a noise of VARIETY centi-units (about 1% of a win's odds) at the root and
        # in placements picks among near-equal moves by the seed; a fixed seed replays.
        # Expert and Master leave the last ply's stackings out (but the scarce types'
        # defences; search.PRUNE_TOP), so they search deeper on the same budget.
        # Their time rules (tzaar/ai/timing.py) stop early when the answer is settled and
        # take up to half again when it is not.
        Level("expert", "Expert", "Thinks about 3 s a turn, less when the answer is clear.", nodes=None, time=3.0, noise=VARIETY, placement_noise=2, solve=SOLVE_NODES, prune=True, manage=True),
        Level("master", "Master", "Like Expert with 10 s a turn.", nodes=None, time=10.0, noise=VARIETY, placement_noise=2, solve=4 * SOLVE_NODES, prune=True, manage=True),
    )
}
#: Players that are not levels (for matches and tests).
SPECIAL = ("random", "random-capturing", "greedy")
#: The players that choose by rules, without a search (:mod:`.novice`).
BY_RULES = {"novice": novice_turn, "random": random_turn, "random-capturing": random_capturing_turn}
#: The level the command line and the facade play when none is named.
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


def think(board, player: str, seed: int = 0, seconds: Optional[float] = None, nodes: Optional[int] = None, solve: Optional[bool] = None):
    """Generator: the rest of the turn for ``player`` on ``board`` (restored at the end).

    Yields ``None`` between slices and info dicts ``{depth, score, nodes, best, line}``
    (best: the action ints chosen so far plus the current best; line: ``[turn, reply]``,
    the rest of the turn and the opponent's reply the search expects, from its table,
    when a search ran) as the search deepens; returns
    the list of action ints.  ``seconds``/``nodes`` override the level's budgets.

    Endgame solver: at the levels with a ``solve`` budget (or any level but ``random``
    when ``solve`` is True, with ``ASKED_SOLVE_NODES``; never when it is False), once few
    stacks are left and there is more than one legal action the exact solver runs first,
    in slices, with its own node budget, at most ``SOLVE_SHARE`` of the caller's ``nodes``
    (which then covers both) or else of the time.  A proven result is played at once (the fastest
    win, the slowest loss) and the last info dict carries ``proven``: ``{"result":
    "win"|"loss", "turns": n}``; otherwise the search gets the rest of the budget.

    Time rules: at a level with ``manage`` and a time budget (no ``nodes``; at most
    :data:`~.timing.MANAGED_SECONDS`, so not the analysis's hour), each action's search
    stops once its best action is settled and may run up to half again over the budget
    while it is not (:class:`~.timing.TimePlan`).  A node budget is never managed: it
    stays deterministic.
    """
    rng = random.Random(seed)
    start = time.perf_counter()
    moves = board.moves()
    if not moves:
        return []
    if player in LEVELS and LEVELS[player].mix:
        return (yield from _mixed(board, LEVELS[player], rng, seconds, nodes, solve))
    if board.step == 0:
        if player in ("random", "random-capturing"):
            return [rng.choice(moves)]
        lv = LEVELS.get(player)
        return [choose_placement(board, rng, lv.placement_noise if lv else 0)]
    if player in BY_RULES:
        return BY_RULES[player](board, rng)
    if player in LEVELS and LEVELS[player].think:
        return learner_turn(board, rng, LEVELS[player].think, LEVELS[player].noise)
    if player == "greedy":
        lv = Level("greedy", "Greedy", "", nodes=None, time=30.0, depth=2)
    else:
        lv = LEVELS[player]
    asked = nodes
    if nodes is None and seconds is None:
        nodes, seconds = lv.nodes, lv.time
        cap = lv.time
    else:
        cap = seconds if seconds is not None else lv.time * 4
    deadline = start + cap
    chosen = []
    side = board.side
    tt = {}  # the turn's two searches share the table and the leaf evaluations
    evals = {}
    spent = 0
    budget = lv.solve if solve is None else (lv.solve or ASKED_SOLVE_NODES) if solve else 0
    if budget and worth_trying(board) and board.count() > 1:  # a single action: answered at once
        if asked is not None:
            budget = min(budget, int(asked * SOLVE_SHARE))
        # A time budget (the level's, or the caller's) bounds it too; a node budget alone
        # keeps it deterministic.
        until = start + cap * SOLVE_SHARE if seconds is not None else None
        sol, used = yield from _solve(board, budget, until)
        if sol is not None:
            score = MATE - sol.turns if sol.result == "win" else sol.turns - MATE
            yield {"depth": sol.turns, "score": score, "nodes": used, "best": list(sol.actions), "proven": sol.info()}
            return list(sol.actions)
        if asked is not None:
            spent = used  # a node budget given by the caller covers both
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
                    left = max(1, int(left * FIRST_SHARE))
                dl = start + cap * 0.8 if two else deadline
                part = "first" if two else "second" if chosen else "only"
                plan = TimePlan.for_action(start, cap, part, time.perf_counter()) if nodes is None and managed(lv, cap) else None
                if plan is not None:
                    dl = plan.deadline
                s = Search(board, max_nodes=left, deadline=dl, tt=tt, rng=rng, noise=lv.noise, max_depth=depth, prune=lv.prune, evals=evals)
                # The turn's end as planned now (a time budget only): this action's deadline,
                # and after a first action the second's share of the turn.
                rest = cap * SECOND_MIN if part == "first" else 0.0
                ends = {} if nodes is not None else {"deadline": dl + rest}
                run = s.run()
                try:
                    for info in run:
                        if info is None:
                            yield None
                            continue
                        stop = plan is not None and plan.settled(info["depth"], info["best"], info["score"], time.perf_counter())
                        if plan is not None and not stop:
                            s.deadline = plan.deadline
                            ends = {"deadline": plan.deadline + rest}
                        yield {**info, "best": chosen + [info["best"]], "line": _line(board, tt, chosen, info["best"]), **ends}
                        if stop:
                            break
                finally:
                    run.close()  # a search stopped early restores the board here
                spent += s.nodes
                a = s.best
                if ends:  # this action is done: the turn ends now, or after the second's share
                    ends = {"deadline": time.perf_counter() + rest}
                yield {**s.info(), "nodes": spent, "best": chosen + [a], "line": _line(board, tt, chosen, a), **ends}
            chosen.append(a)
            board.do(a)
            if board.side != side or board.winner() is not None:
                break
    finally:
        for _ in chosen:
            board.undo()
    return chosen


def _mixed(board, lv: Level, rng: random.Random, seconds, nodes, solve):
    """Generator: the mixed level ``lv``'s rest of the turn (see :func:`think`): the turn of
    ``lv.mix[0]`` in a share ``lv.mix_share`` of its turns, of ``lv.mix[1]`` in the others
    (its placements too), played only when Novice's rules allow it (:func:`.mixed.kept_fair`)."""
    upper, lower = lv.mix
    who = upper if rng.random() < lv.mix_share else lower
    gen = think(board, who, rng.randrange(2**32), seconds, nodes, solve)
    spent = 0
    try:
        while True:
            try:
                x = next(gen)
            except StopIteration as stop:
                chosen = stop.value
                break
            if x is not None:
                spent = x.get("nodes", spent)
            yield x
    finally:
        gen.close()
    if board.step == 0 or not chosen:
        return chosen
    kept = kept_fair(board, chosen, rng, lv.noise)
    if kept != chosen:  # looked again: no search scored this turn (depth 0: no chance shown)
        yield {"depth": 0, "score": 0, "nodes": spent, "best": kept}
    return kept


def _solve(board, max_nodes: int, until: Optional[float]):
    """Generator: the solver in slices (yields ``None`` between them) until proven, out of
    nodes or past ``until`` (a ``time.perf_counter()`` value; None: nodes only); returns
    (Solution or None, nodes used).  The board is restored between slices."""
    s = Solver(board, max_nodes=max(1, max_nodes), slice_nodes=SOLVE_SLICE)
    gen = s.run()
    try:
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value, s.nodes
            if until is not None and time.perf_counter() >= until:
                return None, s.nodes
            yield None
    finally:
        gen.close()


def _line(board, tt, chosen, best) -> list:
    """``[turn, reply]`` of the table's line after ``best``, ``chosen`` put in front of the
    turn (action ints, played from the position where the turn was asked)."""
    turn, reply = table_line(board, tt, best)
    return [chosen + turn, reply]


def run_think(board, player, seed=0, seconds=None, nodes=None, solve=None, infos=None):
    """Drive :func:`think` to the end; returns (actions, last info).  Each info is also
    appended to the list ``infos`` when one is given."""
    gen = think(board, player, seed, seconds, nodes, solve)
    info = None
    while True:
        try:
            x = next(gen)
        except StopIteration as stop:
            return stop.value, info
        if x is not None:
            info = x
            if infos is not None:
                infos.append(x)


__all__ = ["Level", "LEVELS", "SOLVE_NODES", "SPECIAL", "DEFAULT_LEVEL", "player_names", "think", "run_think", "PASS"]
