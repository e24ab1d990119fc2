"""Online play between two browser contexts over the local relay (e2e/relay.py): an invite
made and accepted, actions both ways, resign and rematch, a third page refused."""

from __future__ import annotations

from online_helpers import act, actions, invite, join, online, open_player, play_pair, some_turns, wait_actions
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
