// The lobby's messages: their shapes, written and read strictly. Pure, no page (lobby-model.js
// uses them; tests/js/lobby-model.test.mjs tests them). Everything read comes from strangers:
// a message that is not exactly one of the shapes below (a field missing or extra, out of
// range, too long, a name with control or direction characters, a time far from ours) reads
// as null and is ignored.
//
// Each message is one small JSON object, {"v":1,"t":TYPE,...}, under MAX_MESSAGE characters:
//   wish     {id, name, tc, colour, games, since, at, key}  a player waits; announced again
//            every ANNOUNCE_EVERY (lobby-model.js) with the same id and since, a newer at
//   gone     {id, at}                         the wish `id` is withdrawn
//   hello    {id, at}                         a player came to the lobby: those waiting announce
//            their wishes early (once in MIN_GAP, lobby-model.js), so the list fills at once
//   propose  {id, to, pid, name, tc, colour, games, key, at}  player `id` asks the waiting `to`
//            for a game on `to`'s terms; `pid`: the proposal's fresh id
//   accept   {id, to, pid, white, at}         `id` (who waited) accepts proposal `pid` of `to`;
//            `white`: the id of the player who has White (as the two wishes give it: the
//            proposer checks, coloursFit); both wishes are gone
//   decline  {id, to, pid, why, at}           `id` refuses proposal `pid` ("busy", "gone",
//            "incompatible")
// id, to, pid, white: 16 lower-case hex digits (a player's: its Nostr key's first 16, which
// lobby-model.js checks against the message's sender; pid: 64 random bits); tc: a time control of
// TIME_CONTROLS; colour: the colour wished ("random": either); games: online games finished
// on this page; since: when the wish was posted, at: when the message was sent (the sender's
// clock, ms since 1970); key: the sender's public key for this pairing (ECDH P-256, raw,
// base64url, a point of the curve; lobby-keys.js) from which the two players alone derive their game's room and
// secret.

// A name follows the rule of every name shown (page/shown-text.js).
import { isShownName } from "../page/shown-text.js";

export { shownName, MAX_NAME } from "../page/shown-text.js";
export const TIME_CONTROLS = ["untimed", "3+2", "5+3", "10+5", "20+10"];
export const COLOURS = ["white", "black", "random"];
export const DECLINE_REASONS = ["busy", "gone", "incompatible"];
/** The longest message read, in characters. */
export const MAX_MESSAGE = 600;
export const MAX_GAMES = 1_000_000;
/** How far a sender's clock may be from ours. */
export const CLOCK_SKEW = 5 * 60_000;
/** How long a wish lives without being announced again. */
export const WISH_TTL = 75_000;
/** A wish waits at most this long (its `since` may be this old). */
const LONGEST_WAIT = 24 * 3_600_000;

const ID = /^[0-9a-f]{16}$/;
const KEY = /^[A-Za-z0-9_-]{87}$/;

const isId = (value) => typeof value === "string" && ID.test(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_GAMES;
const isTime = (value) => Number.isSafeInteger(value) && value > 0;
const oneOf = (list) => (value) => list.includes(value);
// P-256 (a = -3): a public key must be a point of the curve, or the pairing could not derive
// its secret (WebCrypto refuses such a key): checked here, before anyone pairs with it.
const P256 = {
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
};

/** Whether `text` is a P-256 public key as lobby-keys.js writes it: 65 bytes (0x04, x, y),
 * base64url, the point on the curve. */
export function isPublicKey(text) {
  if (typeof text !== "string" || !KEY.test(text)) return false;
  const bytes = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  if (bytes.length !== 65 || bytes.charCodeAt(0) !== 4) return false;
  const number = (from) => BigInt(`0x${[...bytes.slice(from, from + 32)].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("")}`);
  const [x, y] = [number(1), number(33)];
  const { p, b } = P256;
  if (x >= p || y >= p) return false;
  return (y * y - (x * x * x - 3n * x + b)) % p === 0n;
}

const FIELDS = {
  wish: { id: isId, name: isShownName, tc: oneOf(TIME_CONTROLS), colour: oneOf(COLOURS), games: isCount, since: isTime, at: isTime, key: isPublicKey },
  gone: { id: isId, at: isTime },
  hello: { id: isId, at: isTime },
  propose: { id: isId, to: isId, pid: isId, name: isShownName, tc: oneOf(TIME_CONTROLS), colour: oneOf(COLOURS), games: isCount, key: isPublicKey, at: isTime },
  accept: { id: isId, to: isId, pid: isId, white: isId, at: isTime },
  decline: { id: isId, to: isId, pid: isId, why: oneOf(DECLINE_REASONS), at: isTime },
};

/** The object of `text` (at most MAX_MESSAGE characters as it came) when it is exactly
 * {v: 1, t: TYPE, ...} with the fields `shapes[TYPE]` names, each valid by its check; else null. */
export function readShape(text, shapes) {
  if (typeof text !== "string" || text.length > MAX_MESSAGE) return null;
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (message === null || typeof message !== "object" || Array.isArray(message) || message.v !== 1) return null;
  const fields = Object.hasOwn(shapes, message.t) ? shapes[message.t] : null;
  if (!fields || Object.keys(message).length !== Object.keys(fields).length + 2) return null;
  for (const [field, valid] of Object.entries(fields)) if (!Object.hasOwn(message, field) || !valid(message[field])) return null;
  return message;
}

/** The message received at `now` as `text` (exactly as it came: its length is the one
 * checked, not that of the message written again), or null when it is not exactly one of the
 * shapes. */
export function readMessage(text, now) {
  const message = readShape(text, FIELDS);
  if (!message) return null;
  // a wish may be as old as it lives; anything else is answered at once
  const oldest = now - CLOCK_SKEW - (message.t === "wish" ? WISH_TTL : 0);
  if (message.at < oldest || message.at > now + CLOCK_SKEW) return null;
  if (message.t === "wish" && (message.since > message.at || message.since < message.at - LONGEST_WAIT)) return null;
  if (message.t === "accept" && message.white !== message.id && message.white !== message.to) return null;
  if (message.to !== undefined && message.to === message.id) return null;
  return message;
}

/** The text of message `fields` of type `t` (checked as readMessage would: a mistake throws). */
export function writeMessage(t, fields) {
  const text = JSON.stringify({ v: 1, t, ...fields });
  if (readMessage(text, fields.at) === null) throw new Error(`Not a lobby message: ${text}`);
  return text;
}

/** Whether two colour wishes can meet: not both the same colour. */
export function coloursMeet(a, b) {
  return a === "random" || b === "random" || a !== b;
}

/** Whether the waiting player (`owner`) has White against `proposer`, given their colour wishes
 * (which meet) and `coin` (a random boolean, used when both said random). */
export function ownerHasWhite(owner, proposer, coin) {
  if (owner !== "random") return owner === "white";
  if (proposer !== "random") return proposer === "black";
  return coin;
}

/** Whether an accept that gives the waiting player White (`ownerWhite`: true) or Black fits the
 * two wishes, `owner`'s and `proposer`'s: they meet, and the colours are ownerHasWhite's, its
 * coin the waiting player's one free choice (only when both said random). */
export function coloursFit(owner, proposer, ownerWhite) {
  return coloursMeet(owner, proposer) && ownerHasWhite(owner, proposer, ownerWhite) === ownerWhite;
}
