"""Screen readers and keyboard: the polite live region (#announce) says the computer's moves,
the end of the game (once), a link that could not be opened and an opened record; Trios is
read with the type names; the coordinate labels are hidden from assistive technology; a
press on the board before a piece is chosen in the placement tray says what to do; keys run
the page's commands, but not while a form field or an open dialog has them.
"""

from __future__ import annotations

import re

from helpers import STANDARD, act, engine, finished_game, fragment, idle, link, new_game, open_records, paste_record, record_text, shown, some_turns


def announced(page) -> str:
    return page.eval_on_selector("#announce", "e => e.textContent")


def wait_announced(page, pattern: str) -> str:
    page.wait_for_function("p => new RegExp(p).test(document.querySelector('#announce').textContent)", arg=pattern)
    return announced(page)


def shown_text(page) -> str:
    """The text a sighted person sees (the page without the screen-reader-only live region)."""
    return page.inner_text("header") + page.inner_text(".board-frame") + page.inner_text(".side")


def flipped(page) -> bool:
    return page.evaluate("() => window.tzaar.state.flipped")


def test_the_live_region_trios_and_labels_read_right_the_computers_turn_is_announced_and_keys_run_the_commands_but_not_while_typing(open_site, watch, wait_engine):
    page = open_site()  # a first visit: White against the computer
    wait_engine(page)
    idle(page, STANDARD)
    # The live region is polite, and hidden (for screen readers only).
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("role") == "status"
    assert region.evaluate("e => e.getBoundingClientRect().width") <= 1
    # Trios are read with the type names.
    for side in ("white", "black"):
        spoken = page.locator(f'#trios .trio[data-side="{side}"]').aria_snapshot()
        assert "6 Tzaars, 9 Tzarras, 15 Totts" in " ".join(spoken.replace('"', "").split()), spoken
    # The coordinate labels are hidden from screen readers.
    labels = page.locator("#board .label")
    assert labels.count() > 20
    assert page.eval_on_selector("#board .layer-labels", "e => e.closest('[aria-hidden=true]') !== null")
    spoken = page.locator("#board").aria_snapshot()
    assert not re.search(r"text: [A-I1-8]$", spoken, re.M), spoken  # no bare "A", "5"
    assert "E4" in spoken  # the points keep their names
    # The computer's turn is announced.
    first = next(a for a in engine("view", position=STANDARD)["legal"]["actions"] if "x" in a)
    act(page, first)
    text = wait_announced(page, "^Computer: ")
    turn = page.evaluate("() => window.tzaar.state.turns.at(-1)")
    assert turn["side"] == "black"
    assert text == "Computer: " + ", then ".join(turn["actions"])
    # Keys run the commands, but not while typing: one registry for keys and buttons
    # (web/page/input.js): Ctrl+Z and Ctrl+Shift+Z undo and redo, N and ? open their dialogs; a
    # key typed into a field or under an open dialog runs nothing.
    new_game(page, "person", "person")
    actions, positions = some_turns(2)
    for action in actions:
        act(page, action)
    page.keyboard.press("Control+z")
    idle(page, positions[0])
    page.keyboard.press("Control+Shift+z")
    idle(page, positions[1])
    # A form field has the keys: F types into it and does not flip the board.
    page.focus("#attack-map")
    page.keyboard.press("f")
    assert not flipped(page)
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("f")
    page.wait_for_function("() => window.tzaar.state.flipped")
    # Under an open dialog no key runs a command: Z neither undoes nor F flips back.
    page.keyboard.press("n")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check('#new-game-dialog input[value="random"]')
    page.fill('#new-game-dialog input[name="seed"]', "")
    page.type('#new-game-dialog input[name="seed"]', "zf")
    assert page.input_value('#new-game-dialog input[name="seed"]') == "zf"
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog:not([open])", state="attached")
    page.keyboard.press("?")
    page.wait_for_selector("#help-dialog[open]")
    page.keyboard.press("z")
    page.keyboard.press("f")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-dialog:not([open])", state="attached")
    assert flipped(page)
    assert shown(page) == positions[1]
    assert page.evaluate("() => window.tzaar.state.actions") == actions
    watch.assert_clean()


def test_a_rejected_link_an_opened_record_and_the_end_of_a_game_are_announced_and_a_press_before_choosing_a_piece_says_what_to_do(open_site, watch, wait_engine):
    """A page opened at a link it rejects; then, on it, a record opened, a game between two
    people ended (said once), and the placement tray of a tournament game."""
    page = open_site("index.html#nonsense")
    wait_engine(page)
    page.wait_for_selector("#alert:not([hidden])")
    text = wait_announced(page, "could not be opened")
    assert text == page.inner_text("#alert .alert-text")
    page.click('[data-command="dismiss-alert"]')
    page.wait_for_selector("#alert", state="hidden")
    # An opened record is announced.
    actions, positions = some_turns(4)
    text = record_text(actions)
    page.evaluate("hash => { location.hash = hash; }", fragment(STANDARD))  # a game between two people
    idle(page, STANDARD)
    dialog = open_records(page)
    paste_record(dialog, text)
    idle(page, positions[-1])
    turns = len(engine("game", start=STANDARD, actions=actions)["turns"])
    side = engine("view", position=positions[-1])["side"].capitalize()
    assert wait_announced(page, "record opened") == f"Game record opened: {turns} turns, {side} to play."
    # The end of a game between two people is said once.
    actions, final = finished_game()
    last = actions[-1]
    before = engine("game", start=STANDARD, actions=actions[:-1])["view"]
    assert last not in before["legal"]["losing"]
    page.evaluate("hash => { location.hash = hash; }", link(STANDARD, actions[:-1]).removeprefix("index.html"))
    idle(page, before["position"])
    act(page, last)
    side = final["winner"].capitalize()
    reason = final["reason"]["text"]
    assert wait_announced(page, "wins") == f"{side} wins. {reason}."
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .result-title") == f"{side} wins"
    # Said once: the reason is on the page one time (the box), the turn panel says "Game over".
    assert shown_text(page).count(reason) == 1
    assert page.inner_text("#turn .turn-title") == "Game over"
    page.click('[data-command="dismiss-result"]')
    page.wait_for_selector("#result", state="hidden")
    assert page.inner_text("#turn .turn-title") == f"{side} wins"
    assert shown_text(page).count(reason) == 1
    # A press on the board before choosing a piece says what to do.
    new_game(page, "person", "person", setup="tournament")
    page.wait_for_selector("#tray:not([hidden])")
    assert page.is_hidden("#notice")
    page.click('#board [data-point="E4"]')
    page.wait_for_selector("#notice:not([hidden])")
    assert "choose a Tzaar, Tzarra or Tott" in page.inner_text("#notice")
    assert "choose a Tzaar, Tzarra or Tott" in wait_announced(page, "Tott")
    page.click('[data-place="tott"]')
    page.wait_for_selector("#notice", state="hidden")
    before = shown(page)
    page.click('#board [data-point="E4"][data-target="place"]')
    page.wait_for_selector(f'#board[data-state=idle]:not([data-position="{before}"])')
    assert page.evaluate("() => window.tzaar.state.actions") == ["T@E4"]
    watch.assert_clean()
