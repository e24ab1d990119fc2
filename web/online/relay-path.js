// The relay path: a game's messages through the signalling relays themselves, for two pages
// that cannot connect directly (room.js starts it when no direct connection opens in time).
// Each message rides a link (relay-link.js: in order, each once, acknowledged, batched) sealed
// and signed as an ephemeral Nostr event (relay-crypto.js: only the two pages can read or make
// it; a relay sees a random topic, random keys and ciphertext).
//
//   const path = await openRelayPath({config, room, secret, onMessage, onPeerJoin, onPeerLeave});
//   path.start();                  // sockets to the relays, subscribed, announcing this page
//   path.send(peer, text);         // to a peer heard (its id: "relay:" and its Nostr key)
//   path.keep(peer);               // the game is played with `peer`: no more announcing, others dropped
//   path.drain(peer); path.close();
//
// A page announces itself (a sealed announcement: its ECDH key) when it starts, every
// ANNOUNCE_MS until a peer is kept, and once in reply to a page it had not heard (at most every
// REPLY_GAP_MS). A peer is heard from its announcement (signature checked: its author's own);
// it leaves with a "bye" frame, when its link hears nothing for a while, or when it leaves more
// unacknowledged than the link keeps (relay-link.js `lost`). What comes from the
// relays is bounded: frames of at most MAX_RELAY_TEXT, MAX_PEERS peers, announcements checked at
// most VERIFY_BURST at once then VERIFY_PER_SECOND, each event once.

import { gameKeys, ecdhKeys, pairKeys, seal, unseal, signedEvent, isGameEvent, signatureHolds, readContent, toHex, RELAY_VERSION } from "./relay-crypto.js";
import { RelayLink } from "./relay-link.js";
import { signatures } from "./library.js";

export const RELAY_PEER = "relay:";
const ANNOUNCE_MS = 20000;
const REPLY_GAP_MS = 2000;
const MAX_PEERS = 8;
const MAX_RELAY_TEXT = 64 * 1024;
const EVENT_AGE_S = 120;
const VERIFY_BURST = 10;
const VERIFY_PER_SECOND = 2;
const SEEN_EVENTS = 2000;
const BACKOFF_MS = [1000, 60000]; // a relay's socket reopened, or its rate limit waited out: from, up to

/** Open the relay path of game `room` (not started: nothing is sent until start()). */
export async function openRelayPath({ config, room, secret, onMessage, onPeerJoin, onPeerLeave, WebSocketClass = WebSocket }) {
  const [game, ecdh, { schnorr, secp256k1 }] = await Promise.all([gameKeys(secret, room), ecdhKeys(), signatures()]);
  const secretKey = secp256k1.randomSecretKey();
  const me = toHex(schnorr.getPublicKey(secretKey));
  return new RelayPath({ config, game, ecdh, me, secretKey, schnorr, onMessage, onPeerJoin, onPeerLeave, WebSocketClass });
}

class RelayPath {
  #o;
  #relays = []; // [{url, socket, backoff, quietUntil, retry}]
  #subscription = `tz${Math.random().toString(36).slice(2, 10)}`;
  #peers = new Map(); // Nostr key -> {box, proof, link, joined}
  #kept = null;
  #started = false;
  #closed = false;
  #announced = 0; // when this page last announced itself
  #announcement = null; // that announcement, signed (a relay connected later gets it too)
  #timer = 0;
  #wakeAt = Infinity;
  #pumping = Promise.resolve();
  #seen = new Set();
  #verify = { tokens: VERIFY_BURST, at: Date.now() };
  #bye = null; // the kept peer's "bye", signed ahead (a page that closes cannot wait for crypto)
  #onHide = () => this.close();

  constructor(options) {
    this.#o = options;
  }

  /** This page's Nostr key on the relay path. */
  get key() {
    return this.#o.me;
  }

  get started() {
    return this.#started;
  }

  /** Whether `peer` (an id of this path) is heard now. */
  has(peer) {
    return this.#peers.get(keyOf(peer))?.joined === true;
  }

  /** The pair's proof key with `peer` (relay-crypto.js pairKeys), to show a direct connection is theirs. */
  proofKey(peer) {
    return this.#peers.get(keyOf(peer))?.proof ?? null;
  }

  /** Connect to the relays, listen, and announce this page (again every ANNOUNCE_MS). */
  start() {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#relays = this.#o.config.relays.map((url) => ({ url, socket: null, backoff: BACKOFF_MS[0], quietUntil: 0, retry: 0 }));
    for (const relay of this.#relays) this.#connect(relay);
    addEventListener("pagehide", this.#onHide);
  }

  /** The game is played with `peer`: the others are dropped, and this page stops announcing. */
  keep(peer) {
    const key = keyOf(peer);
    this.#kept = key;
    for (const other of [...this.#peers.keys()]) if (other !== key) this.#peers.delete(other);
    const entry = this.#peers.get(key);
    if (entry) this.#sealed(key, entry, entry.link.bye()).then((text) => (this.#bye = text));
  }

  /** The game with `peer` moved to a direct connection: its link only delivers what is still on
   * its way and has it acknowledged (no heartbeat, never silent). */
  drain(peer) {
    const entry = this.#peers.get(keyOf(peer));
    if (entry) {
      entry.draining = true;
      entry.link.heartbeats = false;
    }
  }

  /** Whether every message sent to `peer` was acknowledged. */
  drained(peer) {
    return (this.#peers.get(keyOf(peer))?.link.unacknowledged ?? 0) === 0;
  }

  send(peer, text) {
    const entry = this.#peers.get(keyOf(peer));
    if (!entry?.joined || this.#closed) return;
    entry.link.send(text, Date.now());
    this.#schedule(Date.now());
  }

  /** Leave: a "bye" to the peer kept (unless its game moved to a direct connection), the sockets closed. */
  close() {
    if (this.#closed) return;
    removeEventListener("pagehide", this.#onHide);
    const kept = this.#peers.get(this.#kept);
    if (this.#bye && kept && !kept.draining) for (const relay of this.#open()) relay.socket.send(this.#bye);
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const relay of this.#relays) {
      clearTimeout(relay.retry);
      relay.socket?.close();
    }
  }

  #connect(relay) {
    if (this.#closed) return;
    const socket = new this.#o.WebSocketClass(relay.url);
    relay.socket = socket;
    socket.addEventListener("open", () => {
      relay.backoff = BACKOFF_MS[0];
      socket.send(JSON.stringify(["REQ", this.#subscription, { kinds: [this.#o.game.kind], "#x": [this.#o.game.topic], since: Math.floor(Date.now() / 1000) - 5 }]));
      if (this.#kept) return;
      if (this.#announcement && Date.now() - this.#announced < ANNOUNCE_MS) socket.send(this.#announcement);
      else this.#announce(true);
    });
    socket.addEventListener("message", (event) => this.#received(relay, event.data));
    socket.addEventListener("close", () => {
      if (this.#closed || relay.socket !== socket) return;
      relay.retry = setTimeout(() => this.#connect(relay), relay.backoff);
      relay.backoff = Math.min(relay.backoff * 2, BACKOFF_MS[1]);
    });
  }

  #open() {
    const now = Date.now();
    return this.#relays.filter((r) => r.socket?.readyState === 1 && r.quietUntil <= now);
  }

  /** ["EVENT", ...] of `content`, signed by this page. */
  async #event(content) {
    const { me, secretKey, schnorr, game } = this.#o;
    const signer = { pubkey: me, sign: (id) => schnorr.signAsync(id, secretKey) };
    return JSON.stringify(["EVENT", await signedEvent(signer, { kind: game.kind, topic: game.topic, content })]);
  }

  async #publish(content) {
    const text = await this.#event(content);
    if (!this.#closed) for (const relay of this.#open()) relay.socket.send(text);
  }

  /** A frame of the link with `key`, sealed and signed: the event's text. */
  async #sealed(key, entry, frame) {
    return this.#event(JSON.stringify({ p: key, c: await seal(entry.box, frame, `${this.#o.me}>${key}`) }));
  }

  async #publishTo(key, entry, frame) {
    const text = await this.#sealed(key, entry, frame);
    if (!this.#closed) for (const relay of this.#open()) relay.socket.send(text);
  }

  /** Announce this page: at once when `now`, else when ANNOUNCE_MS passed since the last. */
  async #announce(force = false) {
    const time = Date.now();
    if (this.#closed || this.#kept || (!force && time - this.#announced < ANNOUNCE_MS)) return;
    this.#announced = time;
    const { game, ecdh, me } = this.#o;
    this.#announcement = await this.#event(JSON.stringify({ c: await seal(game.announceKey, JSON.stringify({ v: RELAY_VERSION, e: ecdh.publicKey }), me) }));
    if (!this.#closed) for (const relay of this.#open()) relay.socket.send(this.#announcement);
    this.#schedule(time);
  }

  #received(relay, data) {
    if (this.#closed || typeof data !== "string" || data.length > MAX_RELAY_TEXT) return;
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!Array.isArray(frame)) return;
    if (frame[0] === "OK" && frame[2] === false && String(frame[3] ?? "").startsWith("rate-limited")) {
      relay.quietUntil = Date.now() + relay.backoff; // (what was lost goes again: the links retransmit)
      relay.backoff = Math.min(relay.backoff * 2, BACKOFF_MS[1]);
    }
    if (frame[0] !== "EVENT" || frame[1] !== this.#subscription) return;
    const event = frame[2];
    if (!isGameEvent(event, this.#o.game) || event.pubkey === this.#o.me || this.#seen.has(event.id)) return;
    if (this.#seen.size >= SEEN_EVENTS) this.#seen.clear();
    this.#seen.add(event.id);
    const content = readContent(event.content);
    if (!content) return;
    if (content.p === undefined) this.#heard(event, content.c);
    else if (content.p === this.#o.me) this.#frame(event.pubkey, content.c);
  }

  /** An announcement: a page of this game (its signature checked), linked with its keys. */
  async #heard(event, sealed) {
    const key = event.pubkey;
    const known = this.#peers.get(key);
    if (known) return known.joined && !this.#kept && this.#reply();
    if (this.#kept || this.#peers.size >= MAX_PEERS || Math.abs(event.created_at - Date.now() / 1000) > EVENT_AGE_S || !this.#takeVerify()) return;
    const { game, ecdh, me, schnorr } = this.#o;
    const text = await unseal(game.announceKey, sealed, key);
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (data?.v !== RELAY_VERSION || typeof data.e !== "string") return;
    if (!(await signatureHolds((sig, id, pub) => schnorr.verifyAsync(sig, id, pub), event))) return;
    const keys = await pairKeys(ecdh.privateKey, data.e, game.pairSalt, me, key);
    if (!keys || this.#closed || this.#peers.has(key) || this.#kept || this.#peers.size >= MAX_PEERS) return;
    this.#peers.set(key, { ...keys, link: new RelayLink(Date.now()), joined: true, draining: false });
    this.#reply();
    this.#o.onPeerJoin(RELAY_PEER + key);
  }

  #takeVerify() {
    const now = Date.now();
    const v = this.#verify;
    v.tokens = Math.min(VERIFY_BURST, v.tokens + ((now - v.at) / 1000) * VERIFY_PER_SECOND);
    v.at = now;
    if (v.tokens < 1) return false;
    v.tokens -= 1;
    return true;
  }

  /** A page heard: it should hear this one too (an announcement, at most every REPLY_GAP_MS). */
  #reply() {
    if (Date.now() - this.#announced >= REPLY_GAP_MS) this.#announce(true);
  }

  /** A sealed frame of a peer's link. */
  async #frame(key, sealed) {
    const entry = this.#peers.get(key);
    if (!entry) return; // (a page not heard yet: its frame goes again once it is)
    const text = await unseal(entry.box, sealed, `${key}>${this.#o.me}`);
    if (text === null || this.#peers.get(key) !== entry) return;
    const got = entry.link.receive(text, Date.now());
    if (!got.ok) return;
    for (const message of got.deliver) this.#o.onMessage(message, RELAY_PEER + key);
    if (got.bye) return this.#gone(key);
    this.#schedule(Date.now());
  }

  #gone(key) {
    const entry = this.#peers.get(key);
    if (!entry) return;
    this.#peers.delete(key);
    if (!entry.draining) this.#o.onPeerLeave(RELAY_PEER + key);
  }

  /** Run the links (and the announcing) at `at` at the latest. */
  #schedule(at) {
    if (this.#closed || at >= this.#wakeAt) return;
    clearTimeout(this.#timer);
    this.#wakeAt = at;
    this.#timer = setTimeout(() => {
      this.#wakeAt = Infinity;
      this.#pumping = this.#pumping.then(() => this.#pump()).catch(() => null);
    }, Math.max(0, at - Date.now()));
  }

  async #pump() {
    if (this.#closed) return;
    const now = Date.now();
    let wake = this.#kept ? Infinity : this.#announced + ANNOUNCE_MS;
    if (!this.#kept && now >= this.#announced + ANNOUNCE_MS) await this.#announce();
    for (const [key, entry] of [...this.#peers]) {
      if (!entry.draining && entry.link.lost(now)) {
        this.#gone(key);
        continue;
      }
      const { frame, wake: next } = entry.link.due(now);
      if (frame) await this.#publishTo(key, entry, frame);
      wake = Math.min(wake, next, entry.draining ? Infinity : now + 5000); // (silence checked every few seconds)
    }
    if (wake < Infinity) this.#schedule(Math.max(wake, Date.now()));
  }
}

function keyOf(peer) {
  return typeof peer === "string" && peer.startsWith(RELAY_PEER) ? peer.slice(RELAY_PEER.length) : null;
}
