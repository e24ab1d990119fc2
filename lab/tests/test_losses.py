"""When a lost game was lost (``python -m lab.losses``): the solver at the loser's last turns."""

from lab import losses
from lab.tactics import load
from tzaar.ai.solver import solve
from tzaar.rules.notation import Action
from tzaar.rules.position import Position
from tzaar.records.ours import format_record


def _game():
    # An endgame of the tactical suite (the side to move wins in 3 turns), both sides
    # played by the solver (the fastest win, the slowest loss): the other side loses.
    t = next(t for t in load() if t.kind == "endgame" and t.turns == 3)
    start = Position.from_text(t.position)
    b = start.board()
    actions = []
    while b.winner() is None:
        for c in solve(b, max_nodes=50_000).actions:
            actions.append(Action.from_code(c, b.cells))
            b.do(c)
    return start, actions, b.winner()


def test_the_losers_last_turn_is_a_proven_loss(tmp_path, capsys):
    start, actions, winner = _game()
    loser = 1 - winner
    text = "# Expert (" + ("white", "black")[loser] + ") against someone.\n" + format_record(start, actions)
    got = losses.verdicts(text, loser, last=3, nodes=5000)
    assert got == [(got[0][0], "loss 2")]  # its one turn: lost within 2 turns
    assert [v for _, v in losses.verdicts(text, winner, nodes=5000)] == ["win 1"]  # its last turn wins
    assert losses.side_of(text) == loser
    path = tmp_path / "g.txt"
    path.write_text(text)
    assert losses.main(["--last", "2", "--nodes", "5000", str(path)]) == 0
    assert "stacks: loss" in capsys.readouterr().out


def test_bad_arguments_exit_2(capsys):
    for args in ([], ["--nodes"], ["--nodes", "x", "f"], ["--side", "red", "f"]):
        assert losses.main(args) == 2
    assert "usage:" in capsys.readouterr().err
