// The lobby's messages over Nostr relays: each message is the content of an ephemeral event
// (kind KIND, not stored by relays) tagged ["x", TOPIC], signed with a key made for this visit
// (schnorr over secp256k1, @noble/secp256k1); every page in the lobby subscribes to the same
// kind and tag on every relay of the configuration. A message comes once per relay: the copies
// are dropped here by event id (and the model drops what is left: lobby-model.js). The sender
// given to the model is the event's public key. This module knows Nostr, not the lobby.
//
//   const net = connectLobby({ relays, schnorr, onMessage: (text, sender) => ..., onStatus: (open) => ... });
//   net.publish(text);   // to every relay (queued until one is open)
//   net.close();         // unsubscribes, closes the sockets, stops reconnecting

import { MAX_MESSAGE } from "./lobby-messages.js";

/** The events' kind: ephemeral (20000-29999), relays pass them on and keep nothing. */
export const KIND = 21_432;
export const TOPIC = "tzaar-lobby-v1";
const SEEN = 4096; // event ids remembered, to drop the copies from other relays
const RETRY_FIRST = 2_000;
const RETRY_LONGEST = 60_000;

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A signer of events with a fresh key: {pubkey, sign(fields) -> the event}; `schnorr` is
 * @noble/secp256k1's. */
export function makeSigner(schnorr) {
  const { secretKey, publicKey } = schnorr.keygen();
  const pubkey = hex(publicKey);
  return {
    pubkey,
    async sign({ kind, tags, content }) {
      const created_at = Math.floor(Date.now() / 1000);
      const serial = JSON.stringify([0, pubkey, created_at, kind, tags, content]);
      const id = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(serial)));
      const sig = await schnorr.signAsync(id, secretKey);
      return { id: hex(id), pubkey, created_at, kind, tags, content, sig: hex(sig) };
    },
  };
}

/** The lobby's text of a relay's message (`data`), with its sender, or null. */
export function eventOf(data, subscription) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE * 4) return null;
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!Array.isArray(message) || message[0] !== "EVENT" || message[1] !== subscription) return null;
  const event = message[2];
  if (!event || typeof event !== "object" || event.kind !== KIND || typeof event.content !== "string") return null;
  if (typeof event.id !== "string" || typeof event.pubkey !== "string") return null;
  if (!Array.isArray(event.tags) || !event.tags.some((tag) => Array.isArray(tag) && tag[0] === "x" && tag[1] === TOPIC)) return null;
  return { id: event.id, text: event.content, sender: event.pubkey };
}

/** Connect to `relays` (wss:// or ws:// URLs); see the top of the file. */
export function connectLobby({ relays, schnorr, onMessage, onStatus = () => {}, Socket = WebSocket }) {
  const signer = makeSigner(schnorr);
  const subscription = hex(crypto.getRandomValues(new Uint8Array(8)));
  const seen = new Set();
  const sockets = new Map(); // url -> {socket, open, retry, timer}
  const queue = [];
  let closed = false;

  const openCount = () => [...sockets.values()].filter((r) => r.open).length;
  const received = (data) => {
    const event = eventOf(data, subscription);
    if (!event || seen.has(event.id)) return;
    seen.add(event.id);
    if (seen.size > SEEN) seen.delete(seen.values().next().value);
    onMessage(event.text, event.sender);
  };
  const connect = (url) => {
    const relay = sockets.get(url) ?? { retry: RETRY_FIRST };
    sockets.set(url, relay);
    let socket;
    try {
      socket = new Socket(url);
    } catch {
      return; // not a WebSocket URL: this relay is left out
    }
    relay.socket = socket;
    relay.open = false;
    socket.addEventListener("open", () => {
      relay.open = true;
      relay.retry = RETRY_FIRST;
      const since = Math.floor(Date.now() / 1000) - 60;
      socket.send(JSON.stringify(["REQ", subscription, { kinds: [KIND], "#x": [TOPIC], since }]));
      for (const event of queue) socket.send(JSON.stringify(["EVENT", event]));
      if (openCount() === 1) queue.length = 0; // (the first relay open took the queue)
      onStatus(openCount());
    });
    socket.addEventListener("message", (message) => received(message.data));
    socket.addEventListener("close", () => {
      const was = relay.open;
      relay.open = false;
      if (was) onStatus(openCount());
      if (closed) return;
      relay.timer = setTimeout(() => connect(url), relay.retry);
      relay.retry = Math.min(RETRY_LONGEST, relay.retry * 2);
    });
  };
  for (const url of relays) connect(url);

  return {
    pubkey: signer.pubkey,
    /** Publish `text` to every relay open (kept for the first to open when none is). */
    async publish(text) {
      const event = await signer.sign({ kind: KIND, tags: [["x", TOPIC]], content: text });
      if (closed) return;
      const open = [...sockets.values()].filter((r) => r.open);
      if (!open.length) queue.push(event);
      for (const relay of open) relay.socket.send(JSON.stringify(["EVENT", event]));
    },
    /** Whether at least one relay is open. */
    get connected() {
      return openCount() > 0;
    },
    close() {
      closed = true;
      for (const relay of sockets.values()) {
        clearTimeout(relay.timer);
        try {
          if (relay.open) relay.socket.send(JSON.stringify(["CLOSE", subscription]));
          relay.socket?.close();
        } catch {
          // already closing
        }
      }
    },
  };
}
