"""The review's marks looked at again by the review's own deeper look at a larger budget:
``python -m lab.mark_recheck``.

    python -m lab.mark_recheck --nodes N [--review-nodes R] ROWS.json...

Each ROWS.json is a file ``python -m lab.mark_check --json`` wrote (its rows: every mark with
the position before the turn, the turn played, the better turn and Master's verdict).  For
every row the positions after the turn played and after the better turn get the deeper look
of the review's second pass (:func:`tzaar.ai.review_looks.deeper`: the solver first with
``review.SOLVE`` times R nodes where ``review.SOLVE_STACKS`` stacks or fewer are left, else
the review's player searching N nodes), and the gain of the better turn over the turn played
(points of the mover's chance) is printed beside the review's loss and Master's gain.

Then, for a mark kept only where that look's gain reaches 10 points (Master's ``CONFIRM``)
and where it reaches 15 (a mistake, ``review_marks.MISTAKE``), the marks kept and how many
of them Master confirmed: what a further check of every mark at N nodes would give, without
the review's other looks.  The figures and what they decided: docs/benchmarks-log.md
("Experiments not kept").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tzaar.ai import review, review_looks
from tzaar.ai.review_marks import MISTAKE
from tzaar.rules.position import Position

from lab.mark_check import CONFIRM
from lab.review_cost import finished

#: The gains from which a mark is kept, in the tally.
THRESHOLDS = (CONFIRM, float(MISTAKE))


def recheck(row: dict, nodes: int, review_nodes: int) -> float:
    """The gain (points of the mover's chance) of the row's better turn over its turn played,
    by the deeper look with ``nodes`` nodes."""
    before = Position.from_text(row["position"])
    side = 0 if row["side"] == "white" else 1
    looks = [finished(review_looks.deeper(before.play(row[turn].split()), review.PLAYER, nodes,
                                          review.SOLVE * review_nodes, review.SOLVE_STACKS))
             for turn in ("played", "better")]
    played, better = (look.evaluation.chance for look in looks)  # White's chances
    return round((better - played) * (1 if side == 0 else -1) * 100, 1)


def tally(rows: list, gains: list) -> list:
    """For each of :data:`THRESHOLDS`: (threshold, marks kept, of them confirmed by Master)."""
    out = []
    for threshold in THRESHOLDS:
        kept = [row for row, gain in zip(rows, gains) if gain >= threshold]
        out.append((threshold, len(kept), sum(row["confirmed"] for row in kept)))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.mark_recheck", description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, required=True, help="the deeper look's nodes")
    parser.add_argument("--review-nodes", type=int, default=review.DEFAULT_NODES,
                        help="the review's nodes the rows were made at (the solver gets SOLVE times them)")
    parser.add_argument("rows", nargs="+", type=Path, help="files of lab.mark_check --json")
    args = parser.parse_args(argv)
    start = time.process_time()
    for path in args.rows:
        rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
        print(f"{path}: {len(rows)} marks, each looked at with {args.nodes:,} nodes")
        gains = []
        for row in rows:
            gains.append(recheck(row, args.nodes, args.review_nodes))
            print(f"  {row['game']:28} turn {row['turn']:3} {row['kind']:8} loss {row['loss']:5.1f}  "
                  f"Master {row['gain']:6.1f} {'confirmed' if row['confirmed'] else 'not confirmed':13}  "
                  f"at {args.nodes:,}: {gains[-1]:6.1f}", flush=True)
        for threshold, kept, confirmed in tally(rows, gains):
            share = f"{100 * confirmed / kept:.1f}%" if kept else "-"
            print(f"  kept from {threshold:g} points: {kept} of {len(rows)}, Master confirms {confirmed} ({share})")
    print(f"{time.process_time() - start:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
