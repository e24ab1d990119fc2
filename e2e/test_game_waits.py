"""A lesson or a puzzle borrows the board: the game that was on it waits, and comes back when
the lessons (or the puzzles) close, or on a reload; a new game meanwhile takes its place."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import STANDARD, act, idle, new_game, puzzle_list

from tzaar.study.lesson_data import LESSONS

PUZZLES = json.loads((Path(__file__).resolve().parents[1] / "web" / "learn" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]

WAITING_KEY = "tzaar.game.waiting"


def game_of(page) -> dict:
    return page.evaluate(
        "() => { const s = window.tzaar.state; return {setup: s.setup, actions: s.actions, cursor: s.cursor,"
        " players: s.players, position: s.view && s.view.position}; }"
    )


def waiting(page):
    return page.evaluate(f"() => localStorage.getItem({WAITING_KEY!r})")


def a_game_against_the_computer(open_site, wait_engine) -> tuple:
    """(page, game): a first visit's game (White, you, against Casual) after your first turn
    and its reply."""
    page = open_site()
    wait_engine(page)
    idle(page, STANDARD)
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    page.wait_for_function(
        "() => { const s = window.tzaar.state; return s.actions.length >= 3 && !s.thinking && !s.busy"
        " && s.players[s.view.side] === 'person'; }",
        timeout=60_000,
    )
    game = game_of(page)
    assert game["setup"] == "standard" and game["players"]["black"] == "computer:novice"
    return page, game


def open_lesson(page, index: int = 0) -> None:
    page.click("nav [data-command=learn]")
    lesson = LESSONS[index]
    page.click(f'#lessons button[data-lesson="{lesson["id"]}"]')
    idle(page, lesson["steps"][0]["position"])
    assert game_of(page)["setup"] == "lesson"


def open_puzzle(page, index: int) -> None:
    if page.is_hidden("#puzzles"):
        page.click("#puzzles-button")
        puzzle_list(page)  # the list of all puzzles
    page.click(f'#puzzles button[data-index="{index}"]')
    idle(page, PUZZLES[index]["position"])
    assert game_of(page)["setup"] == "puzzle"


def back(page, game: dict) -> None:
    """Wait until `game` is on the board again, the address saying so too, then check all of it came back."""
    page.wait_for_function(
        "p => { const s = window.tzaar.state; return s.view && s.view.position === p && !s.busy"
        " && location.hash === '#' + p.replace(' ', '_'); }",
        arg=game["position"],
    )
    assert game_of(page) == game
    assert waiting(page) is None  # it is the saved game again


def test_the_game_comes_back_when_the_lessons_close_on_a_reload_during_a_puzzle_and_when_the_puzzles_close(open_site, wait_engine, watch):
    page, game = a_game_against_the_computer(open_site, wait_engine)
    open_lesson(page)
    assert waiting(page) is not None
    page.click('#lessons button[data-lessons="close"]')
    back(page, game)
    # (said in the frame after the game is back: the live region is drawn from the state)
    page.wait_for_function("t => document.querySelector('#announce').textContent === t", arg="Your game is back on the board.")
    # A reload during a puzzle brings it back.
    open_puzzle(page, 0)
    page.reload()
    wait_engine(page)
    back(page, game)
    # So does closing the puzzles.
    open_puzzle(page, 0)
    open_puzzle(page, 1)  # from puzzle to puzzle, the game still waits
    page.click("#puzzles-button")  # the puzzles close
    back(page, game)
    watch.assert_clean()


def test_a_reload_with_a_refused_link_during_a_lesson_keeps_the_game(open_site, wait_engine, watch):
    page, game = a_game_against_the_computer(open_site, wait_engine)
    open_lesson(page)
    url = page.url.split("#")[0] + "#" + STANDARD.replace(" ", "_") + "~C5xC4,C5xC4"  # not legal
    page.goto("about:blank")
    page.goto(url)
    wait_engine(page)
    page.locator("#alert").wait_for(state="visible")
    assert "C5xC4" in page.inner_text("#alert")
    page.wait_for_function("p => window.tzaar.state.view && window.tzaar.state.view.position === p", arg=game["position"])
    assert game_of(page) == game
    watch.assert_clean()


def test_an_unreadable_waiting_game_is_set_aside_and_said(open_site, wait_engine, watch):
    page, _ = a_game_against_the_computer(open_site, wait_engine)
    open_lesson(page)
    page.evaluate(f"() => localStorage.setItem({WAITING_KEY!r}, '{{not json')")
    page.click('#lessons button[data-lessons="close"]')
    alert = page.locator("#alert")
    alert.wait_for(state="visible")
    assert "damaged" in alert.inner_text() and "set aside" in alert.inner_text()
    idle(page, STANDARD)  # a new game, never a blank board
    assert page.evaluate("() => localStorage.getItem('tzaar.game.set-aside')") == "{not json"
    assert waiting(page) is None
    watch.assert_clean()


def test_a_new_game_during_a_lesson_takes_the_waiting_games_place(open_site, wait_engine, watch):
    page, _ = a_game_against_the_computer(open_site, wait_engine)
    open_lesson(page, 1)
    new_game(page, "person", "computer:strong")  # (players a lesson never has: the new game is there)
    assert waiting(page) is None
    assert page.is_hidden("#lessons") and page.is_hidden("#back-to-game")  # the new game left the lesson
    idle(page, STANDARD)
    game = game_of(page)
    assert game["setup"] == "standard" and game["actions"] == [] and game["players"]["black"] == "computer:strong"
    watch.assert_clean()
