// Games by turns read from the relays (online/turns-read.js), against relays played in memory:
// a read that lacks the other player's next move is kept (the record's `checked`), so that a
// turn the other dates back does not shorten this player's time to answer it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { checkGames } from "../../web/online/turns-read.js";
import { judgeCopy } from "../../web/online/turns-copy.js";
import { newTurnsRecord, putTurns, turnOfRoom, takeCopy } from "../../web/online/turns-record.js";
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

/** checkGames of `games` (kept in `store`) against relays that have nothing. */
async function checkOnEmptyRelays(store, games) {
  const real = globalThis.WebSocket;
  globalThis.WebSocket = EmptyRelay;
  try {
    await checkGames(["ws://relay.invalid"], store, games, { rulesAllow: async () => ({ winner: null }), save: (r) => putTurns(store, r) });
  } finally {
    globalThis.WebSocket = real;
  }
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
