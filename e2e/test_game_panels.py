"""Playing, records and links: the tray keeps the chosen piece; the computer against itself
is watched at a speed with pause, resume and step; a record opens with the players kept;
Expert shows its progress; the end of a game against the computer says "You won" / "You
lost"; a seed that is not a number gets the page's message; the captured stacks are shown;
sound effects are off by default and the setting is saved; the record has a header; Copy
link offers the game link and the position link and says which one it copied.
"""

from __future__ import annotations

import datetime
import re

from helpers import STANDARD, act, engine, finished_game, idle, link, new_game, open_records, paste_record, record_text, shown, some_turns

FIRST = "C5xC4"  # a legal opening capture of the standard start


def count(page) -> int:
    return page.evaluate("() => window.tzaar.state.actions.length")


def test_the_board_is_in_play_view_or_edit_mode_the_tray_keeps_the_chosen_piece_and_the_computer_against_itself_is_watched(open_position, watch):
    """The board's modes, the computer against itself watched with pause, resume and step, the
    board only looked at while it plays, and the tray of a tournament game."""
    page = open_position(STANDARD)
    page.wait_for_selector('#board[data-input="play"]')  # two people: White is to move
    # In edit mode a point chosen with the keyboard edits the position; the game never sees it.
    page.click("#editor-button")
    page.wait_for_selector('#board[data-input="edit"]')
    page.click('#editor [data-tool="."]')  # remove
    page.focus('#board [data-point="C5"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#board [data-point="C5"]:not([data-color])')
    assert page.evaluate("() => window.tzaar.state.selected") is None
    page.click("#editor-button")
    page.wait_for_selector('#board[data-input="play"] [data-point="C5"][data-color="white"]')  # the game's again
    # The computer against itself, watched with pause, resume and step.
    new_game(page, "computer:beginner", "computer:beginner")
    page.wait_for_selector("#watch:not([hidden])")
    assert page.input_value("#watch-speed") == "normal"  # about a second an action
    # Normal speed waits about a second before each action: two actions take two seconds.
    elapsed = page.evaluate(
        """async () => {
            const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
            const count = () => window.tzaar.state.actions.length;
            while (count() < 1) await frame();
            const start = count(), t0 = performance.now();
            while (count() < start + 2) await frame();
            return performance.now() - t0;
        }"""
    )
    assert elapsed >= 1900, f"normal speed plays about one action a second ({elapsed:.0f} ms for two)"
    page.click("#watch-pause")
    page.wait_for_selector('#watch[data-paused="true"]')
    assert page.inner_text("#watch-pause") == "Resume"
    # Paused, the computer holds before its next action (one already on its way may land).
    page.wait_for_function("() => window.tzaar.state.watch.held === true")
    paused = count(page)  # (held: nothing is played while paused)
    page.click("#watch-step")
    # The step lets one action through; then the computer holds again.
    page.wait_for_function("n => window.tzaar.state.watch.held && window.tzaar.state.actions.length > n", arg=paused)
    assert count(page) == paused + 1, "a step plays one action"
    page.select_option("#watch-speed", "instant")
    page.click("#watch-pause")  # Resume
    page.wait_for_selector('#watch[data-paused="false"]')
    page.wait_for_function("n => window.tzaar.state.actions.length >= n + 6", arg=paused)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.watch-speed'))") == "instant"
    # The computer against itself: the board is only to be looked at (at the first visit's speed).
    page.select_option("#watch-speed", "normal")
    new_game(page, "computer:beginner", "computer:beginner")
    page.wait_for_selector('#board[data-input="view"]')
    page.click("#watch-pause")
    page.wait_for_function("() => window.tzaar.state.watch.held === true")
    page.click('#board [data-point="C5"]')
    assert page.evaluate("() => window.tzaar.state.selected") is None
    page.wait_for_selector('#board[data-input="view"]')
    # A tournament game between two people: the tray keeps the chosen piece.
    new_game(page, "person", "person", setup="tournament")
    tott = page.locator('[data-place="tott"]')
    tott.click()
    tott.click()  # pressed again: still chosen
    page.wait_for_selector('[data-place="tott"][aria-pressed="true"]')
    assert tott.get_attribute("aria-pressed") == "true"
    before = shown(page)
    page.click('#board [data-point="A1"][data-target="place"]')
    page.wait_for_selector(f'#board[data-state=idle]:not([data-position="{before}"])')
    assert page.evaluate("() => window.tzaar.state.actions") == ["T@A1"]
    watch.assert_clean()


def test_sound_is_off_by_default_and_saved_a_bad_seed_gets_the_pages_message_and_expert_shows_its_progress(open_position, watch, wait_engine):
    """Sound effects off at first and the setting saved over a reload; then, on that page, a
    seed that is not a number, and Expert's progress and depth."""
    page = open_position(STANDARD)
    button = page.locator("#sound-button")
    assert button.get_attribute("aria-pressed") == "false"
    act(page, FIRST)
    assert page.evaluate("() => window.tzaar.sound.played") == []
    synth_loaded = "() => performance.getEntriesByType('resource').some((e) => e.name.includes('/synth.js'))"
    assert not page.evaluate(synth_loaded), "the synthesizer loads only once a sound plays"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    page.wait_for_function(synth_loaded)  # turning sound on plays one, to hear how loud
    assert page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.sound'))") is True
    page.reload()
    wait_engine(page)
    idle(page)
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    view = engine("view", position=shown(page))
    capture = next(a for a in view["legal"]["actions"] if "x" in a)
    act(page, capture)
    assert page.evaluate("() => window.tzaar.sound.played") == ["capture"]
    # A seed that is not a number gets the page's message; the record says the seed.
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="random"]')
    page.fill('#new-game-dialog input[name="seed"]', "abc")
    page.click('[data-command="start-game"]')
    page.wait_for_selector("#seed-error:not([hidden])")
    assert "whole number" in page.inner_text("#seed-error")
    assert page.is_visible("#new-game-dialog[open]")
    page.fill('#new-game-dialog input[name="seed"]', "42")
    assert page.is_hidden("#seed-error")
    page.click('[data-command="start-game"]')
    random42 = engine("new_position", setup="random", seed=42)["position"]
    idle(page, random42)
    # The record says the setup and its seed.
    text = open_records(page).locator("#record-text").input_value()
    assert "Start: random seed 42" in text.splitlines()
    page.keyboard.press("Escape")
    page.wait_for_selector("#record-dialog[open]", state="detached")
    # Expert shows its progress and depth.
    new_game(page, "person", "computer:expert")
    act(page, FIRST)
    page.wait_for_selector("#think-progress:not([hidden])[data-depth]")
    page.wait_for_function(
        "() => { const p = document.querySelector('#think-progress'); return +p.dataset.depth >= 1"
        " && +p.querySelector('[role=progressbar]').getAttribute('aria-valuenow') > 0; }"
    )
    assert re.match(r"Depth \d+ · \d+\.\d s", page.inner_text("#think-progress .think-text"))
    page.wait_for_function("() => window.tzaar.state.turns.length >= 2 && !window.tzaar.state.thinking", timeout=30_000)
    page.wait_for_selector("#think-progress", state="hidden")
    watch.assert_clean()


def test_a_first_visits_record_has_a_header_opening_one_keeps_the_players_and_the_end_says_you_won_or_you_lost(open_site, watch, wait_engine):
    """A first visit, White (you) against the computer: the record's header; a record opened
    keeps the players; a finished one says "You won" or "You lost"."""
    actions, positions = some_turns(3)  # White to play after them
    text = record_text(actions)
    won_actions, final = finished_game()
    page = open_site()
    wait_engine(page)
    idle(page, STANDARD)
    players = page.evaluate("() => window.tzaar.state.players")
    assert players == {"white": "person", "black": "computer:novice"}
    dialog = open_records(page)
    header = dialog.locator("#record-text").input_value()
    today = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    assert header.splitlines()[:6] == [
        "# TZAAR game record",
        "White: person",
        "Black: computer novice",
        f"Date: {datetime.date(*today).isoformat()}",
        "Result: not finished",
        "Start: standard",
    ]
    paste_record(dialog, text)
    idle(page, positions[-1])
    assert page.evaluate("() => window.tzaar.state.players") == players
    paste_record(open_records(page), record_text(won_actions))
    page.wait_for_selector("#result:not([hidden])")
    want = "You won" if final["winner"] == "white" else "You lost"
    assert page.inner_text("#result .result-title") == want
    assert page.inner_text("#result .result-reason") == final["reason"]["text"]
    watch.assert_clean()


def test_the_captured_stacks_of_each_side_are_shown_and_copy_link_offers_the_game_link_and_the_position_link(open_position, page, clipboard, watch, site_url):
    actions, positions = some_turns(7)
    page = open_position(STANDARD, actions, shows=positions[-1])
    captures = []  # (the index of the action, the side that took, the stack taken)
    before = STANDARD
    for index, (action, after) in enumerate(zip(actions, positions)):
        if "x" in action:
            view = engine("view", position=before)
            stack = view["points"][action.split("x")[1]]
            captures.append((index, view["side"], (stack["type"], stack["height"])))
        before = after

    def shows_the_captures_before(cursor: int) -> None:
        want = {side: [stack for index, by, stack in captures if by == side and index < cursor] for side in ("white", "black")}
        for side in ("white", "black"):
            got = page.eval_on_selector_all(
                f'#trios .captured[data-side="{side}"] .captured-stack', "es => es.map(e => [e.dataset.type, +e.dataset.height])"
            )
            assert [tuple(g) for g in got] == want[side]
            said = page.eval_on_selector(f'#trios .captured[data-side="{side}"] .visually-hidden', "e => e.textContent")
            assert said.startswith(f"{side.capitalize()} has captured {len(want[side])} stack")

    assert {by for _, by, _ in captures} == {"white", "black"}
    shows_the_captures_before(len(actions))
    # Back before the last capture, then to the end again: the list follows the action shown.
    last = captures[-1][0]
    for cursor in (last, len(actions)):
        page.click(f'#moves button[data-cursor="{cursor}"]')
        idle(page, positions[cursor - 1] if cursor else STANDARD)
        shows_the_captures_before(cursor)
    # Copy link: the game link or the position link, and it says which one it copied.
    page.click("#copy-link")
    page.wait_for_selector("#copy-choices:not([hidden])")
    assert page.get_attribute("#copy-link", "aria-expanded") == "true"
    page.click('#copy-choices [data-copy="game"]')
    page.wait_for_function(
        "() => { const b = document.querySelector('#copy-link');"
        " return b.dataset.copied === 'game' && b.innerText.trim() === 'Game link copied'; }"
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == site_url + link(STANDARD, actions)
    assert "game link" in page.eval_on_selector("#share-status", "e => e.textContent")
    assert page.is_hidden("#copy-choices")
    page.click("#copy-link")
    page.click('#copy-choices [data-copy="position"]')
    page.wait_for_function("() => document.querySelector('#copy-link').dataset.copied === 'position'")
    assert page.evaluate("() => navigator.clipboard.readText()") == site_url + link(positions[-1])
    assert "this position" in page.eval_on_selector("#share-status", "e => e.textContent")
    watch.assert_clean()
