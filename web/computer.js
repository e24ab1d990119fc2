// The computer opponent, on the page's side: its levels as player kinds, and the loop that
// drives a search in the worker slice by slice.
//
// The search itself is Python (tzaar/ai/, through the facade's ai_start / ai_step / ai_stop).
// The worker answers one message at a time, so the page asks for a short slice of search
// (SLICE_MS) and then for the next one: anything the page sends meanwhile (a new game, an
// undo) is answered between two slices, and a cancelled search stops at the next slice.
//
//   const answer = await think(engine, {position, level}, {cancelled: () => bool});
//   // -> {actions: ["C3xD4", ...], info} or null when cancelled

import { registerPlayerKind } from "./players.js";
import { t } from "./i18n.js";

/** Milliseconds of search per ai_step: short enough to answer a cancel at once. */
export const SLICE_MS = 40;

/** The levels of tzaar/ai/players.py (ai_levels), known before the engine has loaded so a
 * saved game with the computer can be restored at once. e2e/test_ai_play.py checks the list. */
export const LEVELS = [
  { name: "beginner", title: "Beginner", description: "Answers at once and makes human mistakes." },
  { name: "casual", title: "Casual", description: "Looks at the whole of its own turn." },
  { name: "strong", title: "Strong", description: "Looks at your reply too." },
  { name: "expert", title: "Expert", description: "Thinks 3 seconds a turn.", time: 3 },
  { name: "master", title: "Master", description: "Thinks 10 seconds a turn.", time: 10 },
];

/** The level a first visit plays against. */
export const FRIENDLY_LEVEL = "casual";
/** The level that suggests a hint (fast and sound). */
export const HINT_LEVEL = "strong";

export function computerId(level) {
  return `computer:${level}`;
}

export function levelOf(id) {
  return typeof id === "string" && id.startsWith("computer:") ? id.slice("computer:".length) : null;
}

/**
 * Search for the rest of the turn of `position` in slices. Resolves to {actions, info}, or
 * to null as soon as `cancelled()` is true (the job is then dropped in the worker).
 * `onInfo(info)` sees every step's info, the last one included (info.proven: a result the
 * endgame solver proved; `solve: true` asks for the solver at any level).
 */
export async function think(engine, { position, level, seed = randomSeed(), time = null, nodes = null, solve = null }, { cancelled = () => false, onInfo = null } = {}) {
  if (cancelled()) return null;
  const params = { position, level, seed };
  if (time !== null) params.time = time;
  if (nodes !== null) params.nodes = nodes;
  if (solve !== null) params.solve = solve;
  const { job } = await engine.call("ai_start", params);
  let finished = false;
  try {
    for (;;) {
      if (cancelled()) return null;
      let answer;
      try {
        answer = await engine.call("ai_step", { job, slice_ms: SLICE_MS });
      } catch (error) {
        // Another search replaced this one (one job at a time): only a cancelled one.
        if (cancelled()) return null;
        throw error;
      }
      if (answer.done) {
        finished = true;
        if (cancelled()) return null;
        onInfo?.(answer.info);
        return { actions: answer.actions, info: answer.info };
      }
      onInfo?.(answer.info);
    }
  } finally {
    if (!finished) engine.call("ai_stop", { job }).catch(() => {});
  }
}

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

for (const level of LEVELS) {
  registerPlayerKind(computerId(level.name), {
    // Read at each use, in the language shown (LEVELS keeps the English of ai_levels).
    get label() {
      return t("player.computer", { level: t(`level.${level.name}`) });
    },
    get short() {
      return t("player.computerShort", { level: t(`level.${level.name}`) });
    },
    get description() {
      return t(`level.${level.name}.description`);
    },
    level: level.name,
    time: level.time ?? null, // seconds a turn (the thinking display's progress bar), or null
    // The action texts of the rest of the turn, or null if cancelled.
    chooseActions: async (view, engine, options = {}) => (await think(engine, { position: view.position, level: level.name }, options))?.actions ?? null,
  });
}
