// web/page/storage.js: the one owner of the browser's storage. Its values by name, its
// fallback to memory when the browser refuses the storage or it is full, an unreadable value;
// and no other module of web/ touching localStorage or writing a key of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";
import { NAMES, keyOf, makeStorage } from "../../web/page/storage.js";

const WEB = fileURLToPath(new URL("../../web/", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../../tzaar/", import.meta.url));

/** A Storage like the browser's, over a Map; `refuse` makes each write throw as a full one does. */
function fakeLocal({ refuse = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, text) {
      if (refuse) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, String(text));
    },
    removeItem: (key) => items.delete(key),
  };
}

test("a value is kept under its name's key, as JSON, and read back", () => {
  const local = fakeLocal();
  const storage = makeStorage(local);
  assert.equal(storage.get("theme"), null);
  assert.equal(storage.set("theme", "dark"), true, "a write says the browser kept it");
  assert.equal(local.items.get("tzaar.theme"), '"dark"');
  assert.equal(storage.get("theme"), "dark");
  storage.setText("game", "{not json");
  assert.equal(storage.getText("game"), "{not json");
  storage.remove("game");
  assert.equal(storage.getText("game"), null);
  assert.equal(local.items.has("tzaar.game"), false);
});

test("an unreadable value reads as null; its text is there as it is", () => {
  const local = fakeLocal();
  local.items.set("tzaar.puzzles.progress", '{"version": 1, "rating": "lots"');
  const storage = makeStorage(local);
  assert.equal(storage.get("puzzles.progress"), null);
  assert.equal(storage.getText("puzzles.progress"), '{"version": 1, "rating": "lots"');
});

test("a full storage keeps the value in memory, and the reads see it", () => {
  const local = fakeLocal({ refuse: true });
  local.items.set("tzaar.sound", "false");
  const storage = makeStorage(local);
  assert.equal(storage.get("sound"), false); // what was stored before is read
  assert.equal(storage.set("sound", true), false, "a write says it is kept in memory only");
  assert.equal(storage.get("sound"), true);
  assert.equal(local.items.get("tzaar.sound"), "false");
  storage.remove("sound");
  assert.equal(storage.get("sound"), null);
});

test("without a storage (refused: null, or one whose every call throws) the values live in memory", () => {
  const throwing = {
    getItem() { throw new DOMException("denied", "SecurityError"); },
    setItem() { throw new DOMException("denied", "SecurityError"); },
    removeItem() { throw new DOMException("denied", "SecurityError"); },
  };
  for (const local of [null, throwing]) {
    const storage = makeStorage(local);
    assert.equal(storage.get("games"), null);
    storage.set("games", [{ id: "g1" }]);
    assert.deepEqual(storage.get("games"), [{ id: "g1" }]);
    storage.setText("game.set-aside", "x");
    assert.equal(storage.getText("game.set-aside"), "x");
    storage.remove("games");
    assert.equal(storage.get("games"), null);
  }
});

test("a write that works again after a refused one replaces the memory's copy", () => {
  const local = fakeLocal();
  const storage = makeStorage(local);
  const setItem = local.setItem;
  local.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };
  storage.set("flipped", true);
  local.setItem = setItem;
  storage.set("flipped", false);
  assert.equal(storage.get("flipped"), false);
  assert.equal(local.items.get("tzaar.flipped"), "false");
});

test("the names are the page's keys; a name not listed throws", () => {
  assert.equal(new Set(NAMES).size, NAMES.length);
  assert.equal(keyOf("game.set-aside"), "tzaar.game.set-aside");
  const storage = makeStorage(fakeLocal());
  for (const call of [() => keyOf("tzaar.theme"), () => storage.get("colour"), () => storage.set("", 1), () => storage.remove("themes")]) {
    assert.throws(call, /Not a stored value's name/);
  }
});

/** The JavaScript modules of web/, as [path from web/, text]. */
function modules(folder = WEB) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".js") ? [[relative(WEB, path), readFileSync(path, "utf8")]] : [];
  });
}

/** Whether "tzaar.x.y" names a module or package of the Python package (the worker imports it). */
const isPythonModule = (dotted) => {
  const path = join(PACKAGE, ...dotted.split(".").slice(1));
  return existsSync(`${path}.py`) || existsSync(join(path, "__init__.py"));
};

const KEYS = new Set(NAMES.map(keyOf));

test("no other module of web/ touches the browser's storage or writes a key of its own", () => {
  const found = [];
  for (const [path, text] of modules()) {
    if (path === join("page", "storage.js")) continue;
    if (/\b(localStorage|sessionStorage)\b/.test(text)) found.push(`${path}: localStorage`);
    // A quoted key of the page ("tzaar.game", though tzaar/rules/game.py is a module too), another
    // "tzaar.x" that is no Python module (the worker imports those), a key built from parts.
    for (const [, , literal] of text.matchAll(/(["'`])(tzaar\.[^"'`\s]*)\1/g)) {
      if (KEYS.has(literal) || literal.startsWith("tzaar.${") || !isPythonModule(literal)) found.push(`${path}: ${literal}`);
    }
  }
  assert.ok(modules().length > 40, "the modules of web/ were not found");
  assert.deepEqual(found, []);
});
