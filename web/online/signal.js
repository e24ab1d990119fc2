// Small messages on the signalling network, without a connection between pages: publish a
// message on a topic, and hear the messages of a topic, through the host's Nostr relays
// (online.json). Each message is a signed Nostr event (ephemeral kind, tagged with its
// topic), made and signed by the network library (library.js) with a key of this signal's
// own; the relays pass it on to whoever listens to the topic. For the lobby: a player's wish
// is one such message, and the player's id is its key's (lobby-model.js idOf).
//
//   const signal = await openSignal(config);         // config: loadConfig() (config.js)
//   signal.author                                    // this page's Nostr public key (hex)
//   const stop = signal.subscribe("tzaar/lobby", (data, from, text) => ...);  // data: parsed JSON; text: as it came
//   await signal.publish("tzaar/lobby", {wish: ...});
//   stop(); signal.close();
//
// What arrives is untrusted. An event is handed on only when it is of the topic (its kind, its
// tag), its content at most MAX_SIGNAL characters of JSON, its id that content's hash and its
// Schnorr signature its author's (relay-crypto.js signatureHolds): a relay can neither change a
// message nor pass one under another's key. Then `from` is its author's key (hex), data the
// content parsed, text the content as it came (the caller checks its shape, and its length on
// that text). Each event is handed on once (a copy from another relay is not checked again),
// in the order it came; the page's own come back from the relays and are not. The signatures
// are checked at most VERIFY.burst at once, then VERIFY.perSecond (each costs milliseconds of
// the page's CPU); events past that wait, at most VERIFY.waiting of them, and the rest of a
// flood (fresh keys cost nothing to make) is dropped.

import { freshLibrary } from "./library.js";
import { isEventOf, signatureHolds } from "./relay-crypto.js";
import { RateLimit } from "./protocol.js";

export const MAX_SIGNAL = 4096;
/** The signatures' budget: `burst` checked at once (a lobby of hundreds answers a hello at
 * once), then `perSecond`; at most `waiting` events wait for theirs. */
export const VERIFY = { burst: 300, perSecond: 30, waiting: 1000 };
const SEEN = 5000; // the events' ids remembered (each handed on once)

/** Open a socket to each relay of `config`; resolves once at least one is open (or all failed).
 * (`library`, `limits`: library.js's instance and VERIFY, replaced by tests.) */
export async function openSignal(config, { WebSocketClass = WebSocket, library = freshLibrary, limits = VERIFY } = {}) {
  const lib = await library();
  const author = JSON.parse(await lib.createEvent("tzaar-signal-author", ""))[1].pubkey; // (signed, never sent)
  const verify = (sig, id, pubkey) => lib.schnorr.verifyAsync(sig, id, pubkey);
  const handlers = new Map(); // subscription id -> {topic, kind, onData}
  const seen = new Set(); // ids of the events handed on
  const waiting = []; // [subscription id, event, data] whose signatures are not checked yet, in the order they came
  const budget = new RateLimit({ burst: limits.burst, perSecond: limits.perSecond }); // (the signatures checked)
  let checking = false;
  let closed = false;

  /** A frame from a relay: an event of a subscription, of its topic, not seen, waits for its check. */
  const heard = (text) => {
    if (typeof text !== "string" || text.length > 4 * MAX_SIGNAL) return;
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(frame) || frame[0] !== "EVENT" || !handlers.has(frame[1])) return;
    const { topic, kind } = handlers.get(frame[1]);
    const event = frame[2];
    if (!isEventOf(event, { kind, name: "x", value: topic, max: MAX_SIGNAL }) || event.pubkey === author || seen.has(event.id)) return;
    let data;
    try {
      data = JSON.parse(event.content);
    } catch {
      return;
    }
    if (waiting.length >= limits.waiting) return;
    waiting.push([frame[1], event, data]);
    check();
  };

  /** The events waiting, checked one at a time in the order they came, and handed on. */
  const check = async () => {
    if (checking) return;
    checking = true;
    while (waiting.length && !closed) {
      const [id, event, data] = waiting[0];
      if (!handlers.has(id) || seen.has(event.id)) {
        waiting.shift(); // (unsubscribed, or a copy from another relay of an event handed on)
        continue;
      }
      if (!budget.take(Date.now())) {
        await new Promise((resolve) => setTimeout(resolve, budget.wait(Date.now())));
        continue;
      }
      waiting.shift();
      if (!(await signatureHolds(verify, event)) || closed || !handlers.has(id) || seen.has(event.id)) continue;
      if (seen.size >= SEEN) seen.clear();
      seen.add(event.id);
      try {
        handlers.get(id).onData(data, event.pubkey, event.content);
      } catch (error) {
        setTimeout(() => {
          throw error; // (reported, the others still handed on)
        });
      }
    }
    checking = false;
  };

  const sockets = config.relays.map((url) => {
    const socket = new WebSocketClass(url);
    socket.addEventListener("open", () => {
      for (const [id, { topic }] of handlers) socket.send(lib.subscribe(id, topic));
    });
    socket.addEventListener("message", (event) => heard(event.data));
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
    /** This page's Nostr public key (hex): the author of what it publishes. */
    author,
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
      const request = lib.subscribe(id, topic);
      handlers.set(id, { topic, kind: JSON.parse(request)[2].kinds[0], onData });
      for (const socket of open()) socket.send(request);
      return () => {
        handlers.delete(id);
        for (const socket of open()) socket.send(JSON.stringify(["CLOSE", id]));
      };
    },
    close() {
      closed = true;
      waiting.length = 0;
      handlers.clear();
      for (const socket of sockets) socket.close();
    },
  };
}
