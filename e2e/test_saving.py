"""Saving and game records: the game comes back on a reload with its history, a damaged or
old save is reported and set aside, and a finished game exported then imported is the same.
"""

from __future__ import annotations

import json

import pytest

from helpers import STANDARD, finished_game, fragment, idle, link, moves, open_records, paste_record, record_text, saved, shown, some_turns, wait_address


def state(page) -> dict:
    return page.evaluate("() => { const s = window.tzaar.state; return {start: s.start, actions: s.actions,"
                         " cursor: s.cursor, winner: s.view && s.view.winner, setup: s.setup}; }")


# --- reloads -------------------------------------------------------------------------------


def test_a_reload_restores_the_game_with_its_history_and_its_settings(open_position, watch, wait_engine):
    actions, positions = some_turns(6)
    page = open_position(STANDARD, actions, shows=positions[-1])
    page.click('[data-command="undo"]')
    idle(page, positions[-2])
    wait_address(page, positions[-2])
    page.click("#flip-button")
    page.wait_for_selector('#flip-button[aria-pressed="true"]')
    page.reload()
    wait_engine(page)
    idle(page, positions[-2])
    assert moves(page) == actions
    assert page.get_attribute('#moves button[aria-current="true"]', "data-cursor") == str(len(actions) - 1)
    # The settings are saved with the game.
    assert page.get_attribute("#flip-button", "aria-pressed") == "true"
    assert json.loads(saved(page))["players"] == {"white": "person", "black": "person"}
    page.click('[data-command="redo"]')
    idle(page, positions[-1])
    # A later visit to the bare address brings it back too.
    page.goto(page.url.split("#")[0])
    wait_engine(page)
    idle(page, positions[-1])
    assert moves(page) == actions
    wait_address(page, positions[-1])
    watch.assert_clean()


# --- damaged saves -------------------------------------------------------------------------


DAMAGED = [
    ("{not json", "damaged"),
    (json.dumps({"version": 0, "moves": "C5xC4"}), "another format"),
    (json.dumps([1, 2, 3]), "not a game"),
    (json.dumps({"version": 1, "start": STANDARD, "actions": ["C5xC4", "C5xC4"], "cursor": 2}), "no longer replays"),
]


@pytest.mark.parametrize(("text", "says"), DAMAGED, ids=["json", "old-format", "list", "illegal"])
def test_a_damaged_save_is_reported_and_set_aside(open_stored, watch, wait_engine, text, says):
    page = open_stored({"tzaar.game": text})
    wait_engine(page)
    alert = page.locator("#alert")
    alert.wait_for(state="visible")
    assert says in alert.inner_text()
    assert "set aside" in alert.inner_text()
    idle(page, STANDARD)  # a new game: never a blank page
    assert page.locator("#board [data-point][data-color]").count() == 60
    assert page.evaluate("() => localStorage.getItem('tzaar.game.set-aside')") == text
    # The new game is saved, and playing goes on.
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tzaar.game') || 'null')?.version === 1")
    watch.assert_clean()


# --- game records --------------------------------------------------------------------------


def test_the_record_and_the_game_link_are_copied_a_pasted_record_opens_a_bad_one_says_why_and_an_exported_game_imports_the_same(open_position, page, clipboard, watch, site_url, tmp_path):
    """One page, in turn: a game's record and link copied; a record pasted into a game not
    begun, and bad ones refused; a finished game exported, then imported after another."""
    actions, positions = some_turns(3)
    page = open_position(STANDARD, actions, shows=positions[-1])
    dialog = open_records(page)
    dialog.locator("#record-copy").click()
    page.wait_for_function("() => document.querySelector('#record-status').textContent === 'Text copied.'")
    assert page.evaluate("() => navigator.clipboard.readText()") == dialog.locator("#record-text").input_value()
    dialog.locator("#record-copy-link").click()
    page.wait_for_function("() => document.querySelector('#record-status').textContent === 'Link copied.'")
    assert page.evaluate("() => navigator.clipboard.readText()") == site_url + link(STANDARD, actions)
    page.keyboard.press("Escape")
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    # A pasted record opens, and a bad one says why.
    actions, positions = some_turns(4)
    text = record_text(actions)
    page.evaluate("hash => { location.hash = hash; }", fragment(STANDARD))  # a game not begun
    idle(page, STANDARD)
    dialog = open_records(page)
    error = dialog.locator("#record-error[role=alert]")
    for bad, says in (("Start: nonsense\n1. C5xC4\n", "not a game record"), ("", "no record")):
        paste_record(dialog, bad)
        error.wait_for(state="visible")
        assert says in error.inner_text()
    illegal = text.replace(actions[-1], "A1xI5")
    paste_record(dialog, illegal)
    page.wait_for_function("() => document.querySelector('#record-error').textContent.includes('A1xI5')")
    assert shown(page) == STANDARD and state(page)["actions"] == []  # nothing changed
    paste_record(dialog, text)
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, positions[-1])
    assert moves(page) == actions
    # Export, then import, of a finished game gives the same game.
    actions, final = finished_game()
    page.evaluate("hash => { location.hash = hash; }", link(STANDARD, actions).removeprefix("index.html"))
    idle(page, final["position"])
    page.wait_for_selector("#result:not([hidden])")
    before = state(page)
    assert before["winner"] == final["winner"] and before["actions"] == actions

    dialog = open_records(page)
    text = dialog.locator("#record-text").input_value()
    header, body = text.split("Result: ", 1)
    assert header.splitlines()[1:3] == ["White: person", "Black: person"]  # a link: two people
    assert "Result: " + body == record_text(actions).split("\n", 1)[1]
    with page.expect_download() as download:
        dialog.locator("#record-download").click()
    path = tmp_path / "game.txt"
    download.value.save_as(path)
    assert path.read_text() == text
    assert download.value.suggested_filename.endswith(".txt")
    dialog.locator('button[value="close"]').click()

    # Another game, then the file back.
    page.click("#new-game-button")
    page.click('[data-command="start-game"]')
    idle(page, STANDARD)
    assert state(page)["actions"] == []
    open_records(page)
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, final["position"])
    after = state(page)
    assert after == {**before, "setup": "standard"}  # the record's Start: standard
    assert moves(page) == actions
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#moves .start button") == "Start · standard setup"
    watch.assert_clean()
