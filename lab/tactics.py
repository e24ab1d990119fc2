"""Tactical positions with a proven win, found by exhaustive search: ``python -m lab.tactics``.

``python -m lab.tactics score PLAYER [NODES]`` prints how many of the suite a player
finds with a node budget (default 6,000).

``python -m lab.tactics [GAMES] [OUT]`` plays ``GAMES`` seeded games from random
setups (random players that do not throw the game away: :func:`lab.solver_bench.
endgame_positions`; no evaluation is involved, so the file depends on the rules alone) and
asks the endgame solver, at every action, whether the side to move can force a win:

* above ``MIDGAME`` stacks, within 1 turn (this one), with ``MIDGAME_NODES`` nodes;
* above ``ENDGAME_STACKS`` stacks, within 3 turns (this one and its next), ``NODES`` nodes;
* at ``ENDGAME_STACKS`` stacks or fewer, in any number of turns, ``NODES`` nodes.

A proven win is kept with every first action that keeps it (:func:`tzaar.ai.solver.
winning_actions`: the same exhaustive search, asked of every legal action), unless it is
too easy: more than a quarter of the legal actions (and more than 2) win, or, for a win
in 1, a single action wins at once (so a win in 1 is always a two-action combination).
Each is given a kind:

* ``type``: a win in 1, two actions that take the enemy's last stack of a type;
* ``starve``: a win in 1, two actions that leave the enemy no capture at the start of its
  turn;
* ``twoturns``: a win in 3 turns (a capture now, the decisive one next turn, whatever the
  enemy does in between) above ``ENDGAME_STACKS`` stacks;
* ``endgame``: a win in 3 turns or more at ``ENDGAME_STACKS`` stacks or fewer.

And one kind of defence (:func:`defence_of`), asked at every position with
``DEFEND_STACKS`` stacks or fewer where the side to move is down to two stacks or fewer of
a type and has no win in 1:

* ``defend``: the side to move does not lose within 2 turns (this one and the enemy's
  next), but after every first action except the listed ones it does, whatever its
  second action: the enemy's next turn takes a type (or leaves it no capture).  The
  listed ones are at most a quarter of the legal actions (at least one loses).

At most one position of a kind per game, ``PER_KIND`` of each kind in all.

File format, one position a line (``#`` lines are comments)::

    KIND | POSITION TEXT | ACTION ACTION ... | win N
    defend | POSITION TEXT | ACTION ACTION ... | hold 2

the winning first actions (any of them is right) and the proven result for the side to
move (turns as in :mod:`tzaar.ai.solver`: ``win 1`` wins during this turn, ``win 3``
during its next turn); for ``defend`` the first actions that hold (``hold 2``: the side to
move does not lose within 2 turns after them, and loses within 2 after any other).  ``lab/tests/test_tactics.py`` checks the file with the rules engine
and the solver, and that the ``expert`` finds a winning action within a node budget.
"""

from __future__ import annotations

import sys
import time
from typing import NamedTuple, Optional

from tzaar.ai.solver import WIN, Solver, SolverLimit, solve, stacks_left, winning_actions
from tzaar.rules.notation import Action
from tzaar.rules.position import Position

from .solver_bench import endgame_positions

#: Node budget of one question (a position not proven in it is skipped).
NODES = 20_000
#: Above this many stacks only wins within this turn are looked for.
MIDGAME = 30
#: At this many stacks or fewer wins are looked for in any number of turns (``endgame``);
#: the suite's own figure (the engine's solver started here when the suite was made:
#: ``tzaar.ai.solver.SOLVE_STACKS`` may differ).
ENDGAME_STACKS = 16
MIDGAME_NODES = 2_000
PER_KIND = 8
KINDS = ("type", "starve", "twoturns", "endgame", "defend")
#: Defences are looked for from this many stacks down.
DEFEND_STACKS = 30
DEFAULT_OUT = "tests/data/tactics.txt"
DEFAULT_GAMES = 50


class Tactic(NamedTuple):
    """One line of the file: kind, position text, winning first actions (text), turns."""

    kind: str
    position: str
    actions: tuple
    turns: int

    def line(self) -> str:
        return f"{self.kind} | {self.position} | {' '.join(self.actions)} | {_result(self.kind)} {self.turns}"


def _result(kind: str) -> str:
    return "hold" if kind == "defend" else "win"


def parse_line(line: str) -> Tactic:
    """A :class:`Tactic` from one line of the file (ValueError if malformed)."""
    parts = [p.strip() for p in line.split("|")]
    result, _, turns = parts[3].partition(" ") if len(parts) == 4 else ("", "", "")
    if len(parts) != 4 or parts[0] not in KINDS or result != _result(parts[0]) or not turns.isdigit():
        raise ValueError(f"a tactic line is 'KIND | POSITION | ACTIONS | win N' ('hold 2' for defend), not {line[:120]!r}")
    return Tactic(parts[0], parts[1], tuple(parts[2].split()), int(turns))


def load(path: str = DEFAULT_OUT) -> list:
    with open(path, encoding="utf-8") as f:
        return [parse_line(x) for x in f if x.strip() and not x.startswith("#")]


def question(board):
    """(max_turns, nodes) asked of the solver for a board, by its number of stacks."""
    n = stacks_left(board)
    if n > MIDGAME:
        return 1, MIDGAME_NODES
    if n > ENDGAME_STACKS:
        return 3, NODES
    return None, NODES


def _kind(board, sol) -> str:
    if sol.turns >= 3:
        return "endgame" if stacks_left(board) <= ENDGAME_STACKS else "twoturns"
    for a in sol.actions:
        board.do(a)
    loser = 1 - board.winner()
    loser_tops = board.tops[3 * loser : 3 * loser + 3]
    for _ in sol.actions:
        board.undo()
    return "starve" if all(loser_tops) else "type"


def tactic_of(board) -> Optional[Tactic]:
    """The Tactic of a board in play, or None: no win proven, or too easy (a win in 1
    where a single action wins at once, or more than a quarter of the legal actions, and
    more than 2, keep the win)."""
    turns, nodes = question(board)
    sol = solve(board, max_nodes=nodes, max_turns=turns)
    if sol is None or sol.result != WIN or sol.turns == 0:
        return None
    moves = board.moves()
    if sol.turns == 1 and any(_wins_at_once(board, a) for a in moves):
        return None  # one action wins: too easy
    good = winning_actions(board, sol.turns, max_nodes=nodes)
    if not good or len(good) > max(2, len(moves) // 4):
        return None
    texts = sorted(Action.from_code(a, board.cells).text() for a in good)
    return Tactic(_kind(board, sol), board.text(), tuple(texts), sol.turns)


def defence_of(board) -> Optional[Tactic]:
    """The ``defend`` Tactic of a board in play, or None: the side to move (at the start of
    its turn, down to two stacks or fewer of a type, no win in 1) does not lose within 2
    turns, but does after all its first actions except at most a quarter of them (each
    asked of the solver, ``NODES`` nodes a question; None if one is not answered)."""
    side = board.side
    if board.step != 1 or stacks_left(board) > DEFEND_STACKS or min(board.tops[3 * side : 3 * side + 3]) > 2:
        return None
    try:
        root = Solver(board, max_nodes=NODES)
        if root.wins_within(1) or root.loses_within(2):
            return None
        moves = board.moves()
        good = []
        for a in moves:
            board.do(a)
            try:
                lost = Solver(board, max_nodes=NODES).loses_within(2)
            finally:
                board.undo()
            if not lost:
                good.append(a)
    except SolverLimit:
        return None
    if not good or len(good) > max(1, len(moves) // 4):
        return None
    texts = sorted(Action.from_code(a, board.cells).text() for a in good)
    return Tactic("defend", board.text(), tuple(texts), 2)


def _wins_at_once(board, a) -> bool:
    side = board.side
    board.do(a)
    w = board.winner()
    board.undo()
    return w == side


def generate(games: int = DEFAULT_GAMES, per_kind: int = PER_KIND, log=None) -> list:
    """Tactics from the games of seeds 1..``games``: at most one of a kind per game,
    ``per_kind`` of each kind, in the order found."""
    found = {k: [] for k in KINDS}
    for g in range(1, games + 1):
        taken = set()
        for text in endgame_positions(g):
            b = Position.from_text(text).board()
            t = tactic_of(b)
            if t is None and "defend" not in taken and len(found["defend"]) < per_kind:
                t = defence_of(b)
            if t is None or t.kind in taken or len(found[t.kind]) >= per_kind:
                continue
            taken.add(t.kind)
            found[t.kind].append(t)
        if log:
            log(f"game {g}: " + ", ".join(f"{k} {len(v)}" for k, v in found.items()))
        if all(len(v) >= per_kind for v in found.values()):
            break
    return [t for k in KINDS for t in found[k]]


def score(player: str, nodes: int, path: str = DEFAULT_OUT) -> dict:
    """{kind: (found, positions)}: how many of the suite's positions ``player`` (any
    player of ``python -m lab.match``, e.g. ``expert-v1``) solves with ``nodes`` nodes
    and seed 0 (its first action is one of the winning ones, or holding ones)."""
    from .match import run_player

    out = {k: [0, 0] for k in KINDS}
    for t in load(path):
        b = Position.from_text(t.position).board()
        actions, _ = run_player(b, player, 0, None, nodes)
        out[t.kind][0] += Action.from_code(actions[0], b.cells).text() in t.actions
        out[t.kind][1] += 1
    return {k: tuple(v) for k, v in out.items()}


USAGE = "usage: python -m lab.tactics [GAMES] [OUT]  |  python -m lab.tactics score PLAYER [NODES]"


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["score"]:
        if len(args) not in (2, 3) or (len(args) == 3 and not args[2].isdigit()):
            print(USAGE, file=sys.stderr)
            return 2
        from .frozen import frozen_names
        from tzaar.ai.players import player_names

        names = player_names() + list(frozen_names())
        if args[1] not in names:
            print(f"lab.tactics: error: unknown player {args[1][:40]!r} (one of: {', '.join(names)})", file=sys.stderr)
            return 2
        nodes = int(args[2]) if len(args) == 3 else 6000
        got = score(args[1], nodes)
        found = sum(v[0] for v in got.values())
        total = sum(v[1] for v in got.values())
        print(f"{args[1]} at {nodes} nodes: {found}/{total} (" + ", ".join(f"{k} {a}/{b}" for k, (a, b) in got.items()) + ")")
        return 0
    if len(args) > 2 or (args and not args[0].isdigit()):
        print(USAGE, file=sys.stderr)
        return 2
    games = int(args[0]) if args else DEFAULT_GAMES
    path = args[1] if len(args) > 1 else DEFAULT_OUT
    t0 = time.perf_counter()
    tactics = generate(games, log=lambda s: print(s, file=sys.stderr))
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# Proven wins from random games (seeds 1..{games}): python -m lab.tactics {games}\n")
        f.write("# KIND | POSITION | winning first actions (any is right) | win TURNS (lab/tactics.py)\n")
        f.write("# defend | POSITION | the first actions that hold (any is right) | hold 2\n")
        for t in tactics:
            f.write(t.line() + "\n")
    print(f"{len(tactics)} tactics written to {path} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
