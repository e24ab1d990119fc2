"""Playing against the computer in the browser, on the served dist/.

The search runs in the worker in slices (web/computer.js drives ai_start / ai_step / ai_stop
through the EngineClient). These tests check what a person sees: the computer answers with a
legal turn, the page shows that it thinks and stays responsive meanwhile (no main-thread task
over 50 ms), an undo or a new game stops it at once and no stale move lands afterwards, the
hint marks a legal action, two computers play a game to its end, and a first visit to the bare
address is a game against the computer with White to move.

They wait on attributes and on the page's own records (the messages sent to the worker, the
long tasks a PerformanceObserver saw), never on time.
"""

from __future__ import annotations

import pytest

from tzaar.ai.players import LEVELS
from tzaar.facade import call

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"

# Before the page's own scripts: a log of the requests the page sends to the worker, and the
# long tasks of the main thread.
RECORDERS = """
(() => {
  window.__sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.method) {
      window.__sent.push({ method: message.method, params: message.params, t: performance.now() });
    }
    return post.call(this, message, ...rest);
  };
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    window.__long = null; // no long-task timing in this browser
  }
})();
"""


# --- helpers ------------------------------------------------------------------------------


def state(page) -> dict:
    return page.evaluate(
        "() => { const s = window.tzaar.state; return {players: s.players, actions: s.actions, cursor: s.cursor,"
        " start: s.start, thinking: s.thinking, view: s.view}; }"
    )


def sent(page, since: float = 0.0) -> list[dict]:
    return page.evaluate("(t) => window.__sent.filter((m) => m.t >= t)", since)


def now(page) -> float:
    return page.evaluate("() => performance.now()")


@pytest.fixture
def start_page(page, open_site, wait_engine):
    """start_page(path=""): the page (recorders installed), engine ready, board idle."""

    def start(path: str = ""):
        page.add_init_script(RECORDERS)
        opened = open_site(path)
        wait_engine(opened)
        opened.wait_for_selector("#board[data-state=idle]")
        return opened

    return start


def new_game(page, white: str, black: str, setup: str = "standard") -> None:
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check(f'#new-game-dialog input[value="{setup}"]')
    page.select_option('#new-game-dialog select[data-player="white"]', white)
    page.select_option('#new-game-dialog select[data-player="black"]', black)
    page.click('[data-command="start-game"]')
    page.wait_for_function(
        "([w, b]) => { const s = window.tzaar.state; return s.players.white === w && s.players.black === b"
        " && s.view && (s.actions.length === 0 || w !== 'person'); }",
        arg=[white, black],
    )


def click_action(page, action: str) -> None:
    """A person plays a capture or a stacking by two clicks."""
    sep = "x" if "x" in action else "-"
    kind = "capture" if sep == "x" else "stack"
    source, target = action.split(sep)
    page.click(f'#board [data-point="{source}"]')
    page.wait_for_selector(f'#board [data-point="{source}"][data-selected="true"]')
    page.click(f'#board [data-point="{target}"][data-target="{kind}"]')


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


def test_a_first_visit_plays_white_against_the_computer(start_page, watch):
    page = start_page()
    s = state(page)
    assert s["players"] == {"white": "person", "black": "computer:casual"}
    assert s["start"] == STANDARD and s["view"]["side"] == "white" and s["actions"] == []
    assert page.get_attribute("#turn", "data-thinking") is None
    assert page.inner_text("#turn .turn-title") == "White: capture"
    # The person can act at once: a stack lights up its captures.
    source = sorted(s["view"]["legal"]["captures"])[0]
    page.click(f'#board [data-point="{source}"]')
    page.wait_for_selector('#board [data-target="capture"]')
    # The new-game dialog offers a person or the computer at every level, for each side.
    page.keyboard.press("Escape")
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    for side, chosen in (("white", "person"), ("black", "computer:casual")):
        select = f'#new-game-dialog select[data-player="{side}"]'
        options = page.eval_on_selector_all(f"{select} option", "os => os.map(o => [o.value, o.textContent])")
        assert options[0] == ["person", "Person"]
        assert [value for value, _ in options[1:]] == [f"computer:{name}" for name in LEVELS]
        assert all(label.startswith("Computer — ") for _, label in options[1:])
        assert page.eval_on_selector(select, "s => s.value") == chosen
    page.click('#new-game-dialog button[value="cancel"]')
    watch.assert_clean()


def test_the_computer_answers_with_a_legal_turn_and_shows_it_thinks(start_page, watch):
    page = start_page()
    opening = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    click_action(page, opening)
    # While it thinks: the turn panel and the board say so, and the board takes no clicks.
    page.wait_for_selector('#turn[data-thinking="true"]')
    page.wait_for_selector('#board[data-thinking="true"]')
    assert page.is_visible("#turn .thinking")
    assert "is thinking" in page.inner_text("#turn .turn-detail")
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
    watch.assert_clean()


def test_no_long_main_thread_task_while_the_computer_thinks(start_page, watch):
    page = start_page()
    if page.evaluate("() => window.__long === null"):
        pytest.skip("this browser has no long-task timing")
    # Person against Expert (it uses its whole time budget: about 3 s of thinking).
    new_game(page, "person", "computer:expert")
    click_action(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"))
    page.wait_for_selector('#turn[data-thinking="true"]')
    began = now(page)
    steps = len([m for m in sent(page) if m["method"] == "ai_step"])
    computer_turn_done(page, 1)
    ended = now(page)
    assert ended - began > 1000, "Expert should think for seconds"
    # It thought in many slices, each a separate request the worker answered.
    slices = [m for m in sent(page, began) if m["method"] == "ai_step"]
    assert len(slices) + steps >= 10
    assert all(m["params"]["slice_ms"] <= 50 for m in slices)
    long = page.evaluate("([a, b]) => window.__long.filter((e) => e.start >= a && e.start <= b)", [began, ended])
    assert not [e for e in long if e["duration"] > 50], f"long tasks while thinking: {long}"
    watch.assert_clean()


def _start_thinking_against_expert(page) -> tuple[str, float]:
    new_game(page, "person", "computer:expert")
    opening = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    click_action(page, opening)
    page.wait_for_selector('#turn[data-thinking="true"]')
    # Its search is running in the worker: at least one slice asked for.
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_step')")
    return opening, now(page)


def test_an_undo_while_the_computer_thinks_stops_it(start_page, watch):
    page = start_page()
    opening, _ = _start_thinking_against_expert(page)
    job = page.evaluate("() => window.__sent.filter((m) => m.method === 'ai_start').at(-1)")
    clicked = now(page)
    page.click('[data-command="undo"]')
    # The search stops at its next slice: ai_stop for that job, well before its 3 s are up.
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_stop')")
    stop = [m for m in sent(page, clicked) if m["method"] == "ai_stop"][0]
    assert stop["t"] - clicked < 1000, f"stopped {stop['t'] - clicked:.0f} ms after the undo"
    page.wait_for_selector('#board[data-thinking="false"]')
    s = state(page)
    assert s["cursor"] == 0 and s["view"]["side"] == "white" and s["thinking"] is None
    assert s["actions"] == [opening]  # the person's action, to redo
    # No stale move lands: after the stop, no other slice and no play was asked for, and the
    # person plays on from the start while the computer's turn was dropped.
    assert not [m for m in sent(page, stop["t"]) if m["method"] in ("ai_step", "play")]
    assert page.evaluate("() => window.__sent.filter((m) => m.method === 'ai_start').at(-1)") == job
    other = [a for a in s["view"]["legal"]["actions"] if a != opening][0]
    click_action(page, other)
    page.wait_for_selector('#turn[data-thinking="true"]')
    assert state(page)["actions"] == [other]
    watch.assert_clean()


def test_a_new_game_while_the_computer_thinks_stops_it(start_page, watch):
    page = start_page()
    _start_thinking_against_expert(page)
    clicked = now(page)
    new_game(page, "person", "person")
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_stop')")
    stop = [m for m in sent(page, clicked) if m["method"] == "ai_stop"][0]
    assert stop["t"] - clicked < 2000
    page.wait_for_selector('#board[data-thinking="false"][data-state="idle"]')
    s = state(page)
    assert s["actions"] == [] and s["view"]["position"] == STANDARD and s["thinking"] is None
    assert not [m for m in sent(page, stop["t"]) if m["method"] in ("ai_step", "play")]
    # The new game goes on between two people: White plays, then Black is a person too.
    click_action(page, s["view"]["legal"]["actions"][0])
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
    # No move was made, and the person still plays; playing anything clears the hint.
    s = state(page)
    assert s["actions"] == [] and s["view"]["position"] == STANDARD
    assert page.is_disabled('[data-action="hint"]')
    click_action(page, f"{source}x{target}")
    page.wait_for_selector('#board:not(:has([data-hint]))')
    computer_turn_done(page, 1)
    watch.assert_clean()


def test_the_computer_plays_both_sides_to_the_end(page, start_page, watch):
    page.emulate_media(reduced_motion="reduce")  # no slides, so no pause between actions
    page = start_page()
    new_game(page, "computer:beginner", "computer:beginner")
    page.wait_for_selector("#result:not([hidden])", timeout=120_000)
    s = state(page)
    game = assert_legal_game(STANDARD, s["actions"])
    assert game["view"]["winner"] == s["view"]["winner"] in ("white", "black")
    assert s["thinking"] is None and page.get_attribute("#board", "data-thinking") == "false"
    # One side alternates with the other turn by turn.
    sides = [t["side"] for t in game["turns"]]
    assert all(a != b for a, b in zip(sides, sides[1:]))
    watch.assert_clean()


def test_undo_against_the_computer_goes_back_to_the_persons_turn(start_page, watch):
    page = start_page()
    new_game(page, "person", "computer:beginner")
    click_action(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"))
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
