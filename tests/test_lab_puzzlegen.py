"""The puzzle generator's command line (``python -m lab.puzzlegen``)."""

import json

import pytest

from lab.puzzlegen import main
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
