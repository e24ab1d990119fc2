// web/learn/games.js: which finished games are kept (one person against the computer, at the
// end), their entry, and the tally of won and lost per level.
import { test } from "node:test";
import assert from "node:assert/strict";

import { readFileSync } from "node:fs";
import { entryOf, onlineEntryOf, exportParams, tally, keep, gamesIn, restored, levelUp, importOf, reasonOf } from "../../web/learn/games.js";
import { takeFormat, takerOf } from "../../web/page/handoff.js";
import { MOVE_FORMAT } from "../../web/online/turns-move.js";
import { LEVELS, nextLevel } from "../../web/game/computer.js";
import { makeStorage } from "../../web/page/storage.js";
import { tr, msg } from "../../web/page/i18n.js";

const finished = (players, winner = "white") => ({
  start: "S w1",
  actions: ["A1xA2", "B1xB2"],
  cursor: 2,
  turns: [{}, {}],
  setup: "standard",
  seed: null,
  players,
  view: { winner, reason: { code: "lost-type", type: "tzaar" } },
});

test("a finished game of a person against the computer makes an entry; others do not", () => {
  const e = entryOf(finished({ white: "person", black: "computer:strong" }, "black"), "2026-11-25");
  assert.deepEqual(
    { date: e.date, level: e.level, colour: e.colour, result: e.result, turns: e.turns, reason: e.reason },
    { date: "2026-11-25", level: "strong", colour: "white", result: "lost", turns: 2, reason: { code: "lost-type", type: "tzaar" } },
  );
  assert.equal(e.id, "S w1~A1xA2,B1xB2");
  assert.equal(entryOf(finished({ white: "computer:casual", black: "person" }, "black")).result, "won");
  assert.equal(entryOf(finished({ white: "person", black: "person" })), null, "two people");
  assert.equal(entryOf(finished({ white: "computer:casual", black: "computer:master" })), null, "the computer alone");
  assert.equal(entryOf({ ...finished({ white: "person", black: "computer:casual" }), cursor: 1 }), null, "looking back");
  assert.equal(entryOf({ ...finished({ white: "person", black: "computer:casual" }), busy: true }), null, "a game being replaced (New game sets its players first)");
  assert.equal(entryOf({ ...finished({ white: "person", black: "computer:casual" }), view: { winner: null } }), null, "not over");
  // Ended on time or by resignation: kept with its end, which its record and its opening carry.
  const resigned = { ...finished({ white: "person", black: "computer:casual" }), view: { winner: null }, end: { reason: "resigned", loser: "white" } };
  const r = entryOf(resigned);
  assert.deepEqual([r.result, r.winner, r.reason, r.end], ["lost", "black", { code: "resigned" }, { reason: "resigned", loser: "white" }]);
  assert.equal(entryOf(finished({ white: "person", black: "computer:casual" })).end, null);
});

test("the tally counts won and lost per level; keep adds a game once", () => {
  const games = [
    { level: "casual", result: "won" },
    { level: "strong", result: "lost" },
    { level: "casual", result: "lost" },
    { level: "casual", result: "won" },
  ];
  assert.deepEqual(tally(games), [
    { level: "casual", won: 2, lost: 1 },
    { level: "strong", won: 0, lost: 1 },
  ]);
  const storage = makeStorage(null); // the page's store, in memory
  const state = finished({ white: "person", black: "computer:beginner" });
  assert.equal(keep(state, storage), true);
  assert.equal(keep(state, storage), false);
  assert.equal(keep({ ...state, actions: ["A1xA2", "B1xB3"] }, storage), true);
  assert.equal(gamesIn(storage).length, 2);
  assert.equal(gamesIn(storage)[0].actions[1], "B1xB3", "newest first");
  storage.set("games", "not a list");
  assert.deepEqual(gamesIn(storage), []);
});

test("an online game makes an entry with the opponent's name, by the rules or by an end outside them", () => {
  const state = finished({ white: "person", black: "online" }, "white");
  assert.equal(entryOf(state), null, "not a game against the computer");
  const byRules = onlineEntryOf(state, "black", "Ann", null, "2026-11-28");
  assert.deepEqual(
    { online: byRules.online, opponent: byRules.opponent, colour: byRules.colour, result: byRules.result, reason: byRules.reason, end: byRules.end },
    { online: true, opponent: "Ann", colour: "black", result: "lost", reason: { code: "lost-type", type: "tzaar" }, end: null },
  );
  const resigned = onlineEntryOf({ ...state, view: { winner: null } }, "white", "Bob", { reason: "resigned", loser: "black" });
  assert.equal(resigned.result, "won");
  assert.deepEqual(resigned.end, { reason: "resigned", loser: "black" });
  assert.notEqual(resigned.id, byRules.id);
  assert.equal(onlineEntryOf({ ...state, view: { winner: null } }, "white", "Bob", null), null, "not over");
  assert.deepEqual(tally([byRules, { level: "casual", result: "won" }, resigned]), [
    { level: null, won: 1, lost: 1 },
    { level: "casual", won: 1, lost: 0 },
  ]);
});

test("Export all names an online game's players (a name that would not show as itself: a person), a computer game's level", () => {
  const state = finished({ white: "person", black: "online" }, "white");
  const online = onlineEntryOf(state, "white", "Bob", null, "2026-11-28", "Ann");
  assert.equal(online.name, "Ann");
  assert.deepEqual(exportParams(online), { start: online.start, actions: online.actions, date: "2026-11-28", white: "Ann", black: "Bob" });
  // An entry kept before names were kept (no name of ours), or with a name from an older page.
  assert.deepEqual([exportParams({ ...online, name: undefined }).white, exportParams({ ...online, opponent: "x\u202eyrolaM" }).black], ["person", "person"]);
  assert.deepEqual([exportParams({ ...online, opponent: "" }).black], ["person"]);
  const computer = entryOf(finished({ white: "person", black: "computer:casual" }, "black"), "2026-11-25");
  assert.deepEqual([exportParams(computer).white, exportParams(computer).black], ["person", "computer casual"]);
});

test("a backup adds the games and the exercises this browser lacks; anything else changes nothing", () => {
  const storage = makeStorage(null);
  const g = entryOf(finished({ white: "person", black: "computer:strong" }, "black"), "2026-11-25");
  const x = { id: "x", position: "P", side: "white", number: 3, played: ["A1xA2"], best: ["B1xB2"], loss: 30, mark: "blunder", explanation: { reasons: [{ code: "takes-last", params: { side: "white", by: "black", type: "tzaar", capture: "C1xC2" }, line: ["C1xC2"] }], better: [] }, game: g.id, date: "2026-11-25", solves: [], misses: 0, due: 1, learned: null };
  const backup = { format: "tzaar-learning", version: 1, games: [g], exercises: { version: 1, items: [x], pending: [] } };
  assert.deepEqual(restored(backup, storage), { games: 1, exercises: 1 });
  assert.deepEqual(restored(backup, storage), { games: 0, exercises: 0 }, "nothing twice");
  assert.equal(gamesIn(storage).length, 1);
  assert.equal(storage.get("exercises").items[0].id, "x");
  for (const bad of [null, [], { format: "other" }, { format: "tzaar-learning", version: 1 }]) assert.throws(() => restored(bad, storage));
  assert.equal(gamesIn(storage).length, 1, "a refused file changes nothing");
});

// A value JSON can say whose String() throws: a crafted backup's field where a text belongs.
const EVIL = { toString: 1 };
const computerGame = () => entryOf(finished({ white: "person", black: "computer:strong" }, "black"), "2026-11-25");
const onlineGame = () => onlineEntryOf({ ...finished({ white: "person", black: "online" }), view: { winner: null } }, "white", "Bob", { reason: "resigned", loser: "black" }, "2026-12-01", "Ann", "5+3");
/** A game of each kind with one field changed to a form no page writes. */
const damaged = () => [
  ...["opponent", "name", "colour", "date", "result", "winner", "control", "setup"].map((field) => ({ ...onlineGame(), id: `online ${field}`, [field]: EVIL })),
  { ...onlineGame(), id: "end reason", end: { reason: EVIL, loser: "black" } },
  { ...onlineGame(), id: "end loser", end: { reason: "resigned", loser: EVIL } },
  { ...onlineGame(), id: "online", online: "yes" },
  { ...computerGame(), id: "level", level: EVIL },
  { ...computerGame(), id: "unknown level", level: "grandmaster" },
  { ...computerGame(), id: "reason", reason: { code: EVIL } },
  { ...computerGame(), id: "reason type", reason: { code: "lost-type", type: EVIL } },
  { ...computerGame(), id: "actions", actions: ["A1xA2", EVIL] },
  { ...computerGame(), id: "start", start: EVIL },
  { ...computerGame(), id: "turns", turns: "2" },
  { ...computerGame(), id: "seed", seed: "1" },
  { ...computerGame(), id: "colour", colour: "red" },
];
/** What Your games' list shows of game `g` (YourGames.render), as text: throws on a game it cannot show. */
const listed = (g) =>
  tr([
    g.online
      ? msg(g.opponent ? "online.games.entry" : "online.games.entry.unnamed", { date: g.date, name: g.opponent, colour: msg(`side.${g.colour}`) })
      : msg("games.entry", { date: g.date, level: msg(`level.${g.level}`), colour: msg(`side.${g.colour}`), n: g.turns }),
    msg(`games.${g.result}`, { reason: reasonOf(g) }),
  ]);

test("a backup holding one game in a form no page writes is refused whole: nothing stored, nothing to break Your games", () => {
  const storage = makeStorage(null);
  const mine = computerGame();
  storage.set("games", [mine]);
  const x = { version: 1, items: [], pending: [] };
  for (const bad of damaged()) {
    const text = JSON.stringify({ format: "tzaar-learning", version: 1, games: [onlineGame(), bad], exercises: x });
    assert.throws(() => restored(JSON.parse(text), storage), /game 2/, bad.id);
    assert.deepEqual(gamesIn(storage), [mine], `${bad.id}: nothing added`);
  }
  // A crafted file: a name and an end's reason that threw in every render of Your games.
  const crafted = { format: "tzaar-learning", version: 1, exercises: null, games: [
    { id: "a", online: true, date: "2026-12-01", opponent: EVIL, colour: "white", result: "won", end: { reason: "resigned", loser: "black" } },
    { id: "b", online: true, date: "2026-12-01", opponent: "Bob", colour: "white", result: "won", end: { reason: EVIL, loser: "black" } },
  ] };
  assert.throws(() => restored(JSON.parse(JSON.stringify(crafted)), storage));
  assert.deepEqual(gamesIn(storage), [mine]);
  // Entries as every page wrote them are taken: one before ends were kept (no end), an online
  // one before names and time controls were kept (no name, no control), whatever the order.
  const older = [{ ...computerGame(), id: "no end", end: undefined }, { ...onlineGame(), id: "no name", name: undefined, control: undefined }, { ...onlineGame(), id: "unnamed", opponent: "" }];
  assert.deepEqual(restored(JSON.parse(JSON.stringify({ format: "tzaar-learning", version: 1, games: older, exercises: x })), storage), { games: 3, exercises: 0 });
  assert.deepEqual(gamesIn(storage).map((g) => g.id).sort(), [mine.id, "no end", "no name", "unnamed"].sort());
  for (const g of gamesIn(storage)) assert.doesNotThrow(() => listed(g), g.id);
});

test("a game in a form no page writes, already in the store, is left out of Your games, not shown", () => {
  const storage = makeStorage(null);
  const good = [computerGame(), onlineGame()];
  storage.set("games", [good[0], ...damaged(), null, 7, "x", [], good[1]]);
  assert.deepEqual(gamesIn(storage), good);
  for (const g of gamesIn(storage)) assert.doesNotThrow(() => listed(g), g.id);
  for (const bad of damaged()) {
    storage.set("games", [bad]);
    assert.deepEqual(gamesIn(storage), [], bad.id);
  }
});

test("two wins in a row against a level propose the level above it", () => {
  let n = 0;
  const g = (level, result, more = {}) => ({ id: `g${(n += 1)}`, level, result, colour: "white", ...more });
  const [first, second] = LEVELS.map((l) => l.name);
  assert.equal(nextLevel(first), second);
  assert.equal(nextLevel(LEVELS.at(-1).name), null, "none above the top");
  assert.equal(nextLevel("nobody"), null);
  assert.equal(levelUp([g(first, "won"), g(first, "won")]), second, "newest first");
  assert.equal(levelUp([g(first, "won")]), null, "one win");
  assert.equal(levelUp([g(first, "won"), g(first, "lost"), g(first, "won")]), null, "not in a row");
  assert.equal(levelUp([g(first, "won"), g(second, "won")]), null, "against two levels");
  assert.equal(levelUp([g(first, "lost"), g(first, "won"), g(first, "won")]), null, "the last game lost");
  assert.equal(levelUp([g(first, "won"), g(null, "lost", { online: true, level: null }), g(first, "won")]), second, "an online game between is no game against a level");
  assert.equal(levelUp([g("master", "won"), g("master", "won")]), null);
  // The ladder's order in the page: no cliff from Beginner to Strong, Improver between Beginner
  // and Casual, Regular and Skilled between Casual and Strong.
  assert.deepEqual(["beginner", "improver", "casual", "regular", "skilled"].map(nextLevel), ["improver", "casual", "regular", "skilled", "strong"]);
  assert.deepEqual(LEVELS.slice(0, 5).map((l) => l.name), ["novice", "learner", "student", "apprentice", "beginner"]);
});

test("Your games' import hands a game by turns moved from another device to the feature that takes its format", async () => {
  const moved = JSON.stringify({ format: MOVE_FORMAT, version: 1, record: {} });
  const backup = JSON.stringify({ format: "tzaar-learning", version: 1, games: [], exercises: [] });
  assert.ok(importOf(moved).data, "nobody takes it yet: read as a backup (which restored() refuses)");
  const taken = [];
  const untake = takeFormat(MOVE_FORMAT, async (text) => (taken.push(text), { ok: false, said: "refused" }));
  const { take } = importOf(moved);
  assert.deepEqual(await take(moved), { ok: false, said: "refused" });
  assert.deepEqual(taken, [moved], "the text itself, to be read strictly there");
  assert.equal(importOf(backup).data.format, "tzaar-learning", "a backup stays a backup");
  assert.ok(importOf("{not json").error);
  for (const data of [null, [], "tzaar-turns-game", { format: 1 }, { format: "other" }]) assert.equal(takerOf(data), null);
  untake();
  assert.equal(takerOf(JSON.parse(moved)), null);
  // The page registers the export's own format (app.js, which may not load turns-move.js at start).
  const app = readFileSync(new URL("../../web/app.js", import.meta.url), "utf8");
  assert.ok(app.includes(`takeFormat("${MOVE_FORMAT}"`), "app.js hands online play the export's format");
});
