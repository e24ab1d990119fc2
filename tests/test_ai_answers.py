"""The JSON of the computer's answers, pinned key for key: what the page reads from ``ai_step``,
``ai_move`` and ``review_step`` (web/game/computer.js, web/analysis/review-job.js and its callers),
the keys in their order, the numbers as rounded on the wire, the actions in action text."""

from __future__ import annotations

import pytest

from engine_helpers import IN_ONE
from facade_helpers import ok
from tzaar.ai.odds import win_chance
from tzaar.facade import jobs, load_all_methods
from tzaar.rules.notation import parse_action
from tzaar.rules.position import Position

AFTER_OPENING = Position.standard().play(["C5xC4"]).text()
#: An endgame the solver proves within Expert's share of 50,000 nodes (tests/test_ai_solver.py's).
PROVEN = "a..../...z2../t....../....t.za/Z2.....Z./.......T/......A2/.ATT../.T.z. b1"
INFO = ["depth", "score", "nodes", "best", "line", "reply", "elapsed", "win_chance"]
TURN = ["number", "side", "actions", "before", "after", "loss", "best", "mark", "reply", "better_reply", "explanation"]


@pytest.fixture(autouse=True)
def no_jobs_left():
    load_all_methods()
    yield
    for jid, (kind, _) in list(jobs._JOBS.items()):
        ok(f"{kind}_stop", job=jid)


def rounded(x: float, places: int) -> bool:
    return round(x, places) == x


def legal_texts(position: str, actions: list) -> bool:
    """Action texts, legal in order from ``position``."""
    pos = Position.from_text(position)
    for text in actions:
        assert isinstance(text, str) and parse_action(text).text() == text
        pos = pos.apply(text)
    return True


def test_a_search_answers_in_action_texts_with_rounded_numbers():
    out = ok("ai_move", position=AFTER_OPENING, level="expert", nodes=3000, seed=2)
    assert list(out) == ["actions", "info"]
    info = out["info"]
    assert list(info) == INFO
    assert info["depth"] > 0 and isinstance(info["score"], int) and info["nodes"] > 0
    assert info["best"] == info["line"] == out["actions"] and len(out["actions"]) == 2
    assert legal_texts(AFTER_OPENING, info["line"] + info["reply"])
    assert info["win_chance"] == round(win_chance(info["score"]), 4)
    assert isinstance(info["elapsed"], float) and rounded(info["elapsed"], 3)


def test_a_search_step_before_the_end_has_no_actions():
    job = ok("ai_start", position=AFTER_OPENING, level="expert", nodes=3000)["job"]
    out = ok("ai_step", job=job, slice_ms=1e-9)  # one piece of work: the search's start
    assert list(out) == ["done", "info"] and out["done"] is False
    assert list(out["info"]) == INFO
    while not (out := ok("ai_step", job=job, slice_ms=1e-9))["done"]:
        assert list(out) == ["done", "info"] and list(out["info"]) == INFO
    assert list(out) == ["done", "actions", "info"] and out["actions"] == out["info"]["best"]


def test_a_proven_result_is_certain_and_said():
    info = ok("ai_move", position=PROVEN, level="expert", nodes=50_000, seed=2)["info"]
    assert list(info) == ["depth", "score", "nodes", "best", "proven", "line", "reply", "elapsed", "win_chance"]
    assert list(info["proven"]) == ["result", "turns"] and info["proven"]["result"] in ("win", "loss")
    assert info["win_chance"] == (1.0 if info["proven"]["result"] == "win" else 0.0)
    assert legal_texts(PROVEN, info["best"])


def test_a_time_budget_says_when_the_turn_ends():
    info = ok("ai_move", position=AFTER_OPENING, level="strong", time=0.1)["info"]
    assert list(info) == INFO[:-1] + ["limit", "win_chance"]
    assert rounded(info["limit"], 3) and info["elapsed"] <= info["limit"]


def test_a_placement_has_no_chance():
    start = Position.tournament().text()
    out = ok("ai_move", position=start, nodes=300)
    assert list(out["info"]) == INFO
    assert {k: v for k, v in out["info"].items() if k != "elapsed"} == {
        "depth": 0, "score": 0, "nodes": 0, "best": out["actions"], "line": [], "reply": [], "win_chance": None}
    assert len(out["actions"]) == 1 and legal_texts(start, out["actions"])


def test_a_review_answers_with_evaluations_turns_and_the_summary():
    actions = ["G6xG3", "pass", "D5xF6"]
    started = ok("review_start", start=IN_ONE, actions=actions, nodes=300)
    assert list(started) == ["job", "total"] and started["total"] == 3
    out = ok("review_step", job=started["job"], slice_ms=1e-9)
    assert out == {"done": False, "evaluated": 0, "total": 3}
    while not (out := ok("review_step", job=started["job"], slice_ms=1e-9))["done"]:
        assert list(out) == ["done", "evaluated", "total"]
    assert list(out) == ["done", "evaluated", "total", "evals", "turns", "summary"]
    assert out["evaluated"] == out["total"] == len(out["evals"]) == 3
    for ev in out["evals"]:
        assert list(ev) == ["score", "mate", "chance", "text"] and rounded(ev["chance"], 4)
    assert out["evals"][0]["text"].startswith("White wins") and out["evals"][-1] == {
        "score": -1_000_000, "mate": 0, "chance": 0.0, "text": "Black wins"}
    first, second = out["turns"]
    assert list(first) == TURN and list(second) == TURN
    assert (first["number"], first["side"], first["actions"]) == (1, "white", ["G6xG3", "pass"])
    assert (second["number"], second["side"], second["actions"]) == (2, "black", ["D5xF6"])
    assert first["before"] == out["evals"][0] and first["after"] == out["evals"][1] == second["before"]
    assert first["mark"] == "blunder" and first["best"] == ["F6xD5"] and rounded(first["loss"], 1)
    assert list(first["explanation"]) == ["reasons", "better"]
    assert list(first["explanation"]["reasons"][0]) == ["code", "params", "line", "actions", "threats"]
    assert second["mark"] is None and second["explanation"] is None and second["reply"] == []
    assert out["summary"] == [{"number": 1, "side": "white", "mark": "blunder", "loss": first["loss"]}]


def test_a_review_of_a_placement_has_no_loss():
    start = Position.tournament().text()
    job = ok("review_start", start=start, actions=["Z@E5"], nodes=200)["job"]
    while not (out := ok("review_step", job=job, slice_ms=50))["done"]:
        pass
    assert out["evals"] == [None, None] and out["summary"] == []
    (turn,) = out["turns"]
    assert turn["before"] is turn["after"] is turn["loss"] is turn["mark"] is turn["explanation"] is None
    assert turn["actions"] == ["Z@E5"] and turn["side"] == "white"
