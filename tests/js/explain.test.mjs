// The page's explanations of reviewed turns (web/analysis/explain.js) in the seven languages:
// the turns of tests/data/explained/turns.json (tzaar/study/explain.py's answers, with the
// command line's English) read the same in English, and in every other language are said
// whole: no placeholder left, none of the English sentence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

import { tr } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";
import { explanationMsgs, note, summaryMsgs } from "../../web/analysis/explain.js";

const CASES = JSON.parse(await readFile(new URL("../data/explained/turns.json", import.meta.url)));
const LANGUAGES = ["de", "es", "fr", "it", "nl", "pl"];

test("the English is the command line's, word for word", async () => {
  await useLanguage("en");
  for (const { turn, english } of CASES) assert.deepEqual(explanationMsgs(turn).map(tr), english);
  // a threat on the last of a type reads so
  const threat = CASES.find((c) => c.turn.explanation.better.some((r) => r.code === "removes-threat")).turn;
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
