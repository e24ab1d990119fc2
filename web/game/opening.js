// Opening a game on the board. The page's opening: show a position at once (before the engine
// is ready), then the game of the address's link, the saved game, or a first visit's game
// against the computer. Later: a new link, a game given (a record, a lesson's or a puzzle's
// position, the editor's), and the game that waited while a lesson or a puzzle had the board.
// Game calls these with itself and what it holds (its engine, its saving.js Saving, the
// players of a first visit); they change the game only through the game's public methods.

import { STANDARD, sideMsg } from "../board/notation.js";
import { t, msg } from "../page/i18n.js";
import { saveProblem } from "./saving.js";
import { WATCH_SPEEDS } from "./autoplay.js";
import { initialState, linkAlert, sanitizePlayers, VISITS, winnerOf } from "./state.js";

/**
 * Show a position at once (before the engine is ready) and start the game when it is.
 * `link`: the address, read by address.js parseLink: {kind: "none"|"position"|"game"|
 * "online"|"error", ...}. A link wins over the saved game, except that a position link to a
 * position of the saved game (a reload) brings that game back with its history. A link
 * that cannot be opened is reported (state.alert) and the saved game stays as it was. A
 * reload while a lesson or a puzzle had the board brings back the game that waited. A first
 * visit plays the computer (`newcomer`), unless it opened an invite to an online game.
 */
export async function openPage(game, { engine, saving, newcomer }, link) {
  if (typeof link === "string") link = { kind: "position", position: link };
  if (link?.kind === "online") newcomer = null; // an invite: its online game comes, no other to play meanwhile
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
  const restored = saved && { setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players), names: saved.names, end: saved.end, clock: saved.clock };
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
      game.showAlert(refusedAlert(error));
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

/** The alert for a link whose game the engine refused (`error`: its answer). */
function refusedAlert(error) {
  return linkAlert(msg("alert.refused", { detail: error.message.replace(/\.?$/, ".") }));
}

/** Open a link read by address.js parseLink (a new address); the game stays if it cannot. */
export async function openLink(game, link) {
  if (link.kind === "error") return game.showAlert(linkAlert(link.message));
  if (link.kind === "position") return game.openGame({ start: link.position, actions: [] }, "link");
  if (link.kind === "game") return game.openGame(link, "link");
}

/**
 * Open a game {start, actions} from a link (two people at this screen) or a record (with
 * `players` if given, as Your games gives them, else the players of the game on the board,
 * or of the one that waits; a record's own setup and seed, if it names them, are kept, and
 * the players' `names` it gives).
 * `setup`: how it came ("link", "record", "editor", or a visit's: state.js VISITS, whose
 * `players` and `names`, when it gives them, are kept: a game by turns).
 */
export async function openGame(game, saving, { start, actions, setup: recordSetup = null, seed = null, players = null, names = null, end = null }, setup = "link") {
  // A lesson or a puzzle visits: the game on the board waits until it is over (resumeWaiting);
  // state.waiting is its state.
  const was = game.state;
  const waiting = !VISITS.has(setup) ? null : VISITS.has(was.setup) ? was.waiting : was;
  if (waiting === was) saving.keepWaiting(was);
  // (a visit that says who plays, a game by turns, keeps it: the other side is the other page's)
  if (setup !== "record" && !(VISITS.has(setup) && players)) players = { white: "person", black: "person" };
  players ??= (was.waiting ?? was).players;
  const named = setup === "record" && recordSetup && recordSetup !== "position";
  const error = await game.load(start, actions, {
    state: { setup: named ? recordSetup : setup, seed: named ? seed : null, players: sanitizePlayers(players), names: setup === "record" || VISITS.has(setup) ? names : null, waiting, alert: null, notice: null, end },
  });
  if (!error && setup === "record") {
    const s = game.state;
    const n = s.turns.length;
    game.announce(winnerOf(s) ? t("announce.recordOpenedOver", { n }) : t("announce.recordOpened", { n, side: sideMsg(s.view?.side ?? "white") }));
  }
  // (A record's dialog says what is wrong itself.)
  if (error && setup === "link") game.showAlert(refusedAlert(error));
  return error;
}

/**
 * Bring back the game that waited while a lesson or a puzzle had the board, if one waits
 * (none does once a game of its own was loaded): it is the save again, opened as on a
 * reload (its history, cursor, setup and players; one that does not replay is set aside).
 */
export async function resumeWaiting(game, saving) {
  if (!saving.restoreWaiting()) return;
  await game.open();
  if (!game.state.alert) game.announce(t("lessons.gameBack"));
}
