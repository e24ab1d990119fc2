// The game flow: the one place that changes the state (game/state.js describes it and
// derives what the panels and the board show). The engine is reached only through the
// EngineClient; the computer's turns are played by autoplay.js, a game opened (the page's,
// a link's, a record's, the one that waited) by opening.js, and the save by saving.js: each
// through the public methods below. What the person's input means, and the state after the
// engine's answers, are pure functions of the state (meanings.js, state.js) that this applies.
//
//   const game = new Game(engine, {storage});
//   game.subscribe((state, effects) => render(state, effects));   // returns an unbind
//   game.activate("C3"); game.pass(); game.undo(); game.newGame({setup: "random"});

import { parseAction } from "../board/notation.js";
import { pointPressed, typeChosen } from "./meanings.js";
import { Saving } from "./saving.js";
import { Autoplay, WATCH_SPEEDS } from "./autoplay.js";
import * as opening from "./opening.js";
import {
  initialState, positionAt, turnBoundaries, lastTurnActions, personCursorBefore,
  personToMove, afterLoad, afterPlay, resultOf, sanitizePlayers, VISITS, endOf, namesOf,
} from "./state.js";

export * from "./state.js";

/** The pause between the two actions of an automatic player's turn (a little over a slide). */
const AUTOPLAY_PAUSE_MS = 320;

// ---- the game ----------------------------------------------------------------------------

export class Game {
  #engine;
  #saving;
  #listeners = new Set();
  #request = 0; // number of the latest engine request whose answer we still want
  #newcomer; // the players of a first visit
  #suggest; // (position, engine, {cancelled}) -> promise of the hint's actions, or null
  #autoplay;
  #holdSave = false; // while the page opens after a bad link: the save stays as it was
  state;

  /**
   * `storage`: storage.js's (saving.js keeps the game and its settings there), or null.
   * `newcomerPlayers`: the players of a first visit. `suggest`: the hint's search.
   * `pause()`: milliseconds between the actions of an automatic player's turn.
   */
  constructor(engine, { storage = null, newcomerPlayers = null, suggest = null, pause = () => AUTOPLAY_PAUSE_MS } = {}) {
    this.#engine = engine;
    this.#saving = new Saving(storage);
    this.#newcomer = newcomerPlayers;
    this.#suggest = suggest;
    this.state = initialState();
    this.#autoplay = new Autoplay(this, { engine, pause });
  }

  subscribe(callback) {
    this.#listeners.add(callback);
    return () => this.#listeners.delete(callback);
  }

  #set(changes, effects = {}) {
    // A link or a save that could not be used is said in the live region too.
    if (changes.alert && changes.alert !== this.state.alert) {
      changes = { ...changes, announcement: this.#said(changes.alert.text) };
    }
    this.state = { ...this.state, ...changes };
    for (const callback of [...this.#listeners]) callback(this.state, effects);
  }

  #save() {
    if (!this.#holdSave) this.#saving.write(this.state);
  }

  // ---- opening a game (opening.js) ----------------------------------------------------

  /**
   * Show a position at once (before the engine is ready) and start the game when it is:
   * the link of the address, the saved game, or a first visit (opening.js decides which).
   */
  open({ link = null } = {}) {
    return opening.openPage(this, { engine: this.#engine, saving: this.#saving, newcomer: this.#newcomer }, link);
  }

  /** Open a link read by address.js parseLink (a new address); the game stays if it cannot. */
  openLink(link) {
    return opening.openLink(this, link);
  }

  /** Open a game {start, actions} from a link, a record, a lesson, a puzzle (opening.js openGame). */
  openGame(given, setup) {
    return opening.openGame(this, this.#saving, given, setup);
  }

  /** Bring back the game that waited while a lesson or a puzzle had the board (opening.js). */
  resumeWaiting() {
    return opening.resumeWaiting(this, this.#saving);
  }

  // ---- what opening.js calls ------------------------------------------------------------

  /** Show `state` (a whole state, see initialState) in place of the current one, and `alert`. */
  preview(state, alert = null) {
    this.state = { ...state, announcement: this.state.announcement }; // (its count goes on: announce.js)
    this.#set(alert ? { alert } : {}); // (an alert is said in the live region too)
  }

  /** The engine is ready (the game can start), or it could not start: `error` says why. */
  engineStarted(error = null) {
    this.#set(error ? { engine: "error", notice: error.message } : { engine: "ready" });
  }

  /** While `hold` is true the save stays as it was (the page opens after a bad link). */
  holdSave(hold) {
    this.#holdSave = Boolean(hold);
  }

  /** Show a link's or a save's problem: {kind: "link"|"save", text}. */
  showAlert(alert) {
    this.#set({ alert });
  }

  /**
   * Replay `actions` from `start` with the engine and show the position at `cursor` (or, with
   * `at`, at the last occurrence of that position, the cursor if it shows it). `state`: more
   * changes to make with it (setup, players). Returns null when done (or overtaken by a
   * later request), else the engine's error, and then nothing has changed.
   */
  async load(start, actions, { cursor = actions.length, at = null, state: more = {} } = {}) {
    const request = ++this.#request;
    this.#set({ busy: true });
    let answer;
    try {
      answer = await this.#engine.call("game", { start, actions });
    } catch (error) {
      if (request !== this.#request) return null;
      this.#set({ busy: false });
      return error;
    }
    if (request !== this.#request) return null;
    const loaded = afterLoad(this.state, answer, { start, cursor, at, more });
    if (!loaded) {
      this.#set({ busy: false });
      return Object.assign(new Error("That position is not in the game."), { notInGame: true });
    }
    cursor = loaded.cursor;
    this.#set(loaded.changes);
    // A game of its own on the board: none waits any more (it came back, or another took its place).
    if (!this.#holdSave && !VISITS.has(this.state.setup)) this.#saving.dropWaiting();
    if (cursor !== undefined && cursor !== null && cursor !== answer.actions.length) {
      await this.goto(Math.max(0, Math.min(cursor, answer.actions.length)));
    } else {
      this.#save();
      this.#autoplay.run();
    }
    return null;
  }

  /** The game ends outside the rules at its last action: {reason: "timeout"|"resigned"|"abandoned",
   * loser: "white"|"black"} (the online game's clock, a resignation, or the win claimed after
   * the loser left); kept in the save.
   * False (nothing changes) when it cannot be: the rules ended the game, the cursor is not at
   * its end, or a player runs out of time while the other is to move. */
  endGame(end) {
    const checked = this.state.view && endOf(end, this.state.view);
    if (!checked || this.state.cursor !== this.state.actions.length) return false;
    this.#set({ end: checked, selected: null, pendingLosing: null, resultDismissed: false });
    this.#save();
    const result = resultOf(this.state);
    this.announce(`${result.title}. ${result.reason}.`);
    return true;
  }

  /** The turn panel's prompt of the mode that owns the turn (state.prompt: {side, title,
   * detail, play}, texts as msg()s), or null to give the turn back to the game. */
  setPrompt(prompt) {
    this.#set(prompt && prompt.play === false ? { prompt, selected: null, pendingLosing: null } : { prompt });
  }

  /** The timed game's clock (a game/clock.js state, or null): kept in the state and the save. */
  setClock(clock) {
    this.#set({ clock });
    this.#save();
  }

  /** The players' names as an online game learns them ({white?, black?}: namesOf), kept. */
  setNames(names) {
    this.#set({ names: namesOf(names) });
    this.#save();
  }

  /** Let go of every answer asked for so far (a new game is on its way): the computer's
   * search and the hint stop at their next slice, and nothing they find is played. */
  letGo() {
    this.#request += 1;
  }

  /** Start a new game: {setup: "standard"|"random"|"tournament", seed?, players?}. */
  async newGame({ setup = "standard", seed = null, players = null } = {}) {
    const request = ++this.#request;
    const params = { setup };
    if (setup === "random" && seed !== null && seed !== "" && Number.isFinite(Number(seed))) params.seed = Number(seed);
    this.#set({ busy: true, selected: null, notice: null });
    let answer;
    try {
      answer = await this.#engine.call("new_position", params);
    } catch (error) {
      if (request === this.#request) this.#set({ busy: false, notice: error.message });
      return;
    }
    if (request !== this.#request) return;
    this.#set({
      setup,
      seed: setup === "random" ? (answer.seed ?? params.seed ?? null) : null,
      players: sanitizePlayers(players ?? this.state.players),
      placeType: { white: null, black: null },
      alert: null,
    });
    const error = await this.load(answer.position, []);
    if (error) this.#set({ notice: error.message });
  }

  #said(text) {
    return { text, n: (this.state.announcement?.n ?? 0) + 1 };
  }

  /** Say `text` in the page's polite live region (for screen readers). */
  announce(text) {
    this.#set({ announcement: this.#said(text) });
  }

  dismissAlert() {
    if (this.state.alert) this.#set({ alert: null });
  }

  // ---- input meanings ------------------------------------------------------------------

  /** A point was clicked, tapped or chosen with the keyboard (its meaning: meanings.js). */
  activate(point) {
    const meaning = pointPressed(this.state, point);
    if (meaning?.play) this.play(meaning.play);
    else if (meaning) this.#set(meaning.say ? { ...meaning.changes, announcement: this.#said(meaning.say) } : meaning.changes);
  }

  deselect() {
    if (this.state.selected || this.state.pendingLosing) this.#set({ selected: null, pendingLosing: null });
  }

  confirmLosing() {
    const action = this.state.pendingLosing;
    if (action) this.play(action);
  }

  cancelLosing() {
    if (this.state.pendingLosing) this.#set({ pendingLosing: null });
  }

  choosePlaceType(type) {
    const changes = typeChosen(this.state, type);
    if (changes) this.#set(changes);
  }

  pass() {
    const s = this.state;
    if (personToMove(s) && !s.busy && s.view.legal.pass) this.play("pass");
  }

  // ---- watching the computer play itself ------------------------------------------------

  setWatchSpeed(speed) {
    if (!WATCH_SPEEDS.includes(speed)) return;
    this.#set({ watch: { ...this.state.watch, speed } });
    this.#saving.watchSpeed = speed;
  }
  setWatchPaused(paused) {
    this.#set({ watch: { ...this.state.watch, paused: Boolean(paused) } });
  }
  /** One action, then paused. */
  stepWatch() {
    this.#autoplay.step();
    this.#set({ watch: { ...this.state.watch, paused: true } });
    this.#autoplay.run();
  }

  // ---- the computer's turns and the hint (autoplay.js) ---------------------------------

  /** How many engine requests the game has made: when it changes, the game moved on (a
   * play, an undo, a new game) and an answer asked for before is no longer wanted. */
  get requests() {
    return this.#request;
  }

  /** `side` is thinking (null: nobody); `info`: its search's progress. */
  showThinking(side, info = null) {
    this.#set({ thinking: side, thinkingInfo: info });
  }

  /** Show `text` as the game's notice (a problem the person should read). */
  showNotice(text) {
    this.#set({ notice: text });
  }

  /** Keep a result the computer proved for `position` (the hint and the move list show it). */
  noteProof(position, proof) {
    if (!this.state.proofs[position]) this.#set({ proofs: { ...this.state.proofs, [position]: proof } });
  }

  /** While watching paused, whether the computer waits for Resume or Step (state.watch.held). */
  holdWatch(held) {
    if (Boolean(this.state.watch.held) !== held) this.#set({ watch: { ...this.state.watch, held } });
  }

  /** A hint is being looked for (`hinting`), or was: `hint` ({position, action, chance}) or null. */
  showHinting(hinting, hint = null) {
    this.#set(hinting ? { hinting, notice: null } : { hinting, ...(hint ? { hint } : {}) });
  }

  /** Play one action from the shown position (later actions, if any, are dropped). */
  async play(action, { automatic = false } = {}) {
    const s = this.state;
    if (!s.view || s.busy) return;
    const request = ++this.#request;
    const position = positionAt(s);
    this.#set({ busy: true, pendingLosing: null });
    let answer;
    try {
      answer = await this.#engine.call("play", { position, actions: [action] });
    } catch (error) {
      if (request === this.#request) this.#set({ busy: false, selected: null, notice: error.message });
      return;
    }
    if (request !== this.#request) return;
    const { changes, played } = afterPlay(this.state, answer, action);
    const parsed = parseAction(played);
    this.#set(
      { ...changes, selected: null, busy: false, notice: null, resultDismissed: false },
      { animate: parsed?.from ? [{ from: parsed.from, to: parsed.to }] : [], action: played, captured: parsed?.kind === "capture" },
    );
    const result = resultOf(this.state);
    if (result && !automatic) this.announce(`${result.title}. ${result.reason.replace(/\.?$/, ".")}`);
    this.#save();
    this.#autoplay.run();
  }

  // ---- history -------------------------------------------------------------------------

  undo() {
    return this.goto(personCursorBefore(this.state, this.state.cursor - 1));
  }
  redo() {
    return this.goto(this.state.cursor + 1);
  }
  undoTurn() {
    const cursor = this.state.cursor;
    const before = turnBoundaries(this.state).filter((b) => b < cursor);
    return this.goto(personCursorBefore(this.state, before.length ? before[before.length - 1] : 0, turnBoundaries(this.state)));
  }
  redoTurn() {
    const cursor = this.state.cursor;
    const after = turnBoundaries(this.state).filter((b) => b > cursor);
    return this.goto(after.length ? after[0] : this.state.actions.length);
  }

  /** Show the position after `cursor` actions. */
  async goto(cursor) {
    const s = this.state;
    if (s.engine !== "ready" || cursor < 0 || cursor > s.actions.length || cursor === s.cursor) return;
    const request = ++this.#request;
    const forward = cursor === s.cursor + 1 ? parseAction(s.actions[s.cursor]) : null;
    const effects = { animate: forward?.from ? [{ from: forward.from, to: forward.to }] : [] };
    let view = s.views[cursor];
    if (!view) {
      // Show the position at once from its text; the View (legal actions) follows.
      this.#set({ cursor, view: null, selected: null, pendingLosing: null, busy: true, resultDismissed: false }, effects);
      effects.animate = [];
      try {
        view = await this.#engine.call("view", { position: positionAt(s, cursor), last: lastTurnActions(s, cursor) });
      } catch (error) {
        if (request === this.#request) this.#set({ busy: false, notice: error.message });
        return;
      }
      if (request !== this.#request) return;
      const views = this.state.views.slice();
      views[cursor] = view;
      this.#set({ view, views, busy: false });
    } else {
      this.#set({ cursor, view, selected: null, pendingLosing: null, busy: false, resultDismissed: false }, effects);
    }
    this.#save();
    this.#autoplay.run();
  }

  // ---- display settings ----------------------------------------------------------------

  flip() {
    this.#set({ flipped: !this.state.flipped });
    this.#save();
  }

  dismissResult() {
    this.#set({ resultDismissed: true });
  }

  clearNotice() {
    if (this.state.notice) this.#set({ notice: null });
  }

  // ---- hints ---------------------------------------------------------------------------

  /** Ask for the suggested action of the person to move; the board marks it. */
  hint() {
    return this.#autoplay.hint(this.#suggest);
  }
}
