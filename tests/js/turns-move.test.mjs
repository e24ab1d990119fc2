// A game by turns moved to another device (online/turns-move.js): its export, read back and
// checked (shape, sizes, the seat key against the seat it names, the room against the host's
// key), and added to the other device's games (the newer of two kept). Each damaged or forged
// export is refused with its reason, and the games kept there stay as they were.
import { test } from "node:test";
import assert from "node:assert/strict";

import { schnorr } from "../../node_modules/@noble/secp256k1/index.js";
import { movedText, readMoved, addMoved, movedFile, MAX_MOVED, COPYABLE } from "../../web/online/turns-move.js";
import { newSeat, roomOf } from "../../web/online/turns-events.js";
import { newTurnsRecord, turnsIn, putTurns } from "../../web/online/turns-record.js";
import { toHex, fromHex } from "../../web/online/relay-crypto.js";
import { makeStorage } from "../../web/page/storage.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const T0 = Date.UTC(2026, 11, 1, 12);
const H = 3_600_000;
const OPENING = ["C5xC4", "B3xC4", "D4-E5"];
const publicKeyOf = (key) => toHex(schnorr.getPublicKey(fromHex(key)));
const checks = { publicKeyOf, roomOf };

/** Ann's game (she hosts, plays White) with Bob joined, and Bob's record of it. */
async function game(actions = OPENING) {
  const ann = await newSeat({ schnorr });
  const bob = await newSeat({ schnorr });
  const room = await roomOf(ann.me);
  const g = { start: STANDARD, white: "host", days: 3, names: { host: "Ann", guest: "Bob" }, created: T0 };
  const times = actions.map((_, i) => T0 + (i + 2) * H);
  const host = newTurnsRecord({ room, secret: "s".repeat(24), role: "host", key: ann.key, me: ann.me, host: ann.me, them: bob.me, name: "Ann", game: g, joined: T0 + H, actions, times });
  const guest = newTurnsRecord({ room, secret: "s".repeat(24), role: "guest", key: bob.key, me: bob.me, host: ann.me, them: ann.me, name: "Bob", game: g, joined: T0 + H, actions, times });
  return { host, guest, ann, bob };
}

/** The export's text with its record changed by `change`. */
function edited(text, change) {
  const data = JSON.parse(text);
  data.record = { ...data.record, ...change };
  return JSON.stringify(data);
}

test("an export holds the game and the seat key, and reads back as the same record", async () => {
  const { host, guest } = await game();
  for (const record of [host, guest]) {
    const text = movedText({ ...record, seen: { n: 0, joined: false, over: false }, published: 2, checked: { at: T0, n: 1 } });
    const data = JSON.parse(text);
    assert.equal(data.format, "tzaar-turns-game");
    assert.equal(data.record.key, record.key, "the seat key travels");
    assert.equal(data.record.published, undefined, "what this page alone saw does not");
    assert.ok(text.length < COPYABLE, "a short game is offered as text to copy too");
    const read = await readMoved(text, checks);
    assert.equal(read.ok, true);
    for (const k of ["room", "secret", "role", "key", "me", "host", "them", "name", "game", "joined", "actions", "times", "end", "winner"]) assert.deepEqual(read.record[k], record[k], k);
    assert.deepEqual(read.record.seen, { n: 3, joined: true, over: false }, "as its player saw it");
    assert.equal(read.record.published, -1);
  }
  assert.match(movedFile(host, new Date(T0)), /^tzaar-game-by-turns-2026-12-01-[A-Za-z0-9_-]{6}\.json$/);
});

test("a damaged export is refused, and says why", async () => {
  const { guest } = await game();
  const text = movedText(guest);
  const refused = async (t) => (await readMoved(t, checks)).why;
  assert.equal(await refused(text.slice(0, text.length / 2)), "unreadable", "cut short");
  assert.equal(await refused('{"format": "tzaar-learning", "version": 1, "games": []}'), "unreadable", "another file of ours");
  assert.equal(await refused("x".repeat(MAX_MOVED + 1)), "unreadable", "too long");
  assert.equal(await refused(JSON.stringify({ ...JSON.parse(text), version: 2 })), "damaged");
  assert.equal(await refused(JSON.stringify({ ...JSON.parse(text), more: 1 })), "damaged");
  assert.equal(await refused(edited(text, { actions: ["C5xC4", "<img>", "D4-E5"] })), "damaged", "not an action");
  assert.equal(await refused(edited(text, { times: [T0] })), "damaged", "a moment missing");
  assert.equal(await refused(edited(text, { game: { ...guest.game, days: 2 } })), "damaged", "not a time control");
  assert.equal(await refused(edited(text, { joined: null })), "damaged", "a guest has joined");
  assert.equal(await refused(edited(text, { them: guest.me })), "damaged", "a guest plays against the host");
  assert.equal(await refused(edited(text, { end: { reason: "resigned", loser: "white", at: T0 + 9 * H } })), "damaged", "an end with no winner");
  assert.equal(await refused(edited(text, { extra: 1 })), "damaged");
  assert.equal(await refused(edited(text, { seenAfter: { n: 9, at: T0 } })), "damaged");
});

test("an export whose key is not the seat's is refused (whoever made it cannot play another's seat)", async () => {
  const { host, guest, ann } = await game();
  const mallory = await newSeat({ schnorr });
  // Mallory, who holds Bob's export, puts her own key in it: the seat names Bob's public key.
  assert.equal((await readMoved(movedText({ ...guest, key: mallory.key }), checks)).why, "key");
  // Ann's seat with Mallory's key pair: the room names Ann's key, not Mallory's.
  assert.equal((await readMoved(movedText({ ...host, key: mallory.key, me: mallory.me, host: mallory.me }), checks)).why, "key");
  assert.equal((await readMoved(movedText({ ...guest, key: "f".repeat(64) }), checks)).why, "key", "not a secret key at all");
  assert.equal((await readMoved(movedText({ ...host, key: ann.key }), checks)).ok, true);
});

test("a moved game is added; one already here keeps the newer, and says which", async () => {
  const { guest } = await game(OPENING.slice(0, 1));
  const storage = makeStorage(new Map());
  const other = newTurnsRecord({ ...guest, room: "o".repeat(22) });
  putTurns(storage, other);
  const older = (await readMoved(movedText(guest), checks)).record;
  assert.equal(addMoved(storage, older).result, "added");
  assert.deepEqual(turnsIn(storage).map((r) => r.room), [guest.room, other.room]);

  const more = { ...guest, actions: OPENING, times: OPENING.map((_, i) => T0 + (i + 2) * H) };
  const newer = (await readMoved(movedText(more), checks)).record;
  assert.equal(addMoved(storage, newer).result, "newer");
  assert.deepEqual(turnsIn(storage).find((r) => r.room === guest.room).actions, OPENING);
  assert.equal(addMoved(storage, older).result, "kept", "the older export: the one here has more");
  assert.equal(addMoved(storage, newer).result, "kept", "the same again");
  assert.deepEqual(turnsIn(storage).find((r) => r.room === guest.room).actions, OPENING);

  const rewritten = (await readMoved(movedText({ ...more, actions: ["C5xC4", "B3xC4", "D4-D5", "E5xE6"], times: [...more.times, T0 + 9 * H] }), checks)).record;
  assert.equal(addMoved(storage, rewritten).result, "differs");
  const { host } = await game(OPENING);
  const theirs = (await readMoved(movedText({ ...host, room: guest.room }), { publicKeyOf, roomOf: async () => guest.room })).record;
  assert.equal(addMoved(storage, theirs).result, "seat", "the other player's seat of the same game");
  assert.deepEqual(turnsIn(storage).find((r) => r.room === guest.room).actions, OPENING, "unchanged");
  assert.equal(turnsIn(storage).find((r) => r.room === guest.room).me, guest.me);
});
