"""What the review's second looks cost (``python -m lab.bench_review``): it reviews each
record whole and without the deeper pass (or the Hint's check), and counts the marks of both."""

import re
from pathlib import Path

import pytest

from lab import bench_review
from tzaar.ai import review

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "explained" / "engine-random-casual.txt"


@pytest.mark.parametrize("without", ["deep", "hint"])
def test_it_reviews_whole_and_without_a_second_look(capsys, without):
    would_mark = review.Review._would_mark
    bench_review.main(["--nodes", "200", "--without", without, str(GAME)])
    out = capsys.readouterr().out
    assert out.startswith("1 records at 200 nodes a position")
    marked = [int(n) for n in re.findall(r"(\d+) turns marked", out)]
    # the second looks only ever unmark (a turn the Hint suggests, a mark the deeper look drops)
    assert len(marked) == 2 and marked[0] <= marked[1] and re.search(r"ratio \d+\.\d\d", out)
    assert ("without the deeper pass" in out) == (without == "deep")
    assert review.Review._would_mark is would_mark  # the check is put back
