"""A hostile peer: a page that has the invite's link and joins as the guest, then sends an
out-of-turn action, an illegal one, a malformed message, an oversized one, a flood, and a
text made to look like HTML. Each is refused and said on the host's page; the host's game
stays as it was; nothing received is run or inserted as HTML."""

from __future__ import annotations

import json

from online_helpers import JOIN_ROOM, act, actions, invite, online, open_bare, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The hostile page speaks through the network library directly (the page's own bundle); it
# takes the free seat as any guest does: a key of its own, the host's challenge signed.
HOSTILE = """async ({room, secret, relay}) => {
""" + JOIN_ROOM + """  window.hostile = {got: [], send: (data) => channel.send(data, {target: window.hostile.peer})};
  channel.onMessage = async (data) => {
    window.hostile.got.push(data);
    const message = JSON.parse(data);
    if (message.t === 'hello') window.hostile.send(JSON.stringify({t: 'proof', sig: await seat.prove(mine.key, {room, role: 'guest', challenge: message.nonce})}));
  };
  joined.onPeerJoin = (peer) => {
    window.hostile.peer = peer;
    channel.send(JSON.stringify({t: 'hello', v: 2, role: 'guest', key: mine.me, nonce: seat.newChallenge(), name: 'Mallory'}), {target: peer});
  };
}"""


def refused(host, why: str, count: int) -> None:
    """Wait for the host's page to refuse message number `count` because of `why`, and say so."""
    host.wait_for_function("([why, n]) => { const r = window.tzaar.online.session.refusal; return r && r.why === why && r.n === n; }", arg=[why, count])
    host.wait_for_selector("#online .online-alert:not([hidden])")


def test_a_hostile_peer_is_refused_and_both_games_stay(browser, online_site, relay_url):
    host = open_player(browser, online_site)
    link = invite(host, colour="white")
    room, secret = link.split("#online=")[1].split(".")
    mallory = open_bare(browser, online_site)  # (the library alone: no game, no engine)
    mallory.evaluate(HOSTILE, {"room": room, "secret": secret, "relay": relay_url})
    online(host, "playing")
    mallory.wait_for_function("() => window.hostile.got.some((m) => JSON.parse(m).t === 'start')")
    send = lambda data: mallory.evaluate("(data) => window.hostile.send(data)", data)  # noqa: E731
    played, _ = some_turns(1)

    # Out of turn: White (the host) is to move, and Mallory plays Black.
    send(json.dumps({"t": "act", "n": 0, "a": played[0]}))
    refused(host, "turn", 1)
    assert "not their turn" in host.text_content("#online .online-alert")
    assert actions(host) == []
    act(host, played[0])
    wait_actions(host, 1)

    # Illegal: Black's turn now, but no stack of Black's moves from A1 to I5.
    send(json.dumps({"t": "act", "n": 1, "a": "A1xI5"}))
    refused(host, "illegal", 2)
    # Malformed: not JSON, then JSON of the wrong shape.
    send("{not json")
    refused(host, "json", 3)
    send(json.dumps({"t": "act", "n": "one", "a": "C5xC4"}))
    refused(host, "shape", 4)
    send(json.dumps({"t": "run", "code": "alert(1)"}))
    refused(host, "shape", 5)
    # Oversized.
    send("x" * 20000)
    refused(host, "size", 6)
    # Text that looks like HTML is shown as text (a friend's game: free text is allowed).
    send(json.dumps({"t": "chat", "text": '<img src=x id="injected">'}))
    host.wait_for_selector("#online .online-chats li")
    assert host.locator("#injected").count() == 0
    assert '<img src=x id="injected">' in host.text_content("#online .online-chats")
    # A take-back out of place: Black has played no turn to take back, and White offered none.
    send(json.dumps({"t": "undo", "n": 1}))
    refused(host, "undo", 7)
    assert "a take-back out of place" in host.text_content("#online .online-alert")
    assert host.is_hidden("#online-undo-accept")
    send(json.dumps({"t": "undoAccept", "n": 1}))
    refused(host, "undo", 8)
    assert actions(host) == played[:1]
    # A flood: far more messages than the limit lets through.
    mallory.evaluate("() => { for (let i = 0; i < 200; i += 1) window.hostile.send(JSON.stringify({t: 'ack', n: 1})); }")
    host.wait_for_function("() => window.tzaar.online.session.refusal.why === 'flood'")
    assert "too many messages" in host.text_content("#online .online-alert")

    # Through all of it the host's game is as it was, and still its own.
    assert actions(host) == played[:1]
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    assert host.get_attribute("html", "data-online") == "playing"
