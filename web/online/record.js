// The record of an online game: everything this page keeps of it in the browser (saved under
// "online", page/storage.js) to come back to it after a reload, and what follows from it.
// Pure: no DOM, no network (node tests: tests/js/online-game.test.mjs).
//
// A record is {v, room, secret, role, key, me, them, name, friend, game, terms, actions, end,
// clock, takeback, rematch, alive}: `game` is {start, white: role, clock: a time control's id or
// null, names: {host, guest}, round} (null for a guest not yet told); `terms` the game a
// lobby's pairing agreed, {start, white, clock, round}, for a guest until the host starts it
// (the only start it takes: claims.js), else null; `key` this page's seat
// (seat.js: its private key, a JWK) and `me` its public key, both null until the session makes
// them; `them` the other player's public key (null until its page proved it holds it: the
// seat is taken); `end` an end outside the rules (protocol.js isEnd) or null; `clock` the
// clocks' saved state (timing.js); `takeback` the other's take-back this page accepted, {n,
// to}, until the game moves on (takeback.js: its accept may have been lost); `rematch` the
// rematch offer's state (rematch.js); `alive` the last moment this page was open with this
// game (epoch ms: how long the page was closed, claims.js).
//
//   const record = newRecord({room, secret, role: "host", name: "Ann", friend: true});
//   pairingRecord({room, secret, role, colour, clock, names})   // a lobby's pairing: the game agreed
//   readRecord(storage.get(RECORD_KEY))   // a saved record that can be resumed (checked: it may be damaged or edited), or null
//   colourOf(record); theirNameOf(record); rematchGame(record.game)

import { MAX_ACTIONS, MAX_NAME, isAction, isEnd, isGame } from "./protocol.js";
import { STANDARD } from "../board/notation.js";
import { shownName } from "../page/shown-text.js";

export const RECORD_KEY = "online";
/** (1: a random player id instead of a seat's keys; such a game cannot prove its seat.) */
export const RECORD_VERSION = 2;

/** A new record: no game yet (the host sets its own), no seat yet (the session makes it), the
 * name cut to its longest (in characters: a pair of surrogates stays whole) and shown as itself, or none. */
export function newRecord({ room, secret, role, name, friend }) {
  return { v: RECORD_VERSION, room, secret, role, key: null, me: null, them: null, name: shownName([...String(name ?? "").trim()].slice(0, MAX_NAME).join("")) ?? "", friend, game: null, terms: null, actions: [], end: null, alive: null };
}

/** The record of a lobby's pairing ({room, secret, role, colour: the host's, clock: a time
 * control's id or null, names: {host, guest}}): the standard start, round 1; the host's
 * `game`, and for the guest the same game as its `terms`, the only start it takes. */
export function pairingRecord({ room, secret, role, colour, clock = null, names = {} }) {
  const record = newRecord({ room, secret, role, name: role === "host" ? names.host : names.guest, friend: false });
  const terms = { start: STANDARD, white: colour === "white" ? "host" : "guest", clock, round: 1 };
  if (role === "host") record.game = { ...terms, names: { host: names.host ?? "", guest: names.guest ?? "" } };
  else record.terms = terms;
  return record;
}

/** A saved record that can be resumed (else null); its names as the other page accepts them
 * (page/shown-text.js: one saved before that rule, none rather than one refused). What the
 * session loads is checked as the other page's would be (protocol.js): `game` a start's game,
 * `terms` the same without names, `actions` actions, `end` an end. The stored value may be
 * damaged or edited: one that is not all this is not resumed (else each load would fail on it). */
export function readRecord(value) {
  const ok = value && typeof value === "object" && value.v === RECORD_VERSION && typeof value.room === "string" && typeof value.secret === "string" && ["host", "guest"].includes(value.role);
  if (!ok) return null;
  const shown = (name) => shownName(name) ?? "";
  const names = value.game?.names;
  const game = names && typeof names === "object" ? { ...value.game, names: { host: shown(names.host), guest: shown(names.guest) } } : value.game ?? null;
  const actions = value.actions ?? [];
  const fits =
    (game === null || isGame(game)) &&
    (value.terms === undefined || value.terms === null || isTerms(value.terms)) &&
    Array.isArray(actions) && actions.length <= MAX_ACTIONS && actions.every(isAction) &&
    (value.end === undefined || value.end === null || isEnd(value.end));
  return fits ? { ...value, name: shown(value.name), game, actions } : null;
}

/** A lobby's terms: a game without its names. */
function isTerms(terms) {
  return terms && typeof terms === "object" && !Array.isArray(terms) && !Object.hasOwn(terms, "names") && isGame({ ...terms, names: { host: "", guest: "" } });
}

/** This page's colour ("white" | "black"), once the game is known (else null). */
export function colourOf(record) {
  const g = record.game;
  return g ? (g.white === record.role ? "white" : "black") : null;
}

/** The other player's name ("" when it gave none, or is not known yet). */
export function theirNameOf(record) {
  const names = record.game?.names ?? {};
  return (record.role === "host" ? names.guest : names.host) || "";
}

/** `record` at the start of the round `game`: no action, no end, a fresh clock, no rematch
 * offered (in place). */
export function startRound(record, game) {
  Object.assign(record, { game, actions: [], end: null, clock: null, rematch: null });
  return record;
}

/** The rematch of `game`: the next round, from the same start, colours swapped. */
export function rematchGame(game) {
  return { ...game, white: game.white === "host" ? "guest" : "host", round: game.round + 1 };
}
