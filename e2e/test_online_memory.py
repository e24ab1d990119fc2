"""A peer cannot make a page hold memory: the network library's frames, sent raw by a modified
page, are bounded below the library's reassembly (sitebuild/trystero.patch).

Mallory has the invite's link and a page of her own: the page's own copy of the library, with
the data channel's frames recorded. While the host waits for its guest, she connects, sends
one ordinary message (an acknowledgement: the host's page ignores it, no game with her yet),
copies the library's header of it, and sends frames made from it, each kind up to ATTACK_BYTES (or until the host's page
drops her): chunks that never say "last", each under a new message number (nonce), whole
messages of an action type nobody listens to, single chunks far over the library's size,
frames for a room the host is not in, and room announcements under ever new names. The host's
tab is measured (Chrome DevTools Protocol: the JavaScript heap and the array buffers' backing
stores, after a garbage collection) before and after each: it must not grow by more than
GROWTH_BOUND, her page is dropped, the refusal is said, and the host's game is unchanged.
Before the patch each kind made the host's tab hold the whole ATTACK_BYTES (seen with each
kind first)."""

from __future__ import annotations

from online_helpers import actions, invite, open_bare, open_player
from relay import online_site, relay_url  # noqa: F401  (fixtures)

ATTACK_BYTES = 48 * 2**20
GROWTH_BOUND = 4 * 2**20

# Mallory's page: a fresh instance of the page's own library (a new query: another module),
# its data channel's frames recorded; she sends an acknowledgement and keeps the frame of it.
JOIN = """async ({room, secret, relay, instance}) => {
  if (!window.wire) {
    window.wire = {frames: []};
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
      if (typeof data !== 'string') window.wire.frames.push({channel: this, frame: new Uint8Array(data).slice()});
      return send.call(this, data);
    };
  }
  await window.wire.room?.leave();
  window.wire.frames = [];
  const lib = await import('./online/lib/trystero.js?mallory=' + instance);
  const joined = lib.joinRoom({appId: 'tzaar-in-the-browser', password: secret,
    relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []}}, room);
  window.wire.room = joined;
  const channel = joined.makeAction('tzaar');
  window.wire.joined = new Promise((resolve) => {
    joined.onPeerJoin = (peer) => {
      channel.send(JSON.stringify({t: 'ack', n: 0}), {target: peer})
        .then(() => resolve(true));
    };
  });
  channel.onMessage = () => null;
}"""

# Frames made from the recorded message: [1, token length (2), token, action type (32), nonce (2),
# tag, progress, payload]; tag bit 0 says "last". Sent as fast as the channel drains, up to
# `total` bytes or until the channel closes. Returns {sent, closed}.
ATTACK = """async ({kind, total}) => {
  const {channel, frame: hello} = window.wire.frames.find(({frame}) => frame[0] === 1 && new TextDecoder().decode(frame).includes('"ack"'));
  const tokenEnd = 3 + ((hello[1] << 8) | hello[2]);
  const header = hello.slice(0, tokenEnd + 36);
  const chunk = 16 * 1024 - 36;
  const frame = (i) => {
    if (kind === 'presence') {  // "I am in room <a new name>", each under another long name
      const name = new TextEncoder().encode(('room-' + i + '-').padEnd(4000, 'x'));
      const f = new Uint8Array(4 + name.length);
      f.set([2, 1, name.length >> 8, name.length & 255]);
      f.set(name, 4);
      return f;
    }
    const size = kind === 'huge' ? 200 * 1024 : chunk;
    const f = new Uint8Array(header.length + size).fill(120);
    f.set(header);
    const at = tokenEnd;  // the action chunk's header
    if (kind === 'type') {  // a whole JSON text: "xxx...", kept as a string in the heap
      f.set(new TextEncoder().encode(('t' + i).padEnd(32, '\\0')), at);
      f[header.length] = f[f.length - 1] = 34;
    }
    if (kind === 'room') f.set(new TextEncoder().encode(String(i).padStart(tokenEnd - 3, '0')), 3);
    const nonce = kind === 'nonces' ? i & 0xffff : 4242;
    f[at + 32] = nonce >> 8;
    f[at + 33] = nonce & 255;
    f[at + 34] = kind === 'type' ? 1 | 8 : 0;  // last and JSON (whole messages), or never last
    return f;
  };
  let sent = 0;
  for (let i = 0; sent < total && channel.readyState === 'open'; i += 1) {
    if (channel.bufferedAmount > 1024 * 1024) {
      await new Promise((resolve) => {
        channel.bufferedAmountLowThreshold = 256 * 1024;
        channel.addEventListener('bufferedamountlow', resolve, {once: true});
        channel.addEventListener('close', resolve, {once: true});
      });
      continue;
    }
    const f = frame(i);
    try { channel.send(f); } catch { break; }
    sent += f.length;
  }
  if (channel.readyState === 'open') await new Promise((resolve) => setTimeout(resolve, 500));  // what is in flight lands
  return {sent, closed: channel.readyState !== 'open'};
}"""

KINDS = ["chunks", "nonces", "type", "huge", "room", "presence"]


def held(cdp) -> int:
    """The tab's JavaScript memory after a garbage collection: heap plus array buffers."""
    cdp.send("HeapProfiler.collectGarbage")
    usage = cdp.send("Runtime.getHeapUsage")
    return usage["usedSize"] + usage.get("backingStorageSize", 0)


def test_frames_that_never_end_cannot_fill_the_page(browser, online_site, relay_url):
    host = open_player(browser, online_site)
    link = invite(host, colour="white")
    room, secret = link.split("#online=")[1].split(".")
    mallory = open_bare(browser, online_site)  # (the library alone: no game, no engine)
    cdp = host.context.new_cdp_session(host)
    for number, kind in enumerate(KINDS, start=1):
        mallory.evaluate(JOIN, {"room": room, "secret": secret, "relay": relay_url, "instance": number})
        mallory.evaluate("() => window.wire.joined")
        before = held(cdp)
        result = mallory.evaluate(ATTACK, {"kind": kind, "total": ATTACK_BYTES})
        growth = held(cdp) - before
        assert growth < GROWTH_BOUND, f"{kind}: the host's tab grew by {growth / 2**20:.1f} MB ({result['sent'] / 2**20:.1f} MB sent)"
        assert result["closed"], f"{kind}: Mallory's page was not dropped ({result['sent'] / 2**20:.1f} MB sent)"
        host.wait_for_function("([n]) => window.tzaar.online.session.refusal?.why === 'bulk' && window.tzaar.online.session.refusal.n === n", arg=[number])
        assert "far more data than a game needs" in host.text_content("#online .online-alert")
    # The host still waits for its guest, its game as it was.
    assert host.get_attribute("html", "data-online") == "waiting"
    assert actions(host) == []
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
