// The game's state and what is derived from it: pure functions, no engine, no DOM (texts
// in the language shown, through i18n.js).
//
// The state holds the start position, the actions played (canonical texts), the position
// after each, a cursor (how many actions the shown position has: undo and redo move it) and
// the engine's View of the shown position. Legality always comes from that View: the board's
// highlights are lookups into view.legal, kept here on the JavaScript side so a click
// answers within a frame. game.js changes the state; panels and the board read it here.

import { STANDARD, sideMsg, pieceMsg, parsePosition, parseAction, turnOf } from "../board/notation.js";
import { PLAYER_KINDS, isPerson } from "./players.js";
import { t, msg } from "../page/i18n.js";
import { shownName } from "../page/shown-text.js";

/** The longest name of a player a game record gives (tzaar/records/ours.py MAX_PLAYER_NAME). */
export const MAX_RECORD_NAME = 40;

/** The setups of a lesson's, a puzzle's and an exercise's position (learn/exercises.js), and of
 * a game by turns (online/turns.js): a visit, while the game that was on the board waits
 * (saving.js) to come back when the lessons, the puzzles, the exercise or the game by turns
 * close, or on a reload. */
export const VISITS = new Set(["lesson", "puzzle", "exercise", "turns"]);

/** A fresh state (nothing from the engine yet). */
export function initialState(start = STANDARD) {
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
    names: null, // {white?, black?}: the players' names when known (an online game, a record that names them): namesOf
    waiting: null, // the state of the game that waits while a lesson or a puzzle has the board
    flipped: false,
    busy: false,
    notice: null, // a short message for the person (an error, mostly)
    alert: null, // {kind: "link"|"save", text}: a link or a save that could not be used
    pendingLosing: null, // a losing stacking waiting for the person to confirm
    refused: null, // {point, from}: the last click that did nothing (from: the stack selected, or null)
    resultDismissed: false,
    end: null, // {reason: "timeout"|"resigned"|"abandoned", loser}: the game ended outside the rules (endOf)
    clock: null, // a timed game's clock (game/clock.js's state, saved with the game), or null
    thinking: null, // the side an automatic player is choosing for, while it thinks
    hint: null, // {position, action, chance}: the suggestion for the person to move in `position` (chance: White's chance of winning by its search, or null)
    hinting: false, // a hint is being looked for
    proofs: {}, // position text -> {winner, turns}: results the computer proved (proof.js)
    announcement: null, // {text, n}: the latest thing said in the polite live region
    thinkingInfo: null, // the computer's search so far: {depth, elapsed, limit?, budget, proven?}
    watch: { speed: "normal", paused: false, steps: 0 }, // computer against computer
    loaded: 0, // how many games were loaded (game.js load): a new one is a new game on the board
    prompt: null, // {side, title, detail, play}: the turn panel's side and texts (msg()s; detail null: the step's) of the mode that owns the turn (an exercise), play false once its answer is in; null: the game's
  };
}

// ---- derived values (pure functions of the state) ----------------------------------------

export function positionAt(state, cursor = state.cursor) {
  return cursor === 0 ? state.start : state.positions[cursor - 1];
}

/** The side to move in the shown position: the View's, or until the engine answers, the
 * position text's turn field ("white" | "black"). */
export function sideToMove(state) {
  return state.view?.side ?? turnOf(positionAt(state)).side;
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
export function turnBoundaries(state) {
  return [...turnsOf(state).map((t) => t.start), state.actions.length];
}

/** The turn that holds the action played from the position after `index` actions. */
function turnAt(state, index) {
  return turnsOf(state).findLast((t) => t.start <= index);
}

/** The actions of the most recent turn before the cursor (the whole turn, or the part played). */
export function lastTurnActions(state, cursor = state.cursor) {
  if (cursor === 0) return [];
  const turn = turnAt(state, cursor - 1);
  return turn.actions.slice(0, cursor - turn.start);
}

/** The turns of the first `cursor` actions (the last one cut where the cursor is). */
export function turnsBefore(state, cursor) {
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

/** Whether the side to move is played by a person at this screen (and may click): not once the
 * mode that owns the turn has its answer (state.prompt.play false: an exercise answered). */
export function personToMove(state) {
  const view = state.view;
  return Boolean(view && !winnerOf(state) && isPerson(state.players[view.side]) && state.prompt?.play !== false);
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

/** The hint shown on the board: {action, from, to, chance} (from is null for a placement; chance: White's chance of winning, or null), or null. */
export function hintOf(state) {
  const hint = state.hint;
  if (!hint || hint.position !== positionAt(state) || !personToMove(state)) return null;
  const parsed = parseAction(hint.action);
  return { action: hint.action, from: parsed?.from ?? null, to: parsed?.to ?? null, chance: hint.chance ?? null };
}

/** Whether an automatic player is choosing its actions for the shown position. */
export function thinkingOf(state) {
  return Boolean(state.thinking && state.view && !state.view.winner && state.thinking === state.view.side && !personToMove(state));
}

/** The share of its turn's time a search has spent (the thinking bar), 0 to 1: of the time
 * the turn now plans to take (info.limit, tzaar/ai/work.py: less once its answer is settled,
 * up to half again while it is not), else of the level's budget. */
export function thinkingShare(info) {
  return Math.max(0, Math.min(1, (info.elapsed ?? 0) / (info.limit ?? info.budget)));
}

/** Whether `after` differs from `before` only in the progress of the computer's search
 * (state.thinkingInfo, which the thinking display alone shows), and in something at all. */
export function onlyProgress(before, after) {
  const same = (key) => key === "thinkingInfo" || after[key] === before[key];
  return after.thinkingInfo !== before.thinkingInfo && Object.keys({ ...before, ...after }).every(same);
}

export function canUndo(state) {
  return state.cursor > 0;
}
export function canRedo(state) {
  return state.cursor < state.actions.length;
}

/**
 * Against the computer, undo goes back to a position where a person is to move (else the
 * computer would play again at once): the latest such cursor <= `cursor`, among `stops` if
 * given; the shown cursor if there is none. With no person or two, `cursor` itself.
 */
export function personCursorBefore(state, cursor, stops = null) {
  const persons = Object.values(state.players).filter(isPerson).length;
  if (cursor < 0 || persons === 0 || persons === 2) return cursor;
  const turns = turnsOf(state);
  for (let c = cursor; c >= 0; c -= 1) {
    if (stops && !stops.includes(c)) continue;
    // The side to move after c actions (c < the end): the side of the turn of action c.
    const turn = turns.findLast((t) => t.start <= c);
    if (isPerson(state.players[turn.side])) return c;
  }
  return state.cursor;
}

/**
 * The changes of the state once the engine has replayed a game (`answer`: its answer to
 * "game" for `start`), with `more` (setup, players, end, clock, waiting): {changes, cursor},
 * `cursor` the one to show (with `at`, the last occurrence of that position, the cursor if
 * it shows it), or null when the game has no position `at`. The state shows the game's end.
 */
export function afterLoad(state, answer, { start, cursor, at, more }) {
  if (at !== null) {
    const shown = [answer.start, ...answer.positions];
    if (shown[cursor] !== at) cursor = shown.lastIndexOf(at);
    if (cursor < 0) return null;
  }
  const views = [];
  views[answer.actions.length] = answer.view;
  const changes = {
    waiting: null,
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
    end: endOf(more.end, answer.view),
    clock: more.clock ?? null,
    names: namesOf(more.names),
    loaded: state.loaded + 1,
    prompt: null, // (a mode that owns the turn sets its own again)
  };
  return { changes, cursor };
}

/**
 * The changes of the state once the engine has played `action` from the shown position
 * (`answer`: the engine's answer to "play"): the later actions, if any, are dropped.
 * Returns {changes, played} (`played`: the action's canonical text).
 */
export function afterPlay(state, answer, action) {
  const cursor = state.cursor;
  const played = answer.view.last[0] ?? action;
  const actions = [...state.actions.slice(0, cursor), played];
  const positions = [...state.positions.slice(0, cursor), answer.positions[answer.positions.length - 1]];
  // The turns, as the engine grouped the action: the rest of the turn in progress
  // (answer.continues), else a turn of its own.
  const turns = turnsBefore(state, cursor);
  for (const [i, turn] of answer.turns.entries()) {
    if (i === 0 && answer.continues && turns.length) turns[turns.length - 1].actions.push(...turn.actions);
    else turns.push({ number: turns.length + 1, side: turn.side, actions: [...turn.actions] });
  }
  const views = state.views.slice(0, cursor + 1);
  views[cursor + 1] = answer.view;
  // Keep the type chosen in the tray for the side's next placement while it has one.
  const placeType = { ...state.placeType };
  for (const side of ["white", "black"]) {
    const type = placeType[side];
    if (type && answer.view.step === "place" && !(answer.view.reserve[side][type] > 0)) placeType[side] = null;
  }
  return {
    played,
    changes: { actions, positions, turns, views, cursor: cursor + 1, view: answer.view, placeType, end: null }, // (a new action: a game that goes on)
  };
}

/** The alert for a link that could not be opened (`message`: text or a msg()). */
export function linkAlert(message) {
  return { kind: "link", text: msg("alert.linkText", { message }) };
}

/** The players' names as given (an online game, a record, a save): {white?, black?}, each a
 * name shown as itself (page/shown-text.js), or null when none is. */
export function namesOf(names) {
  if (!names || typeof names !== "object") return null;
  const checked = {};
  for (const side of ["white", "black"]) {
    const name = shownName(names[side], MAX_RECORD_NAME);
    if (name) checked[side] = name;
  }
  return Object.keys(checked).length ? checked : null;
}

/** Players of known kinds (anything else: a person). */
export function sanitizePlayers(players) {
  const pick = (id) => (PLAYER_KINDS.has(id) ? id : "person");
  return { white: pick(players?.white), black: pick(players?.black) };
}

// ---- the end of the game ----------------------------------------------------------------

/** Why the game ended, from the engine's reason code ("Black has no Tzarra left"); the
 * engine's English text for a code this page does not know. */
export function reasonText(view) {
  const reason = view?.reason;
  if (!reason) return "";
  const key = `reason.${reason.code}`;
  const loser = sideMsg(view.winner === "white" ? "black" : "white");
  const text = t(key, { loser, type: reason.type ? pieceMsg(reason.type) : "" });
  return text === key ? (reason.text ?? "") : text;
}

/** The ends of a game outside the rules (tzaar/rules/ending.py): a reason and its loser. */
export const END_REASONS = ["timeout", "resigned", "abandoned"];

/** An end {reason, loser} as given (a save, a record, the online game) checked: it, or null.
 * With the View of the game's last position, checked against it as tzaar/rules/ending.py
 * does: not after the rules ended the game, and out of time only the side to move. */
export function endOf(end, view = null) {
  if (!end || !END_REASONS.includes(end.reason) || !["white", "black"].includes(end.loser)) return null;
  if (view && (view.winner || (end.reason === "timeout" && view.side !== end.loser))) return null;
  return { reason: end.reason, loser: end.loser };
}

/** Who won, at the end of the game on the board: by the rules, or on time, resignation or leaving (state.end). */
export function winnerOf(state) {
  if (state.end && state.cursor === state.actions.length) return state.end.loser === "white" ? "black" : "white";
  return state.view?.winner ?? null;
}

/** "White ran out of time", "Black resigned", "White left the game". */
export function endText(end) {
  return t(`reason.${end.reason}`, { loser: sideMsg(end.loser) });
}

/** The end of the game as the player hears it: {title, reason}, or null while it goes on.
 * Against the computer (one person at the screen) "You won" / "You lost"; else "White wins". */
export function resultOf(state) {
  const winner = winnerOf(state);
  if (!winner) return null;
  const persons = ["white", "black"].filter((side) => isPerson(state.players[side]));
  let title = t("result.wins", { side: sideMsg(winner) });
  if (persons.length === 1) title = t(persons[0] === winner ? "result.youWon" : "result.youLost");
  const ended = state.end && !state.view?.winner;
  return { title, reason: ended ? endText(state.end) : reasonText(state.view) };
}

/** The stacks each side has captured up to the shown position, oldest first:
 * {white: [{color, type, height}], black: [...]} (white: the black stacks White took). */
export function capturedOf(state) {
  const captured = { white: [], black: [] };
  for (let i = 0; i < state.cursor; i += 1) {
    const action = parseAction(state.actions[i]);
    if (action?.kind !== "capture") continue;
    const stack = parsePosition(positionAt(state, i)).points[action.to];
    if (stack) captured[stack.color === "white" ? "black" : "white"].push(stack);
  }
  return captured;
}
