// web/game/game.js with an engine that answers "game" from a table: a game ended outside the
// rules (game.endGame, the online game's way) and the clock (game.setClock) kept in the state
// and the save, refused when the end cannot be, and cleared by a new game.
import { test, before } from "node:test";
import assert from "node:assert/strict";

import { Game, resultOf } from "../../web/game/game.js";
import { Saving } from "../../web/game/saving.js";
import { makeStorage } from "../../web/page/storage.js";
import { STANDARD } from "../../web/board/notation.js";
import { newClock, start } from "../../web/game/clock.js";
import { recordParams } from "../../web/records/records.js";
import { useLanguage } from "./lang.mjs";

before(() => useLanguage("en"));

const view = (side) => ({
  side,
  step: "capture",
  winner: null,
  reason: null,
  last: [],
  legal: { captures: {}, stacks: {}, place: [], losing: [] },
  reserve: { white: { tzaar: 0, tzarra: 0, tott: 0 }, black: { tzaar: 0, tzarra: 0, tott: 0 } },
});

/** The engine's answer to "game": after one action Black is to move (positions are stand-ins). */
const engine = {
  async call(method, params) {
    if (method !== "game") throw new Error(`not asked in this test: ${method}`);
    const side = params.actions.length % 2 ? "black" : "white";
    return { start: params.start, actions: params.actions, positions: params.actions.map(() => STANDARD), turns: [], view: view(side) };
  },
};

test("endGame ends the game on the board, the save keeps it, and one that cannot be is refused", async () => {
  const storage = makeStorage(null);
  const game = new Game(engine, { storage });
  await game.load(STANDARD, ["C5xC4"]); // Black to move
  assert.equal(game.endGame({ reason: "timeout", loser: "white" }), false, "White cannot run out of time: Black is to move");
  assert.equal(game.endGame({ reason: "draw", loser: "black" }), false);
  assert.equal(game.state.end, null);
  assert.equal(game.endGame({ reason: "timeout", loser: "black" }), true);
  assert.deepEqual(game.state.end, { reason: "timeout", loser: "black" });
  assert.deepEqual(resultOf(game.state), { title: "White wins", reason: "Black ran out of time" });
  assert.equal(game.state.announcement.text, "White wins. Black ran out of time.");
  assert.deepEqual(new Saving(storage).read().saved.end, { reason: "timeout", loser: "black" });
  // Opened again from the save (as on a reload), with its end; a new game has none.
  const { saved } = new Saving(storage).read();
  const again = new Game(engine, { storage: makeStorage(null) });
  await again.load(saved.start, saved.actions, { state: { end: saved.end } });
  assert.deepEqual(again.state.end, { reason: "timeout", loser: "black" });
  await again.load(STANDARD, []);
  assert.equal(again.state.end, null);
  // A save whose end cannot be (out of time while the other is to move) opens without it.
  await again.load(STANDARD, ["C5xC4"], { state: { end: { reason: "timeout", loser: "white" } } });
  assert.equal(again.state.end, null);
});

test("a win claimed after the other player left (abandoned) ends the game whoever is to move, and says who left", async () => {
  const storage = makeStorage(null);
  const game = new Game(engine, { storage });
  await game.load(STANDARD, ["C5xC4"]); // Black to move; White left the game
  assert.equal(game.endGame({ reason: "abandoned", loser: "white" }), true);
  assert.deepEqual(resultOf(game.state), { title: "Black wins", reason: "White left the game" });
  assert.equal(game.state.announcement.text, "Black wins. White left the game.");
  assert.deepEqual(new Saving(storage).read().saved.end, { reason: "abandoned", loser: "white" });
  const again = new Game(engine, { storage: makeStorage(null) });
  await again.load(STANDARD, ["C5xC4"], { state: { end: { reason: "abandoned", loser: "white" } } });
  assert.deepEqual(again.state.end, { reason: "abandoned", loser: "white" });
});

test("the record of an online game that ended outside the rules: the other player is a person, the end kept", () => {
  const state = { start: STANDARD, actions: ["C5xC4"], players: { white: "online", black: "person" }, setup: "online", end: { reason: "abandoned", loser: "white" } };
  const params = recordParams(state, new Date(2026, 10, 28));
  assert.deepEqual(params, { start: STANDARD, actions: ["C5xC4"], white: "person", black: "person", date: "2026-11-28", end: { reason: "abandoned", loser: "white" } });
});

test("the record of an online game names its players; a name that would not show as itself is left out", () => {
  const state = { start: STANDARD, actions: ["C5xC4"], players: { white: "online", black: "person" }, names: { white: "Bob", black: "Ann" }, setup: "online", end: null };
  const params = recordParams(state, new Date(2026, 10, 28));
  assert.deepEqual([params.white, params.black], ["Bob", "Ann"]);
  const turned = recordParams({ ...state, names: { white: "x\u202eyrolaM", black: "Ann" } });
  assert.deepEqual([turned.white, turned.black], ["person", "Ann"]);
});

test("the players' names stay with the game loaded with them, and its save; another game drops them", async () => {
  const storage = makeStorage(null);
  const game = new Game(engine, { storage });
  await game.load(STANDARD, ["C5xC4"], { state: { names: { white: "Ann", black: "Bob\u200b", judge: "Eve" } } });
  assert.deepEqual(game.state.names, { white: "Ann" });
  assert.deepEqual(new Saving(storage).read().saved.names, { white: "Ann" });
  await game.load(STANDARD, []);
  assert.equal(game.state.names, null);
});

test("setClock keeps a timed game's clock in the state and the save; a new game drops it", async () => {
  const storage = makeStorage(null);
  const game = new Game(engine, { storage });
  await game.load(STANDARD, []);
  const clock = start(newClock("3+2"), "white", 1_800_000_000_000);
  game.setClock(clock);
  assert.deepEqual(game.state.clock, clock);
  assert.deepEqual(new Saving(storage).read().saved.clock, clock);
  await game.load(STANDARD, []);
  assert.equal(game.state.clock, null);
});
