"""Online play between Chromium and Firefox over the local relay, on one page of each: the host's
page in Chromium makes an invite, Firefox (e2e/engines.py, WebDriver BiDi) opens it and joins,
and actions go both ways; then, in the lobby of strangers (its own tests, in Chromium alone:
e2e/test_lobby.py), a wish posted in Firefox is seen in Chromium's list and joined, and the game
goes both ways; last, Firefox's "Play anyone" pairs it with a player waiting in Chromium. Both
browsers give their real host address as an ICE candidate, without mDNS names
(e2e/online_firefox.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from lobby_crowd import open_lobby, rows, terms
from online_firefox import firefox_act, firefox_lobby, firefox_online, lan_chromium, open_firefox  # noqa: F401  (fixtures)
from online_helpers import act, actions, invite, online, open_player, players, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

PAIRING_MS = 30_000


def firefox_players(firefox) -> dict:
    """Who plays each side on Firefox's board: "person" (this page) or "online"."""
    return firefox.js("window.tzaar.state.players")


def leave_both(chromium, firefox) -> None:
    """Chromium's player resigns the game under way, and both pages leave it."""
    chromium.click("#online-resign")
    chromium.click("#online-resign-confirm")
    online(chromium, "ended")
    firefox_online(firefox, "ended")
    chromium.click("#online-leave")
    chromium.wait_for_selector("html:not([data-online])", state="attached")
    firefox.click("#online-leave")
    firefox.wait("document.documentElement.dataset.online === undefined", what="Firefox out of the online game")


def test_an_invite_then_the_lobby_between_chromium_and_firefox(lan_chromium, open_firefox, online_site):
    # An invite made in Chromium, opened and joined in Firefox: actions both ways.
    chromium = open_player(lan_chromium, online_site)
    link = invite(chromium, colour="white")
    firefox = open_firefox(link)
    firefox.click("#online-join")
    firefox_online(firefox, "playing")
    online(chromium, "playing")
    played, _ = some_turns(3)
    act(chromium, played[0])
    firefox.wait("window.tzaar.state.actions.length === 1 && !window.tzaar.state.busy", what="White's action in Firefox")
    # Black (Firefox) plays its turn by clicks.
    for action in played[1:3]:
        firefox_act(firefox, action)
    wait_actions(chromium, 3)
    assert actions(chromium) == firefox.js("window.tzaar.state.actions") == played
    assert firefox.driver_errors() == []

    # The same two pages leave that game (Ann resigns), and meet in the lobby of strangers.
    # Chromium's lobby open first: a newcomer hears a wish posted in the last 10 s only with
    # its next announcement (lobby-model.js MIN_GAP)
    leave_both(chromium, firefox)
    open_lobby(chromium)
    firefox_lobby(firefox, "Fenna", "10+5", "white")
    firefox.click('.lobby [data-lobby="post"]')
    firefox.wait_for(".lobby[data-lobby=waiting]")
    expect(rows(chromium).filter(has_text="Fenna")).to_contain_text("10 + 5")
    terms(chromium, "Carl", "3+2", "white")  # the wish's terms are taken, whatever these say
    chromium.get_by_role("button", name="Join Fenna").click()
    online(chromium, "playing", PAIRING_MS)
    firefox_online(firefox, "playing")
    # Fenna wished White: Firefox plays first, one action from each side
    assert firefox_players(firefox) == {"white": "person", "black": "online"}
    assert players(chromium) == {"white": "online", "black": "person"}
    expect(chromium.locator(".online-players")).to_contain_text("Fenna")
    played, _ = some_turns(2)
    firefox_act(firefox, played[0])
    wait_actions(chromium, 1)
    act(chromium, played[1])
    firefox.wait("window.tzaar.state.actions.length === 2 && !window.tzaar.state.busy", what="Black's action in Firefox")
    assert actions(chromium) == firefox.js("window.tzaar.state.actions") == played
    assert firefox.driver_errors() == []

    # The same two pages leave that game (Carl resigns), and meet in the lobby again: Firefox's
    # "Play anyone" pairs it with Carl, waiting in Chromium.
    leave_both(chromium, firefox)
    firefox_lobby(firefox, "Fenna", "5+3", "random")
    open_lobby(chromium)
    terms(chromium, "Carl", "5+3", "black")
    chromium.get_by_role("button", name="Post and wait").click()
    expect(chromium.locator(".lobby")).to_have_attribute("data-lobby", "waiting")
    firefox.wait("[...document.querySelectorAll('.lobby-list tbody tr')].some((row) => row.textContent.includes('Carl'))", what="Carl in Firefox's list")
    firefox.click('.lobby [data-lobby="anyone"]')
    firefox_online(firefox, "playing")
    online(chromium, "playing", PAIRING_MS)
    # Carl waited for Black: he has it
    assert firefox_players(firefox) == {"white": "person", "black": "online"}
    assert players(chromium) == {"white": "online", "black": "person"}
    expect(chromium.locator(".online-players")).to_contain_text("Fenna")
    firefox.wait("document.querySelector('.online-players')?.textContent.includes('Carl')", what="Carl named in Firefox")
    assert firefox.driver_errors() == []
