// The relay path's event format and cryptography: a game's messages carried as Nostr events
// through the signalling relays, readable and writable only by the two pages. Pure (WebCrypto
// and an injected Schnorr signer, no network): node tests in tests/js/online-relay.test.mjs.
//
// From the game's secret (the invite's, or the lobby's derived one) and its room, HKDF gives:
// the topic (the events' "x" tag: 64 hex digits, nothing readable), the events' kind (ephemeral,
// 20000-29999: relays pass it on and keep nothing), the announcement key and the pairs' salt.
// Each page makes, per connection attempt, a Nostr key (secp256k1, to sign its events: relays
// want them signed) and an ECDH key (P-256, WebCrypto).
//
//   announcement: content {"c": seal(announceKey, {v, e: its ECDH public key}, aad: author)}
//                 signed; the receiver checks the signature (only the author's page can make it)
//   message:      content {"p": recipient, "c": seal(boxKey, frame, aad: "author>recipient")}
//                 boxKey from ECDH between the two pages' keys, salted by the secret: only the
//                 two pages can open or make it, so its author needs no further check
//
//   const game = await gameKeys(secret, room);         // {topic, kind, announceKey, pairSalt}
//   const mine = await ecdhKeys();                     // {privateKey, publicKey: base64url}
//   const pair = await pairKeys(mine.privateKey, theirs, game.pairSalt, myNostr, theirNostr);  // {box, proof}
//   const sealed = await seal(pair.box, text, aad);    const text = await unseal(pair.box, sealed, aad);  // null: refused
//   const event = await signedEvent(signer, {kind, topic, content});   await signatureHolds(verify, event)

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const subtle = () => globalThis.crypto.subtle;

/** The version of the relay path's format (in announcements): 2 since the link's frames are
 * numbered (relay-link.js `f`); a page of another version is not heard. */
export const RELAY_VERSION = 2;
const SALT = encoder.encode("tzaar relay path v1");
const HEX64 = /^[0-9a-f]{64}$/;
const SIG = /^[0-9a-f]{128}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The longest sealed text read (base64url): an honest frame (relay-link.js: 6,000 characters, or one
 * message of at most 8,192 characters, at most 25 KB of UTF-8) fits. */
export const MAX_SEALED = 48000;

export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
export function fromHex(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
export function toBase64url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function fromBase64url(text) {
  if (typeof text !== "string" || !BASE64URL.test(text) || text.length % 4 === 1) return null;
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}
/** Whether `text` is a Nostr public key or event id: 64 lowercase hex digits. */
export const isHex64 = (text) => typeof text === "string" && HEX64.test(text);

/** `bits` bits from HKDF-SHA-256 of the bytes `ikm`, salted, for `info`. */
export async function hkdf(ikm, salt, info, bits = 256) {
  const key = await subtle().importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await subtle().deriveBits({ name: "HKDF", hash: "SHA-256", salt, info: encoder.encode(info) }, key, bits));
}
/** An AES-GCM key of the bytes `bytes` (for seal and unseal). */
export const aesKey = (bytes) => subtle().importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);

/** The game's relay keys from its secret and room: {topic, kind, announceKey, pairSalt}. */
export async function gameKeys(secret, room) {
  const ikm = encoder.encode(secret);
  const topicBytes = await hkdf(ikm, SALT, `topic|${room}`);
  return {
    topic: toHex(topicBytes),
    kind: 20000 + (((topicBytes[0] << 8) | topicBytes[1]) % 10000),
    announceKey: await aesKey(await hkdf(ikm, SALT, `announce|${room}`)),
    pairSalt: await hkdf(ikm, SALT, `pair|${room}`),
  };
}

/** A page's ECDH key for one attempt: {privateKey (not extractable), publicKey: base64url of the raw point}. */
export async function ecdhKeys() {
  const pair = await subtle().generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  return { privateKey: pair.privateKey, publicKey: toBase64url(new Uint8Array(await subtle().exportKey("raw", pair.publicKey))) };
}

/** The ECDH secret (32 bytes) of our `privateKey` and `theirs` (base64url of a raw point);
 * null when `theirs` is not a public key of the curve. */
export async function sharedBits(privateKey, theirs) {
  const raw = fromBase64url(theirs);
  if (!raw || raw.length !== 65) return null;
  try {
    const key = await subtle().importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return new Uint8Array(await subtle().deriveBits({ name: "ECDH", public: key }, privateKey, 256));
  } catch {
    return null;
  }
}

/** The two pages' keys, the same on both sides: {box (AES-GCM: their messages), proof (HMAC:
 * a direct connection shown to be theirs)}; null when `theirs` is not a public key of the curve. */
export async function pairKeys(privateKey, theirs, pairSalt, myNostr, theirNostr) {
  const bits = await sharedBits(privateKey, theirs);
  if (!bits) return null;
  const names = [myNostr, theirNostr].sort().join("|");
  const proof = await subtle().importKey("raw", await hkdf(bits, pairSalt, `proof|${names}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  return { box: await aesKey(await hkdf(bits, pairSalt, `box|${names}`)), proof };
}

/** `text` encrypted and authenticated with `key`, bound to `aad`: base64url of iv and ciphertext. */
export async function seal(key, text, aad) {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(aad) }, key, encoder.encode(text)));
  const out = new Uint8Array(12 + sealed.length);
  out.set(iv);
  out.set(sealed, 12);
  return toBase64url(out);
}

/** The text sealed by `seal` with the same key and `aad`, or null (another key or aad, tampered, malformed). */
export async function unseal(key, sealed, aad) {
  if (typeof sealed !== "string" || sealed.length > MAX_SEALED) return null;
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < 12 + 16) return null;
  try {
    const plain = await subtle().decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(aad) }, key, bytes.subarray(12));
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

/** An HMAC of `text` with the pair's proof key (base64url); proofHolds checks one. */
export async function proofOf(key, text) {
  return toBase64url(new Uint8Array(await subtle().sign("HMAC", key, encoder.encode(text))));
}
export async function proofHolds(key, text, proof) {
  const bytes = fromBase64url(proof);
  return Boolean(bytes) && subtle().verify("HMAC", key, bytes, encoder.encode(text));
}

/** A Nostr event's id: the SHA-256 of its serialisation (NIP-01), hex. */
export async function eventId({ pubkey, created_at, kind, tags, content }) {
  const text = JSON.stringify([0, pubkey, created_at, kind, tags, content]);
  return toHex(new Uint8Array(await subtle().digest("SHA-256", encoder.encode(text))));
}

/** A signed Nostr event of `kind` on `topic` (its "x" tag), or with `tags`, with `content`.
 * `signer`: {pubkey (hex), sign(idBytes) -> signature bytes (Schnorr, BIP-340)}. */
export async function signedEvent(signer, { kind, topic, tags = [["x", topic]], content, at = Date.now() }) {
  const event = { pubkey: signer.pubkey, created_at: Math.floor(at / 1000), kind, tags, content };
  event.id = await eventId(event);
  event.sig = toHex(await signer.sign(fromHex(event.id)));
  return event;
}

/** Whether `event` is a Nostr event of `kind` whose first tag is [name, value]: its keys,
 * sizes (content at most `max` characters), signature's form (not checked: signatureHolds). */
export function isEventOf(event, { kind, name, value, tags = 1, max = MAX_SEALED + 100 }) {
  return Boolean(
    event && typeof event === "object" && event.kind === kind && isHex64(event.pubkey) && isHex64(event.id) &&
    typeof event.sig === "string" && SIG.test(event.sig) && Number.isInteger(event.created_at) &&
    Array.isArray(event.tags) && event.tags.length >= 1 && event.tags.length <= tags && event.tags.every((tag) => Array.isArray(tag) && tag.length === 2 && tag.every((part) => typeof part === "string" && part.length <= 100)) &&
    event.tags[0][0] === name && event.tags[0][1] === value && typeof event.content === "string" && event.content.length <= max,
  );
}

/** Whether `event` has the shape of one of this game's events: kind, topic, keys, sizes. */
export function isGameEvent(event, { kind, topic }) {
  return isEventOf(event, { kind, name: "x", value: topic });
}

/** Whether `event`'s id is its content's and its signature is its author's. `verify(sig, id,
 * pubkey)` (bytes) -> boolean, the Schnorr check. */
export async function signatureHolds(verify, event) {
  if (!isHex64(event?.id) || (await eventId(event)) !== event.id) return false;
  try {
    return Boolean(await verify(fromHex(event.sig), fromHex(event.id), fromHex(event.pubkey)));
  } catch {
    return false;
  }
}

/** An event's content read: {c: sealed, p?: recipient}, or null. */
export function readContent(content) {
  let data;
  try {
    data = JSON.parse(content);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || typeof data.c !== "string") return null;
  if (Object.keys(data).some((k) => k !== "c" && k !== "p") || (data.p !== undefined && !isHex64(data.p))) return null;
  return data;
}
