"""The review's marks looked at again (``python -m lab.mark_recheck``): at the review's own
deeper budget the look gives the review's loss back; the tally by thresholds; a whole run."""

import json
from pathlib import Path

from lab import mark_recheck
from tzaar.ai import review

ROWS = Path(__file__).resolve().parents[1] / "data" / "marks" / "after.json"


def rows_of(game: str) -> list:
    return [row for row in json.loads(ROWS.read_text(encoding="utf-8"))["rows"] if row["game"] == game]


def test_at_the_deeper_looks_budget_the_review_s_own_loss_comes_back():
    # the rows' losses and better turns come from the review's deeper looks (3,000 nodes, ten times)
    for row in rows_of("engine-casual-random.txt"):
        assert mark_recheck.recheck(row, review.DEEP * review.DEFAULT_NODES, review.DEFAULT_NODES) == row["loss"]


def test_the_tally_keeps_a_mark_from_each_threshold():
    rows = [{"confirmed": True}, {"confirmed": False}, {"confirmed": True}]
    assert mark_recheck.tally(rows, [12.0, 20.0, 9.9]) == [(10.0, 2, 1), (15.0, 1, 0)]


def test_a_run_prints_every_mark_and_the_tally(tmp_path, capsys):
    path = tmp_path / "rows.json"
    path.write_text(json.dumps({"rows": rows_of("engine-casual-random.txt")}), encoding="utf-8")
    assert mark_recheck.main(["--nodes", "300", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2 marks, each looked at with 300 nodes" in out
    assert out.count("engine-casual-random.txt     turn") == 2
    assert "kept from 10 points:" in out and "kept from 15 points:" in out
