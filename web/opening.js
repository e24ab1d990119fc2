// Opening the page: show a position at once (before the engine is ready), then the game of
// the address's link, the saved game, or a first visit's game against the computer. Game
// calls it with its private doors (state, set, load, holdSave, engine, storage, newcomer).

import { STANDARD } from "./notation.js";
import { msg } from "./i18n.js";
import { readSave, setAside, saveProblem, SAVE_KEY } from "./saving.js";
import { WATCH_SPEEDS } from "./autoplay.js";
import { initialState, linkAlert, sanitizePlayers } from "./game-state.js";

/**
 * Show a position at once (before the engine is ready) and start the game when it is.
 * `link`: the address, read by address.js parseLink: {kind: "none"|"position"|"game"|
 * "error", ...}. A link wins over the saved game, except that a position link to a
 * position of the saved game (a reload) brings that game back with its history. A link
 * that cannot be opened is reported (state.alert) and the saved game stays as it was.
 */
export async function openPage(doors, link) {
  if (typeof link === "string") link = { kind: "position", position: link };
  const wanted = link?.kind === "position" || link?.kind === "game" ? link : null;
  const { saved, problem } = readSave(doors.storage);
  const flipped = Boolean(doors.storage?.get("tzaar.flipped"));
  let alert = problem ? { kind: "save", text: problem } : null;
  if (link?.kind === "error") alert = linkAlert(link.message);
  const preview = wanted ? (wanted.start ?? wanted.position) : (saved?.shown ?? saved?.start ?? STANDARD);
  let state = { ...initialState(preview), flipped };
  const speed = doors.storage?.get(doors.watchKey);
  if (WATCH_SPEEDS.includes(speed)) state.watch = { ...state.watch, speed };
  if (wanted) {
    state.setup = "link";
  } else if (saved) {
    state = { ...state, setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players) };
  } else if (!problem && doors.newcomer) {
    // A first visit: a game against the computer, the visitor playing White.
    state.players = sanitizePlayers(doors.newcomer);
  }
  doors.reset(state);
  doors.set(alert ? { alert } : {}); // (an alert is said in the live region too)
  try {
    await doors.engine.ready;
  } catch (error) {
    doors.set({ engine: "error", notice: error.message });
    return;
  }
  doors.set({ engine: "ready" });
  doors.holdSave(link?.kind === "error");
  const restored = saved && { setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players) };
  try {
    if (wanted?.kind === "position" && saved) {
      // A reload (or a link back to a position of this game): the game with its history.
      const error = await doors.load(saved.start, saved.actions, { cursor: saved.cursor, at: wanted.position, state: restored });
      if (!error) return;
      if (!error.notInGame) setAsideSave(doors, error);
    }
    if (wanted) {
      const error = await doors.load(wanted.start ?? wanted.position, wanted.actions ?? [], {
        state: { setup: "link", seed: null, players: { white: "person", black: "person" } },
      });
      if (!error) return;
      doors.holdSave(true);
      doors.set({ alert: linkAlert(msg("alert.refused", { detail: error.message.replace(/\.?$/, ".") })) });
    }
    if (saved && doors.storage.getText(SAVE_KEY) !== null) {
      const error = await doors.load(saved.start, saved.actions, { cursor: saved.cursor, state: restored });
      if (!error) return;
      setAsideSave(doors, error);
    }
    const players = doors.newcomer && !saved && !problem ? doors.newcomer : doors.state().players;
    await doors.load(STANDARD, [], { state: { setup: "standard", seed: null, players: sanitizePlayers(players) } });
  } finally {
    doors.holdSave(false);
  }
}

/** The saved game does not replay: set it aside and say so (a new game follows). */
function setAsideSave(doors, error) {
  setAside(doors.storage);
  doors.holdSave(false);
  const text = saveProblem(msg("save.noReplay", { detail: error.message.replace(/\.$/, "") }));
  doors.set({ alert: doors.state().alert?.kind === "link" ? { kind: "link", text: [doors.state().alert.text, text] } : { kind: "save", text } });
}
