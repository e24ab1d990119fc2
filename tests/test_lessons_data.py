"""The lessons (tzaar/study/lessons.py, tzaar/study/lesson_data.py): every step's position is one a game
can reach, its goal is reachable, the author's solution reaches it (through the facade, the
page's defence played), the hint is the solution's first action, every forced result is
proven by the exact solver, and wrong play gets a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tzaar import facade
from tzaar.ai.solver import Solver
from tzaar.study.attacks import check_position
from tzaar.study.lesson_data import LESSONS
from tzaar.study.lessons import GOAL_KINDS, _Turn, check_step, reachable
from tzaar.rules.position import Position
from tzaar.rules.notation import Action
from tzaar.study.puzzles import rests_of_turn, wins

STEPS = [(lesson["id"], n, step) for lesson in LESSONS for n, step in enumerate(lesson["steps"])]
IDS = [f"{lesson}-{n}" for lesson, n, _ in STEPS]
EN = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "en.json").read_text(encoding="utf-8"))


def play_solution(lesson: str, n: int, step: dict) -> dict:
    """Play the step's solution through the facade, with the defence the page would play."""
    actions, answer = [], None
    for action in step["solution"]:
        assert answer is None or answer["status"] == "continue", (action, answer)
        actions.append(action)
        answer = facade.call("lesson_check", {"lesson": lesson, "step": n, "actions": actions})["result"]
        actions += answer["defence"]
    return answer


def test_there_are_about_ten_lessons_each_with_its_texts():
    assert 9 <= len(LESSONS) <= 12
    assert len({lesson["id"] for lesson in LESSONS}) == len(LESSONS)
    for lesson in LESSONS:
        assert f"lessons.{lesson['id']}.title" in EN
        for n in range(len(lesson["steps"])):
            assert f"lessons.{lesson['id']}.{n}" in EN


@pytest.mark.parametrize("lesson,n,step", STEPS, ids=IDS)
def test_each_step_is_a_possible_position_with_a_reachable_goal_and_a_solution_that_reaches_it(lesson, n, step):
    position, why = check_position(step["position"])
    assert why is None and position.text() == step["position"]
    assert position.winner is None
    assert step["goal"]["kind"] in GOAL_KINDS
    assert step["hint"] == step["solution"][0] and position.is_legal(step["hint"])
    if step["goal"]["kind"] != "win" or step["goal"]["turns"] == 1:
        assert reachable(step["goal"], _Turn(position), position)
    assert play_solution(lesson, n, step) == {"status": "done", "reason": None, "defence": []}


@pytest.mark.parametrize("lesson,n,step", [s for s in STEPS if s[2]["goal"]["kind"] == "win"], ids=lambda v: str(v) if isinstance(v, (str, int)) else "")
def test_every_win_goal_is_a_forced_win_proven_by_the_solver_and_no_faster(lesson, n, step):
    turns = step["goal"]["turns"]
    solver = Solver(Position.from_text(step["position"]).board(), max_nodes=1_000_000)
    assert wins(solver, turns)
    if turns > 1:
        assert not wins(solver, turns - 1)  # the lesson's endgame needs its two turns


def winning_ways(position: Position) -> set:
    """How the side to move can win in this turn: the reason codes of its winning turns."""
    ways = set()
    for codes in rests_of_turn(position.board()):
        after = position
        for code in codes:
            after = after.apply(Action.from_code(code, after.board().cells))
        outcome = after.outcome()
        if outcome is not None and outcome.winner == position.side:
            ways.add(outcome.code)
    return ways


@pytest.mark.parametrize("lesson", ["starvation", "starve"])
def test_the_starvation_lessons_are_won_only_by_leaving_no_capture(lesson):
    for step in next(e for e in LESSONS if e["id"] == lesson)["steps"]:
        assert winning_ways(Position.from_text(step["position"])) == {"no-capture"}


def test_the_type_lesson_is_won_by_taking_a_type():
    for step in next(e for e in LESSONS if e["id"] == "types")["steps"]:
        assert winning_ways(Position.from_text(step["position"])) == {"lost-type"}


def test_the_pass_lesson_allows_only_the_pass():
    for step in next(e for e in LESSONS if e["id"] == "pass")["steps"]:
        position = Position.from_text(step["position"])
        done = [a.text() for a in position.legal_actions() if check_step(step, [a.text()])["status"] == "done"]
        assert done == ["pass"] and len(position.legal_actions()) > 3


@pytest.mark.parametrize(
    "lesson,n,actions,reason",
    [
        ("moving", 1, ["C2xC4"], {"code": "cannotNow", "side": "white", "goal": {"kind": "capture", "point": "G4"},
                                  "did": {"action": "C2xC4", "kind": "capture", "point": "C4", "type": "tott", "height": 1}}),
        ("height", 0, ["B3xG1", "pass"], {"code": "missed", "point": "D5"}),
        ("stacking", 0, ["C2-C5"], {"code": "lost", "why": "covered-own-type", "type": "tzaar"}),
        ("stacking", 0, ["pass"], {"code": "noStack", "height": 2, "goal": {"kind": "stack", "height": 2}, "did": {"action": "pass", "kind": "pass"}}),
        ("stacking", 0, ["A1xA5"], {"code": "noStack", "height": 2, "goal": {"kind": "stack", "height": 2},
                                    "did": {"action": "A1xA5", "kind": "capture", "point": "A5", "type": "tott", "height": 1}}),
        ("turn", 1, ["C2xC6", "pass"], {"code": "fewCaptures", "count": 2, "goal": {"kind": "captures", "count": 2}, "did": {"action": "pass", "kind": "pass"}}),
        ("defend", 0, ["pass"], {"code": "unsafe", "type": "tzarra", "point": "D5", "attacker": "D8"}),
        ("pass", 0, ["G2xC4"], {"code": "opponentWins", "action": "B6xB5"}),
        ("starve", 0, ["C2xC6", "pass"], {"code": "noWin"}),
    ],
)
def test_a_wrong_action_gets_its_reason(lesson, n, actions, reason):
    answer = facade.call("lesson_check", {"lesson": lesson, "step": n, "actions": actions})["result"]
    assert answer == {"status": "wrong", "reason": reason, "defence": []}
    assert f"lessons.reason.{reason['code']}" in EN


@pytest.mark.parametrize(
    "lesson,n,actions,reason",
    [
        ("turn", 1, ["H1xI1"], {"code": "won", "why": "lost-type", "type": "tzaar"}),  # the step asked for two captures
        ("stacking", 0, ["G1xI1"], {"code": "won", "why": "lost-type", "type": "tzaar"}),  # it asked for a stacking
        ("height", 1, ["A5xB6"], {"code": "won", "why": "lost-type", "type": "tzarra"}),  # it asked for G5
    ],
)
def test_a_win_that_is_not_the_steps_goal_is_acknowledged_as_a_win(lesson, n, actions, reason):
    answer = facade.call("lesson_check", {"lesson": lesson, "step": n, "actions": actions})["result"]
    assert answer == {"status": "done", "reason": reason, "defence": []}
    assert "lessons.reason.wonType" in EN and "lessons.reason.wonStarved" in EN


def test_any_play_that_reaches_the_goal_counts():
    # moving 0: the Tott on C6 can be taken from C2 or from B6.
    for action in ("C2xC6", "B6xC6"):
        assert check_step(LESSONS[0]["steps"][0], [action])["status"] == "done"


def test_the_facade_lists_the_lessons_and_refuses_an_unknown_step():
    listed = facade.call("lessons", {})["result"]["lessons"]
    assert [e["id"] for e in listed] == [e["id"] for e in LESSONS]
    assert listed[0]["steps"][0]["position"] == LESSONS[0]["steps"][0]["position"]
    error = facade.call("lesson_check", {"lesson": "moving", "step": 9, "actions": []})["error"]
    assert error["kind"] == "BadParams" and "no step 9" in error["message"]
    error = facade.call("lesson_check", {"lesson": "nope", "step": 0, "actions": []})["error"]
    assert error["kind"] == "BadParams" and "moving" in error["message"]
    error = facade.call("lesson_check", {"lesson": "moving", "step": 0, "actions": ["A1xA2"]})["error"]
    assert error["kind"] == "IllegalActionError"
