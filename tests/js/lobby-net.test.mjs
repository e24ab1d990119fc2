// web/online/lobby-net.js: the lobby's messages over Nostr relays, with fake sockets and a fake
// Trystero (createEvent, subscribe): a subscription on each relay as it opens, a message
// published to every open relay (queued while none is), copies from several relays given once,
// relays' other messages and foreign events dropped, a closed relay tried again, close() final.
import { test } from "node:test";
import assert from "node:assert/strict";

import { connectLobby, eventOf, TOPIC } from "../../web/online/lobby-net.js";

class FakeSocket extends EventTarget {
  static all = [];
  constructor(url) {
    super();
    if (!url.startsWith("ws")) throw new SyntaxError("not a WebSocket URL");
    this.url = url;
    this.sent = [];
    this.closed = false;
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event("open"));
  }
  receive(data) {
    const event = new Event("message");
    event.data = data;
    this.dispatchEvent(event);
  }
  drop() {
    this.dispatchEvent(new Event("close"));
  }
}

let serial = 0;
const nostr = {
  subscribe: (id, topic) => JSON.stringify(["REQ", id, { "#x": [topic] }]),
  createEvent: async (topic, content) => JSON.stringify(["EVENT", { id: `e${++serial}`, pubkey: "p1", kind: 20001, tags: [["x", topic]], content }]),
};
const relayEvent = (sub, id, content, { pubkey = "p2", topic = TOPIC } = {}) => JSON.stringify(["EVENT", sub, { id, pubkey, kind: 20001, tags: [["x", topic]], content }]);

test("published to every open relay, queued while none is; subscribed on each as it opens", async () => {
  FakeSocket.all = [];
  const got = [];
  const net = connectLobby({ relays: ["ws://a", "ws://b", "nonsense"], nostr, onMessage: (text, sender) => got.push([text, sender]), Socket: FakeSocket });
  const [a, b] = FakeSocket.all;
  assert.equal(FakeSocket.all.length, 2, "an address that is not a WebSocket's is left out");
  assert.equal(net.connected, false);
  await net.publish("first");
  a.open();
  assert.equal(net.connected, true);
  const sub = JSON.parse(a.sent[0])[1];
  assert.equal(JSON.parse(a.sent[0])[0], "REQ");
  assert.equal(JSON.parse(a.sent[1])[1].content, "first", "the queue goes out on the first relay open");
  b.open();
  await net.publish("second");
  assert.equal(JSON.parse(a.sent.at(-1))[1].content, "second");
  assert.equal(JSON.parse(b.sent.at(-1))[1].content, "second");
  // the same event from both relays: once
  a.receive(relayEvent(sub, "x1", "hello"));
  b.receive(relayEvent(sub, "x1", "hello"));
  // not ours: another subscription, another topic, junk, a notice
  a.receive(relayEvent("other", "x2", "no"));
  a.receive(relayEvent(sub, "x3", "no", { topic: "elsewhere" }));
  for (const junk of ["{", "[]", '["NOTICE","slow down"]', '["EOSE","' + sub + '"]', '["EVENT","' + sub + '",null]', "x".repeat(10_000)]) a.receive(junk);
  assert.deepEqual(got, [["hello", "p2"]]);
  net.close();
  assert.ok(a.closed && b.closed);
  assert.equal(JSON.parse(a.sent.at(-1))[0], "CLOSE");
});

test("a relay that closes is tried again, until close()", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  FakeSocket.all = [];
  const states = [];
  const net = connectLobby({ relays: ["ws://a"], nostr, onMessage() {}, onStatus: (n) => states.push(n), Socket: FakeSocket });
  FakeSocket.all[0].open();
  FakeSocket.all[0].drop();
  assert.deepEqual(states, [1, 0]);
  t.mock.timers.tick(2_000);
  assert.equal(FakeSocket.all.length, 2, "connected again after 2 s");
  FakeSocket.all[1].drop();
  t.mock.timers.tick(2_000);
  assert.equal(FakeSocket.all.length, 2, "then after 4 s");
  t.mock.timers.tick(2_000);
  assert.equal(FakeSocket.all.length, 3);
  net.close();
  FakeSocket.all[2].drop();
  t.mock.timers.tick(120_000);
  assert.equal(FakeSocket.all.length, 3, "not after close()");
});

test("eventOf reads only our subscription's events of the lobby's topic", () => {
  assert.deepEqual(eventOf(relayEvent("s", "i", "c"), "s"), { id: "i", text: "c", sender: "p2" });
  assert.equal(eventOf(relayEvent("s", "i", "c"), "t"), null);
  assert.equal(eventOf(JSON.stringify(["EVENT", "s", { id: "i", pubkey: "p", tags: [["x", TOPIC]], content: 5 }]), "s"), null);
});
