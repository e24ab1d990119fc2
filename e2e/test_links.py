"""Links: the address holds the position, a link opens a position or a whole game, bad links
say what is wrong and change nothing; Copy link and Share.

Waits on attributes (`#board[data-state=idle]`, the address), never on time.
"""

from __future__ import annotations

import json

from helpers import LAST_TZAAR, STANDARD, act, fragment, idle, link, moves, saved, shown, some_turns, wait_address


# --- the address ---------------------------------------------------------------------------


def test_the_bare_address_gets_the_position_a_link_typed_into_the_address_bar_opens_it_and_the_address_follows_each_action(open_site, watch, wait_engine):
    """One page: the bare address gets the game's position; a link typed into the address bar
    opens it; a bad one typed there keeps the game (its address too); a position link typed
    there opens ready to play, and the address follows each action."""
    page = open_site()
    wait_engine(page)
    idle(page, STANDARD)
    wait_address(page, STANDARD)
    assert page.url.endswith("/index.html" + fragment(STANDARD))
    page.evaluate("hash => { location.hash = hash; }", fragment(LAST_TZAAR))
    idle(page, LAST_TZAAR)
    assert moves(page) == []
    wait_address(page, LAST_TZAAR)
    page.evaluate("() => { location.hash = '#nonsense'; }")
    page.wait_for_selector("#alert:not([hidden])")
    assert shown(page) == LAST_TZAAR
    wait_address(page, LAST_TZAAR)
    page.click('[data-command="dismiss-alert"]')
    page.wait_for_selector("#alert", state="hidden")
    # A position link opens ready to play, and the address follows each action.
    actions, positions = some_turns(3)
    start = positions[0]  # Black to capture, after White's opening
    page.evaluate("hash => { location.hash = hash; }", fragment(start))
    idle(page, start)
    assert page.inner_text("#moves .start button") == "Start · position from a link"
    entries = page.evaluate("() => history.length")
    for action, after in zip(actions[1:], positions[1:]):
        act(page, action)
        assert shown(page) == after
        wait_address(page, after)
        assert page.url.split("#")[0].endswith("/index.html")
    assert moves(page) == actions[1:]
    # Replaced, not pushed: Back does not step through the actions.
    assert page.evaluate("() => history.length") == entries
    # Undo shows (and puts in the address) the earlier position.
    page.click('[data-command="undo"]')
    idle(page, positions[1])
    wait_address(page, positions[1])
    watch.assert_clean()


def test_a_game_link_brings_the_moves_and_undo(open_position, watch):
    actions, positions = some_turns(5)
    page = open_position(STANDARD, [a.lower() for a in actions], shows=positions[-1])  # any letter case
    assert moves(page) == actions
    # The address then holds the position, as always.
    wait_address(page, positions[-1])
    page.click('[data-command="undo"]')
    idle(page, positions[-2])
    wait_address(page, positions[-2])
    # ... and the game is saved with its history.
    record = json.loads(saved(page))
    assert record["actions"] == actions and record["cursor"] == len(actions) - 1
    watch.assert_clean()


# --- bad links -----------------------------------------------------------------------------


BAD_LINKS = [
    ("index.html#not_a_position", "could not be read"),
    ("index.html#" + "ZZZZZ/ZZZZZZ/ZZZZZZZ/ZZZZZZZZ/ZZZZZZZZ/ZZZZZZZZ/ZZZZZZZ/ZZZZZZ/ZZZZZ_w1", "only 6 exist"),
    (link(STANDARD) + "~C5xC4,Q9xZ1", "Move 2"),
    (link(STANDARD) + "~C5xC4,C5xC4", "C5xC4"),  # well formed, not legal
    ("index.html#%3Cscript%3Ealert(1)%3C/script%3E", "characters"),
    ("index.html#" + "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT_w1~a~b", "more than one"),
    ("index.html#online=Ab3dEf6hIj9kLm2nOp4r", "perhaps cut short"),  # an invite cut short: no secret
]


def test_a_bad_link_says_what_is_wrong_and_keeps_the_saved_game_and_copy_link_puts_the_position_link_on_the_clipboard(open_position, open_site, page, clipboard, watch, wait_engine, site_url):
    """Each bad link opened in turn on the same saved game (the first two and the invite in a
    page loaded afresh, the others typed into the address of the page open); then, on the last
    page, Copy link before any move of a position link (typed into the address)."""
    actions, positions = some_turns(3)
    page = open_position(STANDARD, actions, shows=positions[-1])
    wait_address(page, positions[-1])
    before = saved(page)
    assert json.loads(before)["actions"] == actions
    for n, (bad, says) in enumerate(BAD_LINKS):
        if n < 2 or "online=" in bad:  # a page loaded afresh: the link it was opened with
            page.goto("about:blank")
            page = open_site(bad)
            wait_engine(page)
        else:  # the same page, a new link typed into the address (a hashchange)
            page.evaluate("hash => { location.hash = hash; }", bad.removeprefix("index.html"))
        alert = page.locator("#alert")
        alert.wait_for(state="visible")
        page.wait_for_function("says => document.querySelector('#alert').innerText.includes(says)", arg=says)
        assert "untouched" in alert.inner_text(), bad
        idle(page, positions[-1])  # the saved game, on the board with its moves
        assert moves(page) == actions, bad
        assert saved(page) == before, bad
        assert page.evaluate("() => window.__ran === undefined"), bad
        # It offers a new game.
        alert.locator('[data-command="new-game"]').click()
        page.wait_for_selector("#new-game-dialog[open]")
        page.keyboard.press("Escape")
        assert saved(page) == before, bad
    # Copy link puts the position link on the clipboard before any move.
    page.evaluate("hash => { location.hash = hash; }", fragment(LAST_TZAAR))
    idle(page, LAST_TZAAR)
    assert moves(page) == []
    assert page.is_hidden("#share-link")  # no share sheet in this browser
    page.click("#copy-link")
    # The label says so for two seconds: checked in the same moment as data-copied.
    page.wait_for_function(
        """() => { const b = document.querySelector('#copy-link');
                   return b.dataset.copied === 'position' && b.innerText.trim() === 'Position link copied'; }"""
    )
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == site_url + link(LAST_TZAAR)
    watch.assert_clean()


# --- Copy link and Share -------------------------------------------------------------------


def test_share_hands_the_link_to_the_share_sheet(open_position, page, watch, site_url):
    page.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
    page = open_position(LAST_TZAAR)
    page.click("#share-link")
    page.wait_for_function("() => window.__shared")
    shared = page.evaluate("() => window.__shared")
    assert shared["url"] == site_url + link(LAST_TZAAR)
    assert shared["title"] == "TZAAR"
    watch.assert_clean()
