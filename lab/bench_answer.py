"""What judging an exercise's answer by the deeper look costs: ``python -m lab.bench_answer
[--nodes N] MARKS.json``.

For each marked turn of a ``lab.mark_check`` JSON (its rows: the position before the turn,
the turn played, the better turn), two answers an exercise of it would get: the turn played
again (a wrong answer) and the better turn (the right one).  Each is judged twice, alternately
in the same run so the machine's load weighs on both alike: as the page judged an answer
before, by the review of the one turn (:func:`tzaar.ai.review.review_game`, whose first pass
alone judges a turn it does not make a candidate, against its own turn), and as it judges it
now, against the exercise's better turn by the deeper look
(:class:`tzaar.ai.review_answer.AnswerReview`), at N nodes a position (default 1,500, the
page's).  Prints the CPU seconds of each (median and worst an answer, and in all), their
ratio, and how many answers each calls right.  Figures in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tzaar.ai.review import review_game
from tzaar.ai.review_answer import AnswerReview
from tzaar.rules.position import Position

#: A right answer gives away less than this (web/learn/exercise-list.js MARGIN).
MARGIN = 8


def _right(turn) -> bool:
    return turn.best == turn.actions or (turn.loss is not None and turn.loss < MARGIN)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_answer", description=__doc__.split("\n\n")[0])
    parser.add_argument("marks", metavar="MARKS.json")
    parser.add_argument("--nodes", type=int, default=1500)
    args = parser.parse_args(argv)
    rows = json.load(open(args.marks))["rows"]
    spent = {"before": [], "now": []}
    right = {"before": 0, "now": 0}
    for row in rows:
        start = Position.from_text(row["position"])
        for answer in (row["played"].split(), row["better"].split()):
            t0 = time.process_time()
            before = review_game(start, answer, args.nodes).turns[0]
            t1 = time.process_time()
            now = AnswerReview(start, answer, row["better"].split(), args.nodes).step(float("inf")).result.turns[0]
            t2 = time.process_time()
            spent["before"].append(t1 - t0)
            spent["now"].append(t2 - t1)
            right["before"] += _right(before)
            right["now"] += _right(now)
    n = len(spent["now"])
    for name in ("before", "now"):
        s = spent[name]
        print(f"{name:6s}: {n} answers, median {statistics.median(s):.2f} s, worst {max(s):.2f} s, all {sum(s):.1f} s CPU; right {right[name]}")
    print(f"ratio (now / before): {sum(spent['now']) / sum(spent['before']):.2f}")


if __name__ == "__main__":
    main()
