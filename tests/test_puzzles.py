"""Puzzles: the exact "win within n turns" solver, answers checked, the generator.
The shipped puzzles are proven in lab/tests/test_puzzleset.py."""

import pytest

from engine_helpers import IN_ONE, PUZZLE
from facade_helpers import ok
from tzaar.facade import call
from tzaar.rules.notation import Action
from tzaar.rules.position import Position
from tzaar.ai.solver import Solver, SolverLimit
from tzaar.study.puzzles import check_answer, winning_first_actions, wins

LINE = ["G4xB6", "C7-D8", "A1xA2", "G2xF2", "D8xE8"]  # PUZZLE's answer and the line after it


def texts(codes, pos):
    return [Action.from_code(a, pos.cells).text() for a in codes]


def test_solver_proves_the_puzzle():
    pos = Position.from_text(PUZZLE)
    b = pos.board()
    s = Solver(b)
    assert not wins(s, 1) and wins(s, 2)
    assert texts(winning_first_actions(b, 2, s), pos) == ["G4xB6"]
    assert b.text() == pos.text()  # the board is restored


def test_the_node_budget_stops_the_solver_and_restores_the_board():
    pos = Position.from_text(PUZZLE)
    b = pos.board()
    with pytest.raises(SolverLimit):
        winning_first_actions(b, 2, Solver(b, max_nodes=5))
    assert b.text() == pos.text()


def test_solver_on_a_win_in_one():
    pos = Position.from_text(IN_ONE)
    b = pos.board()
    s = Solver(b)
    assert wins(s, 1) and "F6xD5" in texts(winning_first_actions(b, 1, s), pos)


def test_the_right_line_is_solved_step_by_step():
    assert check_answer(Position.from_text(PUZZLE), LINE[:1])["status"] == "continue"
    out = ok("puzzle_check", position=PUZZLE, actions=LINE[:2])
    assert out["status"] == "continue" and len(out["defence"]) == 2
    assert ok("puzzle_check", position=PUZZLE, actions=LINE[:4])["status"] == "continue"
    assert ok("puzzle_check", position=PUZZLE, actions=LINE) == {"status": "solved", "defence": [], "reason": "White wins."}


def test_a_wrong_first_action_fails_at_once():
    out = ok("puzzle_check", position=PUZZLE, actions=["G4xG2"])
    assert out["status"] == "failed" and out["defence"] == [] and "no second action wins" in out["reason"]


def test_a_wrong_second_action_fails_with_the_defence():
    out = ok("puzzle_check", position=PUZZLE, actions=["G4xB6", "pass"])
    assert out["status"] == "failed" and out["defence"]
    after = Position.from_text(PUZZLE).play(["G4xB6", "pass"] + out["defence"])
    b = after.board()
    assert after.winner == 1 or not wins(Solver(b), 1)  # the defence really holds


def test_a_last_turn_that_does_not_win_fails():
    pos = Position.from_text(IN_ONE)
    turn = next(
        [a.text(), c.text()]
        for a in pos.legal_actions()
        if pos.apply(a).winner is None
        for c in pos.apply(a).legal_actions()
        if pos.apply(a).apply(c).winner is None
    )
    out = check_answer(pos, turn, turns=1)
    assert out["status"] == "failed" and "does not win" in out["reason"]
    assert check_answer(pos, ["F6xD5"], turns=1)["status"] == "solved"


def test_puzzle_check_bad_input():
    assert call("puzzle_check", {"position": PUZZLE, "actions": ["G4-B6"]})["error"]["kind"] == "IllegalActionError"
    assert call("puzzle_check", {"position": PUZZLE, "actions": ["nope"]})["error"]["kind"] == "ActionError"
    assert call("puzzle_check", {"position": PUZZLE})["error"]["kind"] == "BadParams"
    assert call("puzzle_check", {"position": PUZZLE.replace("w1", "w2"), "actions": []})["error"]["kind"] == "BadParams"
    assert call("puzzle_check", {"position": "x", "actions": []})["error"]["kind"] == "PositionError"
