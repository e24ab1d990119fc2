"""Once two pages are connected they stop announcing on the relays: no Nostr event leaves
either page afterwards (but the host's one marker of the taken seat, as they connect),
however long the game goes on (Playwright's clock moves the pages' timers on by minutes: the
library's announcing runs on timers)."""

from __future__ import annotations

from online_helpers import act, invite, join, online, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)


def count_events(page, counts: dict, name: str) -> None:
    """Count the Nostr events (["EVENT", ...]) the page sends on its WebSockets."""
    counts[name] = 0

    def on_socket(socket):
        def sent(payload):
            if isinstance(payload, str) and payload.startswith('["EVENT"'):
                counts[name] += 1

        socket.on("framesent", sent)

    page.on("websocket", on_socket)


def test_connected_pages_stop_announcing(browser, online_site):
    counts = {}
    host = open_player(browser, online_site, clock=True)
    count_events(host, counts, "host")
    link = invite(host, colour="white")
    guest = join(browser, link, clock=True)
    count_events(guest, counts, "guest")  # (its sockets open after the press on Join)
    online(host, "playing")
    online(guest, "playing")
    played, _ = some_turns(3)
    act(host, played[0])
    wait_actions(guest, 1)
    assert counts["host"] > 0  # it announced while it waited: the count sees events
    host.evaluate("() => window.tzaar.online.session.seatMarked")  # (the one marker of the taken seat: seat-taken.js)
    before = dict(counts)
    for page in (host, guest):
        page.clock.run_for("05:00")  # five minutes of the library's timers
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    assert counts == before, f"events sent after the connection: {counts} (before: {before})"
