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
    tr(reasonOf({ code: "unsafe", type: "tzarra", point: "D5", attacker: "D8" })),
    "The stack on D8 can still take your Tzarra on D5.",
  );
  assert.equal(tr(reasonOf({ code: "opponentWins", action: "B6xB5" })), "Then the opponent wins: B6xB5.");
  assert.equal(tr(reasonOf({ code: "lost", why: "covered-own-type", type: "tzaar" })), "That covers your last Tzaar: you lose.");
  assert.equal(tr(reasonOf({ code: "lost", why: "lost-type", type: "tott" })), t("lessons.reason.lost"));
  assert.equal(tr(reasonOf(null)), t("lessons.reason.noWin"));
  // The reasons that teach by contrast: the goal, then what the action did instead.
  const C4 = { action: "C2xC4", kind: "capture", point: "C4", type: "tott", height: 1 };
  assert.equal(
    tr(reasonOf({ code: "cannotNow", side: "white", goal: { kind: "capture", point: "G4" }, did: C4 })),
    "The goal: take the stack on G4. C2xC4 took the Tott on C4 instead. After it, no rest of this turn reaches the goal.",
  );
  assert.equal(
    tr(reasonOf({ code: "noStack", height: 2, goal: { kind: "stack", height: 2 }, did: { action: "pass", kind: "pass" } })),
    "The goal: a stack at least 2 high. The pass ended the turn instead.",
  );
  assert.equal(
    tr(reasonOf({ code: "noStack", height: 3, goal: { kind: "stack", height: 3 }, did: { action: "C5-C2", kind: "stack", point: "C2", type: "tzaar", height: 2 } })),
    "The goal: a stack at least 3 high. C5-C2 made a stack 2 high on C2 instead.",
  );
  for (const goal of [{ kind: "captures", count: 2 }, { kind: "win", turns: 1 }, { kind: "safe", type: "tzarra" }, { kind: "survive" }]) {
    const said = tr(reasonOf({ code: "cannotNow", goal, did: C4 }));
    assert.ok(said.startsWith("The goal: ") && !said.includes("{") && !said.includes("lessons."), said);
  }
  // A win off the step's goal is a win.
  assert.equal(tr(reasonOf({ code: "won", why: "lost-type", type: "tzaar" })),
    "That wins the game: the opponent has no Tzaar left. The step asked for something else, but a win is better still.");
  assert.equal(tr(reasonOf({ code: "won", why: "no-capture", type: null })), t("lessons.reason.wonStarved"));
  for (const code of ["fewCaptures", "noStack", "noWin", "cannotNow"]) {
    assert.equal(tr(reasonOf({ code })), t(`lessons.reason.${code}`));
    assert.notEqual(t(`lessons.reason.${code}`), `lessons.reason.${code}`, `${code} has a text`);
  }
  await useLanguage("de");
  assert.equal(tr(reasonOf({ code: "missed", point: "C6" })), "Der Zug ist vorbei, und der Stapel auf C6 steht noch.");
  assert.equal(
    tr(reasonOf({ code: "cannotNow", side: "white", goal: { kind: "capture", point: "G4" }, did: C4 })),
    "Das Ziel: den Stapel auf G4 schlagen. C2xC4 hat stattdessen den Tott auf C4 geschlagen. Danach erreicht kein Rest dieses Zuges das Ziel.",
  );
});
