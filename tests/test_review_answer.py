"""An exercise's answer judged against the exercise's better turn, every verdict from the
deeper look (:class:`tzaar.ai.review_answer.AnswerReview`, the facade's review job with
``better``): an answer the review's first pass finds as good as the engine's turn is not
called right when the deeper look after it and after the better turn says otherwise.

The position is an exercise the page made from a real game (mix3s-00-won turn 20, Black: the
turn played, B3xB1 B4-A3, a blunder; the exercise's better turn B4xF7 A4xG2), judged at the
page's 1,500 nodes.
"""

from __future__ import annotations

import pytest

from tzaar import Position
from tzaar.ai.review import review_game
from tzaar.ai.review_answer import AnswerReview
from tzaar.ai.review_marks import proven_for
from facade_helpers import err, ok

NODES = 1500
EXERCISE = "tttz5./T.a2a../..Z..../......../tA3....at/......Z./.Zt.ZT3t2/tT2..../tA3T.. b1"
BETTER = ["B4xF7", "A4xG2"]
# An answer the first pass finds within a point of the engine's turn; after it White is
# proven to win (the solver), as after the blunder the exercise practises.
LOSING_ANSWER = ["G3xI3", "A2-A1"]
#: A right answer gives away less than this (web/learn/exercise-list.js MARGIN).
MARGIN = 8


def answer_of(actions, better=BETTER):
    return AnswerReview(Position.from_text(EXERCISE), actions, better, NODES).step(float("inf")).result.turns[0]


def test_the_first_pass_alone_calls_the_losing_answer_as_good_as_the_engines_turn():
    """What the page judged an answer by before: the review of the one turn, whose first pass
    does not make it a candidate (so no deeper look) and finds it within MARGIN."""
    turn = review_game(Position.from_text(EXERCISE), LOSING_ANSWER, NODES).turns[0]
    assert turn.mark is None and turn.loss < MARGIN


def test_the_deeper_look_finds_the_losing_answer_lost_and_says_how_much_against_the_better_turn():
    turn = answer_of(LOSING_ANSWER)
    assert proven_for(1, turn.after) == "loss"  # Black, the mover, proven to lose after it
    assert turn.loss >= MARGIN and turn.mark is not None
    assert turn.best == BETTER and turn.actions == LOSING_ANSWER


def test_the_better_turn_itself_gives_away_nothing_and_its_line_is_the_deeper_looks():
    turn = answer_of(BETTER)
    assert turn.loss == 0 and turn.mark is None and turn.best == BETTER
    assert turn.better_reply == turn.reply and turn.reply  # the reply the deeper look expects


def test_an_answer_and_a_better_turn_that_are_not_one_legal_turn_are_refused():
    with pytest.raises(ValueError, match="one turn"):
        answer_of(LOSING_ANSWER + ["B1xE1"])  # and White's first action
    with pytest.raises(ValueError, match="better turn"):
        answer_of(LOSING_ANSWER, ["B4xF7"])  # half a turn
    with pytest.raises(ValueError):
        answer_of(LOSING_ANSWER, ["B4xF7", "Z9-A1"])


def test_the_facade_judges_an_answer_against_better_and_refuses_a_bad_one():
    job = ok("review_start", start=EXERCISE, actions=LOSING_ANSWER, nodes=NODES, better=BETTER)["job"]
    while not (out := ok("review_step", job=job, slice_ms=1000))["done"]:
        pass
    turn = out["turns"][0]
    assert turn["best"] == BETTER and turn["loss"] >= MARGIN
    kind, message = err("review_start", {"start": EXERCISE, "actions": LOSING_ANSWER, "better": ["B4xF7"]})
    assert kind == "BadParams" and "better turn" in message
    kind, _ = err("review_start", {"start": EXERCISE, "actions": LOSING_ANSWER, "better": BETTER, "piece": {"kind": "proofs"}})
    assert kind == "BadParams"
