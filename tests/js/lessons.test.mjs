// web/learn/lessons.js: the reasons of lesson_check (tzaar/study/lessons.py), in the page's language
// (every reason code has its text, with its values filled in).
import { test } from "node:test";
import assert from "node:assert/strict";

import { t, tr } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";
import { reasonOf } from "../../web/learn/lessons.js";

test("each reason of lesson_check is worded with its values, in English and in German", async () => {
  await useLanguage("en");
  assert.equal(tr(reasonOf({ code: "missed", point: "C6" })), "The turn is over and the stack on C6 is still there.");
  assert.equal(
    tr(reasonOf({ code: "unsafe", type: "tzarra", point: "D5", by: "D8" })),
    "The stack on D8 can still take your Tzarra on D5.",
  );
  assert.equal(tr(reasonOf({ code: "opponentWins", action: "B6xB5" })), "Then the opponent wins: B6xB5.");
  assert.equal(tr(reasonOf({ code: "lost", why: "covered-own-type", type: "tzaar" })), "That covers your last Tzaar: you lose.");
  assert.equal(tr(reasonOf({ code: "lost", why: "lost-type", type: "tott" })), t("lessons.reason.lost"));
  assert.equal(tr(reasonOf(null)), t("lessons.reason.noWin"));
  for (const code of ["fewCaptures", "noStack", "noWin", "cannotNow"]) {
    assert.equal(tr(reasonOf({ code })), t(`lessons.reason.${code}`));
    assert.notEqual(t(`lessons.reason.${code}`), `lessons.reason.${code}`, `${code} has a text`);
  }
  await useLanguage("de");
  assert.equal(tr(reasonOf({ code: "missed", point: "C6" })), "Der Zug ist vorbei, und der Stapel auf C6 steht noch.");
});
