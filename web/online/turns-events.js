// The copies of a game by turns on the relays: the keys from the link, a player's copy as a
// sealed and signed addressable Nostr event, and such an event read back (its signature, its
// seal, its copy). The sealing and the event format are the relay path's (relay-crypto.js),
// the Schnorr signatures the bundled library's (library.js), the sockets relay-sockets.js's.
// docs/online.md, "Games by turns".
//
//   const seat = await newSeat();                       // {key: secret hex, me: public hex}
//   const room = await roomOf(seat.me);                 // the link's room names the host's key
//   const keys = await turnsKeys(secret, room);         // {tag, copyKey}
//   const event = await copyEvent(record, keys);        // signed with record.key
//   const read = await readCopyEvent(event, keys);      // {author, at, copy} or null
//
// (Each takes the Schnorr signer as an option, `schnorr`: the bundled library's by default;
// the node tests give @noble/secp256k1 itself.)

import { signatures } from "./library.js";
import { hkdf, aesKey, seal, unseal, signedEvent, signatureHolds, isEventOf, readContent, toHex, toBase64url, fromHex } from "./relay-crypto.js";
import { readCopy, copyOf, MAX_COPY } from "./turns-copy.js";

/** NIP-78's kind of application data: addressable (a relay keeps a player's latest copy of a game). */
export const COPY_KIND = 30078;
/** A copy expires (NIP-40) this long after it was published; a game under way publishes at
 * least once in each of its deadlines. */
export const COPY_DAYS = 30;
const SALT = new TextEncoder().encode("tzaar turns v1");
const encoder = new TextEncoder();

/** A new seat: a Nostr key pair, {key: its secret (hex, kept in the record), me: its public key (hex)}. */
export async function newSeat({ schnorr } = {}) {
  schnorr ??= (await signatures()).schnorr;
  const { secretKey, publicKey } = schnorr.keygen();
  return { key: toHex(secretKey), me: toHex(publicKey) };
}

/** The room of a game whose host's public key is `host` (hex): 16 bytes of its SHA-256, base64url. */
export async function roomOf(host) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`tzaar turns host\n${host}`)));
  return toBase64url(digest.subarray(0, 16));
}

/** The game's keys from its link: {tag: the events' "d" tag (hex), copyKey: AES-GCM}. */
export async function turnsKeys(secret, room) {
  const ikm = encoder.encode(secret);
  return { tag: toHex(await hkdf(ikm, SALT, `tag|${room}`)), copyKey: await aesKey(await hkdf(ikm, SALT, `copy|${room}`)) };
}

const aadOf = (author) => `tzaar turns|${author}`;

/** `record`'s copy (turns-copy.js copyOf) as an event signed with its seat key, made `now`. */
export async function copyEvent(record, { tag, copyKey }, { now = Date.now(), schnorr } = {}) {
  schnorr ??= (await signatures()).schnorr;
  const secretKey = fromHex(record.key);
  const signer = { pubkey: record.me, sign: (id) => schnorr.signAsync(id, secretKey) };
  const created = Math.floor(now / 1000);
  const content = JSON.stringify({ c: await seal(copyKey, JSON.stringify(copyOf(record)), aadOf(record.me)) });
  return signedEvent(signer, { kind: COPY_KIND, tags: [["d", tag], ["expiration", String(created + COPY_DAYS * 86400)]], content, at: now });
}

/** An event from a relay read as a copy of this game: {author, at (ms), copy}, or null when it
 * is not one (another kind or tag, a signature that fails, a seal that does not open with the
 * game's key, or a copy of the wrong shape). */
export async function readCopyEvent(event, { tag, copyKey }, { schnorr } = {}) {
  if (!isEventOf(event, { kind: COPY_KIND, name: "d", value: tag, tags: 2, max: 2 * MAX_COPY })) return null;
  const content = readContent(event.content);
  if (!content || content.p !== undefined) return null;
  const text = await unseal(copyKey, content.c, aadOf(event.pubkey));
  const copy = text === null ? null : readCopy(text);
  if (!copy) return null;
  schnorr ??= (await signatures()).schnorr;
  if (!(await signatureHolds((sig, id, pub) => schnorr.verifyAsync(sig, id, pub), event))) return null;
  return { author: event.pubkey, at: event.created_at * 1000, copy };
}
