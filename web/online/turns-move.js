// A game by turns moved to another device: its export (the game's record with this player's
// seat key, as one text: a file, or text to copy) and that text read back on the other device,
// checked, and added to its games by turns (or the newer of the two kept). Whoever holds the
// text holds the seat: it signs this player's moves. Pure: no DOM, no network (node tests:
// tests/js/turns-move.test.mjs); online.js asks, and opens the game, which fetches the latest
// copies from the relays. docs/online.md, "Games by turns".
//
// The text: {format: "tzaar-turns-game", version: 1, record: {room, secret, role, key, me,
// host, them, name, game, joined, actions, times, end, winner, overAt, seenAfter}} (the fields
// of turns-record.js's record that say the game; none of what this page alone saw).
//
//   const text = movedText(record);                              // the export
//   const read = await readMoved(text, {publicKeyOf, roomOf});   // {ok: true, record} | {ok: false, why}
//   const added = addMoved(storage, read.record);                // {result, record}
//   await importMoved(text, {storage, publicKeyOf, roomOf, rulesAllow})   // the three, and the rules asked

import { readCopy, COPY_VERSION, MAX_COPY } from "./turns-copy.js";
import { isName } from "./protocol.js";
import { readTurnsRecord, putTurns, turnOfRoom, TURNS_VERSION } from "./turns-record.js";
import { isOver } from "../game/by-turns.js";

export const MOVE_FORMAT = "tzaar-turns-game";
export const MOVE_VERSION = 1;
/** The longest export read (a game's copy, its seat key, its link). */
export const MAX_MOVED = MAX_COPY + 2_000;
/** An export of this size or less is also offered as text to copy. */
export const COPYABLE = 6_000;

const FIELDS = ["room", "secret", "role", "key", "me", "host", "them", "name", "game", "joined", "actions", "times", "end", "winner", "overAt", "seenAfter"];
const KEY = /^[0-9a-f]{64}$/;
const ROOM = /^[A-Za-z0-9_-]{22}$/;
const SECRET = /^[A-Za-z0-9_-]{16,64}$/;
const isMoment = (n) => Number.isInteger(n) && n >= 1_577_836_800_000 && n <= 7_258_118_400_000;
const isObject = (o) => Boolean(o) && typeof o === "object" && !Array.isArray(o);
const exactly = (o, keys) => isObject(o) && Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k));

/** The export of `record` (a record of turns-record.js): the text to move. */
export function movedText(record) {
  const moved = Object.fromEntries(FIELDS.map((k) => [k, record[k] ?? null]));
  return `${JSON.stringify({ format: MOVE_FORMAT, version: MOVE_VERSION, record: moved })}\n`;
}

/** The name of the export's file. */
export function movedFile(record, date = new Date()) {
  return `tzaar-game-by-turns-${date.toISOString().slice(0, 10)}-${record.room.slice(0, 6)}.json`;
}

/** Whether the fields of `r` say one game, each of its form, whatever the keys say. */
function wellFormed(r) {
  if (!exactly(r, FIELDS) || !ROOM.test(r.room ?? "") || !SECRET.test(r.secret ?? "") || !["host", "guest"].includes(r.role)) return false;
  if (![r.key, r.me, r.host].every((k) => KEY.test(k ?? "")) || !(r.them === null || KEY.test(r.them ?? ""))) return false;
  if (!(r.name === "" || isName(r.name))) return false;
  const seatsHold = r.role === "host" ? r.me === r.host && (r.them === null) === (r.joined === null) && r.them !== r.me : r.them === r.host && r.me !== r.host && r.joined !== null;
  if (!seatsHold) return false;
  // The game, its actions, their moments and its end: as strict as a copy from the relays.
  const copy = { v: COPY_VERSION, role: r.role, host: r.host, guest: r.role === "host" ? r.them : r.me, game: r.game, joined: r.joined, actions: r.actions, times: r.times, end: r.end };
  if (!readCopy(JSON.stringify(copy))) return false;
  const over = r.winner !== null;
  if (!(r.winner === null || r.winner === "white" || r.winner === "black") || (r.end !== null && !over)) return false;
  if (over ? !isMoment(r.overAt) : r.overAt !== null) return false;
  return r.seenAfter === null || (exactly(r.seenAfter, ["n", "at"]) && Number.isInteger(r.seenAfter.n) && r.seenAfter.n >= 0 && r.seenAfter.n <= r.actions.length && isMoment(r.seenAfter.at));
}

/**
 * The record an export's `text` holds, checked: {ok: true, record} (a record of turns-record.js,
 * as its player last saw it) or {ok: false, why}: "unreadable" (not an export: another file,
 * cut short, too long), "damaged" (an export whose fields are not of their form or do not say
 * one game), "key" (its seat key is not the key of the seat it names, or the room is not the
 * host's). `publicKeyOf(secret hex)` gives the Nostr public key (hex) of a secret key (throws
 * for one that is not); `roomOf(host)` the room of a host's key (turns-events.js).
 */
export async function readMoved(text, { publicKeyOf, roomOf }) {
  if (typeof text !== "string" || text.length > MAX_MOVED) return { ok: false, why: "unreadable" };
  let data;
  try {
    data = JSON.parse(text.trim());
  } catch {
    return { ok: false, why: "unreadable" };
  }
  if (!isObject(data) || data.format !== MOVE_FORMAT) return { ok: false, why: "unreadable" };
  if (data.version !== MOVE_VERSION || !exactly(data, ["format", "version", "record"]) || !wellFormed(data.record)) return { ok: false, why: "damaged" };
  const r = data.record;
  let me;
  try {
    me = publicKeyOf(r.key);
  } catch {
    return { ok: false, why: "key" };
  }
  if (me !== r.me || (await roomOf(r.host)) !== r.room) return { ok: false, why: "key" };
  const seen = { n: r.actions.length, joined: r.joined !== null, over: isOver(r) };
  return { ok: true, record: readTurnsRecord({ v: TURNS_VERSION, ...r, actions: [...r.actions], times: [...r.times], checked: null, seen, published: -1 }) };
}

/** Whether the shorter history of two records is the start of the longer (actions and moments). */
function consistent(a, b) {
  const n = Math.min(a.actions.length, b.actions.length);
  for (let i = 0; i < n; i += 1) if (a.actions[i] !== b.actions[i] || a.times[i] !== b.times[i]) return false;
  return a.joined === null || b.joined === null || a.joined === b.joined;
}

/**
 * Add the moved `record` (readMoved's) to the games by turns kept in `storage`: {result,
 * record: the one kept}. `result`: "added" (a game new here), "newer" (the moved one has more
 * of the game: it replaces the one here), "kept" (the one here has as much or more: kept),
 * "seat" (this page holds the game with another seat key, the other player's or another: kept),
 * "differs" (the two histories disagree: the one here kept).
 */
export function addMoved(storage, record) {
  const present = turnOfRoom(storage, record.room);
  if (!present) {
    putTurns(storage, record);
    return { result: "added", record };
  }
  if (present.me !== record.me || present.key !== record.key) return { result: "seat", record: present };
  if (!consistent(present, record)) return { result: "differs", record: present };
  const more = record.actions.length - present.actions.length;
  const newer = more > 0 || (more === 0 && isOver(record) && !isOver(present)) || (more === 0 && present.joined === null && record.joined !== null);
  if (!newer) return { result: "kept", record: present };
  const kept = { ...record, published: present.published, checked: null };
  putTurns(storage, kept);
  return { result: "newer", record: kept };
}

/**
 * An export's `text` read, checked and added to `storage`'s games by turns: {ok: true, result,
 * record} (addMoved's, "added" | "newer" | "kept") or {ok: false, why} (readMoved's why,
 * "illegal": `rulesAllow(record)` says its actions are not the rules', or addMoved's "seat",
 * "differs"); nothing is changed unless it is ok.
 */
export async function importMoved(text, { storage, publicKeyOf, roomOf, rulesAllow }) {
  const read = await readMoved(text, { publicKeyOf, roomOf });
  if (!read.ok) return read;
  if (!(await rulesAllow(read.record))) return { ok: false, why: "illegal" };
  const { result, record } = addMoved(storage, read.record);
  return result === "seat" || result === "differs" ? { ok: false, why: result } : { ok: true, result, record };
}
