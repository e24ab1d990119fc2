// The saved game in local storage: read it strictly, and set aside what cannot be used.
//
// The game is saved under "tzaar.game" after every action (game.js #save). A save that does
// not parse, or that comes from another format, is moved to "tzaar.game.set-aside" (kept
// as it was, so nothing is lost) and reported; the page then starts a new game.

import { parsePosition, parseAction } from "./notation.js";
import { msg } from "./i18n.js";
import { excerpt } from "./clip.js";

export const SAVE_KEY = "tzaar.game";
export const SET_ASIDE_KEY = "tzaar.game.set-aside";
export const SAVE_VERSION = 1;

/**
 * {saved, problem}: saved is {start, actions, cursor, setup, seed, players, shown} or null;
 * problem is a sentence for the person (an i18n msg()) when a save was there but could not be used (it has
 * then been set aside).
 */
export function readSave(storage) {
  if (!storage?.getText) return { saved: null, problem: null };
  const text = storage.getText(SAVE_KEY);
  if (text == null) return { saved: null, problem: null };
  const why = checkSave(text);
  if (!why.key) return { saved: why, problem: null };
  setAside(storage, text);
  return { saved: null, problem: saveProblem(why) };
}

/** Move the saved text aside (replacing an older one set aside) and clear the save. */
export function setAside(storage, text = storage.getText(SAVE_KEY)) {
  if (text != null) storage.setText(SET_ASIDE_KEY, text);
  storage.remove(SAVE_KEY);
}

export function saveProblem(why) {
  return msg("save.problem", { why, key: SET_ASIDE_KEY });
}

/** The save, checked; or a sentence saying what is wrong with it (a msg(), with `key`). */
function checkSave(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return msg("save.damaged");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return msg("save.notGame");
  if (data.version !== SAVE_VERSION) {
    return msg("save.version", { found: excerpt(JSON.stringify(data.version ?? null)), version: SAVE_VERSION });
  }
  if (typeof data.start !== "string") return msg("save.noStart");
  try {
    parsePosition(data.start);
  } catch (error) {
    return msg("save.badStart", { detail: error.message.replace(/\.$/, "") });
  }
  const actions = data.actions ?? [];
  if (!Array.isArray(actions) || actions.length > 10000) return msg("save.badMoves");
  const bad = actions.findIndex((a) => typeof a !== "string" || !parseAction(a));
  if (bad >= 0) return msg("save.badMove", { n: bad + 1 });
  let cursor = data.cursor ?? actions.length;
  if (!Number.isInteger(cursor) || cursor < 0 || cursor > actions.length) cursor = actions.length;
  let shown = null;
  if (typeof data.shown === "string") {
    try {
      parsePosition(data.shown);
      shown = data.shown;
    } catch {
      shown = null;
    }
  }
  return {
    start: data.start,
    actions,
    cursor,
    setup: typeof data.setup === "string" ? data.setup : "standard",
    seed: Number.isFinite(data.seed) ? data.seed : null,
    players: data.players && typeof data.players === "object" ? data.players : null,
    shown,
  };
}
