// The player's puzzle rating, streaks and the choice of the next puzzle: pure logic, no page
// (puzzles.js shows it and stores it; tests/js/puzzle-rating.test.mjs tests it).
//
// Rating: Elo against each puzzle's rating (web/learn/puzzles.json, lab/puzzleset.py): the expected
// score is 1 / (1 + 10^((puzzle - player) / 400)), the change K × (result − expected), rounded,
// at least one point either way; K is 40 for the first 20 rated puzzles (a new rating moves
// fast), then 20. Only a puzzle's first try is rated (one solved or failed before is not).
// Scoring: "rated" (each first try moves the rating) or "streak" (the rating moves too, and
// the puzzles solved in a row are counted, the run ended by the first miss; the best kept).
// Streak: with streak scoring the puzzles solved in a row, ended by the first miss; the best kept.
// Next puzzle: among the puzzles of the theme chosen, those never tried first, then those not
// solved, then all; the nearest in rating to the target (the player's rating; with streak
// scoring it starts 300 lower and climbs 50 a puzzle), one of the NEAR nearest at random.

export const START_RATING = 1200;
export const THEMES = ["type", "starve", "defend"];
export const SCORINGS = ["rated", "streak"];
/** The next puzzle is one of this many nearest the target. */
export const NEAR = 5;
const MIN_RATING = 100;
const MAX_RATING = 3500;

/** A new player's progress. */
export function freshProgress() {
  return { version: 1, rating: START_RATING, played: 0, scoring: "rated", theme: "", streak: 0, best: 0, failed: [] };
}

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** Whether `value` is a progress this module wrote. */
function valid(p) {
  return (
    p !== null &&
    typeof p === "object" &&
    !Array.isArray(p) &&
    p.version === 1 &&
    Number.isFinite(p.rating) &&
    p.rating >= MIN_RATING &&
    p.rating <= MAX_RATING &&
    isCount(p.played) &&
    SCORINGS.includes(p.scoring) &&
    (p.theme === "" || THEMES.includes(p.theme)) &&
    isCount(p.streak) &&
    isCount(p.best) &&
    Array.isArray(p.failed) &&
    p.failed.every((id) => typeof id === "string")
  );
}

/** A stored progress as this module writes it now: its scoring was once called `mode`. */
function upgraded(p) {
  if (p === null || typeof p !== "object" || Array.isArray(p) || !("mode" in p) || "scoring" in p) return p;
  const { mode, ...rest } = p;
  return { ...rest, scoring: mode };
}

/**
 * The progress stored as `text` (the stored string, or null when there is none):
 * `{progress, problem}`; `problem` is "unreadable" when the text is there but is not a
 * progress (the progress then starts afresh: the page says so and keeps the text aside).
 */
export function readProgress(text) {
  if (text === null || text === undefined) return { progress: freshProgress(), problem: null };
  try {
    const p = upgraded(JSON.parse(text));
    if (valid(p)) return { progress: { ...freshProgress(), ...p, failed: [...p.failed] }, problem: null };
  } catch {
    // not JSON: the same as not a progress
  }
  return { progress: freshProgress(), problem: "unreadable" };
}

/** The solved ids stored (a list of strings; anything else counts as none). */
export function readSolved(value) {
  return Array.isArray(value) ? value.filter((id) => typeof id === "string") : [];
}

/** The expected score of a player rated `player` on a puzzle rated `puzzle`. */
export function expected(player, puzzle) {
  return 1 / (1 + 10 ** ((puzzle - player) / 400));
}

/** The K factor after `played` rated puzzles. */
export function kFactor(played) {
  return played < 20 ? 40 : 20;
}

/** The rating change of a result (`solved`: true or false) on a puzzle rated `puzzle`. */
export function ratingChange(player, played, puzzle, solved) {
  const raw = kFactor(played) * ((solved ? 1 : 0) - expected(player, puzzle));
  const change = Math.round(raw);
  return solved ? Math.max(1, change) : Math.min(-1, change);
}

/**
 * The progress after a puzzle's result: `{progress, change, rated, streakEnded}`.
 * `solvedIds`: the ids solved before this one (a Set). `hinted`: the player asked for the
 * Hint during it: not rated, and a solve then does not add to the streak. `change` is the
 * rating change (0 when not rated); `streakEnded` is the streak a miss ended (streak scoring), else null.
 */
export function record(progress, puzzle, solved, solvedIds, hinted = false) {
  const rated = !hinted && !solvedIds.has(puzzle.id) && !progress.failed.includes(puzzle.id);
  const next = { ...progress, failed: [...progress.failed] };
  let change = 0;
  if (rated) {
    change = ratingChange(progress.rating, progress.played, puzzle.rating, solved);
    next.rating = Math.min(MAX_RATING, Math.max(MIN_RATING, progress.rating + change));
    next.played = progress.played + 1;
  }
  if (!solved && !next.failed.includes(puzzle.id)) next.failed.push(puzzle.id);
  if (solved) next.failed = next.failed.filter((id) => id !== puzzle.id);
  let streakEnded = null;
  if (progress.scoring === "streak") {
    if (solved) {
      next.streak = progress.streak + (hinted ? 0 : 1);
      next.best = Math.max(progress.best, next.streak);
    } else {
      streakEnded = progress.streak;
      next.streak = 0;
    }
  }
  return { progress: next, change, rated, streakEnded };
}

/** The rating the next puzzle is chosen near. */
export function target(progress) {
  return progress.scoring === "streak" ? progress.rating - 300 + 50 * progress.streak : progress.rating;
}

/** The puzzles of `theme` ("" for all). */
export function ofTheme(puzzles, theme) {
  return theme ? puzzles.filter((p) => p.themes?.includes(theme)) : puzzles;
}

/**
 * The next puzzle (or null when there is none of the theme): see the top of this module.
 * `solvedIds` a Set; `exclude` the id of the puzzle just played; `random` gives [0, 1).
 */
export function choose(puzzles, progress, solvedIds, { exclude = null, random = Math.random } = {}) {
  const pool = ofTheme(puzzles, progress.theme).filter((p) => p.id !== exclude);
  const failed = new Set(progress.failed);
  const fresh = pool.filter((p) => !solvedIds.has(p.id) && !failed.has(p.id));
  const unsolved = pool.filter((p) => !solvedIds.has(p.id));
  const from = fresh.length ? fresh : unsolved.length ? unsolved : pool;
  if (!from.length) return null;
  const aim = target(progress);
  const nearest = [...from].sort((a, b) => Math.abs(a.rating - aim) - Math.abs(b.rating - aim)).slice(0, NEAR);
  return nearest[Math.min(nearest.length - 1, Math.floor(random() * nearest.length))];
}

/** A rating change as it is shown: "+12", "−8" (a minus sign), "±0". */
export function signed(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}
