// What the other page may claim, checked against this page's own record: the clocks' claims
// over a whole game (game/clock.js's lag allowance, online/timing.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { newLag, lagTolerance, lagAfter, restoreLag, LAG_ALLOWANCE_MS, LAG_REFILL_MS } from "../../web/game/clock.js";
import { OnlineTiming } from "../../web/online/timing.js";

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
