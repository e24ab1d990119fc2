"""The study's and the records' tools: attack_map, check_position, records, review (facade and CLI)."""

import math
from pathlib import Path

import pytest

from engine_helpers import STANDARD, build
from facade_helpers import err, ok
from tzaar.cli.main import main
from tzaar.ai.odds import SHOWN_K, chance_text, win_chance
from tzaar.ai.review import BLUNDER as BLUNDER_AT, MISTAKE as MISTAKE_AT, judge
from tzaar.ai.review_values import Evaluation
from tzaar.ai.weights import WEIGHTS
from tzaar.study.attacks import check_position
from tzaar.rules.position import Position

DATA = Path(__file__).resolve().parent / "data"
LG = (DATA / "lg-2558925.sgf").read_text()


# ---------------------------------------------------------------------- attack_map


def test_attack_map_of_a_small_position():
    # White to move: the Tott A1 (height 2) takes the Tott A3 over the empty A2, and the
    # Tzaar I5 the Tzarra I4; Black's Tzaar C1 (height 3) could take A1 next turn.
    stacks = {"A1": "T2", "A3": "t", "B2": "A", "C1": "z3", "I5": "Z", "I4": "a"}
    m = ok("attack_map", position=build(stacks, "w1"))
    assert m["side"] == "white"
    assert m["captures"] == {"A1": ["A3"], "I5": ["I4"]}
    assert m["threatened"] == {"A1": ["C1"], "I5": ["I4"]}
    # the threats are Black's legal captures were it Black's turn
    theirs = ok("view", position=build(stacks, "b1"))["legal"]["captures"]
    assert {t: a for a, ts in theirs.items() for t in ts} == {t: a[0] for t, a in m["threatened"].items()}
    last = {(x["point"], x["color"], x["type"]) for x in m["last"]}
    assert last == {("A1", "white", "tott"), ("B2", "white", "tzarra"), ("I5", "white", "tzaar"),
                    ("A3", "black", "tott"), ("C1", "black", "tzaar"), ("I4", "black", "tzarra")}


def test_attack_map_of_the_standard_start_matches_the_legal_captures():
    m = ok("attack_map", position=STANDARD)
    legal = ok("view", position=STANDARD)["legal"]["captures"]
    assert m["captures"] == legal and m["last"] == []


def test_attack_map_bad_input():
    assert err("attack_map", {"position": "x"})[0] == "PositionError"
    assert err("attack_map", {})[0] == "BadParams"
    assert err("attack_map", {"position": 3})[0] == "BadParams"


# ---------------------------------------------------------------------- check_position


@pytest.mark.parametrize(
    "text, fragment",
    [
        (STANDARD.replace("ttttT", "tttTT"), "White has 16 stacks topped by a Tott"),
        (STANDARD.replace("w1", "b1"), "only White's opening"),
        (build({"A1": "Z31", "I5": "z"}, "w1"), "higher than 30"),
        (build({"A1": "Z", "A2": "A", "I5": "z", "I4": "a", "I3": "t"}, "w2"), "has no Tott"),
        (Position.standard().play(["C5xC4"]).text().replace("b1", "b2"), "at least 2 pieces"),
        ("ttttT w1", "expected 9 columns"),
    ],
)
def test_check_position_says_why_not(text, fragment):
    r = ok("check_position", position=text)
    assert r["possible"] is False and r["position"] is None and fragment in r["reason"]
    assert check_position(text)[0] is None


def test_check_position_accepts_possible_ones():
    after = Position.standard().play(["C5xC4"]).text()
    assert ok("check_position", position=after) == {"possible": True, "reason": None, "position": after}
    assert ok("check_position", position=after.replace(" ", "_"))["position"] == after
    assert ok("check_position", position="........./" * 0 + Position.tournament().text())["possible"]
    assert err("check_position", {"position": None})[0] == "BadParams"


# ---------------------------------------------------------------------- records


def test_record_open_reads_both_formats():
    r = ok("record_open", text=LG)
    assert r["format"] == "littlegolem" and len(r["actions"]) == 53 and r["actions"][0] == "G5xH5"
    assert r["meta"]["Black"] == "SlowBrain"
    ours = ok("record_export", start=r["start"], actions=r["actions"], format="tzaar")["text"]
    again = ok("record_open", text=ours)
    assert again["format"] == "tzaar" and again["actions"] == r["actions"] and again["start"] == r["start"]
    assert (r["players"], r["setup"], r["seed"]) == ({}, "position", None)
    header = ok("record_save", start=STANDARD, actions=[], white="person", black="computer master", seed=3)["text"]
    opened = ok("record_open", text=header)
    assert (opened["players"], opened["setup"], opened["seed"]) == ({"white": "person", "black": "computer master"}, "standard", None)
    assert opened["time_control"] is None and r["time_control"] is None
    by_turns = ok("record_save", start=STANDARD, actions=["C5xC4"], white="Ann", black="Bob", time_control="3 days a move")["text"]
    assert "\nTimeControl: 3 days a move\n" in by_turns and ok("record_open", text=by_turns)["time_control"] == "3 days a move"
    assert err("record_save", {"start": STANDARD, "actions": [], "time_control": "soon"})[0] == "RecordError"
    assert ok("record_export", start=r["start"], actions=r["actions"], format="littlegolem")["text"].startswith(
        "(;FF[TZAAR]POS[acccCBaaACbcc"
    )


def test_record_open_and_export_bad_input():
    kind, msg = err("record_open", {"text": LG.replace("W[qopp-nppp]", "W[qopp-npqq]")})
    assert kind == "RecordError" and "turn 7" in msg and "illegal" in msg
    assert err("record_open", {"text": 5})[0] == "BadParams"
    assert err("record_export", {"start": STANDARD, "actions": [], "format": "pgn"})[0] == "BadParams"
    assert err("record_export", {"start": STANDARD, "actions": ["C5-C4"], "format": "tzaar"})[0] == "IllegalActionError"
    kind, msg = err("record_export", {"start": Position.tournament().text(), "actions": ["Z@A1"], "format": "littlegolem"})
    assert kind == "RecordError" and "all 60 pieces" in msg


# ---------------------------------------------------------------------- review

BLUNDER = build({"F6": "Z", "C6": "A", "G6": "T", "D5": "z", "H2": "a", "G3": "t", "H5": "t"}, "w1")
GAME = ["C5xC4", "B3xC4", "pass", "D5xD4", "D4-E4"]


def run_review(**params):
    job = ok("review_start", **params)
    steps = 0
    while True:
        out = ok("review_step", job=job["job"], slice_ms=50)
        steps += 1
        assert out["total"] == job["total"]
        if out["done"]:
            return out, steps


def test_review_in_slices():
    out, steps = run_review(start=STANDARD, actions=GAME, nodes=300)
    assert steps >= 1 and out["evaluated"] == out["total"] == 4
    assert len(out["evals"]) == 4 and [t["actions"] for t in out["turns"]] == [["C5xC4"], ["B3xC4", "pass"], ["D5xD4", "D4-E4"]]
    for t in out["turns"]:
        assert set(t) == {"number", "side", "actions", "before", "after", "loss", "best", "mark", "reply", "better_reply", "explanation"}
        assert t["loss"] >= 0 and t["mark"] in (None, "mistake", "blunder") and t["best"]
        assert isinstance(t["after"]["score"], int) and t["after"]["text"]
        assert t["after"]["chance"] == round(win_chance(t["after"]["score"]), 4)  # White's chance
        if t["after"]["mate"] is None:
            assert t["after"]["text"] == chance_text(t["after"]["chance"])
    # the same budget gives the same review
    assert run_review(start=STANDARD, actions=GAME, nodes=300)[0] == out


def test_review_marks_a_missed_win_as_a_blunder():
    # White (to move) takes Black's only Tzaar with F6xD5 and wins; G6xG3 lets Black
    # take White's only Tzaar.
    pos = Position.from_text(BLUNDER)
    assert pos.play(["F6xD5"]).winner == 0 and pos.play(["G6xG3", "pass", "D5xF6"]).winner == 1
    out, _ = run_review(start=BLUNDER, actions=["G6xG3", "pass", "D5xF6"], nodes=500)
    first = out["turns"][0]
    assert first["mark"] == "blunder" and first["best"] == ["F6xD5"]
    assert out["evals"][0]["text"].startswith("White wins") and out["evals"][-1]["text"] == "Black wins"


def test_a_turn_is_judged_by_the_winning_chance_it_gives_away():
    def ev(score):
        return Evaluation.of(score, 0)

    def near(p):  # the score of chance p
        return round(400 / SHOWN_K * math.log(p / (1 - p)))

    # 700 centi-units near an even position are a few points of chance: no mark (a raw
    # score loss of 600 was a blunder once), while a loss of MISTAKE_AT points ...
    assert judge(0, ev(-350), ev(350)) == (round((win_chance(350) - win_chance(-350)) * 100, 1), None)
    assert judge(0, ev(-350), ev(350))[0] < 5
    # ... is a mistake, and BLUNDER_AT points a blunder, for either side
    m, b = MISTAKE_AT / 100, BLUNDER_AT / 100
    assert judge(0, ev(near(0.499)), ev(near(0.5 + m)))[1] == "mistake"
    assert judge(0, ev(near(0.501)), ev(near(0.5 + m)))[1] is None
    assert judge(1, ev(near(0.5 + m)), ev(near(0.499)))[1] == "mistake"
    assert judge(1, ev(near(0.5 + b)), ev(near(0.499)))[1] == "blunder"
    assert judge(1, ev(near(0.5 + b)), ev(near(0.501)))[1] == "mistake"
    # with honest chances 20 points near an even game are a mistake, 10 are not
    assert judge(0, ev(near(0.50)), ev(near(0.70)))[1] == "mistake"
    assert judge(0, ev(near(0.50)), ev(near(0.60)))[1] is None
    assert judge(0, ev(near(0.75)), ev(near(0.50))) == (0.0, None)  # White gained
    assert judge(0, ev(near(0.52)), None) == (0.0, None)  # the engine's own turn
    # a thrown-away proven win is a blunder; in a lost game nothing more is lost
    won = Evaluation(999_998, 2, 1.0)
    assert judge(0, ev(0), won) == (50.0, "blunder")
    assert judge(0, ev(-60_000), ev(-45_000))[1] is None
    # the thresholds are set for the shown (honest) chances: from an even position, a turn
    # that gives away as much as the evaluation's threat to take a whole type (take_type)
    # is a blunder
    assert judge(0, ev(0), ev(round(WEIGHTS["take_type"])))[1] == "blunder"


def test_review_stop_and_bad_input():
    job = ok("review_start", start=STANDARD, actions=GAME)["job"]
    assert ok("review_stop", job=job) == {}
    assert err("review_step", {"job": job})[0] == "BadParams"
    assert ok("review_stop", job=12345) == {}
    assert err("review_start", {"start": STANDARD, "actions": ["C5-C4"]})[0] == "IllegalActionError"
    assert err("review_start", {"start": STANDARD, "actions": [], "nodes": 0})[0] == "BadParams"
    assert err("review_start", {"start": STANDARD, "actions": [], "nodes": "9"})[0] == "BadParams"
    job = ok("review_start", start=STANDARD, actions=GAME)["job"]
    assert err("review_step", {"job": job, "slice_ms": float("nan")})[0] == "BadParams"
    assert err("review_step", {"job": job, "x": 1})[0] == "BadParams"
    ok("review_stop", job=job)


# ---------------------------------------------------------------------- CLI review


def run(capsys, *args):
    code = main(list(args))
    out, error = capsys.readouterr()
    return code, out, error


def test_cli_review(capsys, tmp_path):
    rec = tmp_path / "game.txt"
    rec.write_text(f"Start: {BLUNDER}\n1. G6xG3 pass\n2. D5xF6\n")
    code, out, error = run(capsys, "review", str(rec), "--nodes", "500")
    assert code == 0 and error == ""
    lines = out.splitlines()
    assert lines[0].startswith("Review of 2 turns at 500 nodes") and lines[1].split()[-1] != ""
    assert lines[2].startswith("1. white G6xG3 pass") and "blunder" in lines[2] and "better: F6xD5" in lines[2]
    assert "White blunders: 1 (turns 1)" in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("review", "/no/such/file"), "cannot read"),
        (("review", str(DATA / "lg-2558925.sgf"), "--nodes", "0"), "above 0"),
        (("review",), "required"),
    ],
)
def test_cli_review_bad_input(capsys, args, fragment):
    code, out, error = run(capsys, *args)
    assert code == 2 and out == "" and error.count("\n") == 1 and fragment in error


def test_cli_review_of_a_bad_record(capsys, tmp_path):
    rec = tmp_path / "bad.txt"
    rec.write_text("Start: standard\n1. C5-C4\n")
    code, out, error = run(capsys, "review", str(rec))
    assert code == 2 and out == "" and "line 2" in error and error.count("\n") == 1


def test_an_evaluations_text_counts_a_forced_win_in_actions():
    assert Evaluation(2200, None, 0.7311).text() == "White 73%"
    assert Evaluation(-900, None, 0.4).text() == "Black 60%"
    assert Evaluation(0, None, 0.5).text() == "White 50%"
    assert Evaluation(999_997, 3, 1.0).text() == "White wins in 3 actions"
    assert Evaluation(-999_999, -1, 0.0).text() == "Black wins in 1 action"
    assert Evaluation(-1_000_000, 0, 0.0).text() == "Black wins"
    # a score of the side to move, read from White's side, to the review's four places
    assert Evaluation.of(350, 1) == Evaluation(-350, None, round(win_chance(-350), 4))
    assert Evaluation.of(999_997, 1) == Evaluation(-999_997, -3, 0.0)
