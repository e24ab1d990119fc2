// Games by turns, the part every floor needs (game/by-turns.js): whose turn from the start
// position alone, the deadline rule (days a move, the margin for clocks that disagree, a turn
// dated back), the list's order and the top bar's count.
import { test } from "node:test";
import assert from "node:assert/strict";

import { turnRule, sideAt, endsTurn, turnStartOf, turnStartedAt, deadlineOf, turnOf, missedDeadline, timeLeft, listed, yourTurnCount, DAY_MS, MARGIN_MS } from "../../web/game/by-turns.js";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const FEW = "T2..../....../......./.Z...... /......../......./....../..... b1".replace(" /", "/");
const T0 = Date.UTC(2026, 11, 1, 12);

/** A record of this page, the host playing `colour`, with `n` actions one hour apart after the join. */
function record({ role = "host", white = "host", start = STANDARD, n = 0, joined = T0, days = 1, ...more } = {}) {
  const actions = Array.from({ length: n }, () => "pass");
  const times = actions.map((_, i) => (joined ?? T0) + (i + 1) * 3_600_000);
  return { role, game: { start, white, days, names: { host: "Ann", guest: "Bob" }, created: (joined ?? T0) - 1000 }, joined, actions, times, end: null, winner: null, seen: { n: 0, joined: false, over: false }, ...more };
}

test("the turns follow from the start position: White's opening of one action, then two a turn", () => {
  const rule = turnRule(STANDARD);
  assert.deepEqual(rule, { side: "white", step: 1, opening: true });
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => sideAt(rule, n)), ["white", "black", "black", "white", "white", "black"]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => endsTurn(rule, n)), [true, true, false, true, false, true]);
  assert.equal(turnStartOf(rule, 4), 3);
  assert.equal(turnStartOf(rule, 5), 5);
});

test("a position of a few stacks: its marker says who moves, and every turn has two actions", () => {
  const rule = turnRule(FEW);
  assert.deepEqual(rule, { side: "black", step: 1, opening: false });
  assert.deepEqual([0, 1, 2, 3].map((n) => sideAt(rule, n)), ["black", "black", "white", "white"]);
  assert.deepEqual(turnRule("ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT b2"), { side: "black", step: 2, opening: false });
  assert.equal(turnRule("...../....../......./......../......../......./....../..... w0"), null, "a placement: not a game by turns");
  assert.equal(turnRule("nonsense"), null);
});

test("the deadline: days from the join for the first turn, then from the end of the turn before", () => {
  assert.equal(deadlineOf(record({ joined: null })), null, "no guest yet: no deadline");
  assert.equal(deadlineOf(record()), T0 + DAY_MS, "White (the host) to move from the join");
  const one = record({ n: 1 }); // White's opening played an hour after the join
  assert.equal(turnStartedAt(one), T0 + 3_600_000);
  assert.equal(deadlineOf(one), T0 + 3_600_000 + DAY_MS);
  assert.equal(deadlineOf(record({ n: 2 })), T0 + 3_600_000 + DAY_MS, "Black's turn in progress: it began with White's turn's end");
  assert.equal(deadlineOf(record({ n: 3, days: 3 })), T0 + 3 * 3_600_000 + 3 * DAY_MS);
  assert.equal(deadlineOf(record({ n: 3, winner: "white" })), null, "over: no deadline");
});

test("a turn that reached this page after a read of the relays without it counts from that read", () => {
  const r = record({ n: 1, seenAfter: { n: 1, at: T0 + 10 * 3_600_000 } });
  assert.equal(turnStartedAt(r), T0 + 10 * 3_600_000, "dated back: this page's own read decides");
  assert.equal(turnStartedAt({ ...r, seenAfter: { n: 1, at: T0 } }), T0 + 3_600_000, "a read before it: its own moment");
  assert.equal(turnStartedAt({ ...r, actions: [...r.actions, "pass", "pass"], times: [...r.times, T0 + 11 * 3_600_000, T0 + 12 * 3_600_000] }), T0 + 12 * 3_600_000, "only for the turn it names");
});

test("whose turn, and the deadline missed: at once for this page's own player, past the margin for the other", () => {
  assert.equal(turnOf(record({ joined: null })), "waiting");
  assert.equal(turnOf(record()), "me", "the host plays White and moves first");
  assert.equal(turnOf(record({ n: 1 })), "them");
  assert.equal(turnOf(record({ role: "guest", n: 1 })), "me", "the guest plays Black");
  assert.equal(turnOf(record({ end: { reason: "resigned", loser: "white", at: T0 }, winner: "black" })), "over");
  const mine = record();
  assert.equal(missedDeadline(mine, T0 + DAY_MS - 1), null);
  assert.equal(missedDeadline(mine, T0 + DAY_MS), "mine");
  const theirs = record({ n: 1 });
  const deadline = deadlineOf(theirs);
  assert.equal(missedDeadline(theirs, deadline + MARGIN_MS - 1), null, "within the margin: no claim yet");
  assert.equal(missedDeadline(theirs, deadline + MARGIN_MS), "theirs");
});

test("the time left is said in days, hours or minutes", () => {
  const r = record({ days: 3 });
  assert.deepEqual(timeLeft(r, T0), { unit: "day", n: 3 });
  assert.deepEqual(timeLeft(r, T0 + DAY_MS + 1), { unit: "hour", n: 47 });
  assert.deepEqual(timeLeft(r, T0 + 3 * DAY_MS - 90_000), { unit: "minute", n: 1 });
  assert.deepEqual(timeLeft(r, T0 + 3 * DAY_MS - 1000), { unit: "minute", n: 1 }, "a minute while any time is left");
  assert.deepEqual(timeLeft(r, T0 + 4 * DAY_MS), { unit: "minute", n: 0 });
  assert.equal(timeLeft(record({ joined: null }), T0), null);
});

test("the list: Your turn first, then newest activity first; finished games seen leave it; the count", () => {
  const room = (name, r) => ({ ...r, room: name });
  const games = [
    room("old-mine", record({ joined: T0 - 5 * DAY_MS })), // my turn, old
    room("theirs-new", record({ n: 1, joined: T0 })), // their turn, newest
    room("mine-new", record({ role: "guest", n: 1, joined: T0 - DAY_MS })), // my turn, newer than old-mine
    room("waiting", { ...record({ joined: null }), game: { ...record().game, created: T0 - 2 * DAY_MS } }),
    room("over-unseen", record({ n: 1, end: { reason: "resigned", loser: "black", at: T0 - 3 * DAY_MS }, winner: "white" })),
    room("over-seen", record({ n: 1, end: { reason: "resigned", loser: "black", at: T0 }, winner: "white", seen: { n: 1, joined: true, over: true } })),
  ];
  assert.deepEqual(listed(games, T0).map((e) => e.record.room), ["mine-new", "old-mine", "theirs-new", "over-unseen", "waiting"]);
  assert.deepEqual(listed(games, T0).map((e) => e.turn), ["me", "me", "them", "over", "waiting"]);
  assert.equal(yourTurnCount(games), 2);
  assert.equal(yourTurnCount([]), 0);
});
