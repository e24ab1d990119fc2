// web/learn/puzzle-rating.js: the player's puzzle rating (Elo), streaks, the stored progress read
// back (or reset when unreadable), and the choice of the next puzzle near the rating.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

import {
  START_RATING,
  NEAR,
  freshProgress,
  readProgress,
  readSolved,
  expected,
  ratingChange,
  record,
  target,
  ofTheme,
  choose,
  signed,
} from "../../web/learn/puzzle-rating.js";

const SHIPPED = JSON.parse(await readFile(new URL("../../web/learn/puzzles.json", import.meta.url))).puzzles;
const puzzle = (id, rating, themes = ["type"]) => ({ id, rating, themes });

test("the expected score is Elo's: even at equal ratings, 10 to 1 at 400 points", () => {
  assert.equal(expected(1500, 1500), 0.5);
  assert.ok(Math.abs(expected(1500, 1900) - 1 / 11) < 1e-12);
  assert.ok(Math.abs(expected(1900, 1500) - 10 / 11) < 1e-12);
});

test("solving raises the rating, a miss lowers it, more against a harder or easier puzzle", () => {
  assert.equal(ratingChange(1200, 0, 1200, true), 20); // K 40 × 0.5
  assert.equal(ratingChange(1200, 0, 1200, false), -20);
  assert.equal(ratingChange(1200, 30, 1200, true), 10); // K 20 once settled
  assert.ok(ratingChange(1200, 0, 1600, true) > ratingChange(1200, 0, 1200, true));
  assert.ok(ratingChange(1200, 0, 800, false) < ratingChange(1200, 0, 1200, false));
  // a sure thing still moves the rating by one point
  assert.equal(ratingChange(3000, 50, 800, true), 1);
  assert.equal(ratingChange(800, 50, 3000, false), -1);
});

test("record rates a first try only and keeps the failed ones", () => {
  const p = freshProgress();
  const first = record(p, puzzle("p1", 1200), true, new Set());
  assert.equal(first.rated, true);
  assert.equal(first.change, 20);
  assert.equal(first.progress.rating, 1220);
  assert.equal(first.progress.played, 1);
  assert.equal(p.rating, START_RATING, "the progress given is not changed");
  // solved before: not rated
  const again = record(first.progress, puzzle("p1", 1200), true, new Set(["p1"]));
  assert.deepEqual([again.rated, again.change, again.progress.rating], [false, 0, 1220]);
  // a miss: rated, and remembered as failed; a later solve of it is not rated
  const miss = record(first.progress, puzzle("p2", 1400), false, new Set(["p1"]));
  assert.equal(miss.rated, true);
  assert.ok(miss.change < 0 && miss.progress.rating === 1220 + miss.change);
  assert.deepEqual(miss.progress.failed, ["p2"]);
  const later = record(miss.progress, puzzle("p2", 1400), true, new Set(["p1"]));
  assert.deepEqual([later.rated, later.progress.failed], [false, []]);
});

test("a puzzle played with the hint is not rated, and its solve does not add to the streak", () => {
  const p = { ...freshProgress(), scoring: "streak", streak: 2, best: 2 };
  const solved = record(p, puzzle("h", 1200), true, new Set(), true);
  assert.deepEqual([solved.rated, solved.change, solved.progress.rating, solved.progress.played], [false, 0, START_RATING, 0]);
  assert.deepEqual([solved.progress.streak, solved.progress.best, solved.streakEnded], [2, 2, null]);
  const missed = record(p, puzzle("h", 1200), false, new Set(), true);
  assert.deepEqual([missed.rated, missed.streakEnded, missed.progress.streak, missed.progress.failed], [false, 2, 0, ["h"]]);
});

test("a streak counts the puzzles solved in a row and ends on the first miss; the best stays", () => {
  let p = { ...freshProgress(), scoring: "streak" };
  for (const id of ["a", "b", "c"]) p = record(p, puzzle(id, 1200), true, new Set()).progress;
  assert.deepEqual([p.streak, p.best], [3, 3]);
  const miss = record(p, puzzle("d", 1200), false, new Set());
  assert.equal(miss.streakEnded, 3);
  assert.deepEqual([miss.progress.streak, miss.progress.best], [0, 3]);
  p = record(miss.progress, puzzle("e", 1200), true, new Set()).progress;
  assert.deepEqual([p.streak, p.best], [1, 3]);
  // with rated scoring there is no streak
  const rated = record(freshProgress(), puzzle("f", 1200), false, new Set());
  assert.equal(rated.streakEnded, null);
  assert.equal(rated.progress.streak, 0);
});

test("the stored progress is read back; unreadable data starts afresh and says so", () => {
  assert.deepEqual(readProgress(null), { progress: freshProgress(), problem: null });
  const p = { ...freshProgress(), rating: 1543, played: 7, scoring: "streak", theme: "starve", streak: 2, best: 5, failed: ["p3"] };
  assert.deepEqual(readProgress(JSON.stringify(p)), { progress: p, problem: null });
  for (const bad of [
    "{",
    "null",
    "[]",
    "42",
    JSON.stringify({ ...p, rating: "1500" }),
    JSON.stringify({ ...p, rating: Number.NaN }),
    JSON.stringify({ ...p, rating: 99999 }),
    JSON.stringify({ ...p, played: -1 }),
    JSON.stringify({ ...p, scoring: "blitz" }),
    JSON.stringify({ ...p, theme: "fork" }),
    JSON.stringify({ ...p, failed: [1] }),
    JSON.stringify({ ...p, version: 2 }),
  ]) {
    assert.deepEqual(readProgress(bad), { progress: freshProgress(), problem: "unreadable" }, bad);
  }
  // a progress stored before the scoring had its name (its field was `mode`) reads the same
  const { scoring, ...older } = p;
  assert.deepEqual(readProgress(JSON.stringify({ ...older, mode: scoring })), { progress: p, problem: null });
  assert.deepEqual(readProgress(JSON.stringify({ ...older, mode: "blitz" })), { progress: freshProgress(), problem: "unreadable" });
  assert.deepEqual(readSolved(["p1", 3, "p2"]), ["p1", "p2"]);
  assert.deepEqual(readSolved({ p1: true }), []);
  assert.deepEqual(readSolved(null), []);
});

test("the next puzzle is near the player's rating, never tried first, of the theme chosen", () => {
  const puzzles = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200].map((r, i) => puzzle(`p${i + 1}`, r, i % 2 ? ["starve"] : ["type", "defend"]));
  const first = () => 0;
  const at = (rating, extra = {}) => ({ ...freshProgress(), rating, ...extra });
  assert.equal(choose(puzzles, at(1210), new Set(), { random: first }).id, "p3");
  assert.equal(choose(puzzles, at(2150), new Set(), { random: first }).id, "p8");
  assert.equal(choose(puzzles, at(700), new Set(), { random: first }).id, "p1");
  // solved ones and failed ones wait; the one just played is not offered again
  assert.equal(choose(puzzles, at(1210), new Set(["p3"]), { random: first }).id, "p4");
  assert.equal(choose(puzzles, at(1210, { failed: ["p3", "p4"] }), new Set(), { random: first }).id, "p2");
  assert.equal(choose(puzzles, at(1210), new Set(), { random: first, exclude: "p3" }).id, "p4");
  // the theme: only its puzzles
  for (let i = 0; i < 20; i++) {
    const p = choose(puzzles, at(1210, { theme: "starve" }), new Set(), { random: () => i / 20 });
    assert.ok(p.themes.includes("starve"), p.id);
  }
  assert.deepEqual(ofTheme(puzzles, "defend").map((p) => p.id), ["p1", "p3", "p5", "p7"]);
  // every puzzle of the theme solved: they come round again; no puzzle of the theme: null
  assert.equal(choose(puzzles, at(1210, { theme: "starve" }), new Set(["p2", "p4", "p6", "p8"]), { random: first }).id, "p4");
  assert.equal(choose([], at(1210), new Set()), null);
  // the random pick stays among the NEAR nearest
  const near = new Set([1200, 1000, 1400, 800, 1600]);
  for (let i = 0; i < 20; i++) assert.ok(near.has(choose(puzzles, at(1200), new Set(), { random: () => i / 20 }).rating));
  assert.equal(NEAR, 5);
});

test("with streak scoring the target starts lower and climbs with the streak", () => {
  assert.equal(target({ ...freshProgress(), rating: 1500 }), 1500);
  assert.equal(target({ ...freshProgress(), rating: 1500, scoring: "streak", streak: 0 }), 1200);
  assert.equal(target({ ...freshProgress(), rating: 1500, scoring: "streak", streak: 10 }), 1700);
});

test("on the shipped puzzles the choice follows the rating", () => {
  const mean = (rating) => {
    const picks = Array.from({ length: 10 }, (_, i) => choose(SHIPPED, { ...freshProgress(), rating }, new Set(), { random: () => i / 10 }));
    return picks.reduce((s, p) => s + p.rating, 0) / picks.length;
  };
  assert.ok(mean(900) < 1100, `${mean(900)}`);
  assert.ok(mean(2000) > 1800, `${mean(2000)}`);
  for (const theme of ["type", "starve", "defend"]) assert.ok(ofTheme(SHIPPED, theme).length >= 10, theme);
});

test("a change is shown with its sign", () => {
  assert.deepEqual([signed(12), signed(-8), signed(0)], ["+12", "−8", "±0"]);
});
