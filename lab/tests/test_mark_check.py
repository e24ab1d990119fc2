"""Whether the review's marks survive a deeper look (``python -m lab.mark_check``): the
verdict on hand-made chances, the reading of a search, and a whole run on two short games
at tiny budgets."""

import json
from pathlib import Path

import pytest

from lab import mark_check
from lab.mark_check import Look, verdict
from tzaar.ai.search import MATE
from tzaar.records.either import read_any_record

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "explained"
GAMES = [DATA / "engine-casual-random.txt", DATA / "engine-random-casual.txt"]


def _look(chance, proven=None):
    return Look(chance, proven, 6, 1000)


def test_a_mark_is_confirmed_from_ten_points_of_chance():
    assert verdict(_look(0.50), _look(0.60)) == {
        "gain": 10.0, "confirmed": True, "played_wins": False, "same_result": False, "played_better": False}
    below = verdict(_look(0.501), _look(0.60))
    assert below["gain"] == 9.9 and not below["confirmed"] and not below["played_better"]
    worse = verdict(_look(0.92), _look(0.18))
    assert worse["gain"] == -74.0 and not worse["confirmed"] and worse["played_better"]


def test_proven_results_are_told_apart():
    won = verdict(_look(1.0, "win"), _look(1.0, "win"))
    assert won["played_wins"] and won["same_result"] and not won["confirmed"]
    lost = verdict(_look(0.0, "loss"), _look(0.0, "loss"))
    assert lost["same_result"] and not lost["played_wins"] and not lost["confirmed"]
    saved = verdict(_look(0.0, "loss"), _look(0.4))  # a proven loss where the better turn holds on
    assert saved["confirmed"] and not saved["same_result"]
    thrown = verdict(_look(1.0, "win"), _look(0.7))  # a won game marked: the deeper look says no
    assert thrown["played_wins"] and thrown["played_better"] and not thrown["confirmed"]


def test_a_search_is_read_as_the_review_reads_its_own():
    first = [{"depth": 1, "score": 100, "best": [5]}, {"depth": 2, "score": -300, "best": [5]},
             {"depth": 2, "score": -300, "best": [5]}, {"depth": 3, "score": 900, "best": [5, 7]}]
    assert mark_check.reading(first) == (-100, 2)  # the first action's last two depths, the second's left out
    assert mark_check.reading(first[:1]) == (100, 1)
    won = first[:2] + [{"depth": 3, "score": MATE - 3, "best": [5]}]
    assert mark_check.reading(won) == (MATE - 3, 3)
    proven = [{"depth": 2, "score": 2 - MATE, "best": [5, 7], "proven": {"result": "loss", "turns": 2}}]
    assert mark_check.reading(proven) == (2 - MATE, 2)


def test_a_finished_game_is_proven_for_both_sides():
    record = read_any_record(GAMES[0].read_text(encoding="utf-8"))
    end = record.start.play(record.actions)
    assert end.winner is not None
    assert mark_check.look(end, end.winner, 100) == Look(1.0, "win", 0, 0)
    assert mark_check.look(end, 1 - end.winner, 100) == Look(0.0, "loss", 0, 0)


def test_a_run_prints_and_writes_every_mark_the_same_in_one_process_or_two(tmp_path, capsys):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ["--review-nodes", "300", "--nodes", "2000", *map(str, GAMES)]
    assert mark_check.main([*args, "--json", str(one)]) == 0
    out = capsys.readouterr().out
    assert mark_check.main([*args, "--json", str(two), "--jobs", "2"]) == 0
    data = json.loads(one.read_text())
    assert data == json.loads(two.read_text())  # deterministic, in the records' order
    rows, counts = data["rows"], data["summary"]
    assert counts["marks"] == len(rows) > 0 and counts["confirmed"] == sum(r["confirmed"] for r in rows)
    assert data["games"] == [g.name for g in GAMES] and data["nodes"] == 2000
    for row in rows:
        assert row["kind"] in ("mistake", "blunder") and row["played"] != row["better"]
        assert mark_check.table_row(row) in out
    assert f"{counts['marks']} marks in 2 games: {counts['confirmed']} confirmed" in out


@pytest.mark.parametrize("args", [["--nodes", "0", "x.txt"], ["--jobs", "0", "x.txt"], ["no-such-record.txt"]])
def test_bad_arguments_exit_2(args, capsys):
    with pytest.raises(SystemExit) as stop:
        mark_check.main(args)
    assert stop.value.code == 2 and "python -m lab.mark_check" in capsys.readouterr().err
