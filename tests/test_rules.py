"""Each ruling of docs/rules.md, its own test."""

import pytest

from engine_helpers import EMPTY_W0, STANDARD, build
from tzaar.rules.board import BLACK, TOTT, TZAAR, TZARRA, WHITE
from tzaar.rules.errors import IllegalActionError
from tzaar.rules.geometry import parse_point
from tzaar.rules.position import COVERED_OWN_TYPE, LOST_TYPE, NO_CAPTURE, Position

# Far-away pieces that give both sides all three types without touching the action.
WHITE_KEEP = {"A1": "Z", "A2": "A", "A3": "T"}
BLACK_KEEP = {"I5": "z", "I4": "a", "I3": "t"}


def pos(stacks, turn, keep=True):
    spec = {**WHITE_KEEP, **BLACK_KEEP, **stacks} if keep else stacks
    return Position.from_text(build(spec, turn))


def texts(p):
    return {a.text() for a in p.legal_actions()}


def test_the_centre_blocks_lines():
    # Enemies face each other across the missing centre on all three lines through it.
    p = pos({"E4": "Z", "E5": "t", "D4": "z", "F5": "T", "D5": "A", "F4": "a"}, "w2")
    legal = texts(p)
    for blocked in ["E4xE5", "F5xD4", "D5xF4"]:
        assert blocked not in legal
        with pytest.raises(IllegalActionError):
            p.apply(blocked)
    # The same pieces do meet their neighbours around the centre.
    assert {"E4xD4", "E4xF4", "F5xE5", "D5xE5", "D5xD4", "F5xF4"} <= legal


def test_a_move_goes_over_empty_points_to_the_first_occupied_one():
    p = pos({"B1": "T", "B5": "t", "B6": "a"}, "w1")
    legal = texts(p)
    assert "B1xB5" in legal  # over B2, B3, B4
    assert "B1xB6" not in legal  # never jumps over a piece
    assert not any(a.endswith(("B2", "B3", "B4")) for a in legal)  # never lands on an empty point


def test_the_opening_is_one_capture():
    p = Position.standard()
    assert p.is_opening and not p.can_pass
    acts = p.legal_actions()
    assert len(acts) == 42 and all(a.kind == "capture" for a in acts)
    after = p.apply("C5xC4")
    assert (after.side, after.step) == (BLACK, 1)  # White's first turn is over
    assert not after.is_opening


def test_later_turns_are_a_capture_then_a_second_action():
    p = Position.standard().apply("C5xC4")
    assert (p.side, p.step) == (BLACK, 1)
    p = p.apply("B3xC4")
    assert (p.side, p.step) == (BLACK, 2) and p.can_pass
    p = p.apply("B2xC2")  # a second capture
    assert (p.side, p.step) == (WHITE, 1)


def test_a_capture_needs_height_at_least_the_targets():
    p = pos({"E1": "T2", "E2": "t2", "F1": "a3", "D1": "z"}, "w1")
    legal = texts(p)
    assert "E1xE2" in legal  # equal height
    assert "E1xD1" in legal  # lower
    assert "E1xF1" not in legal  # taller
    with pytest.raises(IllegalActionError, match="taller"):
        p.apply("E1xF1")
    q = pos({"E1": "T2", "E2": "t2", "F1": "a3", "D1": "z"}, "b1")
    assert "F1xE1" in texts(q)


def test_a_capture_keeps_the_movers_height_and_removes_the_target():
    p = pos({"E1": "T2", "E2": "t2"}, "w1").apply("E1xE2")
    assert p.stack_at(parse_point("E1")) is None
    assert p.stack_at(parse_point("E2")) == (WHITE, TOTT, 2)
    assert p.pieces(BLACK) == 3


def test_stacking_adds_heights_and_the_movers_top_wins():
    p = pos({"E1": "A2", "E3": "Z3", "F1": "t"}, "w2")
    assert "E1-E3" in texts(p)
    q = p.apply("E1-E3")
    assert q.stack_at(parse_point("E1")) is None
    assert q.stack_at(parse_point("E3")) == (WHITE, TZARRA, 5)
    assert q.tops(WHITE) == (1, 2, 1)  # the Tzaar at E3 is covered
    assert q.pieces(WHITE) == p.pieces(WHITE)
    assert (q.side, q.step) == (BLACK, 1)


def test_stacking_is_not_a_first_action():
    p = pos({"E1": "A", "E3": "Z", "F1": "t"}, "w1")
    assert "E1-E3" not in texts(p)
    with pytest.raises(IllegalActionError, match="second action"):
        p.apply("E1-E3")


def test_pass_only_as_a_second_action():
    first = pos({"E1": "T", "E2": "t"}, "w1")
    assert "pass" not in texts(first) and not first.can_pass
    with pytest.raises(IllegalActionError, match="pass is only allowed as the second action"):
        first.apply("pass")
    second = first.apply("E1xE2")
    assert "pass" in texts(second) and second.can_pass
    after = second.apply("pass")
    assert (after.side, after.step) == (BLACK, 1)
    assert after.cells == second.cells


def test_a_first_action_capture_of_the_last_of_a_type_ends_the_game_at_once():
    p = Position.from_text(build({"E1": "T", "E2": "z", "I4": "a", "I3": "t", "A1": "Z", "A2": "A"}, "w1"))
    after = p.apply("E1xE2")
    assert (after.side, after.step) == (WHITE, 2)  # the turn digit advances as usual
    assert after.winner == WHITE
    assert after.legal_actions() == [] and not after.can_pass
    out = after.outcome()
    assert (out.code, out.kind, out.text()) == (LOST_TYPE, TZAAR, "Black has no Tzaar left")


def test_covering_your_own_last_type_loses():
    p = Position.from_text(build({"E1": "T", "E2": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "w2"))
    assert "E1-E2" in [a.text() for a in p.losing_actions()]
    assert "E1-E2" in texts(p)  # legal ...
    after = p.apply("E1-E2")
    assert after.winner == BLACK  # ... and it loses at once
    assert (after.side, after.step) == (BLACK, 1)
    assert after.outcome("E1-E2") == (BLACK, COVERED_OWN_TYPE, TZAAR)
    assert after.outcome("E1-E2").text() == "White covered its last Tzaar"
    assert after.outcome().code == LOST_TYPE  # without the last action the position cannot tell
    assert after.legal_actions() == []


def test_stacking_onto_the_same_type_does_not_lose_it():
    spec = {"E1": "Z", "E2": "Z", "A2": "A", "A3": "T", "A4": "t", "I5": "z", "I4": "a"}
    p = Position.from_text(build(spec, "w2"))
    assert "E1-E2" not in [a.text() for a in p.losing_actions()]
    after = p.apply("E1-E2")
    assert after.winner is None and after.tops(WHITE) == (1, 1, 1)


def test_no_capture_at_the_start_of_a_turn_loses():
    # White's pieces all face only their own or taller black stacks.
    p = Position.from_text(build({"A1": "Z", "A2": "A", "A3": "T", "A4": "z2", "I5": "a", "I4": "t"}, "w1"))
    assert p.winner == BLACK
    assert p.outcome() == (BLACK, NO_CAPTURE, None)
    assert p.outcome().text() == "White cannot capture at the start of the turn"
    assert p.legal_actions() == []
    # The same pieces at the second action: not lost, pass is always there.
    q = Position.from_text(p.text().replace("w1", "w2"))
    assert q.winner is None and texts(q) == {"A1-A2", "A2-A1", "A2-A3", "A3-A2", "pass"}


def test_finished_positions_have_no_actions():
    finished = [
        build({"A1": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "w2"),  # White lacks a Tott
        build({"A1": "Z", "A2": "A", "A3": "T", "I5": "z", "I4": "a"}, "b2"),  # Black lacks a Tott
        build({"A1": "Z", "A2": "A", "A3": "T", "A4": "z2", "I5": "a", "I4": "t"}, "w1"),  # no capture
    ]
    for text in finished:
        p = Position.from_text(text)
        assert p.winner is not None
        assert p.legal_actions() == [] and not p.can_pass
        b = p.board()
        assert b.moves() == [] and b.count() == 0 and b.captures() == []
        for a in ["pass", "A1-A2", "A1xI5"]:
            with pytest.raises(IllegalActionError, match="the game is over"):
                p.apply(a)


def test_the_60th_placement_hands_white_the_opening_capture():
    p = Position.from_text("TttZz/AZTATA/TaAaa.A/tzA.TzTa/ZT.TTTtT/ztZttzat/ATZtaaa/ZAtAtT/taztT b0")
    assert p.is_placement and p.reserve(BLACK) == (0, 0, 2) and p.reserve(WHITE) == (0, 0, 1)
    p = p.apply("t@C6").apply("T@D4")
    assert (p.side, p.step) == (BLACK, 0) and p.reserve(BLACK) == (0, 0, 1)
    assert texts(p) == {"T@E3"}
    last = p.apply("t@e3")
    assert (last.side, last.step) == (WHITE, 1)
    assert last.is_opening
    assert last.reserve(WHITE) == last.reserve(BLACK) == (0, 0, 0)
    assert all(a.kind == "capture" for a in last.legal_actions())
    assert last.apply(last.legal_actions()[0]).side == BLACK


def test_tournament_placement_white_first_any_type_any_empty_point():
    p = Position.tournament()
    assert p.text() == EMPTY_W0 and p.side == WHITE and p.is_placement
    assert p.reserve(WHITE) == (6, 9, 15) and p.winner is None
    assert len(p.legal_actions()) == 180
    q = p.apply("Z@E5")
    assert (q.side, q.step) == (BLACK, 0)
    assert q.reserve(WHITE) == (5, 9, 15) and q.tops(WHITE) == (1, 0, 0)
    assert "Z@E5" not in texts(q) and "Z@E4" in texts(q)
    with pytest.raises(IllegalActionError, match="not empty"):
        q.apply("t@E5")
    with pytest.raises(IllegalActionError, match="still being placed"):
        q.apply("E5xE4")


def test_a_type_placed_out_cannot_be_placed_again():
    stacks = {n: "Z" for n in ["A1", "A2", "A3", "A4", "A5", "B1"]}
    stacks.update({n: "z" for n in ["I1", "I2", "I3", "I4", "I5", "H1"]})
    p = Position.from_text(build(stacks, "w0"))
    assert p.reserve(WHITE) == (0, 9, 15)
    assert not any(a.text().startswith("Z@") for a in p.legal_actions())
    with pytest.raises(IllegalActionError, match="no Tzaar left to place"):
        p.apply("Z@E5")


def test_no_pieces_move_during_placement_and_nothing_is_placed_in_play():
    with pytest.raises(IllegalActionError, match="placement is over"):
        Position.standard().apply("Z@E5")


def test_it_is_the_side_to_moves_piece_that_moves():
    with pytest.raises(IllegalActionError, match="White's turn"):
        Position.standard().apply("C4xC5")
    with pytest.raises(IllegalActionError, match="is empty"):
        Position.standard().apply("C5xC4").apply("C5xC6")


def test_random_setup_is_replayable_and_full():
    a, b, c = Position.random(7), Position.random(7), Position.random(8)
    assert a == b and a != c
    assert a.is_opening and a.tops(WHITE) == a.tops(BLACK) == (6, 9, 15)
    assert Position.random(7).text() == a.text()
    # The same seed gives the same setup on every Python (the browser runs Pyodide).
    assert Position.random(12345).text() == "aTttA/ZTtTzZ/zaAtatT/AaTTAtTz/TZtAZtzt/zZTaaaAa/zTtAtAT/aTATTt/ttZtT w1"
    with pytest.raises(TypeError):
        Position.random("7")


def test_standard_setup_symmetry():
    # Unchanged by a 120 degree turn; a 180 degree turn swaps the colours (docs/rules.md).
    from tzaar.rules.geometry import COORDS

    at = {c: i for i, c in enumerate(COORDS)}
    p = Position.standard()

    def rotate180(q, y):
        return -q, 16 - y

    for i, (q, y) in enumerate(COORDS):
        j = at[rotate180(q, y)]
        assert p.cells[j] == -p.cells[i]
    assert Position.from_text(STANDARD) == p
