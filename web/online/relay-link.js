// One page's link to another over the relay path: messages in order, each once, whatever the
// relays drop, repeat or reorder. Pure (the time is passed in): node tests in
// tests/js/online-relay.test.mjs; relay-path.js carries its frames as sealed Nostr events.
//
// A frame is JSON {f, a, s, m, bye?}: `f` numbers the frames of the link's side (1 is its
// first, each frame sent or sent again a new one), `a` acknowledges every message of the other
// side up to that number (it rides on every frame), `m` holds messages numbered from `s` (1 is
// a link's first). Only a frame numbered after every one heard counts as the other side heard:
// a relay that sends a captured frame again (the sealed frame as it was, under a new event id)
// keeps no departed page present.
// Messages sent within COALESCE_MS go in one frame; an acknowledgement goes alone only when
// nothing else went for ACK_DELAY_MS; a message unacknowledged after the retransmission time
// goes again (with those after it), the time doubling up to RTO_MAX_MS; an idle link sends a
// frame every HEARTBEAT_MS, and one that hears nothing for SILENCE_MS is gone. Frames are
// rationed (BURST, then PER_SECOND): messages wait, then go together. What is held out of order
// is bounded (WINDOW messages, HELD_BYTES); a frame that claims the impossible (an ack of a
// message never sent, a number out of range) is refused. What waits for the other side's
// acknowledgement is bounded too (OUT_MESSAGES, OUT_BYTES): a peer that keeps talking but
// acknowledges nothing is heard, never silent, so past that bound the link gives it up as gone
// (`lost`) and keeps nothing more; an honest game never comes near it.
//
//   const link = new RelayLink(now);
//   link.send(text, now);
//   const {frame, wake} = link.due(now);      // a frame to send now (or null); ask again at `wake`
//   const got = link.receive(frame, now);     // {ok, deliver: [text], bye}
//   link.silent(now)                           // heard nothing for SILENCE_MS
//   link.lost(now)                             // silent, or too much unacknowledged: the peer is gone

export const LINK = Object.freeze({
  COALESCE_MS: 15,
  ACK_DELAY_MS: 1500,
  RTO_MS: 3000,
  RTO_MAX_MS: 30000,
  HEARTBEAT_MS: 15000,
  SILENCE_MS: 45000,
  WINDOW: 32,
  HELD_BYTES: 64 * 1024,
  OUT_MESSAGES: 1000,
  OUT_BYTES: 1024 * 1024,
  MAX_MESSAGE: 8192,
  FRAME_CHARS: 6000,
  BURST: 10,
  PER_SECOND: 2,
});
/** The longest frame read (characters): a frame of FRAME_CHARS, or one message of MAX_MESSAGE, escaped. */
export const MAX_FRAME = 3 * LINK.MAX_MESSAGE;

const isCount = (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 31;

export class RelayLink {
  #limits;
  #out = []; // [{seq, text}]: sent or to send, not acknowledged yet
  #outBytes = 0; // the characters of #out's texts
  #overrun = false; // #out passed OUT_MESSAGES or OUT_BYTES: the peer is given up
  #next = 1; // the number of our next message
  #sentUpTo = 0; // our messages that went at least once
  #rto;
  #retransmitAt = Infinity;
  #flushAt = Infinity;
  #lastSent;
  #lastHeard;
  #framesSent = 0; // the number of our last frame
  #framesHeard = 0; // the highest number of a frame of theirs taken
  #received = 0; // theirs delivered, in order, up to this number
  #held = new Map(); // seq -> text: theirs that came early
  #heldBytes = 0;
  #ackOwedSince = null;
  #tokens;
  #tokensAt;
  heartbeats = true; // (off for a link that only drains: the game moved to a direct connection)

  constructor(now, limits = LINK) {
    this.#limits = limits;
    this.#rto = limits.RTO_MS;
    this.#lastSent = now;
    this.#lastHeard = now;
    this.#tokens = limits.BURST;
    this.#tokensAt = now;
  }

  /** Messages sent and not acknowledged yet. */
  get unacknowledged() {
    return this.#out.length;
  }

  /** Queue `text` (one message); it goes with the next frame, within COALESCE_MS. Past the
   * bound of what waits unacknowledged, nothing is kept: the link is lost. */
  send(text, now) {
    const L = this.#limits;
    if (this.#overrun || this.#out.length + 1 > L.OUT_MESSAGES || this.#outBytes + text.length > L.OUT_BYTES) {
      this.#overrun = true;
      return;
    }
    this.#out.push({ seq: this.#next, text });
    this.#outBytes += text.length;
    this.#next += 1;
    this.#flushAt = Math.min(this.#flushAt, now + this.#limits.COALESCE_MS);
  }

  /** Whether nothing was heard for SILENCE_MS. */
  silent(now) {
    return now - this.#lastHeard >= this.#limits.SILENCE_MS;
  }

  /** Whether the peer is gone: silent, or holding back the acknowledgement of more than this
   * link keeps (OUT_MESSAGES, OUT_BYTES). */
  lost(now) {
    return this.#overrun || this.silent(now);
  }

  #refill(now) {
    const L = this.#limits;
    this.#tokens = Math.min(L.BURST, this.#tokens + ((now - this.#tokensAt) / 1000) * L.PER_SECOND);
    this.#tokensAt = now;
  }

  /** What to send now: {frame: JSON text or null, wake: when to ask again (ms, Infinity: nothing planned)}. */
  due(now) {
    const L = this.#limits;
    const unsent = this.#out.length && this.#out[this.#out.length - 1].seq > this.#sentUpTo;
    let from = null; // the messages of the frame, from this index of #out
    let why = null;
    if (unsent && now >= this.#flushAt) [from, why] = [this.#out.findIndex((m) => m.seq > this.#sentUpTo), "new"];
    else if (this.#out.length && now >= this.#retransmitAt) [from, why] = [0, "again"];
    else if (this.#ackOwedSince !== null && now - this.#ackOwedSince >= L.ACK_DELAY_MS) why = "ack";
    else if (this.heartbeats && now - this.#lastSent >= L.HEARTBEAT_MS) why = "beat";
    this.#refill(now);
    if (why && this.#tokens < 1) return { frame: null, wake: now + Math.ceil(((1 - this.#tokens) * 1000) / L.PER_SECOND) };
    let frame = null;
    if (why) {
      this.#tokens -= 1;
      const messages = [];
      let chars = 0;
      if (from !== null) {
        for (const m of this.#out.slice(from)) {
          if (messages.length && (chars + m.text.length > L.FRAME_CHARS || messages.length >= L.WINDOW)) break;
          messages.push(m);
          chars += m.text.length;
        }
        this.#sentUpTo = Math.max(this.#sentUpTo, messages[messages.length - 1].seq);
        if (why === "again") this.#rto = Math.min(this.#rto * 2, L.RTO_MAX_MS);
        this.#retransmitAt = now + this.#rto;
      }
      const more = this.#out.length && this.#out[this.#out.length - 1].seq > this.#sentUpTo;
      this.#flushAt = more ? now : Infinity;
      this.#framesSent += 1;
      const f = this.#framesSent;
      frame = JSON.stringify(messages.length ? { f, a: this.#received, s: messages[0].seq, m: messages.map((m) => m.text) } : { f, a: this.#received });
      this.#lastSent = now;
      this.#ackOwedSince = null;
    }
    return { frame, wake: this.#wake() };
  }

  #wake() {
    const L = this.#limits;
    return Math.min(
      this.#flushAt,
      this.#out.length ? this.#retransmitAt : Infinity,
      this.#ackOwedSince === null ? Infinity : this.#ackOwedSince + L.ACK_DELAY_MS,
      this.heartbeats ? this.#lastSent + L.HEARTBEAT_MS : Infinity,
    );
  }

  /** The last frame of a link that closes: everything acknowledged, and "bye". */
  bye() {
    this.#framesSent += 1;
    return JSON.stringify({ f: this.#framesSent, a: this.#received, bye: true });
  }

  /** A frame of the other side: {ok: false} when it is not one this link can have been sent
   * (one without its number among them: an older page's, RELAY_VERSION 1);
   * otherwise {ok: true, deliver: [text] (theirs now in order), bye}. */
  receive(text, now) {
    const L = this.#limits;
    let frame;
    try {
      frame = typeof text === "string" && text.length <= MAX_FRAME ? JSON.parse(text) : null;
    } catch {
      frame = null;
    }
    const messages = frame?.m ?? [];
    const valid =
      frame && typeof frame === "object" && !Array.isArray(frame) && Object.keys(frame).every((k) => ["f", "a", "s", "m", "bye"].includes(k)) &&
      isCount(frame.f) && frame.f >= 1 && isCount(frame.a) && frame.a <= this.#sentUpTo && (frame.bye === undefined || frame.bye === true) &&
      Array.isArray(messages) && messages.length <= L.WINDOW && messages.every((m) => typeof m === "string" && m.length <= L.MAX_MESSAGE) &&
      (frame.m === undefined ? frame.s === undefined : isCount(frame.s) && frame.s >= 1 && messages.length > 0);
    if (!valid) return { ok: false, deliver: [], bye: false };
    if (frame.f > this.#framesHeard) {
      this.#framesHeard = frame.f; // (an older one, sent again or reordered, is read but heard already)
      this.#lastHeard = now;
    }
    this.#acknowledged(frame.a, now);
    const deliver = [];
    messages.forEach((message, i) => {
      const seq = frame.s + i;
      if (seq === this.#received + 1) {
        deliver.push(message);
        this.#received = seq;
      } else if (seq > this.#received + 1 && seq <= this.#received + L.WINDOW && !this.#held.has(seq) && this.#heldBytes + message.length <= L.HELD_BYTES) {
        this.#held.set(seq, message);
        this.#heldBytes += message.length;
      }
    });
    while (this.#held.has(this.#received + 1)) {
      const message = this.#held.get(this.#received + 1);
      this.#held.delete(this.#received + 1);
      this.#heldBytes -= message.length;
      deliver.push(message);
      this.#received += 1;
    }
    if (messages.length) this.#ackOwedSince ??= now; // (a repeat too: the other side must learn it arrived)
    return { ok: true, deliver, bye: frame.bye === true };
  }

  #acknowledged(upTo, now) {
    const before = this.#out.length;
    this.#out = this.#out.filter((m) => m.seq > upTo);
    if (this.#out.length === before) return;
    this.#outBytes = this.#out.reduce((sum, m) => sum + m.text.length, 0);
    this.#rto = this.#limits.RTO_MS;
    this.#retransmitAt = this.#out.length ? now + this.#rto : Infinity;
  }
}
