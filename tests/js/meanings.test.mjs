// web/game/meanings.js: what a press on a point and a type chosen in the tray mean, read from
// the state (the person to move; the View's legal actions).
import { test } from "node:test";
import assert from "node:assert/strict";

import { initialState } from "../../web/game/state.js";
import { pointPressed, typeChosen } from "../../web/game/meanings.js";
import { registerPlayerKind } from "../../web/game/players.js";

registerPlayerKind("test-meanings-computer", { label: "Test computer", chooseActions: async () => [] });

const view = (changes = {}) => ({
  side: "white",
  step: "capture",
  winner: null,
  reason: null,
  last: [],
  legal: { captures: { D5: ["C4"] }, stacks: { D5: ["D6"], D2: ["D3"] }, place: ["E5"], losing: ["D2-D3"] },
  reserve: { white: { tzaar: 0, tzarra: 0, tott: 2 }, black: { tzaar: 0, tzarra: 0, tott: 0 } },
  ...changes,
});
const state = (changes = {}) => ({ ...initialState(), view: view(), ...changes });

test("a press chooses a stack that can act, plays on its targets, asks before a losing stacking, and lets go otherwise", () => {
  assert.deepEqual(pointPressed(state(), "D5"), { changes: { selected: "D5", notice: null } });
  assert.deepEqual(pointPressed(state({ selected: "D5" }), "C4"), { play: "D5xC4" });
  assert.deepEqual(pointPressed(state({ selected: "D5" }), "D6"), { play: "D5-D6" });
  assert.deepEqual(pointPressed(state({ selected: "D2" }), "D3"), { changes: { pendingLosing: "D2-D3" } });
  assert.deepEqual(pointPressed(state({ selected: "D5" }), "D2"), { changes: { selected: "D2", notice: null } });
  assert.deepEqual(pointPressed(state({ selected: "D5" }), "D5"), { changes: { selected: null, pendingLosing: null } });
  assert.deepEqual(pointPressed(state({ selected: "D5" }), "A1"), { changes: { selected: null, pendingLosing: null, refused: { point: "A1", from: "D5" } } });
  assert.deepEqual(pointPressed(state(), "A1"), { changes: { selected: null, pendingLosing: null, refused: { point: "A1", from: null } } });
});

test("a press means nothing while busy, before the View, or on the computer's turn", () => {
  assert.equal(pointPressed(state({ busy: true }), "D5"), null);
  assert.equal(pointPressed(state({ view: null }), "D5"), null);
  assert.equal(pointPressed(state({ players: { white: "test-meanings-computer", black: "person" } }), "D5"), null);
});

test("in a placement a press places the chosen type, or asks for a type first", () => {
  const placing = (placeType) => state({ view: view({ step: "place" }), placeType: { white: placeType, black: null } });
  assert.deepEqual(pointPressed(placing("tott"), "E5"), { play: "T@E5" });
  assert.equal(pointPressed(placing("tott"), "A1"), null);
  const first = { key: "notice.chooseTypeFirst", params: {} };
  assert.deepEqual(pointPressed(placing(null), "E5"), { changes: { notice: first }, say: first });
});

test("a type is chosen in the tray only in a placement, and only while the side has one", () => {
  const placing = state({ view: view({ step: "place" }), notice: "old" });
  assert.deepEqual(typeChosen(placing, "tott"), { placeType: { white: "tott", black: null }, notice: null });
  assert.equal(typeChosen(placing, "tzaar"), null, "none left");
  assert.equal(typeChosen(placing, "king"), null);
  assert.equal(typeChosen(state(), "tott"), null, "not a placement");
});
