"""The winning chance a player is shown: the search score read by a logistic model with its own
scale, fitted on the search's scores (tzaar/ai/odds.py), and the facade's info.win_chance."""

import json
import math

from engine_helpers import STANDARD
from lab import tune
from tzaar.ai.odds import SHOWN_K, chance_text, percent, win_chance
from tzaar.ai.search import MATE, MATE_BOUND
from tzaar.ai.weights import K
from tzaar.facade import call, call_json
from tzaar.position import Position


def test_the_chance_is_a_logistic_model_with_the_shown_scale():
    assert win_chance(0) == 0.5
    for score in (-14000, -5000, -400, -1, 1, 250, 2200, 9000, 15000):
        # the tuner's function, with the scale fitted on the search's scores
        assert math.isclose(win_chance(score), tune._sig(SHOWN_K * score / 400))
        assert math.isclose(win_chance(score, K), tune._sig(K * score / 400))
        assert math.isclose(win_chance(score) + win_chance(-score), 1.0)
    # about 400 / SHOWN_K = 4,400 centi-units make one logit of odds (73%): 2,200 is shown
    # as 62%; the tuner's K reads one logit at 400 / K
    assert 0.72 < win_chance(round(400 / SHOWN_K)) < 0.74
    assert 0.72 < win_chance(round(400 / K), K) < 0.74 and 0.60 < win_chance(2200) < 0.64
    # fitted on the search's scores of held-out games, near the static evaluation's K
    # (docs/benchmarks-log.md, "Scores as chances")
    assert 0.8 * K < SHOWN_K < 1.2 * K


def test_the_chance_rises_with_the_score_and_is_certain_only_when_won_or_lost():
    scores = list(range(-MATE, MATE + 1, 997)) + list(range(-30_000, 30_001, 37)) + [-MATE_BOUND, MATE_BOUND]
    chances = [win_chance(s) for s in sorted(scores)]
    assert all(a <= b for a, b in zip(chances, chances[1:]))
    assert win_chance(MATE - 3) == 1.0 and win_chance(3 - MATE) == 0.0
    assert 0 < win_chance(-MATE_BOUND) and win_chance(MATE_BOUND) < 1
    # shown in whole percent: never 100% or 0% unless won or lost
    assert percent(win_chance(MATE_BOUND)) == 99 and percent(win_chance(-MATE_BOUND)) == 1
    assert percent(1.0) == 100 and percent(0.0) == 0 and percent(0.5) == 50


def test_chance_text_names_the_favourite():
    assert chance_text(0.5) == "White 50%"
    assert chance_text(0.621) == "White 62%"
    assert chance_text(0.3) == "Black 70%"
    assert chance_text(0.0) == "Black 100%" and chance_text(1.0) == "White 100%"
    assert chance_text(0.998) == "White 99%" and chance_text(0.004) == "Black 99%"


def test_the_facade_sends_the_chance_of_the_side_to_move():
    black = Position.standard().play(["C5xC4"]).text()
    for position in (STANDARD, black):
        out = call("ai_move", {"position": position, "level": "expert", "nodes": 1500})["result"]
        info = out["info"]
        assert info["win_chance"] == round(win_chance(info["score"]), 4)
        assert 0.3 < info["win_chance"] < 0.7  # the opening is near even
    # in slices too, every step
    job = call("ai_start", {"position": STANDARD, "level": "strong", "nodes": 3000})["result"]["job"]
    while True:
        out = json.loads(call_json("ai_step", json.dumps({"job": job, "slice_ms": 5})))["result"]
        info = out["info"]
        assert info["win_chance"] == (round(win_chance(info["score"]), 4) if info["depth"] else None)
        if out["done"]:
            break


def test_no_chance_before_a_search_has_scored_the_position():
    # a placement is chosen without a search: no chance to show (not a made-up 50%)
    info = call("ai_move", {"position": Position.tournament().text(), "level": "strong"})["result"]["info"]
    assert info["depth"] == 0 and info["win_chance"] is None


def test_a_proven_result_is_a_certain_chance():
    # White at its second action wins in 3 turns (tests/data/tactics.txt)
    won = "...../.z4..Z./T2....../..t...ZA/a....A.A/Z.....T./......t/T...A./a2T... w2"
    info = call("ai_move", {"position": won, "level": "expert", "nodes": 20000})["result"]["info"]
    assert info["proven"] == {"result": "win", "turns": 3} and info["win_chance"] == 1.0
