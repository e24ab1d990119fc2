// The review of finished games in the background (web/learn/background.js) with a fake engine
// and storage: two games reviewed at once in the order they wait, the next once one is done, a
// game waiting for both sides reviewed once; one at a time when the pool is the page's engine.
import { test } from "node:test";
import assert from "node:assert/strict";

import { reviewPending } from "../../web/learn/background.js";
import { listIn } from "../../web/learn/exercise-list.js";

const tick = () => new Promise((go) => setTimeout(go, 0));

/** A fake engine whose pool's engines are `engines`; each review ends when told: `ends.get(game)()`. */
function fakeEngine(engines) {
  const engine = { reviews: [], ends: new Map() };
  const review = (params) =>
    new Promise((resolve) => {
      const game = params.actions.join(" ");
      engine.reviews.push(game);
      engine.ends.set(game, () => resolve({ done: true, positions: [], turns: [], looks: {}, candidates: [] }));
    });
  // the pieces answer at once; the review given their looks (or the whole, with one engine) when told
  engine.pool = { engines, size: engines - 1, run: (kind, params) => (params.piece ? Promise.resolve({ done: true, looks: {}, candidates: [] }) : review(params)) };
  engine.run = (kind, params) => review(params);
  engine.call = async () => ({ positions: [] });
  return engine;
}

function fakeStorage(games) {
  const values = new Map([["exercises", { version: 1, items: [], pending: games }]]);
  return { get: (key) => values.get(key), set: (key, value) => values.set(key, value) };
}

const game = (id, moves, colour = "white") => ({ id, start: "S", actions: moves.split(" "), colour, date: "2026-01-01" });

test("two games are reviewed at once, in the order they wait; a game waiting for both sides once", async () => {
  const engine = fakeEngine(2);
  const storage = fakeStorage([game("a", "A1-A2 B1-B2 C1-C2"), game("b", "D1-D2 E1-E2 F1-F2"), game("a2", "A1-A2 B1-B2 C1-C2", "black"), game("c", "G1-G2 H1-H2 I1-I2")]);
  const all = reviewPending(engine, storage);
  for (let i = 0; i < 5; i += 1) await tick();
  assert.deepEqual(engine.reviews, ["A1-A2 B1-B2 C1-C2", "D1-D2 E1-E2 F1-F2"]);
  engine.ends.get("D1-D2 E1-E2 F1-F2")();
  for (let i = 0; i < 5; i += 1) await tick();
  // the same game for the other side waits for the first review; the next game starts
  assert.deepEqual(engine.reviews, ["A1-A2 B1-B2 C1-C2", "D1-D2 E1-E2 F1-F2", "G1-G2 H1-H2 I1-I2"]);
  assert.deepEqual(listIn(storage).pending.map((g) => g.id), ["a", "a2", "c"]);
  engine.ends.get("A1-A2 B1-B2 C1-C2")();
  engine.ends.get("G1-G2 H1-H2 I1-I2")();
  await all;
  assert.equal(engine.reviews.length, 3); // the other side's took the answer kept
  assert.deepEqual(listIn(storage).pending, []);
});

test("with the page's engine alone, one game at a time", async () => {
  const engine = fakeEngine(1);
  const storage = fakeStorage([game("x", "A3-A4 B3-B4 C3-C4"), game("y", "D3-D4 E3-E4 F3-F4")]);
  const all = reviewPending(engine, storage);
  for (let i = 0; i < 5; i += 1) await tick();
  assert.deepEqual(engine.reviews, ["A3-A4 B3-B4 C3-C4"]);
  engine.ends.get("A3-A4 B3-B4 C3-C4")();
  for (let i = 0; i < 5; i += 1) await tick();
  assert.deepEqual(engine.reviews, ["A3-A4 B3-B4 C3-C4", "D3-D4 E3-E4 F3-F4"]);
  engine.ends.get("D3-D4 E3-E4 F3-F4")();
  await all;
});
