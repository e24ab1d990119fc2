// Games by turns (correspondence: a move a day, or every three or seven days), the part every
// floor needs, pure: whose turn it is from the start position alone, the deadline rule, and
// the list of the games (its order, the count of games where it is this player's turn), and
// the one check of a stored record that every reader of the stored value "turns" uses.
// online/turns.js plays the games; app.js, learn/games.js and the online panel list them
// (panels/turns-list.js). Node tests: tests/js/by-turns.test.mjs.
//
// A game by turns is kept as a record (online/turns-record.js): {role, game: {start, white,
// days, names, created}, joined, actions, times, end, winner, seenAfter, ...}; `times[n]` is
// the moment (epoch ms, its mover's clock) action n was played.
//
//   const rule = turnRule(start);               // {side, step, opening}, or null (a placement)
//   sideAt(rule, n); endsTurn(rule, n);         // who plays action n; whether n actions end a turn
//   deadlineOf(record); turnOf(record);         // when the side to move loses; "me" | "them" | "waiting" | "over"
//   listed(records, now); yourTurnCount(records)
//   readTurnsRecord(stored); usableRecords(storage.get("turns")); storedTurns(storage)   // a record or null; those read; every entry as stored
//   setAsideTurns(storage)                      // those it refuses moved to "turns.set-aside": how many

/** The time controls of a game by turns: days a move. */
export const DAYS = Object.freeze({ "1d": 1, "3d": 3, "7d": 7 });
export const DAY_MS = 86_400_000;
/** How far two pages' clocks may disagree: a win on time is claimed this long after the
 * deadline, and a moment claimed by the other page may be this far in this page's future. */
export const MARGIN_MS = 3_600_000;

const MARKER = /^([wb])([12])$/i;

/** How the turns go from position text `start`: {side: "white"|"black" to move, step: 1 (a
 * turn's first action) or 2, opening: White's opening turn of one action (all 60 pieces, none
 * stacked)}; null for a position a game by turns cannot start from (a placement, not text). */
export function turnRule(start) {
  const [board, turn, extra] = String(start ?? "").trim().split(/[ _]/);
  const m = MARKER.exec(turn ?? "");
  if (!board || !m || extra !== undefined) return null;
  const side = m[1].toLowerCase() === "w" ? "white" : "black";
  const step = Number(m[2]);
  const pieces = (board.match(/[A-Za-z]/g) ?? []).length;
  return { side, step, opening: side === "white" && step === 1 && pieces === 60 && !/[A-Za-z][0-9]/.test(board) };
}

function next(phase) {
  if (phase.opening || phase.step === 2) return { side: phase.side === "white" ? "black" : "white", step: 1, opening: false };
  return { ...phase, step: 2 };
}

/** The phase of action number `n` (0: the first): {side, step, opening}. */
function phaseAt(rule, n) {
  let phase = rule;
  for (let i = 0; i < n; i += 1) phase = next(phase);
  return phase;
}

/** The side that plays action number `n` of a game from `rule` (also: the side to move after n actions). */
export function sideAt(rule, n) {
  return phaseAt(rule, n).side;
}

/** Whether a game from `rule` is between two turns after `n` actions. */
export function endsTurn(rule, n) {
  return n === 0 ? rule.step === 1 : (() => {
    const last = phaseAt(rule, n - 1);
    return last.opening || last.step === 2;
  })();
}

/** The number of actions at which the turn in progress after `n` actions began. */
export function turnStartOf(rule, n) {
  let k = n;
  while (k > 0 && !endsTurn(rule, k)) k -= 1;
  return k;
}

/** This page's colour in `record`'s game. */
export function colourOf(record) {
  return record.game.white === record.role ? "white" : "black";
}

/** Whether the game of `record` is over (by the rules, on time, resigned). */
export function isOver(record) {
  return Boolean(record.winner || record.end);
}

/** The moment the turn in progress began (epoch ms), by this page's account: the guest's join
 * for the first turn after it, else the end of the turn before, or later when this page read
 * the relays without that turn at a later moment (record.seenAfter); null before the join. */
export function turnStartedAt(record) {
  const rule = turnRule(record.game.start);
  if (!Number.isFinite(record.joined) || !rule) return null;
  const k = turnStartOf(rule, record.actions.length);
  let at = record.joined;
  if (k > 0 && Number.isFinite(record.times[k - 1])) at = Math.max(at, record.times[k - 1]);
  if (record.seenAfter?.n === k && Number.isFinite(record.seenAfter.at)) at = Math.max(at, record.seenAfter.at);
  return at;
}

/** The moment the side to move loses on time (epoch ms), or null (not started, or over). */
export function deadlineOf(record) {
  const started = turnStartedAt(record);
  return started === null || isOver(record) ? null : started + record.game.days * DAY_MS;
}

/** The side to move in `record`'s game (whatever its state). */
export function sideToMove(record) {
  return sideAt(turnRule(record.game.start), record.actions.length);
}

/** Whose turn it is: "me" (this page's player), "them", "waiting" (for a guest to join) or "over". */
export function turnOf(record) {
  if (isOver(record)) return "over";
  if (!Number.isFinite(record.joined)) return "waiting";
  return sideToMove(record) === colourOf(record) ? "me" : "them";
}

/** What the deadline rule says at `now`: "mine" (this page's player missed it: the game is
 * lost), "theirs" (the other missed it by more than the margin: the win may be claimed), or null. */
export function missedDeadline(record, now) {
  const deadline = deadlineOf(record);
  if (deadline === null) return null;
  const mine = sideToMove(record) === colourOf(record);
  if (mine) return now >= deadline ? "mine" : null;
  return now >= deadline + MARGIN_MS ? "theirs" : null;
}

/** Time left to move as {unit: "day"|"hour"|"minute", n} (whole units, rounded down; at least
 * one minute while any is left), or null. */
export function timeLeft(record, now) {
  const deadline = deadlineOf(record);
  if (deadline === null) return null;
  const ms = Math.max(0, deadline - now);
  if (ms >= 2 * DAY_MS) return { unit: "day", n: Math.floor(ms / DAY_MS) };
  if (ms >= 3_600_000) return { unit: "hour", n: Math.floor(ms / 3_600_000) };
  return { unit: "minute", n: Math.max(ms > 0 ? 1 : 0, Math.floor(ms / 60_000)) };
}

/** The game's latest moment: made, joined, its last action, its end. */
export function activityOf(record) {
  const last = record.times.length ? record.times[record.times.length - 1] : 0;
  return Math.max(record.game.created ?? 0, record.joined ?? 0, last ?? 0, record.end?.at ?? 0, record.overAt ?? 0);
}

/** Whether `record` belongs in the list: under way, or over and not seen since it ended. */
export function listable(record) {
  return !isOver(record) || !record.seen?.over;
}

/** The list of games by turns: [{record, turn, activity}], "Your turn" first, then newest
 * activity first (each part too). */
export function listed(records, now = Date.now()) {
  return records
    .filter(listable)
    .map((record) => ({ record, turn: turnOf(record), activity: activityOf(record), left: timeLeft(record, now) }))
    .sort((a, b) => (a.turn === "me") !== (b.turn === "me") ? (a.turn === "me" ? -1 : 1) : b.activity - a.activity);
}

/** The stored value of the games by turns (page/storage.js), a list of records (online/turns-record.js),
 * and where setAsideTurns keeps what of it this page cannot read. */
export const TURNS_KEY = "turns";
export const TURNS_SET_ASIDE = "turns.set-aside";
export const TURNS_VERSION = 1;
const SEAT_KEY = /^[0-9a-f]{64}$/;

/** A stored record that can be used (else null, and no reader or writer touches it: the
 * writers keep it as it was, setAsideTurns moves it): the one check of every reader of "turns"
 * (the games opened and saved, the top bar's count, Your games by turns). */
export function readTurnsRecord(r) {
  const ok =
    r && r.v === TURNS_VERSION && typeof r.room === "string" && typeof r.secret === "string" && (r.role === "host" || r.role === "guest") &&
    SEAT_KEY.test(r.key ?? "") && SEAT_KEY.test(r.me ?? "") && SEAT_KEY.test(r.host ?? "") && (r.them === null || SEAT_KEY.test(r.them ?? "")) &&
    r.game && typeof r.game === "object" && turnRule(r.game.start) !== null && Object.values(DAYS).includes(r.game.days) && r.game.names &&
    Array.isArray(r.actions) && Array.isArray(r.times) && r.actions.length === r.times.length;
  return ok ? { seen: { n: 0, joined: false, over: false }, published: -1, seenAfter: null, checked: null, ...r } : null;
}

/** The records of the stored value "turns" (as storage.get gives it) that readTurnsRecord takes:
 * the list's and the count's. */
export function usableRecords(list) {
  return Array.isArray(list) ? list.map(readTurnsRecord).filter(Boolean) : [];
}

/** The entries of "turns" in `storage` as stored: its list, or its text as one entry when it is
 * no list (damaged). */
export function storedTurns(storage) {
  const list = storage?.get(TURNS_KEY);
  if (Array.isArray(list)) return list;
  const text = storage?.getText(TURNS_KEY) ?? null;
  return text === null ? [] : [text];
}

/** Move the entries of "turns" in `storage` that readTurnsRecord refuses (damaged, edited, of
 * another version) to "turns.set-aside", as they were, after those set aside before. Returns how
 * many, for the player to be told (once: they are no longer in "turns"); 0 when none, or when
 * the browser's storage does not take them aside (full): then they stay where they were. */
export function setAsideTurns(storage) {
  const entries = storedTurns(storage);
  const refused = entries.filter((entry) => !readTurnsRecord(entry));
  if (!refused.length) return 0;
  const text = storage.getText(TURNS_SET_ASIDE);
  const before = storage.get(TURNS_SET_ASIDE);
  if (!storage.set(TURNS_SET_ASIDE, [...(Array.isArray(before) ? before : text === null ? [] : [text]), ...refused])) {
    if (text === null) storage.remove(TURNS_SET_ASIDE);
    else storage.setText(TURNS_SET_ASIDE, text); // (what memory holds is what was there)
    return 0;
  }
  const kept = entries.filter((entry) => readTurnsRecord(entry));
  if (kept.length) storage.set(TURNS_KEY, kept);
  else storage.remove(TURNS_KEY);
  return refused.length;
}

/** The number of games where it is this page's player's turn (the top bar's count). */
export function yourTurnCount(records) {
  return records.filter((record) => turnOf(record) === "me").length;
}
