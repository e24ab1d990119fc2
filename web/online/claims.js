// What the other page may claim about the game, taken only when this page can check it
// itself: an end outside the rules (a resignation, a loss on time, a player gone for good)
// and the host's game (`start`). Pure: no DOM, no network (node tests:
// tests/js/online-claims.test.mjs); session.js asks before it changes anything.
//
//   endAccepted(end, {theirSide, clockLeft, awayMs})   // true: take it; false: refuse it
//   const absence = new Absence(record.alive, now)     // how long this page was closed, as a claim may count it
//   absence.bound(now); absence.heard(type); absence.ms(now)
//   absence.stamp(record, now)                         // this page open: record.alive stamped (true: save it now)
//   startFits(record, game, agreed)                     // "first" | "again" | "next" | null
//   playableStart(start)                                // a position a game can be played from (by its text)
//   (record.terms: the game a lobby's pairing agreed, the only first start a guest takes)

import { CLAIM_TOLERANCE_MS } from "../game/clock.js";
import { turnRule } from "../game/by-turns.js";
import { rematchGame } from "./record.js";

/** Seconds the other player may be gone before the win may be claimed. */
export const DISCONNECT_WAIT_S = 60;
/** How much shorter than DISCONNECT_WAIT_S this page's own count of its absence may be when
 * the other page says it left: this page stamps its being open every few seconds (session.js),
 * and the other page notices a page closed a moment after. */
export const AWAY_MARGIN_S = 10;
/** How often the moment this page was last open with its game is saved (record.js `alive`). */
export const ALIVE_SAVED_MS = 5000;
/** How long after this page is first back with the other (bound) an abandonment may still be
 * claimed against it: the other page's sync comes at once. */
export const AWAY_CLAIM_MS = 10_000;

/**
 * How long this page was closed before this load (`alive`: when it was last open with this
 * game, record.js), as an abandonment claimed against it may count it: only until the other
 * page's first message after this page is back (but the host's `start`, which comes before its
 * `sync`), and at most AWAY_CLAIM_MS after the first binding. That sync says what the other page
 * did meanwhile; later, this page is plainly there.
 */
export class Absence {
  #ms;
  #until = Infinity;
  #saved = 0; // when the stamp was last to be saved

  constructor(alive, now) {
    this.#ms = alive ? Math.max(0, now - alive) : 0;
  }

  /** The other page is bound (each time: only the first counts). */
  bound(now) {
    if (this.#until === Infinity) this.#until = now + AWAY_CLAIM_MS;
  }

  /** A message of type `type` from the bound page was handled. */
  heard(type) {
    if (type !== "start") this.#ms = 0;
  }

  /** This page is open with its game at `now`: `record.alive` stamped (a later load counts its
   * absence from it); true every ALIVE_SAVED_MS, when the record is to be saved. */
  stamp(record, now) {
    record.alive = now;
    if (now - this.#saved < ALIVE_SAVED_MS) return false;
    this.#saved = now;
    return true;
  }

  /** The ms a claim may count at `now`. */
  ms(now) {
    return now <= this.#until ? this.#ms : 0;
  }
}

/**
 * Whether this page takes `end` ({reason, loser}, protocol.js isEnd), claimed by the other
 * page (which plays `theirSide`): a resignation only of the sender itself; a loss on time
 * only when this page's own clock says the loser's time is out (clockLeft(side): the ms it
 * has left by this page's count, null in an untimed game), give or take CLAIM_TOLERANCE_MS
 * (the other page counts this side's time from a moment a message's way earlier); an
 * abandonment only of this page's own player, and only when this page itself was away at
 * least DISCONNECT_WAIT_S - AWAY_MARGIN_S seconds (awayMs: how long it was closed before this
 * load, by its own record, as Absence counts it; a page that stayed open while the other went
 * was not away, though it saw the connection drop: the other page is then the one that left).
 */
export function endAccepted(end, { theirSide, clockLeft, awayMs }) {
  if (end.reason === "resigned") return end.loser === theirSide;
  if (end.reason === "timeout") {
    const left = clockLeft(end.loser);
    return Number.isFinite(left) && left <= CLAIM_TOLERANCE_MS;
  }
  if (end.reason === "abandoned") return end.loser !== theirSide && awayMs >= (DISCONNECT_WAIT_S - AWAY_MARGIN_S) * 1000;
  return false;
}

const sameGame = (a, b) => a.start === b.start && a.white === b.white && a.clock === b.clock && a.round === b.round;

/**
 * What the host's `game` (its `start` message) is to this guest's `record`: "first" (no game
 * yet: the host's game is this page's; in a lobby's pairing, `record.terms`, only the game
 * agreed: its start, colours, time control and first round), "again" (the round already here, told again after a
 * reconnection: nothing changes), "next" (the rematch both pages agreed to, `agreed`: the
 * next round, from the same start, colours swapped, the same time control), or null: refused
 * (another start, colours, time control or round than those, at any moment).
 */
export function startFits(record, game, agreed) {
  if (!record.game) return !record.terms || sameGame(record.terms, game) ? "first" : null;
  if (sameGame(record.game, game)) return "again";
  if (agreed && sameGame(rematchGame(record.game), game)) return "next";
  return null;
}

/** Whether position text `start` is one a game can be played from, by its text: a position
 * whose turns go by the rules (by-turns.js turnRule), not a placement. (Whether it is already
 * won only the engine says: session.js looks at the board once it is loaded.) */
export function playableStart(start) {
  return turnRule(start) !== null;
}
