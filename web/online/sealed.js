// The sealed channel of two bound pages. For each connection (each peer, each attempt) a page
// makes an ECDH key pair (P-256, WebCrypto); its public key goes in its hello, and each page's
// proof signs both pages' keys of that connection with its seat (seat.js, handshake.js). So
// once the proofs check, the two pages derive keys that only they can have (ECDH, then
// HKDF-SHA-256: one AES-GCM key a direction), and every message after the handshake travels
// sealed with them, numbered in each direction: a page in the middle of the connection, which
// could pass the hellos and proofs on, reads nothing and changes nothing; what it replays,
// reorders or sends again after dropping it is refused. No DOM, no network (node tests:
// tests/js/online-binding.test.mjs).
//
//   const mine = await connectionKeys();     // {privateKey, publicKey: base64url, 87 characters}
//   const channel = await openChannel({privateKey: mine.privateKey, keys: {host, guest}, role, room});  // null: not a key
//   const sealed = await channel.seal(text); // {t: "sealed", n, c}
//   const text = await channel.open(sealed); // the text, or null (another key, changed, replayed, out of order)

import { ecdhKeys, fromBase64url, hkdf, sharedBits, toBase64url } from "./relay-crypto.js";

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SALT = encoder.encode("tzaar online channel 1");

/** This page's key pair for one connection: {privateKey (not extractable), publicKey: the point, base64url}. */
export const connectionKeys = ecdhKeys;

const other = (role) => (role === "host" ? "guest" : "host");

/** The AES-GCM key of the messages of `from` (a role) in the channel of `bits` (ECDH). */
async function directionKey(bits, room, keys, from) {
  const bytes = await hkdf(bits, SALT, `${room}|${keys.host}|${keys.guest}|${from}>${other(from)}`);
  return subtle().importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The 12 bytes of a message's nonce: its number (never twice under one key). */
function iv(n) {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setUint32(8, n);
  return bytes;
}

/**
 * The channel of this page (`role`, its private key of the connection) with the other page,
 * the two pages' public keys of the connection being `keys` ({host, guest}); null when the
 * other's is not a point of the curve.
 */
export async function openChannel({ privateKey, keys, role, room }) {
  const bits = await sharedBits(privateKey, keys[other(role)]);
  if (!bits) return null;
  const [sending, receiving] = await Promise.all([directionKey(bits, room, keys, role), directionKey(bits, room, keys, other(role))]);
  return new SealedChannel(sending, receiving);
}

class SealedChannel {
  #sending;
  #receiving;
  #sent = 0; // the number of our last message
  #received = 0; // the number of their last message opened

  constructor(sending, receiving) {
    this.#sending = sending;
    this.#receiving = receiving;
  }

  /** `text` sealed as our next message: {t: "sealed", n, c}. */
  async seal(text) {
    this.#sent += 1;
    const n = this.#sent;
    const sealed = await subtle().encrypt({ name: "AES-GCM", iv: iv(n) }, this.#sending, encoder.encode(text));
    return { t: "sealed", n, c: toBase64url(new Uint8Array(sealed)) };
  }

  /** The text of the other page's sealed message {n, c}, or null: not sealed with the
   * channel's key, changed, or not numbered after the last one opened (replayed, reordered,
   * sent again). One message at a time (connection.js opens them in order). */
  async open({ n, c }) {
    if (!Number.isInteger(n) || n <= this.#received || n >= 2 ** 32) return null;
    const bytes = fromBase64url(c);
    if (!bytes) return null;
    let plain;
    try {
      plain = await subtle().decrypt({ name: "AES-GCM", iv: iv(n) }, this.#receiving, bytes);
    } catch {
      return null;
    }
    this.#received = n;
    return decoder.decode(plain);
  }
}
