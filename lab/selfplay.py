"""Self-play data for the tuner, in parts that resume: ``python -m lab.tune generate DIR``.

The data is a directory of parts, one file per (node budget, part number):
``DIR/n{nodes}_p{part}.txt``.  A part file starts with a header line (``# lab.tune
generate ...``: the recipe of that part), then for every game its positions, one a line
``position text<TAB>result<TAB>score`` (result ``1`` if the side to move went on to win,
else ``0``; score the self-play search's score of the turn for the side to move, in
centi-units, the same for the turn's two positions), then a line ``# game G`` that closes
game G.  A game is only counted once its closing line is written: a part cut short (the
process killed) is truncated after its last whole game when it resumes, and a part with
all its games is skipped.

Deterministic: a game's seed is a function of (seed, nodes, part, game), so a resumed run
writes what an unbroken one would have.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from tzaar.ai.players import run_think
from tzaar.facade import call
from tzaar.rules.position import Position


def beginner_game(seed: int) -> list[str]:
    """The actions of a whole game of Beginner against itself from the standard start, its turns
    asked of the facade (``ai_move``, seed ``seed`` plus the actions so far): the background
    review's kind of game in the lab's benchmarks."""
    position, actions = Position.standard(), []
    while position.winner is None:
        answer = call("ai_move", {"position": position.text(), "level": "beginner", "seed": seed + len(actions)})["result"]
        actions += answer["actions"]
        position = position.play(answer["actions"])
    return actions


class PartMismatch(ValueError):
    """An existing part file was written by another recipe (its header differs)."""


def game_seed(seed: int, nodes: int, part: int, game: int) -> int:
    """The seed of one game (even: the standard setup, odd: a random one)."""
    return ((seed * 1_000_003 + nodes) * 10_007 + part) * 1_009 + game


def self_play(seed: int, nodes: int, random_actions: int):
    """One game of Strong against itself: ([(position text, side to move, score)], winner)."""
    rng = random.Random(seed)
    start = Position.standard() if seed % 2 == 0 else Position.random(seed)
    board = start.board()
    seen = []
    for _ in range(random_actions):
        moves = board.moves()
        if not moves or board.winner() is not None:
            break
        board.do(rng.choice(moves))
    n = 0
    while board.winner() is None and board.moves():
        actions, info = run_think(board, "strong", seed * 1000 + n, None, nodes)
        score = int(info["score"]) if info and info.get("score") is not None else 0
        for a in actions:
            if board.winner() is None:
                seen.append((board.text(), board.side, score))
            board.do(a)
        n += 1
    return seen, board.winner()


def part_path(out: Path, nodes: int, part: int) -> Path:
    return out / f"n{nodes}_p{part}.txt"


def header(games: int, nodes: int, seed: int, part: int, random_actions: int) -> str:
    return (f"# lab.tune generate --nodes {nodes} --games {games} --seed {seed} --part {part} "
            f"--random-actions {random_actions}\n")


def games_done(path: Path, head: str) -> int:
    """Whole games already in a part file (truncating any unfinished one); 0 if none."""
    if not path.exists():
        return 0
    data = path.read_text(encoding="utf-8")
    if not data.startswith(head):
        raise PartMismatch(f"{path} was written by another recipe: {data.splitlines()[0] if data else '(empty)'}")
    lines = data.splitlines(keepends=True)
    keep = 1
    done = 0
    for i, line in enumerate(lines):
        if line.startswith("# game "):
            keep = i + 1
            done += 1
    if keep < len(lines):
        path.write_text("".join(lines[:keep]), encoding="utf-8")
    return done


def generate_part(out: Path, games: int, nodes: int, seed: int, part: int, random_actions: int,
                  log=sys.stderr) -> int:
    """Play (the rest of) one part; returns the positions written by this call."""
    out.mkdir(parents=True, exist_ok=True)
    path = part_path(out, nodes, part)
    head = header(games, nodes, seed, part, random_actions)
    done = games_done(path, head)
    if done >= games:
        return 0
    count = 0
    t0 = time.perf_counter()
    with open(path, "a", encoding="utf-8") as f:
        if done == 0 and f.tell() == 0:
            f.write(head)
        for g in range(done, games):
            seen, winner = self_play(game_seed(seed, nodes, part, g), nodes, random_actions)
            f.write("".join(f"{text}\t{int(side == winner)}\t{score}\n" for text, side, score in seen))
            f.write(f"# game {g}\n")
            f.flush()
            count += len(seen)
        if log:
            log.write(f"{path.name}: games {done}..{games - 1}, {count} positions, "
                      f"{time.perf_counter() - t0:.0f} s\n")
            log.flush()
    return count


def generate(out: Path, budgets, games, parts: int, seed: int, random_actions: int, log=sys.stderr) -> int:
    """Parts 0..parts-1 at every budget, round-robin (part 0 at each budget, then part 1...):
    stopped at any time, the data holds every budget.  ``games[i]`` games a part at
    ``budgets[i]``.  Returns the positions written by this call."""
    if len(budgets) != len(games):
        raise ValueError("give as many --games as --nodes")
    count = 0
    for part in range(parts):
        for nodes, n in zip(budgets, games):
            count += generate_part(out, n, nodes, seed, part, random_actions, log)
    return count


def read_games(path: Path):
    """The games of a data file: lists of (position text, result, score or None).  A file
    without ``# game`` lines (the older one-file format) is one game a position."""
    games = []
    current = []
    marked = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("# game "):
            marked = True
            games.append(current)
            current = []
            continue
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        row = (cols[0], float(cols[1]), float(cols[2]) if len(cols) > 2 else None)
        current.append(row)
    if marked:
        return games  # a trailing unfinished game is left out
    return [[row] for row in current]


__all__ = ["PartMismatch", "game_seed", "self_play", "part_path", "games_done", "generate_part",
           "generate", "read_games"]
