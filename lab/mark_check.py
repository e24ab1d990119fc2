"""Whether the review's marks survive a deeper look: ``python -m lab.mark_check``.

    python -m lab.mark_check [--review-nodes N] [--nodes M] [--jobs J] [--json FILE] RECORD...

Each record (ours or LittleGolem's) is reviewed as the product reviews it
(:func:`tzaar.ai.review.review_game` at ``--review-nodes``, default the review's own
default).  For every turn it marks (a mistake or a blunder) the position after the turn
played and the position after the review's better turn are searched by Master
(:func:`tzaar.ai.players.run_think` with the level ``master``: its pruning, its variety
noise at seed 0, its endgame solver where Master tries it) at a fixed node budget,
``--nodes``, so the figure is the same on any machine.  Each search's score, read as the
review reads its own (:func:`reading`), becomes the mover's chance of winning
(:func:`tzaar.ai.odds.win_chance`).  A mark is *confirmed* when the better turn leaves the
mover :data:`CONFIRM` points of chance or more than the turn played.  Also counted: the
marks where the turn played leaves the mover a proven win (the solver's, or a won score of
the search), the marks where both turns lead to the same proven result, and the marks where
the deeper look prefers the turn played by :data:`CONFIRM` points or more.

Prints a row a mark (game, turn, kind, the review's loss, played, better, the two chances,
the verdict), the share confirmed and the CPU seconds (all, and the reviews'); ``--json FILE`` writes the rows (deterministic: the
same inputs and budgets give the same file, so a later run compares mark by mark);
``--jobs J`` reviews and checks J games at a time in J processes (the rows keep the order of
the records).  Figures in BENCHMARKS.md and docs/benchmarks-log.md; the games measured are
in ``lab/data/marks/``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Optional

from tzaar.ai import review
from tzaar.ai.odds import win_chance
from tzaar.ai.players import run_think
from tzaar.ai.search import MATE_BOUND
from tzaar.records.either import read_any_record
from tzaar.rules.notation import COLOUR_NAMES
from tzaar.rules.position import Position

#: Master's node budget for the deeper look: what Master searches in its 10 s of one core on
#: the development machine (2 shared cores).  Measured on 2026-12-06: Master's search with its
#: own settings and a node budget (``run_think(board, "master", 0, 1e6, 150_000)``, CPU time
#: by ``time.process_time``) on 12 positions, those at 30%, 50% and 70% of the turns of
#: lg-2552914, lg-2558925, mix1s-05-won and std1s-06-lost of lab/data/marks/ (23 to 47
#: stacks): 2.2 to 4.5 s of CPU each, 47,560 nodes a CPU second in all at a load of 12 on the
#: two cores, 46,890 again at a load of 5 (``lab.bench`` measured 58,225 on a quieter day):
#: 10 s is about 475,000 nodes.
MASTER_NODES = 475_000
#: A mark is confirmed when the better turn's chance exceeds the played turn's by this many
#: points (percent) or more.
CONFIRM = 10.0
#: Master's time cap when it is given a node budget: far beyond any node budget's time, so
#: that the nodes alone stop it (a loaded machine never cuts a search short).
NO_DEADLINE = 24 * 3600.0


@dataclass(frozen=True)
class Mark:
    """A turn the review marked: the game's name, the turn's number and side, ``kind``
    ("mistake" or "blunder"), the review's ``loss`` (points of chance), the position before
    the turn (position text) and the ``played`` and ``better`` turns (action texts)."""

    game: str
    turn: int
    side: str
    kind: str
    loss: float
    position: str
    played: tuple
    better: tuple


@dataclass(frozen=True)
class Look:
    """Master's look at the position after a turn, for the side that played the turn:
    its ``chance`` of winning (0.0 .. 1.0), ``proven`` "win" or "loss" when the result is
    proven (else None), the ``depth`` reached and the ``nodes`` searched."""

    chance: float
    proven: Optional[str]
    depth: int
    nodes: int


def review_marks(game: str, text: str, review_nodes: int) -> list[Mark]:
    """The marks of the review of the record ``text`` at ``review_nodes`` nodes: the one
    place that reads the review's output."""
    record = read_any_record(text)
    result = review.review_game(record.start, record.actions, review_nodes)
    marks = []
    position = record.start
    for turn in result.turns:
        if turn.mark:
            marks.append(Mark(game, turn.number, COLOUR_NAMES[turn.side], turn.mark, turn.loss, position.text(),
                              tuple(turn.actions), tuple(turn.best)))
        position = position.play(turn.actions)
    return marks


def reading(infos: list) -> tuple[int, int]:
    """``(score, depth)`` of a search from its info dicts, for the side to move, read as the
    review reads its own search: a proven result stands alone; else the first action's
    search (infos of one action), the mean of its last two finished depths (a depth that
    ends after the opponent's turn scores below one that ends after ours: the mean cancels
    most of it), or its one depth, or its last depth when either is a won or lost score."""
    for info in infos:
        if "proven" in info:
            return info["score"], info["depth"]
    depths = {info["depth"]: info["score"] for info in infos if len(info["best"]) <= 1}
    if not depths:
        return 0, 0
    order = sorted(depths)
    last = depths[order[-1]]
    if len(order) < 2 or abs(last) > MATE_BOUND or abs(depths[order[-2]]) > MATE_BOUND:
        return last, order[-1]
    return (last + depths[order[-2]]) // 2, order[-1]


def look(position: Position, mover: int, nodes: int) -> Look:
    """Master's look, with ``nodes`` nodes, at ``position`` (after a turn of ``mover``, 0
    White, 1 Black).  Forced actions (a single legal one) are played first: a search of one
    legal action answers at once without a score."""
    while position.winner is None and len(position.legal_actions()) == 1:
        position = position.apply(position.legal_actions()[0])
    if position.winner is not None:
        won = position.winner == mover
        return Look(1.0 if won else 0.0, "win" if won else "loss", 0, 0)
    infos: list = []
    _, last = run_think(position.board(), "master", 0, NO_DEADLINE, nodes, infos=infos)
    score, depth = reading(infos)
    mine = score if position.side == mover else -score
    proven = "win" if mine > MATE_BOUND else "loss" if mine < -MATE_BOUND else None
    return Look(win_chance(mine), proven, depth, last["nodes"] if last else 0)


def verdict(played: Look, better: Look) -> dict:
    """What the deeper look says of a mark: ``gain`` (points of chance the better turn
    leaves the mover over the turn played), ``confirmed`` (a gain of :data:`CONFIRM` or
    more), ``played_wins`` (the turn played is a proven win), ``same_result`` (both turns
    lead to the same proven result), ``played_better`` (the turn played is better by
    :data:`CONFIRM` or more)."""
    gain = round((better.chance - played.chance) * 100, 1)
    return {
        "gain": gain,
        "confirmed": gain >= CONFIRM,
        "played_wins": played.proven == "win",
        "same_result": played.proven is not None and played.proven == better.proven,
        "played_better": -gain >= CONFIRM,
    }


def check_mark(mark: Mark, nodes: int) -> dict:
    """A mark's row: the mark, Master's looks after both turns and the verdict."""
    before = Position.from_text(mark.position)
    mover = COLOUR_NAMES.index(mark.side)
    played = look(before.play(mark.played), mover, nodes)
    better = look(before.play(mark.better), mover, nodes)
    row = asdict(mark)
    row["played"], row["better"] = " ".join(mark.played), " ".join(mark.better)
    row["played_look"], row["better_look"] = asdict(played), asdict(better)
    return {**row, **verdict(played, better)}


def check_game(task: tuple) -> tuple[list, float, float]:
    """``(rows, CPU seconds, the review's CPU seconds)`` of one record: ``task`` is (path,
    review nodes, Master's nodes)."""
    path, review_nodes, nodes = task
    start = time.process_time()
    text = Path(path).read_text(encoding="utf-8")
    marks = review_marks(Path(path).name, text, review_nodes)
    reviewed = time.process_time()
    rows = [check_mark(m, nodes) for m in marks]
    return rows, time.process_time() - start, reviewed - start


def summary(rows: list) -> dict:
    """The counts of the rows: marks, confirmed, share (percent), played_wins, same_result,
    played_better."""
    n = len(rows)
    confirmed = sum(r["confirmed"] for r in rows)
    return {
        "marks": n,
        "confirmed": confirmed,
        "share": round(100 * confirmed / n, 1) if n else None,
        "played_wins": sum(r["played_wins"] for r in rows),
        "same_result": sum(r["same_result"] for r in rows),
        "played_better": sum(r["played_better"] for r in rows),
    }


def _chance(look_: dict) -> str:
    return look_["proven"] if look_["proven"] else f"{100 * look_['chance']:.1f}"


def _verdict_text(row: dict) -> str:
    if row["confirmed"]:
        return "confirmed"
    why = [w for w, on in (("played wins", row["played_wins"]), ("same result", row["same_result"]),
                           ("played better", row["played_better"])) if on]
    return "not confirmed" + (f" ({', '.join(why)})" if why else "")


def table_row(row: dict) -> str:
    """One mark as a line of the table."""
    return (f"{row['game']:<26} {row['turn']:>3} {row['side']:<5} {row['kind']:<8} {row['loss']:>5.1f}  "
            f"{row['played']:<13} {row['better']:<13} {_chance(row['played_look']):>6} "
            f"{_chance(row['better_look']):>6} {row['gain']:>6.1f}  {_verdict_text(row)}")


HEADER = (f"{'game':<26} {'turn':>9} {'kind':<8} {'loss':>5}  {'played':<13} {'better':<13} "
          f"{'played':>6} {'better':>6} {'gain':>6}  verdict")


def summary_text(s: dict, games: int) -> str:
    share = "-" if s["share"] is None else f"{s['share']:.1f}%"
    return (f"{s['marks']} marks in {games} games: {s['confirmed']} confirmed ({share}); "
            f"the turn played a proven win: {s['played_wins']}; both turns the same proven result: "
            f"{s['same_result']}; the turn played better by {CONFIRM:.0f} points or more: {s['played_better']}")


def _results(tasks: list, jobs: int):
    """The results of :func:`check_game` for ``tasks``, in their order, in ``jobs`` processes."""
    if jobs == 1:
        yield from map(check_game, tasks)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(check_game, tasks)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(fromfile_prefix_chars="@", prog="python -m lab.mark_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", metavar="RECORD", help="game records; @FILE reads their paths from FILE, one a line (lab/data/marks/set.txt: the measured set)")
    ap.add_argument("--review-nodes", type=int, default=review.DEFAULT_NODES, help="the review's nodes a position")
    ap.add_argument("--nodes", type=int, default=MASTER_NODES, help="Master's nodes a look")
    ap.add_argument("--jobs", type=int, default=1, help="games checked at a time, each in its own process")
    ap.add_argument("--json", metavar="FILE", help="write the rows and their counts to FILE")
    args = ap.parse_args(argv)
    if args.review_nodes < 1 or args.nodes < 1 or args.jobs < 1:
        ap.error("--review-nodes, --nodes and --jobs take a whole number of 1 or more")
    for path in args.records:
        if not Path(path).is_file():
            ap.error(f"no such record: {path}")
    tasks = [(path, args.review_nodes, args.nodes) for path in args.records]
    print(f"{len(tasks)} games, the review at {args.review_nodes:,} nodes a position, Master at {args.nodes:,} nodes a look; "
          f"chances are the mover's, in percent")
    print(HEADER, flush=True)
    rows, cpu, reviewing = [], 0.0, 0.0
    for game_rows, seconds, review_seconds in _results(tasks, args.jobs):
        rows += game_rows
        cpu += seconds
        reviewing += review_seconds
        for row in game_rows:
            print(table_row(row), flush=True)
    counts = summary(rows)
    print(summary_text(counts, len(tasks)))
    print(f"{cpu:.0f} s of CPU, the reviews {reviewing:.0f} s of it")
    if args.json:
        out = {"review_nodes": args.review_nodes, "nodes": args.nodes, "confirm": CONFIRM,
               "games": [Path(p).name for p in args.records], "summary": counts, "rows": rows}
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
