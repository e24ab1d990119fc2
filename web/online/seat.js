// A player's seat in an online game and its proof. Each page makes a key pair (ECDSA P-256,
// WebCrypto) when its game starts and keeps it in the record (the private key as a JWK, so
// a reload keeps the seat); the public key goes in every hello. On every connection each
// page sends in its hello a key of that connection (sealed.js: fresh, so it is also the
// challenge), and the other page answers with its signature of both pages' keys of the
// connection (`proof`): a page is bound only once that signature checks with the key the
// record holds for the other player (on a first connection, the key its hello gave), and the
// keys it signed are those the two pages then seal every message with. The proof travels in
// the session's messages, whatever carries them. No DOM, no network (node tests:
// tests/js/online-seat.test.mjs).
//
//   const seat = await makeSeat();            // {key: private JWK, me: public key (base64url)}
//   const keys = {host, guest};               // the two pages' keys of the connection (sealed.js)
//   const sig = await prove(seat.key, {room, role: "guest", keys});
//   await proves(seat.me, {room, role: "guest", keys}, sig)   // true

const ECDSA = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };
/** What a signature is of: a fixed text, the room, the signer's role, the two pages' keys of the connection. */
const CONTEXT = "tzaar online seat 2";

/** Bytes as URL-safe base64 without padding. */
export function toBase64Url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** URL-safe base64 back to bytes (null when it is not). */
export function fromBase64Url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A new seat: {key: the private key as a JWK (kept in the record), me: the public key, the
 * curve's point uncompressed (65 bytes) in base64url (87 characters; sent in hello)}. */
export async function makeSeat() {
  const pair = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const [key, raw] = await Promise.all([crypto.subtle.exportKey("jwk", pair.privateKey), crypto.subtle.exportKey("raw", pair.publicKey)]);
  return { key, me: toBase64Url(new Uint8Array(raw)) };
}

function statement({ room, role, keys }) {
  return new TextEncoder().encode(`${CONTEXT}\n${room}\n${role}\n${keys.host}\n${keys.guest}`);
}

/** This page's signature (base64url, 86 characters) of the connection's `keys` ({host,
 * guest}: the two pages' keys of this connection), as the player of `role` in `room`, with
 * its private key `jwk`. */
export async function prove(jwk, { room, role, keys }) {
  const key = await crypto.subtle.importKey("jwk", jwk, ECDSA, false, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign(SIGNING, key, statement({ room, role, keys }))));
}

/** Whether `sig` is the signature of the connection's `keys` by the holder of the public key
 * `publicKey` (base64url), as the player of `role` in `room`. False for anything malformed. */
export async function proves(publicKey, { room, role, keys }, sig) {
  const raw = fromBase64Url(publicKey);
  const signature = fromBase64Url(sig);
  if (!raw || raw.length !== 65 || !signature || signature.length !== 64) return false;
  try {
    const key = await crypto.subtle.importKey("raw", raw, ECDSA, false, ["verify"]);
    return await crypto.subtle.verify(SIGNING, key, signature, statement({ room, role, keys }));
  } catch {
    return false; // not a point of the curve
  }
}
