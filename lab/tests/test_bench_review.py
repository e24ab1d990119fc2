"""What the review's check with the Hint's search costs (``python -m lab.bench_review``): it
reviews each record with the check and without, and counts the marks of both."""

import re
from pathlib import Path

from lab import bench_review
from tzaar.ai import review

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "explained" / "engine-random-casual.txt"


def test_it_reviews_with_and_without_the_check(capsys):
    would_mark = review.Review._would_mark
    bench_review.main(["--nodes", "200", str(GAME)])
    out = capsys.readouterr().out
    assert out.startswith("1 records at 200 nodes a position")
    marked = [int(n) for n in re.findall(r"(\d+) turns marked", out)]
    # the check only ever unmarks (a turn the Hint suggests), never marks more
    assert len(marked) == 2 and marked[0] <= marked[1] and re.search(r"ratio \d+\.\d\d", out)
    assert review.Review._would_mark is would_mark  # the check is put back
