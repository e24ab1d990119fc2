"""Drops, reloads and the transport's small faults, on one pair of pages playing one game:
Cancel closes the page's sockets to the relays (one stayed open over a minute); once two
pages are connected they stop announcing on the relays (Playwright's clock moves the pages'
timers on by minutes: the library's announcing runs on timers); a connection
dropped between a turn's two actions comes back by itself and loses nothing, and logs no
error in the other page's console; a page closed and opened again (its storage kept) comes
back to the same game by itself, while a third page that opens the invite is refused; closed
once more after that reconnection, it is noticed at once (it took 11 to 13 s, against a
fraction of a second the first time); gone for good, it loses when the other claims the win,
and every layer of the page says so ("White left the game")."""

from __future__ import annotations

from helpers import open_records
from online_helpers import SOCKETS, act, actions, invite, join, online, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The panel at the moment <html data-online> first became "disconnected" (the pages may be back
# before the test reads it): its status text, and whether the win could be claimed.
PANEL_WHEN_GONE = """() => {
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.online !== "disconnected") return;
    const claim = document.querySelector("#online-claim");
    window.panelWhenGone = {status: document.querySelector("#online .online-status").textContent, countdown: claim.checkVisibility(), claimable: !claim.disabled};
    observer.disconnect();
  }).observe(document.documentElement, {attributes: true, attributeFilter: ["data-online"]});
}"""
# The page's time (Date.now(): Playwright's clock, which flows) at which <html data-online>
# first became each status from now on.
SINCE = """() => {
  window.became = {};
  new MutationObserver(() => { window.became[document.documentElement.dataset.online] ??= Date.now(); })
    .observe(document.documentElement, {attributes: true, attributeFilter: ["data-online"]});
}"""
NOTICED_WITHIN_MS = 3000


def count_events(page, counts: dict, name: str) -> None:
    """Count the Nostr events (["EVENT", ...]) the page sends on its WebSockets."""
    counts[name] = 0

    def on_socket(socket):
        def sent(payload):
            if isinstance(payload, str) and payload.startswith('["EVENT"'):
                counts[name] += 1

        socket.on("framesent", sent)

    page.on("websocket", on_socket)


def test_quiet_drops_a_reload_a_third_page_a_closed_page_noticed_and_a_win_claimed(browser, online_site):
    # Both pages run under Playwright's clock: the test moves their timers on by minutes, and
    # the host's (Black's) by the minute of waiting for a player gone, at the end.
    counts = {}
    host = open_player(browser, online_site, clock=True, init=SOCKETS)
    count_events(host, counts, "host")

    # Cancel closes every socket to the relays.
    invite(host)
    host.wait_for_function("() => window.sockets.some((s) => s.readyState === WebSocket.OPEN)")
    host.click("#online-cancel")
    host.wait_for_selector("html:not([data-online])", state="attached")
    host.wait_for_function("() => window.sockets.every((s) => s.readyState === WebSocket.CLOSED)", timeout=10_000)

    # Another invite, taken: the guest plays White.
    guest = join(browser, invite(host, colour="black"), clock=True)
    count_events(guest, counts, "guest")  # (its sockets open after the press on Join)
    online(host, "playing")
    online(guest, "playing")
    errors = []
    host.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    played, _ = some_turns(7)
    act(guest, played[0])
    wait_actions(host, 1)

    # Once connected the pages stop announcing on the relays: no Nostr event leaves either page
    # (but the host's one marker of the taken seat, as they connect), however long the game goes on.
    assert counts["host"] > 0  # it announced while it waited: the count sees events
    host.evaluate("() => window.tzaar.online.session.seatMarked")  # (the one marker of the taken seat: seat-taken.js)
    before = dict(counts)
    for page in (host, guest):
        page.clock.run_for("05:00")  # five minutes of the library's timers
    act(host, played[1])
    act(host, played[2])
    wait_actions(guest, 3)
    assert counts == before, f"events sent after the connection: {counts} (before: {before})"
    act(guest, played[3])  # White's first action of its turn
    wait_actions(host, 4)

    # The guest's connection drops (as a network failure would): the host sees its opponent
    # gone, with the countdown.
    host.evaluate(PANEL_WHEN_GONE)
    guest.evaluate("() => window.tzaar.online.session.dropConnection()")
    online(host, "disconnected")
    gone = host.evaluate("() => window.panelWhenGone")
    assert "disconnected" in gone["status"]
    assert gone["countdown"] and not gone["claimable"]  # the win may not be claimed yet
    # Meanwhile the guest plays the second action of its turn: it arrives once they are back.
    act(guest, played[4])
    online(host, "playing")
    online(guest, "playing")
    wait_actions(host, 5)
    act(host, played[5])
    wait_actions(guest, 6)
    assert actions(host) == actions(guest) == played[:6]

    # The guest closes its page: the host waits, and its room is open again meanwhile.
    context = guest.context
    guest.close()
    online(host, "disconnected")
    link = host.evaluate("() => location.origin + location.pathname + '#online=' + window.tzaar.online.session.record.room + '.' + window.tzaar.online.session.record.secret")
    third = join(browser, link, name="Eve")
    online(third, "refused")
    assert "already has two players" in third.text_content("#online .online-status")
    assert actions(host) == played[:6]
    # The guest opens the page again (its storage kept): it reconnects by itself.
    guest = context.new_page()
    guest.goto(online_site)
    online(guest, "playing")
    online(host, "playing")
    wait_actions(guest, 6)
    assert actions(guest) == played[:6]
    act(host, played[6])
    wait_actions(guest, 7)
    assert actions(host) == actions(guest) == played

    # It closes it again (no press on it this time): the host sees it gone at once. No drop
    # so far logged an error in the host's console.
    host.evaluate(SINCE)
    closed = host.evaluate("() => Date.now()")
    guest.close()
    online(host, "disconnected")
    late = host.evaluate("() => window.became.disconnected") - closed
    assert late < NOTICED_WITHIN_MS, f"the closed page was noticed {late:.0f} ms late"
    assert errors == []

    # The guest, White, has left for good: the minute of waiting passes, and the host claims the win.
    host.wait_for_selector("#online-claim[disabled]")
    host.clock.run_for("01:01")
    host.click("#online-claim:not([disabled])")
    online(host, "ended")
    # The board, its result box and move list say who left; the save and Your games keep it.
    assert host.evaluate("() => window.tzaar.state.end") == {"reason": "abandoned", "loser": "white"}
    host.wait_for_selector("#result:not([hidden])")
    assert host.inner_text("#result .result-reason") == "White left the game"
    assert host.get_attribute("#result", "data-winner") == "black"
    assert host.inner_text("#history .moves-end") == "White left the game"
    host.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    [g] = host.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games'))")
    assert (g["result"], g["end"]) == ("won", {"reason": "abandoned", "loser": "white"})
    # Its record says so, in both formats.
    dialog = open_records(host)
    assert "Result: Black wins (White left the game)" in dialog.locator("#record-text").input_value()
    dialog.locator("#record-format").select_option("littlegolem")
    host.wait_for_function("() => document.querySelector('#record-text').value.includes('RE[B+F]')")
    dialog.locator('button[value="close"]').click()
    # Leaving the online game, the board keeps the game with its end, and so does its save.
    host.click("#online-leave")
    host.wait_for_selector("html:not([data-online])", state="attached")
    host.wait_for_function("() => window.tzaar.state.setup === 'link' && !window.tzaar.state.busy")
    assert host.evaluate("() => window.tzaar.state.end") == {"reason": "abandoned", "loser": "white"}
    assert host.inner_text("#history .moves-end") == "White left the game"
