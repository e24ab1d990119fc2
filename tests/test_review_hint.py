"""The review and the Hint agree (issue 51): the review runs the Hint's own search before it
marks a turn, and never marks the turn the Hint suggests."""

from __future__ import annotations

import re
from pathlib import Path

from tzaar import Position
from tzaar.ai.players import run_think
from tzaar.ai.review import HINT_LEVEL, HINT_NODES, HINT_SECONDS, review_game
from tzaar.rules.notation import action_texts

COMPUTER_JS = Path(__file__).resolve().parents[1] / "web" / "game" / "computer.js"

# From a game of lab/data/vs-native-2026-11-25 (mix3s-10), Black to move: the Hint's turn is D1xC1 C1xH3;
# the review at the page's 1500 nodes marked it a mistake (-23 points, better D1xC1 C1xC2)
# before it ran the Hint's search.
POSITION = ".tatt/T.a3..t/ZA3...../z6......./T......./.A2..t.../......./Z2.T6Z.Z/A.T.. b1"
HINTED = ["D1xC1", "C1xH3"]


def hint(position: Position) -> list:
    actions, _ = run_think(position.board(), HINT_LEVEL, 0, HINT_SECONDS, HINT_NODES, True)
    return action_texts(actions, position.board())


def test_the_page_hint_runs_the_search_the_review_runs():
    js = COMPUTER_JS.read_text(encoding="utf-8")
    assert re.search(rf'HINT_LEVEL = "{HINT_LEVEL}"', js)
    assert re.search(rf"HINT_NODES = {HINT_NODES}\b", js)
    assert re.search(rf"HINT_SECONDS = {HINT_SECONDS:g}\b", js)
    call = re.search(r"const params = \{ position, level: HINT_LEVEL, nodes: HINT_NODES, time: HINT_SECONDS, seed: 0, solve: true \}", js)
    assert call, "suggest() must send the review's hint search: level, nodes, seconds, seed 0, solver"


def test_the_review_never_marks_the_hints_turn():
    position = Position.from_text(POSITION)
    assert hint(position) == HINTED
    turn = review_game(position, HINTED, 1500).turns[0]
    assert turn.mark is None and turn.loss == 0.0 and turn.best == HINTED


def test_the_review_never_marks_the_hints_second_action_after_the_hints_first():
    # the person plays the Hint's first action, asks again, and plays that second action
    position = Position.from_text(POSITION)
    first = hint(position)[0]
    second = hint(position.apply(first))
    turn = review_game(position, [first, *second], 1500).turns[0]
    assert turn.mark is None
