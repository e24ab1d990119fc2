"""Your mistakes as exercises, in the browser: a game lost on purpose against Beginner (a real
game against the computer, from a record's position near the end: Beginner plays its turn,
then the person covers its own last Tzaar), its review in the background, the result box's
"See why you lost" and "Practise your mistakes" (this game's blunder first, before an older
exercise due earlier), the exercise judged (a wrong answer, then a right one, with the engine's
line; the wrong answer's explanation drawn as arrows on the board) while it owns the turn
panel, the list kept over a reload; "See why you lost" opening with the note of the turn that
turned the game in view and focused (at 1280x800 the note lies below the fold until it is
scrolled to); a record of a lost game opened in the page offering "See why you lost", the
mistakes of one side of it added; a damaged stored list read as empty.

They wait on the page's attributes and its stored values, never on time.
"""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from helpers import act, idle, new_game, open_records, paste_record, record_text, shown
from tzaar.rules.notation import CAPTURE
from tzaar.rules.position import Position

# Black to move. White's only Tzaar-topped stack (Z3, height 3) is taller than every
# black stack, so no Black turn can take it, and after any Black turn White has a capture
# followed by a stacking that covers it (a loss at once). White's chance here is about even.
NEAR_END = ".tttT/..aa.T/....A2AT/Ta.T.zA./A.zT...a/.az..Tat/taa2..../tA...t/tTTZ3T b1"

# An exercise of an earlier game, due days before the game lost here: "Practise your
# mistakes" after that loss still opens the loss's own blunder first.
EARLIER = {
    "id": "earlier~C5xC4", "position": "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1",
    "side": "white", "number": 1, "played": ["C5xC4"], "best": ["E5xE4"], "loss": 16, "mark": "mistake",
    "explanation": {"reasons": [{"code": "takes-scarce", "params": {"side": "white", "by": "black", "type": "tott", "capture": "B3xC4", "left": 14},
                                 "line": ["B3xC4"]}], "better": []},
    "game": "an earlier game", "date": "2026-11-01", "solves": [], "misses": 0, "due": 1_700_000_000_000, "learned": None,
}


def losing_turn(position: str) -> list[str]:
    """A capture, then a stacking that covers the mover's last stack of a type."""
    pos = Position.from_text(position)
    for c in pos.legal_actions():
        if c.kind == CAPTURE and (losing := pos.apply(c).losing_actions()):
            return [c.text(), losing[0].text()]
    raise AssertionError("no losing turn")


def play_turn(page, actions: list[str]) -> None:
    """The person plays `actions` by clicks; a losing stacking is confirmed."""
    for action in actions:
        n = page.evaluate("() => window.tzaar.state.actions.length")
        losing = page.evaluate("(a) => window.tzaar.state.view.legal.losing.includes(a)", action)
        act(page, action, wait=False)
        if losing:
            page.click('#confirm-dialog[open] button[value="confirm"]')
        page.wait_for_function("(n) => window.tzaar.state.actions.length > n && !window.tzaar.state.busy", arg=n)


def explained(page, words: str) -> None:
    """Wait until the explanation under a wrong answer names `words`: it follows the verdict, its
    words asked of the engine after it (slower on a busy machine)."""
    page.wait_for_function("(words) => document.querySelector('#exercise .exercise-explain').textContent.includes(words)",
                           arg=words, timeout=30_000)


def judged(page) -> str:
    """The exercise's verdict on the answer just played, once the engine has judged it (its
    review: slower on a busy machine): "right", "wrong" or "failed"."""
    judged = '#exercise[data-status]:not([data-status=""]):not([data-status="checking"])'
    try:
        return page.wait_for_selector(judged, state="attached", timeout=60_000).get_attribute("data-status")
    except PlaywrightTimeoutError as error:
        where = page.evaluate("() => ({status: document.querySelector('#exercise').dataset.status, engine: tzaar.state.engine,"
                              " busy: tzaar.state.busy, actions: tzaar.state.actions, side: tzaar.state.view?.side})")
        raise AssertionError(f"the answer not judged within 60 s: {where}") from error


def stored_exercises(page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.exercises') || 'null')")


def lose_on_purpose(page) -> list[str]:
    """Person (White) against Beginner from NEAR_END; Beginner plays, the person blunders. Returns
    the person's turn."""
    new_game(page, "person", "computer:beginner")
    paste_record(open_records(page), record_text([], start=NEAR_END))
    page.wait_for_function(
        "(p) => { const s = window.tzaar.state; return s.start === p && s.actions.length > 0 && !s.busy && !s.thinking"
        " && s.view && s.view.side === 'white' && s.players.black === 'computer:beginner'; }",
        arg=NEAR_END,
        timeout=60_000,
    )
    idle(page)
    turn = losing_turn(shown(page))
    play_turn(page, turn)
    page.wait_for_selector("#result:not([hidden])")
    assert page.evaluate("() => window.tzaar.state.view.winner") == "black"
    return turn


def turn_panel(page) -> tuple[str, str]:
    return page.inner_text("#turn .turn-title"), page.inner_text("#turn .turn-detail")


def test_a_lost_game_is_reviewed_in_the_background_and_its_blunder_practised(page, open_site, wait_engine, watch):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('tzaar.exercises', {json.dumps(json.dumps({'version': 1, 'items': [EARLIER], 'pending': []}))}); }}")
    wait_engine(open_site())
    blunder = lose_on_purpose(page)
    # The result box offers the two buttons; the review runs in the background meanwhile.
    page.wait_for_selector('#result [data-after="why"]:not([hidden])')
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.exercises') || 'null')?.items ?? []).length > 1", timeout=60_000)
    stored = stored_exercises(page)
    assert stored["pending"] == []
    [earlier, item] = stored["items"]
    assert earlier["id"] == EARLIER["id"]
    assert item["played"] == blunder and item["side"] == "white" and item["mark"] == "blunder"
    assert item["best"] != blunder

    # See why you lost: the review, at the position before the turn that turned the game.
    page.click('#result [data-after="why"]')
    page.wait_for_selector("#review[data-state=done][data-turned]")
    page.wait_for_function("() => window.tzaar.state.cursor === window.tzaar.state.actions.length - 2")
    assert page.is_hidden("#result")
    assert page.locator("#moves li.blunder").count() == 1
    # The note of the turn that turned the game: said so, in view at 1280x800 (unscrolled, the
    # side panel has it below the fold), focused for a screen reader.
    turned = page.get_attribute("#review", "data-turned")
    note = page.locator(f'#review .review-notes li.turned[data-turn="{turned}"]')
    page.wait_for_function("() => document.activeElement?.matches('#review .review-notes li.turned')")
    assert note.inner_text().startswith(f"{turned}. White ")
    assert "turned here" in note.inner_text()
    box = note.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box

    # Practise your mistakes: back at the end, the box again, then the exercise.
    page.click("#moves button[data-move] >> nth=-1")
    page.wait_for_selector('#result:not([hidden]) [data-after="practise"]')
    page.click('#result [data-after="practise"]')
    # This game's blunder, not the older exercise due first.
    page.wait_for_selector("#exercise:not([hidden])[data-exercise]")
    assert page.get_attribute("#exercise", "data-exercise") == item["id"]
    idle(page, item["position"])
    assert "Find a better turn than the one you played" in page.text_content("#exercise .exercise-task")
    # Before an answer: nothing to try again; Next exercise skips, not the button to press.
    assert page.is_hidden('#exercise [data-exercise="retry"]')
    assert "primary" not in page.get_attribute('#exercise [data-exercise="next"]', "class")
    # The exercise owns the turn panel: its own prompt, no Hint (the engine's turn is the answer).
    assert turn_panel(page)[0] == "White: find a better turn"
    assert page.is_disabled('#turn [data-action="hint"]')
    # A wrong answer: the blunder again.
    play_turn(page, blunder)
    assert judged(page) == "wrong"
    assert page.is_visible('#exercise [data-exercise="retry"]')
    assert "primary" in page.get_attribute('#exercise [data-exercise="next"]', "class")
    explained(page, item["best"][0])
    # its explanation's arrows: the stacking that covered the last Tzaar, what the turn allowed
    covering = f'.board-overlay line.arrow-explain[data-role="allowed"][data-action="{blunder[1]}"]'
    page.wait_for_selector(covering, state="attached")  # (an arrow straight down the screen has a box 0 wide: "hidden" to Playwright)
    assert page.eval_on_selector(covering, "l => [l.dataset.from, l.dataset.to]") == [blunder[1][:2], blunder[1][3:]]
    after_miss = stored_exercises(page)["items"][1]
    assert after_miss["misses"] == 1 and after_miss["solves"] == []
    # Answered, the exercise still owns the panel: no prompt of the game's next turn, no Hint, no play.
    title, detail = turn_panel(page)
    assert title == "Your answer", title
    assert detail == " ".join(blunder) + ". Try again, or go on with Next exercise.", detail
    assert page.get_attribute("#turn", "data-side") == "white"
    assert page.is_hidden('#turn [data-action="hint"]') and page.is_hidden("#turn .turn-over")
    assert page.get_attribute("#board", "data-input") == "view"
    # Try again, with the engine's turn: right (not counted a second time this visit), and the engine's line.
    page.click('#exercise [data-exercise="retry"]')
    idle(page, item["position"])
    assert page.locator(".board-overlay line.arrow-explain").count() == 0
    assert turn_panel(page)[0] == "White: find a better turn"
    play_turn(page, item["best"])
    assert judged(page) == "right", page.text_content("#exercise .exercise-status")
    assert stored_exercises(page)["items"][1]["solves"] == []
    # (The exercise's better turn, and the reply the deeper look expects after it.)
    line = page.inner_text("#exercise .exercise-explain")
    assert line.startswith("The engine's line: ") and "; the reply it expects: " in line, line

    # A reload keeps the list: Learn shows it, one to practise, due now.
    page.reload()
    wait_engine(page)
    page.locator('[data-command="learn"]').first.click()
    page.wait_for_selector('#your-mistakes[data-left="2"][data-due="2"][data-solved="0"]')
    assert "2 to practise" in page.text_content("#your-mistakes .exercises-count")
    watch.assert_clean()


# An exercise from a real game (mix3s-00-won turn 20, Black blundered with B3xB1 B4-A3; the
# review's better turn B4xF7 A4xG2). The answer G3xI3 A2-A1 is within two points of the review's
# own turn by its first pass (1,500 nodes), but after it White is proven to win:
# tests/test_review_answer.py.
REAL = {
    "id": "real~B3xB1", "position": "tttz5./T.a2a../..Z..../......../tA3....at/......Z./.Zt.ZT3t2/tT2..../tA3T.. b1",
    "side": "black", "number": 20, "played": ["B3xB1", "B4-A3"], "best": ["B4xF7", "A4xG2"], "loss": 36, "mark": "blunder",
    "explanation": {"reasons": [{"code": "few-captures", "params": {"side": "black", "by": "white", "left": 2}, "line": ["G2xG3", "F7-G6"],
                                 "actions": ["G2xG3", "F7-G6"], "threats": []}], "better": []},
    "game": "a real game", "date": "2026-11-01", "solves": [], "misses": 0, "due": 1_700_000_000_000, "learned": None,
}


def test_an_answer_is_judged_by_the_deeper_look_against_the_exercises_better_turn(page, open_site, wait_engine, watch):
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('tzaar.exercises', {json.dumps(json.dumps({'version': 1, 'items': [REAL], 'pending': []}))}); }}")
    wait_engine(open_site())
    page.locator('[data-command="learn"]').first.click()
    page.click('#your-mistakes [data-exercises="practise"]')
    page.wait_for_selector(f'#exercise:not([hidden])[data-exercise="{REAL["id"]}"]')
    idle(page, REAL["position"])
    play_turn(page, ["G3xI3", "A2-A1"])
    assert judged(page) == "wrong", page.text_content("#exercise .exercise-status")
    assert "gives away 36 points" in page.text_content("#exercise .exercise-status")
    explained(page, "B4xF7")
    page.click('#exercise [data-exercise="retry"]')
    idle(page, REAL["position"])
    play_turn(page, REAL["best"])
    assert judged(page) == "right"
    assert "Right! That is the engine's own turn." in page.text_content("#exercise .exercise-status")
    watch.assert_clean()


def test_the_mistakes_of_a_records_side_are_added_and_a_damaged_list_reads_as_empty(page, open_site, wait_engine, watch):
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
                         " localStorage.setItem('tzaar.exercises', '{damaged'); localStorage.setItem('tzaar.lessons.done', '[\"move\"]'); }")
    wait_engine(open_site())
    # A record of a game from NEAR_END: Black's turn, then White's blunder.
    pos = Position.from_text(NEAR_END)
    black = [a.text() for a in pos.legal_actions()[:1]]
    after = pos.play(black)
    if after.side == 1:  # Black's second action: a pass where it may
        black.append("pass" if after.can_pass else after.legal_actions()[0].text())
    white = losing_turn(pos.play(black).text())
    paste_record(open_records(page), record_text(black + white, start=NEAR_END))
    page.wait_for_function("(n) => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(black + white))
    # The record's game lost by the person (White): the result box offers See why you lost.
    page.wait_for_selector('#result [data-after="why"]:not([hidden])')
    page.locator('[data-command="learn"]').first.click()
    # The damaged list reads as empty, with no message; the lessons done are kept.
    page.wait_for_selector('#your-mistakes[data-left="0"]')
    assert page.evaluate("() => localStorage.getItem('tzaar.lessons.done')") == '["move"]'
    assert page.is_hidden("#alert")
    page.click('#your-mistakes [data-exercises="add"][data-side="white"]')
    page.wait_for_selector('#your-mistakes[data-left="1"][data-reviewing="false"]', timeout=60_000)
    [item] = stored_exercises(page)["items"]
    assert item["played"] == white and item["side"] == "white"
    page.click('#your-mistakes [data-exercises="add"][data-side="black"]')
    page.wait_for_function("() => document.querySelector('#your-mistakes .exercises-status').textContent.includes('Black')", timeout=60_000)
    assert json.loads(page.evaluate("() => localStorage.getItem('tzaar.exercises')"))["items"][0]["side"] == "white"
    watch.assert_clean()
