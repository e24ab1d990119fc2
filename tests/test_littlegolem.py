"""LittleGolem records (tzaar/records/littlegolem.py), a record of either format read
(tzaar/records/either.py), and the convert command, on real records."""

from pathlib import Path

import pytest

from tzaar.rules.errors import RecordError
from tzaar.rules.game import Game
from tzaar.rules.geometry import POINT_NAMES
from tzaar.records.littlegolem import (
    LG_NAMES,
    LG_POINTS,
    format_littlegolem,
    is_littlegolem,
    parse_littlegolem,
)
from tzaar.records.either import read_any_record, to_tzaar_record
from tzaar.rules.position import Position
from tzaar.cli.main import main

DATA = Path(__file__).resolve().parent / "data"
RECORDS = sorted(DATA.glob("lg-*.sgf"))
GAME_2558925 = (DATA / "lg-2558925.sgf").read_text()


def lg(name):
    return POINT_NAMES[LG_POINTS[name]]


def test_points_match_littlegolem_s_own_display():
    # LittleGolem shows the move qmrl of game 2558925 as G5 to H5
    assert (lg("qm"), lg("rl")) == ("G5", "H5")
    # the corners and the ends of column E
    assert [lg(n) for n in ("ks", "ko", "so", "sk", "os", "ok")] == ["A1", "A5", "I1", "I5", "E1", "E8"]
    assert len(set(LG_NAMES)) == 60 and "oo" not in LG_POINTS


def test_records_found_in_public_repositories():
    assert len(RECORDS) >= 2


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_real_records_replay_legally_to_their_end(path):
    text = path.read_text()
    rec = parse_littlegolem(text)
    end = Game(rec.start, rec.actions)
    assert len(rec.actions) == 53 and end.winner == 0  # both: White wins in 53 actions
    assert rec.meta["Source"] == "https://www.littlegolem.net"
    # written back byte for byte, and through our own format too
    assert format_littlegolem(rec.start, rec.actions, rec.meta) == text
    again = read_any_record(to_tzaar_record(rec))
    assert again == rec


def test_pass_and_names():
    rec = parse_littlegolem(GAME_2558925)
    assert rec.meta["White"] == "ivyed_seer ?" and rec.meta["Black"] == "SlowBrain"
    texts = [a.text() for a in rec.actions]
    assert texts[0] == "G5xH5" and "pass" in texts


@pytest.mark.parametrize("name", ["a\\b", "C:\\games", "x\\]y", "ends in \\"])
def test_a_name_with_a_backslash_reads_back_as_written(name):
    text = format_littlegolem(Position.standard(), [], {"White": name})
    assert parse_littlegolem(text).meta["White"] == name


def test_a_backslash_escapes_the_character_after_it():
    # SGF's rule: PW[a\\b] names a\b, PW[a\]b] names a]b, PW[a\b] names ab.
    pos = format_littlegolem(Position.standard(), []).split("POS[")[1].split("]")[0]
    for written, name in [("a\\\\b", "a\\b"), ("a\\]b", "a]b"), ("a\\b", "ab")]:
        assert parse_littlegolem(f"(;FF[TZAAR]PW[{written}]POS[{pos}])").meta["White"] == name


def test_a_game_from_our_standard_start_is_written_and_read_back():
    g = Game(Position.standard(), ["C5xC4", "B3xC4", "pass", "D5xD4", "D4-E4"])
    text = format_littlegolem(g.start, g.actions)
    assert text.startswith("(;FF[TZAAR]POS[") and text.endswith(";W[" + LG_NAMES[POINT_NAMES.index("D5")] + LG_NAMES[POINT_NAMES.index("D4")] + "-" + LG_NAMES[POINT_NAMES.index("D4")] + LG_NAMES[POINT_NAMES.index("E4")] + "])\n")
    rec = parse_littlegolem(text)
    assert rec.start == g.start and tuple(rec.actions) == g.actions


def test_a_tournament_game_is_written_from_after_its_placement():
    rec = parse_littlegolem(GAME_2558925)
    placements = []
    # place White's and Black's pieces alternately where the record has them
    white = [(pt, s) for pt, s in rec.start.stacks().items() if s.colour == 0]
    black = [(pt, s) for pt, s in rec.start.stacks().items() if s.colour == 1]
    for w, b in zip(white, black):
        for pt, s in (w, b):
            a = f"{'ZAT'[s.kind]}@{POINT_NAMES[pt]}"
            placements.append(a)
    actions = placements + [a.text() for a in rec.actions[:3]]
    text = format_littlegolem(Position.tournament(), Game(Position.tournament(), actions).actions)
    assert parse_littlegolem(text).start == rec.start


def test_a_start_with_stacks_cannot_be_written():
    g = Game(Position.standard(), ["C5xC4", "B3xC4", "A4-A3"])
    with pytest.raises(RecordError, match="all 60 pieces"):
        format_littlegolem(g.positions[-1], [])


@pytest.mark.parametrize(
    "edit, fragment",
    [
        (lambda t: t.replace(";W[qmrl]", ";B[qmrl]"), "turn 1 B[qmrl]: it is White's turn"),
        (lambda t: t.replace("W[qopp-nppp]", "W[qopp-npqq]"), "turn 7 W[qopp-npqq]: D4-G1 is illegal"),
        (lambda t: t.replace("W[nroq-skpk]", "W[nrox-skpk]"), "turn 27 W[nrox-skpk]: 'nrox' is not a move"),
        (lambda t: t.replace("B[okol-popn]", "B[okol-popn-pass]"), "turn 2"),
        (lambda t: t.replace("W[qmrl]", "W[qmrl-pass]"), "at most 1 action"),
        (lambda t: t.replace("B[okol-popn]", "B[okol]"), "the second (or pass) is missing"),
        (lambda t: t.replace("POS[a", "POS[A"), "POS gives White 5 Tzaars"),
        (lambda t: t.replace("POS[a", "POS[x"), "POS must be 60 letters"),
        (lambda t: t.replace("POS[", "XX["), "no POS"),
        (lambda t: t.replace("FF[TZAAR]", "FF[4]"), "not a TZAAR record"),
        (lambda t: t.rstrip()[:-1], "must start with"),
        (lambda t: t.replace(";W[qmrl]", ";W[qmrl]\n;W[x") + ")", "line 2"),
        (lambda t: t.replace(")", ";B[okol-popn])"), "already over"),
    ],
)
def test_bad_records_say_where_and_why(edit, fragment):
    with pytest.raises(RecordError) as e:
        parse_littlegolem(edit(GAME_2558925))
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_read_any_record_tells_the_formats_apart():
    assert is_littlegolem(GAME_2558925) and not is_littlegolem("Start: standard\n1. C5xC4\n")
    assert read_any_record("Start: standard\n1. C5xC4\n").actions[0].text() == "C5xC4"
    with pytest.raises(RecordError):
        read_any_record("(;FF[TZAAR])")


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_convert_both_ways(capsys, monkeypatch, tmp_path):
    code, out, err = run(capsys, "convert", str(RECORDS[1]))
    assert code == 0 and err == "" and out.startswith("# TZAAR game record\n# White: ivyed_seer ?\n")
    assert "\n1. G5xH5\n" in out and "\nResult: White wins (Black has no Tott left)\nStart: " in out
    ours = tmp_path / "game.txt"
    ours.write_text(out)
    assert run(capsys, "convert", str(ours)) == (0, GAME_2558925, "")
    assert run(capsys, "convert", str(RECORDS[1]), "--to", "littlegolem") == (0, GAME_2558925, "")
    assert run(capsys, "convert", str(ours), "--to", "tzaar") == (0, out, "")
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(GAME_2558925))
    assert run(capsys, "convert", "-")[1] == out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("convert", "/no/such/file"), "cannot read '/no/such/file'"),
        (("convert", str(DATA / "lg-2558925.sgf"), "--to", "pgn"), "invalid choice"),
        (("convert",), "the following arguments are required"),
    ],
)
def test_convert_bad_input(capsys, args, fragment):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment in err


def test_convert_a_bad_record_names_the_turn(capsys, tmp_path):
    bad = tmp_path / "bad.sgf"
    bad.write_text(GAME_2558925.replace("W[qopp-nppp]", "W[qopp-npqq]"))
    code, out, err = run(capsys, "convert", str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and "turn 7" in err
