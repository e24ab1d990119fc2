"""The command line, run as a subprocess (docs/cli.md, "The command line")."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine_helpers import EMPTY_W0, STANDARD, build
from tzaar.rules.position import Position

ROOT = Path(__file__).resolve().parent.parent


def tzaar(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tzaar", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


def test_moves():
    r = tzaar("moves", "standard")
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert len(lines) == 42 and lines == sorted(lines) and "C5xC4" in lines


def test_moves_of_a_finished_position_prints_nothing():
    r = tzaar("moves", build({"A1": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "b1"))
    assert r.returncode == 0 and r.stdout == ""


def test_perft():
    r = tzaar("perft", "standard", "3")
    assert (r.returncode, r.stdout) == (0, "260556\n")
    r = tzaar("perft", STANDARD.replace(" ", "_"), "2", "--no-bulk", "--stats")
    assert r.stdout == "1797\n" and "leaves/s" in r.stderr


def test_apply_and_underscore_and_unquoted_turn():
    r = tzaar("apply", STANDARD, "c5xc4", "B3xC4", "pass")
    assert r.returncode == 0
    assert r.stdout == "ttttT/Ta.aAT/TAza.AT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1\n"
    assert tzaar("apply", STANDARD.replace(" ", "_"), "c5xc4").stdout.endswith(" b1\n")
    board, turn = STANDARD.split(" ")
    assert tzaar("apply", board, turn, "c5xc4").stdout.endswith(" b1\n")


def test_status():
    assert tzaar("status", "standard").stdout == "ongoing\n"
    assert tzaar("status", build({"A1": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "b1")).stdout == "black wins\n"
    assert tzaar("status", build({"A1": "Z", "A2": "A", "A3": "T", "I5": "z", "I4": "a"}, "w1")).stdout == "white wins\n"


def test_show():
    r = tzaar("show", "standard")
    assert r.returncode == 0
    out = r.stdout
    for token in ["E8:t", "A1:t", "C5:Z", "I5:T", "E4:T", "E5:t"]:
        assert token in out
    lines = out.splitlines()
    assert lines[0].strip() == "E8:t" and lines[16].strip() == "E1:T"  # column E on top and bottom
    assert "White to move: the opening capture" in out and STANDARD in out
    r = tzaar("show", EMPTY_W0)
    assert "White to place (left: 6 Tzaar, 9 Tzarra, 15 Tott)" in r.stdout


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["moves", "nonsense"], "Bad position text 'nonsense'"),
        (["moves", STANDARD.replace("w1", "w7")], "the turn 'w7'"),
        (["apply", "standard", "C5-C4"], "C5-C4 is not legal"),
        (["apply", "standard", "bogus"], "'bogus' is not an action"),
        (["perft", "standard", "x"], "DEPTH: must be a whole number"),
        (["perft", "standard", "-1"], "of 0 or more"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
        (["moves"], "required"),
        (["status", "standard", "extra"], "unrecognized arguments"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    r = tzaar(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert fragment in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_help_exits_0():
    r = tzaar("--help")
    assert r.returncode == 0 and "perft" in r.stdout


def test_the_commands_are_the_players_ones():
    # The lab's commands (puzzles, matches against frozen engines) are python -m lab.NAME.
    from tzaar.cli.main import _build_parser

    sub = next(a for a in _build_parser()._actions if a.dest == "command")
    assert list(sub.choices) == ["moves", "perft", "apply", "status", "show", "ai", "match", "convert", "review"]


# ---------------------------------------------------------------------- bad numbers, huge input
# In-process (main() returns the exit code) to keep the suite fast.


def run_main(capsys, *args):
    from tzaar.cli.main import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args",
    [
        ("ai", "standard", "--time", "nan"),
        ("ai", "standard", "--time", "inf"),
        ("ai", "standard", "--time", "-3"),
        ("ai", "standard", "--time", "0"),
        ("ai", "standard", "--nodes", "0"),
        ("ai", "standard", "--nodes", "1.5"),
        ("ai", "standard", "--nodes", "\u0663"),
        ("match", "random", "greedy", "--time1", "-3"),
        ("match", "random", "greedy", "--time2", "nan"),
        ("match", "random", "greedy", "--time", "inf"),
        ("match", "random", "greedy", "--nodes1", "0"),
        ("match", "random", "greedy", "--nodes2", "-5"),
        ("match", "random", "greedy", "--nodes", "x"),
        ("match", "random", "greedy", "--games", "0"),
        ("match", "random", "greedy", "--jobs", "-1"),
    ],
)
def test_ai_and_match_refuse_bad_numbers(capsys, args):
    code, out, err = run_main(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and args[-2] in err and ("above 0" in err or "from 1 to" in err)


@pytest.mark.parametrize(
    "args",
    [
        ("moves", "x" * 1_000_000),
        ("moves", STANDARD[:-2] + "w" * 1_000_000),
        ("apply", "standard", "C5x" + "x" * 1_000_000),
        ("ai", "standard", "--level", "x" * 1_000_000),
        ("match", "random", "greedy", "--setup", "x" * 1_000_000),
        ("x" * 1_000_000,),
    ],
    ids=lambda args: " ".join(args)[:30],
)
def test_a_huge_argument_gives_a_short_error_line(capsys, args):
    code, out, err = run_main(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < 400


def test_random_seed_takes_ascii_digits(capsys):
    assert run_main(capsys, "status", "random:\u0663")[0] == 2
    assert run_main(capsys, "status", "random:" + "9" * 5000)[0] == 2
    assert run_main(capsys, "status", "random:3") == (0, "ongoing\n", "")


def test_underscore_for_the_space_everywhere(capsys):
    url_form = STANDARD.replace(" ", "_")
    for cmd in ("moves", "status", "show"):
        assert run_main(capsys, cmd, url_form) == run_main(capsys, cmd, STANDARD)
    assert run_main(capsys, "apply", url_form, "c5xc4")[1] == Position.standard().play(["C5xC4"]).text() + "\n"
    assert run_main(capsys, "ai", url_form, "--nodes", "50")[0] == 0


@pytest.mark.parametrize(
    "args",
    [
        ("perft", "standard", "\u0663"),  # Arabic-Indic three
        ("perft", "standard", "\uff12"),  # fullwidth two
        ("perft", "standard", "1_0"),
        ("perft", "standard", "-1"),
        ("ai", "standard", "--seed", "\u0663"),
        ("ai", "standard", "--seed", "1_0"),
        ("match", "random", "greedy", "--seed", "\u0661\u0662"),
    ],
)
def test_all_numbers_are_ascii_digits(capsys, args):
    code, out, err = run_main(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and "whole number" in err


def test_match_jobs_bounded_by_the_cores(capsys):
    cores = os.cpu_count() or 1
    for jobs in (str(cores + 1), "999999999999999999", "9" * 30):
        code, out, err = run_main(capsys, "match", "random", "greedy", "--games", "1", "--jobs", jobs)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"from 1 to {cores}" in err and "cores" in err


def test_ascii_numbers_still_read(capsys):
    assert run_main(capsys, "perft", "standard", " 2 ") == (0, "1797\n", "")
    code, out, _ = run_main(capsys, "ai", "standard", "--seed", "-7", "--nodes", "30")
    assert code == 0 and len(out.split()) == 1


def test_a_match_split_in_parts_plays_the_same_games(capsys):
    code, whole, _ = run_main(capsys, "match", "random", "greedy", "--games", "4", "--seed", "5")
    assert code == 0
    code, part, _ = run_main(capsys, "match", "random", "greedy", "--games", "2", "--first", "3", "--seed", "5")
    assert code == 0
    games = [line for line in whole.splitlines() if line.startswith("game ")]
    assert [line for line in part.splitlines() if line.startswith("game ")] == games[2:]
    assert "2 games" in part
    code, out, err = run_main(capsys, "match", "random", "greedy", "--first", "0")
    assert code == 2 and out == "" and "whole number" in err


# ---------------------------------------------------------------------- text is UTF-8
# Records are UTF-8 text: the command line reads stdin and writes stdout and stderr in
# UTF-8 whatever the locale (Windows writes redirected output in its ANSI code page).


def tzaar_bytes(*args, encoding: str, stdin: bytes = b""):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING=encoding)
    return subprocess.run(
        [sys.executable, "-m", "tzaar", *args], input=stdin, capture_output=True, cwd=ROOT, env=env, timeout=60
    )


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "utf-8"])
@pytest.mark.parametrize("to", ["tzaar", "littlegolem"])
def test_convert_writes_names_in_utf8_whatever_the_locale(tmp_path, encoding, to):
    from tzaar.records.littlegolem import format_littlegolem

    text = format_littlegolem(Position.standard(), [], {"White": "Łukasz", "Black": "李"})
    record = tmp_path / "game.sgf"
    record.write_bytes(text.encode("utf-8"))
    for args, stdin in ([str(record)], b""), (["-"], text.encode("utf-8")):
        r = tzaar_bytes("convert", *args, "--to", to, encoding=encoding, stdin=stdin)
        assert (r.returncode, r.stderr) == (0, b""), r.stderr.decode("utf-8", "replace")[-300:]
        out = r.stdout.decode("utf-8")
        assert "Łukasz" in out and "李" in out


def test_an_error_naming_a_non_ascii_file_is_one_utf8_line():
    # (a short name, absent from the repository the command runs in: a long path is cut in the message)
    r = tzaar_bytes("convert", "Łukasz-absent.sgf", encoding="cp1252")
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and r.stdout == b"" and err.count("\n") == 1
    assert "cannot read" in err and "Łukasz-absent.sgf" in err


def test_a_record_on_stdin_that_is_not_utf8_is_one_line():
    r = tzaar_bytes("convert", "-", encoding="cp1252", stdin=b"(;FF[TZAAR]PW[\xa3ukasz])")
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and r.stdout == b"" and err.count("\n") == 1 and "cannot read '-'" in err
