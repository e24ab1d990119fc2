"""Game records in our format: written, read, their header and start line, errors."""

import re

import pytest

from engine_helpers import EMPTY_W0, STANDARD, random_game
from tzaar.rules.errors import PositionError, RecordError
from tzaar.rules.game import Game
from tzaar.rules.notation import parse_action
from tzaar.rules.numbers import SEED_DIGITS
from tzaar.rules.position import Position, start_position
from tzaar.records.ours import format_record, game_from_record, game_record, parse_record, read_record, start_line


def test_record_round_trip_whole_games():
    for seed, start in enumerate([Position.standard(), Position.tournament(), Position.random(3)]):
        _, actions = random_game(start, seed)
        g = Game(start, actions)
        text = game_record(g)
        assert text.startswith("# TZAAR game record\nResult: ")
        h = game_from_record(text)
        assert h.start == start and h.actions == g.actions
        assert format_record(start, list(actions)) == text


def test_record_text_example():
    g = Game(actions=["C5xC4", "b3xc4", "PASS"])
    assert game_record(g) == (
        "# TZAAR game record\n"
        "Result: not finished\n"
        "Start: standard\n"
        "1. C5xC4\n"
        "2. B3xC4 pass\n"
    )


def test_record_header_names_players_date_result_and_setup():
    start = Position.random(7)
    _, actions = random_game(start, 7)
    text = format_record(start, list(actions), players={"white": "person", "black": "Computer  Casual"}, date="2026-11-23", seed=7)
    head = text.splitlines()[:6]
    assert head[:4] == ["# TZAAR game record", "White: person", "Black: computer casual", "Date: 2026-11-23"]
    assert head[4].startswith("Result: ") and head[4].endswith(")") and " wins (" in head[4]
    assert head[5] == "Start: random seed 7"
    record = read_record(text)
    assert record.start == start and record.actions == list(actions)
    assert record.players == {"white": "person", "black": "computer casual"}
    assert (record.date, record.setup, record.seed) == ("2026-11-23", "random", 7)
    assert record.result == head[4][len("Result: "):]


def test_a_player_may_be_named_and_the_record_reads_back_as_written():
    """An online game's record names its players (a player named is a person)."""
    start = Position.standard()
    actions = [parse_action(a) for a in ("C5xC4", "B3xC4")]
    text = format_record(start, actions, players={"white": "  Ann  Lee ", "black": "Łucja #1"}, date="2026-11-23")
    assert text.splitlines()[1:3] == ["White: Ann Lee", "Black: Łucja #1"]
    record = read_record(text)
    assert record.players == {"white": "person", "black": "person"}
    assert record.names == {"white": "Ann Lee", "black": "Łucja #1"}  # ("#" in a name is no comment)
    assert record.actions == actions
    assert read_record("White: person # the host\nStart: standard").names == {}
    assert read_record("White: #1 fan\nStart: standard").names == {"white": "#1 fan"}
    assert format_record(start, [], players={"white": "tab\there"}).splitlines()[1] == "White: tab here"  # (as the page shows it)
    assert format_record(start, [], players={"white": "person", "black": "computer casual"}).splitlines()[1:3] == ["White: person", "Black: computer casual"]


@pytest.mark.parametrize("name", ["x\u202eyrolaM", "Ann\u200b", "Bob\u2066", "\ue000", "x" * 41, "   "])
def test_a_name_that_would_not_show_as_itself_is_refused(name):
    with pytest.raises(RecordError, match="A player is 'person', 'computer LEVEL' or a name"):
        format_record(Position.standard(), [], players={"white": name})
    with pytest.raises(RecordError, match="line 1: a player is 'person', 'computer LEVEL' or a name"):
        read_record(f"White: {name}\nStart: standard")


@pytest.mark.parametrize(
    "start, seed, line",
    [
        (Position.standard(), None, "Start: standard"),
        (Position.tournament(), None, "Start: tournament"),
        (Position.random(12), 12, "Start: random seed 12"),
        (Position.random(12), 13, f"Start: {Position.random(12).text()}"),  # the seed does not give it
        (Position.standard().play(["C5xC4"]), None, f"Start: {Position.standard().play(['C5xC4']).text()}"),
    ],
)
def test_the_start_line_names_the_setup_when_one_fits(start, seed, line):
    text = format_record(start, [], seed=seed)
    assert line in text.splitlines()
    assert read_record(text).start == start


@pytest.mark.parametrize("seed", [10**18, 2**63, 10**30])
def test_a_seed_too_long_for_the_start_line_writes_the_position(seed):
    # A Start line reads a seed of at most SEED_DIGITS digits: a longer one is not written
    # (the record would not read back), the position is.
    start = Position.random(seed)
    assert start_line(start, seed=seed) == start.text()
    assert start_position(start_line(start, seed=seed)) == start
    record = read_record(format_record(start, [], seed=seed))
    assert (record.start, record.setup, record.seed) == (start, "position", None)


def test_the_longest_seed_a_start_line_takes_is_written_and_read():
    seed = 10**SEED_DIGITS - 1
    start = Position.random(seed)
    assert start_line(start, seed=seed) == f"random seed {seed}"
    record = read_record(format_record(start, [], seed=seed))
    assert (record.start, record.setup, record.seed) == (start, "random", seed)
    with pytest.raises(PositionError, match="random seed N"):
        start_position(f"random seed {seed + 1}")


def test_an_old_record_without_a_header_still_reads():
    old = f"# TZAAR game record\nStart: {STANDARD}\n1. C5xC4\n2. B3xC4 pass\n# Result: ...\n"
    record = read_record(old)
    assert [a.text() for a in record.actions] == ["C5xC4", "B3xC4", "pass"]
    assert (record.players, record.date, record.result, record.setup, record.seed) == ({}, None, None, "position", None)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("White: \u202erobot\nStart: standard", "line 1: a player is 'person', 'computer LEVEL' or a name"),
        ("Date: yesterday\nStart: standard", "line 1: a date is written YYYY-MM-DD"),
        ("TimeControl: a week\nStart: standard", "line 1: a time control is 'M+S'"),
        ("TimeControl: 0 days a move\nStart: standard", "line 1: a time control is 'M+S'"),
        ("TimeControl: 5+3\nTimeControl: 5+3\nStart: standard", "line 2: a second TimeControl line"),
        ("White: person\nWhite: person\nStart: standard", "line 2: a second White line"),
        ("Start: random seed x", "line 1: bad start position"),
        ("Start: standard\nWhite: person", "line 2: "),
    ],
)
def test_bad_headers_say_which_line(text, fragment):
    with pytest.raises(RecordError, match=re.escape(fragment)):
        read_record(text)


def test_format_record_refuses_a_bad_player_or_date():
    with pytest.raises(RecordError, match="person"):
        format_record(Position.standard(), [], players={"white": "some\u200bone"})
    with pytest.raises(RecordError, match="YYYY-MM-DD"):
        format_record(Position.standard(), [], date="23/11/2026")


def test_record_reader_is_lenient_about_layout():
    text = "\n# a comment\nstart: standard\n  c5xc4 b3xc4   # black's turn\npass\n7. d5xd4\n"
    start, actions = parse_record(text)
    assert start == Position.standard()
    assert [a.text() for a in actions] == ["C5xC4", "B3xC4", "pass", "D5xD4"]
    assert parse_record("Start: tournament\n1. Z@E5")[0].text() == EMPTY_W0
    assert parse_record(f"Start: {STANDARD.replace(' ', '_')}")[1] == []


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("", "no 'Start: <position>' line"),
        ("1. C5xC4", "line 1: expected 'Start: <position>'"),
        ("Start: nonsense", "line 1: bad start position"),
        ("Start: standard\nStart: standard", "line 2: a second Start line"),
        ("Start: standard\n1. C5xC4 B3xC4 bogus", "line 2: 'bogus' is not an action"),
        ("Start: standard\n1. C5xC4\n2. C4xC5", "line 3: C4xC5 is not legal"),
        ("Start: standard\n1. pass", "line 2: pass is not legal"),
    ],
)
def test_bad_records(text, fragment):
    with pytest.raises(RecordError) as e:
        game_from_record(text)
    assert fragment in str(e.value)
    assert isinstance(e.value, ValueError)


def test_record_must_be_text():
    with pytest.raises(RecordError):
        parse_record(None)


def test_record_turn_numbers_take_ascii_digits_only():
    with pytest.raises(RecordError, match="line 2"):
        parse_record("Start: standard\n\u0661. C5xC4\n")  # an Arabic-Indic one is not a turn number
    assert parse_record("Start: standard\n1. C5xC4\n")[1] == [parse_action("C5xC4")]


@pytest.mark.parametrize(
    "text",
    ["x" * 1_000_000, "Start: standard\n" + "x" * 1_000_000, "Start: standard\nStart: " + "x" * 1_000_000],
    ids=["no start", "bad action", "second start"],
)
def test_record_errors_echo_a_short_cut_of_a_huge_line(text):
    with pytest.raises(RecordError) as e:
        parse_record(text)
    assert len(str(e.value)) < 300


@pytest.mark.parametrize("start, seed", [(Position.standard(), None), (Position.tournament(), None), (Position.random(5), 5), (Position.random(5), None)])
def test_start_position_reads_what_start_line_writes(start, seed):
    assert start_position(start_line(start, seed)) == start
    assert start_position(None) == Position.standard() and start_position(start) is start


def test_start_position_refuses_a_bad_random_seed():
    with pytest.raises(PositionError, match="random seed N"):
        start_position("random seed -1")


@pytest.mark.parametrize(
    "given, written",
    [("1 day a move", "1 day a move"), ("3  Days a move", "3 days a move"), ("1 days a move", "1 day a move"), ("5+3", "5+3"), ("10 + 5", "10+5")],
)
def test_the_time_control_is_written_in_the_header_and_read_back(given, written):
    text = format_record(Position.standard(), [parse_action("C5xC4")], players={"white": "Ann", "black": "Bob"}, time_control_text=given)
    assert f"\nTimeControl: {written}\n" in text
    assert read_record(text).time_control == written
    assert read_record("Start: standard").time_control is None


def test_format_record_refuses_a_time_control_it_cannot_write():
    with pytest.raises(RecordError, match="'N days a move'"):
        format_record(Position.standard(), [], time_control_text="fortnightly")
