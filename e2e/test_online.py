"""Online play between two browser contexts over the local relay (e2e/relay.py): an invite
made and accepted, actions both ways to the rules' end; offline, then an invite opened on a
phone, resigned and a rematch with the colours swapped."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import open_records, paste_record
from online_helpers import act, actions, invite, online, open_player, play_pair, some_turns, violations, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)
from site_serving import NO_SERVICE_WORKER

LANGUAGES = Path(__file__).resolve().parents[1] / "web" / "lang"


# A short game to the rules' end: Black has no Tzaar left after White's eighth action (found by
# a search with the engine; the rules check every action as it is played).
SHORT_GAME = ["C2xC3", "A1xB1", "B3-C4", "D6xE6", "E3xF3", "A3xC3", "E5-F6", "F3xG3"]
SHORT_GAME_MOVERS = "wbbwwbbw"


def test_an_invite_accepted_a_game_to_the_rules_end_in_your_games_whose_export_names_the_players(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")  # Ann (White) against Bob (Black)
    # The guest plays Black, the host White: both boards show the same game as it goes, actions
    # both ways (White's one action, then two of each side's in turn).
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    assert guest.evaluate("() => window.tzaar.state.players") == {"white": "online", "black": "person"}
    for n, (action, mover) in enumerate(zip(SHORT_GAME, SHORT_GAME_MOVERS)):
        act(host if mover == "w" else guest, action)
        wait_actions(host, n + 1)
        wait_actions(guest, n + 1)
    assert actions(host) == actions(guest) == SHORT_GAME
    assert guest.text_content("#announce")  # the opponent's actions are said
    online(host, "ended")
    online(guest, "ended")
    # The relay (ws://127.0.0.1) and the library's module were within the strict policy.
    assert violations(host) == violations(guest) == []
    # The panel says why the rules ended it, as the board's result box does.
    for page in (host, guest):
        assert page.text_content("#online .online-status") == "The game is over: Black has no Tzaar left."
    kept = lambda page: page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games') || '[]')")  # noqa: E731
    guest.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    host.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    [g] = kept(guest)
    assert (g["online"], g["opponent"], g["name"], g["colour"], g["result"], g["end"]) == (True, "Ann", "Bob", "black", "lost", None)
    assert (kept(host)[0]["opponent"], kept(host)[0]["result"]) == ("Bob", "won")
    # Leaving the online game gives the page back: Your games lists it under Learn.
    guest.click("#online-leave")
    guest.wait_for_selector("html:not([data-online])", state="attached")
    guest.click('.topbar [data-command="learn"]')
    guest.wait_for_selector("#your-games li")
    assert "online against Ann" in guest.text_content("#your-games")
    # Export all: the record names both players, and opens again as it was played.
    with guest.expect_download() as download:
        guest.click('#your-games [data-games="export"]')
    text = Path(download.value.path()).read_text()
    assert "White: Ann\nBlack: Bob\n" in text and "Result: White wins (Black has no Tzaar left)" in text
    dialog = open_records(guest)
    paste_record(dialog, text)
    guest.wait_for_selector("#record-dialog:not([open])", state="attached")
    guest.wait_for_function("n => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(SHORT_GAME))
    assert actions(guest) == SHORT_GAME
    assert guest.evaluate("() => window.tzaar.state.names") == {"white": "Ann", "black": "Bob"}
    # Its record names them again, in ours and in LittleGolem's format.
    dialog = open_records(guest)
    assert "White: Ann\nBlack: Bob\n" in dialog.locator("#record-text").input_value()
    dialog.locator("#record-format").select_option("littlegolem")
    guest.wait_for_function("() => document.querySelector('#record-text').value.includes('PB[Bob]PW[Ann]')")


# How wide the placeholder of the friend's message is, and the room the box gives it.
PLACEHOLDER_FIT = """() => {
  const input = document.querySelector('#online-text');
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return {text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)};
}"""


def test_offline_then_an_invite_on_a_phone_its_message_box_in_each_language_resign_and_a_rematch(browser, online_site):
    # Offline, Play online says it needs a network, and the privacy notice comes first.
    host = open_player(browser, online_site)
    host.click("#online-button")
    host.wait_for_selector("#online-create")
    notice = host.text_content("#online .online-notice")
    assert "IP address" in notice and "Nothing is sent" in notice  # before the first online game
    assert host.get_attribute("html", "data-online") is None  # nothing connects before "Create"
    host.context.set_offline(True)
    host.click("#online-create")
    host.wait_for_selector("#online .online-status:has-text('needs a network connection')")
    assert host.get_attribute("html", "data-online") is None
    # The rest of the page works as before: the board plays.
    played, _ = some_turns(1)
    act(host, played[0])
    assert actions(host)[:1] == played
    # Back online, the same page makes an invite.
    host.context.set_offline(False)
    link = invite(host, colour="white")
    # A first visit on a phone opens the invite: its panel first, Join within the screen, no
    # game against the computer meanwhile and no invitation to the lessons.
    context = browser.new_context(viewport={"width": 390, "height": 844}, **NO_SERVICE_WORKER)
    guest = context.new_page()
    guest.goto(link)
    guest.wait_for_selector("#online-join:visible")
    box = guest.locator("#online-join").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    assert guest.locator("#online").bounding_box()["y"] < guest.locator("#board").bounding_box()["y"]
    assert guest.is_hidden("#learn-invite")
    guest.wait_for_selector("html[data-engine=ready]", state="attached")
    guest.wait_for_function("() => window.tzaar.state.view !== null")
    assert guest.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "person"}
    guest.fill("#online-name", "Bob")
    guest.click("#online-join")
    online(guest, "playing")
    assert guest.locator("#board").bounding_box()["y"] < guest.locator("#online").bounding_box()["y"]  # the board first again
    # The friend's message box: its placeholder fits in every language, in the side panel of a
    # desktop (1280 px: a narrower box than a phone's, which spans the screen).
    guest.set_viewport_size({"width": 1280, "height": 800})
    for language in sorted(LANGUAGES.glob("*.json")):
        expected = json.loads(language.read_text(encoding="utf-8"))["online.textPlaceholder"]
        guest.select_option("#language", language.stem)
        guest.wait_for_function("text => document.querySelector('#online-text').placeholder === text", arg=expected)
        fit = guest.evaluate(PLACEHOLDER_FIT)
        assert fit["text"] <= fit["room"], (language.stem, expected, fit)
    english = json.loads((LANGUAGES / "en.json").read_text(encoding="utf-8"))["online.textPlaceholder"]
    guest.select_option("#language", "en")
    guest.wait_for_function("text => document.querySelector('#online-text').placeholder === text", arg=english)
    guest.locator("#language").blur()  # (the keys below go to the page, as before any choice)

    # The game: the guest plays Black. It resigns, and a rematch swaps the colours.
    online(host, "playing")
    act(host, played[0])
    wait_actions(guest, 1)
    # Hint, analysis and undo are off: hidden, and their keys do nothing.
    assert not guest.is_visible('[data-command="hint"]') and not guest.is_visible("#tools")
    guest.keyboard.press("z")
    guest.keyboard.press("h")
    assert actions(guest) == played[:1] and guest.evaluate("() => window.tzaar.state.hint") is None
    # Preset messages.
    guest.click('#online [data-say="luck"]')
    host.wait_for_selector("#online .online-chats li")
    assert "Good luck" in host.text_content("#online .online-chats")
    # The guest resigns, after a confirmation.
    guest.click("#online-resign")
    guest.click("#online-resign-confirm")
    online(guest, "ended")
    online(host, "ended")
    assert "resigned" in host.text_content("#online .online-status")
    # A rematch: offered by one, accepted by the other; the colours are swapped.
    host.click("#online-rematch")
    guest.wait_for_selector("#online-rematch:has-text('Accept the rematch')")
    guest.click("#online-rematch")
    online(host, "playing")
    online(guest, "playing")
    wait_actions(host, 0)
    wait_actions(guest, 0)
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "online", "black": "person"}
    assert guest.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    act(guest, played[0])  # the guest plays White now
    wait_actions(host, 1)
    assert actions(host) == played[:1]
    context.close()
