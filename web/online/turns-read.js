// Games by turns read from the relays: once, without a game open (a link's invite looked up:
// the host's copy, and whether a guest took the seat; every game under way checked in one
// query: the other players' copies judged, checked by the engine, taken, and the read kept),
// and the open game's watch (its stored copies, then each new one: turns.js takes them). The
// events are turns-events.js's, the sockets relay-sockets.js's. docs/online.md, "Games by turns".
//
//   const events = await readOnce(relays, filter);
//   const {events, at, whole} = await readRelays(relays, filter);
//   const invite = await lookUpInvite(relays, {room, secret});   // {keys, status, host, copy, at}
//   await checkGames(relays, storage, games, {rulesAllow, save});
//   const watch = watchGame(relays, tag, {onEvent(event), onRead(at, stored)});   watch.live(); watch.close();

import { judgeCopy } from "./turns-copy.js";
import { turnOfRoom, takeCopy, readAt, putTurns } from "./turns-record.js";
import { roomOf, turnsKeys, readCopyEvent, COPY_KIND } from "./turns-events.js";
import { RelayWatch } from "./relay-sockets.js";
import { isOver, turnOf } from "../game/by-turns.js";

/** The most events read a game at once (each player's latest copy, and what a third page adds). */
export const READ_LIMIT = 40;
/** While the other is to move, the open game's watch, live on every relay, is kept as a read
 * (the record's checked) this often (turns.js). */
export const MARK_MS = 60_000;

/** The events of `filter` on `relays` as they are now (one read): [event]. */
export async function readOnce(relays, filter) {
  return (await readRelays(relays, filter)).events;
}

/** One read of `filter` on `relays`: {events, at (the moment it was asked: what the relays had
 * then is read), whole (false when it may have left some out: READ_LIMIT * 4 events, or the
 * filter's limit, reached)}. */
export function readRelays(relays, filter) {
  return new Promise((resolve) => {
    const events = [];
    const most = READ_LIMIT * 4;
    const watch = new RelayWatch(relays, filter, {
      onEvent: (event) => events.length < most && events.push(event),
      onRead: (at) => {
        watch.close();
        resolve({ events, at, whole: events.length < Math.min(most, filter.limit ?? most) });
      },
    });
    watch.start();
  });
}

/** The invite of a link of a game by turns, read from the relays: {keys, status: "missing" |
 * "taken" | "found", host, copy, at} (the host's longest copy, signed by the key the room names). */
export async function lookUpInvite(relays, { room, secret }) {
  const keys = await turnsKeys(secret, room);
  const events = await readOnce(relays, { kinds: [COPY_KIND], "#d": [keys.tag], limit: READ_LIMIT });
  let found = null;
  let taken = false;
  for (const event of events) {
    const read = await readCopyEvent(event, keys);
    if (!read) continue;
    const hosts = read.copy.role === "host" && read.copy.host === read.author && (await roomOf(read.author)) === room;
    if (hosts && (!found || read.copy.actions.length > found.copy.actions.length)) found = read;
    if (hosts && read.copy.guest !== null) taken = true;
  }
  // A guest's copy of this host's game: the seat is taken (a guest signs its own).
  for (const event of events) {
    const read = found && (await readCopyEvent(event, keys));
    if (read?.copy.role === "guest" && read.copy.host === found.author && read.copy.guest === read.author) taken = true;
  }
  return { keys, status: !found ? "missing" : taken ? "taken" : "found", host: found?.author, copy: found?.copy, at: found?.at };
}

/** Check the games under way `games` (records kept in `storage`) on the relays in one query:
 * each other player's copy that adds something judged as in an open game, its actions played
 * by the engine (`rulesAllow(record, verdict)`: {winner} or null), and taken (`save(record)`);
 * then each game where it is the other's turn (or a guest's join awaited) kept as read at the
 * query's moment without its next move (its checked: a turn of the other, or a join, dated
 * before it counts from it, by-turns.js). */
export async function checkGames(relays, storage, games, { rulesAllow, save }) {
  if (!games.length) return;
  const keys = new Map();
  for (const r of games) keys.set((await turnsKeys(r.secret, r.room)).tag, r);
  const { events, at, whole } = await readRelays(relays, { kinds: [COPY_KIND], "#d": [...keys.keys()], limit: READ_LIMIT * games.length });
  events.sort((a, b) => a.created_at - b.created_at);
  for (const event of events) {
    const r = turnOfRoom(storage, keys.get(event.tags?.[0]?.[1])?.room);
    if (!r || isOver(r)) continue;
    const read = await readCopyEvent(event, await turnsKeys(r.secret, r.room));
    if (!read) continue;
    const verdict = judgeCopy(r, read.copy, { author: read.author, at: read.at, now: Date.now() });
    if (!verdict.ok || verdict.own || !(verdict.bind || verdict.actions.length || verdict.end)) continue;
    const rules = verdict.actions.length ? await rulesAllow(r, verdict).catch(() => null) : { winner: null };
    if (!rules) continue;
    let record = takeCopy(r, verdict);
    if (rules.winner && !isOver(record)) record = { ...record, winner: rules.winner, overAt: Date.now() };
    save(record);
  }
  // Every copy the read brought is taken or refused: what it lacked was not on the relays at
  // `at` (not said when it may have left some out). Kept quietly: the count does not change.
  for (const game of whole ? games : []) {
    const r = turnOfRoom(storage, game.room);
    const read = r && ["them", "waiting"].includes(turnOf(r)) ? readAt(r, at) : r;
    if (read !== r) putTurns(storage, read);
  }
}

/** The open game's watch of its copies (tag `tag`) on `relays`: the stored ones given at once,
 * oldest first, when every relay has sent them (onRead(at, stored): `at` the moment they were
 * asked, `stored` [{event, relay}], at most READ_LIMIT * 4 of each relay), each one heard after
 * that as it comes (onEvent(event, relay)). Returns the RelayWatch, started. */
export function watchGame(relays, tag, { onEvent, onRead }) {
  const stored = [];
  const counts = new Map(); // relay -> its events stored
  let read = false;
  const keep = (event, relay) => {
    const n = counts.get(relay) ?? 0;
    if (n >= READ_LIMIT * 4) return;
    counts.set(relay, n + 1);
    stored.push({ event, relay });
  };
  const watch = new RelayWatch(relays, { kinds: [COPY_KIND], "#d": [tag], limit: READ_LIMIT }, {
    onEvent: (event, relay) => (read ? onEvent(event, relay) : keep(event, relay)),
    onRead: (at) => {
      read = true;
      stored.sort((a, b) => (Number(a.event.created_at) || 0) - (Number(b.event.created_at) || 0));
      onRead(at, stored);
    },
  });
  watch.start();
  return watch;
}
