// The network library of online play (Trystero's Nostr strategy, bundled by build.py into
// online/lib/trystero.js), imported on first use.
//
// Each connection attempt gets a fresh instance of the library (its own relay sockets and
// its own announcing): once two pages are connected, room.js closes that instance's relay
// sockets, which stops its announcing on the public relays at once (the library would go on
// announcing once a minute otherwise); a later reconnection starts from a fresh instance,
// with no back-off left over from the closed sockets.

// (One literal URL per file, so that build.py stamps each with the release: "?HASH".)
const TRYSTERO = new URL("./lib/trystero.js", import.meta.url);
let instances = 0;

/** A fresh instance of the library module (the same file at another URL is another module). */
export function freshLibrary() {
  instances += 1;
  return import(instances === 1 ? TRYSTERO.href : `${TRYSTERO.href}&instance=${instances}`);
}

/** The Schnorr signatures of Nostr events ({schnorr, secp256k1}: @noble/secp256k1, bundled with
 * Trystero), for the relay path (relay-path.js) and the marker of a taken seat (seat-taken.js);
 * the first instance, which holds no state of a room for it. */
export function signatures() {
  return import(TRYSTERO.href);
}

/** The QR code encoder (online/lib/qrcode.js), on first use. */
export function qrEncoder() {
  return import("./lib/qrcode.js");
}
