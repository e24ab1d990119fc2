// Open challenges by turns on the relays: a challenge, its end (taken, withdrawn) and a take as
// signed stored events, read back strictly; the ECDH keys from which the host and its taker
// alone derive the game's secret. The messages are turns-challenge.js's; the Schnorr
// signatures the bundled library's (node tests give @noble/secp256k1 itself, `schnorr`).
// docs/online.md, "Open challenges by turns".
//
// A challenge, and the `taken` or `withdrawn` that replaces it, is one addressable event of
// its host's seat key (kind 30078, `d` CHALLENGE_D, `t` CHALLENGE_TOPIC for anyone to query
// them, NIP-40 expiration at most a week on). A take is one addressable event of the taker's
// seat key, `d` "tzaar-take:" and the host's key (the host queries its takes by that tag).
//
//   const event = await challengeEvent(seat, text, {now, expires});
//   const read = await readChallengeEvent(event, now);     // {author, at, expires, message} or null
//   const take = await takeEvent(seat, host, text, {now}); await readTakeEvent(event, host, now)
//   const keys = await makeChallengeKeys();                 // {jwk (kept), publicText (sent)}
//   const game = await deriveChallenge(keys.jwk, theirs, {host});  // {secret, hostWhite}

import { signatures } from "./library.js";
import { signedEvent, signatureHolds, isEventOf, fromHex, hkdf, sharedBits, toBase64url } from "./relay-crypto.js";
import { readChallenge, CHALLENGE_TTL } from "./turns-challenge.js";
import { MAX_MESSAGE, CLOCK_SKEW } from "./lobby-messages.js";
import { COPY_KIND } from "./turns-events.js";

export const CHALLENGE_KIND = COPY_KIND;
export const CHALLENGE_TOPIC = "tzaar-challenge-v1";
export const CHALLENGE_D = "tzaar-challenge";
/** The `d` tag of the takes of the challenge of `host` (its seat key, hex). */
export const takeTag = (host) => `tzaar-take:${host}`;
const CURVE = { name: "ECDH", namedCurve: "P-256" };

async function signed(seat, tags, content, now, schnorr) {
  schnorr ??= (await signatures()).schnorr;
  const secretKey = fromHex(seat.key);
  return signedEvent({ pubkey: seat.me, sign: (id) => schnorr.signAsync(id, secretKey) }, { kind: CHALLENGE_KIND, tags, content, at: now });
}

/** The challenge message `text` (or its taken/withdrawn) as an event of `seat` ({key, me}),
 * expiring at `expires` (ms). */
export function challengeEvent(seat, text, { now = Date.now(), expires, schnorr } = {}) {
  const tags = [["d", CHALLENGE_D], ["t", CHALLENGE_TOPIC], ["expiration", String(Math.floor(expires / 1000))]];
  return signed(seat, tags, text, now, schnorr);
}

/** The take message `text` of the challenge of `host` as an event of the taker's `seat`. */
export function takeEvent(seat, host, text, { now = Date.now(), schnorr } = {}) {
  const tags = [["d", takeTag(host)], ["expiration", String(Math.floor((now + CHALLENGE_TTL) / 1000))]];
  return signed(seat, tags, text, now, schnorr);
}

/** The expiration (ms) of an event whose tag `tag` is ["expiration", seconds], when it is at
 * most a week after the event and still ahead of `now`; else null. */
function expiresOf(event, tag, now) {
  if (tag?.[0] !== "expiration" || !/^[1-9][0-9]{0,11}$/.test(tag[1])) return null;
  const expires = Number(tag[1]) * 1000;
  return expires > now && expires <= event.created_at * 1000 + CHALLENGE_TTL + CLOCK_SKEW ? expires : null;
}

async function holds(event, schnorr) {
  schnorr ??= (await signatures()).schnorr;
  return signatureHolds((sig, id, pub) => schnorr.verifyAsync(sig, id, pub), event);
}

/** An event from a relay read as a challenge, or its end: {author, at (ms), expires (ms),
 * message}, or null (another kind or tags, expired or living too long, a message not of its
 * shape, a signature that fails). */
export async function readChallengeEvent(event, now, { schnorr } = {}) {
  if (!isEventOf(event, { kind: CHALLENGE_KIND, name: "d", value: CHALLENGE_D, tags: 3, max: MAX_MESSAGE })) return null;
  if (event.tags.length !== 3 || event.tags[1][0] !== "t" || event.tags[1][1] !== CHALLENGE_TOPIC) return null;
  const expires = expiresOf(event, event.tags[2], now);
  const message = expires && readChallenge(event.content, now);
  if (!message || message.t === "take") return null;
  if (message.t === "challenge" && Math.abs(message.since - event.created_at * 1000) > CLOCK_SKEW) return null;
  if (!(await holds(event, schnorr))) return null;
  return { author: event.pubkey, at: event.created_at * 1000, expires, message };
}

/** An event read as a take of the challenge of `host`: {author, at, id, message}, or null. */
export async function readTakeEvent(event, host, now, { schnorr } = {}) {
  if (!isEventOf(event, { kind: CHALLENGE_KIND, name: "d", value: takeTag(host), tags: 2, max: MAX_MESSAGE })) return null;
  if (event.tags.length !== 2 || !expiresOf(event, event.tags[1], now) || event.pubkey === host) return null;
  const message = readChallenge(event.content, now);
  if (message?.t !== "take" || !(await holds(event, schnorr))) return null;
  return { author: event.pubkey, at: event.created_at * 1000, id: event.id, message };
}

/** A fresh ECDH key pair for a challenge or a take: {jwk: the private key (kept in the
 * browser, the host's page derives from it when it comes back), publicText (87 characters)}. */
export async function makeChallengeKeys() {
  const pair = await crypto.subtle.generateKey(CURVE, true, ["deriveBits"]);
  const [jwk, raw] = await Promise.all([crypto.subtle.exportKey("jwk", pair.privateKey), crypto.subtle.exportKey("raw", pair.publicKey)]);
  return { jwk, publicText: toBase64url(new Uint8Array(raw)) };
}

/** The game of a challenge of `host` (seat key) taken with the key `theirs` (text; the other
 * side's public key): {secret: the link's secret (24 base64url characters), hostWhite: the
 * draw of a random colour}, the same on both pages from `jwk` (this side's private key). */
export async function deriveChallenge(jwk, theirs, { host }) {
  const mine = await crypto.subtle.importKey("jwk", jwk, CURVE, false, ["deriveBits"]);
  const shared = await sharedBits(mine, theirs);
  if (!shared) throw new Error("A challenge's key that is not a point of the curve");
  const bytes = await hkdf(shared, new Uint8Array(0), `tzaar turns challenge ${host}`, 19 * 8);
  return { secret: toBase64url(bytes.subarray(0, 18)), hostWhite: (bytes[18] & 1) === 1 };
}
