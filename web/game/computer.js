// The computer's searches, on the page's side: its levels as player kinds, the search of a
// turn, the analysis board's endless search, and the hint.
//
// The search itself is Python (tzaar/ai/, the job kind "ai" of the facade); engine.run drives
// it slice by slice (SLICE_MS of search per step, engine/client.js), so anything the page
// sends meanwhile (a new game, an undo) is answered between two slices, and a cancelled
// search stops at once.
//
//   const answer = await think(engine, {position, level}, {signal, cancelled, onInfo});
//   // -> {actions: ["C3xD4", ...], info} or null when cancelled
//   await analyse(engine, position, {signal, onInfo});   // until aborted (or proven)
//   const hint = await suggest(position, engine, {cancelled, onInfo});  // the Hint button
//
// Two searches at once (the policy; tzaar/facade/jobs.py has the worker's side): each search is its
// own job and none stops another. The hint of a position that the analysis board is
// searching is the analysis's best turn, the one the board shows, once the analysis has
// searched at least the hint's own nodes (never its first shallow turn): the hint and the
// analysis never disagree, and the analysis goes on. Any other hint is a search of its own at HINT_LEVEL, the one the review
// runs before it marks a turn.

import { registerPlayerKind } from "./players.js";
import { t } from "../page/i18n.js";
import { isAbort } from "../engine/client.js";

/** The levels of tzaar/ai/players.py (ai_levels), known before the engine has loaded so a
 * saved game with the computer can be restored at once; their names and descriptions are the
 * page's texts (web/lang, "level.<name>"). e2e/test_ai_play.py checks the list. `time`: the
 * seconds of a level whose budget is time. */
export const LEVELS = [
  { name: "novice" }, { name: "learner" }, { name: "student" }, { name: "apprentice" }, { name: "beginner" },
  { name: "improver" }, { name: "casual" }, { name: "regular" }, { name: "skilled" }, { name: "strong" }, { name: "expert", time: 3 }, { name: "master", time: 10 },
];

/** The level a first visit plays against: the gentlest, one a newcomer beats (docs/engine.md). */
export const FRIENDLY_LEVEL = "novice";
/** The hint's search (fast and sound): this level, node budget and seed, with the endgame
 * solver. tzaar/ai/review.py runs the very same search (HINT_LEVEL, HINT_NODES, HINT_SECONDS, seed 0) before it
 * marks a turn, so the review never calls the hint's turn a mistake (tests/test_review_hint.py). */
export const HINT_LEVEL = "strong";
export const HINT_NODES = 10000;
export const HINT_SECONDS = 6;

/** The level above `level` in LEVELS (the result box proposes it after two wins in a row), or null. */
export function nextLevel(level) {
  const i = LEVELS.findIndex((l) => l.name === level);
  return i < 0 ? null : (LEVELS[i + 1]?.name ?? null);
}

export function computerId(level) {
  return `computer:${level}`;
}

export function levelOf(id) {
  return typeof id === "string" && id.startsWith("computer:") ? id.slice("computer:".length) : null;
}

/** The analysis board's search: Expert's, for an hour (in effect until it is stopped). */
const ANALYSIS = { level: "expert", time: 3600 };

/**
 * Search for the rest of the turn of `position` in slices. Resolves to {actions, info}, or
 * to null once `signal` aborts or `cancelled()` is true at a step (the job is then stopped
 * in the worker). `onInfo(info)` sees every step's info, the last one included (info.proven:
 * a result the endgame solver proved; `solve: true` asks for the solver at any level).
 */
export async function think(engine, { position, level, seed = randomSeed(), time = null, nodes = null, solve = null }, { signal = null, cancelled = () => false, onInfo = null } = {}) {
  if (cancelled() || signal?.aborted) return null;
  const params = { position, level, seed };
  if (time !== null) params.time = time;
  if (nodes !== null) params.nodes = nodes;
  if (solve !== null) params.solve = solve;
  const own = new AbortController();
  const abort = () => own.abort();
  signal?.addEventListener("abort", abort, { once: true });
  const onStep = (step) => (cancelled() ? own.abort() : onInfo?.(step.info));
  try {
    const last = await engine.run("ai", params, { signal: own.signal, onStep });
    return { actions: last.actions, info: last.info };
  } catch (error) {
    if (isAbort(error) || cancelled()) return null;
    throw error;
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}

/** The analysis running, by engine: {position, info (the last it showed, or null), done,
 * listeners (called at each of its steps and when it ends)}. */
const analyses = new WeakMap();

/**
 * The analysis board's search of `position`, until `signal` aborts (then it rejects with an
 * AbortError) or the search ends (a proven result). `onInfo(info)` sees every step's info;
 * the board shows those with a depth. While it runs, suggest() of the same position reads it.
 */
export async function analyse(engine, position, { signal, onInfo = null }) {
  const live = { position, info: null, done: false, listeners: new Set() };
  const tell = () => [...live.listeners].forEach((listener) => listener());
  const leave = () => {
    if (analyses.get(engine) === live) analyses.delete(engine);
    live.done = true;
    tell();
  };
  analyses.set(engine, live);
  signal.addEventListener("abort", leave, { once: true });
  const onStep = ({ info }) => {
    if (info.depth > 0 && info.best?.length) live.info = info;
    onInfo?.(info);
    tell();
  };
  try {
    return await engine.run("ai", { position, ...ANALYSIS }, { signal, onStep });
  } finally {
    live.done = true; // finished (its result stays readable until it is stopped) or failed
    if (!signal.aborted) tell();
  }
}

/** The shown best of the analysis of `position`: {actions, info}, once the analysis has
 * searched at least the hint's own HINT_NODES (or ended: its last); null if no analysis of
 * `position` runs (or it ends without one). */
async function analysisBest(engine, position, { signal, cancelled }) {
  const live = analyses.get(engine);
  if (live?.position !== position) return null;
  while (!(live.info?.nodes >= HINT_NODES) && !live.done && !cancelled() && !signal?.aborted) {
    await new Promise((resolve) => {
      const wake = () => {
        live.listeners.delete(wake);
        signal?.removeEventListener("abort", wake);
        resolve();
      };
      live.listeners.add(wake);
      signal?.addEventListener("abort", wake, { once: true });
    });
  }
  return live.info && !cancelled() && !signal?.aborted ? { actions: live.info.best, info: live.info } : null;
}

/**
 * The hint for the person to move at `position` (Game's `suggest`): the analysis board's
 * best turn when it searches `position`, else HINT_LEVEL's search with the endgame solver.
 * Resolves to the actions, or null when cancelled.
 */
export async function suggest(position, engine, { signal = null, cancelled = () => false, onInfo = null } = {}) {
  const shown = await analysisBest(engine, position, { signal, cancelled });
  if (shown) {
    onInfo?.(shown.info);
    return shown.actions;
  }
  if (cancelled() || signal?.aborted) return null;
  const params = { position, level: HINT_LEVEL, nodes: HINT_NODES, time: HINT_SECONDS, seed: 0, solve: true };
  return (await think(engine, params, { signal, cancelled, onInfo }))?.actions ?? null;
}

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

for (const level of LEVELS) {
  registerPlayerKind(computerId(level.name), {
    // Read at each use, in the language shown.
    get label() {
      return t("player.computer", { level: t(`level.${level.name}`) });
    },
    get short() {
      return t("player.computerShort", { level: t(`level.${level.name}`) });
    },
    level: level.name,
    time: level.time ?? null, // seconds a turn (the thinking display's progress bar), or null
    // The action texts of the rest of the turn, or null if cancelled.
    chooseActions: async (view, engine, options = {}) => (await think(engine, { position: view.position, level: level.name }, options))?.actions ?? null,
  });
}
