// Games by turns on a page (online/turns.js TurnsGames, turns-read.js, turns-challenges.js),
// against relays played in memory that anyone can write to: junk under the game's tag from
// fresh keys, a relay that sends a forged twin of a real copy or floods forgeries, a host that
// names another guest once the game is under way or withdraws a challenge already being
// played, takes made up after a real one, an invite whose game is over where it starts. The
// other player's real copy is still taken, and the page never ends, freezes or erases a game
// on what it cannot check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { register } from "node:module";
import { schnorr } from "../../node_modules/@noble/secp256k1/index.js";

// The page signs and checks with the bundled library (online/lib/trystero.js, made by the
// build): here @noble/secp256k1 itself, which it bundles, stands for it.
const NOBLE = new URL("../../node_modules/@noble/secp256k1/index.js", import.meta.url).href;
const hooks = `export async function resolve(specifier, context, next) {
  return next(/\\/online\\/lib\\/trystero\\.js([?&].*)?$/.test(specifier) ? ${JSON.stringify(NOBLE)} : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

globalThis.document ??= { querySelector: () => null, documentElement: { lang: "en" }, visibilityState: "visible" };
const { TurnsGames } = await import("../../web/online/turns.js");
const { lookUpInvite } = await import("../../web/online/turns-read.js");
const { makeStorage } = await import("../../web/page/storage.js");
const { newSeat, roomOf, turnsKeys, copyEvent, COPY_KIND } = await import("../../web/online/turns-events.js");
const { signedEvent, toHex, fromHex } = await import("../../web/online/relay-crypto.js");
const { newTurnsRecord, putTurns, turnOfRoom } = await import("../../web/online/turns-record.js");

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const H = 3_600_000;
const DAY = 24 * H;
const SECRET = "s".repeat(24);

/** Relays in memory, by URL: each keeps `stored` events and answers a REQ as NIP-01 says (its
 * filters' kinds, authors, "#d" and limit: the newest first), unless it is `hostile`: then it
 * sends `hostile(filters)`'s events first, then EOSE. `Socket` is the page's WebSocket class. */
function memoryRelays(relays) {
  const matches = (f, e) => (!f.kinds || f.kinds.includes(e.kind)) && (!f.authors || f.authors.includes(e.pubkey)) && (!f["#d"] || f["#d"].includes(e.tags?.[0]?.[1]));
  const answer = (relay, filters) => {
    if (relay.hostile) return relay.hostile(filters);
    const out = new Map();
    for (const f of filters) for (const e of relay.stored.filter((e) => matches(f, e)).sort((a, b) => b.created_at - a.created_at).slice(0, f.limit ?? Infinity)) out.set(e.id, e);
    return [...out.values()];
  };
  return class {
    #listeners = {};
    constructor(url) {
      this.relay = relays[url];
      setImmediate(() => this.#emit("open", {}));
    }
    addEventListener(type, fn) {
      (this.#listeners[type] ??= []).push(fn);
    }
    #emit(type, event) {
      for (const fn of this.#listeners[type] ?? []) fn(event);
    }
    #frame(...frame) {
      this.#emit("message", { data: JSON.stringify(frame) });
    }
    send(text) {
      const [kind, id, ...filters] = JSON.parse(text);
      if (kind === "EVENT") return setImmediate(() => this.#frame("OK", id.id, true, ""));
      if (kind !== "REQ") return;
      setTimeout(() => {
        for (const event of answer(this.relay, filters)) this.#frame("EVENT", id, event);
        this.#frame("EOSE", id);
      }, this.relay.delay ?? 0);
    }
    close() {}
  };
}

async function withSockets(Socket, run) {
  const real = globalThis.WebSocket;
  globalThis.WebSocket = Socket;
  try {
    return await run();
  } finally {
    globalThis.WebSocket = real;
  }
}

async function until(ready, what, ms = 5000) {
  const end = Date.now() + ms;
  while (!ready() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(ready(), `never: ${what}`);
}

/** Ann (host, White) and Bob (guest, Black) three days into a game of a day a move. Bob's page
 * keeps his record (Bob played his turn 26 h ago); `annMoved`: Ann's copy with her answer, 3 h
 * ago (within her day), as a relay keeps it. */
async function game() {
  const [ann, bob, eve] = [await newSeat({ schnorr }), await newSeat({ schnorr }), await newSeat({ schnorr })];
  const room = await roomOf(ann.me);
  const keys = await turnsKeys(SECRET, room);
  const now = Date.now();
  const created = now - 3 * DAY;
  const g = { start: STANDARD, white: "host", days: 1, names: { host: "Ann", guest: "Bob" }, created };
  const base = { room, secret: SECRET, host: ann.me, game: g, joined: created + 1000 };
  const bobTurn = now - 26 * H;
  const bobRecord = { ...newTurnsRecord({ ...base, role: "guest", key: bob.key, me: bob.me, them: ann.me, name: "Bob" }), actions: ["C5xC4", "B3xC4", "D4-E5"], times: [created + 2000, bobTurn, bobTurn], checked: { at: bobTurn + 1000, n: 3 } };
  const annTurn = now - 3 * H;
  const annRecord = { ...newTurnsRecord({ ...base, role: "host", key: ann.key, me: ann.me, them: bob.me, name: "Ann" }), actions: [...bobRecord.actions, "E5xE4", "F6-F5"], times: [...bobRecord.times, annTurn, annTurn] };
  const annMoved = await copyEvent(annRecord, keys, { now: annTurn, schnorr });
  return { ann, bob, eve, room, keys, now, base, bobRecord, annRecord, annMoved };
}

/** `count` events of kind 30078 under `tag`, each under a fresh key (or `keys` fresh keys in
 * turn), dated `at` (ms; each a second before the one before it: no two alike). */
async function junk(tag, count, at, { keys = count } = {}) {
  const events = [];
  const seats = [];
  for (let i = 0; i < count; i += 1) {
    if (seats.length < keys) seats.push(await newSeat({ schnorr }));
    const key = fromHex(seats[i % seats.length].key);
    events.push(await signedEvent({ pubkey: toHex(schnorr.getPublicKey(key)), sign: (id) => schnorr.signAsync(id, key) }, { kind: COPY_KIND, tags: [["d", tag]], content: "{}", at: at - i * 1000 }));
  }
  return events;
}

/** Bob's page opening his game (`record`) against `relays` ({url: relay}): the TurnsGames, its storage. */
async function openOnBobsPage(record, relays) {
  const storage = makeStorage(null);
  putTurns(storage, record);
  const state = { setup: "turns", busy: false, actions: [], cursor: 0, view: {} };
  const ends = [];
  const board = {
    state,
    subscribe: () => () => {},
    async openGame({ actions }) {
      state.actions = [...actions];
      state.cursor = actions.length;
    },
    endGame: (end) => ends.push(end),
    async play(action) {
      state.actions.push(action);
      state.cursor += 1;
    },
  };
  const turns = new TurnsGames({ game: board, engine: { call: async () => ({ view: { winner: null } }) }, storage, config: async () => ({ relays: Object.keys(relays) }), enter: async () => {}, onChange: () => {} });
  await turns.open(record.room);
  return { turns, storage, ends };
}

test("a host's copy naming another guest, once the game is under way, is refused as rewriting it: the guest's game is not frozen, and its clock still runs", async () => {
  const g = await game();
  // Ann, long overdue (Bob played 26 h ago), publishes her copy naming Eve instead of Bob.
  const poison = await copyEvent({ ...g.annRecord, actions: g.bobRecord.actions, times: g.bobRecord.times, them: g.eve.me }, g.keys, { now: g.now - 60_000, schnorr });
  const relays = { "ws://one": { stored: [poison] } };
  await withSockets(memoryRelays(relays), async () => {
    const { turns, storage, ends } = await openOnBobsPage(g.bobRecord, relays);
    await until(() => turns.refusal, "the copy refused");
    assert.equal(turns.refusal.why, "history");
    assert.notEqual(turns.status, "refused");
    assert.equal(turnOfRoom(storage, g.room).lost, undefined, "the game is not kept as lost");
    await until(() => ends.length, "Bob's win on time, Ann being past her day and the margin");
    assert.equal(turnOfRoom(storage, g.room).winner, "black");
    turns.closed();
  });
});

test("a challenge's host that says later it withdrew (or gave the seat to another) cannot erase its taker's game once it is under way", async () => {
  const { Challenges, CHALLENGES_KEY } = await import("../../web/online/turns-challenges.js");
  const { writeChallenge, CHALLENGE_TTL } = await import("../../web/online/turns-challenge.js");
  const { challengeEvent } = await import("../../web/online/turns-challenge-events.js");
  const g = await game();
  const ends = {
    withdrawn: await challengeEvent(g.ann, writeChallenge("withdrawn", { at: g.now }), { now: g.now, expires: g.now + CHALLENGE_TTL - 60_000, schnorr }),
    taken: await challengeEvent(g.ann, writeChallenge("taken", { guest: g.eve.me, at: g.now }), { now: g.now, expires: g.now + CHALLENGE_TTL - 60_000, schnorr }),
  };
  const fresh = newTurnsRecord({ ...g.base, role: "guest", key: g.bob.key, me: g.bob.me, them: g.ann.me, name: "Bob" }); // took, not yet named
  const cases = [
    ["Bob's game under way (moves of both)", g.bobRecord, true],
    ["Bob named by the host's copy, no move yet", { ...fresh, named: true }, true],
    ["Bob's take, the host never named him", fresh, false],
  ];
  for (const [t, end] of Object.entries(ends)) {
    for (const [what, record, kept] of cases) {
      const storage = makeStorage(null);
      putTurns(storage, record);
      storage.set(CHALLENGES_KEY, { posted: [], took: [{ host: g.ann.me, room: g.room }] });
      const relays = { "ws://one": { stored: [end] } };
      const challenges = new Challenges({ storage, engine: null, config: async () => ({ relays: Object.keys(relays) }), turns: null, onChange: () => {} });
      await withSockets(memoryRelays(relays), () => challenges.check());
      assert.equal(Boolean(turnOfRoom(storage, g.room)), kept, `${t}: ${what}`);
      assert.equal(turnOfRoom(storage, g.room)?.key ?? g.bob.key, g.bob.key, "the seat key kept with the game");
      assert.deepEqual(storage.get(CHALLENGES_KEY).took, [], `${t}: ${what}: the take no longer checked`);
      assert.equal(challenges.notice !== null, !kept, `${t}: ${what}: said only when the game goes`);
    }
  }
});

test("a relay that sends first a twin of the other player's copy (its id, a forged signature) does not hide the real one the other relays send", async () => {
  const g = await game();
  const twin = { ...g.annMoved, sig: "0".repeat(128) };
  const relays = { "ws://evil": { hostile: () => [twin, twin] }, "ws://one": { stored: [g.annMoved], delay: 20 }, "ws://two": { stored: [g.annMoved], delay: 30 } };
  await withSockets(memoryRelays(relays), async () => {
    const { turns, storage, ends } = await openOnBobsPage(g.bobRecord, relays);
    await until(() => turnOfRoom(storage, g.room).checked.at > g.now - 1000, "the first read done");
    assert.equal(turnOfRoom(storage, g.room).actions.length, 5, "Ann's turn taken");
    assert.deepEqual(ends, [], "no win on time claimed");
    turns.closed();
  });
});

test("a relay that floods the open game with forgeries (ids of 60 KB, hundreds of twins under the player's key) fills only its own share: the real copy from another relay is taken", async () => {
  const g = await game();
  const forged = Array.from({ length: 400 }, (_, i) => ({ ...g.annMoved, id: i.toString(16).padStart(64, "0"), sig: "0".repeat(128) }));
  const huge = Array.from({ length: 50 }, (_, i) => ({ ...g.annMoved, id: String(i).padEnd(60_000, "f") }));
  const relays = { "ws://evil": { hostile: () => [...huge, ...forged] }, "ws://one": { stored: [g.annMoved], delay: 50 } };
  await withSockets(memoryRelays(relays), async () => {
    const { turns, storage } = await openOnBobsPage(g.bobRecord, relays);
    await until(() => turnOfRoom(storage, g.room).checked.at > g.now - 1000, "the first read done", 20_000);
    assert.equal(turnOfRoom(storage, g.room).actions.length, 5, "Ann's turn taken");
    turns.closed();
  });
});

test("junk under the game's tag from fresh keys, newer than the players' copies, hides no move: the page asks the relays for the players' own copies", async () => {
  const g = await game();
  const flood = await junk(g.keys.tag, 40, g.now - 1000);
  // Relays that honour NIP-01's limit (the newest first): with no authors asked, the junk is all they send.
  const relays = { "ws://one": { stored: [g.annMoved, ...flood] }, "ws://two": { stored: [g.annMoved, ...flood] } };
  await withSockets(memoryRelays(relays), async () => {
    const { turns, storage, ends } = await openOnBobsPage(g.bobRecord, relays);
    await until(() => turnOfRoom(storage, g.room).checked.at > g.now - 1000, "the first read done");
    assert.equal(turnOfRoom(storage, g.room).actions.length, 5, "Ann's turn taken");
    assert.deepEqual(ends, []);
    turns.closed();
    // Play online opened: every game under way checked in one query.
    const { checkGames } = await import("../../web/online/turns-read.js");
    const other = makeStorage(null);
    putTurns(other, g.bobRecord);
    await checkGames(Object.keys(relays), other, [g.bobRecord], { rulesAllow: async () => ({ winner: null }), save: (r) => putTurns(other, r) });
    assert.equal(turnOfRoom(other, g.room).actions.length, 5, "Ann's turn taken by the check of every game");
  });
});

test("an invite's lookup counts only the game's own copies: junk under its tag sent first does not hide the host's copy", async () => {
  const g = await game();
  const flood = await junk(g.keys.tag, 200, g.now - 1000);
  const invite = await copyEvent({ ...g.annRecord, them: null, joined: null, actions: [], times: [] }, g.keys, { now: g.now - 2 * DAY, schnorr });
  // A relay that sends everything it has (no limit honoured), the junk first.
  const relays = { "ws://one": { hostile: () => [...flood, invite] } };
  const found = await withSockets(memoryRelays(relays), () => lookUpInvite(Object.keys(relays), { room: g.room, secret: SECRET }));
  assert.equal(found.status, "found");
  assert.equal(found.host, g.ann.me);
});

test("an invite's link names its host's key: a flood under its tag past what a relay gives or the page examines does not hide the host's copy", async () => {
  const { MAX_EXAMINED } = await import("../../web/online/turns-read.js");
  const g = await game();
  const flood = await junk(g.keys.tag, MAX_EXAMINED + 100, g.now - 1000, { keys: 20 });
  const invite = await copyEvent({ ...g.annRecord, them: null, joined: null, actions: [], times: [] }, g.keys, { now: g.now - 2 * DAY, schnorr });
  const lookUp = (relays, link) => withSockets(memoryRelays(relays), () => lookUpInvite(Object.keys(relays), link));
  const withKey = { room: g.room, secret: SECRET, host: g.ann.me };
  // A relay that honours NIP-01's limit (the newest first), and one that sends all it has, the junk first.
  const honest = { "ws://one": { stored: [invite, ...flood] } };
  const hostile = { "ws://one": { hostile: () => [...flood, invite] } };
  assert.equal((await lookUp(honest, { room: g.room, secret: SECRET })).status, "missing", "a link with no key: the flood hides the copy (docs/online.md)");
  for (const relays of [honest, hostile]) {
    const found = await lookUp(relays, withKey);
    assert.deepEqual([found.status, found.host], ["found", g.ann.me]);
  }
  // A link whose key is not the one its room names (changed by hand): no game found, whatever that key signs.
  const eves = await copyEvent({ ...g.annRecord, host: g.eve.me, me: g.eve.me, key: g.eve.key, them: null, joined: null, actions: [], times: [] }, g.keys, { now: g.now - DAY, schnorr });
  const found = await lookUp({ "ws://one": { stored: [invite, eves] } }, { ...withKey, host: g.eve.me });
  assert.equal(found.status, "missing");
});

test("a hundred takes under fresh keys, newer than a real one, do not push it out of the host's read: the real taker is bound", async () => {
  const { Challenges, CHALLENGES_KEY } = await import("../../web/online/turns-challenges.js");
  const { writeChallenge, challengeGame, CHALLENGE_TTL, MAX_TAKES } = await import("../../web/online/turns-challenge.js");
  const { takeEvent, makeChallengeKeys, deriveChallenge } = await import("../../web/online/turns-challenge-events.js");
  const g = await game();
  const [hostKeys, takerKeys] = [await makeChallengeKeys(), await makeChallengeKeys()];
  const since = g.now - H;
  const posted = { ...g.ann, ecdh: hostKeys.jwk, name: "Ann", days: 1, colour: "white", games: 0, since, expires: since + CHALLENGE_TTL, state: "open" };
  // Bob takes it: his guest copy of the game both derive, then his take.
  const { secret, hostWhite } = await deriveChallenge(takerKeys.jwk, hostKeys.publicText, { host: g.ann.me });
  const made = challengeGame(posted, hostWhite);
  const joined = since + 60_000;
  const bobs = newTurnsRecord({ room: g.room, secret, role: "guest", key: g.bob.key, me: g.bob.me, host: g.ann.me, them: g.ann.me, name: "Bob", game: { ...made, names: { host: "Ann", guest: "Bob" } }, joined });
  const stored = [await copyEvent(bobs, await turnsKeys(secret, g.room), { now: joined, schnorr }), await takeEvent(g.bob, g.ann.me, writeChallenge("take", { key: takerKeys.publicText, at: joined }), { now: joined, schnorr })];
  // Then MAX_TAKES takes under fresh keys, with no copy behind them, dated after Bob's.
  for (let i = 0; i < MAX_TAKES; i += 1) {
    const seat = await newSeat({ schnorr });
    stored.push(await takeEvent(seat, g.ann.me, writeChallenge("take", { key: takerKeys.publicText, at: g.now - 1000 }), { now: g.now - 1000, schnorr }));
  }
  const storage = makeStorage(null);
  storage.set(CHALLENGES_KEY, { posted: [posted], took: [] });
  const relays = { "ws://one": { stored } }; // (honouring `limit`: the newest first)
  const challenges = new Challenges({ storage, engine: { call: async () => ({ view: { winner: null } }) }, config: async () => ({ relays: Object.keys(relays) }), turns: null, onChange: () => {} });
  await withSockets(memoryRelays(relays), () => challenges.check());
  assert.equal(turnOfRoom(storage, g.room)?.them, g.bob.me, "Bob bound");
});

test("an invite whose game is already over where it starts (a start position won, as the engine plays it) is not joined: the guest would join a game lost", async () => {
  const g = await game();
  const over = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/taATAat/taAAAt/tTTTT w1"; // (the engine below says Black has lost)
  const copy = { v: 1, role: "host", host: g.ann.me, guest: null, game: { ...g.base.game, start: over, names: { host: "Ann", guest: "" } }, joined: null, actions: [], times: [], end: null };
  const storage = makeStorage(null);
  const board = { state: { setup: "turns", actions: [], view: {} }, subscribe: () => () => {}, async openGame() {}, endGame() {}, async play() {} };
  const engine = { call: async (name, { position, actions }) => ({ view: { winner: position === over && !actions.length ? "white" : null } }) };
  const relays = { "ws://one": { stored: [] } };
  const turns = new TurnsGames({ game: board, engine, storage, config: async () => ({ relays: Object.keys(relays) }), enter: async () => {}, onChange: () => {} });
  await withSockets(memoryRelays(relays), async () => {
    turns.invite = { room: g.room, secret: SECRET, status: "found", host: g.ann.me, copy, at: g.now - DAY };
    await turns.join("Bob");
    assert.equal(turnOfRoom(storage, g.room), null, "no game joined");
    assert.equal(turns.invite?.status, "missing", "said as an invite that does not hold");
    turns.closed();
  });
});

test("a game under way that an earlier page kept as lost (its host's copy naming another guest, taken as the seat gone) is playable again when it opens", async () => {
  const g = await game();
  const relays = { "ws://one": { stored: [g.annMoved] } };
  await withSockets(memoryRelays(relays), async () => {
    const { turns, storage } = await openOnBobsPage({ ...g.bobRecord, lost: true }, relays);
    await until(() => turnOfRoom(storage, g.room).checked.at > g.now - 1000, "the first read done");
    assert.equal(turns.status, "playing");
    assert.equal(turnOfRoom(storage, g.room).lost, undefined);
    assert.equal(turnOfRoom(storage, g.room).actions.length, 5, "Ann's turn taken");
    turns.closed();
  });
});
