// Open challenges by turns in the lobby: their messages read and written strictly, the list of
// those open, and the host's choice among the takes. Pure: no DOM, no network (node tests:
// tests/js/turns-challenge.test.mjs); turns-challenge-events.js signs and seals nothing but
// carries these texts as stored events, turns-challenges.js wires them. docs/online.md, "Open
// challenges by turns".
//
// Each message is the content of one stored event (kind 30078), a JSON object of at most
// MAX_MESSAGE characters as it came, {"v":1,"t":TYPE,...}, its author the event's key:
//   challenge  {name, days, colour, games, since, key}  an open challenge; its author is the
//              host's seat key (so the game's room is roomOf(author)); key: an ECDH P-256
//              public key made for it (lobby-messages.js isPublicKey)
//   taken      {guest, at}     the same author's challenge was taken by the seat `guest`
//   withdrawn  {at}            the same author withdrew its challenge
//   take       {key, at}       a taker's seat (the author) takes the challenge its event names
//              (turns-challenge-events.js: the `d` tag), with its own ECDH public key
//
//   const message = readChallenge(text, now);          // or null
//   const list = new ChallengeList(); list.receive({author, at, message}, now); list.view(now)
//   earliestTake(takes)                                 // the takes in the order the host tries them
//   challengeGame(challenge, hostWhite)                 // the game both sides make of it
//   challengeRecord(challenge, {room, secret, hostWhite})  // the host's record a take binds into
//   judgeTake(record, take, read, now)                  // the verdict binding a take's guest, or null

import { isShownName } from "../page/shown-text.js";
import { isPublicKey, readShape, COLOURS, MAX_GAMES, CLOCK_SKEW } from "./lobby-messages.js";
import { judgeCopy } from "./turns-copy.js";
import { newTurnsRecord } from "./turns-record.js";
import { STANDARD } from "../board/notation.js";

/** The days a move a challenge may offer. */
export const CHALLENGE_DAYS = [1, 3, 7];
/** The longest a challenge stays listed: its NIP-40 expiration is at most this after it was posted. */
export const CHALLENGE_TTL = 7 * 86_400_000;
/** The most open challenges a page lists (the oldest kept). */
export const MAX_CHALLENGES = 500;
/** The most takes of one challenge the host reads (the earliest whose copy checks is bound). */
export const MAX_TAKES = 100;
/** Each author's budget of events heard: RATE_BURST, then one each RATE_EVERY ms. */
export const RATE_BURST = 4;
export const RATE_EVERY = 10_000;
const AUTHORS = 4 * MAX_CHALLENGES; // the budgets and closed challenges remembered at most

const HEX64 = /^[0-9a-f]{64}$/;
const isKey64 = (value) => typeof value === "string" && HEX64.test(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_GAMES;
const isTime = (value) => Number.isSafeInteger(value) && value > 0;

const FIELDS = {
  challenge: { name: isShownName, days: (d) => CHALLENGE_DAYS.includes(d), colour: (c) => COLOURS.includes(c), games: isCount, since: isTime, key: isPublicKey },
  taken: { guest: isKey64, at: isTime },
  withdrawn: { at: isTime },
  take: { key: isPublicKey, at: isTime },
};

/** The message of `text` (exactly as it came: its length is the one checked) received at
 * `now`, or null when it is not exactly one of the shapes, or its time is out of range (a
 * challenge's `since` within its lifetime, any other `at` as old at most). */
export function readChallenge(text, now) {
  const message = readShape(text, FIELDS);
  if (!message) return null;
  const time = message.t === "challenge" ? message.since : message.at;
  if (time < now - CHALLENGE_TTL - CLOCK_SKEW || time > now + CLOCK_SKEW) return null;
  return message;
}

/** The text of message `fields` of type `t` (checked as readChallenge would: a mistake throws). */
export function writeChallenge(t, fields) {
  const text = JSON.stringify({ v: 1, t, ...fields });
  if (readChallenge(text, fields.since ?? fields.at) === null) throw new Error(`Not a challenge message: ${text}`);
  return text;
}

/** The open challenges heard, one an author: a `taken` or `withdrawn` of the same author closes
 * its challenge for good (in whatever order the two come); each author has a budget of events;
 * at most MAX_CHALLENGES are kept. */
export class ChallengeList {
  #open = new Map(); // author -> {author, name, days, colour, games, since, key, expires}
  #closed = new Map(); // author -> {t: "taken"|"withdrawn", guest}
  #budgets = new Map(); // author -> {tokens, at}

  /** Whether `author` may be heard at `now` (its budget spent otherwise). */
  #allowed(author, now) {
    let budget = this.#budgets.get(author);
    if (!budget) {
      if (this.#budgets.size >= AUTHORS) this.#budgets.delete(this.#budgets.keys().next().value);
      budget = { tokens: RATE_BURST, at: now };
      this.#budgets.set(author, budget);
    }
    budget.tokens = Math.min(RATE_BURST, budget.tokens + (now - budget.at) / RATE_EVERY);
    budget.at = now;
    if (budget.tokens < 1) return false;
    budget.tokens -= 1;
    return true;
  }

  /** An event's message (readChallenge) by `author`, expiring at `expires` (ms), heard at
   * `now`: whether the list changed. Takes are not the list's. */
  receive({ author, expires, message }, now) {
    if (!message || message.t === "take" || !this.#allowed(author, now)) return false;
    if (message.t !== "challenge") {
      if (this.#closed.size >= AUTHORS) this.#closed.delete(this.#closed.keys().next().value);
      this.#closed.set(author, { t: message.t, guest: message.guest ?? null });
      return this.#open.delete(author);
    }
    if (this.#closed.has(author) || expires <= now) return false;
    const known = this.#open.get(author);
    if (known && known.since >= message.since) return false; // (the same again, from another relay)
    if (!known && this.#open.size >= MAX_CHALLENGES) {
      this.#expire(now);
      if (this.#open.size >= MAX_CHALLENGES) return false;
    }
    const { name, days, colour, games, since, key } = message;
    this.#open.set(author, { author, name, days, colour, games, since, key, expires });
    return true;
  }

  /** How `author`'s challenge ended, if this list heard it: {t: "taken"|"withdrawn", guest}, or null. */
  closedOf(author) {
    return this.#closed.get(author) ?? null;
  }

  #expire(now) {
    for (const [author, c] of this.#open) if (c.expires <= now) this.#open.delete(author);
  }

  /** The open challenges at `now`, oldest first. */
  view(now) {
    this.#expire(now);
    return [...this.#open.values()].sort((a, b) => a.since - b.since || (a.author < b.author ? -1 : 1));
  }
}

/** The takes of one challenge ([{author, at (the event's time, ms), id (the event's)}]) in the
 * order the host tries them: the earliest first, at most MAX_TAKES, one an author. */
export function earliestTake(takes) {
  const seen = new Set();
  return [...takes]
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((take) => !seen.has(take.author) && seen.add(take.author))
    .slice(0, MAX_TAKES);
}

/** The game of a challenge ({name, days, colour, since}) as both sides make it: the standard
 * setup, the host's name, its days, made at `since`; White the host's wish, else the draw
 * `hostWhite` (turns-challenge-events.js deriveChallenge). */
export function challengeGame({ name, days, colour, since }, hostWhite) {
  const white = colour === "white" || (colour === "random" && hostWhite) ? "host" : "guest";
  return { start: STANDARD, white, days, names: { host: name, guest: "" }, created: since };
}

/** The host's record of the game of its challenge `challenge` (as kept: {key, me, name, days,
 * colour, since, checked}) in room `room` with secret `secret`, before a take binds its guest
 * into it: read (its `checked`) at the host page's latest check of its takes that bound none
 * (`checked`, ms; else the challenge's moment), so a join dated before that check (the taker's
 * `joined` only has to follow the challenge's) counts, for the host's first turn, from it
 * (turns-record.js takeCopy). An honest taker joined after that check: its join counts. */
export function challengeRecord(challenge, { room, secret, hostWhite }) {
  const { key, me, name, since, checked } = challenge;
  const record = newTurnsRecord({ room, secret, role: "host", key, me, host: me, name, game: challengeGame(challenge, hostWhite) });
  return { ...record, checked: { at: Number.isFinite(checked) ? Math.max(since, checked) : since, n: 0 } };
}

/** Whether the guest copy `read` ({author, at, copy}: turns-events.js readCopyEvent) binds the
 * taker of `take` ({author}) to the host's `record` at `now`: turns-copy.js's verdict (the
 * guest bound, whole turns added, which the engine still checks), or null (signed by another
 * key than the take's, not this game, or refused). */
export function judgeTake(record, take, read, now) {
  if (!read || read.author !== take.author || read.copy.role !== "guest") return null;
  const verdict = judgeCopy(record, read.copy, { author: read.author, at: read.at, now });
  return verdict.ok && !verdict.own && verdict.bind?.key === take.author && verdict.whole ? verdict : null;
}
