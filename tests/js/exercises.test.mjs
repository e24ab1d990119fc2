// web/learn/exercise-list.js: your mistakes as exercises, with a fake clock: the list read
// from what is stored, the mistakes of a review, the judging margin, spaced repetition, the
// counts, and the turn that turned a lost game.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  MARGIN, AGAIN_DAYS, MAX_EXERCISES, readList, emptyList, mistakesOf, addItems, withPending, isRight, answered,
  updated, counts, nextDue, turningTurn, tellsApart,
} from "../../web/learn/exercise-list.js";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 28, 12);

// A review of four turns (White 1, Black 2, White 3, Black 4); White's turn 3 a blunder,
// explained by a reason that tells it from the better turn (Black takes White's last Tzaar).
const ev = (chance) => ({ score: 0, mate: null, chance });
const TAKES_LAST = { code: "takes-last", params: { side: "white", by: "black", type: "tzaar", capture: "A1xA2" }, line: ["A1xA2"] };
// The reason that does not tell the turns apart: any stacking of the opening makes a stack too tall to take.
const SECURES = { code: "secures", params: { side: "white", by: "black", type: "tott", point: "G1", action: "H1-G1" }, line: ["H1-G1"] };
const REVIEW = {
  evals: [ev(0.5), ev(0.55), ev(0.52), ev(0.2), ev(0)],
  turns: [
    { number: 1, side: "white", actions: ["C5xC4"], best: ["C5xC4"], loss: 0, mark: null },
    { number: 2, side: "black", actions: ["B3xC4", "pass"], best: ["B3xC4", "pass"], loss: 0, mark: null },
    { number: 3, side: "white", actions: ["D5xD4", "D4-E4"], best: ["E5xE4", "pass"], loss: 32, mark: "blunder", explanation: { reasons: [TAKES_LAST], better: [] } },
    { number: 4, side: "black", actions: ["A1xA2", "A2xA3"], best: ["A1xA2", "A2xA3"], loss: 0, mark: null },
  ],
};
const POSITIONS = ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"];
const GAME = { id: "G", date: "2026-11-28" };

test("the mistakes of one side become exercises, each at the position before its turn", () => {
  const items = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0);
  assert.equal(items.length, 1);
  const [x] = items;
  assert.equal(x.position, "P3", "after turn 1 (one action) and turn 2 (two actions)");
  assert.deepEqual([x.side, x.number, x.played, x.best, x.loss, x.mark], ["white", 3, ["D5xD4", "D4-E4"], ["E5xE4", "pass"], 32, "blunder"]);
  assert.deepEqual([x.game, x.due, x.learned, x.solves, x.misses], ["G", T0, null, [], 0]);
  assert.deepEqual(mistakesOf(REVIEW, POSITIONS, "black", GAME, T0), [], "Black made none");
});

test("a mistake makes an exercise only when its explanation tells the turn played from the better one", () => {
  const blunder = REVIEW.turns[2];
  const explained = (reasons, better = []) => ({ ...REVIEW, turns: REVIEW.turns.map((t) => (t === blunder ? { ...t, explanation: { reasons, better } } : t)) });
  const exercises = (review) => mistakesOf(review, POSITIONS, "white", GAME, T0).length;
  assert.equal(exercises(REVIEW), 1, "Black takes the last Tzaar after it: that tells the turns apart");
  assert.equal(exercises(explained([SECURES])), 0, "a stack too tall to take, alone: any stacking does that");
  assert.equal(exercises(explained([], [SECURES])), 0, "the same said of the better turn");
  assert.equal(exercises(explained([])), 0, "no reason at all, only the better turn");
  assert.equal(exercises({ ...REVIEW, turns: REVIEW.turns.map((t) => (t === blunder ? { ...t, explanation: null } : t)) }), 0, "no explanation");
  assert.equal(exercises(explained([SECURES], [{ code: "wins-type", params: {}, line: ["E5xE4"] }])), 1, "a better turn that wins at once");
  assert.equal(exercises(explained([{ code: "a-newer-kind", params: {}, line: [] }])), 1, "a kind of reason this page does not know yet");
  // What was stored before, the template alone, is no exercise when read back.
  const old = { ...mistakesOf(REVIEW, POSITIONS, "white", GAME, T0)[0], id: "old", explanation: { reasons: [SECURES], better: [] } };
  assert.deepEqual(readList({ version: 1, items: [old], pending: [] }).items, []);
  assert.equal(tellsApart({ explanation: { reasons: [SECURES, TAKES_LAST], better: [] } }), true);
  // A stack too tall to take said now: explain.py said it because it holds after one turn and
  // not after the other (the reason names its actions), so it tells them apart.
  const checked = { ...SECURES, actions: ["H1-G1"] };
  assert.equal(exercises(explained([checked])), 1, "a reason checked on both lines");
  assert.equal(exercises(explained([], [checked])), 1, "the same of the better turn");
});

test("a stored list that is damaged or of another format reads as empty; a bad entry is left out", () => {
  for (const bad of [null, "text", 3, [], { version: 2, items: [] }, { items: "x" }]) assert.deepEqual(readList(bad), emptyList());
  const good = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0)[0];
  const crafted = [{ ...good, id: "y", solves: "no" }, { ...good, id: "z", number: { toString: 1 } }, { ...good, id: "w", number: 0 }]; // (a number that is not one threw when the exercise opened)
  const read = readList({ version: 1, items: [good, { id: 1 }, null, ...crafted], pending: [{ id: "g" }] });
  assert.deepEqual(read.items, [good]);
  assert.deepEqual(read.pending, []);
});

test("an exercise already listed is not added twice; the list keeps at most MAX_EXERCISES", () => {
  const items = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0);
  const once = addItems(emptyList(), items);
  assert.equal(addItems(once, items).items.length, 1);
  const many = Array.from({ length: MAX_EXERCISES + 5 }, (_, i) => ({ ...items[0], id: `x${i}` }));
  const full = addItems(emptyList(), many);
  assert.equal(full.items.length, MAX_EXERCISES);
  assert.equal(full.items[0].id, "x5", "the oldest went first");
});

test("a game waits for its review once", () => {
  const g = { id: "g", start: "S", actions: ["A"], colour: "white", date: "d" };
  const list = withPending(withPending(emptyList(), g), g);
  assert.equal(list.pending.length, 1);
  assert.equal(withPending(list, g, false).pending.length, 0);
});

test("the judging margin: the engine's turn, or less than MARGIN points given away, is right", () => {
  const turn = { actions: ["A1xA2", "pass"], best: ["A1xA2", "pass"], loss: 0 };
  assert.equal(isRight(turn), true);
  assert.equal(isRight({ ...turn, best: ["B1xB2", "pass"], loss: MARGIN - 0.1 }), true);
  assert.equal(isRight({ ...turn, best: ["B1xB2", "pass"], loss: MARGIN }), false);
  assert.equal(isRight({ ...turn, best: ["B1xB2", "pass"], loss: null }), false, "no loss measured: not judged right");
});

test("spaced repetition: two solves a few days apart make it learned; a miss starts it again", () => {
  let x = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0)[0];
  x = answered(x, true, T0);
  assert.equal(x.learned, null);
  assert.equal(x.due, T0 + AGAIN_DAYS * DAY, "back in a few days");
  const sameDay = answered(x, true, T0 + 60_000);
  assert.equal(sameDay.learned, null, "twice the same day is not learned");
  const later = answered(x, true, T0 + AGAIN_DAYS * DAY);
  assert.equal(later.learned, T0 + AGAIN_DAYS * DAY, "learned: it leaves the list");
  const missed = answered(x, false, T0 + DAY);
  assert.deepEqual([missed.solves, missed.misses, missed.due], [[], 1, T0 + DAY]);
  assert.equal(answered(answered(missed, true, T0 + DAY), true, T0 + DAY + AGAIN_DAYS * DAY).learned !== null, true);
});

test("the counts: left (due now among them) and solved; the next due exercise", () => {
  const base = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0)[0];
  let list = addItems(emptyList(), [base, { ...base, id: "b" }, { ...base, id: "c" }]);
  assert.deepEqual(counts(list, T0), { left: 3, due: 3, solved: 0 });
  list = updated(list, base.id, (x) => answered(x, true, T0));
  assert.deepEqual(counts(list, T0 + DAY), { left: 3, due: 2, solved: 0 });
  assert.equal(nextDue(list, T0 + DAY).id, "b");
  assert.equal(nextDue(list, T0 + DAY, "b").id, "c");
  list = updated(list, base.id, (x) => answered(x, true, T0 + AGAIN_DAYS * DAY));
  assert.deepEqual(counts(list, T0 + AGAIN_DAYS * DAY), { left: 2, due: 2, solved: 1 });
});

test("after a lost game its own exercises come first, the worst first, then the others by when due", () => {
  const base = mistakesOf(REVIEW, POSITIONS, "white", GAME, T0)[0];
  // An opening exercise of an earlier game, due first; the game just lost has a mistake and a blunder.
  const earlier = { ...base, id: "earlier", game: "won-before", due: T0 - 5 * DAY, loss: 16, mark: "mistake" };
  const small = { ...base, id: "small", game: "lost", due: T0, loss: 18, mark: "mistake" };
  const worst = { ...base, id: "worst", game: "lost", due: T0, loss: 45, mark: "blunder" };
  const list = addItems(emptyList(), [earlier, small, worst]);
  assert.equal(nextDue(list, T0).id, "earlier", "without a game: the oldest due first");
  assert.equal(nextDue(list, T0, null, "lost").id, "worst");
  assert.equal(nextDue(list, T0, "worst", "lost").id, "small", "Next exercise: the same game's next");
  assert.equal(nextDue(updated(list, "small", (x) => answered(x, true, T0)), T0, "worst", "lost").id, "earlier", "then the others");
});

test("the turn that turned the game: the player's last turn after which its chance stayed below one half", () => {
  assert.equal(turningTurn(REVIEW, "white"), 2);
  // Black's view of the same game: it never fell below one half; its worst turn (none lost points: the first).
  assert.equal(turningTurn(REVIEW, "black"), 1);
  // White below one half from the start: the turn that gave away the most.
  const down = { evals: [ev(0.4), ev(0.3), ev(0.3), ev(0.2), ev(0)], turns: REVIEW.turns.map((t, k) => ({ ...t, loss: k === 0 ? 9 : t.loss })) };
  assert.equal(turningTurn(down, "white"), 2);
  // Back above one half after a first fall: the later fall turned it.
  const twice = { ...REVIEW, evals: [ev(0.6), ev(0.4), ev(0.6), ev(0.3), ev(0.1)] };
  assert.equal(turningTurn(twice, "white"), 2);
  // A fall the deeper look clears: the first pass saw White at 74% before turn 3 and lost after
  // it, but the review found no better turn (loss 0, the turn played its best: every turn it
  // looked at deeply loses too). The game had turned before: at the turn that gave away the most.
  const cleared = {
    evals: [ev(0.6), ev(0.4), ev(0.74), ev(0), ev(0)],
    turns: [
      { ...REVIEW.turns[0], best: ["E5xE4"], loss: 20, mark: "mistake" },
      REVIEW.turns[1],
      { ...REVIEW.turns[2], best: REVIEW.turns[2].actions, loss: 0, mark: null },
      REVIEW.turns[3],
    ],
  };
  assert.equal(turningTurn(cleared, "white"), 0);
});
