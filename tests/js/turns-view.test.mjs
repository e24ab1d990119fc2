// The status line of a game by turns (online/turns-view.js statusText) in the page's languages:
// the colour passed as a msg(), so that a language selecting on it declines it (Polish "grasz
// Czarnymi"), and the other player without a name said as "your opponent", capitalised only
// where a sentence starts.
import { test } from "node:test";
import assert from "node:assert/strict";

import { statusText } from "../../web/online/turns-view.js";
import { useLanguage } from "./lang.mjs";

const STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1";
const T0 = Date.UTC(2026, 11, 1, 12);
const game = (names) => ({ start: STANDARD, white: "host", days: 3, names, created: T0 - 1000 });
const invite = (names) => ({ invite: { status: "found", copy: { game: game(names) } } });
const record = (names) => ({ role: "guest", game: game(names), joined: T0, actions: [], times: [], end: null, winner: null, seen: { n: 0, joined: false, over: false } });

test("an invite says the guest's colour in the case the language needs", async () => {
  await useLanguage("pl");
  assert.match(statusText(invite({ host: "Ann", guest: "" }), "playing", T0), /^Ann zaprasza cię do partii korespondencyjnej: grasz Czarnymi, 3 dni na ruch\./);
  await useLanguage("es");
  assert.match(statusText(invite({ host: "Ann", guest: "" }), "playing", T0), /juegas con las Negras, 3 días por jugada/);
});

test("an opponent who gave no name is 'your opponent', with a capital only where a sentence starts", async () => {
  await useLanguage("en");
  assert.equal(statusText({ record: record({ host: "", guest: "Bob" }) }, "playing", T0), "Playing by turns against your opponent: your opponent to move, 3 days left. You may close this page.");
  assert.match(statusText(invite({ host: "", guest: "" }), "playing", T0), /^Your opponent invites you to a game by turns: you play Black, 3 days a move\./);
  await useLanguage("pl");
  assert.equal(statusText({ record: record({ host: "", guest: "Bob" }) }, "playing", T0), "Twój przeciwnik gra z tobą korespondencyjnie i teraz ma ruch, zostały 3 dni. Możesz zamknąć tę stronę.");
});
