"""The command line and the page give the same marks for the same game and budget: the
command line's review (tzaar/cli/games.py), the facade's review job run whole, and the same
job run in pieces through JSON and put together (what the page's workers do,
web/analysis/review-job.js) give one answer."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from facade_helpers import err, ok
from tzaar.cli.games import reviewed
from tzaar.cli.main import main
from tzaar.facade.ai_answers import review_answer
from tzaar.ai.review_values import ReviewProgress
from tzaar.records.either import read_any_record

GAME = Path(__file__).parent / "data" / "explained" / "engine-strong-casual.txt"
NODES = 800


def run(**params) -> dict:
    """The last step of a review job."""
    job = ok("review_start", **params)["job"]
    while True:
        out = ok("review_step", job=job, slice_ms=200)
        if out["done"]:
            return out


def game() -> dict:
    record = read_any_record(GAME.read_text(encoding="utf-8"))
    return {"start": record.start.text(), "actions": [a.text() for a in record.actions], "nodes": NODES}


@lru_cache(maxsize=None)
def whole() -> dict:
    """The review job's answer, run whole."""
    return run(**game())


def test_the_command_line_and_the_review_job_give_the_same_review(capsys):
    record = read_any_record(GAME.read_text(encoding="utf-8"))
    cli = reviewed(record, NODES)
    answer = whole()
    assert answer == review_answer(ReviewProgress(answer["total"], answer["total"], cli))
    marked = [t for t in answer["turns"] if t["mark"]]
    assert marked, "a game with a mark"
    # and the command line prints those marks
    assert main(["review", str(GAME), "--nodes", str(NODES)]) == 0
    printed = re.findall(r"^(\d+)\. \w+ .*  (mistake|blunder) \(-(\d+) points\), better: (.+)$", capsys.readouterr().out, re.M)
    assert printed == [(str(t["number"]), t["mark"], f"{t['loss']:.0f}", " ".join(t["best"])) for t in marked]


def test_the_review_run_in_pieces_through_json_is_the_review_run_whole():
    params = game()
    looks, candidates = {}, []
    for part in range(2):
        piece = run(**params, piece={"kind": "first", "part": part, "parts": 2})
        assert set(piece) == {"done", "evaluated", "total", "looks", "candidates"}
        looks.update(piece["looks"])
        candidates += piece["candidates"]
    assert candidates
    for turn in candidates:
        looks.update(run(**params, piece={"kind": "deeper", "turn": turn}, looks=looks)["looks"])
    looks.update(run(**params, piece={"kind": "proofs"})["looks"])
    job = ok("review_start", **params, looks=looks)
    step = ok("review_step", job=job["job"], slice_ms=10_000)  # nothing left to search
    assert step["done"] and step == whole()


@pytest.mark.parametrize(
    "params, fragment",
    [
        ({"piece": {"kind": "some"}}, "piece kind"),
        ({"piece": {"kind": None}}, "piece kind"),
        ({"piece": {"kind": []}}, "piece kind"),
        ({"piece": {"kind": ["first"]}}, "piece kind"),
        ({"piece": {"kind": {}}}, "piece kind"),
        ({"piece": {"kind": {"a": 1}}}, "piece kind"),
        ({"piece": {"kind": "first", "part": 2, "parts": 2}}, "part must be"),
        ({"piece": {"kind": "first", "part": 0, "parts": 0}}, "parts must be"),
        ({"piece": {"kind": "deeper", "turn": 99}}, "turn must be"),
        ({"piece": {"kind": "deeper", "turn": True}}, "turn must be"),
        ({"piece": {"kind": "proofs", "turn": 1}}, "takes kind"),
        ({"looks": {"main 99": {"eval": None, "turn": []}}}, "no look 'main 99'"),
        ({"looks": {"sideways 0": {"eval": None, "turn": []}}}, "no look"),
        ({"looks": {"main 0": {"eval": {"score": 1, "mate": None, "chance": 2}, "turn": []}}}, "bad score"),
        ({"looks": {"main 0": {"eval": None, "turn": ["C5xC4", "pass", "pass"]}}}, "at most two"),
        ({"looks": {"main 0": None}}, "must be {eval, turn}"),
    ],
)
def test_bad_pieces_and_looks_are_refused(params, fragment):
    kind, message = err("review_start", {**game(), **params})
    assert kind == "BadParams" and fragment in message, message


def test_a_look_with_a_bad_action_is_refused():
    kind, _ = err("review_start", {**game(), "looks": {"main 0": {"eval": None, "turn": ["C5yC4"]}}})
    assert kind == "ActionError"
