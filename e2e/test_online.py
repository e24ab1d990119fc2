"""Online play between two browser contexts over the local relay (e2e/relay.py): an invite
made and accepted, actions both ways, resign and rematch, a third page refused."""

from __future__ import annotations

from online_helpers import act, actions, online, open_player, play_pair, some_turns, violations, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)


def test_an_invite_accepted_and_actions_both_ways(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    # The guest plays Black, the host White: both boards show the same game as it goes.
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    assert guest.evaluate("() => window.tzaar.state.players") == {"white": "online", "black": "person"}
    played, _ = some_turns(5)  # White's one action, then Black's two, then White's two
    for n, action in enumerate(played):
        mover = host if n == 0 or n >= 3 else guest
        act(mover, action)
        wait_actions(host, n + 1)
        wait_actions(guest, n + 1)
    assert actions(host) == actions(guest) == played
    assert guest.text_content("#announce")  # the opponent's actions are said
    # The relay (ws://127.0.0.1) and the library's module were within the strict policy.
    assert violations(host) == violations(guest) == []


def test_resign_then_a_rematch_with_colours_swapped(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    played, _ = some_turns(1)
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


def test_a_finished_online_game_goes_to_your_games_with_the_opponents_name(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    host.click("#online-resign")
    host.click("#online-resign-confirm")
    online(guest, "ended")
    kept = lambda page: page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games') || '[]')")  # noqa: E731
    guest.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    host.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    [g] = kept(guest)
    assert (g["online"], g["opponent"], g["colour"], g["result"], g["end"]) == (True, "Ann", "black", "won", {"reason": "resigned", "loser": "white"})
    assert kept(host)[0]["opponent"] == "Bob" and kept(host)[0]["result"] == "lost"
    # Leaving the online game gives the page back: Your games lists it under Learn.
    guest.click("#online-leave")
    guest.wait_for_selector("html:not([data-online])", state="attached")
    guest.click('.topbar [data-command="learn"]')
    guest.wait_for_selector("#your-games li")
    assert "online against Ann" in guest.text_content("#your-games")


def test_offline_play_online_says_it_needs_a_network_and_the_privacy_notice_comes_first(browser, online_site):
    page = open_player(browser, online_site)
    page.click("#online-button")
    page.wait_for_selector("#online-create")
    notice = page.text_content("#online .online-notice")
    assert "IP address" in notice and "Nothing is sent" in notice  # before the first online game
    assert page.get_attribute("html", "data-online") is None  # nothing connects before "Create"
    page.context.set_offline(True)
    page.click("#online-create")
    page.wait_for_selector("#online .online-status:has-text('needs a network connection')")
    assert page.get_attribute("html", "data-online") is None
    # The rest of the page works as before: the board plays.
    played, _ = some_turns(1)
    act(page, played[0])
    assert actions(page)[:1] == played
