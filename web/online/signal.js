// Small messages on the signalling network, without a connection between pages: publish a
// message on a topic, and hear the messages of a topic, through the host's Nostr relays
// (online.json). Each message is a signed Nostr event (ephemeral kind, tagged with its
// topic), made and signed by the network library (library.js); the relays pass it on to
// whoever listens to the topic. For the lobby: a player's wish is one such message.
//
//   const signal = await openSignal(config);         // config: loadConfig() (config.js)
//   const stop = signal.subscribe("tzaar/lobby", (data, from, text) => ...);  // data: parsed JSON; text: as it came
//   await signal.publish("tzaar/lobby", {wish: ...});
//   stop(); signal.close();
//
// What arrives is untrusted: at most MAX_SIGNAL characters, parsed as JSON and handed on as
// data with its text as it came (`from`: the sender's Nostr public key, hex); the caller
// checks its shape, and its length on that text.

import { freshLibrary } from "./library.js";

export const MAX_SIGNAL = 4096;

/** Open a socket to each relay of `config`; resolves once at least one is open (or all failed). */
export async function openSignal(config, { WebSocketClass = WebSocket } = {}) {
  const lib = await freshLibrary();
  const handlers = new Map(); // subscription id -> {topic, onData}
  const sockets = config.relays.map((url) => {
    const socket = new WebSocketClass(url);
    socket.addEventListener("open", () => {
      for (const [id, { topic }] of handlers) socket.send(lib.subscribe(id, topic));
    });
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || event.data.length > 4 * MAX_SIGNAL) return;
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!Array.isArray(frame) || frame[0] !== "EVENT" || !handlers.has(frame[1])) return;
      const content = frame[2]?.content;
      if (typeof content !== "string" || content.length > MAX_SIGNAL) return;
      let data;
      try {
        data = JSON.parse(content);
      } catch {
        return;
      }
      const seen = handlers.get(frame[1]).seen;
      const id = frame[2].id;
      if (seen.has(id)) return; // the same event from another relay
      seen.add(id);
      if (seen.size > 5000) seen.clear();
      handlers.get(frame[1]).onData(data, String(frame[2].pubkey ?? ""), content);
    });
    return socket;
  });
  await Promise.race([
    Promise.any(sockets.map((s) => new Promise((resolve, reject) => {
      s.addEventListener("open", resolve, { once: true });
      s.addEventListener("error", reject, { once: true });
    }))).catch(() => null),
    new Promise((resolve) => setTimeout(resolve, 10000)),
  ]);
  const open = () => sockets.filter((s) => s.readyState === 1);
  let next = 0;
  return {
    /** Whether some relay is connected. */
    get connected() {
      return open().length > 0;
    },
    /** Send `data` (JSON, at most MAX_SIGNAL characters as text) on `topic` to every open relay. */
    async publish(topic, data) {
      const text = JSON.stringify(data);
      if (text.length > MAX_SIGNAL) throw new RangeError(`A signal message is at most ${MAX_SIGNAL} characters.`);
      const event = await lib.createEvent(topic, text);
      for (const socket of open()) socket.send(event);
    },
    /** Hear `topic`: onData(data, from, text) for each message published from now on; returns the unsubscribe. */
    subscribe(topic, onData) {
      const id = `tz${(next += 1)}${Math.random().toString(36).slice(2, 8)}`;
      handlers.set(id, { topic, onData, seen: new Set() });
      for (const socket of open()) socket.send(lib.subscribe(id, topic));
      return () => {
        handlers.delete(id);
        for (const socket of open()) socket.send(JSON.stringify(["CLOSE", id]));
      };
    },
    close() {
      handlers.clear();
      for (const socket of sockets) socket.close();
    },
  };
}
