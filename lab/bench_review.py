"""What the review's second looks cost: ``python -m lab.bench_review [--nodes N] [--without
deep|hint] RECORD...``.

Reviews each record (ours or LittleGolem's) at N nodes a position (default 1,500, the
page's), once as the review runs (:mod:`tzaar.ai.review`) and once without one of its second
looks, alternately record by record in the same run so the machine's load weighs on both
alike: ``--without deep`` (the default) leaves out the deeper pass and the proofs (the first
pass's marks stand), ``--without hint`` the check of a candidate with the Hint's search (and
with it the deeper pass, which looks only at the turns that check leaves).  Then explains the
marked turns (:mod:`tzaar.study.explain`).  Prints the CPU seconds of each, their ratio, the
marked turns of each and the seconds the explanations took.  Figures in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time

from tzaar.ai import review
from tzaar.ai.review_values import ReviewResult
from tzaar.records.either import read_any_record
from tzaar.study.explained_review import explain_review


def _review(record, nodes: int, whole: bool, without: str) -> tuple[float, ReviewResult]:
    """(CPU seconds, result) of one review, whole or without ``without``."""
    would_mark = review.Review._would_mark
    if not whole and without == "hint":
        review.Review._would_mark = lambda self, k: False
    try:
        start = time.process_time()
        result = review.review_game(record.start, record.actions, nodes, deep=whole or without != "deep")
        return time.process_time() - start, result
    finally:
        review.Review._would_mark = would_mark


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_review", description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", metavar="RECORD")
    parser.add_argument("--nodes", type=int, default=1500)
    parser.add_argument("--without", choices=("deep", "hint"), default="deep",
                        help="what the other review leaves out: the deeper pass (default) or the Hint's check")
    args = parser.parse_args(argv)
    seconds = {True: 0.0, False: 0.0}
    marked = {True: 0, False: 0}
    explaining = 0.0
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            record = read_any_record(f.read())
        for whole in (True, False):
            spent, result = _review(record, args.nodes, whole, args.without)
            seconds[whole] += spent
            marked[whole] += sum(1 for t in result.turns if t.mark)
            if whole:
                start = time.process_time()
                explain_review(record.start, result)
                explaining += time.process_time() - start
    left_out = {"deep": "the deeper pass", "hint": "the Hint's check"}[args.without]
    print(f"{len(args.records)} records at {args.nodes} nodes a position")
    print(f"the review: {seconds[True]:.1f} s CPU, {marked[True]} turns marked")
    print(f"without {left_out}: {seconds[False]:.1f} s CPU, {marked[False]} turns marked")
    print(f"ratio {seconds[True] / seconds[False]:.2f}; the explanations: {explaining:.2f} s CPU")


if __name__ == "__main__":
    main()
