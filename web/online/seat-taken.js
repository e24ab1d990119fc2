// The marker on the relays that an invite's seat is taken. Two connected pages stop
// announcing on the relays (room.js quiet()), so a third page that opens the invite would
// find nobody to tell it the game is full; instead the host, once its guest has proved its
// seat, publishes one small stored event (an addressable Nostr event, kind TAKEN_KIND) under
// a tag derived from the room and the secret, saying which key holds the seat, with a MAC
// keyed by the secret; a guest page that has no seat yet reads it before it waits, and is
// told at once that the game already has two players (unless the seat is its own: a reload
// before its page knew it was bound). The relays see a random-looking tag and content, and
// the event expires after TAKEN_DAYS (NIP-40). Only an invite (a friend's game) needs it: a
// lobby pairing's room is known to its two pages alone.
//
//   await markTaken(config, {room, secret, guest})     // the host: the number of relays that took it
//   await seatTaken(config, {room, secret, me})        // a joining guest: true when the seat is another's
//
// What the relays send back is untrusted: an event counts only when its content's MAC checks.

import { signatures } from "./library.js";
import { signedEvent } from "./relay-crypto.js";
import { withRelays, publishTo, frameOf, TALK_WAIT_MS } from "./relay-sockets.js";

/** NIP-78's kind of application data: addressable (the relay keeps the latest per key and tag). */
export const TAKEN_KIND = 30078;
export const TAKEN_DAYS = 2;
/** How long a joining page waits for the relays' answers before it connects anyway. */
export const READ_WAIT_MS = TALK_WAIT_MS;

const encoder = new TextEncoder();
const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

async function sha256(text) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

async function mac(secret, text) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(`tzaar seat taken\n${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/** The marker's tag ("d") of an invite: only a page with the link can compute it. */
export function markerTag(room, secret) {
  return sha256(`tzaar seat taken\n${room}\n${secret}`);
}

/** The marker's content: the guest's public key (seat.js) and its MAC. */
export async function markerContent(room, secret, guest) {
  return JSON.stringify({ guest, mac: await mac(secret, `${room}\n${guest}`) });
}

/** The guest's key a marker's content names, if its MAC checks (else null). */
export async function markerGuest(content, room, secret) {
  let data;
  try {
    data = JSON.parse(content);
  } catch {
    return null;
  }
  if (!data || typeof data.guest !== "string" || data.guest.length > 100 || typeof data.mac !== "string") return null;
  return data.mac === (await mac(secret, `${room}\n${data.guest}`)) ? data.guest : null;
}

/** The marker as a signed Nostr event (a fresh key of its own), `now` in ms. */
export async function markerEvent({ room, secret, guest }, now = Date.now()) {
  const { schnorr } = await signatures();
  const { secretKey, publicKey } = schnorr.keygen();
  const created = Math.floor(now / 1000);
  const tags = [["d", await markerTag(room, secret)], ["expiration", String(created + TAKEN_DAYS * 86400)]];
  const signer = { pubkey: hex(publicKey), sign: (id) => schnorr.signAsync(id, secretKey) };
  return signedEvent(signer, { kind: TAKEN_KIND, tags, content: await markerContent(room, secret, guest), at: now });
}

/** The host: publish that `guest` (its public key) holds the seat of the invite {room,
 * secret}; resolves with the number of relays that accepted it. */
export async function markTaken(config, { room, secret, guest }, options = {}) {
  return publishTo(config.relays, await markerEvent({ room, secret, guest }), options);
}

/** A guest page with no seat yet (its own key `me`): is the seat of the invite {room, secret}
 * another page's? Asks every relay; true at the first valid marker naming another key; false
 * when every relay answered without one (or failed), or after READ_WAIT_MS. */
export async function seatTaken(config, { room, secret, me }, options = {}) {
  const tag = await markerTag(room, secret);
  let taken = false;
  const checks = [];
  await withRelays(config.relays, (socket, done, finish) => {
    const id = `taken${Math.random().toString(36).slice(2, 10)}`;
    socket.addEventListener("message", (message) => {
      const frame = frameOf(message);
      if (frame?.[1] !== id) return;
      if (frame[0] === "EOSE" || frame[0] === "CLOSED") {
        Promise.all(checks).then(done);
        return;
      }
      const event = frame[0] === "EVENT" ? frame[2] : null;
      if (event?.kind !== TAKEN_KIND || typeof event.content !== "string") return;
      checks.push(markerGuest(event.content, room, secret).then((guest) => {
        if (guest && guest !== me) {
          taken = true;
          finish();
        }
      }));
    });
    socket.send(JSON.stringify(["REQ", id, { kinds: [TAKEN_KIND], "#d": [tag], limit: 5 }]));
  }, options);
  return taken;
}
