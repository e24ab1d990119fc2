// Stored events on the relays of online.json, without a room: an event published to every relay
// (resolves with how many took it), a short talk with each relay, and a watch that reads the
// stored events of a filter and then hears the new ones while it is open, reconnecting a relay
// that drops. The marker of a taken seat (seat-taken.js) and the copies of games by turns
// (turns-events.js) use them. What comes from a relay is untrusted: frames of at most
// MAX_FRAME characters, read as JSON arrays; the caller checks each event.
//
//   await publishTo(relays, event)                      // the number of relays that took it
//   await withRelays(relays, (socket, done, finish) => ...)
//   const watch = new RelayWatch(relays, filter, {onEvent(event, relay), onRead(at)});   // filter: one, or a list
//   watch.start(); watch.live(); watch.close();

/** How long a short talk waits for the relays' answers. */
export const TALK_WAIT_MS = 4000;
export const MAX_FRAME = 65536;
const BACKOFF_MS = [1000, 60000]; // a watch's socket reopened: from, up to
/** How long a watch waits for a relay that neither answers nor fails before its read is over. */
export const READ_WAIT_MS = 8000;

/** A relay's frame as a JSON array (anything else: null). */
export function frameOf(message) {
  if (typeof message.data !== "string" || message.data.length > MAX_FRAME) return null;
  try {
    const frame = JSON.parse(message.data);
    return Array.isArray(frame) ? frame : null;
  } catch {
    return null;
  }
}

/** Open a socket to each relay, run `talk(socket, done, finish)` on each once open; resolves
 * when every socket is done, failed or closed, at finish(), or after `wait` ms (the sockets
 * then close). */
export function withRelays(relays, talk, { WebSocketClass = WebSocket, wait = TALK_WAIT_MS } = {}) {
  return new Promise((resolve) => {
    let left = relays.length;
    const sockets = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      for (const socket of sockets) socket.close();
      resolve();
    };
    const timer = setTimeout(finish, wait);
    if (!left) finish();
    for (const url of relays) {
      let over = false;
      const done = () => {
        if (over) return;
        over = true;
        if ((left -= 1) === 0) finish();
      };
      let socket;
      try {
        socket = new WebSocketClass(url);
      } catch {
        done();
        continue;
      }
      sockets.push(socket);
      socket.addEventListener("open", () => talk(socket, done, finish));
      socket.addEventListener("error", done);
      socket.addEventListener("close", done);
    }
  });
}

/** Publish the signed `event` to every relay; resolves with the number of relays that took it
 * (answered OK true) within the wait. */
export async function publishTo(relays, event, options = {}) {
  let accepted = 0;
  await withRelays(relays, (socket, done) => {
    socket.addEventListener("message", (message) => {
      const frame = frameOf(message);
      if (frame?.[0] !== "OK" || frame[1] !== event.id) return;
      if (frame[2] === true) accepted += 1;
      done();
    });
    socket.send(JSON.stringify(["EVENT", event]));
  }, options);
  return accepted;
}

/**
 * A subscription of `filter` (NIP-01; or a list of filters, in one REQ) on every relay, kept
 * while open: onEvent(event, relay) for each event a relay sends (the stored ones first, then
 * each new one; the same event may come from every relay, and again after a reconnection),
 * onRead(at) once every relay has sent
 * its stored events or failed (or READ_WAIT_MS passed), `at` the moment the subscription was
 * asked (what the relays had then is read). A relay whose socket closes is opened again (1 s,
 * doubling up to a minute).
 */
export class RelayWatch {
  #relays;
  #filter;
  #on;
  #WebSocketClass;
  #sockets = new Map(); // url -> {socket, backoff, retry, read, asked (its subscription unanswered since, or 0)}
  #id = `tw${Math.random().toString(36).slice(2, 10)}`;
  #asked = 0;
  #read = false;
  #closed = false;
  #readTimer = 0;

  constructor(relays, filter, { onEvent, onRead = () => {}, WebSocketClass = WebSocket }) {
    this.#relays = relays;
    this.#filter = filter;
    this.#on = { onEvent, onRead };
    this.#WebSocketClass = WebSocketClass;
  }

  start() {
    this.#asked = Date.now();
    this.#readTimer = setTimeout(() => this.#readAll(), READ_WAIT_MS);
    for (const url of this.#relays) this.#open(url, { backoff: BACKOFF_MS[0], retry: 0, read: false });
  }

  #open(url, relay) {
    if (this.#closed) return;
    this.#sockets.set(url, relay);
    let socket;
    try {
      socket = relay.socket = new this.#WebSocketClass(url);
    } catch {
      return this.#readFrom(relay);
    }
    socket.addEventListener("open", () => {
      relay.backoff = BACKOFF_MS[0];
      relay.asked = Date.now();
      socket.send(JSON.stringify(["REQ", this.#id, ...[this.#filter].flat()]));
    });
    socket.addEventListener("message", (message) => {
      const frame = frameOf(message);
      if (!frame || frame[1] !== this.#id) return;
      if (frame[0] === "EVENT" && frame[2] && typeof frame[2] === "object") this.#on.onEvent(frame[2], url);
      else if (frame[0] === "EOSE" || frame[0] === "CLOSED") this.#readFrom(relay);
    });
    socket.addEventListener("close", () => {
      this.#readFrom(relay); // (a relay down counts as read: the others have the copies too)
      if (this.#closed || relay.socket !== socket) return;
      relay.retry = setTimeout(() => this.#open(url, relay), relay.backoff);
      relay.backoff = Math.min(relay.backoff * 2, BACKOFF_MS[1]);
    });
  }

  #readFrom(relay) {
    relay.read = true;
    relay.asked = 0;
    const relays = [...this.#sockets.values()];
    if (relays.length === this.#relays.length && relays.every((r) => r.read)) this.#readAll();
  }

  #readAll() {
    clearTimeout(this.#readTimer);
    if (this.#read || this.#closed) return;
    this.#read = true;
    this.#on.onRead(this.#asked);
  }

  /** Whether the watch has heard, by `now`, every event the relays had: its first read done,
   * and no relay asked again (reopened) without answering yet (one that does not answer within
   * READ_WAIT_MS, or is down, counts as read, as in the first read). */
  live(now = Date.now()) {
    if (!this.#read || this.#closed) return false;
    return [...this.#sockets.values()].every((relay) => !relay.asked || now - relay.asked >= READ_WAIT_MS);
  }

  close() {
    this.#closed = true;
    clearTimeout(this.#readTimer);
    for (const relay of this.#sockets.values()) {
      clearTimeout(relay.retry);
      relay.socket?.close();
    }
  }
}
