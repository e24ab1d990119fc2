"""Where a review's CPU goes (``python -m lab.review_cost``): every look timed by its kind, and
two checkouts' reviews compared game by game."""

import re
from pathlib import Path

from lab import review_cost
from tzaar.ai import review, review_looks

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "data" / "explained" / "engine-casual-random.txt"


def test_every_look_is_timed_by_its_kind(capsys, monkeypatch):
    for module, name in ((review_looks, "searched"), (review_looks, "proven"), (review.Review, "_look")):
        monkeypatch.setattr(module, name, getattr(module, name))  # put back after the test
    review_cost.main(["--nodes", "300", str(GAME)])
    out = capsys.readouterr().out
    total = float(re.search(r"1 games at 300 nodes a position: ([\d.]+) s CPU", out).group(1))
    rows = re.findall(r"^([a-z-]+2?) +(search|solver proved|solver failed) +(\d+) +([\d.]+) +([\d.]+)%$", out, re.M)
    kinds = {kind for kind, *_ in rows}
    assert {"main", "alt", "hint", "deep-played"} <= kinds <= set(review.KINDS)
    assert sum(float(seconds) for *_, seconds, _ in rows) <= total + 0.1 * len(rows)


def test_two_checkouts_compared_game_by_game(capsys):
    review_cost.main(["--nodes", "300", "--before", str(ROOT), str(GAME)])
    out = capsys.readouterr().out
    assert "engine-casual-random.txt: before" in out and "marks the same" in out
    assert re.search(r"ratio \d\.\d{3}; the same marks in 1 of 1", out)
