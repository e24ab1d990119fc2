"""Playing against the computer in the browser, on the served dist/.

The search runs in the worker in slices (web/game/computer.js drives ai_start / ai_step / ai_stop
through the EngineClient). These tests check what a person sees: the computer answers with a
legal turn, the page shows that it thinks and stays responsive meanwhile (no long main-thread
task: the search is in the worker), an undo or a new game stops it at once and no stale move lands afterwards, the
hint marks a legal action, two computers play a game to its end, a first visit to the bare
address is a game against the computer with White to move, and two wins in a row against a
level propose the next one.

They wait on attributes and on the page's own records (the messages sent to the worker in
order, the long tasks a PerformanceObserver saw), never on time.
"""

from __future__ import annotations

import re

import pytest

from helpers import (
    RECORDERS,
    STANDARD,
    act,
    finished_game,
    assert_search_stopped,
    idle,
    new_game,
    open_records,
    our_scripts,
    paste_record,
    persons_turn,
    record_text,
    sent_since_click,
    thinking_window,
    trio_player,
)
import json

from tzaar.ai.players import LEVELS
from tzaar.facade import call

# The strict figure (no task over 50 ms while it thinks) is measured by lab/browser/bench_ai.py on a
# quiet machine; this test allows 200 ms so that a loaded 2-core CI machine cannot fail it,
# and still catches the search (or any other work of seconds) running on the main thread.
LONG_TASK_LIMIT_MS = 200
# On a phone four times slower (Chromium's CPU throttling), no script of the page may block
# the main thread longer than this while the computer thinks and plays. Scripts, not tasks or
# frames: a frame also waits for the renderer's style, layout and paint, and on a loaded
# machine for the CPU; a script is the page's own work (with the layout it forces). The aim
# of 50 ms is measured by lab/browser/bench_phone.py (BENCHMARKS.md, "A slow phone"), where
# the render of a played action measures 17 to 93 ms on the same 2-core machine, by the hour,
# under Chromium 156's throttling; this test allows 150 ms, so that such an hour cannot fail
# it, and still catches the work of the engine's worker done on the main thread (a search
# slice or a review step of up to 50 ms takes 200 ms there).
CPU_SLOWDOWN = 4
SCRIPT_LIMIT_MS = 150


# --- helpers ------------------------------------------------------------------------------


def state(page) -> dict:
    return page.evaluate(
        "() => { const s = window.tzaar.state; return {players: s.players, actions: s.actions, cursor: s.cursor,"
        " start: s.start, thinking: s.thinking, view: s.view}; }"
    )


def sent(page, since: float = 0.0) -> list[dict]:
    return page.evaluate("(t) => window.__sent.filter((m) => m.t >= t)", since)


@pytest.fixture
def start_page(page, open_site, wait_engine):
    """start_page(path=""): the page (recorders installed), engine ready, board idle."""

    def start(path: str = ""):
        page.add_init_script(RECORDERS)
        opened = open_site(path)
        wait_engine(opened)
        idle(opened)
        return opened

    return start


def computer_turn_done(page, actions_before: int) -> dict:
    """Wait until the computer has played its turn (the person is to move again, or the end)."""
    page.wait_for_function(
        "(n) => { const s = window.tzaar.state; return s.actions.length > n && !s.thinking && !s.busy"
        " && s.view && (s.view.winner || s.players[s.view.side] === 'person'); }",
        arg=actions_before,
        timeout=60_000,
    )
    return state(page)


def assert_legal_game(start: str, actions: list[str]) -> dict:
    """The engine (CPython) replays the game: every action legal. Returns its answer."""
    answer = call("game", {"start": start, "actions": actions})
    assert "result" in answer, answer
    return answer["result"]


# --- tests ----------------------------------------------------------------------------------


# White to move takes Black's only Tzaar with F6xD5: a game won in one action.
WON_IN_ONE = "...../....../.....A./....z.../......../.....Z../..t..T./.a..t./..... w1"


def test_two_wins_in_a_row_against_a_level_propose_the_next_one(page, start_page, watch):
    first, second = list(LEVELS)[:2]
    earlier = {"id": "an earlier win", "date": "2026-11-30", "level": first, "colour": "black", "result": "won",
               "reason": {"code": "lost-type", "type": "tott"}, "winner": "black", "end": None, "turns": 20,
               "start": STANDARD, "actions": ["C5xC4"], "setup": "standard", "seed": None}
    page.add_init_script(f"localStorage.setItem('tzaar.games', {json.dumps(json.dumps([earlier]))})")
    start_page()
    new_game(page, "person", f"computer:{first}")
    # This win, after the one kept: two in a row against that level.
    paste_record(open_records(page), record_text(["F6xD5"], start=WON_IN_ONE))
    page.wait_for_selector('#result:not([hidden]) [data-after="next"]:not([hidden])')
    button = page.locator('#result [data-after="next"]')
    assert button.inner_text() == f"Next level: {LEVELS[second].title}"
    assert page.is_hidden('#result [data-after="why"]')
    button.click()
    # A new game against the next level, the person White again, from the standard setup.
    page.wait_for_function(
        "(level) => { const s = window.tzaar.state; return s.players.white === 'person' && s.players.black === level"
        " && s.actions.length === 0 && !s.busy; }",
        arg=f"computer:{second}",
    )
    assert state(page)["start"] == STANDARD and page.is_hidden("#result")
    watch.assert_clean()


def test_a_first_visit_plays_white_against_the_computer_that_answers_with_a_legal_turn_and_undo_goes_back_to_the_persons_turn(start_page, watch):
    page = start_page()
    s = state(page)
    assert s["players"] == {"white": "person", "black": "computer:novice"}
    assert s["start"] == STANDARD and s["view"]["side"] == "white" and s["actions"] == []
    assert page.get_attribute("#turn", "data-thinking") is None
    assert page.inner_text("#turn .turn-title") == "White: capture"
    # Who plays each side is on screen before the computer thinks: the trios panel names them.
    assert trio_player(page, "white") == "You"
    assert trio_player(page, "black") == "Computer (Novice)"
    # The person can act at once: a stack lights up its captures.
    source = sorted(s["view"]["legal"]["captures"])[0]
    page.click(f'#board [data-point="{source}"]')
    page.wait_for_selector('#board [data-target="capture"]')
    # The new-game dialog offers a person or the computer at every level, for each side.
    page.keyboard.press("Escape")
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    for side, chosen in (("white", "person"), ("black", "computer:novice")):
        select = f'#new-game-dialog select[data-player="{side}"]'
        options = page.eval_on_selector_all(f"{select} option", "os => os.map(o => [o.value, o.textContent])")
        assert options[0] == ["person", "Person"]
        assert [value for value, _ in options[1:]] == [f"computer:{name}" for name in LEVELS]
        assert all(label.startswith("Computer — ") for _, label in options[1:])
        assert page.eval_on_selector(select, "s => s.value") == chosen
    page.click('#new-game-dialog button[value="cancel"]')
    # The computer answers with a legal turn, and shows it thinks.
    new_game(page, "person", "computer:casual")  # a level that searches (Novice, the first visit's, answers at once)
    opening = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    act(page, opening, wait=False)
    # While it thinks: the turn panel and the board say so, all at the same moment.
    page.wait_for_function(
        """() => {
          const turn = document.querySelector('#turn[data-thinking="true"]');
          const mark = turn && turn.querySelector('.thinking');
          return Boolean(mark && mark.checkVisibility()
            && turn.querySelector('.turn-detail').textContent.includes('is thinking')
            && document.querySelector('#board').dataset.thinking === 'true');
        }"""
    )
    s = computer_turn_done(page, 1)
    assert page.get_attribute("#board", "data-thinking") == "false"
    assert page.get_attribute("#turn", "data-thinking") is None
    # Black's turn: two actions (a capture, then a capture, a stacking or a pass), all legal.
    assert s["actions"][0] == opening
    assert len(s["actions"]) == 3 and "x" in s["actions"][1]
    game = assert_legal_game(STANDARD, s["actions"])
    assert [t["side"] for t in game["turns"]] == ["white", "black"]
    assert s["view"]["side"] == "white" and s["view"]["position"] == game["view"]["position"]
    assert page.get_attribute("#board", "data-position") == game["view"]["position"]
    # The computer's actions are in the move list and marked on the board.
    moves = page.eval_on_selector_all("#moves button[data-move]", "bs => bs.map(b => b.dataset.move)")
    assert moves == s["actions"]
    # Undo against the computer goes back to the person's turn.
    new_game(page, "person", "computer:beginner")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    s = computer_turn_done(page, 1)
    assert len(s["actions"]) == 3
    # Undo an action: back over the computer's whole turn to the person's last position.
    page.click('[data-command="undo"]')
    page.wait_for_function("() => window.tzaar.state.cursor === 0 && !window.tzaar.state.busy")
    assert page.get_attribute("#turn", "data-thinking") is None
    assert state(page)["view"]["side"] == "white"
    # Redo shows the computer's turn again without a new search.
    before = len([m for m in sent(page) if m["method"] == "ai_start"])
    page.click('[data-command="redo-turn"]')
    page.wait_for_function("() => window.tzaar.state.cursor === 1 && !window.tzaar.state.busy")
    assert len([m for m in sent(page) if m["method"] == "ai_start"]) == before
    watch.assert_clean()


@pytest.mark.alone
def test_no_long_main_thread_task_while_the_computer_thinks(start_page, watch):
    page = start_page()
    if page.evaluate("() => window.__long === null"):
        pytest.skip("this browser has no long-task timing")
    # Person against Expert (it uses its whole time budget: about 3 s of thinking).
    new_game(page, "person", "computer:expert")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    computer_turn_done(page, 1)
    # The window: from the board saying it thinks to its first action sent to be played.
    window = thinking_window(page)
    assert window["ended"] - window["began"] > 1000, "Expert should think for seconds"
    # It thought in many slices, each a separate request the worker answered.
    assert len(window["steps"]) >= 10
    assert all(m["params"]["slice_ms"] <= 50 for m in window["steps"])
    long = window["long"]
    print(f"\nlong tasks while thinking ({window['ended'] - window['began']:.0f} ms):", long)
    over = [e for e in long if e["duration"] > LONG_TASK_LIMIT_MS]
    assert not over, f"main-thread tasks over {LONG_TASK_LIMIT_MS} ms while thinking: {long}"
    watch.assert_clean()


def _person_turn_then_the_computers(page, origin: str) -> list[dict]:
    """The person plays a turn by clicks; Expert thinks and plays its turn. Returns the
    page's scripts in the long frames meanwhile."""
    since = page.evaluate("() => performance.now()")
    persons_turn(page)
    computer_turn_done(page, page.evaluate("() => window.tzaar.state.actions.length"))
    page.wait_for_function("() => !document.querySelector('#board .moving')", polling=100)
    # A frame is reported after it ends: two more frames, then the frames not yet delivered.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))).then(() => window.__takeFrames())")
    return our_scripts(page, origin, since)


def _reviews_in_the_background(page) -> None:
    """Finished games reviewed in the background (web/learn/background.js) while the next
    game is played: a few wait in the stored list, and a finished game against the computer,
    opened as a record, is kept and starts their reviews."""
    waiting = [{"id": f"w{seed}", "start": STANDARD, "actions": finished_game(seed)[0], "colour": "white", "date": "2026-01-01"} for seed in range(4, 10)]
    page.evaluate("(p) => localStorage.setItem('tzaar.exercises', JSON.stringify({version: 1, items: [], pending: p}))", waiting)
    new_game(page, "person", "computer:expert")
    paste_record(open_records(page), record_text(finished_game(3)[0]))
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'review_step')")


@pytest.mark.alone
@pytest.mark.parametrize("reviewing", [False, True], ids=["alone", "reviewing-in-the-background"])
def test_on_a_slow_phone_no_script_of_the_page_blocks_while_the_computer_thinks_and_plays(start_page, site_url, watch, reviewing):
    page = start_page()
    if page.evaluate("() => window.__frames === null"):
        pytest.skip("this browser has no long animation frame timing")
    page.set_viewport_size({"width": 390, "height": 844})
    if reviewing:
        _reviews_in_the_background(page)
    new_game(page, "person", "computer:expert")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        # The person's action, Expert's search (steps, the thinking display) and its two
        # actions played (the board, the panels, the move list, the address, the save).
        turns = [_person_turn_then_the_computers(page, site_url)]
        # Durations are wall clock: on a loaded machine the CPU may leave one script waiting.
        # A script of the page that is slow is slow at every turn: one more turn must agree.
        if any(s["duration"] > SCRIPT_LIMIT_MS for s in turns[0]):
            turns.append(_person_turn_then_the_computers(page, site_url))
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    window = thinking_window(page)
    assert window["ended"] - window["began"] > 1000, "Expert should think for seconds"
    if reviewing:  # the reviews went on around the turns (they yield to Expert's search)
        assert page.evaluate("(t) => window.__sent.some((m) => m.method === 'review_step' && m.t > t)", window["ended"])
        assert page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.exercises')).pending.length") > 0
    for scripts in turns:
        worst = [(round(s["duration"]), round(s["layout"]), s["invoker"], s["source"].rsplit("/", 1)[-1]) for s in scripts[:6]]
        print(f"\nthe page's longest scripts in long frames, CPU x{CPU_SLOWDOWN} (ms, forced layout):", worst)
    assert not all(any(s["duration"] > SCRIPT_LIMIT_MS for s in scripts) for scripts in turns), (
        f"a script of the page over {SCRIPT_LIMIT_MS} ms at each turn on a phone {CPU_SLOWDOWN}x slower")
    watch.assert_clean()


def _start_thinking_against_expert(page) -> tuple[str, int]:
    """Person against Expert: the person opens, and Expert's search runs in the worker.

    Returns the person's action and the search's job.
    """
    new_game(page, "person", "computer:expert")
    opening = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    act(page, opening, wait=False)
    page.wait_for_selector('#turn[data-thinking="true"]')
    # Its search is running in the worker: at least one slice asked for.
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_step')")
    job = page.evaluate("() => window.__sent.filter((m) => m.method === 'ai_step').at(-1).params.job")
    return opening, job


def click_marked(page, selector: str) -> None:
    """Click `selector`, and put the click in `window.__sent` when the page receives it (before
    the page's own handlers), so the requests can be ordered against it."""
    page.evaluate(
        """(selector) => window.addEventListener("click", (event) => {
          if (event.target.closest(selector)) window.__sent.push({ method: "click", params: { selector }, t: performance.now() });
        }, { capture: true, once: true })""",
        selector,
    )
    page.click(selector)


@pytest.mark.alone  # at most one slice after the click: a test of timing
def test_an_undo_while_the_computer_thinks_stops_it(start_page, watch):
    page = start_page()
    opening, job = _start_thinking_against_expert(page)
    click_marked(page, '[data-command="undo"]')
    # The search stops at its next slice (not when its 3 s are up): ai_stop for that job.
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_stop')")
    page.wait_for_selector('#board[data-thinking="false"][data-state="idle"]')
    s = state(page)
    assert s["cursor"] == 0 and s["view"]["side"] == "white" and s["thinking"] is None
    assert s["actions"] == [opening]  # the person's action, to redo
    # No stale move lands, and the person plays on from the start: the computer's turn dropped.
    assert_search_stopped(sent_since_click(page), job)
    other = [a for a in s["view"]["legal"]["actions"] if a != opening][0]
    act(page, other, wait=False)
    page.wait_for_selector('#turn[data-thinking="true"]')
    assert state(page)["actions"] == [other]
    watch.assert_clean()


@pytest.mark.alone  # at most one slice after the click: a test of timing
def test_a_new_game_while_the_computer_thinks_stops_it(start_page, watch):
    page = start_page()
    _, job = _start_thinking_against_expert(page)
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check('#new-game-dialog input[value="standard"]')
    page.select_option('#new-game-dialog select[data-player="white"]', "person")
    page.select_option('#new-game-dialog select[data-player="black"]', "person")
    click_marked(page, '[data-command="start-game"]')
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_stop')")
    page.wait_for_function("() => { const s = window.tzaar.state; return s.players.black === 'person' && s.view && !s.busy; }")
    page.wait_for_selector('#board[data-thinking="false"][data-state="idle"]')
    s = state(page)
    assert s["actions"] == [] and s["view"]["position"] == STANDARD and s["thinking"] is None
    messages = sent_since_click(page)
    assert "new_position" in [m["method"] for m in messages]  # the request that cancels it
    assert_search_stopped(messages, job)
    # Two people at the screen: the trios panel names no one.
    assert trio_player(page, "white") == trio_player(page, "black") == ""
    # The new game goes on between two people: White plays, then Black is a person too.
    act(page, s["view"]["legal"]["actions"][0])
    page.wait_for_function("() => window.tzaar.state.view?.side === 'black' && !window.tzaar.state.busy")
    assert page.get_attribute("#turn", "data-thinking") is None
    assert len(state(page)["actions"]) == 1
    watch.assert_clean()


def test_the_hint_marks_a_legal_action(start_page, watch):
    page = start_page()
    v = state(page)["view"]
    page.click('[data-action="hint"]')
    page.wait_for_selector('#board [data-hint="to"]')
    source = page.get_attribute('#board [data-hint="from"]', "data-point")
    target = page.get_attribute('#board [data-hint="to"]', "data-point")
    assert target in v["legal"]["captures"][source]
    assert f"{source}x{target}" in page.inner_text("#hint-text")
    # with the favourite's chance of winning by the hint's search: about even at the start; the
    # visit's first hint says in words what the figure is, and its title says it every time
    words = re.search(r" · (White|Black)'s chance of winning, by the engine: (\d+)%$", page.inner_text("#hint-text"))
    assert words and 30 <= int(words[2]) <= 70, page.inner_text("#hint-text")
    assert page.get_attribute("#hint-text", "title") == words[0].removeprefix(" · ")
    # No move was made, and the person still plays; playing anything clears the hint.
    s = state(page)
    assert s["actions"] == [] and s["view"]["position"] == STANDARD
    assert page.is_disabled('[data-action="hint"]')
    act(page, f"{source}x{target}", wait=False)
    page.wait_for_selector('#board:not(:has([data-hint]))')
    computer_turn_done(page, 1)
    # The next hint: the figure alone, its title the words.
    page.click('[data-action="hint"]')
    page.wait_for_selector('#board [data-hint="to"]')
    chance = re.search(r" · (White|Black) (\d+)%$", page.inner_text("#hint-text"))
    assert chance, page.inner_text("#hint-text")
    assert page.get_attribute("#hint-text", "title") == f"{chance[1]}'s chance of winning, by the engine: {chance[2]}%"
    watch.assert_clean()


def test_the_computer_plays_both_sides_to_the_end(page, start_page, watch):
    page.emulate_media(reduced_motion="reduce")  # no slides, so no pause between actions
    page = start_page()
    new_game(page, "computer:beginner", "computer:beginner")
    assert trio_player(page, "white") == trio_player(page, "black") == "Computer (Beginner)"
    # Watched at once, not an action a second (that pace: test_game_panels.py).
    page.select_option("#watch-speed", "instant")
    page.wait_for_selector("#result:not([hidden])", timeout=120_000)
    s = state(page)
    game = assert_legal_game(STANDARD, s["actions"])
    assert game["view"]["winner"] == s["view"]["winner"] in ("white", "black")
    assert s["thinking"] is None and page.get_attribute("#board", "data-thinking") == "false"
    # One side alternates with the other turn by turn.
    sides = [t["side"] for t in game["turns"]]
    assert all(a != b for a, b in zip(sides, sides[1:]))
    watch.assert_clean()
