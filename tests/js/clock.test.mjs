// web/game/clock.js: Fischer clocks as pure functions of a state and the moments given;
// the increment on a press, a flag, a save read back after a reload, a claim of the other
// page checked against what this page observed, and the clock's text.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  TIME_CONTROLS,
  ClockError,
  timeControl,
  newClock,
  timeLeft,
  start,
  stop,
  press,
  outOfTime,
  flag,
  checkClaim,
  receiveTurn,
  saveClock,
  restoreClock,
  clockText,
} from "../../web/game/clock.js";

const T0 = 1_800_000_000_000; // a moment of the epoch

test("the time controls: untimed and four Fischer controls; anything else refused", () => {
  assert.deepEqual(Object.keys(TIME_CONTROLS), ["untimed", "3+2", "5+3", "10+5", "20+10"]);
  assert.equal(newClock("untimed"), null);
  assert.deepEqual(newClock("5+3"), { control: "5+3", remaining: { white: 300_000, black: 300_000 }, running: null, since: null, flagged: null });
  assert.deepEqual(timeControl("20+10"), { minutes: 20, increment: 10 });
  for (const bad of ["4+2", "", null, "constructor", "__proto__"]) assert.throws(() => newClock(bad), ClockError);
});

test("the mover's clock runs; a press charges it, adds the increment and starts the other", () => {
  let clock = start(newClock("3+2"), "white", T0);
  assert.equal(timeLeft(clock, "white", T0 + 10_000), 170_000);
  assert.equal(timeLeft(clock, "black", T0 + 10_000), 180_000); // not running
  clock = press(clock, T0 + 10_000);
  assert.equal(clock.running, "black");
  assert.equal(timeLeft(clock, "white", T0 + 99_000), 172_000); // 170 s + 2 s, stopped
  assert.equal(timeLeft(clock, "black", T0 + 15_000), 175_000);
  clock = press(clock, T0 + 15_000);
  assert.deepEqual(clock.remaining, { white: 172_000, black: 177_000 });
  assert.equal(clock.running, "white");
  const stopped = stop(clock, T0 + 20_000);
  assert.deepEqual([stopped.running, stopped.remaining.white], [null, 167_000]);
  assert.equal(timeLeft(stopped, "white", T0 + 90_000), 167_000);
  assert.equal(press(stopped, T0 + 30_000), stopped); // a stopped clock is not pressed
});

test("time running out: detected at 0 (with a grace for the page that only observes), flagged, no increment after it", () => {
  const clock = start(newClock("3+2"), "white", T0);
  assert.equal(outOfTime(clock, T0 + 179_999), null);
  assert.equal(outOfTime(clock, T0 + 180_000), "white");
  assert.equal(outOfTime(clock, T0 + 180_500, 1000), null);
  assert.equal(outOfTime(clock, T0 + 181_000, 1000), "white");
  assert.equal(timeLeft(clock, "white", T0 + 200_000), 0); // never below 0
  const late = press(clock, T0 + 180_001); // pressed too late: flagged, not 2 s more
  assert.deepEqual([late.flagged, late.running, late.remaining.white], ["white", null, 0]);
  assert.equal(outOfTime(late, T0 + 999_999), "white");
  assert.equal(start(late, "black", T0 + 181_000), late); // a flagged clock stays stopped
  assert.deepEqual(flag(clock, T0 + 180_000).flagged, "white");
  assert.equal(outOfTime(newClock("5+3"), T0), null);
});

test("a saved clock read back after a reload counts the time the page was closed", () => {
  const clock = press(start(newClock("10+5"), "white", T0), T0 + 30_000); // black runs from T0+30s
  const saved = JSON.parse(JSON.stringify(saveClock(clock)));
  const back = restoreClock(saved, T0 + 90_000); // reopened a minute later
  assert.equal(timeLeft(back, "black", T0 + 90_000), 540_000);
  assert.equal(timeLeft(back, "white", T0 + 90_000), 575_000);
  assert.equal(outOfTime(restoreClock(saved, T0 + 30_000 + 600_000), T0 + 30_000 + 600_000), "black");
  // A save from the future (the computer's clock set back) restarts at now: no time gained.
  assert.equal(restoreClock(saved, T0).since, T0);
  assert.equal(restoreClock(null, T0), null);
  const flagged = restoreClock(saveClock(flag(clock, T0 + 700_000)), T0 + 800_000);
  assert.deepEqual([flagged.flagged, flagged.running], ["black", null]);
});

test("a malformed saved clock is refused with a ClockError that says what is wrong", () => {
  const good = saveClock(start(newClock("3+2"), "white", T0));
  const cases = [
    ["text", /object/],
    [{ ...good, control: "untimed" }, /untimed/],
    [{ ...good, control: "9+9" }, /Unknown time control/],
    [{ ...good, remaining: { white: -1, black: 5 } }, /white/],
    [{ ...good, remaining: { white: 5, black: "5" } }, /black/],
    [{ ...good, remaining: { white: 5, black: Infinity } }, /black/],
    [{ ...good, running: "red" }, /runs for/],
    [{ ...good, since: null }, /moment/],
    [{ ...good, flagged: "white" }, /stopped clock/],
  ];
  for (const [data, message] of cases) assert.throws(() => restoreClock(data, T0), (error) => error instanceof ClockError && message.test(error.message), JSON.stringify(data));
});

test("a claim of time left is plausible within the tolerance of what this page observed", () => {
  // This page sent its turn at T0; the other's turn came back 12 s later; it had 100 s, +3 s.
  const base = { before: 100_000, sentAt: T0, receivedAt: T0 + 12_000, increment: 3000 };
  assert.deepEqual(checkClaim({ ...base, claimed: 91_000 }), { plausible: true, bound: 91_000, excess: 0 });
  assert.equal(checkClaim({ ...base, claimed: 91_800 }).plausible, true); // latency: it really thought 11.2 s
  assert.equal(checkClaim({ ...base, claimed: 80_000 }).plausible, true); // less is its own loss
  const cheat = checkClaim({ ...base, claimed: 100_000 }); // a modified page that stopped its clock
  assert.deepEqual(cheat, { plausible: false, bound: 91_000, excess: 9000 });
  assert.equal(checkClaim({ ...base, claimed: 93_000, tolerance: 2500 }).plausible, true);
  assert.equal(checkClaim({ ...base, claimed: -5 }).plausible, false);
  assert.throws(() => checkClaim({ ...base, claimed: "91000" }), ClockError);
  assert.throws(() => checkClaim({ ...base, claimed: NaN }), /claimed/);
});

test("a turn received: a plausible claim is taken, an implausible one replaced by this page's bound", () => {
  // This page is Black's; it pressed at T0 after its turn: White runs.
  const clock = { control: "5+3", remaining: { white: 100_000, black: 200_000 }, running: "white", since: T0, flagged: null };
  const honest = receiveTurn(clock, 91_400, T0 + 12_000);
  assert.equal(honest.plausible, true);
  assert.deepEqual([honest.state.remaining.white, honest.state.running, honest.state.since], [91_400, "black", T0 + 12_000]);
  const cheat = receiveTurn(clock, 150_000, T0 + 12_000);
  assert.deepEqual([cheat.plausible, cheat.excess, cheat.state.remaining.white], [false, 59_000, 91_000]);
  // White's turn arrives after its time ran out on this page, within the latency: it counts.
  const close = receiveTurn(clock, 3_100, T0 + 100_300);
  assert.deepEqual([close.plausible, close.state.running], [true, "black"]);
  // No clock running: a turn is not expected.
  assert.throws(() => receiveTurn(stop(clock, T0), 1, T0), ClockError);
});

test("a clock's text: minutes and seconds, tenths under ten seconds", () => {
  assert.equal(clockText(300_000), "5:00");
  assert.equal(clockText(1_200_000), "20:00");
  assert.equal(clockText(61_001), "1:02"); // seconds rounded up: 0:00 only at the end
  assert.equal(clockText(10_000), "0:10");
  assert.equal(clockText(9_999), "0:09.9");
  assert.equal(clockText(3_450), "0:03.4");
  assert.equal(clockText(40), "0:00.0");
  assert.equal(clockText(-5), "0:00.0");
});
