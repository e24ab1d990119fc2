// web/page/shown-text.js: the one rule for a name or a text from someone else, and every
// place that reads one from another page (an online game's hello, start and chat; the lobby's
// wishes) holding to it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { shownName, isShownName, isShownText, MAX_NAME } from "../../web/page/shown-text.js";
import { checkMessage } from "../../web/online/protocol.js";
import { readMessage } from "../../web/online/lobby-messages.js";

// Each hides or turns text: overrides and embeddings, isolates, marks, zero-width characters,
// a soft hyphen, a byte order mark, line and paragraph separators, private use, unassigned,
// controls.
const UNSHOWN = ["\u202E", "\u202D", "\u202A", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C", "\u200B", "\u200C", "\u200D", "\u2060", "\u00AD", "\uFEFF", "\u2028", "\u2029", "\uE000", "\u{10FFFD}", "\u0378", "\u0000", "\u0007", "\n", "\t", "\u007F", "\u0085", "\uD83E"];

test("a name is trimmed, its white space single spaces, and shown only as itself", () => {
  assert.equal(shownName("  Ann   Lee "), "Ann Lee");
  assert.equal(shownName("Zoë"), "Zoë");
  assert.equal(shownName("Łucja"), "Łucja");
  assert.equal(shownName("محمد"), "محمد"); // right-to-left letters are letters
  assert.equal(shownName("🦊"), "🦊");
  assert.equal(shownName("x".repeat(MAX_NAME)), "x".repeat(MAX_NAME));
  assert.equal(shownName("🦊".repeat(MAX_NAME)), "🦊".repeat(MAX_NAME)); // counted in characters
  for (const bad of ["", "   ", "x".repeat(MAX_NAME + 1), null, 42, ["Ann"]]) assert.equal(shownName(bad), null, JSON.stringify(bad));
  for (const c of UNSHOWN.filter((c) => !/\s/u.test(c))) assert.equal(shownName(`x${c}Malory`), null, JSON.stringify(c));
  assert.equal(isShownName("Ann"), true);
  assert.equal(isShownName(" Ann"), false);
  assert.equal(isShownName("Ann\u2028Lee"), false); // (typed, it would become "Ann Lee")
});

test("a text is not blank, within its length, and shown only as itself", () => {
  assert.equal(isShownText("Nice move!", 200), true);
  assert.equal(isShownText("x".repeat(201), 200), false);
  assert.equal(isShownText("   ", 200), false);
  for (const c of UNSHOWN) assert.equal(isShownText(`gg${c}`, 200), false, JSON.stringify(c));
});

test("an online game's hello, start and chat from the other page hold to the rule", () => {
  const SEAT_KEY = "BCCbL3kQNjvwK-fEANdIpaxf-Bj6r-GBXqmAX55b9_PJuz9vcd5_7nUdrT_eOzgDBzHCW9bJI85oCFu06IcF5Q8"; // a P-256 public key
  const ECDH = SEAT_KEY; // a key of the connection: a P-256 public key too
  const game = (names) => ({ start: "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1", white: "host", clock: null, names, round: 1 });
  const ok = (message) => checkMessage(JSON.stringify(message)).ok;
  assert.equal(ok({ t: "hello", v: 3, role: "guest", key: SEAT_KEY, ecdh: ECDH, name: "Bob" }), true);
  assert.equal(ok({ t: "hello", v: 3, role: "guest", key: SEAT_KEY, ecdh: ECDH, name: "" }), true); // no name given: "your opponent"
  assert.equal(ok({ t: "start", game: game({ host: "Ann", guest: "" }) }), true);
  assert.equal(ok({ t: "chat", text: "Nice move" }), true);
  for (const c of UNSHOWN) {
    assert.equal(ok({ t: "hello", v: 3, role: "guest", key: SEAT_KEY, ecdh: ECDH, name: `x${c}yrolaM` }), false, JSON.stringify(c));
    assert.equal(ok({ t: "start", game: game({ host: `x${c}yrolaM`, guest: "Bob" }) }), false, JSON.stringify(c));
    assert.equal(ok({ t: "start", game: game({ host: "Ann", guest: `x${c}yrolaM` }) }), false, JSON.stringify(c));
    assert.equal(ok({ t: "chat", text: `I win${c}` }), false, JSON.stringify(c));
  }
  assert.equal(ok({ t: "hello", v: 3, role: "guest", key: SEAT_KEY, ecdh: ECDH, name: " padded " }), false);
  assert.equal(ok({ t: "start", game: game({ host: "Ann", guest: "Bob", judge: "Eve" }) }), false); // names: host and guest only
});

test("the lobby's names hold to the same rule", () => {
  const T0 = 1_800_000_000_000;
  const KEY = "BCCbL3kQNjvwK-fEANdIpaxf-Bj6r-GBXqmAX55b9_PJuz9vcd5_7nUdrT_eOzgDBzHCW9bJI85oCFu06IcF5Q8"; // a P-256 public key
  const wish = (name) => JSON.stringify({ v: 1, t: "wish", id: "0123456789abcdef", name, tc: "5+3", colour: "random", games: 0, since: T0, at: T0, key: KEY });
  assert.equal(readMessage(wish("Ann"), T0)?.name, "Ann");
  for (const c of UNSHOWN) assert.equal(readMessage(wish(`x${c}yrolaM`), T0), null, JSON.stringify(c));
});
