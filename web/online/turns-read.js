// Games by turns read from the relays: once, without a game open (a link's invite looked up:
// the host's copy, and whether a guest took the seat; every game under way checked in one
// query: the other players' copies judged, checked by the engine, taken, and the read kept),
// and the open game's watch (its stored copies, then each new one: turns.js takes them). The
// events are turns-events.js's, the sockets relay-sockets.js's. docs/online.md, "Games by turns".
//
//   const {reads, at, whole} = await readRelays(relays, filters, {check});   // reads: [{event, read}]
//   const invite = await lookUpInvite(relays, {room, secret, host});   // {keys, status, host, copy, at}
//   await checkGames(relays, storage, games, {rulesAllow, save});
//   const watch = watchGame(relays, tag, {record, onEvent(event, relay), onRead(at, stored)});   watch.live(); watch.close();

import { judgeCopy } from "./turns-copy.js";
import { turnOfRoom, takeCopy, readAt, putTurns } from "./turns-record.js";
import { roomOf, turnsKeys, readCopyEvent, COPY_KIND } from "./turns-events.js";
import { RelayWatch } from "./relay-sockets.js";
import { isOver, turnOf } from "../game/by-turns.js";

/** The most events read a game at once (each player's latest copy, and what a third page adds). */
export const READ_LIMIT = 40;
/** The most events a read examines from one relay (each checked before it counts; the rest dropped). */
export const MAX_EXAMINED = READ_LIMIT * 25;
/** While the other is to move, the open game's watch, live on every relay, is kept as a read
 * (the record's checked) this often (turns.js). */
export const MARK_MS = 60_000;

/** The keys whose copies of `record`'s game count: the host's, the other player's, this page's. */
export function playersOf(record) {
  return [...new Set([record.host, record.them, record.me].filter(Boolean))];
}

/** Whether `event` may be a copy of `record`'s game: signed by one of its players, or by anyone
 * while its host awaits its guest (whose key nobody knows yet). */
export function mayBeCopyOf(record, event) {
  return record.them === null || playersOf(record).includes(event?.pubkey);
}

/** The relays' filters of the copies of `games` ([{tag, record}]): the players' own (`authors`:
 * junk under the tag from other keys is not sent, and cannot push a copy out of a relay's
 * `limit`), and any key's under the tags of the games whose host awaits its guest. */
export function copyFilters(games) {
  const filters = [{ kinds: [COPY_KIND], "#d": games.map((g) => g.tag), authors: [...new Set(games.flatMap((g) => playersOf(g.record)))], limit: READ_LIMIT * games.length }];
  const open = games.filter((g) => g.record.them === null);
  if (open.length) filters.push({ kinds: [COPY_KIND], "#d": open.map((g) => g.tag), limit: READ_LIMIT * open.length });
  return filters;
}

/** Whether `event` is one that `filter` asks for (its kinds, authors and "#d"): what a relay
 * sends that was not asked for is dropped unread. */
function asked(filter, event) {
  return (!filter.kinds || filter.kinds.includes(event?.kind)) && (!filter.authors || filter.authors.includes(event?.pubkey)) &&
    (!filter["#d"] || filter["#d"].includes(event?.tags?.[0]?.[1]));
}

/** One read of `filters` (a filter, or a list) on `relays`: {reads: [{event, read}], at (the
 * moment it was asked: what the relays had then is read), whole (false when it may have left
 * some out: a relay sent as many events as the filters' limits, or `examined`, or `most` that
 * read)}. Each event is read by `check(event)` (its value, or null: dropped) one after the
 * other, once (an event of an id already read is not read again: `check` is to recompute the
 * id); only those read count toward a relay's `most`; at most `examined` of a relay are looked
 * at, of those the filters ask for (a relay that sends others first hides nothing by them). */
export function readRelays(relays, filters, { check = async (event) => event, most = READ_LIMIT * 4, examined = MAX_EXAMINED } = {}) {
  const list = [filters].flat();
  const limit = list.reduce((sum, f) => sum + (f.limit ?? Infinity), 0);
  return new Promise((resolve) => {
    const reads = [];
    const sent = new Map(); // relay -> its events looked at
    const kept = new Map(); // relay -> its events read
    const readIds = new Set(); // the ids of the events read (an id counts once its event has)
    let checked = Promise.resolve();
    const watch = new RelayWatch(relays, filters, {
      onEvent: (event, relay) => {
        if (!list.some((filter) => asked(filter, event))) return;
        const n = sent.get(relay) ?? 0;
        if (n >= examined) return;
        sent.set(relay, n + 1);
        checked = checked.then(async () => {
          if ((kept.get(relay) ?? 0) >= most || readIds.has(event?.id)) return;
          const value = await check(event);
          if (!value) return;
          readIds.add(event.id);
          kept.set(relay, (kept.get(relay) ?? 0) + 1);
          reads.push({ event, read: value });
        }).catch(() => null);
      },
      onRead: (at) => {
        watch.close();
        const whole = [...sent.keys()].every((relay) => sent.get(relay) < Math.min(limit, examined) && (kept.get(relay) ?? 0) < most);
        checked.then(() => resolve({ reads, at, whole }));
      },
    });
    watch.start();
  });
}

/** The invite of a link of a game by turns, read from the relays: {keys, status: "missing" |
 * "taken" | "found", host, copy, at} (the host's longest copy, signed by the key the room names).
 * A link naming its host's key (`host`, hex: the room must be that key's) asks for that key's
 * copies alone, which no flood under the tag can push out of a relay's limit or the page's
 * examined. A link of before (no key) asks for every key's events under the tag, as many as a
 * relay gives up to MAX_EXAMINED, and only those that read as copies of the game (sealed with
 * its key, signed) count toward the read's limit. Either way, any key's copies are read
 * besides, for a guest's copy that says the seat is taken (a guest signs its own). */
export async function lookUpInvite(relays, { room, secret, host = null }) {
  const keys = await turnsKeys(secret, room);
  if (host !== null && (await roomOf(host)) !== room) return { keys, status: "missing" };
  const check = (event) => readCopyEvent(event, keys);
  const anyKey = { kinds: [COPY_KIND], "#d": [keys.tag], limit: MAX_EXAMINED };
  const [byHost, all] = await Promise.all([
    host === null ? null : readRelays(relays, { ...anyKey, authors: [host], limit: READ_LIMIT }, { check, most: READ_LIMIT }),
    readRelays(relays, anyKey, { check, most: READ_LIMIT }),
  ]);
  const reads = [...(byHost?.reads ?? []), ...all.reads];
  let found = null;
  let taken = false;
  for (const { read } of reads) {
    const hosts = read.copy.role === "host" && read.copy.host === read.author && (await roomOf(read.author)) === room;
    if (hosts && (!found || read.copy.actions.length > found.copy.actions.length)) found = read;
    if (hosts && read.copy.guest !== null) taken = true;
  }
  // A guest's copy of this host's game: the seat is taken (a guest signs its own).
  for (const { read } of reads) {
    if (found && read.copy.role === "guest" && read.copy.host === found.author && read.copy.guest === read.author) taken = true;
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
  const byTag = new Map();
  for (const record of games) {
    const keys = await turnsKeys(record.secret, record.room);
    byTag.set(keys.tag, { tag: keys.tag, keys, record });
  }
  const check = async (event) => {
    const game = byTag.get(event?.tags?.[0]?.[1]);
    return game && mayBeCopyOf(game.record, event) ? readCopyEvent(event, game.keys) : null;
  };
  const { reads, at, whole } = await readRelays(relays, copyFilters([...byTag.values()]), { check, most: READ_LIMIT * games.length });
  reads.sort((a, b) => a.event.created_at - b.event.created_at);
  for (const { event, read } of reads) {
    const r = turnOfRoom(storage, byTag.get(event.tags[0][1]).record.room);
    if (!r || isOver(r)) continue;
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

/** The open game's watch of its copies (tag `tag`, `record`'s game: its players' copies, and
 * any key's while its host awaits its guest) on `relays`: the stored ones given at once,
 * oldest first, when every relay has sent them (onRead(at, stored): `at` the moment they were
 * asked, `stored` [{event, relay}], at most READ_LIMIT * 4 of each relay), each one heard after
 * that as it comes (onEvent(event, relay)). Returns the RelayWatch, started. */
export function watchGame(relays, tag, { record, onEvent, onRead }) {
  const stored = [];
  const counts = new Map(); // relay -> its events stored
  let read = false;
  const keep = (event, relay) => {
    const n = counts.get(relay) ?? 0;
    if (n >= READ_LIMIT * 4 || !mayBeCopyOf(record, event)) return;
    counts.set(relay, n + 1);
    stored.push({ event, relay });
  };
  const watch = new RelayWatch(relays, copyFilters([{ tag, record }]), {
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
