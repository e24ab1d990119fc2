// web/online/signal.js, the lobby's messages from the relays: an event is handed on only when
// its id is its content's and its Schnorr signature its author's (a relay cannot forge an
// author, change a message, or pass one under another's key), once, in the order it came, with
// its author as the sender; the signatures checked within a budget (a flood of fresh keys
// waits, then is dropped: it cannot take the CPU); the page's own key known (signal.author).
// The relays are sockets in memory; the library is library.js's, its signatures
// @noble/secp256k1's (the one bundled with Trystero).
import { test } from "node:test";
import assert from "node:assert/strict";

import { schnorr } from "../../node_modules/@noble/secp256k1/index.js";
import { signedEvent, eventId, toHex } from "../../web/online/relay-crypto.js";
import { openSignal, VERIFY } from "../../web/online/signal.js";

const TOPIC = "tzaar-lobby-v1";
const KIND = 21234;

function nostrKey() {
  const { secretKey, publicKey } = schnorr.keygen();
  return { pubkey: toHex(publicKey), sign: (id) => schnorr.signAsync(id, secretKey) };
}

/** A library as library.js gives it (Trystero's createEvent and subscribe, the Schnorr
 * signatures) with a key of its own; `verify`: another Schnorr check. */
function library(key = nostrKey(), verify = null) {
  return async () => ({
    schnorr: verify ? { verifyAsync: verify } : schnorr,
    createEvent: async (topic, content) => JSON.stringify(["EVENT", await signedEvent(key, { kind: KIND, topic, content })]),
    subscribe: (id, topic) => JSON.stringify(["REQ", id, { kinds: [KIND], since: 0, "#x": [topic] }]),
  });
}

/** A relay's socket in memory: open at once; `deliver(event)` sends it an event of the subscription. */
function relays() {
  const sockets = [];
  class Socket extends EventTarget {
    constructor(url) {
      super();
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.dispatchEvent(new Event("open"));
      });
    }
    send(text) {
      this.sent.push(text);
    }
    close() {
      this.readyState = 3;
    }
    deliver(event) {
      const sub = JSON.parse(this.sent.find((text) => text.startsWith('["REQ"')))[1];
      this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(["EVENT", sub, event]) }));
    }
  }
  return { Socket, sockets };
}

/** A signal over two relays in memory, subscribed to TOPIC: {signal, sockets, heard: [[data, from]]}. */
async function open(options = {}) {
  const { Socket, sockets } = relays();
  const signal = await openSignal({ relays: ["wss://one.example", "wss://two.example"] }, { WebSocketClass: Socket, library: library(), ...options });
  const heard = [];
  signal.subscribe(TOPIC, (data, from, text) => heard.push([data, from, text]));
  return { signal, sockets, heard };
}

/** Until `heard` holds `count` messages (or fails after 5 s). */
async function until(heard, count) {
  for (const end = Date.now() + 5000; heard.length < count; ) {
    assert.ok(Date.now() < end, `${heard.length} heard, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const event = (key, content, { topic = TOPIC, kind = KIND } = {}) => signedEvent(key, { kind, topic, content: JSON.stringify(content) });

test("an event is handed on once, its author the sender, only when its id and signature hold", async () => {
  const { signal, sockets, heard } = await open();
  const [ann, bob] = [nostrKey(), nostrKey()];
  const honest = await event(ann, { t: "wish", n: 1 });
  const tampered = { ...honest, content: JSON.stringify({ t: "gone", n: 1 }) }; // its id and signature kept
  const reHashed = { ...tampered, id: await eventId(tampered) }; // its id made again, the signature kept
  const borrowed = await signedEvent({ pubkey: bob.pubkey, sign: ann.sign }, { kind: KIND, topic: TOPIC, content: JSON.stringify({ t: "gone", n: 2 }) }); // Bob's name, Ann's signature
  const renamed = { ...honest, pubkey: bob.pubkey }; // Ann's event under Bob's key
  const elsewhere = await event(ann, { t: "wish", n: 3 }, { topic: "another-topic" });
  const otherKind = await event(ann, { t: "wish", n: 4 }, { kind: KIND + 1 });
  const last = await event(bob, { t: "wish", n: 5 });
  sockets[0].deliver(honest);
  for (const forged of [tampered, reHashed, borrowed, renamed, elsewhere, otherKind]) sockets[0].deliver(forged);
  sockets[1].deliver(honest); // the same event from the second relay
  sockets[1].deliver(tampered);
  sockets[1].deliver(last);
  await until(heard, 2);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(heard, [[{ t: "wish", n: 1 }, ann.pubkey, honest.content], [{ t: "wish", n: 5 }, bob.pubkey, last.content]]);
  signal.close();
});

test("signal.author is the key the page's events are signed with; its own events are not handed back", async () => {
  const { signal, sockets, heard } = await open();
  assert.match(signal.author, /^[0-9a-f]{64}$/);
  await signal.publish(TOPIC, { t: "hello" });
  const [, mine] = JSON.parse(sockets[0].sent.find((text) => text.startsWith('["EVENT"')));
  assert.equal(mine.pubkey, signal.author);
  sockets[0].deliver(mine); // the relay echoes it
  const other = await event(nostrKey(), { t: "hello" });
  sockets[0].deliver(other);
  await until(heard, 1);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(heard.map(([, from]) => from), [other.pubkey]);
  signal.close();
});

test("a flood of fresh keys: signatures checked within the budget, the rest waiting in order, and dropped past the wait's bound", async () => {
  assert.ok(VERIFY.burst >= 300 && VERIFY.perSecond <= 50 && VERIFY.waiting >= VERIFY.burst, "a lobby of hundreds answers a hello at once");
  let checks = 0;
  const counted = async () => ((checks += 1), true); // (a cheap check: what is counted is how many)
  const limits = { burst: 5, perSecond: 50, waiting: 20 };
  const { signal, sockets, heard } = await open({ library: library(nostrKey(), counted), limits });
  const fake = () => ({ pubkey: toHex(crypto.getRandomValues(new Uint8Array(32))), sign: async () => new Uint8Array(64) });
  const flood = await Promise.all(Array.from({ length: 100 }, (_, n) => event(fake(), { n })));
  const start = Date.now();
  for (const each of flood) sockets[0].deliver(each);
  await until(heard, limits.burst);
  const allowed = (at) => limits.burst + Math.ceil(((at - start) / 1000) * limits.perSecond) + 1;
  assert.ok(checks <= allowed(Date.now()), `${checks} checks`);
  await until(heard, limits.waiting);
  assert.ok(checks <= allowed(Date.now()), `${checks} checks`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.ok(heard.length <= limits.waiting + 1, `${heard.length} heard: the rest of the flood dropped`);
  assert.deepEqual(heard.map(([data]) => data.n), heard.map((_, n) => n), "in the order they came");
  signal.close();
});
