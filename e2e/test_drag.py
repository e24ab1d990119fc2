"""A stack dragged to its target plays the action, on every board (the game's, a lesson's, a
puzzle's), with a mouse and with a touch screen; a drop anywhere else only ends the drag,
the stack staying chosen as after a click (web/board/drag.js)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import STANDARD, engine, idle, shown, wait_position_change

from tzaar.rules.position import Position
from tzaar.rules.turns import group_turns
from tzaar.study.lesson_data import LESSONS

PUZZLES = json.loads((Path(__file__).resolve().parent.parent / "web" / "learn" / "puzzles.json").read_text())["puzzles"]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True}  # touch events as a phone has them (and the mouse too)


def centre(page, point: str) -> tuple[float, float]:
    """The point's centre on the screen, in CSS pixels."""
    box = page.locator(f'#board [data-point="{point}"] .hit').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, source: str, to: tuple[float, float], screenshot: Path | None = None) -> None:
    """Press on `source`, move in steps to `to` (a drag once the page follows the press), let go."""
    x, y = centre(page, source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.wait_for_selector(f'#board[data-pressed="{source}"]')  # drag.js follows this press
    for i in range(1, 9):
        page.mouse.move(x + (to[0] - x) * i / 8, y + (to[1] - y) * i / 8)
    page.wait_for_selector(f'#board[data-dragging="{source}"]')
    if screenshot:
        page.screenshot(path=str(screenshot))
    page.mouse.up()
    page.wait_for_selector("#board:not([data-dragging])")


def drag_action(page, action: str) -> None:
    """Play a capture or a stacking by dragging its stack to its target."""
    source, target = action.replace("x", "-").split("-")
    before = shown(page)
    mouse_drag(page, source, centre(page, target))
    wait_position_change(page, before)


def test_a_drag_plays_the_action_a_drop_off_target_keeps_the_stack_chosen_and_a_drag_plays_on_a_lessons_and_a_puzzles_board(page, open_position, watch, tmp_path):
    page = open_position(STANDARD)
    # Dropped on a point that is not its target: nothing played, the stack chosen as by a click.
    mouse_drag(page, "C5", centre(page, "E5"))
    page.wait_for_selector('#board [data-point="C5"][data-selected="true"]')
    assert page.get_attribute('#board [data-point="C4"]', "data-target") == "capture"
    assert shown(page) == STANDARD
    # Dropped off the board: the same.
    box = page.locator("#board").bounding_box()
    mouse_drag(page, "C5", (box["x"] + box["width"] + 40, box["y"] + 20))
    assert page.get_attribute('#board [data-point="C5"]', "data-selected") == "true" and shown(page) == STANDARD
    # Dropped on its target: played (a screenshot mid-drag, to look at).
    before = shown(page)
    mouse_drag(page, "C5", centre(page, "C4"), screenshot=tmp_path / "drag.png")
    wait_position_change(page, before)
    idle(page)
    assert page.evaluate("() => window.tzaar.state.actions") == ["C5xC4"]
    # A click still chooses and plays as before (the click after a drag is not swallowed twice).
    page.click('#board [data-point="B3"]')
    page.wait_for_selector('#board [data-point="B3"][data-selected="true"]')
    # A drag plays on a lesson's board and on a puzzle's board too.
    # A lesson: the stacking lesson's first step, its author's action dragged.
    page.click("nav [data-command=learn]")
    page.click('#lessons button[data-lesson="stacking"]')
    step = next(lesson for lesson in LESSONS if lesson["id"] == "stacking")["steps"][0]
    page.wait_for_selector('#lessons[data-lesson="stacking"][data-step="0"][data-status="playing"]')
    idle(page, step["position"])
    drag_action(page, step["solution"][0])
    page.wait_for_selector('#lessons[data-status="done"]')
    page.click('#lessons [data-lessons="close"]')
    # A puzzle: its first action dragged, judged as the right start.
    page.click("#puzzles-button")
    page.wait_for_selector("#puzzles .puzzle-list button[data-index]", state="attached")
    page.click("#puzzles .puzzle-next")
    page.wait_for_selector("#puzzles[data-puzzle]", state="attached")
    puzzle = next(p for p in PUZZLES if p["id"] == page.get_attribute("#puzzles", "data-puzzle"))
    idle(page, puzzle["position"])
    first = group_turns(Position.from_text(puzzle["position"]), puzzle["solution"])[0].actions[0].text()
    assert first in engine("view", position=puzzle["position"])["legal"]["actions"]
    drag_action(page, first)
    assert page.evaluate("() => window.tzaar.state.actions")[:1] == [first]
    page.wait_for_selector('#puzzles:not([data-status="failed"])')
    watch.assert_clean()


def test_a_touch_drag_plays_the_action_on_a_phone(page, open_position, watch):
    page.set_viewport_size({"width": 390, "height": 844})
    page = open_position(STANDARD)
    page.locator("#board").scroll_into_view_if_needed()
    x, y = centre(page, "C5")
    tx, ty = centre(page, "C4")
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, points: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})  # noqa: E731
    scrolled = page.evaluate("() => window.scrollY")
    touch("touchStart", [{"x": x, "y": y}])
    page.wait_for_selector('#board[data-pressed="C5"]')
    for i in range(1, 9):
        touch("touchMove", [{"x": x + (tx - x) * i / 8, "y": y + (ty - y) * i / 8}])
    page.wait_for_selector('#board[data-dragging="C5"]')
    touch("touchEnd", [])
    wait_position_change(page, STANDARD)
    idle(page)
    assert page.evaluate("() => window.tzaar.state.actions") == ["C5xC4"]
    assert page.evaluate("() => window.scrollY") == scrolled  # the drag did not scroll the page
    watch.assert_clean()
