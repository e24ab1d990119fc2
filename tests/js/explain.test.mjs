// The page's explanations of reviewed turns (web/analysis/explain.js) in the seven languages:
// the turns of tests/data/explained/turns.json (tzaar/study/explain.py's answers, with the
// command line's English) read the same in English, and in every other language are said
// whole: no placeholder left, none of the English sentence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

import { tr } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";
import { explanationArrows, explanationMsgs, note, summaryMsgs } from "../../web/analysis/explain.js";

const CASES = JSON.parse(await readFile(new URL("../data/explained/turns.json", import.meta.url)));
const LANGUAGES = ["de", "es", "fr", "it", "nl", "pl"];

test("the English is the command line's, word for word", async () => {
  await useLanguage("en");
  for (const { turn, english } of CASES) assert.deepEqual(explanationMsgs(turn).map(tr), english);
  // a threat on the last of a type reads so
  const threat = CASES.find((c) => c.turn.explanation.better.some((r) => r.code === "removes-threat")).turn;
  // the better turn taking two of a type says so, its count the one after both
  const scarce = CASES.find((c) => c.turn.explanation.better.some((r) => r.code === "takes-scarce")).turn;
  const two = structuredClone(scarce);
  Object.assign(two.explanation.better[0].params, { first: "A1xB2", count: 2, left: 3 });
  assert.equal(tr(explanationMsgs(two).at(-1)), "A1xB2 and then H1xH4 would have taken two of White's Tzarra stacks, leaving 3.");
  const last = structuredClone(threat);
  last.explanation.better[0].params.last = true;
  assert.equal(tr(explanationMsgs(last).at(-1)), "H4xD7 would have taken the Tzaar that threatened your last Tott.");
  // the note already says the better turn: without it, a turn with no reason says nothing
  const plain = CASES.at(-1).turn;
  assert.deepEqual(explanationMsgs(plain, { better: false }), []);
  assert.deepEqual(explanationMsgs({ ...plain, explanation: null }), []);
  assert.deepEqual(summaryMsgs([{ number: 23, side: "white", mark: "blunder", loss: 30.7 }]).map(tr), ["23. White: blunder, −31 points"]);
  const marked = { number: 12, side: "white", actions: ["C3xD4", "D4-E5"], mark: "mistake", loss: 14.2, best: ["C3xE5", "pass"] };
  assert.equal(tr(note(marked)), "12. White C3xD4 D4-E5: mistake, winning chance −14 points; better: C3xE5 pass");
});

test("a count of one reads as one in French", async () => {
  await useLanguage("fr");
  const allowed = CASES.find((c) => c.turn.explanation.reasons.some((r) => r.code === "takes-scarce" && r.params.count === 1)).turn;
  const better = CASES.find((c) => c.turn.explanation.better.some((r) => r.code === "takes-scarce")).turn;
  for (const [turn, list] of [[allowed, "reasons"], [better, "better"]]) {
    const one = structuredClone(turn);
    one.explanation[list].find((r) => r.code === "takes-scarce").params.left = 1;
    const said = explanationMsgs(one).map(tr).join(" ");
    assert.doesNotMatch(said, /que 1\b|reste 1\b/, said);
    assert.match(said, /qu'une/, said);
  }
  await useLanguage("en");
});

test("the arrows of an explanation are the actions it names, from its data", () => {
  const byCode = (code) => CASES.find((c) => [...c.turn.explanation.reasons, ...c.turn.explanation.better].some((r) => r.code === code)).turn;
  const strip = (arrows) => arrows.map(({ action, role }) => `${role} ${action}`);
  // a capture the turn allowed; of the better turn, the stacking its reason names
  assert.deepEqual(strip(explanationArrows(byCode("secures"))), ["allowed E4xF3", "better B5-B6"]);
  // a stacking and the capture it needs, what the turn allowed; the better turn, named by no reason, too
  const a1 = CASES.find((c) => c.turn.best.join(" ") === "B6xF5 C7-D8").turn;
  assert.deepEqual(explanationArrows(a1), [
    { action: "A2xA1", from: "A2", to: "A1", kind: "capture", role: "allowed" },
    { action: "B1-A1", from: "B1", to: "A1", kind: "stack", role: "allowed" },
    { action: "B6xF5", from: "B6", to: "F5", kind: "capture", role: "better" },
    { action: "C7-D8", from: "C7", to: "D8", kind: "stack", role: "better" },
  ]);
  // the threat: the capture the stack on I4 could make
  assert.deepEqual(strip(explanationArrows(byCode("threatens"))), ["allowed F6xG6", "allowed I5-I4", "threat I4xE4", "better E4xI4", "better F8-E8"]);
  // a pass names no arrow; an explanation kept from before the actions were in its data: the better turn
  assert.deepEqual(strip(explanationArrows(CASES.at(-2).turn)), ["allowed C1xC2", "allowed D1xD2", "better C2xC1"]);
  const old = { actions: ["G6xG3", "pass"], best: ["F6xD5"], explanation: { reasons: [{ code: "takes-last", params: {}, line: ["D5xF6"] }], better: [] } };
  assert.deepEqual(strip(explanationArrows(old)), ["better F6xD5"]);
  assert.deepEqual(explanationArrows({ actions: ["C5xC4"], best: ["D5xD4"], explanation: null }), []);
  // whatever else it holds draws nothing it cannot read, and never throws
  const odd = { best: ["D5xD4", 7], explanation: { reasons: [null, { actions: 5, threats: "I4xE4" }, { actions: ["Z9xA1", "pass", "A1xA2"] }], better: "no" } };
  assert.deepEqual(strip(explanationArrows(odd)), ["allowed A1xA2", "better D5xD4"]);
});

test("every language says every explanation whole", async () => {
  await useLanguage("en");
  const english = CASES.map(({ turn }) => explanationMsgs(turn).map(tr));
  for (const code of LANGUAGES) {
    await useLanguage(code);
    CASES.forEach(({ turn }, i) => {
      const said = explanationMsgs(turn).map(tr);
      assert.equal(said.length, english[i].length);
      said.forEach((sentence, j) => {
        assert.doesNotMatch(sentence, /\{\w+\}/, `${code}: ${sentence}`);
        assert.notEqual(sentence, english[i][j], `${code}: English left`);
        // the actions and points the English names are named here too
        for (const token of english[i][j].match(/\b[A-I]\d(?:[x-][A-I]\d)?\b/g) ?? []) assert.ok(sentence.includes(token), `${code}: ${sentence} lacks ${token}`);
      });
    });
    const [item] = summaryMsgs([{ number: 23, side: "black", mark: "mistake", loss: 16.4 }]).map(tr);
    assert.ok(item.startsWith("23.") && item.includes("16") && !item.includes("mistake"), `${code}: ${item}`);
  }
  await useLanguage("en");
});
