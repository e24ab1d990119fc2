// A player's copy of a game by turns, as it waits on the relays (sealed and signed:
// turns-events.js), and its checks against this page's own record of the game. Pure: no DOM,
// no network (node tests: tests/js/turns-copy.test.mjs); turns.js asks, then has the engine
// check the actions added, then changes the record. docs/online.md, "Games by turns".
//
// A copy: {v: 1, role: "host"|"guest", host, guest (seat keys: 64 hex digits; the guest null
// until the host has seen it), game: {start, white: "host"|"guest", days: 1|3|7, names: {host,
// guest}, created (ms)}, joined (ms, or null), actions, times (ms of each action), end: null |
// {reason: "resigned"|"timeout", loser: "white"|"black", at (ms)}}.
//
//   const copy = readCopy(text);                                  // the copy, or null: not one
//   const verdict = judgeCopy(record, copy, {author, at, now});   // {ok: false, why} | {ok: true, ...}
//   copyOf(record)                                                // this page's copy, to publish
//   seatedGuest(record)                                           // a guest's game under way with its host

import { isAction, isName, isPositionText, MAX_ACTIONS } from "./protocol.js";
import { turnRule, sideAt, endsTurn, turnStartOf, deadlineOf, colourOf, isOver, MARGIN_MS } from "../game/by-turns.js";
import { takeCopy } from "./turns-record.js";

export const COPY_VERSION = 1;
/** The longest copy read (a game of 400 actions, with its moments, is about 10,000 characters). */
export const MAX_COPY = 20_000;
const KEY = /^[0-9a-f]{64}$/;
/** Moments are epoch ms between 2020 and 2200. */
const isMoment = (n) => Number.isInteger(n) && n >= 1_577_836_800_000 && n <= 7_258_118_400_000;
const isKey = (k) => typeof k === "string" && KEY.test(k);
const isObject = (o) => Boolean(o) && typeof o === "object" && !Array.isArray(o);
const exactly = (o, keys) => isObject(o) && Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k));

function isGame(g) {
  return (
    exactly(g, ["start", "white", "days", "names", "created"]) && isPositionText(g.start) && turnRule(g.start) !== null &&
    (g.white === "host" || g.white === "guest") && [1, 3, 7].includes(g.days) && isMoment(g.created) &&
    exactly(g.names, ["host", "guest"]) && isName(g.names.host) && isName(g.names.guest)
  );
}

function isEnd(e) {
  return e === null || (exactly(e, ["reason", "loser", "at"]) && ["resigned", "timeout"].includes(e.reason) && ["white", "black"].includes(e.loser) && isMoment(e.at));
}

/** A copy read from its text (strictly: exactly its keys, each of the right form), or null. */
export function readCopy(text) {
  if (typeof text !== "string" || text.length > MAX_COPY) return null;
  let c;
  try {
    c = JSON.parse(text);
  } catch {
    return null;
  }
  const ok =
    exactly(c, ["v", "role", "host", "guest", "game", "joined", "actions", "times", "end"]) && c.v === COPY_VERSION &&
    (c.role === "host" || c.role === "guest") && isKey(c.host) && (c.guest === null || isKey(c.guest)) && isGame(c.game) &&
    (c.joined === null || isMoment(c.joined)) && Array.isArray(c.actions) && c.actions.length <= MAX_ACTIONS && c.actions.every(isAction) &&
    Array.isArray(c.times) && c.times.length === c.actions.length && c.times.every(isMoment) && isEnd(c.end) &&
    (c.role === "host" || (c.guest !== null && c.joined !== null));
  return ok ? c : null;
}

/** The colour of a copy's author. */
function authorColour(copy) {
  return copy.game.white === copy.role ? "white" : "black";
}

/** The actions this page publishes: whole turns only (one in progress stays here until it ends),
 * all of them once the rules ended the game. */
function publishedCount(record) {
  const n = record.actions.length;
  if (record.winner && !record.end) return n;
  return turnStartOf(turnRule(record.game.start), n);
}

/** This page's copy of `record`'s game, to publish. */
export function copyOf(record) {
  const n = publishedCount(record);
  return {
    v: COPY_VERSION,
    role: record.role,
    host: record.host,
    guest: record.role === "host" ? record.them : record.me,
    game: record.game,
    joined: record.joined,
    actions: record.actions.slice(0, n),
    times: record.times.slice(0, n),
    end: record.end,
  };
}

const sameGame = (a, b) => a.start === b.start && a.white === b.white && a.days === b.days && a.created === b.created && a.names.host === b.names.host;

/** Whether `record`, a guest's, is a game under way with this guest: the host named it in a
 * copy taken, or the record holds actions of the host's side. */
export function seatedGuest(record) {
  if (record.role !== "guest") return false;
  const rule = turnRule(record.game.start);
  const host = record.game.white === "host" ? "white" : "black";
  return record.named === true || record.actions.some((_, i) => sideAt(rule, i) === host);
}

/** judgeCopy of a copy signed by this page's own seat key: what it holds beyond the record
 * (actions, the guest, its player's own loss), when it is the same game, seat and history and
 * its moments hold; else own (nothing). */
function ownCopy(record, copy, now) {
  const own = { ok: true, own: true };
  const guest = record.role === "host" ? record.them : record.me;
  if (copy.role !== record.role || copy.host !== record.host || !sameGame(record.game, copy.game) || isOver(record)) return own;
  if (guest !== null && copy.guest !== guest) return own;
  if (record.joined !== null && copy.joined !== record.joined) return own;
  const n = record.actions.length;
  if (copy.actions.length < n) return own;
  for (let i = 0; i < n; i += 1) if (record.actions[i] !== copy.actions[i] || record.times[i] !== copy.times[i]) return own;
  for (let i = n; i < copy.actions.length; i += 1) if (copy.times[i] < (i > 0 ? copy.times[i - 1] : record.game.created) || copy.times[i] > now + MARGIN_MS) return own;
  const bind = guest === null && copy.guest !== null && copy.joined !== null ? { key: copy.guest, name: copy.game.names.guest, joined: copy.joined } : null;
  // An end: only this player's own loss (resigned, or on time) is taken; a win on time it
  // claimed elsewhere, this page claims by its own clock (turns.js).
  const end = copy.end?.loser === colourOf(record) ? copy.end : null;
  if (!bind && copy.actions.length === n && !end) return own;
  return { ok: true, bind, actions: copy.actions.slice(n), times: copy.times.slice(n), whole: endsTurn(turnRule(record.game.start), copy.actions.length), end, late: false };
}

/**
 * What `copy` (read by readCopy), signed by `author` (its event's key, signature checked) at
 * `at` (the event's time, ms), is to this page's `record` at `now` (this page's clock, ms):
 *
 * - {ok: false, why}: refused, said, nothing changes. `why`: "key" (signed by a key that is
 *   not the seat it claims), "taken" (the host plays with another guest, before this guest's game got under way), "game" (another
 *   game), "history" (it rewrites actions or moments both hold), "turn" (it adds actions of
 *   the other side, or out of turn), "time" (a moment out of order or in the future), "end"
 *   (an end of the other player it cannot claim), "deadline" (a win on time this page's clock
 *   does not support).
 * - {ok: true, own: true}: this page's own copy, nothing to take (what it holds, or less, or
 *   another history: a copy under this page's key is never refused, never said).
 * - This player's own copy ahead of the record (the game moved here from a device that played
 *   on: turns-move.js): {ok: true, bind, actions, times, whole, end, late: false} as below, its
 *   actions of either side (the seat's key vouches for them; the engine still checks them).
 * - {ok: true, bind, actions, times, whole, end, late, named?}: `bind` {key, name, joined}: the host
 *   sees its guest for the first time; `actions`/`times`: the actions it adds (the engine still
 *   checks them: legal, and `whole` false only when they end the game); `end` an end to take;
 *   `late`: its actions came after its mover's deadline (not taken; `end` is its loss on time);
 *   `named` (true, or absent): a host's copy naming this page's guest, whose seat is then its
 *   own: a host's copy naming another guest is refused from then on as "history", not "taken".
 */
export function judgeCopy(record, copy, { author, at, now }) {
  if (author === record.me) return ownCopy(record, copy, now);
  const refuse = (why) => ({ ok: false, why });
  if (copy.role === "host") {
    if (author !== record.host || copy.host !== record.host) return refuse("key");
    // Another guest named: the seat went to another ("taken"), unless this guest's game is
    // under way (the host named it before, or played against it): then it rewrites the game.
    if (copy.guest !== null && copy.guest !== record.me) return refuse(seatedGuest(record) ? "history" : "taken");
  } else {
    if (record.role === "guest" || copy.guest !== author || copy.host !== record.host) return refuse("key");
    if (record.them && author !== record.them) return refuse("key");
  }
  if (!sameGame(record.game, copy.game)) return refuse("game");
  let bind = null;
  if (copy.role === "guest") {
    if (!record.them) {
      if (copy.joined < record.game.created || copy.joined > now + MARGIN_MS) return refuse("time");
      bind = { key: author, name: copy.game.names.guest, joined: copy.joined };
    } else if (copy.joined !== record.joined) return refuse("history");
  }
  const mine = record.actions;
  const common = Math.min(mine.length, copy.actions.length);
  for (let i = 0; i < common; i += 1) if (mine[i] !== copy.actions[i] || record.times[i] !== copy.times[i]) return refuse("history");
  // A host's copy naming this guest: the guest's seat is its own from now on (takeCopy keeps it).
  const named = copy.role === "host" && copy.guest === record.me ? { named: true } : {};
  const nothing = { ok: true, bind, actions: [], times: [], whole: true, end: null, late: false, ...named };
  if (isOver(record)) return nothing; // (the game is over here: what it adds changes nothing)
  const rule = turnRule(record.game.start);
  const side = authorColour(copy);
  const actions = copy.actions.slice(mine.length);
  const times = copy.times.slice(mine.length);
  const joined = bind?.joined ?? record.joined;
  for (let i = 0; i < actions.length; i += 1) {
    const n = mine.length + i;
    if (sideAt(rule, n) !== side) return refuse("turn");
    const floor = n > 0 ? copy.times[n - 1] : record.game.created;
    if (times[i] < floor || times[i] > now + MARGIN_MS || times[i] > at + 1000) return refuse("time");
  }
  if (actions.length) {
    const deadline = deadlineOf({ ...record, joined }); // (the turn they played began with ours)
    if (deadline !== null && times[times.length - 1] > deadline + MARGIN_MS) {
      return { ...nothing, late: true, end: { reason: "timeout", loser: side, at: now } };
    }
  }
  let end = null;
  if (copy.end) {
    const e = copy.end;
    if (e.reason === "resigned" || e.loser === side) {
      if (e.loser !== side) return refuse("end");
      end = e;
    } else {
      // A win on time claimed against this page's player: it must have every action of ours,
      // and this page's clock must be past our deadline as this page counts it once the copy's
      // join and turn are taken (from no earlier than its read of the relays that lacked them:
      // takeCopy), not as their own moments, which the sender dates, would have it.
      const ours = colourOf(record);
      const deadline = deadlineOf(takeCopy(record, { bind, actions, times, end: null }));
      if (copy.actions.length < mine.length || sideAt(rule, copy.actions.length) !== ours || !endsTurn(rule, copy.actions.length) || deadline === null || now < deadline) return refuse("deadline");
      end = e;
    }
  }
  return { ok: true, bind, actions, times, whole: endsTurn(rule, copy.actions.length), end, late: false, ...named };
}
