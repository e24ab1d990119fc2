"""The opening-book probe (``python -m lab.book_probe``): positions, turns and the report."""

from lab import book_probe
from tzaar.rules.position import Position


def test_first_positions_are_the_start_and_one_after_each_opening_capture():
    rows = book_probe.first_positions()
    start = Position.standard()
    assert rows[0] == ("White's opening", start.board().text())
    assert len(rows) == 1 + len(start.legal_actions())
    assert len({text for _, text in rows}) == len(rows)
    assert all(label.startswith("Black after ") and text.endswith(" b1") for label, text in rows[1:])


def test_equal_budgets_choose_the_same_turn_and_give_nothing_away():
    label, text = book_probe.first_positions(1)[1]
    row = book_probe.probe(label, text, 1500, 1500, 1000)
    assert row["expert"] == row["long"] and len(row["expert"]) == 2
    assert row["loss"] == 0 and "values" not in row
    assert book_probe.report([row]).splitlines()[0].endswith("the same")


def test_a_different_turn_is_valued_from_both_sides():
    label, text = book_probe.first_positions(0)[0]
    row = book_probe.probe(label, text, 300, 6000, 2000)
    assert row["expert"] != row["long"]
    v_own, v_best = row["values"]
    assert row["loss"] == v_best - v_own
    assert "gives away" in book_probe.report([row]).splitlines()[0]
