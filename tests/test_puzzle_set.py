"""The shipped puzzles (web/learn/puzzles.json): every one proven, themed and rated as lab.puzzleset
computes it; the first 24 keep their ids (saved progress refers to them).

Proving all of them takes about a second (BENCHMARKS.md, "Puzzles"), so every one is
proven here; ``python -m lab.puzzleset prove web/learn/puzzles.json`` does the same by hand.
"""

import copy
import hashlib
import json
from pathlib import Path

import pytest

from lab.puzzleset import HIGH, LOW, THEMES, PuzzleSetError, end_theme, prove, rating_of, themes_of, threatened
from tzaar.notation import COLOUR_NAMES
from tzaar.position import Position

DATA = json.loads((Path(__file__).resolve().parent.parent / "web" / "learn" / "puzzles.json").read_text())
PUZZLES = DATA["puzzles"]
# The first 24 puzzles as shipped before themes and ratings: id, position and answer.
FIRST_24 = "d0f9f593a489de7d70db9e097e72f5e004b65c0259b78572148f6bbc839f1409"


def test_the_file_and_its_ids():
    assert DATA["version"] == 1 and DATA["turns"] == 2
    assert len(PUZZLES) >= 200
    ids = [p["id"] for p in PUZZLES]
    assert ids == [f"p{i + 1}" for i in range(len(PUZZLES))]
    assert len({p["position"] for p in PUZZLES}) == len(PUZZLES)
    first = "\n".join(f"{p['id']} {p['position']} {p['answer']}" for p in PUZZLES[:24])
    assert hashlib.sha256(first.encode()).hexdigest() == FIRST_24


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_every_puzzle_is_proven_themed_and_rated(puzzle):
    assert set(puzzle) == {"id", "position", "side", "answer", "solution", "themes", "nodes", "rating"}
    pos = Position.from_text(puzzle["position"])  # a legal position text
    assert puzzle["side"] == COLOUR_NAMES[pos.side]
    pos.apply(puzzle["answer"])  # the answer is legal
    end = pos.play(puzzle["solution"])  # the line is legal ...
    assert end.winner == pos.side  # ... and ends in the side's win
    assert set(puzzle["themes"]) <= set(THEMES) and len(set(puzzle["themes"])) == len(puzzle["themes"])
    assert ("type" in puzzle["themes"]) != ("starve" in puzzle["themes"])
    assert LOW <= puzzle["rating"] <= HIGH and puzzle["rating"] % 10 == 0
    prove(puzzle)  # exactly one winning first action, the themes and the rating recomputed


def test_every_theme_has_puzzles_and_the_ratings_spread():
    for theme in THEMES:
        assert sum(theme in p["themes"] for p in PUZZLES) >= 10, theme
    ratings = sorted(p["rating"] for p in PUZZLES)
    assert ratings[len(ratings) // 10] < 1300 and ratings[-len(ratings) // 10] > 1700


def test_the_rating_grows_with_the_engine_effort():
    assert rating_of({"settle": 1, "mate": 1}) == LOW
    assert rating_of({"settle": 20, "mate": 20}) == LOW
    assert rating_of({"settle": 200, "mate": 200}) == 1500  # 700 points a factor of ten
    assert rating_of({"settle": 2000, "mate": 2000}) == HIGH
    assert rating_of({"settle": 50_000, "mate": 50_000}) == HIGH
    assert rating_of({"settle": 10, "mate": 1000}) == rating_of({"settle": 100, "mate": 100})  # the geometric mean


def test_the_themes_on_known_puzzles():
    by_id = {p["id"]: p for p in PUZZLES}
    # p1: White takes Black's last Tzarra; Black threatens nothing.
    p1 = Position.from_text(by_id["p1"]["position"])
    assert end_theme(p1, by_id["p1"]["solution"]) == "type" and not threatened(p1)
    # p4: Black cannot capture at the end; Black threatened to win at once.
    p4 = Position.from_text(by_id["p4"]["position"])
    assert themes_of(p4, by_id["p4"]["solution"]) == ["starve", "defend"] and threatened(p4)


def test_a_solution_that_does_not_win_has_no_theme():
    p = PUZZLES[0]
    with pytest.raises(PuzzleSetError, match="does not end"):
        end_theme(Position.from_text(p["position"]), p["solution"][:-1])


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda p: p.update(answer=p["solution"][1]), "winning first actions"),
        (lambda p: p.update(themes=["starve"] if "type" in p["themes"] else ["type"]), "themes"),
        (lambda p: p.update(rating=p["rating"] + 10), "rating"),
        (lambda p: p.update(side="black" if p["side"] == "white" else "white"), "not a position"),
    ],
)
def test_prove_refuses_a_puzzle_changed(change, message):
    p = copy.deepcopy(PUZZLES[0])
    prove(p)
    change(p)
    with pytest.raises(PuzzleSetError, match=message):
        prove(p)
