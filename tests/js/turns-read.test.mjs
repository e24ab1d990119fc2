// Games by turns read from the relays (online/turns-read.js, relay-sockets.js's RelayWatch),
// against relays played in memory: a read that lacks the other player's next move is kept (the
// record's `checked`, turns-record.js readAt), so that a turn the other dates back does not
// shorten this player's time to answer it; the open game's watch, and when it has heard all.
import { test } from "node:test";
import assert from "node:assert/strict";

import { checkGames, watchGame, READ_LIMIT } from "../../web/online/turns-read.js";
import { RelayWatch, READ_WAIT_MS } from "../../web/online/relay-sockets.js";
import { judgeCopy } from "../../web/online/turns-copy.js";
import { turnsKeys, COPY_KIND } from "../../web/online/turns-events.js";
import { newTurnsRecord, putTurns, turnOfRoom, takeCopy, readAt } from "../../web/online/turns-record.js";
import { makeStorage } from "../../web/page/storage.js";
import { DAY_MS, deadlineOf, missedDeadline } from "../../web/game/by-turns.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const H = 3_600_000;
const HOST = "a".repeat(64);
const GUEST = "b".repeat(64);

/** A relay (for readOnce's RelayWatch) that has no event: it answers every REQ with EOSE. */
class EmptyRelay {
  #listeners = {};
  constructor() {
    setImmediate(() => this.#emit("open", {}));
  }
  addEventListener(type, fn) {
    (this.#listeners[type] ??= []).push(fn);
  }
  #emit(type, event) {
    for (const fn of this.#listeners[type] ?? []) fn(event);
  }
  send(text) {
    const [, id] = JSON.parse(text);
    setImmediate(() => this.#emit("message", { data: JSON.stringify(["EOSE", id]) }));
  }
  close() {}
}

/** A relay in memory: `stored` events sent to each REQ (then EOSE, unless `answering` is false:
 * answer() sends it later), `push(event)` one new to every socket subscribed, `drop()` every
 * socket closed. `Socket` is its WebSocket class. */
function memoryRelay(stored = []) {
  const relay = { stored, answering: true, sockets: [], waiting: [] };
  relay.Socket = class {
    #listeners = {};
    subscription = null;
    constructor() {
      relay.sockets.push(this);
      setImmediate(() => this.emit("open", {}));
    }
    addEventListener(type, fn) {
      (this.#listeners[type] ??= []).push(fn);
    }
    emit(type, event) {
      for (const fn of this.#listeners[type] ?? []) fn(event);
    }
    frame(...frame) {
      this.emit("message", { data: JSON.stringify(frame) });
    }
    send(text) {
      const [kind, id] = JSON.parse(text);
      if (kind !== "REQ") return;
      this.subscription = id;
      for (const event of relay.stored) this.frame("EVENT", id, event);
      if (relay.answering) this.frame("EOSE", id);
      else relay.waiting.push(() => this.frame("EOSE", id));
    }
    close() {
      this.closed = true;
    }
  };
  relay.push = (event) => {
    for (const socket of relay.sockets) if (socket.subscription && !socket.closed) socket.frame("EVENT", socket.subscription, event);
  };
  relay.answer = () => relay.waiting.splice(0).forEach((send) => send());
  relay.drop = () => {
    for (const socket of relay.sockets.splice(0)) if (!socket.closed) (socket.closed = true), socket.emit("close", {});
  };
  return relay;
}

/** `run()` with `Socket` as the page's WebSocket (readOnce and watchGame use the global one). */
async function withSockets(Socket, run) {
  const real = globalThis.WebSocket;
  globalThis.WebSocket = Socket;
  try {
    return await run();
  } finally {
    globalThis.WebSocket = real;
  }
}

/** checkGames of `games` (kept in `store`) against relays that have nothing. */
async function checkOnEmptyRelays(store, games) {
  await withSockets(EmptyRelay, () => checkGames(["ws://relay.invalid"], store, games, { rulesAllow: async () => ({ winner: null }), save: (r) => putTurns(store, r) }));
}

async function until(ready, what, ms = 5000) {
  const end = Date.now() + ms;
  while (!ready() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(ready(), `never: ${what}`);
}

test("a turn dated back right after this player's own move, though this page read the relays since without it: this player's time counts from that read", async () => {
  const now = Date.now();
  const game = { start: STANDARD, white: "host", days: 1, names: { host: "Mallory", guest: "Bob" }, created: now - 40 * H };
  // The victim: the guest (Black). It opened the game 28 h ago (read: the opening there), played its turn 27 h ago, closed it.
  const victim = {
    ...newTurnsRecord({ room: "r", secret: "s", role: "guest", key: "2".repeat(64), me: GUEST, host: HOST, them: HOST, name: "Bob", game, joined: now - 30 * H }),
    actions: ["C5xC4", "B3xC4", "D4-E5"],
    times: [now - 29 * H, now - 27 * H, now - 27 * H],
    checked: { at: now - 28 * H, n: 1 },
  };
  const store = makeStorage(null);
  putTurns(store, victim);
  // Now: the victim opens Play online; every game under way is checked on the relays, which have no move of the attacker.
  await checkOnEmptyRelays(store, [victim]);
  const read = turnOfRoom(store, "r");
  // An hour later the attacker (White) publishes its turn, dated (its moves and its event's created_at)
  // a second after the victim's move of 27 h ago: within its own deadline by its own account.
  const dated = now - 27 * H + 1000;
  const copy = { v: 1, role: "host", host: HOST, guest: GUEST, game, joined: now - 30 * H, actions: [...victim.actions, "E5xE4", "F6-F5"], times: [...victim.times, dated, dated], end: null };
  const later = now + H;
  const verdict = judgeCopy(read, copy, { author: HOST, at: dated, now: later });
  assert.equal(verdict.ok, true);
  assert.equal(verdict.late, false);
  const taken = takeCopy(read, verdict, later);
  assert.ok(deadlineOf(taken) >= now + DAY_MS, `the victim's turn counts from ${(deadlineOf(taken) - DAY_MS - now) / H} h (from now: the read that lacked the move)`);
  assert.equal(missedDeadline(taken, later), null, "the victim's own page says it lost on time the moment it reads the move");
});

test("a guest's join dated back to the game's making, though the host's page read the relays since without it: the host's first turn counts from that read", async () => {
  const now = Date.now();
  const game = { start: STANDARD, white: "host", days: 1, names: { host: "Ann", guest: "" }, created: now - 30 * H };
  const host = newTurnsRecord({ room: "r", secret: "s", role: "host", key: "1".repeat(64), me: HOST, host: HOST, name: "Ann", game });
  const store = makeStorage(null);
  putTurns(store, host);
  await checkOnEmptyRelays(store, [host]); // (Play online opened: the game waits for its guest, none on the relays)
  const read = turnOfRoom(store, "r");
  assert.ok(read.checked.at >= now, "a game awaiting its guest: the read kept");
  // An hour later Mallory joins, her copy saying she joined a second after the game was made.
  const joined = game.created + 1000;
  const copy = { v: 1, role: "guest", host: HOST, guest: GUEST, game: { ...game, names: { host: "Ann", guest: "Mallory" } }, joined, actions: [], times: [], end: null };
  const later = now + H;
  const verdict = judgeCopy(read, copy, { author: GUEST, at: joined, now: later });
  assert.equal(verdict.ok, true);
  const taken = takeCopy(read, verdict, later);
  assert.equal(taken.joined, joined, "(the join as the guest's copies say it: they are compared with it)");
  assert.ok(deadlineOf(taken) >= now + DAY_MS, `the host's first turn counts from ${(deadlineOf(taken) - DAY_MS - now) / H} h (from now: the read without the guest)`);
  assert.equal(missedDeadline(taken, later), null, "the host's own page says it lost on time the moment the guest joins");
});

/** The victim of the test above, 27 h after its own turn (the other, White, to move). */
function waitingGuest(now) {
  const game = { start: STANDARD, white: "host", days: 1, names: { host: "Mallory", guest: "Bob" }, created: now - 40 * H };
  return {
    ...newTurnsRecord({ room: "r", secret: "s", role: "guest", key: "2".repeat(64), me: GUEST, host: HOST, them: HOST, name: "Bob", game, joined: now - 30 * H }),
    actions: ["C5xC4", "B3xC4", "D4-E5"],
    times: [now - 29 * H, now - 27 * H, now - 27 * H],
    checked: { at: now - 28 * H, n: 1 },
  };
}

test("checking every game keeps its read only where the other is to move, and only a read that left nothing out", async () => {
  const now = Date.now();
  const store = makeStorage(null);
  const mine = { ...waitingGuest(now), room: "m", actions: ["C5xC4"], times: [now - 29 * H] }; // this player to move
  putTurns(store, mine);
  putTurns(store, waitingGuest(now));
  await checkOnEmptyRelays(store, [waitingGuest(now), mine]);
  assert.ok(turnOfRoom(store, "r").checked.at >= now, "the other to move: the read kept");
  assert.deepEqual(turnOfRoom(store, "r").checked.n, 3);
  assert.deepEqual(turnOfRoom(store, "m").checked, mine.checked, "this player to move: nothing to keep");
  // A read that brought as many events as it takes (of those it asked for: the game's kind and
  // tag, a player's key) may have left the other's move out: not kept.
  const { tag } = await turnsKeys("s", "r");
  const flooded = memoryRelay(Array.from({ length: READ_LIMIT * 4 }, (_, i) => ({ id: String(i), kind: COPY_KIND, pubkey: HOST, tags: [["d", tag]], created_at: i })));
  const other = makeStorage(null);
  putTurns(other, waitingGuest(now));
  await withSockets(flooded.Socket, () => checkGames(["ws://relay.invalid"], other, [waitingGuest(now)], { rulesAllow: async () => null, save: (r) => putTurns(other, r) }));
  assert.deepEqual(turnOfRoom(other, "r").checked, waitingGuest(now).checked);
});

test("a read kept: its moment and the actions the record holds then; never moved back by an earlier one", () => {
  const now = Date.now();
  const r = waitingGuest(now);
  const read = readAt(r, now);
  assert.deepEqual(read.checked, { at: now, n: 3 });
  assert.equal(readAt(read, now - H), read, "an earlier read changes nothing");
  assert.equal(readAt(read, now), read);
  // A read that already held the other's turn (taken before it was kept) dates nothing back.
  const copy = { v: 1, role: "host", host: HOST, guest: GUEST, game: r.game, joined: r.joined, actions: [...r.actions, "E5xE4", "F6-F5"], times: [...r.times, now - 20 * H, now - 20 * H], end: null };
  const taken = takeCopy(r, judgeCopy(r, copy, { author: HOST, at: now - 20 * H, now }), now);
  assert.equal(readAt(taken, now).checked.n, 5);
  assert.equal(deadlineOf(readAt(taken, now)), now - 20 * H + DAY_MS, "this player's turn counts from the other's, as dated");
});

test("the open game's watch: the stored copies oldest first once every relay sent them, then each new one as it comes", async () => {
  const relay = memoryRelay([{ id: "b", created_at: 20 }, { id: "a", created_at: 10 }]);
  const heard = [];
  let stored = null;
  const watch = await withSockets(relay.Socket, () =>
    watchGame(["ws://one.invalid"], "t".repeat(64), { record: { host: HOST, them: null, me: HOST }, onEvent: (event) => heard.push(event.id), onRead: (at, events) => (stored = events.map((e) => e.event.id)) }),
  );
  await until(() => stored, "the read");
  assert.deepEqual(stored, ["a", "b"]);
  relay.push({ id: "c", created_at: 30 }); // (as soon as the read is over: none kept back, none lost)
  assert.deepEqual(heard, ["c"]);
  watch.close();
});

test("a watch has heard all the relays had once each has answered: not before its read, nor while a relay opened again has not answered", async () => {
  const [one, two] = [memoryRelay(), memoryRelay()];
  const sockets = new Map([["ws://one", one], ["ws://two", two]]);
  const Socket = class {
    constructor(url) {
      return new (sockets.get(url).Socket)(url);
    }
  };
  two.answering = false;
  let read = 0;
  const watch = new RelayWatch([...sockets.keys()], { kinds: [30078] }, { onEvent() {}, onRead: (at) => (read = at), WebSocketClass: Socket });
  watch.start();
  await until(() => two.waiting.length, "both asked");
  assert.equal(watch.live(), false, "the second relay has not answered");
  two.answer();
  assert.ok(read > 0);
  assert.equal(watch.live(), true);
  two.drop();
  assert.equal(watch.live(), true, "a relay down counts as read (the others have the copies too), as in the first read");
  await until(() => two.waiting.length, "the second relay opened again and asked"); // (after a second)
  assert.equal(watch.live(), false, "what it kept while the socket was down is not heard yet");
  assert.equal(watch.live(Date.now() + READ_WAIT_MS), true, "one that does not answer counts as read after the read's wait");
  two.answer();
  assert.equal(watch.live(), true);
  watch.close();
  assert.equal(watch.live(), false, "closed");
});
