// web/page/i18n.js: choosing the language, filling placeholders, and the plural forms of the seven
// languages (Intl.PluralRules picks the form; Polish has one, few and many), with the real
// texts of web/lang/*.json.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { LANGUAGES, SELECTS, formOf, pickLanguage, t, tr, msg, lang } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";

const texts = (code) => JSON.parse(readFileSync(new URL(`../../web/lang/${code}.json`, import.meta.url), "utf8"));

test("pickLanguage takes the first of the browser's languages the page has", () => {
  assert.deepEqual(Object.keys(LANGUAGES), ["de", "en", "es", "fr", "it", "nl", "pl"]);
  assert.equal(pickLanguage(["fr-CA", "en"]), "fr");
  assert.equal(pickLanguage(["pt-BR", "PL", "de"]), "pl");
  assert.equal(pickLanguage([null, "de_AT"]), "de");
  assert.equal(pickLanguage(["pt", "ja"]), "en", "none of them: English");
  assert.equal(pickLanguage([]), "en");
  assert.equal(pickLanguage(null), "en");
  assert.equal(pickLanguage(["__proto__", "constructor", "it"]), "it");
});

test("msg keeps a key and its params for later; tr shows strings, msgs and lists", () => {
  assert.deepEqual(msg("link.tildes"), { key: "link.tildes", params: {} });
  assert.equal(tr("C3xD4"), "C3xD4");
  assert.equal(tr(null), "");
  assert.equal(tr(undefined), "");
  assert.equal(tr(7), "7");
});

test("t fills placeholders in English, msgs inside them too", async () => {
  await useLanguage("en");
  assert.equal(t("result.wins", { side: "White" }), "White wins");
  assert.equal(t("result.wins", { side: msg("side.black") }), "Black wins");
  assert.equal(t("result.wins"), "{side} wins", "a placeholder without its param stays");
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(tr(msg("alert.linkText", { message: msg("link.tildes") })), `This link could not be opened. ${t("link.tildes")} Your game is untouched.`);
  assert.equal(tr([msg("side.white"), "C3xD4"]), "White C3xD4");
});

// The plural form each language uses for a count (CLDR's rules, as Intl.PluralRules gives them).
const FORMS = {
  de: { 0: "other", 1: "one", 2: "other", 5: "other", 21: "other" },
  en: { 0: "other", 1: "one", 2: "other", 5: "other", 21: "other" },
  es: { 0: "other", 1: "one", 2: "other", 5: "other", 21: "other" },
  fr: { 0: "one", 1: "one", 2: "other", 5: "other", 21: "other" },
  it: { 0: "other", 1: "one", 2: "other", 5: "other", 21: "other" },
  nl: { 0: "other", 1: "one", 2: "other", 5: "other", 21: "other" },
  pl: { 0: "many", 1: "one", 2: "few", 3: "few", 4: "few", 5: "many", 12: "many", 14: "many", 21: "many", 22: "few", 24: "few", 25: "many", 104: "few", 112: "many" },
};

for (const code of Object.keys(LANGUAGES)) {
  test(`${code}: each count gets its plural form`, async () => {
    await useLanguage(code);
    assert.equal(lang(), code);
    // (the plurals on n of plain forms; selects and nested forms: the test below, and i18n-render.test.mjs)
    const plurals = Object.entries(texts(code)).filter(([, text]) => typeof text === "object" && !("select" in text) && !("plural" in text) && Object.values(text).every((form) => typeof form === "string"));
    assert.ok(plurals.length >= 10, "the language has texts with plural forms");
    for (const [key, forms] of plurals) {
      for (const [n, form] of Object.entries(FORMS[code])) {
        const expected = forms[form].replaceAll("{n}", n);
        // (the other placeholders, without their params, stay as they are)
        assert.equal(t(key, { n: Number(n) }), expected, `${key} n=${n}`);
      }
    }
  });
}

test("Polish: the forms of 'pieces' differ by count, and a fraction takes 'other'", async () => {
  await useLanguage("pl");
  assert.deepEqual(
    [1, 2, 5, 22, 25].map((n) => t("trios.pieces", { n })),
    ["1 pion", "2 piony", "5 pionów", "22 piony", "25 pionów"],
  );
  assert.equal(t("trios.pieces", { n: 1.5 }), "1.5 piona");
  assert.equal(t("trios.pieces", { n: "3" }), "3 piony", "a count given as text");
  assert.equal(t("trios.pieces"), "{n} pionów", "no count: the form of 0");
});

test("a form a language's file leaves out falls back to 'other'", async () => {
  await useLanguage("fr");
  // French has a "many" form for a million; the page's texts give only one and other.
  assert.equal(new Intl.PluralRules("fr").select(1000000), "many");
  assert.equal(t("trios.pieces", { n: 1000000 }), "1000000 pièces");
  assert.equal(t("trios.pieces", { n: 0 }), "0 pièce");
  await useLanguage("en");
  assert.equal(t("trios.pieces", { n: 0 }), "0 pieces", "switching back switches the plural rules too");
});

test("a select chooses its form by a msg()'s key or by text, nested with plurals", async () => {
  await useLanguage("pl");
  const text = {
    select: "type",
    tzaar: { one: "{n} Tzaar", few: "{n} Tzaary", many: "{n} Tzaarów", other: "{n} Tzaara" },
    tzarra: "twoją Tzarrę",
    tott: "twojego Totta",
  };
  assert.equal(formOf(text, { type: msg("piece.tzarra") }), "twoją Tzarrę");
  assert.equal(formOf(text, { type: msg("review.why.whatever.tott") }), "twojego Totta", "the key's last part");
  assert.equal(formOf(text, { type: "tott" }), "twojego Totta", "a param given as text");
  assert.equal(formOf(text, { type: msg("piece.tzaar"), n: 3 }), "{n} Tzaary", "a plural inside a select");
  assert.equal(formOf(text, { type: "king" }), formOf(text, { type: "tzaar" }), "an unknown value: the first form");
  assert.equal(formOf(text, {}), formOf(text, { type: "tzaar" }), "no value: the first form");
  const nested = { plural: "won", one: { select: "side", white: "{won} wygrana Białych", black: "{won} wygrana Czarnych" }, other: "{won} wygranych" };
  assert.equal(formOf(nested, { won: 1, side: msg("side.black") }), "{won} wygrana Czarnych", "a select inside a plural on its named param");
  assert.equal(formOf(nested, { won: 5, n: 1, side: msg("side.black") }), "{won} wygranych", "the plural counts its own param, not n");
  assert.equal(formOf("as it is", { type: "tott" }), "as it is");
  assert.deepEqual(Object.keys(SELECTS).sort(), ["by", "colour", "loser", "side", "taken", "type"]);
});

test("a msg() filled in where a sentence starts begins with a capital; a name someone wrote never changes", async () => {
  await useLanguage("en");
  assert.equal(t("online.end.resigned", { name: msg("online.yourOpponent") }), "Your opponent resigned.");
  assert.equal(t("online.playing", { name: msg("online.yourOpponent") }), "Playing online against your opponent.");
  assert.equal(t("online.end.resigned", { name: "anna" }), "anna resigned.", "a name as its player wrote it");
  assert.equal(t("alert.linkText", { message: msg("save.damaged") }), "This link could not be opened. The saved data is damaged. Your game is untouched.", "after a full stop");
  assert.equal(t("save.problem", { why: msg("save.damaged"), key: "k" }).split(": ")[1].slice(0, 3), "the", "after a colon: as it is");
  await useLanguage("de");
  assert.equal(t("online.end.resigned", { name: msg("online.yourOpponent") }), "Dein Gegenüber hat aufgegeben.");
});
