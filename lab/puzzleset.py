"""The shipped puzzle set (``web/learn/puzzles.json``): merged, themed, rated and proven.

``python -m lab.puzzleset annotate FILE [--add OTHER ...]`` adds the puzzles of the OTHER
files (written by :mod:`lab.puzzlegen`) to FILE, skipping positions FILE already has; the
puzzles of FILE keep their ids, the new ones get the next free ``pN``.  Every puzzle without
a theme or a rating gets them (the others are left as they are, so a run can be stopped
and started again: FILE is written after each puzzle).

``python -m lab.puzzleset prove FILE`` proves every puzzle again with the exact solver
(the side to move cannot win in 1 turn, wins in 2, with exactly one winning first action,
the answer; the solution is legal and ends in the side's win; the themes and the rating are
those this module computes) and prints the time it took.

Themes (a list, computed from the proof, see docs/lab.md):

- ``type``: the solution line ends with the loser missing one of its three types.
- ``starve``: the solution line ends with the loser unable to capture at its turn's start.
- ``defend``: the opponent threatens a win: with the same stacks and the opponent to move
  (at the first action of its turn) it would force a win in 1 turn, so the answer must also
  parry that threat.

Each puzzle has exactly one of ``type`` and ``starve``, and maybe ``defend``.

Rating: from how hard the engine's search (:class:`tzaar.ai.search.Search`, iterative
deepening, at most :data:`NODE_CAP` nodes) finds the puzzle, two node counts stored as
``nodes: {settle, mate}``: ``settle``, the node count at the end of the first finished depth
from which its best action is the answer at every later finished depth; ``mate``, the node
count at the end of the first finished depth whose score is a forced win (either is
:data:`NODE_CAP` when it never comes).  The effort is their geometric mean; the rating maps
``log10(effort)`` linearly, 700 points a factor of ten, from :data:`EASY_NODES` (800) to
:data:`HARD_NODES` (2200), clamped and rounded to 10 (:func:`rating_of`).  The nodes are
stored beside the rating: the rating is checked against them, not against today's engine.
"""

from __future__ import annotations

import json
import math
import sys
import time

from tzaar.__main__ import Parser, guarded
from tzaar.ai.search import MATE_BOUND, Search
from tzaar.ai.solver import Solver
from tzaar.errors import TzaarError
from tzaar.notation import COLOUR_NAMES, Action, action_texts
from tzaar.position import NO_CAPTURE, Position
from tzaar.puzzles import winning_first_actions, wins

THEMES = ("type", "starve", "defend")
#: The engine's search gives up on a puzzle after this many nodes.
NODE_CAP = 50_000
#: An effort of this many nodes or fewer: the lowest rating; this many or more: the highest.
EASY_NODES, HARD_NODES = 20, 2000
LOW, HIGH = 800, 2200


class PuzzleSetError(TzaarError):
    """A puzzle file that cannot be read or a puzzle that does not hold."""


def rating_of(nodes: dict) -> int:
    """The puzzle rating of the engine's effort ``{settle, mate}`` (see the module's docstring)."""
    effort = math.sqrt(max(nodes["settle"], 1) * max(nodes["mate"], 1))
    lo, hi = math.log10(EASY_NODES), math.log10(HARD_NODES)
    x = min(1.0, max(0.0, (math.log10(effort) - lo) / (hi - lo)))
    return int(round((LOW + x * (HIGH - LOW)) / 10) * 10)


def engine_nodes(position: Position, answer: str, cap: int = NODE_CAP) -> dict:
    """``{settle, mate}``: the engine's nodes to settle on ``answer`` and to see the win."""
    b = position.board()
    s = Search(b, max_nodes=cap)
    settled = mate = None
    for info in s.run():
        if info is None:
            continue
        if Action.from_code(info["best"], b.cells).text() == answer:
            settled = settled if settled is not None else info["nodes"]
        else:
            settled = None
        if mate is None and info["score"] > MATE_BOUND:
            mate = info["nodes"]
    return {"settle": cap if settled is None else settled, "mate": cap if mate is None else mate}


def end_theme(position: Position, solution: list) -> str:
    """``type`` or ``starve``: how the solution line ends (it must end in the side's win)."""
    end = position.play(solution)
    outcome = end.outcome(solution[-1])
    if outcome is None or outcome.winner != position.side:
        raise PuzzleSetError(f"the solution of {position.text()} does not end in {COLOUR_NAMES[position.side]}'s win")
    return "starve" if outcome.code == NO_CAPTURE else "type"


def threatened(position: Position) -> bool:
    """The opponent, to move at its turn's start with the same stacks, forces a win in 1 turn."""
    text, _, tail = position.text().rpartition(" ")
    flipped = Position.from_text(f"{text} {'b' if tail[0] == 'w' else 'w'}1")
    b = flipped.board()
    if b.winner() is not None:
        return b.winner() == flipped.side
    return wins(Solver(b), 1)


def themes_of(position: Position, solution: list) -> list:
    out = [end_theme(position, solution)]
    if threatened(position):
        out.append("defend")
    return out


def annotate(puzzle: dict) -> dict:
    """The puzzle with its ``themes``, ``nodes`` and ``rating``."""
    pos = Position.from_text(puzzle["position"])
    nodes = engine_nodes(pos, puzzle["answer"])
    return {**puzzle, "themes": themes_of(pos, puzzle["solution"]), "nodes": nodes, "rating": rating_of(nodes)}


def prove(puzzle: dict) -> None:
    """Raise PuzzleSetError unless the puzzle holds (see the module's docstring)."""
    pid = puzzle.get("id", "?")
    pos = Position.from_text(puzzle["position"])
    b = pos.board()
    if b.step != 1 or pos.winner is not None or COLOUR_NAMES[pos.side] != puzzle["side"]:
        raise PuzzleSetError(f"{pid}: not a position at the start of {puzzle['side']}'s turn")
    s = Solver(b)
    if wins(s, 1):
        raise PuzzleSetError(f"{pid}: the side wins in 1 turn")
    firsts = action_texts(winning_first_actions(b, 2, s), b)
    if firsts != [puzzle["answer"]]:
        raise PuzzleSetError(f"{pid}: the winning first actions are {firsts}, not [{puzzle['answer']}]")
    if puzzle["solution"][0] != puzzle["answer"]:
        raise PuzzleSetError(f"{pid}: the solution does not start with the answer")
    if puzzle.get("themes") != themes_of(pos, puzzle["solution"]):
        raise PuzzleSetError(f"{pid}: the themes are not {themes_of(pos, puzzle['solution'])}")
    if not isinstance(puzzle.get("nodes"), dict) or puzzle.get("rating") != rating_of(puzzle["nodes"]):
        raise PuzzleSetError(f"{pid}: the rating is not that of its nodes")


def read(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise PuzzleSetError(f"{path}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleSetError(f"{path}: not a puzzle file")
    return data


def write(data: dict, path: str) -> None:
    text = json.dumps(data, indent=1) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def next_id(puzzles: list) -> int:
    return 1 + max((int(p["id"][1:]) for p in puzzles if p["id"][1:].isdigit()), default=0)


def merge(data: dict, others: list) -> int:
    """Add the puzzles of ``others`` (lists) whose positions ``data`` lacks; returns how many."""
    puzzles = data["puzzles"]
    seen = {p["position"] for p in puzzles}
    added = 0
    for other in others:
        for p in other:
            if p["position"] in seen:
                continue
            seen.add(p["position"])
            puzzles.append({**p, "id": f"p{next_id(puzzles)}"})
            added += 1
    return added


def run_annotate(path: str, adds: list, log=None) -> None:
    log = log or sys.stderr
    data = read(path)
    added = merge(data, [read(a)["puzzles"] for a in adds])
    log.write(f"{added} puzzles added, {len(data['puzzles'])} in all\n")
    t0 = time.perf_counter()
    for i, p in enumerate(data["puzzles"]):
        if "rating" in p and "themes" in p:
            continue
        data["puzzles"][i] = annotate(p)
        write(data, path)
        q = data["puzzles"][i]
        log.write(f"{q['id']}: {q['themes']} {q['nodes']}, rating {q['rating']} ({time.perf_counter() - t0:.0f} s)\n")
    write(data, path)


def run_prove(path: str, out=None) -> int:
    out = out or sys.stdout
    data = read(path)
    t0 = time.perf_counter()
    bad = 0
    for p in data["puzzles"]:
        try:
            prove(p)
        except PuzzleSetError as e:
            bad += 1
            out.write(f"{e}\n")
        except (TzaarError, KeyError, TypeError, IndexError) as e:  # a bad position, action or field
            bad += 1
            out.write(f"{p.get('id', '?') if isinstance(p, dict) else '?'}: {type(e).__name__}: {e}\n")
    took = time.perf_counter() - t0
    n = len(data["puzzles"])
    out.write(f"{n - bad} of {n} puzzles proven in {took:.1f} s ({took / max(n, 1):.2f} s each)\n")
    return 1 if bad else 0


def run(argv) -> int:
    parser = Parser(prog="python -m lab.puzzleset", description="merge, theme, rate and prove the shipped puzzles")
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("annotate", help="add puzzles from other files; theme and rate those without")
    a.add_argument("file")
    a.add_argument("--add", nargs="*", default=[], help="puzzle files of lab.puzzlegen to merge in")
    p = sub.add_parser("prove", help="prove every puzzle again and time it")
    p.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "annotate":
        run_annotate(args.file, args.add)
        return 0
    return run_prove(args.file)


def main(argv=None) -> int:
    """Entry point; bad input -> one line on stderr and exit status 2."""
    return guarded(run, sys.argv[1:] if argv is None else argv, "lab.puzzleset")


if __name__ == "__main__":
    sys.exit(main())
