// The game flow and its state, in one place.
//
// The state holds the start position, the actions played (canonical texts), the position
// after each, a cursor (how many actions the shown position has: undo and redo move it) and
// the engine's View of the shown position. Legality always comes from that View: the board's
// highlights are lookups into view.legal, kept here on the JavaScript side so a click
// answers within a frame. The engine is reached only through the EngineClient.
//
//   const game = new Game(engine);
//   game.subscribe((state, effects) => render(state, effects));   // returns an unbind
//   game.activate("C3"); game.pass(); game.undo(); game.newGame({setup: "random"});

import { proofFrom } from "./proof.js";
import { STANDARD, parsePosition, parseAction, turnOf, captureText, stackText, placeText, TYPES } from "./notation.js";
import { PLAYER_KINDS, isPerson } from "./players.js";
import { readSave, setAside, saveProblem, SAVE_KEY, SAVE_VERSION } from "./saving.js";
import { msg } from "./i18n.js";

/** The pause between the two actions of an automatic player's turn (a little over a slide). */
const AUTOPLAY_PAUSE_MS = 320;

/** A fresh state (nothing from the engine yet). */
function initialState(start = STANDARD) {
  return {
    engine: "loading", // "loading" | "ready" | "error"
    start,
    setup: "standard", // how `start` came about: standard | random | tournament | link
    seed: null,
    actions: [],
    positions: [], // positions[i]: after actions[0..i]
    turns: [], // the engine's turns of `actions`: [{number, side, actions: [text]}]
    views: [], // views[i]: View of the position after i actions (cached; may be missing)
    cursor: 0,
    view: null, // the View of the shown position, null until the engine answers
    selected: null,
    placeType: { white: null, black: null },
    players: { white: "person", black: "person" },
    flipped: false,
    busy: false,
    notice: null, // a short message for the person (an error, mostly): text or i18n msg()
    alert: null, // {kind: "link"|"save", text}: a link or a save that could not be used (text: a msg())
    pendingLosing: null, // a losing stacking waiting for the person to confirm
    resultDismissed: false,
    thinking: null, // the side an automatic player is choosing for, while it thinks
    hint: null, // {position, action}: the suggestion for the person to move in `position`
    hinting: false, // a hint is being looked for
    proofs: {}, // position text -> {winner, turns}: results the computer proved (proof.js)
  };
}

// ---- derived values (pure functions of the state) ----------------------------------------

export function positionAt(state, cursor = state.cursor) {
  return cursor === 0 ? state.start : state.positions[cursor - 1];
}

/**
 * The turns of the game, as the engine grouped them (state.turns), each with `start`, the
 * index of its first action: [{number, side, start, actions: [text]}].
 */
export function turnsOf(state) {
  let start = 0;
  return state.turns.map((turn) => {
    const withStart = { ...turn, start };
    start += turn.actions.length;
    return withStart;
  });
}

/** Cursor values at which a turn starts, plus the end of the game. */
function turnBoundaries(state) {
  return [...turnsOf(state).map((t) => t.start), state.actions.length];
}

/** The turn that holds the action played from the position after `index` actions. */
function turnAt(state, index) {
  return turnsOf(state).findLast((t) => t.start <= index);
}

/** The actions of the most recent turn before the cursor (the whole turn, or the part played). */
function lastTurnActions(state, cursor = state.cursor) {
  if (cursor === 0) return [];
  const turn = turnAt(state, cursor - 1);
  return turn.actions.slice(0, cursor - turn.start);
}

/** The turns of the first `cursor` actions (the last one cut where the cursor is). */
function turnsBefore(state, cursor) {
  return turnsOf(state)
    .filter((t) => t.start < cursor)
    .map(({ number, side, start, actions }) => ({ number, side, actions: actions.slice(0, cursor - start) }));
}

/** The marks of the last turn on the board: [{from, to, kind, older}]. */
export function marksOf(state) {
  if (state.cursor === 0) return [];
  const turns = turnsOf(state);
  const index = turns.findLastIndex((t) => t.start < state.cursor);
  const shown = [];
  const played = lastTurnActions(state);
  // In the middle of a turn, the opponent's turn before it stays marked, more faintly.
  if (turnOf(positionAt(state)).step === "second" && index > 0) {
    for (const text of turns[index - 1].actions) shown.push({ text, older: true });
  }
  for (const text of played) shown.push({ text, older: false });
  return shown
    .map(({ text, older }) => ({ ...parseAction(text), older }))
    .filter((a) => a.kind && a.kind !== "pass")
    .map(({ from, to, kind, older }) => ({ from, to, kind, older }));
}

/** Stacks shown: from the View, or read from the position text while the engine loads. */
export function shownPoints(state) {
  return state.view?.points ?? parsePosition(positionAt(state)).points;
}

/** Counts that need no rules (tops by type, pieces) from the shown points. */
export function countsOf(state) {
  if (state.view) return { tops: state.view.tops, pieces: state.view.pieces, reserve: state.view.reserve };
  const tops = { white: { tzaar: 0, tzarra: 0, tott: 0 }, black: { tzaar: 0, tzarra: 0, tott: 0 } };
  const pieces = { white: 0, black: 0 };
  for (const stack of Object.values(shownPoints(state))) {
    tops[stack.color][stack.type] += 1;
    pieces[stack.color] += stack.height;
  }
  return { tops, pieces, reserve: null };
}

/** Whether the side to move is played by a person at this screen (and may click). */
export function personToMove(state) {
  const view = state.view;
  return Boolean(view && !view.winner && isPerson(state.players[view.side]));
}

/** Targets of the selection, for the board: {point: "capture" | "stack" | "place"}. */
export function targetsOf(state) {
  const view = state.view;
  if (!view || !personToMove(state)) return {};
  const targets = {};
  if (view.step === "place") {
    if (state.placeType[view.side] && (view.reserve[view.side][state.placeType[view.side]] ?? 0) > 0) {
      for (const point of view.legal.place) targets[point] = "place";
    }
    return targets;
  }
  const from = state.selected;
  if (!from) return targets;
  for (const point of view.legal.captures[from] ?? []) targets[point] = "capture";
  for (const point of view.legal.stacks[from] ?? []) targets[point] = "stack";
  return targets;
}

/** Stacking targets of the selection that lose the game (they cover the mover's last type). */
export function losingTargetsOf(state) {
  const view = state.view;
  if (!view || !state.selected) return [];
  const prefix = `${state.selected}-`;
  return view.legal.losing.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length));
}

/** Stacks that can act now (for the pointer cursor). */
export function sourcesOf(state) {
  const view = state.view;
  if (!view || !personToMove(state) || view.step === "place") return [];
  return [...new Set([...Object.keys(view.legal.captures), ...Object.keys(view.legal.stacks)])];
}

/** What the board draws for the state. */
export function boardStateOf(state) {
  return {
    position: positionAt(state),
    points: shownPoints(state),
    flipped: state.flipped,
    selected: state.selected,
    targets: targetsOf(state),
    losing: losingTargetsOf(state),
    sources: sourcesOf(state),
    marks: marksOf(state),
    hint: hintOf(state),
    interactive: personToMove(state) && !state.busy,
  };
}

/** The hint shown on the board: {action, from, to} (from is null for a placement), or null. */
export function hintOf(state) {
  const hint = state.hint;
  if (!hint || hint.position !== positionAt(state) || !personToMove(state)) return null;
  const parsed = parseAction(hint.action);
  return { action: hint.action, from: parsed?.from ?? null, to: parsed?.to ?? null };
}

/** Whether an automatic player is choosing its actions for the shown position. */
export function thinkingOf(state) {
  return Boolean(state.thinking && state.view && !state.view.winner && state.thinking === state.view.side && !personToMove(state));
}

export function canUndo(state) {
  return state.cursor > 0;
}
export function canRedo(state) {
  return state.cursor < state.actions.length;
}

// ---- the game ----------------------------------------------------------------------------

export class Game {
  #engine;
  #storage;
  #listeners = new Set();
  #request = 0; // number of the latest engine request whose answer we still want
  #newcomer; // the players of a first visit
  #suggest; // (position, engine, {cancelled}) -> promise of the hint's actions, or null
  #autoplaying = false; // an automatic player's actions are being played
  #holdSave = false; // while the page opens after a bad link: the save stays as it was
  #pause; // () -> milliseconds between the actions of an automatic player's turn
  state;

  constructor(engine, { storage = null, newcomerPlayers = null, suggest = null, pause = () => AUTOPLAY_PAUSE_MS } = {}) {
    this.#engine = engine;
    this.#storage = storage;
    this.#newcomer = newcomerPlayers;
    this.#suggest = suggest;
    this.#pause = pause;
    this.state = initialState();
  }

  subscribe(callback) {
    this.#listeners.add(callback);
    return () => this.#listeners.delete(callback);
  }

  #set(changes, effects = {}) {
    this.state = { ...this.state, ...changes };
    for (const callback of [...this.#listeners]) callback(this.state, effects);
  }

  #save() {
    if (!this.#storage || this.#holdSave) return;
    const s = this.state;
    this.#storage.set(SAVE_KEY, {
      version: SAVE_VERSION,
      start: s.start,
      shown: positionAt(s),
      setup: s.setup,
      seed: s.seed,
      actions: s.actions,
      cursor: s.cursor,
      players: s.players,
    });
    this.#storage.set("tzaar.flipped", s.flipped);
  }

  /**
   * Show a position at once (before the engine is ready) and start the game when it is.
   * `link`: the address, read by address.js parseLink: {kind: "none"|"position"|"game"|
   * "error", ...}. A link wins over the saved game, except that a position link to a
   * position of the saved game (a reload) brings that game back with its history. A link
   * that cannot be opened is reported (state.alert) and the saved game stays as it was.
   */
  async open({ link = null } = {}) {
    if (typeof link === "string") link = { kind: "position", position: link };
    const wanted = link?.kind === "position" || link?.kind === "game" ? link : null;
    const { saved, problem } = readSave(this.#storage);
    const flipped = Boolean(this.#storage?.get("tzaar.flipped"));
    let alert = problem ? { kind: "save", text: problem } : null;
    if (link?.kind === "error") alert = linkAlert(link.message);
    const preview = wanted ? (wanted.start ?? wanted.position) : (saved?.shown ?? saved?.start ?? STANDARD);
    this.state = { ...initialState(preview), flipped, alert };
    if (wanted) {
      this.state.setup = "link";
    } else if (saved) {
      Object.assign(this.state, { setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players) });
    } else if (!problem && this.#newcomer) {
      // A first visit: a game against the computer, the visitor playing White.
      this.state.players = sanitizePlayers(this.#newcomer);
    }
    this.#set({});
    try {
      await this.#engine.ready;
    } catch (error) {
      this.#set({ engine: "error", notice: error.message });
      return;
    }
    this.#set({ engine: "ready" });
    this.#holdSave = link?.kind === "error";
    const restored = saved && { setup: saved.setup, seed: saved.seed, players: sanitizePlayers(saved.players) };
    try {
      if (wanted?.kind === "position" && saved) {
        // A reload (or a link back to a position of this game): the game with its history.
        const error = await this.#load(saved.start, saved.actions, { cursor: saved.cursor, at: wanted.position, state: restored });
        if (!error) return;
        if (!error.notInGame) this.#setAsideSave(error);
      }
      if (wanted) {
        const error = await this.#load(wanted.start ?? wanted.position, wanted.actions ?? [], {
          state: { setup: "link", seed: null, players: { white: "person", black: "person" } },
        });
        if (!error) return;
        this.#holdSave = true;
        this.#set({ alert: linkAlert(msg("alert.refused", { detail: error.message.replace(/\.?$/, ".") })) });
      }
      if (saved && this.#storage.getText(SAVE_KEY) !== null) {
        const error = await this.#load(saved.start, saved.actions, { cursor: saved.cursor, state: restored });
        if (!error) return;
        this.#setAsideSave(error);
      }
      const players = this.#newcomer && !saved && !problem ? this.#newcomer : this.state.players;
      await this.#load(STANDARD, [], { state: { setup: "standard", seed: null, players: sanitizePlayers(players) } });
    } finally {
      this.#holdSave = false;
    }
  }

  /** The saved game does not replay: set it aside and say so (a new game follows). */
  #setAsideSave(error) {
    setAside(this.#storage);
    this.#holdSave = false;
    const text = saveProblem(msg("save.noReplay", { detail: error.message.replace(/\.$/, "") }));
    this.#set({ alert: this.state.alert?.kind === "link" ? { kind: "link", text: [this.state.alert.text, text] } : { kind: "save", text } });
  }

  /**
   * Replay `actions` from `start` with the engine and show the position at `cursor` (or, with
   * `at`, at the last occurrence of that position, the cursor if it shows it). `state`: more
   * changes to make with it (setup, players). Returns null when done (or overtaken by a
   * later request), else the engine's error, and then nothing has changed.
   */
  async #load(start, actions, { cursor = actions.length, at = null, state: more = {} } = {}) {
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
    if (at !== null) {
      const shown = [answer.start, ...answer.positions];
      if (shown[cursor] !== at) cursor = shown.lastIndexOf(at);
      if (cursor < 0) {
        this.#set({ busy: false });
        return Object.assign(new Error("That position is not in the game."), { notInGame: true });
      }
    }
    const views = [];
    views[answer.actions.length] = answer.view;
    const state = {
      ...more,
      start: answer.start ?? start,
      actions: answer.actions,
      positions: answer.positions,
      turns: answer.turns,
      views,
      cursor: answer.actions.length,
      view: answer.view,
      selected: null,
      busy: false,
      pendingLosing: null,
      resultDismissed: false,
    };
    this.#set(state);
    if (cursor !== undefined && cursor !== null && cursor !== answer.actions.length) {
      await this.goto(Math.max(0, Math.min(cursor, answer.actions.length)));
    } else {
      this.#save();
      this.#maybeAutoplay();
    }
    return null;
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
    const error = await this.#load(answer.position, []);
    if (error) this.#set({ notice: error.message });
  }

  /** Open a link read by address.js parseLink (a new address); the game stays if it cannot. */
  async openLink(link) {
    if (link.kind === "error") return this.#set({ alert: linkAlert(link.message) });
    if (link.kind === "position") return this.openGame({ start: link.position, actions: [] }, "link");
    if (link.kind === "game") return this.openGame(link, "link");
  }

  /** Open a game {start, actions} (from a link or a record), two people at this screen. */
  async openGame({ start, actions }, setup = "link") {
    const error = await this.#load(start, actions, {
      state: { setup, seed: null, players: { white: "person", black: "person" }, alert: null, notice: null },
    });
    // (A record's dialog says what is wrong itself.)
    if (error && setup === "link") this.#set({ alert: linkAlert(msg("alert.refused", { detail: error.message.replace(/\.?$/, ".") })) });
    return error;
  }

  dismissAlert() {
    if (this.state.alert) this.#set({ alert: null });
  }

  // ---- input meanings ------------------------------------------------------------------

  /** A point was clicked, tapped or chosen with the keyboard. */
  activate(point) {
    const s = this.state;
    if (!personToMove(s) || s.busy) return;
    const view = s.view;
    if (view.step === "place") {
      const type = s.placeType[view.side];
      if (type && targetsOf(s)[point] === "place") this.play(placeText(type, point));
      return;
    }
    const targets = targetsOf(s);
    if (s.selected && targets[point]) {
      const action = targets[point] === "capture" ? captureText(s.selected, point) : stackText(s.selected, point);
      if (view.legal.losing.includes(action)) {
        this.#set({ pendingLosing: action });
        return;
      }
      this.play(action);
      return;
    }
    if (point !== s.selected && sourcesOf(s).includes(point)) {
      this.#set({ selected: point, notice: null });
    } else {
      this.deselect();
    }
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
    const view = this.state.view;
    if (!view || view.step !== "place" || !TYPES.includes(type) || !personToMove(this.state)) return;
    if ((view.reserve[view.side][type] ?? 0) <= 0) return;
    const current = this.state.placeType[view.side];
    this.#set({ placeType: { ...this.state.placeType, [view.side]: current === type ? null : type } });
  }

  pass() {
    const s = this.state;
    if (personToMove(s) && !s.busy && s.view.legal.pass) this.play("pass");
  }

  /** Play one action from the shown position (later actions, if any, are dropped). */
  async play(action) {
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
    const cursor = this.state.cursor;
    const played = answer.view.last[0] ?? action;
    const actions = [...this.state.actions.slice(0, cursor), played];
    const positions = [...this.state.positions.slice(0, cursor), answer.positions[answer.positions.length - 1]];
    // The turns, as the engine groups them: the second action of a turn joins it, any
    // other action (a placement, a turn's first capture) starts the next.
    const turns = turnsBefore(this.state, cursor);
    if (s.view.step === "second" && turns.length) turns[turns.length - 1].actions.push(played);
    else turns.push({ number: turns.length + 1, side: s.view.side, actions: [played] });
    const views = this.state.views.slice(0, cursor + 1);
    views[cursor + 1] = answer.view;
    // Keep the type chosen in the tray for the side's next placement while it has one.
    const placeType = { ...this.state.placeType };
    for (const side of ["white", "black"]) {
      const type = placeType[side];
      if (type && answer.view.step === "place" && !(answer.view.reserve[side][type] > 0)) placeType[side] = null;
    }
    const parsed = parseAction(played);
    this.#set(
      { actions, positions, turns, views, cursor: cursor + 1, view: answer.view, selected: null, busy: false, notice: null, resultDismissed: false, placeType },
      { animate: parsed?.from ? [{ from: parsed.from, to: parsed.to }] : [], action: played },
    );
    this.#save();
    this.#maybeAutoplay();
  }

  // ---- history -------------------------------------------------------------------------

  undo() {
    return this.goto(this.#personBefore(this.state.cursor - 1));
  }
  redo() {
    return this.goto(this.state.cursor + 1);
  }
  undoTurn() {
    const cursor = this.state.cursor;
    const before = turnBoundaries(this.state).filter((b) => b < cursor);
    return this.goto(this.#personBefore(before.length ? before[before.length - 1] : 0, turnBoundaries(this.state)));
  }
  redoTurn() {
    const cursor = this.state.cursor;
    const after = turnBoundaries(this.state).filter((b) => b > cursor);
    return this.goto(after.length ? after[0] : this.state.actions.length);
  }

  /** Against the computer, undo goes back to a position where a person is to move (else
   * the computer would play again at once): the latest such cursor <= `cursor`, among
   * `stops` if given; the shown cursor if there is none. */
  #personBefore(cursor, stops = null) {
    const s = this.state;
    const persons = Object.values(s.players).filter(isPerson).length;
    if (cursor < 0 || persons === 0 || persons === 2) return cursor;
    const turns = turnsOf(s);
    for (let c = cursor; c >= 0; c -= 1) {
      if (stops && !stops.includes(c)) continue;
      // The side to move after c actions (c < the end): the side of the turn of action c.
      const turn = turns.findLast((t) => t.start <= c);
      if (isPerson(s.players[turn.side])) return c;
    }
    return s.cursor;
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
    this.#maybeAutoplay();
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

  // ---- automatic players (the computer joins through players.js) ----------------------

  async #maybeAutoplay() {
    const s = this.state;
    const view = s.view;
    if (this.#autoplaying || s.busy || !view || view.winner || s.cursor !== s.actions.length) return;
    const kind = PLAYER_KINDS.get(s.players[view.side]);
    if (!kind?.automatic) return;
    let request = this.#request;
    const cancelled = () => request !== this.#request;
    const side = view.side;
    this.#set({ thinking: side });
    let actions = null;
    try {
      actions = await kind.chooseActions(view, this.#engine, { cancelled, onInfo: (info) => this.#noteProof(view.position, info, cancelled) });
    } catch (error) {
      if (!cancelled()) this.#set({ notice: msg("notice.cannotMove", { player: kind.label, detail: error.message }) });
    }
    if (this.state.thinking === side && (cancelled() || !actions)) this.#set({ thinking: null });
    if (!actions?.length || cancelled()) return;
    // Its actions, one by one, each with its animation; anything the person does meanwhile
    // (undo, new game) stops the rest.
    this.#autoplaying = true;
    try {
      for (const [i, action] of actions.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, this.#pause()));
        if (this.#request !== request || this.state.view?.winner) return;
        await this.play(action);
        if (this.#request !== request + 1) return; // play() took exactly one request
        request += 1;
      }
    } finally {
      this.#autoplaying = false;
      if (this.state.thinking === side) this.#set({ thinking: null });
      this.#maybeAutoplay(); // the next turn (or, after an undo meanwhile, the shown one)
    }
  }

  /** Keep a result the computer proved for `position` (the hint and the move list show it). */
  #noteProof(position, info, cancelled) {
    const proof = proofFrom(position, info);
    if (proof && !cancelled() && !this.state.proofs[position]) this.#set({ proofs: { ...this.state.proofs, [position]: proof } });
  }

  /** Ask for the suggested action of the person to move; the board marks it. */
  async hint() {
    const s = this.state;
    if (!this.#suggest || !personToMove(s) || s.busy || s.hinting) return;
    const position = positionAt(s);
    if (s.hint?.position === position) return;
    const request = this.#request;
    const cancelled = () => request !== this.#request || positionAt(this.state) !== position;
    this.#set({ hinting: true, notice: null });
    let actions = null;
    try {
      actions = await this.#suggest(position, this.#engine, { cancelled, onInfo: (info) => this.#noteProof(position, info, cancelled) });
    } catch (error) {
      if (!cancelled()) this.#set({ notice: msg("notice.noHint", { detail: error.message }) });
    }
    this.#set({ hinting: false, ...(actions?.length && !cancelled() ? { hint: { position, action: actions[0] } } : {}) });
  }
}

function linkAlert(message) {
  return { kind: "link", text: msg("alert.linkText", { message }) };
}

function sanitizePlayers(players) {
  const pick = (id) => (PLAYER_KINDS.has(id) ? id : "person");
  return { white: pick(players?.white), black: pick(players?.black) };
}
