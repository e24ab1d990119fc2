"""What the review's check with the Hint's search costs: ``python -m lab.bench_review
[--nodes N] RECORD...``.

Reviews each record (ours or LittleGolem's) at N nodes a position (default 1,500, the
page's), once as the review runs (a turn it would mark searched again with the Hint's search,
:mod:`tzaar.ai.review`) and once without that check, alternately record by record in the same
run so the machine's load weighs on both alike; then explains the marked turns
(:mod:`tzaar.study.explain`).  Prints the CPU seconds of each, their ratio, the marked turns of
each and the seconds the explanations took.  Figures in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time

from tzaar.ai import review
from tzaar.ai.review_values import ReviewResult
from tzaar.records.either import read_any_record
from tzaar.study.explained_review import explain_review


def _review(record, nodes: int, check: bool) -> tuple[float, ReviewResult]:
    """(CPU seconds, result) of one review, with or without the Hint's check."""
    would_mark = review.Review._would_mark
    if not check:
        review.Review._would_mark = lambda self, k: False
    try:
        start = time.process_time()
        result = review.review_game(record.start, record.actions, nodes)
        return time.process_time() - start, result
    finally:
        review.Review._would_mark = would_mark


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_review", description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", metavar="RECORD")
    parser.add_argument("--nodes", type=int, default=1500)
    args = parser.parse_args(argv)
    seconds = {True: 0.0, False: 0.0}
    marked = {True: 0, False: 0}
    explaining = 0.0
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            record = read_any_record(f.read())
        for check in (True, False):
            spent, result = _review(record, args.nodes, check)
            seconds[check] += spent
            marked[check] += sum(1 for t in result.turns if t.mark)
            if check:
                start = time.process_time()
                explain_review(record.start, result)
                explaining += time.process_time() - start
    print(f"{len(args.records)} records at {args.nodes} nodes a position")
    print(f"with the Hint's check: {seconds[True]:.1f} s CPU, {marked[True]} turns marked")
    print(f"without it: {seconds[False]:.1f} s CPU, {marked[False]} turns marked")
    print(f"ratio {seconds[True] / seconds[False]:.2f}; the explanations: {explaining:.2f} s CPU")


if __name__ == "__main__":
    main()
