// The seat of a player and its proof (seat.js), the handshake on every connection
// (handshake.js: a page bound only once it signed both keys of the connection with the seat's
// key), and the marker of a taken seat on the relays (seat-taken.js, against a relay played in
// memory). A page in the middle of a connection: tests/js/online-binding.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";

import { makeSeat, prove, proves, toBase64Url, fromBase64Url } from "../../web/online/seat.js";
import { connectionKeys } from "../../web/online/sealed.js";
import { Handshake } from "../../web/online/handshake.js";
import { checkMessage, encode } from "../../web/online/protocol.js";
import { markerTag, markerContent, markerGuest, seatTaken, TAKEN_KIND } from "../../web/online/seat-taken.js";

const ROOM = "r".repeat(16);
const SECRET = "s".repeat(24);

test("base64url both ways; anything else is not read", () => {
  const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
  assert.deepEqual(fromBase64Url(toBase64Url(bytes)), bytes);
  assert.equal(toBase64Url(bytes).length, 87);
  for (const bad of ["a+b", "abc=", "a", 5, null]) assert.equal(fromBase64Url(bad), null, String(bad));
});

/** Two pages' keys of a connection, as their hellos give them: {host, guest}. */
async function connectionPair() {
  const [host, guest] = await Promise.all([connectionKeys(), connectionKeys()]);
  return { host: host.publicKey, guest: guest.publicKey };
}

test("a seat's signature of a connection's keys checks with its own key only, for that room, role and connection", async () => {
  const ann = await makeSeat();
  const mallory = await makeSeat();
  assert.match(ann.me, /^[A-Za-z0-9_-]{87}$/);
  assert.equal(ann.key.d !== undefined, true, "the private key, kept in the record");
  assert.deepEqual(JSON.parse(JSON.stringify(ann.key)), ann.key, "a JWK: plain JSON");
  const said = { room: ROOM, role: "guest", keys: await connectionPair() };
  assert.match(said.keys.host, /^[A-Za-z0-9_-]{87}$/);
  const sig = await prove(ann.key, said);
  assert.match(sig, /^[A-Za-z0-9_-]{86}$/);
  assert.equal(await proves(ann.me, said, sig), true);
  assert.equal(await proves(mallory.me, said, sig), false, "another key");
  assert.equal(await proves(ann.me, said, await prove(mallory.key, said)), false, "signed by another");
  const other = await connectionPair();
  assert.equal(await proves(ann.me, { ...said, keys: other }, sig), false, "another connection: no replay");
  assert.equal(await proves(ann.me, { ...said, keys: { ...said.keys, host: other.host } }, sig), false, "the other page's key of the connection changed on the way");
  assert.equal(await proves(ann.me, { ...said, keys: { ...said.keys, guest: other.guest } }, sig), false, "its own changed on the way");
  assert.equal(await proves(ann.me, { ...said, role: "host" }, sig), false, "another role");
  assert.equal(await proves(ann.me, { ...said, room: "x".repeat(16) }, sig), false, "another room");
  assert.equal(await proves("A".repeat(87), said, sig), false, "not a point of the curve");
  assert.equal(await proves(ann.me, said, "A".repeat(86)), false);
  assert.equal(await proves(ann.me, said, "short"), false);
});

/** A page of the handshake: its record, what it sent (checked as on the wire), whom it bound. */
async function page(role, seat, them = null) {
  const p = { record: { room: ROOM, role, name: role === "host" ? "Ann" : "Bob", ...(seat ?? (await makeSeat())), them, friend: true }, sent: [], bound: null, refused: [] };
  p.handshake = new Handshake({
    record: () => p.record,
    send: (message, peer, channel) => p.sent.push([peer, checkMessage(encode(message)).message, channel]),
    bound: () => p.bound,
    bind: async (peer, claim) => {
      p.bound = peer;
      p.record.them = claim.key;
      p.claim = claim;
    },
    refuse: (why) => p.refused.push(why),
  });
  return p;
}

/** Deliver every message `from` sent to `peer` (its id at `to`: `as`) to `to`, in order. */
async function deliver(from, to, peer, as) {
  const messages = from.sent.filter(([target]) => target === peer).map(([, m]) => m);
  from.sent = from.sent.filter(([target]) => target !== peer);
  for (const message of messages) await to.handshake[message.t === "proof" ? "proof" : message.t === "hello" ? "hello" : "other"]?.(message, as);
  return messages;
}

test("a first connection: each page proves its key and binds the other; the seat is taken", async () => {
  const host = await page("host");
  const guest = await page("guest");
  await host.handshake.greet("G");
  await guest.handshake.greet("H");
  await deliver(host, guest, "G", "H"); // the host's hello: the guest signs both keys of the connection
  await deliver(guest, host, "H", "G"); // the guest's hello and proof: the host binds it
  await deliver(host, guest, "G", "H"); // the host's proof: the guest binds it
  assert.deepEqual([host.bound, host.record.them, host.claim.name], ["G", guest.record.me, "Bob"]);
  assert.deepEqual([guest.bound, guest.record.them], ["H", host.record.me]);
  assert.deepEqual([host.refused, guest.refused], [[], []]);
  // Bound with one channel: what one seals the other opens.
  assert.equal(await guest.claim.channel.open(await host.claim.channel.seal("from Ann")), "from Ann");
  assert.equal(await host.claim.channel.open(await guest.claim.channel.seal("from Bob")), "from Bob");
});

test("a third page that knows the guest's key cannot take its seat; the real guest can, after a reload", async () => {
  const guestSeat = await makeSeat();
  const host = await page("host", null, guestSeat.me);
  // Mallory says hello with the guest's key (a public key: anyone may have heard it), and
  // signs the keys of the connection with the key it has.
  await host.handshake.greet("M");
  const mallory = await page("guest", { key: (await makeSeat()).key, me: guestSeat.me });
  await mallory.handshake.greet("H");
  await deliver(mallory, host, "H", "M"); // its hello: the host answers with its proof
  await deliver(host, mallory, "M", "H"); // the host's hello: Mallory signs the connection's keys
  await deliver(mallory, host, "H", "M"); // Mallory's proof
  assert.equal(host.bound, null, "signed with another key: not bound");
  assert.deepEqual(host.refused, ["seat"]);
  await host.handshake.proof({ t: "proof", sig: mallory.sent[0]?.[1].sig ?? "A".repeat(86) }, "M");
  assert.equal(host.bound, null, "a proof again: the connection's hello is spent");
  // A page with its own key is told the game is full (after the host's proof, so it knows who says it).
  const eve = await page("guest");
  await host.handshake.greet("E");
  await eve.handshake.greet("H");
  await deliver(eve, host, "H", "E");
  const told = host.sent.filter(([peer]) => peer === "E");
  assert.deepEqual(told.map(([, m]) => m.t), ["hello", "proof", "full"]);
  assert.equal(host.bound, null);
  // ... sealed for that page: it binds the host (its proof checks), then opens it.
  const [, , sealedFor] = told[2];
  await deliver(host, eve, "E", "H");
  assert.equal(eve.bound, "H");
  assert.equal(await eve.claim.channel.open(await sealedFor.seal('{"t":"full"}')), '{"t":"full"}');
  // The real guest, its page reloaded (its seat in its record): bound.
  const guest = await page("guest", guestSeat, host.record.me);
  await host.handshake.greet("G");
  await guest.handshake.greet("H");
  await deliver(guest, host, "H", "G");
  await deliver(host, guest, "G", "H");
  await deliver(guest, host, "H", "G");
  assert.deepEqual([host.bound, guest.bound], ["G", "H"]);
});

test("a guest signs nothing for a page that is not its host, and binds no such page", async () => {
  const hostSeat = await makeSeat();
  const guest = await page("guest", null, hostSeat.me);
  const fake = await page("host");
  await guest.handshake.greet("F");
  await fake.handshake.greet("G");
  await deliver(fake, guest, "G", "F");
  assert.deepEqual(guest.sent.filter(([peer]) => peer === "F").map(([, m]) => m.t), ["hello"], "no proof for a stranger");
  await guest.handshake.proof({ t: "proof", sig: await prove(fake.record.key, { room: ROOM, role: "host", keys: await connectionPair() }) }, "F");
  assert.equal(guest.bound, null);
});

test("one proof a connection; a fresh attempt forgets the old keys of the connections", async () => {
  const host = await page("host");
  const guest = await page("guest");
  await host.handshake.greet("G");
  await host.handshake.greet("G"); // (joined twice: one hello, one key of the connection)
  assert.equal(host.sent.length, 1);
  await guest.handshake.greet("H");
  await deliver(host, guest, "G", "H");
  const [[, proof]] = guest.sent.filter(([, m]) => m.t === "proof");
  host.handshake.reset(); // a drop: a fresh attempt, before the proof came
  await host.handshake.greet("G");
  await deliver(guest, host, "H", "G");
  assert.equal(host.bound, null, "an answer to an old hello binds nothing");
  assert.ok(proof);
});

/** A relay in memory for seat-taken.js: it stores events and answers REQs by kind and d tag. */
function fakeRelays(stored = []) {
  return class FakeSocket {
    #listeners = {};
    constructor() {
      queueMicrotask(() => this.#emit("open", {}));
    }
    addEventListener(type, listener) {
      (this.#listeners[type] ??= []).push(listener);
    }
    #emit(type, event) {
      for (const listener of this.#listeners[type] ?? []) listener(event);
    }
    send(text) {
      const [kind, id, filter] = JSON.parse(text);
      if (kind !== "REQ") return;
      for (const event of stored) if (filter.kinds.includes(event.kind) && event.tags.some(([k, v]) => k === "d" && filter["#d"].includes(v))) this.#emit("message", { data: JSON.stringify(["EVENT", id, event]) });
      this.#emit("message", { data: JSON.stringify(["EOSE", id]) });
    }
    close() {}
  };
}

test("the marker of a taken seat: found by a page with the link, unless the seat is its own; a forged one is not", async () => {
  const config = { relays: ["ws://relay.test"] };
  const tag = await markerTag(ROOM, SECRET);
  assert.match(tag, /^[0-9a-f]{64}$/);
  assert.notEqual(tag, await markerTag(ROOM, "t".repeat(24)), "another secret: another tag");
  const content = await markerContent(ROOM, SECRET, "GUEST");
  assert.equal(await markerGuest(content, ROOM, SECRET), "GUEST");
  assert.equal(await markerGuest(content, ROOM, "t".repeat(24)), null, "made without the secret");
  assert.equal(await markerGuest(JSON.stringify({ guest: "MALLORY", mac: JSON.parse(content).mac }), ROOM, SECRET), null, "another guest, the same MAC");
  assert.equal(await markerGuest("{not json", ROOM, SECRET), null);
  const event = { kind: TAKEN_KIND, tags: [["d", tag]], content };
  const ask = (stored, me) => seatTaken(config, { room: ROOM, secret: SECRET, me }, { WebSocketClass: fakeRelays(stored), wait: 2000 });
  assert.equal(await ask([event], "ME"), true, "another page holds the seat");
  assert.equal(await ask([event], "GUEST"), false, "the seat is this page's own (a reload)");
  assert.equal(await ask([], "ME"), false, "nothing on the relays: the page connects as before");
  assert.equal(await ask([{ ...event, content: await markerContent(ROOM, "t".repeat(24), "X") }], "ME"), false, "a marker made without the secret");
});
