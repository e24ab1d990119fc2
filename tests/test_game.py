"""The Game object: history, undo/redo and turn structure (its records: test_records.py)."""

import pytest

from engine_helpers import STANDARD, build
from tzaar.rules.board import BLACK, WHITE
from tzaar.rules.errors import ActionError, IllegalActionError
from tzaar.rules.game import Game
from tzaar.rules.notation import parse_action
from tzaar.rules.position import COVERED_OWN_TYPE, Position
from tzaar.records.ours import game_record
from tzaar.rules.turns import Turn, group_turns


def test_new_game_is_the_standard_start():
    g = Game()
    assert g.start == g.position == Position.standard()
    assert g.actions == () and g.turns() == [] and g.last is None
    assert (g.side, g.step, g.is_opening, g.can_pass, g.is_placement) == (WHITE, 1, True, False, False)
    assert Game("tournament").is_placement and Game(STANDARD).start == Game("standard").start


def test_play_undo_redo():
    g = Game()
    assert g.play("c5xc4") == parse_action("C5xC4")
    g.play("B3xC4")
    assert (g.side, g.step, g.can_pass) == (BLACK, 2, True)
    g.play("pass")
    assert [a.text() for a in g.actions] == ["C5xC4", "B3xC4", "pass"]
    assert g.undo().text() == "pass" and g.undo().text() == "B3xC4"
    assert g.position == Position.standard().apply("C5xC4")
    assert g.can_undo and g.can_redo
    assert g.redo().text() == "B3xC4"
    assert g.position.step == 2
    g.play("B2xC2")  # a new action drops the redo list
    assert not g.can_redo and g.redo() is None
    assert [a.text() for a in g.actions] == ["C5xC4", "B3xC4", "B2xC2"]
    while g.undo():
        pass
    assert g.position == g.start and not g.can_undo and g.undo() is None


def test_illegal_play_leaves_the_game_unchanged():
    g = Game()
    with pytest.raises(IllegalActionError) as e:
        g.play("C5-C4")
    assert e.value.action == "C5-C4" and e.value.position == STANDARD
    with pytest.raises(ActionError):
        g.play("nonsense")
    assert g.actions == () and g.position == g.start


def test_turn_structure():
    g = Game(actions=["C5xC4", "B3xC4", "pass", "D5xD4"])
    turns = g.turns()
    assert turns[0] == Turn(1, WHITE, (parse_action("C5xC4"),))
    assert turns[1] == Turn(2, BLACK, (parse_action("B3xC4"), parse_action("pass")))
    assert turns[2].number == 3 and turns[2].side == WHITE and len(turns[2].actions) == 1
    assert group_turns(g.start, g.actions) == turns


def test_placements_are_turns_of_their_own():
    turns = group_turns(Position.tournament(), ["Z@E5", "t@E4", "A@A1"])
    assert [(t.number, t.side, len(t.actions)) for t in turns] == [(1, WHITE, 1), (2, BLACK, 1), (3, WHITE, 1)]


def test_game_from_a_second_action_position():
    start = Position.standard().play(["C5xC4", "B3xC4"])
    turns = group_turns(start, ["pass", "D5xD4"])
    assert [(t.number, t.side, [a.text() for a in t.actions]) for t in turns] == [
        (1, BLACK, ["pass"]),
        (2, WHITE, ["D5xD4"]),
    ]


def test_outcome_knows_a_covering_stacking():
    g = Game(build({"E1": "T", "E2": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "w2"))
    g.play("E1-E2")
    assert g.winner == BLACK and g.outcome().code == COVERED_OWN_TYPE
    assert "\nResult: Black wins (White covered its last Tzaar)\n" in game_record(g)


def test_repr_pastes_back():
    g = Game(actions=["C5xC4"])
    h = eval(repr(g), {"Game": Game})
    assert h.start == g.start and h.actions == g.actions
