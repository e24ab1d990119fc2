"""Notation in symmetric pairs: action text and position text (docs/notation.md)."""

import pytest

from engine_helpers import EMPTY_W0, STANDARD, build
from tzaar.rules.board import BLACK, PASS, TOTT, TZAAR, WHITE, Board
from tzaar.rules.errors import ActionError, PositionError
from tzaar.rules.geometry import parse_point
from tzaar.rules.notation import (
    Action,
    format_position,
    parse_action,
    parse_position,
)
from tzaar.rules.position import Position

# ---------------------------------------------------------------------- actions


@pytest.mark.parametrize(
    "text,canonical,kind",
    [
        ("C3xD4", "C3xD4", "capture"),
        ("c3xd4", "C3xD4", "capture"),
        ("C3XD4", "C3xD4", "capture"),
        (" c3 x d4 ", "C3xD4", "capture"),
        ("C3-D4", "C3-D4", "stack"),
        ("e8-e1", "E8-E1", "stack"),
        ("pass", "pass", "pass"),
        ("PASS", "pass", "pass"),
        ("Z@C3", "Z@C3", "place"),
        ("a@i5", "A@I5", "place"),
        ("t@E5", "T@E5", "place"),
    ],
)
def test_action_text_round_trip(text, canonical, kind):
    a = parse_action(text)
    assert a.kind == kind
    assert a.text() == str(a) == canonical
    assert parse_action(a.text()) == a
    assert Action.from_text(text) == a
    assert eval(repr(a), {"parse_action": parse_action}) == a  # repr pastes back


@pytest.mark.parametrize(
    "bad",
    ["", "x", "C3", "C3xC3", "C3xJ4", "C3+D4", "C3xD4xE5", "K@C3", "Z@", "@C3", "passe", "Z@E9", 7, None],
)
def test_bad_action_text(bad):
    with pytest.raises(ActionError) as e:
        parse_action(bad)
    assert isinstance(e.value, ValueError)
    assert repr(bad) in str(e.value)


def test_action_codes_round_trip():
    p = Position.standard()
    for a in p.legal_actions():
        assert Action.from_code(a.code(), p.cells) == a
    assert Action.from_code(PASS, p.cells) == parse_action("pass")
    place = Action.place(TOTT, parse_point("E5"))
    assert place.text() == "T@E5"
    assert Action.from_code(place.code(), p.cells) == place
    assert Action.capture(0, 1).text() == "A1xA2"
    assert Action.stack(0, 1).text() == "A1-A2"
    assert Action.pass_().text() == "pass"


# ---------------------------------------------------------------------- positions


def test_standard_position_text_matches_rules():
    cells, side, step = parse_position(STANDARD)
    assert (side, step) == (WHITE, 1)
    white_totts = "A5 B1 B6 C1 C7 D1 D5 D8 E1 E4 F5 I2 I3 I4 I5".split()
    black_tzaars = "C3 C4 E6 F3 F6 G3".split()
    p = Position.from_text(STANDARD)
    for n in white_totts:
        assert p.stack_at(parse_point(n)) == (WHITE, TOTT, 1), n
    for n in black_tzaars:
        assert p.stack_at(parse_point(n)) == (BLACK, TZAAR, 1), n
    assert format_position(cells, side, step) == STANDARD


@pytest.mark.parametrize(
    "text",
    [
        STANDARD,
        EMPTY_W0,
        "...../....../......./...Tz.../...At.../...tZ.../......./....../a.... w2",
        "t4..../....../....t../...z2..A2./a2.T6...tT4/...Az.../T....../t...../Z2z2... b2",
        "....A/aZ2...Z/.tZ2..../..t2..t2z./at....../......../T.....z5/.....Z/.A6... b1",
        build({"A1": "Z30", "I5": "a", "I4": "t", "I3": "z"}, "b1"),
        build({"A1": "Z"}, "b0"),
    ],
)
def test_position_text_round_trip(text):
    cells, side, step = parse_position(text)
    assert format_position(cells, side, step) == text
    p = Position.from_text(text)
    assert p.text() == str(p) == text
    assert eval(repr(p), {"Position": Position}) == p
    assert Board.from_text(text).text() == text


def test_position_text_accepts_underscore_and_outer_spaces():
    assert Position.from_text(STANDARD.replace(" ", "_")).text() == STANDARD
    assert Position.from_text(f"  {STANDARD}\n").text() == STANDARD
    assert Position.from_text(STANDARD.replace("w1", "W1")).text() == STANDARD


def test_explicit_height_one_is_accepted_and_dropped():
    text = build({"A1": "Z1", "I5": "a", "I4": "t", "I3": "z", "A2": "A", "A3": "T"}, "w1")
    assert Position.from_text(text).text() == text.replace("Z1", "Z")


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("", "expected the nine columns"),
        (STANDARD.replace(" w1", ""), "expected the nine columns"),
        (STANDARD.replace(" ", "  "), "expected the nine columns"),
        (STANDARD.replace("/tTTTT", ""), "expected 9 columns"),
        (STANDARD.replace("ttttT/", "tttT/"), "column A has 4 points, expected 5"),
        (STANDARD.replace("tTTTT", "tTTTTT"), "column I has 6 points, expected 5"),
        (STANDARD.replace("ttttT", "ttttX"), "unknown letter 'X' in column A"),
        (STANDARD.replace("ttttT", "tttt "), "expected the nine columns"),
        (STANDARD.replace("w1", "w3"), "the turn 'w3'"),
        (STANDARD.replace("w1", "x1"), "the turn 'x1'"),
        (STANDARD.replace("w1", "w"), "the turn 'w'"),
        (STANDARD.replace("ttttT", "ttttZ"), "White has 7 stacks topped by a Tzaar, but only 6 exist"),
        (STANDARD.replace("ttttT", "tttaT"), "Black has 10 stacks topped by a Tzarra"),
        (build({"A1": "T31"}, "w1"), "higher than 30"),
        (build({"A1": "T0"}, "w1"), "bad height 'T0'"),
        (build({"A1": "T20", "A2": "Z11", "I5": "a", "I4": "t", "I3": "z"}, "w1"), "White has 31 pieces"),
        (STANDARD.replace("w1", "b1"), "only White's opening"),
        (STANDARD.replace("w1", "w2"), "only White's opening"),
        (STANDARD.replace("w1", "w0"), "play has begun"),
        (build({"A1": "Z2"}, "b0"), "no stacks can exist while pieces are still being placed"),
        (build({"A1": "Z"}, "w0"), "it is black's turn to place"),
        (build({}, "b0"), "it is white's turn to place"),
        (build({"A1": "z"}, "w0"), "White places first"),
        (build({"A1": "Z", "I5": "t"}, "w1"), "both sides have lost a whole type"),
        (build({}, "w1"), "both sides have lost a whole type"),
    ],
)
def test_bad_position_text(text, fragment):
    with pytest.raises(PositionError) as e:
        Position.from_text(text)
    message = str(e.value)
    assert fragment in message
    assert repr(text) in message  # the message carries the input
    assert isinstance(e.value, ValueError)


def test_position_text_must_be_text():
    with pytest.raises(PositionError):
        parse_position(None)


# ---------------------------------------------------------------------- hostile input

ARABIC_3 = "\u0663"  # a digit three that is not ASCII: str.isdigit() and \d accept it


@pytest.mark.parametrize("text", [f"C{ARABIC_3}xD4", f"C3-D{ARABIC_3}", f"Z@C{ARABIC_3}", "\u01311xA2"])
def test_actions_take_ascii_digits_and_letters_only(text):
    with pytest.raises(ActionError):
        parse_action(text)


@pytest.mark.parametrize("text", [f"C{ARABIC_3}", "\u01311"])  # "ı1".upper() == "I1"
def test_points_take_ascii_only(text):
    with pytest.raises(ValueError):
        parse_point(text)


def test_heights_take_ascii_digits_only():
    stacks = {"A1": "Z3", "A2": "A", "A3": "T", "I5": "z", "I4": "a", "I3": "t"}
    assert parse_position(build(stacks, "w1"))
    stacks["A1"] = f"Z{ARABIC_3}"  # was read as a Tzaar of height 3
    with pytest.raises(PositionError, match="unknown letter"):
        parse_position(build(stacks, "w1"))


def test_a_height_of_5000_digits_is_too_high_not_a_crash():
    with pytest.raises(PositionError, match="higher than 30"):
        parse_position(STANDARD.replace("ZAT/", "Z" + "9" * 5000 + "AT/", 1))


HUGE = 1_000_000


@pytest.mark.parametrize(
    "parse, text",
    [
        (parse_position, "x" * HUGE),
        (parse_position, "." * HUGE + "/..../ w1"),
        (parse_position, STANDARD[:-2] + "w" * HUGE),
        (parse_position, ["x"] * HUGE),
        (parse_action, "C3xD" + "4" * HUGE),
        (parse_action, "x" * HUGE),
        (parse_point, "x" * HUGE),
    ],
    ids=lambda v: getattr(v, "__name__", None) or str(v)[:20],
)
def test_errors_echo_a_short_cut_of_a_huge_input(parse, text):
    with pytest.raises(ValueError) as e:
        parse(text)
    message = str(e.value)
    assert len(message) < 300 and "..." in message and "\n" not in message


def test_shown():
    from tzaar.rules.errors import clip, shown

    assert shown("C3xD4") == "'C3xD4'" and shown(None) == "None"
    assert shown("x" * 100) == "'" + "x" * 80 + "'... (100 characters)"
    assert shown("x" * 80) == "'" + "x" * 80 + "'"
    assert len(shown("\x00" * 80)) < 120 and len(shown(list(range(10**4)))) < 100
    assert clip("abc") == "abc" and clip("y" * 90, 10) == "yyyyyyyyyy... (90 characters)"
