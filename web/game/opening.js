// Opening the page: show a position at once (before the engine is ready), then the game of
// the address's link, the saved game, or a first visit's game against the computer. Game
// calls it with itself and what it holds (its engine, its saving.js Saving, the players of a
// first visit); it changes the game only through the game's public methods.

import { STANDARD } from "../board/notation.js";
import { msg } from "../page/i18n.js";
import { saveProblem } from "./saving.js";
import { WATCH_SPEEDS } from "./autoplay.js";
import { initialState, linkAlert, sanitizePlayers, VISITS } from "./state.js";

/**
 * Show a position at once (before the engine is ready) and start the game when it is.
 * `link`: the address, read by address.js parseLink: {kind: "none"|"position"|"game"|
 * "error", ...}. A link wins over the saved game, except that a position link to a
 * position of the saved game (a reload) brings that game back with its history. A link
 * that cannot be opened is reported (state.alert) and the saved game stays as it was. A
 * reload while a lesson or a puzzle had the board brings back the game that waited.
 */
export async function openPage(game, { engine, saving, newcomer }, link) {
  if (typeof link === "string") link = { kind: "position", position: link };
  let wanted = link?.kind === "position" || link?.kind === "game" ? link : null;
  let { saved, problem } = saving.read();
  if (saved && VISITS.has(saved.setup) && saving.restoreWaiting()) {
    if (wanted?.position === saved.shown) wanted = null; // a reload, not a link to follow
    ({ saved, problem } = saving.read());
  }
  let alert = problem ? { kind: "save", text: problem } : null;
  if (link?.kind === "error") alert = linkAlert(link.message);
  const preview = wanted ? (wanted.start ?? wanted.position) : (saved?.shown ?? saved?.start ?? STANDARD);
  let state = { ...initialState(preview), flipped: saving.flipped };
  const speed = saving.watchSpeed;
  if (WATCH_SPEEDS.includes(speed)) state.watch = { ...state.watch, speed };
  if (wanted) {
    state.setup = "link";
  } else if (saved) {
    state = { ...state, setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players) };
  } else if (!problem && newcomer) {
    // A first visit: a game against the computer, the visitor playing White.
    state.players = sanitizePlayers(newcomer);
  }
  game.preview(state, alert);
  try {
    await engine.ready;
  } catch (error) {
    game.engineStarted(error);
    return;
  }
  game.engineStarted();
  game.holdSave(link?.kind === "error");
  const restored = saved && { setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players), end: saved.end };
  try {
    if (wanted?.kind === "position" && saved) {
      // A reload (or a link back to a position of this game): the game with its history.
      const error = await game.load(saved.start, saved.actions, { cursor: saved.cursor, at: wanted.position, state: restored });
      if (!error) return;
      if (!error.notInGame) setAsideSave(game, saving, error);
    }
    if (wanted) {
      const error = await game.load(wanted.start ?? wanted.position, wanted.actions ?? [], {
        state: { setup: "link", seed: null, players: { white: "person", black: "person" } },
      });
      if (!error) return;
      game.holdSave(true);
      game.showAlert(linkAlert(msg("alert.refused", { detail: error.message.replace(/\.?$/, ".") })));
    }
    if (saved && saving.has()) {
      const error = await game.load(saved.start, saved.actions, { cursor: saved.cursor, state: restored });
      if (!error) return;
      setAsideSave(game, saving, error);
    }
    const players = newcomer && !saved && !problem ? newcomer : game.state.players;
    await game.load(STANDARD, [], { state: { setup: "standard", seed: null, players: sanitizePlayers(players) } });
  } finally {
    game.holdSave(false);
  }
}

/** The saved game does not replay: set it aside and say so (a new game follows). */
function setAsideSave(game, saving, error) {
  saving.setAside();
  game.holdSave(false);
  const text = saveProblem(msg("save.noReplay", { detail: error.message.replace(/\.$/, "") }));
  const alert = game.state.alert;
  game.showAlert(alert?.kind === "link" ? { kind: "link", text: [alert.text, text] } : { kind: "save", text });
}
