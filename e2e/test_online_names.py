"""A modified page, speaking through the network library directly: names and texts that hide
or turn their text (a right-to-left override, a zero-width space) in a guest's hello, a host's
start and a friend's chat are refused and said, as the lobby refuses such names
(e2e/test_lobby.py); and a hostile guest (it has the invite's link and takes the free seat)
sends an out-of-turn action, an illegal one, a malformed message, an oversized one, a flood,
and a text made to look like HTML: each is refused and said on the host's page. An honest
page's game is unchanged, shows only what the other page really wrote, and nothing received
is run or inserted as HTML."""

from __future__ import annotations

import json

from online_helpers import JOIN_ROOM, act, actions, invite, online, open_bare, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The modified page speaks through the network library directly (the page's own bundle): it
# joins `room` as `role` with a seat of its own, says hello as `name` and proves its seat (both
# keys of the connection signed); what follows goes sealed with the connection's channel
# (web/online/sealed.js). As the host it sends `start` (the game given) once the guest proved its own.
MODIFIED = """async ({room, secret, relay, role, name, start}) => {
""" + JOIN_ROOM + """  const sealed = await import('./online/sealed.js');
  const ours = await sealed.connectionKeys();
  let theirs = null; // the other page's key of the connection
  let box = null; // the channel, once both keys are known
  const keys = () => (role === 'host' ? {host: ours.publicKey, guest: theirs} : {host: theirs, guest: ours.publicKey});
  const clear = (data) => channel.send(data, {target: window.modified.peer});
  let outbox = Promise.resolve(); // (sealed in order, sent in order)
  const send = (data) => (outbox = outbox.then(async () => clear(JSON.stringify(await box.seal(data)))));
  const prove = async () => clear(JSON.stringify({t: 'proof', sig: await seat.prove(mine.key, {room, role, keys: keys()})}));
  const hello = async (name) => {
    clear(JSON.stringify({t: 'hello', v: 3, role, key: mine.me, ecdh: ours.publicKey, name}));
    if (theirs) await prove();
  };
  window.modified = {got: [], send, hello};
  let inbox = Promise.resolve();
  channel.onMessage = (data) => (inbox = inbox.then(async () => {
    const message = JSON.parse(data);
    window.modified.got.push(message.t === 'sealed' ? await box.open(message) : data);
    if (message.t === 'hello') {
      theirs = message.ecdh;
      box = await sealed.openChannel({privateKey: ours.privateKey, keys: keys(), role, room});
      await prove();
    }
    if (start && message.t === 'proof') await send(JSON.stringify({t: 'start', game: start}));
  }));
  joined.onPeerJoin = (peer) => {
    window.modified.peer = peer;
    hello(name);
  };
}"""

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"
TURNED = "x\u202eyrolaM"  # shows as "xMalory"
HIDDEN = "Ann\u200b"  # an invisible character after a real player's name


def modified_page(browser, url: str, relay: str, **joining):
    """A page of the site's origin that joins a room through the library alone (no game, no
    engine to wait for): `joining` is MODIFIED's room, secret, role, name and start."""
    page = open_bare(browser, url)
    page.evaluate(MODIFIED, {"relay": relay, **joining})
    return page


OFFSET = 3  # the refusals of names and texts before the other hostile messages


def refused(host, why: str, count: int) -> None:
    """Wait for the host's page to refuse message number `count` because of `why`, and say so."""
    host.wait_for_function("([why, n]) => { const r = window.tzaar.online.session.refusal; return r && r.why === why && r.n === n; }", arg=[why, count])
    host.wait_for_selector("#online .online-alert:not([hidden])")


def wait_refused(page, why: str, count: int) -> None:
    page.wait_for_function("([why, n]) => { const r = window.tzaar.online?.session?.refusal; return r && r.why === why && r.n === n; }", arg=[why, count])
    page.wait_for_selector("#online .online-alert:not([hidden])")
    assert "was refused (not a message of this game)" in page.text_content("#online .online-alert")


def test_a_turned_or_hidden_name_or_text_and_a_hostile_peer_are_refused_and_said(browser, online_site, relay_url):
    # A guest's hello with a turned name: refused; the host waits on, and shows no such name.
    host = open_player(browser, online_site)
    link = invite(host, colour="white")
    room, secret = link.split("#online=")[1].split(".")
    mallory = modified_page(browser, online_site, relay_url, room=room, secret=secret, role="guest", name=TURNED, start=None)
    wait_refused(host, "shape", 1)
    assert host.get_attribute("html", "data-online") == "waiting"
    assert host.evaluate("() => window.tzaar.online.session.record.them") is None
    # The same page says hello with its real name: the game starts, as with any guest.
    mallory.evaluate("() => window.modified.hello('Mallory')")
    online(host, "playing")
    assert "Playing online against Mallory." in host.text_content("#online .online-status")
    # A friend's text with a zero-width space, then with an override: refused, nothing shown.
    mallory.evaluate("() => window.modified.send(JSON.stringify({t: 'chat', text: 'gg\\u200b'}))")
    wait_refused(host, "shape", 2)
    mallory.evaluate("() => window.modified.send(JSON.stringify({t: 'chat', text: 'I resign \\u202enot'}))")
    wait_refused(host, "shape", 3)
    assert host.locator("#online .online-chats li").count() == 0
    assert actions(host) == [] and host.get_attribute("html", "data-online") == "playing"

    # The same guest's other hostile messages: out of turn, illegal, malformed, oversized, a
    # text that looks like HTML, a take-back out of place, a flood. Each is refused and said
    # (counted on from the three refusals above); the host's game stays as it was; nothing
    # received is run or inserted as HTML.
    mallory.wait_for_function("() => window.modified.got.some((m) => JSON.parse(m).t === 'start')")
    send = lambda data: mallory.evaluate("(data) => window.modified.send(data)", data)  # noqa: E731
    played, _ = some_turns(1)
    # Out of turn: White (the host) is to move, and Mallory plays Black.
    send(json.dumps({"t": "act", "n": 0, "a": played[0]}))
    refused(host, "turn", OFFSET + 1)
    assert "not their turn" in host.text_content("#online .online-alert")
    assert actions(host) == []
    act(host, played[0])
    wait_actions(host, 1)

    # Illegal: Black's turn now, but no stack of Black's moves from A1 to I5.
    send(json.dumps({"t": "act", "n": 1, "a": "A1xI5"}))
    refused(host, "illegal", OFFSET + 2)
    # Malformed: not JSON, then JSON of the wrong shape.
    send("{not json")
    refused(host, "json", OFFSET + 3)
    send(json.dumps({"t": "act", "n": "one", "a": "C5xC4"}))
    refused(host, "shape", OFFSET + 4)
    send(json.dumps({"t": "run", "code": "alert(1)"}))
    refused(host, "shape", OFFSET + 5)
    # Oversized.
    send("x" * 20000)
    refused(host, "size", OFFSET + 6)
    # Text that looks like HTML is shown as text (a friend's game: free text is allowed).
    send(json.dumps({"t": "chat", "text": '<img src=x id="injected">'}))
    host.wait_for_selector("#online .online-chats li")
    assert host.locator("#injected").count() == 0
    assert '<img src=x id="injected">' in host.text_content("#online .online-chats")
    # A take-back out of place: Black has played no turn to take back, and White offered none.
    send(json.dumps({"t": "undo", "n": 1}))
    refused(host, "undo", OFFSET + 7)
    assert "a take-back out of place" in host.text_content("#online .online-alert")
    assert host.is_hidden("#online-undo-accept")
    send(json.dumps({"t": "undoAccept", "n": 1}))
    refused(host, "undo", OFFSET + 8)
    assert actions(host) == played[:1]
    # A flood: far more messages than the limit lets through.
    mallory.evaluate("() => { for (let i = 0; i < 200; i += 1) window.modified.send(JSON.stringify({t: 'ack', n: 1})); }")
    host.wait_for_function("() => window.tzaar.online.session.refusal.why === 'flood'")
    assert "too many messages" in host.text_content("#online .online-alert")

    # Through all of it the host's game is as it was, and still its own.
    assert actions(host) == played[:1]
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    assert host.get_attribute("html", "data-online") == "playing"

    # A host whose start names it with a hidden character: the guest refuses the game.
    mallory.context.close()
    room, secret = "modifiedroom0123456", "modifiedsecret0123456789"
    game = {"start": STANDARD, "white": "host", "clock": None, "names": {"host": HIDDEN, "guest": "Bob"}, "round": 1}
    mallory = modified_page(browser, online_site, relay_url, room=room, secret=secret, role="host", name="Mallory", start=game)
    guest = open_player(browser, online_site, f"#online={room}.{secret}")
    guest.wait_for_selector("#online-join")
    guest.fill("#online-name", "Bob")
    guest.click("#online-join")
    wait_refused(guest, "shape", 1)
    assert guest.evaluate("() => window.tzaar.online.session.record.game") is None
    assert guest.evaluate("() => window.tzaar.state.setup") != "online"
    assert json.loads(mallory.evaluate("() => window.modified.got[0]"))["name"] == "Bob"
