// Open challenges by turns (online/turns-challenge.js, turns-challenge-events.js): their
// messages read strictly, the list (one an author, closed for good by its author's end, a
// budget an author, a cap, expiry, hundreds fast), the host's order of the takes, the events
// signed and read back, and the secret both sides derive. Each attack is what a modified page
// could publish: it changes nothing it should not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { schnorr } from "../../node_modules/@noble/secp256k1/index.js";

import { readChallenge, writeChallenge, ChallengeList, earliestTake, challengeGame, challengeRecord, judgeTake, MAX_CHALLENGES, MAX_TAKES, RATE_BURST, CHALLENGE_TTL } from "../../web/online/turns-challenge.js";
import { challengeEvent, takeEvent, readChallengeEvent, readTakeEvent, makeChallengeKeys, deriveChallenge, takeTag } from "../../web/online/turns-challenge-events.js";
import { newSeat } from "../../web/online/turns-events.js";
import { newTurnsRecord, takeCopy } from "../../web/online/turns-record.js";
import { DAY_MS, deadlineOf, missedDeadline, turnOf } from "../../web/game/by-turns.js";

const T0 = Date.UTC(2026, 11, 1, 12);
const KEY = "BKEFL9RsXtH5G3VntfH3SbgdYDOc8Hm0hK6Dpqx5bP3Yt9FFBvVUH-AE4fw2HcDsJbdvMeDmqxR4AiAd-tRZsjY"; // a point of P-256
const ANN = "a".repeat(64);
const BOB = "b".repeat(64);
const challenge = (more = {}) => ({ v: 1, t: "challenge", name: "Ann", days: 3, colour: "random", games: 12, since: T0, key: KEY, ...more });
const text = (message) => JSON.stringify(message);

test("a challenge's messages are read strictly: exactly their fields, each in range", async () => {
  const keys = await makeChallengeKeys();
  const good = challenge({ key: keys.publicText });
  assert.deepEqual(readChallenge(text(good), T0), good);
  assert.equal(readChallenge(writeChallenge("challenge", { name: "Ann", days: 7, colour: "black", games: 0, since: T0, key: keys.publicText }), T0).days, 7);
  assert.equal(readChallenge(text({ v: 1, t: "taken", guest: BOB, at: T0 }), T0).guest, BOB);
  assert.equal(readChallenge(text({ v: 1, t: "withdrawn", at: T0 }), T0).t, "withdrawn");
  assert.equal(readChallenge(text({ v: 1, t: "take", key: keys.publicText, at: T0 }), T0).t, "take");
  const bad = [
    { ...good, days: 2 }, // not a time control by turns
    { ...good, colour: "red" },
    { ...good, games: -1 },
    { ...good, games: 1.5 },
    { ...good, name: "Ann\u202e" }, // a name not shown as itself
    { ...good, name: "x".repeat(25) },
    { ...good, key: "A".repeat(87) }, // not a point of the curve
    { ...good, host: ANN }, // a field more (claiming a seat: the author is the seat)
    (({ key, ...rest }) => rest)(good), // a field missing
    { ...good, v: 2 },
    { ...good, since: T0 + 10 * 60_000 }, // from the future
    { ...good, since: T0 - CHALLENGE_TTL - 6 * 60_000 }, // older than a challenge lives
    { v: 1, t: "taken", guest: "B".repeat(64), at: T0 },
    { v: 1, t: "withdrawn", at: T0, guest: BOB },
    { v: 1, t: "hello", at: T0 },
  ];
  for (const message of bad) assert.equal(readChallenge(text(message), T0), null, text(message));
  assert.equal(readChallenge(text(good) + " ".repeat(600), T0), null, "padded past 600 characters as it came");
  assert.equal(readChallenge("[1,2]", T0), null);
  assert.equal(readChallenge("{", T0), null);
  assert.throws(() => writeChallenge("challenge", { name: "", days: 3, colour: "random", games: 0, since: T0, key: "x" }));
});

test("the list: one challenge an author, closed for good by the same author's end, in either order", () => {
  const list = new ChallengeList();
  const at = T0 + 1000;
  assert.equal(list.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: challenge() }, at), true);
  assert.equal(list.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: challenge() }, at), false, "the same from another relay");
  assert.deepEqual(list.view(at).map((c) => c.author), [ANN]);
  // A forged "taken" is an event of the forger's key: it closes the forger's challenge, not Ann's.
  list.receive({ author: BOB, expires: T0 + CHALLENGE_TTL, message: { v: 1, t: "taken", guest: BOB, at } }, at);
  assert.deepEqual(list.view(at).map((c) => c.author), [ANN]);
  list.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: { v: 1, t: "withdrawn", at } }, at);
  assert.deepEqual(list.view(at), []);
  // Its challenge heard again afterwards (an older copy from a relay that kept both): it stays out.
  list.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: challenge() }, at + 1);
  assert.deepEqual(list.view(at + 1), []);
  assert.deepEqual(list.closedOf(ANN), { t: "withdrawn", guest: null });
  // The end first, then the challenge: it never shows.
  const other = new ChallengeList();
  other.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: { v: 1, t: "taken", guest: BOB, at } }, at);
  other.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: challenge() }, at);
  assert.deepEqual(other.view(at), []);
});

test("the list: expiry, oldest first, a budget an author", () => {
  const list = new ChallengeList();
  const c = (author, since, expires = since + CHALLENGE_TTL) => list.receive({ author, expires, message: challenge({ since }) }, T0);
  c(BOB, T0 - 2000);
  c(ANN, T0 - 5000, T0 + 60_000);
  assert.deepEqual(list.view(T0).map((x) => x.author), [ANN, BOB]);
  assert.deepEqual(list.view(T0 + 60_000).map((x) => x.author), [BOB], "expired");
  // One author publishing new versions fast: its budget spent, the rest is not heard.
  const flood = new ChallengeList();
  let heard = 0;
  for (let i = 0; i < 50; i += 1) heard += flood.receive({ author: ANN, expires: T0 + CHALLENGE_TTL, message: challenge({ since: T0 + i }) }, T0) ? 1 : 0;
  assert.equal(heard, RATE_BURST);
});

test("hundreds of challenges listed stay fast; a flood under fresh keys stops at the cap", () => {
  const list = new ChallengeList();
  const author = (i) => i.toString(16).padStart(64, "0");
  const started = performance.now();
  for (let i = 0; i < MAX_CHALLENGES + 300; i += 1) list.receive({ author: author(i), expires: T0 + CHALLENGE_TTL, message: challenge({ since: T0 - i * 1000, name: `P${i}` }) }, T0);
  let view;
  for (let i = 0; i < 100; i += 1) view = list.view(T0); // (a view a second for 100 s)
  const ms = performance.now() - started;
  assert.equal(view.length, MAX_CHALLENGES);
  assert.ok(ms < 1000, `800 challenges heard and 100 views took ${ms.toFixed(0)} ms`);
  // Once some expire, new ones get in again.
  assert.equal(list.receive({ author: "f".repeat(64), expires: T0 + 2 * CHALLENGE_TTL, message: challenge({ since: T0 + CHALLENGE_TTL }) }, T0 + CHALLENGE_TTL + 1), true);
});

test("the host tries the takes earliest first, one an author, at most MAX_TAKES", () => {
  const takes = [
    { author: BOB, at: T0 + 3000, id: "2" },
    { author: ANN, at: T0 + 1000, id: "9" },
    { author: BOB, at: T0 + 2000, id: "1" },
    { author: "c".repeat(64), at: T0 + 1000, id: "3" },
  ];
  assert.deepEqual(earliestTake(takes).map((t) => t.id), ["3", "9", "1"]);
  const flood = Array.from({ length: 300 }, (_, i) => ({ author: i.toString(16).padStart(64, "0"), at: T0 + i, id: String(i) }));
  assert.equal(earliestTake(flood).length, MAX_TAKES);
  assert.equal(earliestTake(flood)[0].id, "0");
});

test("events: a challenge, its end and a take signed and read back; forgeries read as nothing", async () => {
  const ann = await newSeat({ schnorr });
  const mallory = await newSeat({ schnorr });
  const keys = await makeChallengeKeys();
  const message = writeChallenge("challenge", { name: "Ann", days: 1, colour: "white", games: 3, since: T0, key: keys.publicText });
  const event = await challengeEvent(ann, message, { now: T0, expires: T0 + CHALLENGE_TTL, schnorr });
  const read = await readChallengeEvent(event, T0 + 5000, { schnorr });
  assert.equal(read.author, ann.me);
  assert.equal(read.message.name, "Ann");
  assert.equal(read.expires, T0 + CHALLENGE_TTL);
  // Ann's challenge copied and signed by another key: it is that key's challenge (its room is
  // the forger's), never Ann's; and its content changed under Ann's signature fails.
  const copied = await challengeEvent(mallory, message, { now: T0, expires: T0 + CHALLENGE_TTL, schnorr });
  assert.equal((await readChallengeEvent(copied, T0, { schnorr })).author, mallory.me);
  assert.equal(await readChallengeEvent({ ...event, pubkey: mallory.me }, T0, { schnorr }), null);
  assert.equal(await readChallengeEvent({ ...event, content: message.replace("Ann", "Eve") }, T0, { schnorr }), null);
  // Living longer than a week, expired, tags changed, oversized: nothing.
  assert.equal(await readChallengeEvent(await challengeEvent(ann, message, { now: T0, expires: T0 + CHALLENGE_TTL + 3_600_000, schnorr }), T0, { schnorr }), null);
  assert.equal(await readChallengeEvent(event, T0 + CHALLENGE_TTL + 1000, { schnorr }), null);
  assert.equal(await readChallengeEvent({ ...event, tags: [event.tags[0], ["t", "other"], event.tags[2]] }, T0, { schnorr }), null);
  const padded = await challengeEvent(ann, message + " ".repeat(600), { now: T0, expires: T0 + CHALLENGE_TTL, schnorr });
  assert.equal(await readChallengeEvent(padded, T0, { schnorr }), null);
  // A take, addressed by its tag to Ann's challenge only.
  const bob = await newSeat({ schnorr });
  const take = await takeEvent(bob, ann.me, writeChallenge("take", { key: keys.publicText, at: T0 }), { now: T0, schnorr });
  assert.equal(take.tags[0][1], takeTag(ann.me));
  assert.equal((await readTakeEvent(take, ann.me, T0, { schnorr })).author, bob.me);
  assert.equal(await readTakeEvent(take, mallory.me, T0, { schnorr }), null);
  assert.equal(await readTakeEvent(await takeEvent(ann, ann.me, writeChallenge("take", { key: keys.publicText, at: T0 }), { now: T0, schnorr }), ann.me, T0, { schnorr }), null, "the host's own take");
});

test("the host and its taker derive the same secret and colour; nobody else can", async () => {
  const host = await makeChallengeKeys();
  const taker = await makeChallengeKeys();
  const other = await makeChallengeKeys();
  const a = await deriveChallenge(host.jwk, taker.publicText, { host: ANN });
  const b = await deriveChallenge(taker.jwk, host.publicText, { host: ANN });
  assert.deepEqual(a, b);
  assert.match(a.secret, /^[A-Za-z0-9_-]{24}$/);
  assert.notDeepEqual((await deriveChallenge(other.jwk, host.publicText, { host: ANN })).secret, a.secret);
  assert.notDeepEqual((await deriveChallenge(host.jwk, taker.publicText, { host: BOB })).secret, a.secret, "another host's room");
});

test("the host binds a take only by a guest copy of this game signed by the take's own key, in whole turns", async () => {
  const { newTurnsRecord } = await import("../../web/online/turns-record.js");
  const c = { name: "Ann", days: 3, colour: "random", since: T0 };
  const game = challengeGame(c, false);
  assert.equal(game.white, "guest", "random: the draw");
  assert.equal(challengeGame({ ...c, colour: "white" }, false).white, "host");
  assert.equal(challengeGame({ ...c, colour: "black" }, true).white, "guest");
  const host = newTurnsRecord({ room: "r", secret: "s", role: "host", key: "1".repeat(64), me: ANN, host: ANN, name: "Ann", game });
  const copy = (more = {}) => ({ v: 1, role: "guest", host: ANN, guest: BOB, game: { ...game, names: { host: "Ann", guest: "Bob" } }, joined: T0 + 1000, actions: [], times: [], end: null, ...more });
  const take = { author: BOB };
  const now = T0 + 5000;
  assert.equal(judgeTake(host, take, { author: BOB, at: now, copy: copy() }, now).bind.key, BOB);
  assert.deepEqual(judgeTake(host, take, { author: BOB, at: now, copy: copy({ actions: ["C5xC4"], times: [T0 + 2000] }) }, now).actions, ["C5xC4"]);
  const MALLORY = "c".repeat(64);
  const refused = [
    [{ author: MALLORY, at: now, copy: copy({ guest: MALLORY }) }, "a copy of another key than the take's"],
    [{ author: BOB, at: now, copy: copy({ game: { ...game, days: 7, names: { host: "Ann", guest: "Bob" } } }) }, "another game"],
    [{ author: BOB, at: now, copy: copy({ host: MALLORY }) }, "another host"],
    [{ author: BOB, at: now, copy: copy({ joined: T0 - 1000 }) }, "joined before the challenge"],
    [{ author: BOB, at: now, copy: copy({ actions: ["C5xC4", "B3xC4"], times: [T0 + 2000, T0 + 3000] }) }, "the host's turn played by the guest"],
    [null, "no copy"],
  ];
  for (const [read, why] of refused) assert.equal(judgeTake(host, take, read, now), null, why);
});

test("a taker's join dated back to the challenge: the host's first turn counts from its latest check of its takes, an honest taker's as both pages see it", () => {
  const H = 3_600_000;
  // Ann posted a 1-day challenge at T0. Her page checked its takes at T0 + 12 h (none) and next
  // opens Play online at T0 + 30 h. Mallory took it at T0 + 29 h, her copy dated joined = T0
  // (the challenge's own moment).
  const posted = (colour) => ({ key: "1".repeat(64), me: ANN, name: "Ann", days: 1, colour, games: 0, since: T0, checked: T0 + 12 * H });
  const host = (colour) => challengeRecord(posted(colour), { room: "r", secret: "s", hostWhite: true });
  const now = T0 + 30 * H;
  const guestCopy = (game, more) => ({ v: 1, role: "guest", host: ANN, guest: BOB, game: { ...game, names: { host: "Ann", guest: "Bob" } }, actions: [], times: [], end: null, ...more });
  const bind = (record, copy) => {
    const verdict = judgeTake(record, { author: BOB }, { author: BOB, at: T0 + 29 * H, copy }, now);
    assert.ok(verdict, "the take binds");
    return takeCopy(record, verdict, now);
  };
  const white = host("white");
  const dated = bind(white, guestCopy(white.game, { joined: T0 }));
  assert.equal(dated.joined, T0, "(the join as the guest's copies say it)");
  assert.equal(missedDeadline(dated, now), null, "Ann lost on time the moment her page saw the game");
  assert.equal(deadlineOf(dated), T0 + 36 * H, "a day from her check at T0 + 12 h");
  // Ann plays Black: Mallory's opening dated back with her join; Ann's turn still from her check.
  const black = host("black");
  const opened = bind(black, guestCopy(black.game, { joined: T0, actions: ["C5xC4"], times: [T0 + 1] }));
  assert.equal(turnOf(opened), "me");
  assert.equal(deadlineOf(opened), T0 + 36 * H);
  // An honest taker, who joined after that check: the same deadline on both pages (the taker's
  // page counts from its own join, or its own opening), and its opening not late.
  for (const [record, actions] of [[white, []], [black, ["C5xC4"]]]) {
    const joined = T0 + 13 * H;
    const times = actions.map(() => joined + 1000);
    const bound = bind(record, guestCopy(record.game, { joined, actions, times }));
    const taker = { ...newTurnsRecord({ room: "r", secret: "s", role: "guest", key: "2".repeat(64), me: BOB, host: ANN, them: ANN, name: "Bob", game: { ...record.game, names: { host: "Ann", guest: "Bob" } }, joined }), actions, times };
    assert.deepEqual(bound.actions, actions, "the opening taken");
    assert.equal(deadlineOf(bound), (times[0] ?? joined) + DAY_MS);
    assert.equal(deadlineOf(bound), deadlineOf(taker), "both pages give Ann the same day");
  }
  // A host whose page never checked its takes since it posted: from the challenge's moment.
  const { checked, ...never } = posted("white");
  assert.equal(deadlineOf(bind(challengeRecord(never, { room: "r", secret: "s", hostWhite: true }), guestCopy(white.game, { joined: T0 }))), T0 + DAY_MS);
});
