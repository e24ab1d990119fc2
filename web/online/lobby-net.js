// The lobby's messages over Nostr relays: each message is the content of an event made by
// Trystero's Nostr strategy (its `createEvent(topic, text)`: an ephemeral kind, which relays
// pass on and do not keep, tagged ["x", TOPIC], signed with the page's own key) and every page
// in the lobby subscribes (Trystero's `subscribe(id, topic)`: that kind and tag, from now on)
// on every relay of the configuration, over sockets of its own. A message comes once per
// relay: the copies are dropped here by event id (and the model drops what is left:
// lobby-model.js). The sender given to the model is the event's public key. This module knows
// Nostr, not the lobby; it opens no peer connection.
//
//   const net = connectLobby({ relays, nostr, onMessage: (text, sender) => ..., onStatus: (open) => ... });
//   net.publish(text);   // to every relay (queued until one is open)
//   net.close();         // unsubscribes, closes the sockets, stops reconnecting
// `nostr`: {createEvent, subscribe}, from the bundled Trystero (online/lib/trystero.js).

import { MAX_MESSAGE } from "./lobby-messages.js";

export const TOPIC = "tzaar-lobby-v1";
const SEEN = 4096; // event ids remembered, to drop the copies from other relays
const RETRY_FIRST = 2_000;
const RETRY_LONGEST = 60_000;

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

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
  if (!event || typeof event !== "object" || typeof event.content !== "string") return null;
  if (typeof event.id !== "string" || typeof event.pubkey !== "string") return null;
  if (!Array.isArray(event.tags) || !event.tags.some((tag) => Array.isArray(tag) && tag[0] === "x" && tag[1] === TOPIC)) return null;
  return { id: event.id, text: event.content, sender: event.pubkey };
}

/** Connect to `relays` (wss:// or ws:// URLs); see the top of the file. */
export function connectLobby({ relays, nostr, onMessage, onStatus = () => {}, Socket = WebSocket }) {
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
      socket.send(nostr.subscribe(subscription, TOPIC));
      for (const event of queue) socket.send(event);
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
    /** Publish `text` to every relay open (kept for the first to open when none is). */
    async publish(text) {
      const event = await nostr.createEvent(TOPIC, text); // ["EVENT", {...}] as text
      if (closed) return;
      const open = [...sockets.values()].filter((r) => r.open);
      if (!open.length) queue.push(event);
      for (const relay of open) relay.socket.send(event);
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
