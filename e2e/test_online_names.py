"""Names and texts from a modified page: a guest's hello, a host's start and a friend's chat
that hide or turn their text (a right-to-left override, a zero-width space) are refused and
said, as the lobby refuses such names (e2e/test_lobby.py); an honest page's game is unchanged
and shows only what the other page really wrote."""

from __future__ import annotations

import json

from online_helpers import JOIN_ROOM, actions, invite, online, open_bare, open_player
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The modified page speaks through the network library directly (the page's own bundle): it
# joins `room` as `role` with a seat of its own, says hello as `name` and proves its seat; as
# the host it sends `start` (the game given) once the guest proved its own.
MODIFIED = """async ({room, secret, relay, role, name, start}) => {
""" + JOIN_ROOM + """  const send = (data) => channel.send(data, {target: window.modified.peer});
  let theirs = null; // the other page's latest challenge
  const prove = async () => send(JSON.stringify({t: 'proof', sig: await seat.prove(mine.key, {room, role, challenge: theirs})}));
  const hello = async (name) => {
    send(JSON.stringify({t: 'hello', v: 2, role, key: mine.me, nonce: seat.newChallenge(), name}));
    if (theirs) await prove();
  };
  window.modified = {got: [], send, hello};
  channel.onMessage = async (data) => {
    window.modified.got.push(data);
    const message = JSON.parse(data);
    if (message.t === 'hello') { theirs = message.nonce; await prove(); }
    if (start && message.t === 'proof') send(JSON.stringify({t: 'start', game: start}));
  };
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


def wait_refused(page, why: str, count: int) -> None:
    page.wait_for_function("([why, n]) => { const r = window.tzaar.online?.session?.refusal; return r && r.why === why && r.n === n; }", arg=[why, count])
    page.wait_for_selector("#online .online-alert:not([hidden])")
    assert "was refused (not a message of this game)" in page.text_content("#online .online-alert")


def test_a_turned_or_hidden_name_or_text_is_refused_and_said(browser, online_site, relay_url):
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
