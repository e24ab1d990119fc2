// web/learn/refusal.js: why a click on the board did nothing, in words, read from the position by
// the rules (the lesson "Height", step 1: B3 is a Tott of height 1, D5 a black Tzarra of height 2).
import { test } from "node:test";
import assert from "node:assert/strict";

import { tr } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";
import { inReach, refusalOf } from "../../web/learn/refusal.js";

const HEIGHT = { position: "Z...A/..T.../......./.T2..a2.../......../......../z....../.....a/z...t w1", side: "white", step: "capture" };
const STACKING = { position: "A...t/....../.T..Z../......../......../......../T....../.....t/z...a w2", side: "white", step: "second" };

test("the first stacks in the way on the six lines from a point, never across the centre", () => {
  assert.deepEqual(inReach({ C1: {}, C7: {}, E5: {}, G1: {} }, "C4").sort(), ["C1", "C7", "E5"]); // G1 is behind E5
  assert.deepEqual(inReach({ E5: {} }, "E4"), []); // E5 is across the empty centre
  assert.ok(inReach({ B3: {}, D5: {} }, "B3").includes("D5"));
});

test("each refused click says why, in English and in German", async () => {
  await useLanguage("en");
  const why = (view, from, point) => tr(refusalOf(view, from, point));
  assert.equal(why(HEIGHT, "B3", "D5"), "A stack takes only a stack no taller than itself: D5 is 2 high, B3 is 1.");
  assert.equal(why(HEIGHT, null, "D5"), "It is White's turn: the stack on D5 is Black's.");
  assert.equal(why(HEIGHT, null, "A1"), "The stack on A1 has no capture: on each line from it the first stack is your own, a taller enemy stack, or there is none.");
  assert.equal(why(HEIGHT, "B3", "C4"), "C4 is empty: a stack moves along a line to the first stack in its way and takes it or stacks onto it.");
  assert.equal(why(HEIGHT, null, "C4"), "C4 is empty: choose one of your stacks first, then where it goes.");
  assert.equal(why(HEIGHT, "B3", "I1"), "B3 cannot reach I1: a stack moves along a line to the first stack in its way, never across the centre.");
  assert.equal(why({ ...HEIGHT, position: HEIGHT.position.replace("w1", "b1"), side: "black" }, null, "B3"), "It is Black's turn: the stack on B3 is White's.");
  assert.equal(why({ ...STACKING, position: STACKING.position.replace("w2", "w1"), step: "capture" }, "C5", "C2"), "A turn starts with a capture: stacking C5 onto C2 can come after it.");
  assert.equal(refusalOf(STACKING, "C5", "C2"), null, "a legal stacking: nothing to explain");
  assert.equal(refusalOf({ ...HEIGHT, step: "place" }, null, "C4"), null);
  await useLanguage("de");
  assert.equal(why(HEIGHT, "B3", "D5"), "Ein Stapel schlägt nur einen Stapel, der nicht höher ist als er selbst: D5 ist 2 hoch, B3 ist 1 hoch.");
});
