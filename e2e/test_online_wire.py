"""The transport's small faults, each seen by a player: after a reconnection a page closed for
good is noticed at once (it took 11 to 13 s, against a fraction of a second the first time),
an ordinary drop logs no error in the other page's console, and Cancel closes the page's
sockets to the relays (one stayed open over a minute)."""

from __future__ import annotations

import time

from online_helpers import SOCKETS, invite, online, open_player, play_pair
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The epoch ms at which <html data-online> last became each status.
SINCE = """() => {
  window.became = {};
  new MutationObserver(() => { window.became[document.documentElement.dataset.online] ??= performance.timeOrigin + performance.now(); })
    .observe(document.documentElement, {attributes: true, attributeFilter: ["data-online"]});
}"""
NOTICED_WITHIN_MS = 3000


def test_a_page_closed_after_a_reconnection_is_noticed_at_once_and_drops_log_no_error(browser, online_site):
    host, guest = play_pair(browser, online_site)
    errors = []
    host.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    # The guest's connection drops (as a network failure would), and comes back.
    guest.evaluate("() => window.tzaar.online.session.dropConnection()")
    online(host, "disconnected")
    online(host, "playing")
    online(guest, "playing")
    # The guest closes its page, and opens it again: the game comes back by itself.
    context = guest.context
    guest.close()
    online(host, "disconnected")
    guest = context.new_page()
    guest.goto(online_site)
    online(host, "playing")
    online(guest, "playing")
    # It closes it again (no press on it this time): the host sees it gone at once.
    host.evaluate(SINCE)
    closed = time.time() * 1000
    guest.close()
    online(host, "disconnected")
    late = host.evaluate("() => window.became.disconnected") - closed
    assert late < NOTICED_WITHIN_MS, f"the closed page was noticed {late:.0f} ms late"
    assert errors == []


def test_cancel_closes_every_socket_to_the_relays(browser, online_site):
    host = open_player(browser, online_site, init=SOCKETS)
    invite(host)
    host.wait_for_function("() => window.sockets.some((s) => s.readyState === WebSocket.OPEN)")
    host.click("#online-cancel")
    host.wait_for_selector("html:not([data-online])", state="attached")
    host.wait_for_function("() => window.sockets.every((s) => s.readyState === WebSocket.CLOSED)", timeout=10_000)
