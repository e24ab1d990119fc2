// The relay path's pure parts: web/online/relay-crypto.js (the game's keys, the sealing's round
// trip, a wrong author or a tampered event refused, the Nostr events' signatures) and
// relay-link.js (in order and once whatever the relays drop, repeat or reorder; acknowledgements
// riding along; retransmission; batching; the ration of frames; bounds, on what comes early and
// on what waits for its acknowledgement; silence). The Schnorr
// signatures are @noble/secp256k1's, the one the page gets bundled with Trystero.
import { test } from "node:test";
import assert from "node:assert/strict";

import { schnorr } from "../../node_modules/@noble/secp256k1/index.js";
import { gameKeys, ecdhKeys, pairKeys, seal, unseal, proofOf, proofHolds, signedEvent, signatureHolds, isGameEvent, readContent, toHex } from "../../web/online/relay-crypto.js";
import { RelayLink, LINK } from "../../web/online/relay-link.js";

const verify = (sig, id, pub) => schnorr.verifyAsync(sig, id, pub);
function nostrKey() {
  const { secretKey, publicKey } = schnorr.keygen();
  return { pubkey: toHex(publicKey), sign: (id) => schnorr.signAsync(id, secretKey) };
}

/** Two pages of one game: each its Nostr key, ECDH key and the pair's keys with the other. */
async function pair(secret = "s3cr3t-of-the-invite-123", room = "room-abcdefgh") {
  const game = await gameKeys(secret, room);
  const [a, b] = [nostrKey(), nostrKey()];
  const [ea, eb] = await Promise.all([ecdhKeys(), ecdhKeys()]);
  const ab = await pairKeys(ea.privateKey, eb.publicKey, game.pairSalt, a.pubkey, b.pubkey);
  const ba = await pairKeys(eb.privateKey, ea.publicKey, game.pairSalt, b.pubkey, a.pubkey);
  return { game, a, b, ea, eb, ab, ba };
}

test("the game's keys: the same from the same secret and room, another topic otherwise, an ephemeral kind", async () => {
  const one = await gameKeys("secret-one-abcdefgh", "room-1");
  const again = await gameKeys("secret-one-abcdefgh", "room-1");
  assert.equal(one.topic, again.topic);
  assert.match(one.topic, /^[0-9a-f]{64}$/);
  assert.ok(one.kind >= 20000 && one.kind < 30000);
  assert.notEqual((await gameKeys("secret-two-abcdefgh", "room-1")).topic, one.topic);
  assert.notEqual((await gameKeys("secret-one-abcdefgh", "room-2")).topic, one.topic);
  assert.ok(!one.topic.includes("room"));
  const sealed = await seal(one.announceKey, "hello", "author");
  assert.equal(await unseal(again.announceKey, sealed, "author"), "hello");
  assert.equal(await unseal((await gameKeys("secret-two-abcdefgh", "room-1")).announceKey, sealed, "author"), null);
});

test("sealed between two pages: opened by the other, refused with another author, another key or tampered", async () => {
  const { a, b, ab, ba, game, ea } = await pair();
  const aad = `${a.pubkey}>${b.pubkey}`;
  const sealed = await seal(ab.box, '{"t":"act","n":0,"a":"C5xC4"}', aad);
  assert.equal(await unseal(ba.box, sealed, aad), '{"t":"act","n":0,"a":"C5xC4"}');
  assert.equal(await unseal(ba.box, sealed, `${b.pubkey}>${a.pubkey}`), null); // the other direction
  const mallory = nostrKey();
  assert.equal(await unseal(ba.box, sealed, `${mallory.pubkey}>${b.pubkey}`), null); // another author
  const third = await ecdhKeys(); // a third page with the link: the secret, but not their keys
  const thirdWithB = await pairKeys(third.privateKey, ea.publicKey, game.pairSalt, mallory.pubkey, a.pubkey);
  assert.equal(await unseal(thirdWithB.box, sealed, aad), null);
  const flipped = sealed.slice(0, 30) + (sealed[30] === "A" ? "B" : "A") + sealed.slice(31);
  assert.equal(await unseal(ba.box, flipped, aad), null);
  for (const junk of ["", "!!", "x".repeat(30000), 42, null]) assert.equal(await unseal(ba.box, junk, aad), null);
  assert.equal(await pairKeys(ea.privateKey, "not-a-key", game.pairSalt, a.pubkey, b.pubkey), null);
});

test("a direct connection's proof holds with the pair's key only", async () => {
  const { ab, ba, game, ea } = await pair();
  const proof = await proofOf(ab.proof, "tzaar link|peerA|peerB");
  assert.equal(await proofHolds(ba.proof, "tzaar link|peerA|peerB", proof), true);
  assert.equal(await proofHolds(ba.proof, "tzaar link|peerC|peerB", proof), false);
  const third = await ecdhKeys();
  const other = await pairKeys(third.privateKey, ea.publicKey, game.pairSalt, "c".repeat(64), "a".repeat(64));
  assert.equal(await proofHolds(ba.proof, "tzaar link|peerA|peerB", await proofOf(other.proof, "tzaar link|peerA|peerB")), false);
  assert.equal(await proofHolds(ba.proof, "tzaar link|peerA|peerB", "@@"), false);
});

test("a signed event holds; a tampered one, or one under another author's key, does not", async () => {
  const { game, a } = await pair();
  const event = await signedEvent(a, { kind: game.kind, topic: game.topic, content: '{"c":"abc"}' });
  assert.ok(isGameEvent(event, game));
  assert.equal(await signatureHolds(verify, event), true);
  assert.equal(await signatureHolds(verify, { ...event, content: '{"c":"abd"}' }), false);
  const other = nostrKey();
  assert.equal(await signatureHolds(verify, { ...event, pubkey: other.pubkey }), false);
  const forged = await signedEvent(other, { kind: game.kind, topic: game.topic, content: '{"c":"abc"}' });
  assert.equal(await signatureHolds(verify, { ...forged, pubkey: a.pubkey }), false);
  assert.ok(!isGameEvent({ ...event, kind: 1 }, game));
  assert.ok(!isGameEvent({ ...event, tags: [["x", "0".repeat(64)]] }, game));
  assert.ok(!isGameEvent({ ...event, tags: [["x", game.topic], ["p", a.pubkey]] }, game));
  assert.deepEqual(readContent('{"c":"abc"}'), { c: "abc" });
  assert.deepEqual(readContent(`{"p":"${a.pubkey}","c":"abc"}`), { p: a.pubkey, c: "abc" });
  for (const bad of ["[]", "{}", '{"c":1}', '{"c":"a","p":"x"}', '{"c":"a","q":1}', "nope"]) assert.equal(readContent(bad), null);
});

// --- relay-link.js ---

/** Frames from `link` at time `now` (the link asked again until it has nothing due now). */
function framesAt(link, now) {
  const frames = [];
  for (let due = link.due(now); due.frame; due = link.due(now)) frames.push(due.frame);
  return frames;
}
const parsed = (frames) => frames.map((f) => JSON.parse(f));
/** The frames without their numbers (`f`: each frame sent, or sent again, has its own). */
const unnumbered = (frames) => parsed(frames).map(({ f, ...rest }) => rest);

test("messages sent together go in one frame, in order, and come out once, in order, whatever the order of arrival", () => {
  const a = new RelayLink(0);
  const b = new RelayLink(0);
  for (const text of ["one", "two", "three"]) a.send(text, 0);
  assert.deepEqual(framesAt(a, 0), []); // (within COALESCE_MS: more may come)
  const [frame] = framesAt(a, LINK.COALESCE_MS);
  assert.deepEqual(JSON.parse(frame), { f: 1, a: 0, s: 1, m: ["one", "two", "three"] });
  a.send("four", 100);
  a.send("five", 100);
  const [later] = framesAt(a, 100 + LINK.COALESCE_MS);
  // The relays deliver the later frame first, then the first one twice.
  assert.deepEqual(b.receive(later, 200).deliver, []);
  assert.deepEqual(b.receive(frame, 210).deliver, ["one", "two", "three", "four", "five"]);
  assert.deepEqual(b.receive(frame, 220).deliver, []);
});

test("an acknowledgement rides on the next frame; alone only after ACK_DELAY_MS", () => {
  const a = new RelayLink(0);
  const b = new RelayLink(0);
  a.send("act", 0);
  b.receive(framesAt(a, LINK.COALESCE_MS)[0], 50);
  b.send("reply", 500); // b's own message within the delay: it carries the acknowledgement
  const [reply] = parsed(framesAt(b, 500 + LINK.COALESCE_MS));
  assert.deepEqual(reply, { f: 1, a: 1, s: 1, m: ["reply"] });
  assert.deepEqual(framesAt(b, 50 + LINK.ACK_DELAY_MS + 1000), []); // nothing owed any more
  a.receive(JSON.stringify(reply), 600);
  assert.equal(a.unacknowledged, 0);
  assert.deepEqual(framesAt(a, 600 + LINK.ACK_DELAY_MS - 1), []);
  assert.deepEqual(parsed(framesAt(a, 600 + LINK.ACK_DELAY_MS)), [{ f: 2, a: 1 }]); // nothing to say: the ack alone
});

test("a frame lost goes again after RTO_MS, the time doubling; an acknowledgement stops it", () => {
  const a = new RelayLink(0);
  const b = new RelayLink(0);
  a.send("lost", 0);
  const first = framesAt(a, 100); // (the relays drop it)
  assert.equal(first.length, 1);
  assert.deepEqual(framesAt(a, 100 + LINK.RTO_MS - 1), []);
  const again = framesAt(a, 100 + LINK.RTO_MS);
  assert.deepEqual(unnumbered(again), unnumbered(first));
  assert.deepEqual(framesAt(a, 100 + 2 * LINK.RTO_MS), []); // the next one waits twice as long
  const third = framesAt(a, 100 + LINK.RTO_MS + 2 * LINK.RTO_MS);
  assert.deepEqual(unnumbered(third), unnumbered(first));
  assert.deepEqual(b.receive(third[0], 9500).deliver, ["lost"]);
  a.receive(framesAt(b, 9500 + LINK.ACK_DELAY_MS)[0], 11000);
  assert.equal(a.unacknowledged, 0);
  assert.deepEqual(framesAt(a, 60000).map((f) => JSON.parse(f).m), [undefined]); // only a heartbeat now
});

test("frames are rationed: past the burst, messages wait and then go together", () => {
  const a = new RelayLink(0);
  let sent = 0;
  for (let i = 0; i < LINK.BURST; i += 1) {
    a.send(`m${i}`, i);
    sent += framesAt(a, i + LINK.COALESCE_MS).length;
  }
  assert.equal(sent, LINK.BURST);
  a.send("x", 100);
  a.send("y", 110);
  a.send("z", 120);
  const due = a.due(200);
  assert.equal(due.frame, null);
  assert.ok(due.wake > 200 && due.wake <= 200 + 1000 / LINK.PER_SECOND);
  const frames = parsed(framesAt(a, due.wake));
  assert.equal(frames.length, 1);
  assert.deepEqual(frames[0].m, ["x", "y", "z"]);
});

test("a frame that cannot have been sent is refused: an ack of messages never sent, a bad shape, a number out of range", () => {
  const b = new RelayLink(0);
  for (const bad of ['{"f":1,"a":1}', '{"f":1,"a":0,"s":0,"m":["x"]}', '{"f":1,"a":0,"s":1,"m":[]}', '{"f":1,"a":0,"s":1}', '{"f":1,"a":0,"m":["x"]}', '{"f":1,"a":-1}', '{"f":1,"a":0,"x":1}', '{"f":1,"a":0,"bye":1}', "[]", "nope", '{"f":1,"a":0,"s":1,"m":[5]}', `{"f":1,"a":0,"s":1,"m":["${"x".repeat(LINK.MAX_MESSAGE + 1)}"]}`, '{"a":0,"s":1,"m":["x"]}', '{"f":0,"a":0}', '{"f":1.5,"a":0}']) {
    assert.equal(b.receive(bad, 10).ok, false, bad);
  }
  assert.deepEqual(b.receive('{"f":1,"a":0,"s":1,"m":["ok"]}', 10), { ok: true, deliver: ["ok"], bye: false });
});

test("what comes early is held within the window and its bytes; beyond, it is dropped (and comes again)", () => {
  const b = new RelayLink(0);
  const far = JSON.stringify({ f: 1, a: 0, s: LINK.WINDOW + 2, m: ["too far"] });
  assert.deepEqual(b.receive(far, 1).deliver, []);
  const big = "x".repeat(LINK.MAX_MESSAGE);
  for (let s = 2; s <= 20; s += 1) b.receive(JSON.stringify({ f: s, a: 0, s, m: [big] }), 2);
  const got = b.receive(JSON.stringify({ f: 21, a: 0, s: 1, m: ["first"] }), 3).deliver;
  assert.equal(got[0], "first");
  assert.equal(got.length, 1 + Math.floor(LINK.HELD_BYTES / LINK.MAX_MESSAGE)); // the rest was not kept
});

test("an idle link beats every HEARTBEAT_MS; one that hears nothing for SILENCE_MS is silent; bye says goodbye", () => {
  const a = new RelayLink(0);
  assert.deepEqual(parsed(framesAt(a, LINK.HEARTBEAT_MS)), [{ f: 1, a: 0 }]);
  assert.equal(a.silent(LINK.SILENCE_MS - 1), false);
  assert.equal(a.silent(LINK.SILENCE_MS), true);
  a.receive('{"f":1,"a":0}', LINK.SILENCE_MS);
  assert.equal(a.silent(LINK.SILENCE_MS + 1), false);
  a.heartbeats = false; // (a link that only drains)
  assert.deepEqual(framesAt(a, 10 * LINK.HEARTBEAT_MS), []);
  assert.deepEqual(new RelayLink(0).receive(a.bye(), 5), { ok: true, deliver: [], bye: true });
});

test("a frame the relays send again, under new event ids, keeps no peer heard: only a frame newer than any before counts", () => {
  const a = new RelayLink(0);
  const b = new RelayLink(0);
  a.send("x", 0);
  const [frame] = framesAt(a, 20); // one frame of a's, captured by a relay
  assert.deepEqual(b.receive(frame, 30).deliver, ["x"]);
  // a's page is gone (no bye); the relay sends the same sealed frame again every 40 s.
  let now = 30;
  for (let i = 0; i < 10; i += 1) {
    now += 40_000;
    b.receive(frame, now);
  }
  assert.equal(b.lost(now), true, "a page gone for 400 s still heard");
  // An idle peer's heartbeats, each newer, keep it heard; frames reordered on the way deliver all.
  const c = new RelayLink(0);
  const d = new RelayLink(0);
  for (let t = LINK.HEARTBEAT_MS; t <= 10 * LINK.HEARTBEAT_MS; t += LINK.HEARTBEAT_MS) for (const beat of framesAt(c, t)) d.receive(beat, t);
  assert.equal(d.lost(10 * LINK.HEARTBEAT_MS + 1), false);
  c.send("one", 200_000);
  const [first] = framesAt(c, 200_000 + LINK.COALESCE_MS);
  c.send("two", 200_100);
  const [second] = framesAt(c, 200_100 + LINK.COALESCE_MS);
  assert.deepEqual([...d.receive(second, 200_200).deliver, ...d.receive(first, 200_210).deliver], ["one", "two"]);
});

test("a peer that keeps talking but never acknowledges: past OUT_MESSAGES (or OUT_BYTES) unacknowledged, the link gives it up as gone", () => {
  let now = 1_000_000;
  const link = new RelayLink(now);
  const message = JSON.stringify({ t: "sealed", n: 1, c: "x".repeat(90) }); // (an action, sealed: about 107 characters)
  // Ten minutes of a game through the relays whose other page answers every frame with its own,
  // acknowledging nothing (a = 0), while this page sends 100 messages a second (its session made
  // to answer each sync with the whole game, say). Heard, the peer never fell silent: the link
  // kept all, 60,000 messages (7 MB).
  let lostAt = null;
  for (let second = 0; second < 600 && lostAt === null; second += 1) {
    for (let i = 0; i < 100; i += 1) link.send(message, now);
    for (let step = 0; step < 4; step += 1) {
      now += 250;
      link.due(now);
    }
    assert.equal(link.receive(JSON.stringify({ f: second + 1, a: 0 }), now).ok, true, "its frame is taken: it is heard");
    assert.equal(link.silent(now), false);
    if (link.lost(now)) lostAt = second;
  }
  assert.ok(lostAt !== null, `the link holds ${link.unacknowledged} messages unacknowledged (${((link.unacknowledged * message.length) / 1e6).toFixed(1)} MB of text) and keeps its peer`);
  assert.ok(link.unacknowledged <= LINK.OUT_MESSAGES, `it holds ${link.unacknowledged} messages`);
  assert.equal(lostAt, Math.floor(LINK.OUT_MESSAGES / 100), "given up as the bound passed");
  for (let i = 0; i < 100; i += 1) link.send(message, now);
  assert.ok(link.unacknowledged <= LINK.OUT_MESSAGES, "nothing more kept once given up");
  // In bytes: the longest messages pass OUT_BYTES long before OUT_MESSAGES.
  const big = new RelayLink(0);
  const long = "x".repeat(LINK.MAX_MESSAGE);
  let count = 0;
  while (!big.lost(0) && count < LINK.OUT_MESSAGES) {
    big.send(long, 0);
    count += 1;
  }
  assert.ok(big.lost(0) && big.unacknowledged * long.length <= LINK.OUT_BYTES, `${big.unacknowledged} messages of ${long.length} characters held`);
  // An honest link: what it holds is acknowledged as it goes, however long the game.
  const honest = new RelayLink(0);
  for (let t = 0; t < 3_600_000; t += 1000) {
    honest.send(message, t);
    framesAt(honest, t + 15);
    honest.receive(JSON.stringify({ f: t / 1000 + 1, a: honest.unacknowledged ? t / 1000 + 1 : 0 }), t + 500);
    assert.equal(honest.lost(t + 500), false);
  }
});
