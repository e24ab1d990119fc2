"""The explanations' reasons counted (``python -m lab.explain_words``): said, and telling the
two turns apart, for today's explain.py and an earlier one given as a file."""

import re
from pathlib import Path

from lab import explain_words
from tzaar.study import explain

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "explained" / "engine-random-casual.txt"


def test_it_counts_the_reasons_of_two_versions_on_the_same_reviews(capsys):
    explain_words.main(["--nodes", "400", "--before", explain.__file__, "--show", str(GAME)])
    out = capsys.readouterr().out
    assert "1 records reviewed at 400 nodes a position" in out
    counts = re.findall(r"^(before|now): (\d+) reasons said on (\d+) marked turns, (\d+) tell the turns apart", out, re.M)
    assert [c[0] for c in counts] == ["before", "now"]
    # the same file twice: the same counts, every reason telling the turns apart
    assert counts[0][1:] == counts[1][1:] and int(counts[1][2]) > 0 and counts[1][1] == counts[1][3]
    assert re.search(r"^    now apart After ", out, re.M)
