"""The ends of a game outside the rules (tzaar/rules/ending.py): a player out of time, a
resignation, a player who left an online game; written into and read back from our records and LittleGolem's, through the
facade, and refused with a precise error when malformed or impossible."""

from __future__ import annotations

import pytest

from facade_helpers import err, ok
from tzaar import Position
from tzaar.records.either import read_any_record, to_tzaar_record
from tzaar.records.littlegolem import format_littlegolem, parse_littlegolem
from tzaar.records.ours import format_record, read_record
from tzaar.rules.ending import GameEnd, game_end
from tzaar.rules.errors import GameEndError, RecordEndError, RecordError
from tzaar.rules.notation import parse_action

START = Position.standard()
ONE = [parse_action("C5xC4")]  # then Black is to move


def test_an_end_names_its_loser_and_winner():
    assert game_end("timeout", "black", START.play(ONE)) == GameEnd("timeout", 1)
    assert GameEnd("timeout", 1).text() == "Black ran out of time" and GameEnd("timeout", 1).winner == 0
    assert game_end("resigned", 0, START.play(ONE)).text() == "White resigned"  # either side resigns
    assert game_end("abandoned", "white", START.play(ONE)) == GameEnd("abandoned", 0)  # either side leaves
    assert GameEnd("abandoned", 0).text() == "White left the game" and GameEnd("abandoned", 0).winner == 1


@pytest.mark.parametrize(
    "reason, loser, message",
    [
        ("flag", "white", "not 'flag'"),
        ("timeout", "red", "white or black"),
        ("timeout", True, "white or black"),
        ("timeout", "white", "White cannot run out of time: Black was to move"),
    ],
)
def test_an_impossible_end_is_refused(reason, loser, message):
    with pytest.raises(GameEndError, match=message):
        game_end(reason, loser, START.play(ONE))


@pytest.mark.parametrize("reason", [None, 7, [], ["timeout"], {}, {"timeout": 1}])
def test_a_reason_that_is_not_text_is_refused(reason):
    with pytest.raises(GameEndError, match="A game ends by abandoned, resigned or timeout, not "):
        game_end(reason, "black", START.play(ONE))


def test_a_game_the_rules_ended_cannot_end_again():
    over = Position.from_text("...../....../......./ZAT...../......../......../......./....../..z.. b1")  # Black lacks two types
    assert over.winner is not None
    with pytest.raises(GameEndError, match="already over"):
        game_end("resigned", "white", over)


@pytest.mark.parametrize("end", [GameEnd("timeout", 1), GameEnd("resigned", 0), GameEnd("resigned", 1), GameEnd("abandoned", 0), GameEnd("abandoned", 1)])
def test_our_record_and_littlegolems_keep_the_end(end):
    text = format_record(START, ONE, end=end)
    assert f"Result: {'White' if end.winner == 0 else 'Black'} wins ({end.text()})" in text
    assert read_record(text).end == end
    golem = format_littlegolem(START, ONE, end=end)
    assert f"RE[{'WB'[end.winner]}+{dict(timeout='T', resigned='R', abandoned='F')[end.reason]}]" in golem
    assert parse_littlegolem(golem).end == end
    assert read_record(to_tzaar_record(read_any_record(golem))).end == end  # converted, still there


def test_a_record_without_an_end_outside_the_rules_reads_none():
    assert read_record(format_record(START, ONE)).end is None
    assert parse_littlegolem(format_littlegolem(START, ONE)).end is None
    assert parse_littlegolem(format_littlegolem(START, ONE).replace("POS[", "RE[W+]POS[")).end is None


@pytest.mark.parametrize(
    "result, message",
    [
        ("White wins (Black ran out of tim)", "line 2: an end is written"),
        ("White wins (Black resigned) twice", "line 2: an end is written"),
        ("White wins (White resigned)", "line 2: White cannot both win and lose"),
        ("White wins (Black left the gam)", "line 2: an end is written"),
        ("White wins (White left the game)", "line 2: White cannot both win and lose"),
        ("Black wins (White ran out of time)", "line 2: White cannot run out of time: Black was to move"),
    ],
)
def test_a_malformed_end_in_our_record_is_a_record_end_error(result, message):
    text = f"# TZAAR game record\nResult: {result}\nStart: standard\n1. C5xC4\n"
    with pytest.raises(RecordEndError, match=message) as caught:
        read_record(text)
    assert isinstance(caught.value, RecordError)


@pytest.mark.parametrize("value, message", [("W+X", "is not a result"), ("Q+R", "is not a result"), ("Q+F", "is not a result"), ("B+T", "White cannot run out of time")])
def test_a_malformed_end_in_littlegolems_record_is_a_record_end_error(value, message):
    golem = format_littlegolem(START, ONE).replace("POS[", f"RE[{value}]POS[")
    with pytest.raises(RecordEndError, match=message):
        parse_littlegolem(golem)


def test_the_facade_writes_and_reads_the_end():
    start = START.text()
    text = ok("record_save", start=start, actions=["C5xC4"], end={"reason": "timeout", "loser": "black"})["text"]
    assert "Result: White wins (Black ran out of time)" in text
    assert ok("record_load", text=text)["end"] == {"reason": "timeout", "loser": "black"}
    assert ok("record_open", text=text)["end"] == {"reason": "timeout", "loser": "black"}
    golem = ok("record_export", start=start, actions=["C5xC4"], format="littlegolem", end={"reason": "resigned", "loser": "white"})["text"]
    assert ok("record_open", text=golem)["end"] == {"reason": "resigned", "loser": "white"}
    left = {"reason": "abandoned", "loser": "white"}  # White left an online game, Black claimed the win
    assert "Result: Black wins (White left the game)" in ok("record_save", start=start, actions=["C5xC4"], end=left)["text"]
    golem = ok("record_export", start=start, actions=["C5xC4"], format="littlegolem", end=left)["text"]
    assert "RE[B+F]" in golem and ok("record_open", text=golem)["end"] == left
    assert ok("record_open", text=format_record(START, ONE))["end"] is None
    assert err("record_save", {"start": start, "actions": [], "end": {"reason": "timeout", "loser": "black"}}) == (
        "RecordEndError",
        "A record's end: Black cannot run out of time: White was to move.",
    )
    assert err("record_save", {"start": start, "actions": [], "end": {"reason": "timeout"}})[0] == "BadParams"
    for loser in (0, None, "White", ["white"]):
        kind, message = err("record_export", {"start": start, "actions": [], "format": "tzaar", "end": {"reason": "resigned", "loser": loser}})
        assert kind == "RecordEndError" and "the loser is 'white' or 'black'" in message
    assert err("record_save", {"start": start, "actions": [], "end": {"reason": 7, "loser": "white"}}) == (
        "RecordEndError",
        "A record's end: A game ends by abandoned, resigned or timeout, not '7'.",
    )


@pytest.mark.parametrize("reason", [[], ["timeout"], {}, {"a": 1}])
@pytest.mark.parametrize("method", ["record_save", "record_export"])
def test_the_facade_refuses_a_reason_that_is_not_text(method, reason):
    params = {"start": START.text(), "actions": ["C5xC4"], "end": {"reason": reason, "loser": "white"}}
    if method == "record_export":
        params["format"] = "tzaar"
    kind, message = err(method, params)
    assert kind == "RecordEndError" and message.startswith("A record's end: A game ends by abandoned, resigned or timeout, not "), message


def test_the_command_line_converts_and_reviews_a_game_with_its_end(capsys, tmp_path):
    from tzaar.cli.main import main

    rec = tmp_path / "game.txt"
    rec.write_text(format_record(START, ONE, end=GameEnd("resigned", 1)))
    assert main(["convert", str(rec)]) == 0
    golem = capsys.readouterr().out
    assert "RE[W+R]" in golem
    (tmp_path / "game.sgf").write_text(golem)
    assert main(["convert", str(tmp_path / "game.sgf")]) == 0
    assert "Result: White wins (Black resigned)" in capsys.readouterr().out
    assert main(["review", str(rec), "--nodes", "50"]) == 0
    assert "\nend                            Black resigned\n" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("Result: White wins (White resigned)\nStart: standard\n1. C5xC4\n")
    assert main(["convert", str(bad)]) == 2
    assert "line 1: White cannot both win and lose" in capsys.readouterr().err
    left = tmp_path / "left.txt"
    left.write_text(format_record(START, ONE, end=GameEnd("abandoned", 0)))
    assert main(["convert", str(left)]) == 0
    assert "RE[B+F]" in capsys.readouterr().out
    assert main(["review", str(left), "--nodes", "50"]) == 0
    assert "\nend                            White left the game\n" in capsys.readouterr().out
