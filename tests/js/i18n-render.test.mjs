// Every text of web/lang/*.json rendered through web/page/i18n.js t() with every value of its
// params that changes its words: each side, each piece type, the counts 0, 1, 2 and 5, in every
// language. A rendering keeps no placeholder, no "{", no "undefined"; another language's has no
// English word the English rendering has (beyond the notation, the piece names and what the
// page fills in); a count followed by the word it counts is in plural forms of that count;
// none has a phrase the language's grammar rules out (an article or an adjective of the wrong
// gender before a piece's name, a side's name in the wrong number), nor a word its glossary
// (docs/languages.md) turned down for a game term.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { LANGUAGES, SELECTS, msg, t } from "../../web/page/i18n.js";
import { useLanguage } from "./lang.mjs";

const FILES = Object.fromEntries(Object.keys(LANGUAGES).map((code) => [code, JSON.parse(readFileSync(new URL(`../../web/lang/${code}.json`, import.meta.url), "utf8"))]));
const texts = (code) => FILES[code];
const ENGLISH = texts("en");
const COUNTS = [0, 1, 2, 5];

// The values the page gives each param, as it gives them (msg()s for what it translates).
// A param that changes the words: every value; any other: one example.
const SIDE = (side) => msg(`side.${side}`);
const PIECE = (type) => msg(`piece.${type}`);
const VARIED = {
  ...Object.fromEntries(Object.entries(SELECTS).map(([name, values]) => [name, values.map(name === "type" || name === "taken" ? PIECE : SIDE)])),
  name: ["Anna", msg("online.yourOpponent")], // (a game online against someone who gave no name)
  ...Object.fromEntries(["n", "count", "won", "lost", "games", "exercises", "due", "solved", "height", "own", "done", "total", "seconds", "steps"].map((name) => [name, COUNTS])),
};
const EXAMPLE = {
  a: "C3xD4", b: "D4-E5", action: "C3xD4", actions: "C3xD4 D4-E5", attacker: "D8", best: "C3xE5 D6-E6",
  capture: "D8xD5", first: "A2xA1", second: "B1-A1", line: "D8xD5 pass", played: "C3xD4 pass", turn: "D8xD5 E6-E7",
  point: "D5", from: "C3", to: "D4", target: "E6", targets: "E6", column: "C", token: "x9", move: "C3xQ9",
  chance: "62%", change: "+12", percent: 62, depth: 7, rating: 1500, number: 12, step: 1, size: 7,
  found: 3, version: 4, seed: 42, loaded: 3, time: "4:05", tc: "5+5", control: "10+5",
  player: "Anna", who: "Anna", date: "2024-05-01", file: "tzaar.json", url: "https://example.org/#x",
  key: "tzaar.saved.broken", source: "tzaar.txt", text: "gg", title: msg("lessons.defend.title"),
  level: msg("level.strong"), mark: msg("review.blunder"), types: "Tzarra", theme: msg("theme.dark"),
  colourWish: msg("lobby.colour.random"), wish: msg("lobby.colour.random"),
  detail: "C3xQ9", message: msg("link.tildes"), error: msg("turn.engineError"), why: msg("save.damaged"),
  reason: msg("reason.lost-type", { loser: SIDE("black"), type: PIECE("tott") }),
  description: msg("trios.pieces", { n: 2 }), hint: msg("turn.hintText", { description: "Tzarra", action: "C3xD4" }),
  proof: msg("proof.wins", { side: SIDE("white"), n: 2 }), moves: msg("turn.captures", { n: 2 }),
  list: "Tott, Tzarra", counts: "Tzaar 2", pieces: msg("trios.pieces", { n: 5 }), where: msg("review.start"), value: "62%",
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** Each string of a text, with the params of the plurals and selects around it. */
function leaves(value, around = []) {
  if (value === null || typeof value !== "object") return [[value, around]];
  const param = typeof value.select === "string" ? value.select : (value.plural ?? "n");
  return Object.entries(value)
    .filter(([name]) => name !== "select" && name !== "plural")
    .flatMap(([, form]) => leaves(form, [...around, param]));
}

/** The params a text takes, in any language (tests/test_i18n.py: the same in all of them). */
function paramsOf(key) {
  const names = new Set();
  for (const code of Object.keys(LANGUAGES)) {
    const value = texts(code)[key];
    for (const [text, around] of leaves(value)) {
      for (const [, name] of String(text).matchAll(PLACEHOLDER)) names.add(name);
      for (const name of around) names.add(name);
    }
  }
  return [...names];
}

/** Every combination of the params' values. */
function combinations(names) {
  let out = [{}];
  for (const name of names) {
    const values = VARIED[name] ?? [EXAMPLE[name]];
    out = out.flatMap((params) => values.map((value) => ({ ...params, [name]: value })));
  }
  return out;
}

const described = (params) =>
  Object.entries(params)
    .filter(([name]) => VARIED[name])
    .map(([name, value]) => `${name}=${typeof value === "object" ? value.key.split(".").pop() : value}`)
    .join(" ");

// English left in another language: a word only English has, or three words in a row of the
// English rendering (the notation, the piece names and the examples filled in taken out).
const ENGLISH_WORDS = new Set(
  ("the and your you with after would have has takes wins left stack stacks turn turns move moves game games this that " +
    "from for not cannot can its their then only any none which what when there here")
    .split(" "),
);
const FILLED = /\bZ\/A\/T\b|\bTURN\b|[\w.]+\.[\w.]+\.[\w.]+|\b[A-I]\d(?:[x-][A-I]\d)?\b|\b[ZAT]@[A-I]\d\b|\bpass\b|\bTzaar\w*|\bTzarr\w*|\bTott\w*|\bTZAAR\b|\bAnna\b|\bKris Burm\b|\bGIPF\b|\bNostr\b|[\w.:/#-]+\.(?:json|txt|org)\S*|\d+/gu;
const wordsOf = (text) => text.replace(FILLED, " | ").toLowerCase().match(/\p{L}+|\|/gu) ?? [];
const runs = (list) => new Set(list.slice(2).map((w, i) => `${list[i]} ${list[i + 1]} ${w}`).filter((run) => !run.includes("|")));

// Words of ENGLISH_WORDS that are the language's own too (Spanish "has perdido").
const OWN_WORDS = { es: ["has"] };

/** The English words of `shown` in language `code`, a rendering of the same text and params
 * as `english`. */
function englishIn(code, shown, english) {
  const words = wordsOf(shown);
  const same = [...runs(words)].filter((run) => runs(wordsOf(english)).has(run));
  const own = OWN_WORDS[code] ?? [];
  return [...new Set([...words.filter((w) => ENGLISH_WORDS.has(w) && !own.includes(w)), ...same])];
}

// What the language's grammar rules out, as the issue found them: an article or an adjective
// of the wrong gender or case before a piece's name (German and Polish make Tzarra feminine,
// Tzaar and Tott masculine; the Romance languages the same), a side's name in the wrong number,
// a capital inside a sentence, a workaround for a case.
const WRONG = {
  de: [/\b(?:deinen|seinen|ihren|einen|keinen|den|letzten|kein|ein|dein)\s+(?:letzten\s+|einzigen\s+)?Tzarra\b/, /\b(?:deine|seine|ihre|eine|keine|die|letzte)\s+(?:letzte\s+|einzige\s+)?(?:Tzaar|Tott)\b/],
  en: [/[\p{Ll},:;]\s+Your\b/u, /\b1 (?:points|games|exercises|times|turns|stacks|captures|pieces)\b/],
  es: [/\b(?:el|un|del|al|ningún|último|único)\s+(?:último\s+|único\s+)?Tzarra\b/, /\b(?:la|una|ninguna|última|única)\s+(?:última\s+)?(?:Tzaar|Tott)\b/],
  fr: [/\b(?:le|du|au|un|dernier|seul|aucun)\s+(?:dernier\s+)?Tzarra\b/, /\b(?:la|une|dernière|seule|aucune)\s+(?:dernière\s+)?(?:Tzaar|Tott)\b/, /\b(?:aux|des|les)\s+(?:Blanc|Noir)\b/, /\s\p{Lu}\p{Ll}+ adversaire\b/u, /\b1 (?:points|parties|exercices|fois)\b/],
  it: [/\b(?:il|lo|un|uno|tuo|suo|del|dello|al|allo|nessun|ultimo)\s+(?:ultimo\s+)?Tzarra\b/, /\b(?:il|la|una|tua|sua|nessuna|ultima)\s+(?:ultima\s+)?Tzaar\b/, /\b(?:lo|la|uno|una|tua|sua|nessuno|nessuna|ultima)\s+(?:ultima\s+)?Tott\b/, /\b1 (?:punti|partite|esercizi|volte)\b/],
  nl: [/\b1 (?:punten|partijen|oefeningen|keren)\b/],
  pl: [/\b(?:twojego|twój|jego|ostatniego|jednego|żadnego|swojego)\s+(?:ostatniego\s+)?Tzarr/, /\b(?:twoją|twoja|ostatnią|jedną|żadnej|swoją)\s+(?:ostatnią\s+)?(?:Tzaar|Tott)/, /z tur strony|grałeś\/aś|kolorem:/, /\b1 (?:punktów|wygranych|przegranych|partii|ćwiczeń|razy)\b/],
};

// The words a language's glossary (docs/languages.md) turned down for a game term, so that
// each term keeps one word: a stacking, a pass, a lesson's step, a hint, the board...
const TURNED_DOWN = {
  de: [/\bSchlagzug|\bSchlagzüge/, /\bProgramms?\b/, /\bStück\b/, /\bAufstellung/, /loszulassen/],
  en: [],
  es: [/control de tiempo/i, /\bclases? de piezas?\b/, /\btom(?:ó|aron|ado|ar)\b/, /\bReintentar\b/],
  fr: [/\bConseil\b/, /\bsortes? de pièces|\b(?:une|chaque|d'une) sorte\b/, /\bune passe\b|\ble passe\b/, /deuxième action/],
  it: [/\bPasso \d|\bPasso successivo/, /\btavol[ae]\b|\bscacchiera|\btavoliere/i, /\bTrii\b/],
  nl: [/\bslagzet/, /\bstapeling\b/, /\b(?:regel)?motor\b/, /\bHint\b/],
  pl: [/\bpionk/, /\b(?:u|po)?łącz\w* sto|\bukład\w* sto|\bułoż\w* sto|\bwchodzi na\b/i, /grał(?:eś|aś)|\(a\)|\/aś/, /\bstron[ay] (?:Białe|Czarne)\b/],
};

// A count followed by a word it counts ("{n} points"): that word's form depends on the count, so
// the text has plural forms of it. The words after a count that do not change with it: units,
// and each language's words that take no number from it (English "1 won, 2 lost").
const COUNTED = new Set(["n", "count", "won", "lost", "games", "exercises", "due", "solved"]);
const NOT_COUNTED = {
  de: ["zu", "zum", "in", "von", "jetzt", "gelöst", "gewonnen", "verloren"],
  en: ["to", "in", "of", "due", "solved", "won", "lost", "left"],
  es: ["por", "de"],
  fr: ["à", "d", "sur", "maintenant"], // ("{n} d'affilée")
  it: ["da", "di", "su"],
  nl: ["te", "op", "van", "om", "nu", "opgelost", "gewonnen", "verloren"],
  pl: ["do", "z", "pozycji"], // ("z 1 pozycji", "z 5 pozycji")
};

/** Every rendering in English, by "key [params]". */
async function englishRenderings() {
  await useLanguage("en");
  const out = new Map();
  for (const key of Object.keys(ENGLISH)) {
    for (const params of combinations(paramsOf(key))) out.set(`${key} [${described(params)}]`, t(key, params));
  }
  return out;
}
const inEnglish = await englishRenderings();

/** The problems of one language's texts, each "key [params]: what". */
async function problems(code) {
  await useLanguage(code);
  const own = texts(code);
  const found = [];
  for (const key of Object.keys(ENGLISH)) {
    for (const [text, around] of leaves(own[key])) {
      for (const m of String(text).matchAll(/\{(\w+)\}\s+(\p{L}+)/gu)) {
        if (COUNTED.has(m[1]) && !around.includes(m[1]) && m[2] !== "s" && !NOT_COUNTED[code].includes(m[2])) found.push(`${key}: "{${m[1]}} ${m[2]}" without plural forms of ${m[1]}`);
      }
    }
    for (const params of combinations(paramsOf(key))) {
      const shown = t(key, params);
      const where = `${key} [${described(params)}]`;
      if (/[{}]|\bundefined\b|\bnull\b|\bNaN\b|\[object/.test(shown)) found.push(`${where}: ${JSON.stringify(shown)}`);
      for (const pattern of [...(WRONG[code] ?? []), ...TURNED_DOWN[code]]) {
        const m = shown.match(pattern);
        if (m) found.push(`${where}: "${m[0]}" in ${JSON.stringify(shown)}`);
      }
      if (code !== "en") {
        const left = englishIn(code, shown, inEnglish.get(where));
        if (left.length) found.push(`${where}: English "${left.join('", "')}" in ${JSON.stringify(shown)}`);
      }
    }
  }
  return [...new Set(found)];
}

for (const code of Object.keys(LANGUAGES)) {
  test(`${code}: every text reads right with every side, type and count`, async () => {
    const found = await problems(code);
    assert.deepEqual(found, [], `${found.length} problems:\n${found.join("\n")}`);
  });
}
