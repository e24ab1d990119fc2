"""The puzzles that fit the player: the rating goes up on a solve and down on a miss, a
streak counts and ends on the first miss, the theme filter offers only its theme, the next
puzzle follows the rating, and all of it survives a reload (an unreadable save starts
afresh and says so)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import act, engine, idle, puzzle_list, winning_turn

from tzaar.rules.position import Position
from tzaar.rules.turns import group_turns

PUZZLES = json.loads((Path(__file__).resolve().parent.parent / "web" / "learn" / "puzzles.json").read_text())["puzzles"]
BY_ID = {p["id"]: p for p in PUZZLES}
PROGRESS = "tzaar.puzzles.progress"


def first_turn(puzzle) -> list[str]:
    """The player's first turn of the puzzle's solution."""
    return [a.text() for a in group_turns(Position.from_text(puzzle["position"]), puzzle["solution"])[0].actions]


def start(open_stored, wait_engine, progress: dict | str | None = None, stored: dict | None = None):
    """The page with the puzzles open; `progress` stored first (a dict, or a text as it is),
    and the other texts of `stored`."""
    items = dict(stored or {})
    if progress is not None:
        items[PROGRESS] = progress if isinstance(progress, str) else json.dumps(progress)
    page = open_stored(items)
    wait_engine(page)
    idle(page)
    page.click("#puzzles-button")
    page.wait_for_selector("#puzzles .puzzle-list button[data-index]", state="attached")
    return page


def next_puzzle(page) -> dict:
    before = page.get_attribute("#puzzles", "data-puzzle")
    page.click("#puzzles .puzzle-next")
    page.wait_for_function("before => { const p = document.querySelector('#puzzles').dataset.puzzle; return p && p !== before; }", arg=before)
    puzzle = BY_ID[page.get_attribute("#puzzles", "data-puzzle")]
    idle(page, puzzle["position"])
    return puzzle


def solve(page, puzzle) -> None:
    """Play the puzzle's first turn, let the page play the defence, then win."""
    side = puzzle["position"].rsplit(" ", 1)[1][0]
    for action in first_turn(puzzle):
        act(page, action)
    page.wait_for_selector('#puzzles[data-status="continue"]')
    # the defence played: the player's turn again
    page.wait_for_function(
        "([start, side]) => { const b = document.querySelector('#board'); return b.dataset.state === 'idle' && b.dataset.position !== start && b.dataset.position.endsWith(` ${side}1`); }",
        arg=[puzzle["position"], side],
    )
    position = page.get_attribute("#board", "data-position")
    for action in winning_turn(position):
        act(page, action)
    page.wait_for_selector('#puzzles[data-status="solved"]')


def miss(page, puzzle) -> None:
    wrong = next(a.text() for a in Position.from_text(puzzle["position"]).legal_actions() if a.text() != puzzle["answer"])
    act(page, wrong)
    page.wait_for_selector('#puzzles[data-status="failed"]')


def rating(page) -> int:
    return int(page.get_attribute("#puzzles", "data-rating"))


def stored(page) -> dict:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", PROGRESS))


def test_a_solve_raises_the_rating_a_miss_lowers_it_and_a_reload_keeps_it(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine)
    assert rating(page) == 1200
    assert page.inner_text("#puzzles .puzzle-rating") == "Your rating: 1200"
    puzzle = next_puzzle(page)
    solve(page, puzzle)
    up = rating(page)
    change = int(page.get_attribute("#puzzles", "data-change"))
    assert up > 1200 and up == 1200 + change
    assert page.inner_text("#puzzles .puzzle-rating") == f"Your rating: {up} (+{change})"
    # once over, the puzzle's own rating and themes are shown
    info = page.inner_text("#puzzles .puzzle-info")
    assert f"rated {puzzle['rating']}" in info
    assert page.eval_on_selector_all("#puzzles .puzzle-info .puzzle-tag", "ts => ts.map(t => t.dataset.theme)") == puzzle["themes"]
    second = next_puzzle(page)
    assert second["id"] != puzzle["id"]
    miss(page, second)
    down = rating(page)
    assert down < up
    assert page.inner_text("#puzzles .puzzle-rating") == f"Your rating: {down} (−{up - down})"
    assert stored(page)["rating"] == down and stored(page)["played"] == 2 and stored(page)["failed"] == [second["id"]]
    # the same puzzle again: not rated
    puzzle_list(page)
    page.click(f'#puzzles button[data-id="{second["id"]}"]')
    idle(page, second["position"])
    miss(page, second)
    assert rating(page) == down and "Not rated" in page.inner_text("#puzzles .puzzle-note")
    # a reload keeps the rating and the solved puzzle
    page.reload()
    wait_engine(page)
    page.click("#puzzles-button")
    page.wait_for_selector(f'#puzzles button[data-id="{puzzle["id"]}"][data-solved="true"]', state="attached")
    assert rating(page) == down
    assert page.inner_text("#puzzles .puzzle-rating") == f"Your rating: {down}"
    assert puzzle["id"] in json.loads(page.evaluate("() => localStorage.getItem('tzaar.puzzles.solved')"))
    watch.assert_clean()


def test_a_puzzle_solved_with_the_hint_is_not_rated_and_does_not_add_to_the_streak(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine, {"version": 1, "rating": 1200, "played": 0, "scoring": "streak", "theme": "", "streak": 2, "best": 2, "failed": []})
    puzzle = next_puzzle(page)
    page.click('[data-action="hint"]')
    page.wait_for_function("() => document.querySelector('#hint-text').textContent.length > 0")
    solve(page, puzzle)
    assert page.inner_text("#puzzles .puzzle-note") == "Not rated: you asked for a hint."
    assert rating(page) == 1200 and stored(page)["streak"] == 2 and stored(page)["played"] == 0
    watch.assert_clean()

def test_a_streak_counts_and_ends_on_the_first_miss(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine)
    assert page.is_hidden("#puzzles .puzzle-streak")
    page.select_option('#puzzles select[name="puzzle-scoring"]', "streak")
    page.wait_for_selector('#puzzles[data-scoring="streak"]')
    assert page.inner_text("#puzzles .puzzle-streak") == "Streak: 0 · best 0"
    for n in (1, 2):
        solve(page, next_puzzle(page))
        page.wait_for_selector(f'#puzzles[data-streak="{n}"]')
    assert page.inner_text("#puzzles .puzzle-streak") == "Streak: 2 · best 2"
    miss(page, next_puzzle(page))
    page.wait_for_selector('#puzzles[data-streak="0"][data-best="2"]')
    assert page.inner_text("#puzzles .puzzle-note") == "Streak over: 2 in a row. Your best: 2."
    assert page.inner_text("#puzzles .puzzle-streak") == "Streak: 0 · best 2"
    # the scoring and the best streak survive a reload
    page.reload()
    wait_engine(page)
    page.click("#puzzles-button")
    page.wait_for_selector('#puzzles[data-scoring="streak"][data-best="2"]')
    assert page.input_value('#puzzles select[name="puzzle-scoring"]') == "streak"
    assert stored(page)["best"] == 2
    watch.assert_clean()


def test_the_theme_filter_offers_only_its_theme(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine)
    everything = page.locator("#puzzles .puzzle-list button").count()
    assert everything == len(PUZZLES)
    page.select_option('#puzzles select[name="puzzle-theme"]', "starve")
    page.wait_for_selector('#puzzles[data-theme="starve"]')
    starve = [p["id"] for p in PUZZLES if "starve" in p["themes"]]
    listed = page.eval_on_selector_all("#puzzles .puzzle-list button", "bs => bs.map(b => b.dataset.id)")
    assert listed == starve and 0 < len(listed) < everything
    assert f"of {len(starve)} solved" in page.inner_text("#puzzles .puzzle-all summary")
    for _ in range(4):
        assert "starve" in next_puzzle(page)["themes"]
    page.select_option('#puzzles select[name="puzzle-theme"]', "defend")
    for _ in range(3):
        assert "defend" in next_puzzle(page)["themes"]
    page.select_option('#puzzles select[name="puzzle-theme"]', "")
    assert page.locator("#puzzles .puzzle-list button").count() == everything
    watch.assert_clean()


def nearest(target: int, k: int = 5) -> set[str]:
    return {p["id"] for p in sorted(PUZZLES, key=lambda p: abs(p["rating"] - target))[:k]}


def test_the_next_puzzle_follows_the_rating(open_stored, watch, wait_engine):
    fresh = {"version": 1, "played": 30, "scoring": "rated", "theme": "", "streak": 0, "best": 0, "failed": []}
    page = start(open_stored, wait_engine, {**fresh, "rating": 2150})
    assert rating(page) == 2150
    strong = next_puzzle(page)
    assert strong["id"] in nearest(2150) and strong["rating"] >= 1800
    page = start(open_stored, wait_engine, {**fresh, "rating": 850})
    weak = next_puzzle(page)
    assert weak["id"] in nearest(850) and weak["rating"] <= 1100
    watch.assert_clean()


def test_an_unreadable_progress_starts_afresh_says_so_and_is_kept_aside(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine, '{"version": 1, "rating": "lots"', {"tzaar.puzzles.solved": json.dumps(["p1", "p2"])})
    assert rating(page) == 1200
    status = page.inner_text("#puzzles .puzzle-status")
    assert "could not be read" in status and "starts again at 1200" in status
    assert page.get_attribute("#puzzles", "data-status") == "reset"
    assert page.evaluate(f"() => localStorage.getItem('{PROGRESS}.unreadable')") == '{"version": 1, "rating": "lots"'
    assert stored(page)["rating"] == 1200
    # the solved puzzles are kept
    assert page.get_attribute('#puzzles button[data-id="p1"]', "data-solved") == "true"
    assert "(2 of" in page.inner_text("#puzzles .puzzle-all summary")
    watch.assert_clean()


def test_a_missed_puzzle_offers_try_again_unrated_and_shows_its_whole_solution(open_stored, watch, wait_engine):
    page = start(open_stored, wait_engine)
    assert page.is_hidden("#puzzles .puzzle-after")
    puzzle = next_puzzle(page)
    miss(page, puzzle)
    # The answer is not given away: Try again is a real try.
    assert puzzle["answer"] not in page.inner_text("#puzzles")
    after = rating(page)
    assert after < 1200 and page.is_visible('#puzzles [data-puzzle="retry"]') and page.is_visible('#puzzles [data-puzzle="solution"]')
    assert page.text_content('#puzzles [data-puzzle="retry"]') == "Try again"
    # Try again: the same puzzle from its start; solved now, the rating does not move
    page.click('#puzzles [data-puzzle="retry"]')
    idle(page, puzzle["position"])
    assert page.get_attribute("#puzzles", "data-puzzle") == puzzle["id"] and page.is_hidden("#puzzles .puzzle-after")
    solve(page, puzzle)
    assert rating(page) == after and stored(page)["rating"] == after
    assert "Not rated" in page.inner_text("#puzzles .puzzle-note")
    # another puzzle missed, then its solution: the whole winning line played on the board
    other = next_puzzle(page)
    miss(page, other)
    page.click('#puzzles [data-puzzle="solution"]')
    page.wait_for_selector('#puzzles[data-shown="true"]', timeout=30_000)
    assert page.inner_text("#puzzles .puzzle-status").startswith("The solution, played on the board: " + " ".join(other["solution"]))
    moves = page.eval_on_selector_all("#moves button[data-move]", "bs => bs.map(b => b.dataset.move)")
    assert moves == other["solution"]
    end = Position.from_text(other["position"]).play(other["solution"])
    assert end.winner is not None
    # and why it wins, in words: what the first capture takes, then the win against every defence
    why = page.inner_text("#puzzles .puzzle-why")
    assert why == solution_words(other), why
    watch.assert_clean()


def solution_words(puzzle) -> str:
    """The English words of why the puzzle's solution wins, from the position and the line."""
    pos = Position.from_text(puzzle["position"])
    first, defence, win = ([a.text() for a in t.actions] for t in group_turns(pos, puzzle["solution"]))
    side, other = ("White", "Black") if pos.side == 0 else ("Black", "White")
    point = first[0].split("x")[1]
    taken = engine("view", position=puzzle["position"])["points"][point]["type"].capitalize()
    end = engine("game", start=puzzle["position"], actions=puzzle["solution"])["view"]["reason"]
    words = (f"{first[0]} takes {other}'s {taken} on {point}, then {first[1]}. Whatever {other} does then, {side} wins in its next turn: "
             f"against {' '.join(defence)}, {' '.join(win)} ")
    words += f"takes {other}'s last {end['type'].capitalize()}." if end["code"] == "lost-type" else f"leaves {other} with no capture."
    if "defend" in puzzle["themes"]:
        words += f" This turn also parries {other}'s own threat to win in one turn."
    return words
