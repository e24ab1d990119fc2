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
// relay last took, -1: none), named (a guest's: true once a host's copy naming it was taken;
// absent before)}.
//
//   turnsIn(storage); putTurns(storage, record); dropTurns(storage, room); takeCopy(record, verdict); changesSince(record)
//   (a stored entry that readTurnsRecord refuses, by-turns.js: no reader sees it, and the writers keep it as it was)
//   readAt(record, at)                    // a read of every relay at `at` kept (record.checked)

import { colourOf, isOver, turnRule, sideAt, readTurnsRecord, usableRecords, storedTurns, TURNS_KEY, TURNS_VERSION } from "../game/by-turns.js";
import { shownName } from "../page/shown-text.js";

// A record's check is game/by-turns.js's (the top bar's count and Your games by turns read with it too).
export { readTurnsRecord, TURNS_KEY, TURNS_VERSION };

/** The most finished games kept (the oldest go first; Your games keeps their records). */
export const MAX_FINISHED = 40;

/** A new record: the host's game (made now), or a guest's that joined it. */
export function newTurnsRecord({ room, secret, role, key, me, host, them = null, name, game, joined = null, actions = [], times = [] }) {
  return {
    v: TURNS_VERSION, room, secret, role, key, me, host, them, name: shownName(name) ?? "", game, joined,
    actions: [...actions], times: [...times], end: null, winner: null, overAt: null, seenAfter: null, checked: null,
    seen: { n: actions.length, joined: joined !== null, over: false }, published: -1,
  };
}

/** The games by turns kept in `storage`, newest first as stored. */
export function turnsIn(storage) {
  return usableRecords(storage?.get(TURNS_KEY));
}

/** Keep `record` (in place of the one of its room, else first); the oldest finished games
 * beyond MAX_FINISHED go; an entry this page cannot read stays as it was. Returns the games kept. */
export function putTurns(storage, record) {
  let finished = 0;
  const games = [];
  const list = [];
  for (const entry of [record, ...storedTurns(storage)]) {
    const r = entry === record ? record : readTurnsRecord(entry);
    if (!r) list.push(entry); // (as it was)
    else if ((r === record || r.room !== record.room) && (!isOver(r) || (finished += 1) <= MAX_FINISHED)) {
      list.push(r);
      games.push(r);
    }
  }
  storage?.set(TURNS_KEY, list);
  return games;
}

/** Forget the game of `room` (a challenge taken by another: turns-challenges.js); an entry this
 * page cannot read stays as it was. */
export function dropTurns(storage, room) {
  storage?.set(TURNS_KEY, storedTurns(storage).filter((entry) => readTurnsRecord(entry)?.room !== room));
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
  if (verdict.named) r.named = true;
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
