"""The puzzle generator: "to play and win in 2 turns" positions from self-play games.

``python -m lab.puzzlegen [--games N] [--seed S] [--player NAME] [--max-stacks K]
[--count M] [--out FILE]`` plays games between computer players from random setups (and
the standard one), and at the start of every turn with at most K stacks on the board where
the engine's search sees a forced win in 3 to 6 actions, asks the exact solver
(:mod:`tzaar.ai.solver`, through :mod:`tzaar.puzzles`): a position is kept when the side to move cannot
win in 1 turn, forces a win in 2, and has exactly one winning first action.  The file
(JSON, ``{"version": 1, "turns": 2, "puzzles": [...]}``) is what the page ships
(``web/learn/puzzles.json``); each puzzle is ``{id, position, side, answer, solution}`` with the
single winning first action and one whole winning line (player, defence, player).

With ``--merge`` the run is one part of a larger set: the ``--out`` file (if it exists) is
read, positions it has are skipped, each new puzzle gets the next free id, its themes and
rating (:mod:`lab.puzzleset`), and the file is written after every new puzzle, so a run
stopped half-way keeps what it found; the next part starts at another ``--seed`` (game
``g`` of a run plays from seed ``S + g``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from contextlib import closing

from tzaar.__main__ import Parser, UsageError, guarded
from tzaar.ai.cli import check_player, count
from tzaar.ai.search import MATE, MATE_BOUND, Search
from tzaar.ai.solver import Solver, SolverLimit
from tzaar.notation import COLOUR_NAMES, Action, action_texts
from tzaar.position import Position
from tzaar.puzzles import after_turn, stubborn_defence, turns_of, winning_first_actions, wins

from .frozen import frozen_names
from .match import run_player
from .puzzleset import annotate, next_id, read
from .puzzleset import write as write_file

TURNS = 2
#: Nodes of the engine's search that picks the candidate positions.
FILTER_NODES = 2000
#: Nodes the exact solver may search for one candidate position before it is skipped.
VISIT_LIMIT = 400_000


def engine_sees_a_win(position: Position, nodes: int = FILTER_NODES) -> bool:
    """The engine's search (``nodes`` nodes) finds a forced win for the side to move in 3
    to 6 actions (more than one turn, at most two turns and the reply between)."""
    s = Search(position.board(), max_nodes=nodes)
    for _ in s.run():
        pass
    return s.score > MATE_BOUND and 2 < MATE - s.score <= 6


def solve(position: Position, limit: int = VISIT_LIMIT, prefilter: bool = True):
    """The puzzle of a position, or None: ``{position, side, answer, solution}``.

    With ``prefilter`` the engine's search first picks the positions worth proving (most
    are not); the exact solver then proves every claim of the puzzle.
    """
    b = position.board()
    if b.step != 1 or b.winner() is not None or b.is_opening():
        return None
    if prefilter and not engine_sees_a_win(position):
        return None
    solver = Solver(b, max_nodes=limit)
    try:
        if wins(solver, 1):
            return None
        firsts = winning_first_actions(b, TURNS, solver)
        if len(firsts) != 1:
            return None
        line = _line(b, firsts[0], solver)
    except SolverLimit:
        return None
    return {
        "position": position.text(),
        "side": COLOUR_NAMES[position.side],
        "answer": Action.from_code(firsts[0], b.cells).text(),
        "solution": line,
    }


def _line(b, first: int, solver: Solver) -> list:
    """A whole winning line: the player's turn, the defence, the player's winning turn."""
    side = b.side
    codes = [first]
    b.do(first)
    if b.side == side and b.winner() is None:
        second = _first_turn(b, lambda: after_turn(solver, side, TURNS - 1))[0]
        codes.append(second)
        b.do(second)
    defence = stubborn_defence(solver, side, TURNS - 1) if b.winner() is None else []
    for a in defence:
        b.do(a)
    final = []
    if b.winner() is None:
        final = _first_turn(b, lambda: b.winner() == side)
    for a in defence:
        b.undo()
    for _ in codes:
        b.undo()
    return action_texts(codes + defence + final, b)


def _first_turn(b, good) -> list:
    """The first rest of the mover's turn (action ints) after which ``good()`` holds."""
    with closing(turns_of(b)) as gen:
        for turn in gen:
            if good():
                return list(turn)
    raise AssertionError("no such turn")  # pragma: no cover - the solver proved one


def self_play(start: Position, player: str, seed: int, max_stacks: int):
    """Positions at the start of each turn of one game with at most ``max_stacks`` stacks."""
    pos = start
    rng = random.Random(seed)
    for _ in range(200):
        if pos.winner is not None:
            return
        if pos.step == 1 and len(pos.stacks()) <= max_stacks:
            yield pos
        board = pos.board()
        codes, _ = run_player(board, player, rng.randrange(1 << 30))
        for a in codes:
            pos = pos.apply(Action.from_code(a, pos.cells))


def generate(games: int, seed: int, player: str, max_stacks: int, count: int, log=sys.stderr, known=(), found=None) -> list:
    """New puzzles (dicts with an ``id``) from ``games`` self-play games, at most ``count``.

    ``known``: puzzles already had (their positions are skipped, the ids go on after
    theirs); ``found(puzzle)``, if given, is called with each new puzzle (it may return it
    annotated) as soon as it is proven.
    """
    out, seen = [], {Position.from_text(p["position"]) for p in known}
    first = next_id(list(known))
    t0 = time.perf_counter()
    for g in range(games):
        start = Position.random(seed + g) if (seed + g) % 4 else Position.standard()
        for pos in self_play(start, player, seed + g, max_stacks):
            if pos in seen:
                continue
            seen.add(pos)
            puzzle = solve(pos)
            if puzzle is not None:
                puzzle = {"id": f"p{first + len(out)}", **puzzle}
                if found is not None:
                    puzzle = found(puzzle)
                out.append(puzzle)
                log.write(f"game {g + 1} (seed {seed + g}): {puzzle['side']} to play, {puzzle['answer']} ({time.perf_counter() - t0:.0f} s)\n")
                if len(out) >= count:
                    return out
                break  # one puzzle a game keeps the set varied
    return out


def write(puzzles: list, path: str) -> None:
    """The puzzle file of ``puzzles`` at ``path`` (``-``: standard output)."""
    data = {"version": 1, "turns": TURNS, "puzzles": puzzles}
    if path == "-":
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
    else:
        write_file(data, path)


def run(argv) -> int:
    """Generate puzzles from the command line's arguments (without the program name)."""
    parser = Parser(prog="python -m lab.puzzlegen", description="build 'win in 2 turns' puzzles from self-play games")
    parser.add_argument("--games", type=count, default=100, help="self-play games to look through (default 100)")
    parser.add_argument("--count", type=count, default=24, help="stop after this many puzzles (default 24)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    parser.add_argument("--player", default="beginner",
                        help="the computer player of both sides, a level or a frozen one (default beginner)")
    parser.add_argument("--max-stacks", type=count, default=40, help="look at positions with at most this many stacks")
    parser.add_argument("--out", default="-", help="the JSON file to write (default -: stdout)")
    parser.add_argument("--merge", action="store_true",
                        help="add to the --out file: skip its positions, theme and rate the new puzzles, write after each")
    args = parser.parse_args(argv)
    player = check_player(args.player, frozen_names())
    if args.merge:
        if args.out == "-":
            raise UsageError("--merge needs an --out file")
        known = read(args.out)["puzzles"] if os.path.exists(args.out) else []

        def found(puzzle):
            puzzle = annotate(puzzle)
            known.append(puzzle)
            write(known, args.out)
            return puzzle

        puzzles = generate(args.games, args.seed, player, args.max_stacks, args.count, known=list(known), found=found)
        write(known, args.out)
    else:
        puzzles = generate(args.games, args.seed, player, args.max_stacks, args.count)
        write(puzzles, args.out)
    sys.stderr.write(f"{len(puzzles)} puzzles from up to {args.games} games\n")
    return 0


def main(argv=None) -> int:
    """Entry point; bad input -> one line on stderr and exit status 2."""
    return guarded(run, sys.argv[1:] if argv is None else argv, "lab.puzzlegen")


if __name__ == "__main__":
    sys.exit(main())
