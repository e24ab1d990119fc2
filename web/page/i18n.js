// The page's language: which one, its texts, and filling the page with them.
//
// Texts live in one JSON file per language, web/lang/<code>.json (key -> text), English
// being the reference (tests/test_i18n.py checks that every language has exactly its keys
// and placeholders). A text holds {name} placeholders, and may be an object of forms, the
// way ICU MessageFormat chooses them (nested where a text needs both):
// - plural forms chosen by Intl.PluralRules with the count of its `n` param, or of the param
//   its "plural" names: {"one": "{n} piece", "other": "{n} pieces"} (Polish adds "few" and
//   "many"), {"plural": "won", "one": "{won} win", "other": "{won} wins"};
// - a select: a form for each value of the param its "select" names (SELECTS holds the
//   values), for the words that agree with a side or a piece type:
//   {"select": "type", "tzaar": "twojego Tzaara", "tzarra": "twoją Tzarrę", "tott": "twojego Totta"}.
//   A select chooses by the param's value: a msg()'s key's last part (msg("side.white") ->
//   "white", msg("piece.tzarra") -> "tzarra"), else the param as text; so the page passes
//   sides and piece types as msg()s of side.* and piece.*.
// A msg() filled in where a sentence starts gets a capital ("{name} resigned." with "your opponent").
//
//   await startLanguage(storage);       // picks (saved, else navigator.languages), loads, applies
//   t("turn.toPlay", {side: msg("side.white")})   // a text now
//   msg("alert.link", {message})        // a text to translate when shown (kept in the state)
//   tr(textOrMsg)                       // a string as it is, a msg() in the language shown
//   setLanguage("pl"); onLanguage(() => render());
//   show(element, msg("review.none"))   // element's text (or show(el, m, "title")), kept in
//                                       // that language and shown again after each switch
//
// Each language comes in two files (build.py splits web/lang/<code>.json): the texts of the
// page's start, and the later ones (those of the tools, the game record and How to play,
// but their buttons: build.py's LATER_TEXTS), which `await loadLater()` fetches before the
// first of them is shown (analysis/panel.js, app.js). Until then the elements of index.html with a
// later key keep what they have.
//
// Static texts of index.html carry data-i18n="<key>" (the element's text),
// data-i18n-rich="<key>" (text with **bold** and *italic*, built as elements, never as HTML)
// and data-i18n-attr="aria-label:<key>;title:<key>" (attributes). The notation (A1, C3xD4,
// Z/A/T, position text) and the piece names are the same in every language.

/** The languages of the page, each with its own name. */
export const LANGUAGES = {
  de: "Deutsch",
  en: "English",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
};
export const DEFAULT_LANGUAGE = "en";

/** The params a text may select on, each with its values: a select has a form for each.
 * The page passes them as msg()s of their names: msg("side.black"), msg("piece.tott"). */
export const SELECTS = {
  side: ["white", "black"],
  by: ["white", "black"],
  loser: ["white", "black"],
  colour: ["white", "black"],
  type: ["tzaar", "tzarra", "tott"],
  taken: ["tzaar", "tzarra", "tott"],
};
const LANGUAGE_KEY = "language"; // its name in the storage (page/storage.js)

// A language's texts: lang/<code>.json, and its later ones lang/<code>.later.json (build.py
// writes both), with the release this module was loaded with (build.py stamps ?HASH).
const fileOf = (code, later) => `../lang/${code}${later ? ".later" : ""}.json${new URL(import.meta.url).search}`;

let current = DEFAULT_LANGUAGE;
let laterWanted = false; // once loadLater() was called: every language switch loads both files
let texts = {};
let english = {};
let plurals = new Intl.PluralRules(DEFAULT_LANGUAGE);
let storage = null;
const loaded = new Map(); // code -> promise of its texts
const listeners = new Set();
const shown = new Map(); // element -> Map(attribute or "" for the text -> its msg())

/** The language shown now ("de"). */
export function lang() {
  return current;
}

/** The first of the browser's languages that the page has (by its primary subtag), else English. */
export function pickLanguage(preferred = navigator.languages ?? [navigator.language]) {
  for (const tag of preferred ?? []) {
    const code = String(tag ?? "").toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(LANGUAGES, code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

function load(code, later = false) {
  const file = fileOf(code, later);
  if (!loaded.has(file)) {
    const url = new URL(file, import.meta.url);
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      return response.json();
    });
    promise.catch(() => loaded.delete(file)); // tried again on the next switch
    loaded.set(file, promise);
  }
  return loaded.get(file);
}

/** Fetch the later texts (the tools', the game record's, How to play's) of the language
 * shown, and of every language switched to after; fills the page with them. Never rejects. */
export async function loadLater() {
  laterWanted = true;
  const code = current;
  let later;
  try {
    later = await load(code, true);
  } catch {
    return; // (their keys show until a switch loads them)
  }
  if (code !== current) return; // (a switch since: it loaded the new language's)
  texts = { ...texts, ...later };
  if (code === DEFAULT_LANGUAGE) english = texts;
  translateDocument(document);
  reshow();
}

/**
 * Choose the language (the saved one, else the browser's), load its texts, fill the page.
 * Only that language's file is fetched: every file has every key (tests/test_i18n.py), so
 * English, the fallback for a key a file lacks, is fetched only when it is the language or
 * the chosen one's file cannot be. Never rejects: without its file the page stays in English.
 */
export async function startLanguage(store) {
  storage = store;
  const saved = storage?.get(LANGUAGE_KEY);
  const code = Object.hasOwn(LANGUAGES, saved) ? saved : pickLanguage();
  await apply(code, false).catch(() => apply(DEFAULT_LANGUAGE, false).catch(() => null));
}

/** Switch the page to `code`, save it with the settings and re-render every text. */
export async function setLanguage(code) {
  if (!Object.hasOwn(LANGUAGES, code)) return;
  await apply(code, true);
}

async function apply(code, save) {
  const [data, later] = await Promise.all([load(code), laterWanted ? load(code, true).catch(() => ({})) : {}]);
  current = code;
  texts = { ...data, ...later };
  if (code === DEFAULT_LANGUAGE) english = texts;
  plurals = new Intl.PluralRules(code);
  if (save) storage?.set(LANGUAGE_KEY, code);
  document.documentElement.lang = code;
  translateDocument(document);
  reshow();
  for (const callback of [...listeners]) callback(code);
}

/** Call `callback(code)` after every switch; returns an unbind. */
export function onLanguage(callback) {
  listeners.add(callback);
  return () => listeners.delete(callback);
}

/** The text of `key` in the language shown, its {placeholders} filled from `params`. A msg()
 * filled in where a sentence starts begins with a capital: the files write such texts as they
 * read inside a sentence ("your opponent"). */
export function t(key, params = {}) {
  const value = texts[key] ?? english[key];
  if (value === undefined) return key;
  const text = formOf(value, params);
  return text.replace(/\{(\w+)\}/g, (whole, name, at) => {
    if (!Object.hasOwn(params, name)) return whole;
    const filled = tr(params[name]);
    const ours = params[name] !== null && typeof params[name] === "object" && !Array.isArray(params[name]);
    return ours && /^\s*$|[.!?]\s+$/.test(text.slice(0, at)) ? filled.charAt(0).toLocaleUpperCase(current) + filled.slice(1) : filled;
  });
}

/** The value a select chooses by: a msg()'s key's last part ("side.white" -> "white"), else
 * the param as text. */
export function selectValue(param) {
  if (param && typeof param === "object" && typeof param.key === "string") return param.key.slice(param.key.lastIndexOf(".") + 1);
  return param === null || param === undefined ? "" : String(param);
}

/** The string of a text of the files (a string, plural forms, a select) for `params`: its plural
 * form, its select's branch, nested as deep as the file writes them. A count a plural does not
 * get takes the form of 0; a value a select has no form for takes its first (tests/test_i18n.py
 * checks that every select has them all). */
export function formOf(value, params = {}) {
  let text = value;
  while (text && typeof text === "object") {
    if (typeof text.select === "string") {
      const chosen = selectValue(params[text.select]);
      const branches = Object.keys(text).filter((name) => name !== "select");
      text = text[branches.includes(chosen) ? chosen : branches[0]];
    } else {
      const count = Number(params[typeof text.plural === "string" ? text.plural : "n"] ?? 0);
      text = text[plurals.select(count)] ?? text.other;
    }
  }
  return typeof text === "string" ? text : "";
}

/** A text to translate when it is shown: {key, params} (params may hold msg() too). */
export function msg(key, params = {}) {
  return { key, params };
}

/** A string as it is (the engine's English, a point name); a msg() in the language shown;
 * a list of them joined by spaces. */
export function tr(value) {
  if (Array.isArray(value)) return value.map(tr).join(" ");
  if (value && typeof value === "object" && typeof value.key === "string") return t(value.key, value.params ?? {});
  return value === null || value === undefined ? "" : String(value);
}

/**
 * Set an element's text (attr omitted) or attribute to `value` (a string, a msg() or a list
 * of them) in the language shown; a msg() is shown again in the new language after a switch.
 * For the texts of modules that build their own elements and do not re-render on a switch.
 */
export function show(element, value, attr = "") {
  const text = tr(value);
  if (attr) {
    if (element.getAttribute(attr) !== text) element.setAttribute(attr, text);
  } else if (element.textContent !== text) {
    element.textContent = text;
  }
  let texts = shown.get(element);
  if (typeof value === "string" || value === null || value === undefined) {
    texts?.delete(attr);
    return;
  }
  if (!texts) shown.set(element, (texts = new Map()));
  texts.set(attr, value);
}

function reshow() {
  for (const [element, texts] of [...shown]) {
    if (!element.isConnected) {
      shown.delete(element); // an element thrown away (a redrawn list)
      continue;
    }
    for (const [attr, value] of texts) show(element, value, attr);
  }
}

/** Fill every element under `root` that has data-i18n, data-i18n-rich or data-i18n-attr. */
export function translateDocument(root = document) {
  const known = (key) => Object.hasOwn(texts, key) || Object.hasOwn(english, key); // (later texts: once loaded)
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (!known(node.dataset.i18n)) continue;
    const text = t(node.dataset.i18n);
    if (node.textContent !== text) node.textContent = text;
  }
  for (const node of root.querySelectorAll("[data-i18n-rich]")) {
    if (!known(node.dataset.i18nRich)) continue;
    const text = t(node.dataset.i18nRich);
    if (node.dataset.i18nShown !== text) {
      node.dataset.i18nShown = text;
      node.replaceChildren(...richText(text));
    }
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [name, key] = pair.split(":").map((s) => s.trim());
      if (name && key && known(key)) node.setAttribute(name, t(key));
    }
  }
  // The web app manifest in the language shown (build.py writes manifest.<code>.webmanifest
  // with the language's "manifest.description").
  const manifest = document.querySelector('link[rel="manifest"]');
  const href = current === DEFAULT_LANGUAGE ? "manifest.webmanifest" : `manifest.${current}.webmanifest`;
  if (manifest && manifest.getAttribute("href") !== href) manifest.setAttribute("href", href);
  const meta = document.querySelector('meta[name="description"]');
  if (meta && (texts["meta.description"] ?? english["meta.description"])) meta.content = t("meta.description");
}

/** Nodes for text with **bold** and *italic* (the only markup a text may hold). */
function richText(text) {
  const nodes = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    const element = document.createElement(match[1] !== undefined ? "b" : "i");
    element.textContent = match[1] ?? match[2];
    nodes.push(element);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}
