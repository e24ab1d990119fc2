"""Drops and reloads lose nothing: a connection dropped between a turn's two actions, and a
page closed and opened again (its storage kept), come back to the same game by themselves;
meanwhile a third page that opens the invite is refused."""

from __future__ import annotations

from online_helpers import act, actions, invite, join, online, open_player, play_pair, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)


def test_a_drop_between_a_turns_two_actions_loses_nothing(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    played, _ = some_turns(5)
    act(host, played[0])
    wait_actions(guest, 1)
    act(guest, played[1])  # Black's first action of its turn
    wait_actions(host, 2)
    # The guest's connection drops: the host sees its opponent gone, with the countdown.
    guest.evaluate("() => window.tzaar.online.session.dropConnection()")
    online(host, "disconnected")
    host.wait_for_selector("#online-claim[disabled]")  # the win may not be claimed yet
    assert "disconnected" in host.text_content("#online .online-status")
    # Meanwhile the guest plays the second action of its turn: it arrives once they are back.
    act(guest, played[2])
    online(host, "playing")
    online(guest, "playing")
    wait_actions(host, 3)
    act(host, played[3])
    act(host, played[4])
    wait_actions(guest, 5)
    assert actions(host) == actions(guest) == played


def test_a_reload_comes_back_and_a_third_page_is_refused(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="black")  # the host plays Black
    played, _ = some_turns(3)
    act(guest, played[0])
    wait_actions(host, 1)
    act(host, played[1])
    wait_actions(guest, 2)
    # The guest closes its page: the host waits, and its room is open again meanwhile.
    context = guest.context
    guest.close()
    online(host, "disconnected")
    link = host.evaluate("() => location.origin + location.pathname + '#online=' + window.tzaar.online.session.record.room + '.' + window.tzaar.online.session.record.secret")
    third = join(browser, link, name="Eve")
    online(third, "refused")
    assert "already has two players" in third.text_content("#online .online-status")
    assert actions(host) == played[:2]
    # The guest opens the page again (its storage kept): it reconnects by itself.
    guest = context.new_page()
    guest.goto(online_site)
    online(guest, "playing")
    online(host, "playing")
    wait_actions(guest, 2)
    assert actions(guest) == played[:2]
    act(host, played[2])
    wait_actions(guest, 3)
    assert actions(host) == actions(guest) == played
