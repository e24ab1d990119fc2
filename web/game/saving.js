// The saved game and the game's settings in the browser's storage (page/storage.js): the one
// module that reads and writes them.
//
//   const saving = new Saving(storage);      // storage: storage.js's, or null (nothing kept)
//   const { saved, problem } = saving.read(); // the saved game, strictly checked
//   saving.write(state);                     // after every change of the game (and the flip)
//   saving.setAside();                       // a save that does not replay
//   saving.keepWaiting(state);               // the game, while a lesson or a puzzle visits
//   saving.restoreWaiting(); saving.dropWaiting();
//   saving.flipped; saving.watchSpeed = "fast";
//
// The game is saved under the name "game" (page/storage.js names every stored value). A save
// that does not parse, or that comes from another format, is moved to "game.set-aside" (kept
// as it was, so nothing is lost) and reported; the page then starts a new game. While a lesson
// or a puzzle has the board, the game that was there waits under "game.waiting" (opening.js keeps
// it and brings it back).

import { parsePosition, parseAction } from "../board/notation.js";
import { msg } from "../page/i18n.js";
import { excerpt } from "../page/clip.js";
import { keyOf } from "../page/storage.js";
import { positionAt, endOf, namesOf } from "./state.js";

// The names of the stored values (page/storage.js).
export const SAVE_KEY = "game";
export const SET_ASIDE_KEY = "game.set-aside";
const WAITING_KEY = "game.waiting";
export const SAVE_VERSION = 1;
/** Whether the board is shown turned round. */
const FLIPPED_KEY = "flipped";
/** The speed at which the computer is watched playing itself. */
const WATCH_KEY = "watch-speed";

export class Saving {
  #storage;

  constructor(storage = null) {
    this.#storage = storage;
  }

  /**
   * {saved, problem}: saved is {start, actions, cursor, setup, seed, players, names, end, clock, shown} or
   * null; problem is a sentence for the person (an i18n msg()) when a save was there but
   * could not be used (it has then been set aside).
   */
  read() {
    const text = this.#storage?.getText(SAVE_KEY) ?? null;
    if (text === null) return { saved: null, problem: null };
    const why = checkSave(text);
    if (!why.key) return { saved: why, problem: null };
    this.setAside(text);
    return { saved: null, problem: saveProblem(why) };
  }

  /** Whether a saved game is there (it may have been set aside since it was read). */
  has() {
    return (this.#storage?.getText(SAVE_KEY) ?? null) !== null;
  }

  /** Save the game of `state` (its start, actions, shown position, setup, players) and the flip. */
  write(state) {
    if (!this.#storage) return;
    this.#storage.set(SAVE_KEY, saved(state));
    this.#storage.set(FLIPPED_KEY, state.flipped);
  }

  /** Keep the game of `state` waiting while a lesson or a puzzle has the board. */
  keepWaiting(state) {
    this.#storage?.set(WAITING_KEY, saved(state));
  }

  /** Put the waiting game back in the save's place (read() then checks it); false if none waits. */
  restoreWaiting() {
    const text = this.#storage?.getText(WAITING_KEY) ?? null;
    if (text === null) return false;
    this.#storage.setText(SAVE_KEY, text);
    this.dropWaiting();
    return true;
  }

  /** No game waits any more (another game took the board, or the waiting one came back). */
  dropWaiting() {
    this.#storage?.remove(WAITING_KEY);
  }

  /** Move the saved text aside (replacing an older one set aside) and clear the save. */
  setAside(text = this.#storage?.getText(SAVE_KEY) ?? null) {
    if (!this.#storage) return;
    if (text !== null) this.#storage.setText(SET_ASIDE_KEY, text);
    this.#storage.remove(SAVE_KEY);
  }

  /** Whether the board was last shown turned round. */
  get flipped() {
    return Boolean(this.#storage?.get(FLIPPED_KEY));
  }

  /** The watching speed last chosen (any value: the caller checks it), or null. */
  get watchSpeed() {
    return this.#storage?.get(WATCH_KEY) ?? null;
  }

  set watchSpeed(speed) {
    this.#storage?.set(WATCH_KEY, speed);
  }
}

/** What is saved of the game of `state`. */
function saved(state) {
  return {
    version: SAVE_VERSION,
    start: state.start,
    shown: positionAt(state),
    setup: state.setup,
    seed: state.seed,
    actions: state.actions,
    cursor: state.cursor,
    players: state.players,
    names: state.names, // the players' names, when known (state.js namesOf), or null
    end: state.end, // {reason, loser}: ended on time, by resignation or leaving (state.js endOf), or null
    clock: state.clock, // a timed game's clock as it is (game/clock.js saveClock's shape), or null
  };
}

/** The sentence that says a save was set aside, and why (`why`: a msg()). */
export function saveProblem(why) {
  return msg("save.problem", { why, key: keyOf(SET_ASIDE_KEY) });
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
  if (bad >= 0) return msg("save.badMove", { number: bad + 1 });
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
    names: namesOf(data.names),
    end: endOf(data.end),
    // (Read back by game/clock.js restoreClock(clock, Date.now()), which checks it and counts
    // the time the page was closed; this module does not load the clocks' code.)
    clock: data.clock && typeof data.clock === "object" && !Array.isArray(data.clock) ? data.clock : null,
    shown,
  };
}
