"""A pair of pages with no direct path between them plays through the relays: one page's
WebRTC is forced to relay candidates only, with no TURN server (no candidate at all), as two
phones behind carrier-grade NAT. Before the relay path both pages stayed "waiting" for good;
now the game goes on as Nostr events on the relays (web/online/relay-path.js): actions both
ways, the clocks, a drop and a reconnection; and when a direct connection opens later, the
game moves to it, and the pages close their sockets to the relays."""

from __future__ import annotations

from online_helpers import NO_DIRECT_PATH, SOCKETS, act, actions, invite, join, online, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

STATUSES = """() => {
  window.statuses = [];
  new MutationObserver(() => window.statuses.push(document.documentElement.dataset.online))
    .observe(document.documentElement, {attributes: true, attributeFilter: ["data-online"]});
}"""
RUNNING = '#online .clock[data-side="{}"][data-running="true"]'
RELAYED = "through the relays"


def test_a_pair_with_no_direct_path_plays_through_the_relays(browser, online_site):
    host = open_player(browser, online_site, init=SOCKETS)
    guest = join(browser, invite(host, colour="white", clock="3+2"), init=NO_DIRECT_PATH + SOCKETS)
    online(host, "playing")
    online(guest, "playing")
    for page in (host, guest):
        assert RELAYED in page.text_content("#online .online-status")
        page.wait_for_selector(RUNNING.format("white"))
    played, _ = some_turns(10)
    act(host, played[0])
    wait_actions(guest, 1)
    for page in (host, guest):  # the clock switched on both boards
        page.wait_for_selector(RUNNING.format("black"))
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    # The guest's connection drops: the host sees it gone; both come back through the relays.
    guest.evaluate("() => window.tzaar.online.session.dropConnection()")
    online(host, "disconnected")
    act(host, played[3])  # played meanwhile: it arrives once they are back
    online(host, "playing")
    online(guest, "playing")
    wait_actions(guest, 4)
    act(host, played[4])
    wait_actions(guest, 5)
    act(guest, played[5])
    act(guest, played[6])
    wait_actions(host, 7)
    for page in (host, guest):
        page.wait_for_selector(RUNNING.format("white"))
        assert RELAYED in page.text_content("#online .online-status")
    # The guest's network lets a direct connection through now, and the browser says it is
    # online again: the game moves to the direct connection, and goes on.
    for page in (host, guest):  # (every status the page shows from now on)
        page.evaluate(STATUSES)
    guest.evaluate("() => { window.directPath = true; window.dispatchEvent(new Event('online')); }")
    for page in (host, guest):
        page.wait_for_function("() => !window.tzaar.online.session.relayed")
        assert RELAYED not in page.text_content("#online .online-status")
    act(host, played[7])
    act(host, played[8])
    wait_actions(guest, 9)
    act(guest, played[9])
    wait_actions(host, 10)
    assert actions(host) == actions(guest) == played
    for page in (host, guest):  # moved, not reconnected: never "disconnected" meanwhile
        assert set(page.evaluate("() => window.statuses")) <= {"playing"}
        assert page.get_attribute("html", "data-online") == "playing"
        # and the relays carry nothing more: every socket to them is closed
        page.wait_for_function("() => window.sockets.length > 0 && window.sockets.every((s) => s.readyState === WebSocket.CLOSED)")
