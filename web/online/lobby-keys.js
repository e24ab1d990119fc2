// The two paired players' own room and secret, which nobody else in the lobby can know: each
// lobby visit makes an ECDH key pair (P-256, WebCrypto); the wish and the proposal carry the
// public keys (lobby-messages.js), and each of the two players derives the same 32 bytes
// from their own private key, the other's public key and the proposal's ids (HKDF-SHA-256).
// The lobby's messages are public: the secret never goes over the network.

const CURVE = { name: "ECDH", namedCurve: "P-256" };

const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unbase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A fresh key pair: {privateKey (a CryptoKey that cannot be exported), publicText (87 characters)}. */
export async function makeKeys() {
  const pair = await crypto.subtle.generateKey(CURVE, false, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, publicText: base64url(raw) };
}

/**
 * The game's {room, secret} of a pairing (lobby-model.js `paired`: its pid, owner and proposer
 * ids), from this player's `privateKey` and the opponent's public key text: the same on both
 * pages. room: 32 hex digits; secret: 32 base64url characters. Rejects when the key text is not
 * a point of the curve.
 */
export async function deriveGame(privateKey, theirPublicText, { pid, owner, proposer }) {
  const theirs = await crypto.subtle.importKey("raw", unbase64url(theirPublicText), CURVE, false, []);
  const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: theirs }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveBits"]);
  const info = new TextEncoder().encode(`tzaar lobby game ${pid} ${owner} ${proposer}`);
  const params = { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info };
  const bytes = new Uint8Array(await crypto.subtle.deriveBits(params, hkdf, 40 * 8));
  return { room: hex(bytes.subarray(0, 16)), secret: base64url(bytes.subarray(16, 40)) };
}
