// Why a puzzle's solution wins, in words (web/learn/puzzle-words.js): the first capture, the win
// against every defence (a type gone, or no capture left), the threat parried; in the seven
// languages with no placeholder left; nothing said of a line it cannot read.
import { test } from "node:test";
import assert from "node:assert/strict";

import { tr } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";
import { solutionMsgs } from "../../web/learn/puzzle-words.js";

// puzzles.json's p1: White F4xF7 F7-G6, Black's defence I2xI3 G1-E1, White I5xI3 takes the last Tzarra.
const P1 = { side: "white", themes: ["type"], solution: ["F4xF7", "F7-G6", "I2xI3", "G1-E1", "I5xI3"] };
const TURNS = [{ actions: ["F4xF7", "F7-G6"] }, { actions: ["I2xI3", "G1-E1"] }, { actions: ["I5xI3"] }];
const POINTS = { F4: { color: "white", type: "tzarra", height: 1 }, F7: { color: "black", type: "tott", height: 1 } };
const TYPE_GONE = { code: "lost-type", type: "tzarra" };

test("the first capture, then the win against every defence, in English", async () => {
  await useLanguage("en");
  assert.deepEqual(solutionMsgs(P1, TURNS, POINTS, TYPE_GONE).map(tr), [
    "F4xF7 takes Black's Tott on F7, then F7-G6.",
    "Whatever Black does then, White wins in its next turn: against I2xI3 G1-E1, I5xI3 takes Black's last Tzarra.",
  ]);
  const starve = solutionMsgs({ ...P1, themes: ["starve", "defend"] }, TURNS, POINTS, { code: "no-capture" }).map(tr);
  assert.deepEqual(starve.slice(1), [
    "Whatever Black does then, White wins in its next turn: against I2xI3 G1-E1, I5xI3 leaves Black with no capture.",
    "This turn also parries Black's own threat to win in one turn.",
  ]);
});

test("a line it cannot read says nothing rather than something wrong", async () => {
  await useLanguage("en");
  assert.deepEqual(solutionMsgs(P1, TURNS.slice(0, 2), POINTS, TYPE_GONE), [], "not three turns");
  assert.deepEqual(solutionMsgs(P1, TURNS, {}, TYPE_GONE), [], "no stack where the first capture lands");
  assert.deepEqual(solutionMsgs(P1, TURNS, POINTS, { code: "resigned" }), [], "an end it does not know");
  assert.deepEqual(solutionMsgs(P1, TURNS, POINTS, null), []);
});

test("every language says it whole", async () => {
  for (const code of ["de", "es", "fr", "it", "nl", "pl"]) {
    await useLanguage(code);
    for (const [themes, reason] of [[["type", "defend"], TYPE_GONE], [["starve"], { code: "no-capture" }]]) {
      const text = solutionMsgs({ ...P1, themes }, TURNS, POINTS, reason).map(tr).join(" ");
      assert.doesNotMatch(text, /[{}]|Whatever|takes|wins/, `${code}: ${text}`);
      for (const part of ["F4xF7", "F7-G6", "I2xI3 G1-E1", "I5xI3", "F7"]) assert.ok(text.includes(part), `${code}: ${text}`);
    }
  }
});
