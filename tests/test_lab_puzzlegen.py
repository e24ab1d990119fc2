"""The puzzle generator's command line (``python -m lab.puzzlegen``) and the puzzle set's
(``python -m lab.puzzleset``)."""

import json
from pathlib import Path

import pytest

from lab.puzzlegen import main
from lab.puzzleset import main as puzzleset
from lab.puzzleset import prove, rating_of
from tzaar.notation import Action
from tzaar.position import Position
from tzaar.puzzles import winning_first_actions


def test_writes_proven_puzzles(capsys, tmp_path):
    out = tmp_path / "p.json"
    # A frozen player: the games (and so the puzzle found) do not move when the engine changes.
    code = main(["--games", "1", "--count", "1", "--seed", "110", "--player", "beginner-v1", "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 0 and "1 puzzles" in err
    data = json.loads(out.read_text())
    assert data["version"] == 1 and data["turns"] == 2 and len(data["puzzles"]) == 1
    p = data["puzzles"][0]
    assert set(p) == {"id", "position", "side", "answer", "solution"}
    pos = Position.from_text(p["position"])
    answers = [Action.from_code(a, pos.cells).text() for a in winning_first_actions(pos.board(), 2)]
    assert answers == [p["answer"]]


@pytest.mark.parametrize("args", [("--games", "0"), ("--player", "nobody"), ("--count", "x")])
def test_bad_input_is_one_line_and_exit_2(capsys, args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("lab.puzzlegen: error:")


def test_merge_adds_themed_rated_puzzles_and_skips_known_positions(capsys, tmp_path):
    out = tmp_path / "set.json"
    args = ["--games", "1", "--count", "1", "--seed", "110", "--player", "beginner-v1", "--out", str(out), "--merge"]
    assert main(args) == 0  # a new file
    first = json.loads(out.read_text())["puzzles"]
    assert [p["id"] for p in first] == ["p1"] and first[0]["themes"] and first[0]["rating"] >= 800
    prove(first[0])
    assert main(args) == 0  # the same game again: its position is known, nothing added
    assert json.loads(out.read_text())["puzzles"] == first
    _, err = capsys.readouterr()
    assert "0 puzzles" in err


def test_merge_needs_a_file(capsys):
    assert main(["--merge"]) == 2
    assert "--merge needs an --out file" in capsys.readouterr().err


def test_puzzleset_annotates_merges_and_proves(capsys, tmp_path):
    shipped = json.loads((Path(__file__).resolve().parent.parent / "web" / "learn" / "puzzles.json").read_text())
    base, more = tmp_path / "base.json", tmp_path / "more.json"
    plain = [{k: p[k] for k in ("id", "position", "side", "answer", "solution")} for p in shipped["puzzles"][:3]]
    base.write_text(json.dumps({"version": 1, "turns": 2, "puzzles": plain[:2]}))
    more.write_text(json.dumps({"version": 1, "turns": 2, "puzzles": [{**plain[1], "id": "p1"}, {**plain[2], "id": "p1"}]}))
    assert puzzleset(["annotate", str(base), "--add", str(more)]) == 0
    data = json.loads(base.read_text())
    assert [p["id"] for p in data["puzzles"]] == ["p1", "p2", "p3"]  # p2 known, the third added as p3
    for got, want in zip(data["puzzles"], shipped["puzzles"][:3]):
        assert {k: got[k] for k in ("position", "answer", "themes")} == {k: want[k] for k in ("position", "answer", "themes")}
        assert got["rating"] == rating_of(got["nodes"])  # (the nodes are today's engine's)
    assert puzzleset(["prove", str(base)]) == 0
    assert "3 of 3 puzzles proven" in capsys.readouterr().out
    data["puzzles"][1]["answer"] = data["puzzles"][1]["solution"][1]
    base.write_text(json.dumps(data))
    assert puzzleset(["prove", str(base)]) == 1
    assert "2 of 3 puzzles proven" in capsys.readouterr().out
    data["puzzles"][1] = {**shipped["puzzles"][1], "solution": [shipped["puzzles"][1]["answer"], "nonsense"]}
    del data["puzzles"][2]["rating"]
    base.write_text(json.dumps(data))
    assert puzzleset(["prove", str(base)]) == 1
    out = capsys.readouterr().out
    assert "1 of 3 puzzles proven" in out and "p2: ActionError" in out and "p3: the rating" in out
    assert puzzleset(["prove", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.startswith("lab.puzzleset: error:")
