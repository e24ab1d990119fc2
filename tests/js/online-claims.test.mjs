// What the other page may claim, checked against this page's own record (claims.js): an end
// outside the rules (resigned, on time, abandoned) and the host's game (start); and the
// clocks' claims over a whole game (game/clock.js's lag allowance, online/timing.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Absence, endAccepted, startFits, AWAY_CLAIM_MS, DISCONNECT_WAIT_S, AWAY_MARGIN_S } from "../../web/online/claims.js";
import { rematchGame } from "../../web/online/record.js";
import { newLag, lagTolerance, lagAfter, restoreLag, LAG_ALLOWANCE_MS, LAG_REFILL_MS, CLAIM_TOLERANCE_MS } from "../../web/game/clock.js";
import { OnlineTiming } from "../../web/online/timing.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const GAME = { start: STANDARD, white: "host", clock: null, names: { host: "Ann", guest: "Bob" }, round: 1 };

/** This page plays White; the other page (the sender of the claim) Black. */
const facts = (extra = {}) => ({ theirSide: "black", clockLeft: () => null, awayMs: 0, ...extra });

test("a resignation is taken only of the sender itself", () => {
  assert.equal(endAccepted({ reason: "resigned", loser: "black" }, facts()), true, "the sender resigns (its resign lost in a drop)");
  assert.equal(endAccepted({ reason: "resigned", loser: "white" }, facts()), false, "the sender says this page resigned");
});

test("a loss on time only when this page's own clock says so, give or take the clocks' margin", () => {
  const ours = (left) => facts({ clockLeft: (side) => ({ white: left, black: 90_000 })[side] });
  assert.equal(endAccepted({ reason: "timeout", loser: "white" }, facts()), false, "an untimed game");
  assert.equal(endAccepted({ reason: "timeout", loser: "white" }, ours(45_000)), false, "this page's clock has 45 s left");
  assert.equal(endAccepted({ reason: "timeout", loser: "white" }, ours(0)), true);
  assert.equal(endAccepted({ reason: "timeout", loser: "white" }, ours(CLAIM_TOLERANCE_MS)), true, "the other page counts from a message's way earlier");
  assert.equal(endAccepted({ reason: "timeout", loser: "white" }, ours(CLAIM_TOLERANCE_MS + 1)), false);
  assert.equal(endAccepted({ reason: "timeout", loser: "black" }, ours(0)), false, "the sender's own time: 90 s by this page's count");
});

test("an abandonment only of this page's player, and only when this page was closed for the countdown", () => {
  const gone = (ms) => facts({ awayMs: ms });
  const needed = (DISCONNECT_WAIT_S - AWAY_MARGIN_S) * 1000;
  assert.equal(endAccepted({ reason: "abandoned", loser: "white" }, gone(0)), false, "this page was never closed (the other left, and comes back claiming it)");
  assert.equal(endAccepted({ reason: "abandoned", loser: "white" }, gone(needed - 1)), false);
  assert.equal(endAccepted({ reason: "abandoned", loser: "white" }, gone(needed)), true, "opened again after the countdown");
  assert.equal(endAccepted({ reason: "abandoned", loser: "white" }, gone(DISCONNECT_WAIT_S * 1000 + 5000)), true);
  assert.equal(endAccepted({ reason: "abandoned", loser: "black" }, gone(DISCONNECT_WAIT_S * 1000 + 5000)), false, "the sender claims it left itself");
  assert.equal(endAccepted({ reason: "bored", loser: "white" }, gone(1e9)), false);
});

test("the host's start: a first game, the same round told again, or the rematch both agreed to", () => {
  const record = { role: "guest", game: GAME, actions: ["C5xC4", "B3xC4"], end: null };
  assert.equal(startFits({ ...record, game: null }, GAME, false), "first");
  assert.equal(startFits(record, GAME, false), "again", "a reconnection: the same round");
  assert.equal(startFits(record, { ...GAME, names: { host: "Eve", guest: "Bob" } }, false), "again", "(the names are not the game: ours stay)");
  assert.equal(startFits(record, { ...GAME, white: "guest" }, false), null, "the colours swapped mid-game");
  assert.equal(startFits(record, { ...GAME, start: STANDARD.replace("w1", "w2") }, false), null, "another start position");
  assert.equal(startFits(record, { ...GAME, clock: "3+2" }, false), null, "another time control");
  assert.equal(startFits(record, { ...GAME, round: 2 }, false), null, "a new round nobody agreed to");
  const next = rematchGame(GAME);
  assert.equal(startFits(record, next, false), null, "the rematch, not agreed by this page");
  assert.equal(startFits(record, next, true), "next");
  assert.equal(startFits(record, { ...next, white: "host" }, true), null, "the rematch must swap the colours");
  assert.equal(startFits(record, { ...next, clock: "5+3" }, true), null, "and keep the time control");
  assert.equal(startFits(record, { ...next, round: 3 }, true), null, "and be the next round");
});

test("this page's time away counts for an abandonment only until the other page's first message after it is back, and shortly", () => {
  const T = 1_000_000;
  assert.equal(new Absence(null, T).ms(T), 0, "never stamped: never away");
  let away = new Absence(T - 120_000, T);
  assert.equal(away.ms(T), 120_000);
  away.bound(T + 1000);
  away.heard("start"); // (the host's start comes before its sync)
  assert.equal(away.ms(T + 2000), 120_000, "the other page's sync after its start: what it did meanwhile");
  away.heard("sync");
  assert.equal(away.ms(T + 2000), 0, "later, this page is plainly there");
  away = new Absence(T - 120_000, T);
  away.bound(T);
  away.bound(T + 60_000); // (a binding again: only the first counts)
  assert.equal(away.ms(T + AWAY_CLAIM_MS), 120_000);
  assert.equal(away.ms(T + AWAY_CLAIM_MS + 1), 0, "a page that says nothing and claims later");
});

test("a guest of a lobby's pairing takes as its first start only the game agreed", () => {
  const terms = { start: STANDARD, white: "host", clock: "5+3", round: 1 };
  const record = { game: null, terms };
  const agreed = { ...terms, names: { host: "Ann", guest: "Bob" } };
  assert.equal(startFits(record, agreed, false), "first");
  assert.equal(startFits(record, { ...agreed, start: STANDARD.replace(/z/g, ".") }, false), null, "another start position (one already lost)");
  assert.equal(startFits(record, { ...agreed, white: "guest" }, false), null, "the colours swapped");
  assert.equal(startFits(record, { ...agreed, clock: null }, false), null, "another time control");
  assert.equal(startFits(record, { ...agreed, round: 2 }, false), null, "another round");
  assert.equal(startFits({ game: null, terms: null }, { ...agreed, white: "guest", clock: null }, false), "first", "a friend's invite: the host's game");
});

test("the clocks' claims over a game: an allowance of a second or two in all, then this page's own count", () => {
  let lag = newLag();
  assert.equal(lagTolerance(lag), LAG_ALLOWANCE_MS);
  // An honest page: a tenth a turn over this page's count (its messages' way) never runs out.
  for (let turn = 0; turn < 200; turn += 1) lag = lagAfter(lag, LAG_REFILL_MS);
  assert.deepEqual([lag.distrusted, lag.left], [false, LAG_ALLOWANCE_MS - LAG_REFILL_MS]);
  // A modified page adding 650 ms a turn: past the allowance by its fourth turn, and distrusted for good.
  lag = newLag();
  const turns = [];
  for (let turn = 1; turn <= 6; turn += 1) {
    lag = lagAfter(lag, 650);
    turns.push(lag.distrusted);
  }
  assert.deepEqual(turns, [false, false, false, true, true, true]);
  assert.equal(lag.over, 6 * 650);
  assert.equal(lagTolerance(lag), 0, "from then on, no claim over this page's own count");
  assert.equal(lagAfter(lag, 0).distrusted, true);
  // Saved with the clock, read back strictly.
  assert.deepEqual(restoreLag(JSON.parse(JSON.stringify(lag))), lag);
  assert.deepEqual(restoreLag({ left: "all", over: 0, distrusted: false }), newLag());
  assert.deepEqual(restoreLag(null), newLag());
});

test("a page's clock: the claims taken while the allowance lasts, this page's count after, through a reload too", () => {
  // This page plays White in a 3+2 game; Black's page claims 650 ms more than it had at every turn.
  const timing = new OnlineTiming("3+2", null, 0);
  timing.begin("white", 0);
  let now = 0;
  const seen = [];
  for (let turn = 1; turn <= 6; turn += 1) {
    timing.turnSent((now += 1000)); // White thinks 1 s
    now += 5000; // Black thinks 5 s (this page saw 5 s pass)
    const honest = timing.left("black", now) + 2000;
    const check = timing.turnReceived(honest + 650, now);
    seen.push([check.plausible, check.over]);
  }
  assert.deepEqual(seen.map(([plausible]) => plausible), [true, true, true, false, false, false]);
  assert.equal(seen.at(-1)[1], 6 * 650, "the excess in all, said");
  // Black's time on this board: 3 turns' extra taken (1.95 s), none after.
  assert.equal(timing.clock.remaining.black, 180_000 + 6 * (2000 - 5000) + 3 * 650);
  const reloaded = new OnlineTiming("3+2", JSON.parse(JSON.stringify(timing.saved)), now);
  assert.equal(reloaded.lag.distrusted, true, "a reload keeps it");
  assert.equal(new OnlineTiming(null).saved, null, "untimed: nothing kept");
  assert.equal(new OnlineTiming(null).left("white", 0), null);
});
