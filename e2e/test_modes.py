"""One mode at a time holds the board: the game, a lesson, a puzzle, the editor, the review,
the analysis board. Entering one leaves the other and closes its panel; the game waits while a
lesson or a puzzle has the board, says so, and comes back by "Back to your game"; the settings
of one mode do not leak into another (players, the New game dialog's defaults); a game
reopened from Your games keeps its players."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import LAST_TZAAR, STANDARD, act, fragment, idle, new_game, puzzle_list, trio_player

from tzaar.study.lesson_data import LESSONS

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = json.loads((ROOT / "web" / "learn" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]
LESSON = {lesson["id"]: lesson for lesson in LESSONS}
# White to move takes Black's only Tzaar with F6xD5 (as in e2e/test_lessons.py).
IN_ONE = "...../....../.....A./....z.../......../.....Z../..t..T./.a..t./..... w1"


def state(page, expression: str):
    return page.evaluate(f"() => {{ const s = window.tzaar.state; return {expression}; }}")


def a_game_against_the_computer(page) -> str:
    """A first visit's game (White, you, against Casual) after your first turn and its reply:
    the position shown."""
    idle(page, STANDARD)
    act(page, state(page, "s.view.legal.actions[0]"), wait=False)
    page.wait_for_function(
        "() => { const s = window.tzaar.state; return s.actions.length >= 3 && !s.thinking && !s.busy"
        " && s.players[s.view.side] === 'person'; }",
        timeout=60_000,
    )
    return state(page, "s.view.position")


def open_lesson(page, lesson: str, step: int = 0) -> None:
    page.click("nav [data-command=learn]")
    page.click(f'#lessons button[data-lesson="{lesson}"]')
    page.wait_for_selector(f'#lessons[data-lesson="{lesson}"][data-step="{step}"][data-status="playing"]')
    idle(page, LESSON[lesson]["steps"][step]["position"])


def finish_lesson(page, lesson: str) -> None:
    """Open `lesson` and play each of its steps by the author's actions, to "Lesson complete!"."""
    open_lesson(page, lesson)
    for n, step in enumerate(LESSON[lesson]["steps"]):
        if n:
            page.click('#lessons [data-lessons="next"]')
            page.wait_for_selector(f'#lessons[data-step="{n}"][data-status="playing"]')
            idle(page, step["position"])
        for action in step["solution"]:
            act(page, action)
    page.wait_for_selector('#lessons[data-status="finished"]')


def open_puzzle(page, index: int) -> None:
    page.click("#puzzles-button")
    puzzle_list(page)  # the list of all puzzles
    page.click(f'#puzzles button[data-index="{index}"]')
    idle(page, PUZZLES[index]["position"])


def lit(page) -> list[str]:
    """The ids of the tools' row's buttons shown pressed."""
    return page.eval_on_selector_all('#tools > .tools-row button[aria-pressed="true"]', "bs => bs.map(b => b.id)")


# A game kept in Your games: Black (you) lost to Beginner, who took your only Tzaar.
LOST = {"id": f"{IN_ONE}~F6xD5", "date": "2026-11-28", "level": "beginner", "colour": "black", "result": "lost",
        "reason": {"code": "lost-type", "type": "tzaar"}, "winner": "white", "turns": 1, "start": IN_ONE,
        "actions": ["F6xD5"], "setup": "link", "seed": None}


def review_the_kept_game(page) -> None:
    """Choose the game kept under Your games (Learn): it opens in the review."""
    page.click("nav [data-command=learn]")
    page.click('#your-games button[data-game="0"]')
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)


def editing(page) -> None:
    """The page, ready, with the position editor open on the standard start."""
    idle(page, STANDARD)
    page.click("#editor-button")
    page.wait_for_selector(f'#editor[data-possible="true"][data-position="{STANDARD}"]')


def the_game_holds_the_board(page) -> None:
    """The editor is closed and the game's panels are back."""
    assert page.is_hidden("#editor") and page.get_attribute("#editor-button", "aria-pressed") == "false"
    assert page.is_visible("#turn") and page.is_visible("#history")
    assert page.get_attribute("#board", "data-input") == "play"


def test_a_lesson_or_a_link_chosen_while_editing_can_be_played(page, open_site, watch, wait_engine):
    open_site()
    wait_engine(page)
    idle(page, STANDARD)
    page.click("#editor-button")
    page.wait_for_selector(f'#editor[data-possible="true"][data-position="{STANDARD}"]')
    open_lesson(page, "moving")
    # The editor is closed: the board and the turn panel are the lesson's.
    assert page.is_hidden("#editor") and page.get_attribute("#editor-button", "aria-pressed") == "false"
    assert page.is_visible("#turn") and page.is_visible("#history")
    act(page, LESSON["moving"]["steps"][0]["solution"][0])
    page.wait_for_selector('#lessons[data-status="done"]')
    # A link typed while editing can be played (the standard start opened first, by its link).
    page.evaluate("hash => { location.hash = hash; }", fragment(STANDARD))
    editing(page)
    page.evaluate("hash => { location.hash = hash; }", fragment(LAST_TZAAR))
    idle(page, LAST_TZAAR)
    the_game_holds_the_board(page)
    watch.assert_clean()


def test_a_game_chosen_under_your_games_while_editing_can_be_played_and_keeps_its_players(open_stored, watch, wait_engine):
    page = open_stored({"tzaar.games": json.dumps([LOST])})  # LOST in Your games
    wait_engine(page)
    idle(page)
    page.click("#editor-button")
    page.wait_for_selector('#editor[data-possible="true"]')
    review_the_kept_game(page)
    assert state(page, "s.actions") == ["F6xD5"]
    assert page.is_hidden("#editor") and page.get_attribute("#editor-button", "aria-pressed") == "false"
    assert page.is_visible("#turn") and page.is_visible("#trios") and page.is_visible("#history")
    assert page.is_hidden("#lessons")  # the review has the side, not the lessons too
    # The game reopened keeps its players.
    assert state(page, "s.players") == {"white": "computer:beginner", "black": "person"}
    page.wait_for_selector("#result:not([hidden])")
    assert page.text_content("#result .result-title") == "You lost"
    assert trio_player(page, "black") == "You" and trio_player(page, "white").startswith("Computer")
    page.click("#record-button")
    page.wait_for_selector('#record-dialog[open][data-ready="true"]')
    record = page.input_value("#record-text")
    assert "White: computer beginner\nBlack: person\n" in record, record
    watch.assert_clean()


def test_puzzles_mid_game_lead_back_one_tool_at_a_time_and_after_the_lessons_the_new_game_offers_the_last_players_and_closes_the_lesson(page, open_site, watch, wait_engine):
    """A first visit's game against the computer: puzzles mid-game say where the game went and
    lead back; the review, puzzles and editor never open together; a lesson finished, the New
    game dialog offers that game's players; another finished, a new game closes it."""
    open_site()
    wait_engine(page)
    position = a_game_against_the_computer(page)
    open_puzzle(page, 0)
    back = page.locator("#back-to-game")
    back.wait_for(state="visible")
    assert page.text_content("#back-to-game button") == "Back to your game"
    assert "waits" in back.inner_text()
    page.click("#back-to-game button")
    page.wait_for_function("p => { const s = window.tzaar.state; return s.view && s.view.position === p && !s.busy; }", arg=position)
    assert page.is_hidden("#puzzles") and page.get_attribute("#puzzles-button", "aria-pressed") == "false"
    assert page.is_hidden("#back-to-game")
    assert state(page, "s.players.black") == "computer:novice"
    # Back in the game: the review, the puzzles and the editor, one at a time.
    page.click("#review-button")
    page.wait_for_selector("#review:not([hidden])")
    assert lit(page) == ["review-button"]
    page.click("#puzzles-button")
    page.wait_for_selector('#puzzles button[data-index="0"]', state="attached")
    assert page.is_hidden("#review") and lit(page) == ["puzzles-button"]
    page.click("#editor-button")
    page.wait_for_selector('#editor[data-possible="true"]')
    assert page.is_hidden("#puzzles") and page.is_hidden("#review") and lit(page) == ["editor-button"]
    page.click("#review-button")
    page.wait_for_selector("#review:not([hidden])")
    assert page.is_hidden("#editor") and page.is_hidden("#puzzles") and lit(page) == ["review-button"]
    assert page.is_visible("#turn")  # the editor's hiding of the game's panels went with it
    # The New game dialog after the lessons offers the last game's players (that game's).
    finish_lesson(page, "pass")
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    assert page.input_value('#new-game-dialog select[data-player="white"]') == "person"
    assert page.input_value('#new-game-dialog select[data-player="black"]') == "computer:novice"
    page.click('[data-command="start-game"]')
    page.wait_for_function("() => { const s = window.tzaar.state; return s.setup === 'standard' && s.actions.length === 0 && s.view && !s.busy; }")
    assert state(page, "s.players") == {"white": "person", "black": "computer:novice"}
    # A new game after a finished lesson closes the lesson.
    finish_lesson(page, "types")
    new_game(page, "person", "computer:beginner")
    assert page.is_hidden("#lessons")  # no "Lesson complete!", no Try again over the game
    assert page.is_hidden('#lessons [data-lessons="retry"]')
    assert state(page, "[s.setup, s.start, s.actions.length]") == ["standard", STANDARD, 0]
    watch.assert_clean()
