// A copy of a game by turns from the relays, judged against this page's own record
// (online/turns-copy.js), taken (online/turns-record.js), and what changed since the player
// last looked. Each attack is a copy a modified page could sign with its own key: refused,
// and the record stays as it was.
import { test } from "node:test";
import assert from "node:assert/strict";

import { readCopy, judgeCopy, copyOf } from "../../web/online/turns-copy.js";
import { newTurnsRecord, takeCopy, changesSince, seenNow, putTurns, dropTurns, turnsIn, MAX_FINISHED } from "../../web/online/turns-record.js";
import { makeStorage } from "../../web/page/storage.js";
import { DAY_MS, MARGIN_MS, deadlineOf, usableRecords, setAsideTurns } from "../../web/game/by-turns.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const HOST = "a".repeat(64);
const GUEST = "b".repeat(64);
const MALLORY = "c".repeat(64);
const T0 = Date.UTC(2026, 11, 1, 12);
const H = 3_600_000;
const GAME = { start: STANDARD, white: "host", days: 1, names: { host: "Ann", guest: "" }, created: T0 };
const OPENING = ["C5xC4", "B3xC4", "D4-E5"]; // White's opening, Black's first turn (the engine checks legality, not this)

function hostRecord(more = {}) {
  return { ...newTurnsRecord({ room: "r", secret: "s", role: "host", key: "1".repeat(64), me: HOST, host: HOST, name: "Ann", game: GAME }), ...more };
}
function guestRecord(more = {}) {
  const game = { ...GAME, names: { host: "Ann", guest: "Bob" } };
  return { ...newTurnsRecord({ room: "r", secret: "s", role: "guest", key: "2".repeat(64), me: GUEST, host: HOST, them: HOST, name: "Bob", game, joined: T0 + H }), ...more };
}
/** The guest's copy: joined an hour after the game was made, its actions `n` hours after that. */
function guestCopy(actions = [], times = actions.map((_, i) => T0 + (i + 2) * H), more = {}) {
  return { v: 1, role: "guest", host: HOST, guest: GUEST, game: { ...GAME, names: { host: "Ann", guest: "Bob" } }, joined: T0 + H, actions, times, end: null, ...more };
}
function hostCopy(actions = [], times = actions.map((_, i) => T0 + (i + 2) * H), more = {}) {
  return { v: 1, role: "host", host: HOST, guest: GUEST, game: { ...GAME, names: { host: "Ann", guest: "Bob" } }, joined: T0 + H, actions, times, end: null, ...more };
}
const judge = (record, copy, author, now = T0 + 10 * H) => judgeCopy(record, copy, { author, at: now, now });

test("a copy is read strictly: exactly its keys, each of the right form", () => {
  const good = guestCopy(["C5xC4"]);
  assert.deepEqual(readCopy(JSON.stringify(good)), good);
  assert.equal(readCopy(JSON.stringify({ ...good, extra: 1 })), null, "a key more");
  assert.equal(readCopy(JSON.stringify({ ...good, times: [] })), null, "a moment missing");
  assert.equal(readCopy(JSON.stringify({ ...good, actions: ["<b>"] })), null, "not an action");
  assert.equal(readCopy(JSON.stringify({ ...good, game: { ...good.game, days: 2 } })), null, "2 days: not a time control");
  assert.equal(readCopy(JSON.stringify({ ...good, game: { ...good.game, names: { host: "x\u202Eyrolam", guest: "" } } })), null, "a turned name");
  assert.equal(readCopy(JSON.stringify({ ...good, end: { reason: "abandoned", loser: "white", at: T0 } })), null, "no abandonment by turns");
  assert.equal(readCopy(JSON.stringify({ ...good, joined: null })), null, "a guest's copy says when it joined");
  assert.equal(readCopy("x".repeat(30_000)), null);
  assert.equal(readCopy("{"), null);
});

test("the host sees its guest join: bound with its name and the moment it joined, its actions taken", () => {
  const verdict = judge(hostRecord(), guestCopy(), GUEST);
  assert.equal(verdict.ok, true);
  assert.deepEqual(verdict.bind, { key: GUEST, name: "Bob", joined: T0 + H });
  const r = takeCopy(hostRecord(), verdict);
  assert.equal(r.them, GUEST);
  assert.equal(r.game.names.guest, "Bob");
  assert.equal(deadlineOf(r), T0 + H + DAY_MS, "White (the host) has a day from the join");
  assert.deepEqual(changesSince(r).map((c) => c.key), ["online.turns.changed.joined"]);
});

test("a guest joining later, signed by another key, is refused once the seat is taken", () => {
  const bound = takeCopy(hostRecord(), judge(hostRecord(), guestCopy(), GUEST));
  assert.deepEqual(judge(bound, { ...guestCopy(), guest: MALLORY }, MALLORY), { ok: false, why: "key" });
  assert.deepEqual(judge(bound, guestCopy(), MALLORY), { ok: false, why: "key" }, "the guest's copy, signed by another key");
  assert.deepEqual(judge(guestRecord(), hostCopy(), MALLORY), { ok: false, why: "key" }, "the host's copy, signed by another key");
  assert.deepEqual(judge(guestRecord(), { ...guestCopy(), guest: MALLORY }, MALLORY), { ok: false, why: "key" }, "a guest's copy at a guest");
  assert.deepEqual(judge(guestRecord(), hostCopy([], [], { guest: MALLORY }), HOST), { ok: false, why: "taken" }, "the host plays with another guest");
  assert.equal(judge(guestRecord(), hostCopy(), GUEST).own, true, "this page's own copy");
});

test("once the host named this guest (or played against it), a host's copy naming another guest rewrites the game: it is refused, and the game is not lost", () => {
  // The host named this guest: its copy taken (no move yet).
  const named = takeCopy(guestRecord(), judge(guestRecord(), hostCopy(), HOST));
  assert.deepEqual(judge(named, hostCopy([], [], { guest: MALLORY }), HOST), { ok: false, why: "history" }, "the seat given away after the host named this guest");
  // The host's opening taken (a record moved here, say, that no longer knows it was named).
  const played = guestRecord({ actions: ["C5xC4"], times: [T0 + 2 * H] });
  assert.deepEqual(judge(played, hostCopy(["C5xC4"], [T0 + 2 * H], { guest: MALLORY }), HOST), { ok: false, why: "history" }, "after the host's own move");
  // Before that, the seat may still have gone to an earlier guest: said as taken.
  assert.deepEqual(judge(guestRecord(), hostCopy([], [], { guest: MALLORY }), HOST), { ok: false, why: "taken" });
});

test("a copy of another game is refused", () => {
  for (const game of [{ start: STANDARD.replace("w1", "b1") }, { white: "guest" }, { days: 7 }, { created: T0 + 1 }, { names: { host: "Eve", guest: "Bob" } }]) {
    assert.deepEqual(judge(guestRecord(), hostCopy([], [], { game: { ...hostCopy().game, ...game } }), HOST), { ok: false, why: "game" }, JSON.stringify(game));
  }
});

test("a copy that rewrites the game (an action or a moment both hold) is refused", () => {
  const guest = guestRecord({ actions: OPENING.slice(0, 1), times: [T0 + 2 * H] });
  assert.deepEqual(judge(guest, hostCopy(["D5xD4"], [T0 + 2 * H]), HOST), { ok: false, why: "history" }, "another opening");
  assert.deepEqual(judge(guest, hostCopy(["C5xC4"], [T0 + 1.5 * H]), HOST), { ok: false, why: "history" }, "the same opening dated earlier");
  const host = takeCopy(hostRecord(), judge(hostRecord(), guestCopy(), GUEST));
  assert.deepEqual(judge(host, guestCopy([], [], { joined: T0 + 2 * H }), GUEST), { ok: false, why: "history" }, "the join moved");
  assert.equal(judge(guest, hostCopy([], []), HOST).ok, true, "an older copy (a relay that lags): nothing new");
  assert.deepEqual(judge(guest, hostCopy([], []), HOST).actions, []);
});

test("only the sender's own turns: none of the other side, none out of turn, whole turns", () => {
  const guest = guestRecord();
  assert.equal(judge(guest, hostCopy(["C5xC4"]), HOST).ok, true, "White's opening by the host");
  assert.deepEqual(judge(guest, hostCopy(["C5xC4", "B3xC4", "D4-E5"]), HOST), { ok: false, why: "turn" }, "the host plays Black's turn too");
  const after = takeCopy(guest, judge(guest, hostCopy(["C5xC4"]), HOST));
  assert.deepEqual(judge(after, hostCopy(["C5xC4", "B3xC4"]), HOST), { ok: false, why: "turn" }, "a move out of turn");
  const host = takeCopy(hostRecord({ actions: ["C5xC4"], times: [T0 + 2 * H] }), judge(hostRecord(), guestCopy(), GUEST));
  assert.equal(judge(host, guestCopy(["C5xC4", "B3xC4"]), GUEST).whole, false, "half a turn: only when it ends the game (the engine says)");
  assert.equal(judge(host, guestCopy(["C5xC4", "B3xC4", "D4-E5"]), GUEST).whole, true);
});

test("moments: in order, not after the copy, not beyond the margin in this page's future", () => {
  const guest = guestRecord();
  const now = T0 + 10 * H;
  assert.deepEqual(judge(guest, hostCopy(["C5xC4"], [T0 - 1]), HOST), { ok: false, why: "time" }, "before the game was made");
  assert.deepEqual(judgeCopy(guest, hostCopy(["C5xC4"], [now + MARGIN_MS + 1]), { author: HOST, at: now + 2 * MARGIN_MS, now }), { ok: false, why: "time" }, "in the future");
  assert.equal(judgeCopy(guest, hostCopy(["C5xC4"], [now + MARGIN_MS - 1]), { author: HOST, at: now + MARGIN_MS, now }).ok, true, "a clock ahead by less than the margin");
  assert.deepEqual(judgeCopy(guest, hostCopy(["C5xC4"], [now - 1000]), { author: HOST, at: now - 5000, now }), { ok: false, why: "time" }, "after the copy itself");
});

test("a turn played after its deadline and the margin is not taken: its mover lost on time", () => {
  const guest = guestRecord(); // White (the host) has a day from the join (T0 + H)
  const late = T0 + H + DAY_MS + MARGIN_MS + 1;
  const verdict = judgeCopy(guest, hostCopy(["C5xC4"], [late]), { author: HOST, at: late, now: late });
  assert.equal(verdict.late, true);
  assert.deepEqual(verdict.actions, []);
  assert.deepEqual(verdict.end, { reason: "timeout", loser: "white", at: late });
  const inTime = T0 + H + DAY_MS + MARGIN_MS - 1;
  assert.equal(judgeCopy(guest, hostCopy(["C5xC4"], [inTime]), { author: HOST, at: inTime, now: inTime }).late, false, "within the margin");
});

test("ends: a resignation only of the sender, a win on time only when this page's clock is past its player's deadline", () => {
  const guest = guestRecord({ actions: ["C5xC4"], times: [T0 + 2 * H] }); // the guest (Black) to move, since T0 + 2 h
  const resign = (loser) => hostCopy(["C5xC4"], [T0 + 2 * H], { end: { reason: "resigned", loser, at: T0 + 3 * H } });
  assert.deepEqual(judge(guest, resign("white"), HOST).end, { reason: "resigned", loser: "white", at: T0 + 3 * H });
  assert.deepEqual(judge(guest, resign("black"), HOST), { ok: false, why: "end" }, "the host says the guest resigned");
  const claim = hostCopy(["C5xC4"], [T0 + 2 * H], { end: { reason: "timeout", loser: "black", at: T0 + 3 * H } });
  const deadline = T0 + 2 * H + DAY_MS;
  assert.deepEqual(judge(guest, claim, HOST, deadline - 1), { ok: false, why: "deadline" }, "too early by this page's clock");
  assert.deepEqual(judge(guest, claim, HOST, deadline).end.loser, "black");
  const played = guestRecord({ actions: ["C5xC4", "B3xC4", "D4-E5"], times: [T0 + 2 * H, T0 + 3 * H, T0 + 3 * H] });
  assert.deepEqual(judge(played, claim, HOST, deadline + DAY_MS), { ok: false, why: "deadline" }, "the guest had played: the claim lacks its turn");
  const own = hostCopy(["C5xC4"], [T0 + 2 * H], { end: { reason: "timeout", loser: "white", at: T0 + 3 * H } });
  assert.equal(judge(guest, own, HOST).end.loser, "white", "its own loss on time");
});

test("a turn dated back counts, for the deadline, from this page's read of the relays that lacked it", () => {
  const guest = guestRecord({ checked: { at: T0 + 20 * H, n: 0 } }); // read at T0 + 20 h: no opening then
  const r = takeCopy(guest, judgeCopy(guest, hostCopy(["C5xC4"], [T0 + 2 * H]), { author: HOST, at: T0 + 21 * H, now: T0 + 21 * H }));
  assert.deepEqual(r.seenAfter, { n: 1, at: T0 + 20 * H });
  assert.equal(deadlineOf(r), T0 + 20 * H + DAY_MS, "not T0 + 2 h + a day");
  const honest = takeCopy(guest, judgeCopy(guest, hostCopy(["C5xC4"], [T0 + 20.5 * H]), { author: HOST, at: T0 + 21 * H, now: T0 + 21 * H }));
  assert.equal(honest.seenAfter, null);
});

test("a turn dated back and a win on time in the same copy: the claim is judged against the time this page gives, from its read that lacked the turn", () => {
  // The guest (Black) joined at T0 + 1 h and read the relays at T0 + 20 h: no opening then. The
  // host lets its own day run out and, within its hour of margin, publishes its opening dated
  // 1 ms after the join with a win on time against the guest.
  const guest = guestRecord({ checked: { at: T0 + 20 * H, n: 0 } });
  const now = T0 + H + DAY_MS + 1000;
  const claim = (at) => hostCopy(["C5xC4"], [T0 + H + 1], { end: { reason: "timeout", loser: "black", at } });
  const alone = takeCopy(guest, judgeCopy(guest, hostCopy(["C5xC4"], [T0 + H + 1]), { author: HOST, at: now, now }), now);
  assert.equal(deadlineOf(alone), T0 + 20 * H + DAY_MS, "the same turn alone: a day from the read");
  assert.deepEqual(judgeCopy(guest, claim(now), { author: HOST, at: now, now }), { ok: false, why: "deadline" }, "the guest lost a turn it never saw");
  const before = T0 + 20 * H + DAY_MS - 1;
  assert.deepEqual(judgeCopy(guest, claim(before), { author: HOST, at: before, now: before }), { ok: false, why: "deadline" }, "a minute before that day ends");
  const after = T0 + 20 * H + DAY_MS;
  assert.equal(judgeCopy(guest, claim(after), { author: HOST, at: after, now: after }).end.loser, "black", "that day over by this page's clock: the claim holds");
  // An honest claim: the opening played after the guest's read (or no read at all), the guest's
  // day and the host's margin gone.
  const late = T0 + 21 * H + DAY_MS + MARGIN_MS;
  const honest = hostCopy(["C5xC4"], [T0 + 21 * H], { end: { reason: "timeout", loser: "black", at: late } });
  assert.equal(judgeCopy(guest, honest, { author: HOST, at: late, now: late }).end.loser, "black");
  assert.equal(judgeCopy(guestRecord(), claim(now), { author: HOST, at: now, now }).end.loser, "black", "no read since the join: the turn's own moment counts");
});

test("a guest's join and first turn dated back with a win on time against the host: the host's turn counts from its read without the guest", () => {
  // The host (Black; the guest plays White) made the game at T0 and read the relays at T0 + 20 h,
  // no guest. A guest publishes at T0 + a day + 1 s: joined at T0, its opening at T0 + 1 ms, and
  // the host out of time.
  const game = { ...GAME, white: "guest" };
  const host = hostRecord({ game, checked: { at: T0 + 20 * H, n: 0 } });
  const now = T0 + DAY_MS + 1000;
  const copy = (at) => guestCopy(["C5xC4"], [T0 + 1], { game: { ...game, names: { host: "Ann", guest: "Mallory" } }, joined: T0, end: { reason: "timeout", loser: "black", at } });
  assert.deepEqual(judgeCopy(host, copy(now), { author: GUEST, at: now, now }), { ok: false, why: "deadline" }, "the host lost a game it never had a turn in");
  const after = T0 + 20 * H + DAY_MS;
  assert.equal(judgeCopy(host, copy(after), { author: GUEST, at: after, now: after }).end.loser, "black", "a day after the read: the claim holds");
  assert.equal(judgeCopy(hostRecord({ game, checked: { at: T0 + 1000, n: 0 } }), copy(now), { author: GUEST, at: now, now }).end.loser, "black", "the host's last read before that join: from the opening");
});

test("this page publishes whole turns only, and its copy reads back", () => {
  const host = takeCopy(hostRecord({ actions: ["C5xC4"], times: [T0 + 2 * H] }), judge(hostRecord(), guestCopy(), GUEST));
  const half = { ...host, actions: [...host.actions, "B3xC4"], times: [...host.times, T0 + 3 * H] };
  assert.deepEqual(copyOf(half).actions, ["C5xC4"]);
  assert.deepEqual(readCopy(JSON.stringify(copyOf(half))), copyOf(half));
  assert.equal(copyOf(half).guest, GUEST);
  assert.deepEqual(copyOf({ ...half, winner: "white" }).actions, ["C5xC4", "B3xC4"], "a game the rules ended: every action");
});

test("what changed since the player last looked", () => {
  const guest = seenNow(guestRecord());
  const moved = takeCopy(guest, judge(guest, hostCopy(["C5xC4"]), HOST));
  assert.deepEqual(changesSince(moved), [{ key: "online.turns.changed.played", params: { name: "Ann", actions: "C5xC4", at: T0 + 2 * H } }]);
  assert.deepEqual(changesSince(seenNow(moved)), []);
  const resigned = takeCopy(moved, judge(moved, hostCopy(["C5xC4"], undefined, { end: { reason: "resigned", loser: "white", at: T0 + 5 * H } }), HOST));
  assert.deepEqual(changesSince(resigned).map((c) => c.key), ["online.turns.changed.played", "online.turns.changed.resigned.them"]);
  const lost = { ...seenNow(moved), winner: "white", overAt: T0 + 9 * H };
  assert.deepEqual(changesSince(lost).map((c) => c.key), ["online.turns.changed.won.them"]);
});

test("the list kept in the browser: one record a room, the oldest finished games go", () => {
  const storage = makeStorage(null);
  putTurns(storage, hostRecord({ room: "a" }));
  putTurns(storage, guestRecord({ room: "b" }));
  putTurns(storage, hostRecord({ room: "a", name: "Ann again" }));
  assert.deepEqual(turnsIn(storage).map((r) => [r.room, r.name]), [["a", "Ann again"], ["b", "Bob"]]);
  for (let i = 0; i < MAX_FINISHED + 3; i += 1) putTurns(storage, hostRecord({ room: `f${i}`, winner: "white" }));
  assert.equal(turnsIn(storage).filter((r) => r.winner).length, MAX_FINISHED);
  assert.ok(turnsIn(storage).some((r) => r.room === "a") && turnsIn(storage).some((r) => r.room === "b"), "games under way stay");
  storage.set("turns", [{ v: 9 }, "x", null]);
  assert.deepEqual(turnsIn(storage), [], "what cannot be read is left out");
});

/** `value` as the storage gives it back (JSON: a field undefined is not kept). */
const stored = (value) => JSON.parse(JSON.stringify(value));
// Records this page refuses (turns-record.js readTurnsRecord): one of a later release's version,
// one without its seat key, one whose time control is a text.
const LATER = { ...hostRecord({ room: "later" }), v: 2 };
const NO_KEY = hostRecord({ room: "no-key", key: undefined });
const DAYS_TEXT = hostRecord({ room: "days-text", game: { ...GAME, days: "3" } });

test("a game by turns this page cannot read is kept as it was when another game is saved or one is forgotten", () => {
  // (Until 2026-12-07 putTurns wrote back only the records it read: one damaged record, or one of
  // another release's version, was erased, seat key and all, at the next save of any other game.)
  const storage = makeStorage(null);
  storage.set("turns", [LATER, NO_KEY, DAYS_TEXT, "x"]);
  putTurns(storage, hostRecord({ room: "a" }));
  putTurns(storage, guestRecord({ room: "b" }));
  dropTurns(storage, "a");
  assert.deepEqual(turnsIn(storage).map((r) => r.room), ["b"]);
  assert.deepEqual(storage.get("turns").slice(1), stored([LATER, NO_KEY, DAYS_TEXT, "x"]));
  // A value that is no list at all (its text damaged) is kept too, as its text.
  storage.setText("turns", '[{"v":1,"room":"cut');
  putTurns(storage, hostRecord({ room: "c" }));
  assert.deepEqual(turnsIn(storage).map((r) => r.room), ["c"]);
  assert.deepEqual(storage.get("turns").slice(1), ['[{"v":1,"room":"cut']);
});

test("the count and the list of games by turns take a record as the game's reader does", () => {
  // (Until 2026-12-07 usableRecords, the top bar's count and Your games by turns, took a time
  // control "3" and a record without its seat key, which the reader refuses: a game listed
  // that could not be opened.)
  const storage = makeStorage(null);
  storage.set("turns", [hostRecord({ room: "ok" }), LATER, NO_KEY, DAYS_TEXT, null]);
  assert.deepEqual(turnsIn(storage).map((r) => r.room), ["ok"]);
  assert.deepEqual(usableRecords(storage.get("turns")).map((r) => r.room), ["ok"]);
});

/** A Storage like the browser's, over a Map; each write throws as a full one's does while `full.on`. */
function fakeLocal(full = { on: false }) {
  const items = new Map();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, text) {
      if (full.on) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, String(text));
    },
    removeItem: (key) => items.delete(key),
  };
}

test("what this page cannot read of its games by turns is set aside once, as it was, and counted for the player; the rest stays", () => {
  const local = fakeLocal();
  const storage = makeStorage(local);
  const ok = hostRecord({ room: "ok" });
  storage.set("turns", [ok, LATER, NO_KEY, DAYS_TEXT, "x"]);
  assert.equal(setAsideTurns(storage), 4);
  assert.deepEqual(JSON.parse(local.items.get("tzaar.turns")), stored([ok]));
  assert.deepEqual(JSON.parse(local.items.get("tzaar.turns.set-aside")), stored([LATER, NO_KEY, DAYS_TEXT, "x"]));
  assert.equal(setAsideTurns(storage), 0, "said once: nothing left to set aside");
  // A value that is no list at all goes aside as its text, after what was set aside before.
  local.items.set("tzaar.turns", '[{"v":1,"room":"cut');
  assert.equal(setAsideTurns(makeStorage(local)), 1);
  assert.equal(local.items.has("tzaar.turns"), false);
  assert.deepEqual(JSON.parse(local.items.get("tzaar.turns.set-aside")), [...stored([LATER, NO_KEY, DAYS_TEXT, "x"]), '[{"v":1,"room":"cut']);
  // A damaged set-aside value is kept too, as its text.
  local.items.set("tzaar.turns.set-aside", "{cut");
  local.items.set("tzaar.turns", JSON.stringify([LATER]));
  assert.equal(setAsideTurns(makeStorage(local)), 1);
  assert.deepEqual(JSON.parse(local.items.get("tzaar.turns.set-aside")), ["{cut", stored(LATER)]);
});

test("a storage too full to keep a game by turns aside leaves it where it was, skipped, and says nothing yet", () => {
  const full = { on: false };
  const local = fakeLocal(full);
  local.items.set("tzaar.turns", JSON.stringify([hostRecord({ room: "ok" }), LATER]));
  const before = new Map(local.items);
  const storage = makeStorage(local);
  full.on = true;
  assert.equal(setAsideTurns(storage), 0);
  assert.equal(setAsideTurns(storage), 0);
  assert.deepEqual(local.items, before);
  assert.equal(storage.getText("turns.set-aside"), null, "nothing half set aside in memory either");
  assert.deepEqual(turnsIn(storage).map((r) => r.room), ["ok"]);
  full.on = false; // (room again: the next load sets it aside)
  assert.equal(setAsideTurns(storage), 1);
});

test("a copy as an event on the relays: sealed with the game's key, signed by the seat, read back; a forged one is not", async () => {
  const { schnorr } = await import("../../node_modules/@noble/secp256k1/index.js");
  const { newSeat, roomOf, turnsKeys, copyEvent, readCopyEvent, COPY_KIND } = await import("../../web/online/turns-events.js");
  const seat = await newSeat({ schnorr });
  assert.match(seat.me, /^[0-9a-f]{64}$/);
  const room = await roomOf(seat.me);
  assert.match(room, /^[A-Za-z0-9_-]{22}$/, "the link's room: 22 characters naming the host's key");
  const secret = "s".repeat(24);
  const keys = await turnsKeys(secret, room);
  assert.match(keys.tag, /^[0-9a-f]{64}$/);
  const record = { ...hostRecord(), key: seat.key, me: seat.me, host: seat.me, room, secret };
  const event = await copyEvent(record, keys, { now: T0, schnorr });
  assert.equal(event.kind, COPY_KIND);
  assert.deepEqual(event.tags, [["d", keys.tag], ["expiration", String(T0 / 1000 + 30 * 86400)]]);
  assert.ok(!event.content.includes("Ann"), "sealed: no name in clear");
  const read = await readCopyEvent(event, keys, { schnorr });
  assert.equal(read.author, seat.me);
  assert.equal(read.at, T0);
  assert.deepEqual(read.copy, copyOf(record));
  assert.equal(await readCopyEvent({ ...event, created_at: event.created_at + 1 }, keys, { schnorr }), null, "its signature no longer holds");
  const other = await newSeat({ schnorr });
  const resigned = await copyEvent({ ...record, key: other.key, me: other.me }, keys, { now: T0, schnorr });
  assert.equal((await readCopyEvent({ ...resigned, pubkey: seat.me }, keys, { schnorr })), null, "another key's event under the host's key");
  assert.equal((await readCopyEvent(event, await turnsKeys("t".repeat(24), room), { schnorr })), null, "another game's key");
});

test("this player's own copy ahead of the record (the game moved from a device that played on): taken as far as it goes", () => {
  // Bob moved his game when it had White's opening; his first device then played his turn.
  const moved = guestRecord({ actions: ["C5xC4"], times: [T0 + 2 * H] });
  const ahead = guestCopy(OPENING, [T0 + 2 * H, T0 + 3 * H, T0 + 3 * H]);
  const verdict = judge(moved, ahead, GUEST);
  assert.equal(verdict.ok, true);
  assert.notEqual(verdict.own, true, "not ignored as this page's own echo");
  assert.deepEqual(verdict.actions, OPENING.slice(1));
  assert.equal(verdict.whole, true);
  const r = takeCopy(moved, verdict);
  assert.deepEqual(r.actions, OPENING);
  // Then the host's copy that holds Bob's turn follows on from it (before: "a move out of turn").
  assert.equal(judge(r, hostCopy([...OPENING, "E5xE6"], [T0 + 2 * H, T0 + 3 * H, T0 + 3 * H, T0 + 4 * H]), HOST).ok, true);
  // The host, moved before its guest joined: its own copy binds the guest.
  const host = hostRecord();
  const bound = judge(host, hostCopy(["C5xC4"], [T0 + 2 * H]), HOST);
  assert.deepEqual(bound.bind, { key: GUEST, name: "Bob", joined: T0 + H });
  assert.deepEqual(bound.actions, ["C5xC4"]);
  // Its own copy that is not ahead, or that disagrees: nothing to take (the record stays).
  assert.equal(judge(r, ahead, GUEST).own, true, "the echo of what it holds");
  assert.equal(judge(moved, guestCopy(["D5xD4"], [T0 + 2 * H]), GUEST).own, true, "another history: ignored");
  assert.equal(judge(moved, { ...ahead, role: "host" }, GUEST).own, true, "a copy under its key in the other role: ignored");
  // Its own resignation made on the other device is taken; a win on time it claimed there is not (this page's clock claims it).
  const resigned = guestCopy(OPENING.slice(0, 1), [T0 + 2 * H], { end: { reason: "resigned", loser: "black", at: T0 + 3 * H } });
  assert.deepEqual(judge(moved, resigned, GUEST).end, { reason: "resigned", loser: "black", at: T0 + 3 * H });
  const claim = guestCopy(OPENING.slice(0, 1), [T0 + 2 * H], { end: { reason: "timeout", loser: "white", at: T0 + 3 * H } });
  assert.equal(judge(moved, claim, GUEST).own, true);
});
