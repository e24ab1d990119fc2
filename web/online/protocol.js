// What two pages say to each other in an online game, and the one check of every message
// that comes from the other page (untrusted input). Pure: no DOM, no network (node tests:
// tests/js/online-protocol.test.mjs). docs/online.md lists the messages.
//
// A message is a JSON object of at most MAX_MESSAGE characters with a kind `t`. Three kinds
// travel in clear (CLEAR_KINDS), the handshake and the envelope of all the others:
//   hello   {t, v, role: "host"|"guest", key, ecdh, name}  who a page is (on every connection):
//                                                        its seat's public key, its key of the
//                                                        connection (fresh: sealed.js)
//   proof   {t, sig}                                     the sender's signature of both hellos'
//                                                        keys of the connection (seat.js)
//   sealed  {t, n, c}                                    message number n of the sender on this
//                                                        connection, sealed (sealed.js): one of
//                                                        the kinds below, checked in its turn
//   start   {t, game: {start, white: "host"|"guest", clock: "5+3"|null, names, round}}
//                                                        the host's game, sent to its guest
//   full    {t}                                          the host already has its guest
//   act     {t, n, a, left?}                             action number n (0: the first) is `a`;
//                                                        `left`: the mover's ms left, on a turn's last action
//   ack     {t, n}                                       the first n actions arrived
//   sync    {t, actions: [a], round, ended}              after a reconnection: the whole game
//   resign  {t}                                          the sender gives up
//   chat    {t, say: "luck"|"gg"|"thanks"} | {t, text}   a preset message, or a friend's text
//   rematch {t}                                          a rematch offered (both offered: it starts)
//   undo    {t, n}                                       the sender offers to take back its last turn;
//                                                        n: the game's actions then (takeback.js)
//   undoAccept {t, n}, undoDecline {t, n}                the answer to the offer made at n actions
//
//   const check = checkMessage(text);   // {ok: true, message} | {ok: false, why}
//   checkSealedText(text)               // the same, for the text a sealed message held
//   legalIn(view, "C5xC4")              // the engine's View allows it now

import { parseAction } from "../board/notation.js";
import { TIME_CONTROLS } from "../game/clock.js";
import { isShownName, isShownText, MAX_NAME } from "../page/shown-text.js";
import { fromHex, toHex } from "./relay-crypto.js";

export const VERSION = 3;
/** The longest message read (a whole game's sync is about 2 KB). */
export const MAX_MESSAGE = 8192;
/** The longest free text a friend may send, and a player's name. */
export const MAX_TEXT = 200;
export { MAX_NAME };
/** The most actions a game may have (far more than any game reaches). */
export const MAX_ACTIONS = 400;
export const PRESETS = ["luck", "gg", "thanks"];
/** The highest number of a sealed message (a connection sends far fewer). */
export const MAX_SEALED_NUMBER = 2 ** 31 - 1;

const KEY = /^[A-Za-z0-9_-]{87}$/; // a P-256 public key, uncompressed (seat.js)
const SEALED = /^[A-Za-z0-9_-]{22,}$/; // AES-GCM's text and tag, at least 16 bytes
const SIG = /^[A-Za-z0-9_-]{86}$/; // an ECDSA P-256 signature, r and s
const ACTION = /^(?:pass|[A-Ia-i]\d[x-][A-Ia-i]\d)$/;
const POSITION = /^[A-Za-z0-9./ ]{20,120}$/;
/** Whether `s` has the shape of position text (the engine reads it). */
export const isPositionText = (s) => typeof s === "string" && POSITION.test(s);

const isInt = (n, max = MAX_ACTIONS) => Number.isInteger(n) && n >= 0 && n <= max;
// A name or a text of the other page: shown only as itself (page/shown-text.js, the rule the
// lobby's names follow too); a name may be empty (none given: "your opponent").
export const isName = (s) => s === "" || isShownName(s);
export const isAction = (a) => typeof a === "string" && ACTION.test(a) && parseAction(a) !== null;
const isRole = (r) => r === "host" || r === "guest";
const matches = (s, pattern) => typeof s === "string" && pattern.test(s);
const keysAre = (m, allowed) => Object.keys(m).every((k) => allowed.includes(k));

/** A time control's id of game/clock.js ("5+3"), or null: untimed. */
function isClock(c) {
  return c === null || (typeof c === "string" && c !== "untimed" && Object.hasOwn(TIME_CONTROLS, c));
}

/** Whether `g` is a game as the host's start gives it: {start, white, clock, names, round}
 * (record.js checks a saved one the same). */
export function isGame(g) {
  return (
    g && typeof g === "object" && !Array.isArray(g) && keysAre(g, ["start", "white", "clock", "names", "round"]) &&
    typeof g.start === "string" && POSITION.test(g.start) && isRole(g.white) && isClock(g.clock) && isInt(g.round, 1000) &&
    g.names && typeof g.names === "object" && !Array.isArray(g.names) && keysAre(g.names, ["host", "guest"]) && isName(g.names.host ?? "") && isName(g.names.guest ?? "")
  );
}

/** Each kind: the keys it may have and whether its values are right. */
const SHAPES = {
  hello: [["v", "role", "key", "ecdh", "name"], (m) => m.v === VERSION && isRole(m.role) && matches(m.key, KEY) && matches(m.ecdh, KEY) && isName(m.name)],
  proof: [["sig"], (m) => matches(m.sig, SIG)],
  sealed: [["n", "c"], (m) => Number.isInteger(m.n) && m.n >= 1 && m.n <= MAX_SEALED_NUMBER && matches(m.c, SEALED)],
  start: [["game"], (m) => isGame(m.game)],
  full: [[], () => true],
  act: [["n", "a", "left"], (m) => isInt(m.n, MAX_ACTIONS - 1) && isAction(m.a) && (m.left === undefined || isInt(m.left, 100_000_000))],
  ack: [["n"], (m) => isInt(m.n)],
  sync: [["actions", "round", "ended"], (m) => Array.isArray(m.actions) && m.actions.length <= MAX_ACTIONS && m.actions.every(isAction) && isInt(m.round, 1000) && (m.ended === null || isEnd(m.ended))],
  resign: [[], () => true],
  chat: [["say", "text"], (m) => (m.say !== undefined) !== (m.text !== undefined) && (m.say === undefined || PRESETS.includes(m.say)) && (m.text === undefined || isShownText(m.text, MAX_TEXT))],
  rematch: [[], () => true],
  undo: [["n"], (m) => isInt(m.n) && m.n > 0],
  undoAccept: [["n"], (m) => isInt(m.n) && m.n > 0],
  undoDecline: [["n"], (m) => isInt(m.n) && m.n > 0],
};

/** The kinds that travel in clear: the handshake, and the envelope of every other message. */
export const CLEAR_KINDS = ["hello", "proof", "sealed"];

/** The ends of an online game outside the rules: the clock, a resignation, a player gone for good. */
export const END_REASONS = ["timeout", "resigned", "abandoned"];

/** An end of the game that is not on the board: {reason (END_REASONS), loser: "white"|"black"}. */
export function isEnd(e) {
  return Boolean(e && typeof e === "object" && keysAre(e, ["reason", "loser"]) && (e.loser === "white" || e.loser === "black") && END_REASONS.includes(e.reason));
}

/**
 * Read a message from the other page: {ok: true, message} or {ok: false, why}, where `why`
 * is "size" (too long, or not text), "json" (not JSON), "version" (a hello of another
 * version: an older or newer page), "shape" (not a message of a known kind with the right
 * values). Nothing of it is ever run or shown as HTML.
 */
export function checkMessage(data) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE) return { ok: false, why: "size" };
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return { ok: false, why: "json" };
  }
  if (!message || typeof message !== "object" || Array.isArray(message) || typeof message.t !== "string" || !Object.hasOwn(SHAPES, message.t)) {
    return { ok: false, why: "shape" };
  }
  if (message.t === "hello" && message.v !== VERSION) return { ok: false, why: "version" };
  const [keys, valid] = SHAPES[message.t];
  if (!keysAre(message, ["t", ...keys]) || !valid(message)) return { ok: false, why: "shape" };
  return { ok: true, message };
}

/** The text a sealed message held, read as checkMessage reads any: a message of a kind that
 * travels sealed (not one of CLEAR_KINDS). */
export function checkSealedText(text) {
  const check = checkMessage(text);
  return check.ok && CLEAR_KINDS.includes(check.message.t) ? { ok: false, why: "shape" } : check;
}

/** A message as sent (the same check applies to our own: a bug of ours is not sent). */
export function encode(message) {
  const text = JSON.stringify(message);
  if (!checkMessage(text).ok) throw new Error(`Not a valid online message: ${text.slice(0, 80)}`);
  return text;
}

/** Whether the engine's View (the position's legal actions) allows `action` now. */
export function legalIn(view, action) {
  const parsed = parseAction(action);
  if (!view || view.winner || !parsed) return false;
  if (parsed.kind === "pass") return Boolean(view.legal.pass);
  const table = parsed.kind === "capture" ? view.legal.captures : parsed.kind === "stack" ? view.legal.stacks : null;
  return Boolean(table?.[parsed.from]?.includes(parsed.to));
}

/**
 * A limit on how fast the other page may send: a bucket of `burst` messages that refills at
 * `perSecond`; take(now) is false for a message over the limit (a flood), and wait(now) says
 * how long until one is allowed again.
 */
export class RateLimit {
  #burst;
  #perSecond;
  #tokens;
  #last = null;

  constructor({ burst = 30, perSecond = 10 } = {}) {
    this.#burst = burst;
    this.#perSecond = perSecond;
    this.#tokens = burst;
  }

  take(now) {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** The ms until take() allows one more (0: now). */
  wait(now) {
    this.#refill(now);
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) * 1000) / this.#perSecond);
  }

  #refill(now) {
    if (this.#last !== null) this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#last) / 1000) * this.#perSecond);
    this.#last = now;
  }
}

/**
 * After a reconnection: what to do with the other page's game (`theirs`, its actions) given
 * ours (`mine`). {apply: [{n, a}]} (their actions we lack, to check and play in order), or
 * {apply: []} when ours holds theirs, or {conflict: n} when the games differ at action n.
 */
export function reconcile(mine, theirs) {
  const common = Math.min(mine.length, theirs.length);
  for (let n = 0; n < common; n += 1) if (mine[n] !== theirs[n]) return { conflict: n };
  return { apply: theirs.slice(common).map((a, i) => ({ n: common + i, a })) };
}

/** A random id of `bytes` bytes in URL-safe base64 (a room, a secret, a player). */
export function randomId(bytes = 16, random = (a) => crypto.getRandomValues(a)) {
  return base64url(random(new Uint8Array(bytes)));
}

/** `bytes` (a Uint8Array) in URL-safe base64, unpadded. */
function base64url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The invite's fragment: "#online=ROOM.SECRET". */
export function inviteHash(room, secret) {
  return `#online=${room}.${secret}`;
}

/** Read an invite's fragment: {room, secret}, or null when it is not one. */
export function parseInvite(hash) {
  return roomOf(/^#online=([\w-]{16,40})\.([\w-]{16,64})$/.exec(String(hash ?? "")));
}

/** A game by turns' fragment: "#turns=ROOM.SECRET.HOST" (turns-events.js: the room names the
 * host's key only by its hash; HOST is that key, `host` in hex, written in base64url: the
 * invite's lookup asks the relays for its copies alone, turns-read.js lookUpInvite). */
export function turnsHash(room, secret, host) {
  return `#turns=${room}.${secret}.${base64url(fromHex(host))}`;
}

/** Read a game by turns' fragment: {room, secret, host (hex, or null: a link of before, made
 * without it)}, or null when it is not one. */
export function parseTurnsLink(hash) {
  const m = /^#turns=([\w-]{22})\.([\w-]{16,64})(?:\.([\w-]{43}))?$/.exec(String(hash ?? ""));
  if (!m) return null;
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  return { ...roomOf(m), host: m[3] ? toHex(bytes(m[3])) : null };
}

/** The room and the secret of a link's match (each of [A-Za-z0-9_-]: \w, without the u flag), or null. */
function roomOf(m) {
  return m ? { room: m[1], secret: m[2] } : null;
}
