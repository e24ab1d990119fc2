// This page's games by turns, kept in the browser (the stored value "turns", page/storage.js:
// a list of records, one a game), and what changes a record: a copy of the other player taken
// (turns-copy.js judged it, the engine checked its actions), and what changed since the player
// last looked ("Bob played D4xD5 E6-E5 yesterday"). Pure: no DOM, no network (node tests:
// tests/js/turns-copy.test.mjs).
//
// A record: {v: 1, room, secret, role: "host"|"guest", key (this page's seat: a Nostr secret
// key, hex), me (its public key), host (the host's public key), them (the other player's, null
// until known), name, game: {start, white, days, names, created}, joined (ms, or null), actions,
// times, end, winner ("white"|"black" once over, by any means), overAt, seenAfter ({n, at}:
// the other's turn that ended at n actions reached this page no earlier than at), checked ({at,
// n}: the latest moment this page had read every relay, all it brought taken, and its actions
// then: a read of the relays that found the game at n actions), seen ({n, joined,
// over}: what the player had seen when it last looked), published (the actions of the copy a
// relay last took, -1: none)}.
//
//   turnsIn(storage); putTurns(storage, record); dropTurns(storage, room); takeCopy(record, verdict); changesSince(record)
//   readAt(record, at)                    // a read of every relay at `at` kept (record.checked)

import { colourOf, isOver, turnRule, sideAt } from "../game/by-turns.js";
import { shownName } from "../page/shown-text.js";

export const TURNS_KEY = "turns";
export const TURNS_VERSION = 1;
/** The most finished games kept (the oldest go first; Your games keeps their records). */
export const MAX_FINISHED = 40;
const KEY = /^[0-9a-f]{64}$/;

/** A new record: the host's game (made now), or a guest's that joined it. */
export function newTurnsRecord({ room, secret, role, key, me, host, them = null, name, game, joined = null, actions = [], times = [] }) {
  return {
    v: TURNS_VERSION, room, secret, role, key, me, host, them, name: shownName(name) ?? "", game, joined,
    actions: [...actions], times: [...times], end: null, winner: null, overAt: null, seenAfter: null, checked: null,
    seen: { n: actions.length, joined: joined !== null, over: false }, published: -1,
  };
}

/** A stored record that can be used (else null). */
export function readTurnsRecord(r) {
  const ok =
    r && r.v === TURNS_VERSION && typeof r.room === "string" && typeof r.secret === "string" && (r.role === "host" || r.role === "guest") &&
    KEY.test(r.key ?? "") && KEY.test(r.me ?? "") && KEY.test(r.host ?? "") && (r.them === null || KEY.test(r.them ?? "")) &&
    r.game && typeof r.game === "object" && turnRule(r.game.start) !== null && [1, 3, 7].includes(r.game.days) && r.game.names &&
    Array.isArray(r.actions) && Array.isArray(r.times) && r.actions.length === r.times.length;
  return ok ? { seen: { n: 0, joined: false, over: false }, published: -1, seenAfter: null, checked: null, ...r } : null;
}

/** The games by turns kept in `storage`, newest first as stored. */
export function turnsIn(storage) {
  const list = storage?.get(TURNS_KEY);
  return Array.isArray(list) ? list.map(readTurnsRecord).filter(Boolean) : [];
}

/** Keep `record` (in place of the one of its room, else first); the oldest finished games
 * beyond MAX_FINISHED go. Returns the list kept. */
export function putTurns(storage, record) {
  const others = turnsIn(storage).filter((r) => r.room !== record.room);
  let finished = 0;
  const list = [record, ...others].filter((r) => !isOver(r) || (finished += 1) <= MAX_FINISHED);
  storage?.set(TURNS_KEY, list);
  return list;
}

/** Forget the game of `room` (a challenge taken by another: turns-challenges.js). */
export function dropTurns(storage, room) {
  storage?.set(TURNS_KEY, turnsIn(storage).filter((r) => r.room !== room));
}

/** The record of `room` in `storage`, or null. */
export function turnOfRoom(storage, room) {
  return turnsIn(storage).find((r) => r.room === room) ?? null;
}

/** `record` after a read of every relay asked at `at` (ms) whose copies are all taken (or
 * refused) by now: its checked is {at, n: its actions now}, unless it holds a later read (a read
 * never moves it back). The same record when nothing changes. */
export function readAt(record, at) {
  if (!Number.isFinite(at) || (record.checked && record.checked.at >= at)) return record;
  return { ...record, checked: { at, n: record.actions.length } };
}

/** `record` with a copy of the other player taken (turns-copy.js judgeCopy's verdict, ok, its
 * actions checked by the engine), at `now`: the guest bound, the actions added (the first turn
 * after the join, and their turn, counted for the deadline from no earlier than a read of the
 * relays that lacked the join or the turn), the end. */
export function takeCopy(record, verdict, now = Date.now()) {
  const r = { ...record };
  if (verdict.bind) {
    r.them = verdict.bind.key;
    r.joined = verdict.bind.joined;
    if (r.checked && r.checked.at > r.joined) r.seenAfter = { n: r.actions.length, at: r.checked.at }; // (a read without the guest)
    r.game = { ...r.game, names: { ...r.game.names, guest: verdict.bind.name } };
  }
  if (verdict.actions.length) {
    const before = r.actions.length;
    r.actions = [...r.actions, ...verdict.actions];
    r.times = [...r.times, ...verdict.times];
    const last = r.times[r.times.length - 1];
    if (r.checked && r.checked.n <= before && r.checked.at > last) r.seenAfter = { n: r.actions.length, at: r.checked.at };
  }
  if (verdict.end && !isOver(r)) {
    r.end = verdict.end;
    r.winner = verdict.end.loser === "white" ? "black" : "white";
    r.overAt = now;
  }
  return r;
}

/** What changed in `record`'s game since the player last looked (record.seen), as the texts
 * to show: [{key, params}] (keys of web/lang: online.turns.*); `at` params are epoch ms. */
export function changesSince(record) {
  const seen = record.seen ?? { n: 0, joined: false, over: false };
  const theirs = colourOf(record) === "white" ? "black" : "white";
  const rule = turnRule(record.game.start);
  const name = (record.role === "host" ? record.game.names.guest : record.game.names.host) || "";
  const out = [];
  if (record.role === "host" && record.joined !== null && !seen.joined) out.push({ key: "online.turns.changed.joined", params: { name, at: record.joined } });
  const played = [];
  let at = null;
  for (let n = seen.n; n < record.actions.length; n += 1) {
    if (sideAt(rule, n) !== theirs) continue;
    played.push(record.actions[n]);
    at = record.times[n];
  }
  if (played.length) out.push({ key: "online.turns.changed.played", params: { name, actions: played.join(" "), at } });
  if (isOver(record) && !seen.over) {
    const end = record.end;
    if (end) out.push({ key: `online.turns.changed.${end.reason}.${end.loser === theirs ? "them" : "me"}`, params: { name, at: end.at } });
    else out.push({ key: `online.turns.changed.won.${record.winner === theirs ? "them" : "me"}`, params: { name, at: record.overAt ?? at } });
  }
  return out;
}

/** `record` as seen by its player now (what changesSince compares with next time). */
export function seenNow(record) {
  return { ...record, seen: { n: record.actions.length, joined: record.joined !== null, over: isOver(record) } };
}
