// One connection attempt to the other page, on two paths: direct (direct.js: a WebRTC data
// channel between the browsers) and, when none opens within FALLBACK_MS, through the relays
// themselves (relay-path.js: sealed, signed Nostr events). connection.js sees peers and text
// either way; what the messages mean is session.js's business.
//
//   const room = await openRoom({config, room: id, secret, onMessage, onPeerJoin, onPeerLeave, onRefused, onPath, onError});
//   room.send(text, peerId);
//   room.quiet(peerId);        // the game is played with peerId: the other path (or announcing) stops
//   room.pathOf(peerId)        // "direct" | "relay"
//   await room.leave();
//
// Moving to a direct connection: while the game goes through the relays, the direct path keeps
// trying (the library announces now and then, and a fresh attempt starts when the browser comes
// back online). A direct peer that joins meanwhile is held up to LINK_WAIT_MS (and one already
// there is asked too): each side sends on the data channel a proof, an HMAC with the pair's key
// of the relay path (relay-crypto.js pairKeys) of the two direct peer ids; a valid one shows it
// is the same page as the relay peer (a third page with the link lacks that key), and is answered
// with "ok" and this side's proof. Once both said "ok", each side sends through the direct
// connection as soon as everything it sent through the relays is acknowledged (so nothing
// overtakes what is still on its way), then says "moved"; the relay path closes once both moved.
// Messages from either path are the relay peer's all along: connection.js and the session never
// see the move, only onPath (the panel's status).

import { openDirect } from "./direct.js";
import { openRelayPath, RELAY_PEER } from "./relay-path.js";
import { proofOf, proofHolds } from "./relay-crypto.js";

/** No direct connection after this long: the relay path starts. */
export const FALLBACK_MS = 5000;
/** A direct peer that joins while the game goes through the relays: this long to show it is the same page. */
const LINK_WAIT_MS = 3000;
/** What a held direct peer may send before it is reported (kept, then handed over). */
const HELD_MESSAGES = 8;
const MAX_LINK_TEXT = 512;

export async function openRoom(options) {
  const room = new Room(options);
  await room.open();
  return room;
}

const linkText = (from, to) => `tzaar link|${from}|${to}`;

class Room {
  #o;
  #direct = null;
  #relay = null;
  #bound = null;
  #fallback = 0;
  #left = false;
  #peers = new Set(); // the direct peers joined
  #held = new Map(); // direct peer -> {timer, messages}: not reported yet (it may be the relay peer's page)
  #same = new Map(); // direct peer -> relay peer: shown to be the same page
  #move = null; // {relay, direct, ok (they checked our proof), okSent, switched, theyMoved}
  #links = Promise.resolve(); // the link messages, one after the other
  #onOnline = () => this.#retryDirect();

  constructor({ config, room, secret, onMessage, onPeerJoin, onPeerLeave, onRefused = () => {}, onPath = () => {}, onError = () => {} }) {
    this.#o = { config, room, secret, onMessage, onPeerJoin, onPeerLeave, onRefused, onPath, onError };
  }

  async open() {
    const o = this.#o;
    [this.#direct, this.#relay] = await Promise.all([
      this.#openDirect(),
      openRelayPath({
        config: o.config,
        room: o.room,
        secret: o.secret,
        onMessage: (text, peer) => o.onMessage(text, peer),
        onPeerJoin: (peer) => o.onPeerJoin(peer),
        onPeerLeave: (peer) => this.#relayLeft(peer),
      }),
    ]);
    if (this.#left) return this.leave();
    this.#fallback = setTimeout(() => this.#relay.start(), FALLBACK_MS);
    addEventListener("online", this.#onOnline);
  }

  #openDirect() {
    const o = this.#o;
    return openDirect({
      config: o.config,
      room: o.room,
      secret: o.secret,
      onMessage: (text, peer) => this.#fromDirect(text, peer),
      onLink: (text, peer) => (this.#links = this.#links.then(() => this.#linkMessage(text, peer)).catch(() => null)),
      onPeerJoin: (peer) => this.#directJoined(peer),
      onPeerLeave: (peer) => this.#directLeft(peer),
      onRefused: (peer) => o.onRefused(this.#same.get(peer) ?? peer),
      onError: o.onError,
    });
  }

  pathOf(peer) {
    return peer?.startsWith(RELAY_PEER) && !this.#move?.switched ? "relay" : "direct";
  }

  send(text, peer) {
    if (this.#left || !peer) return;
    if (!peer.startsWith(RELAY_PEER)) return this.#direct.send(text, peer);
    if (this.#move?.relay === peer && this.#move.switched) return this.#direct.send(text, this.#move.direct);
    this.#relay.send(peer, text);
  }

  /** The game is played with `peer`: stop what it does not need. */
  quiet(peer) {
    this.#bound = peer;
    if (this.pathOf(peer) === "direct") {
      clearTimeout(this.#fallback);
      this.#relay.close();
      this.#direct.quiet();
      return;
    }
    this.#relay.keep(peer);
    for (const direct of this.#peers) this.#prove(direct);
  }

  async leave() {
    this.#left = true;
    clearTimeout(this.#fallback);
    removeEventListener("online", this.#onOnline);
    for (const { timer } of this.#held.values()) clearTimeout(timer);
    this.#relay?.close();
    await this.#direct?.leave();
  }

  #relayMode() {
    return this.#bound?.startsWith(RELAY_PEER) && !this.#move?.switched;
  }

  #directJoined(peer) {
    this.#peers.add(peer);
    if (!this.#relayMode()) return this.#o.onPeerJoin(peer);
    const timer = setTimeout(() => this.#release(peer), LINK_WAIT_MS);
    this.#held.set(peer, { timer, messages: [] });
    this.#prove(peer);
  }

  /** A held direct peer did not show it is the relay peer's page: it is another page, reported. */
  #release(peer) {
    const held = this.#held.get(peer);
    if (!held) return;
    this.#held.delete(peer);
    this.#o.onPeerJoin(peer);
    for (const text of held.messages) this.#o.onMessage(text, peer);
  }

  /** This page's proof to direct peer `peer` (with "ok": theirs was checked). */
  async #prove(peer, ok = false) {
    const key = this.#relay.proofKey(this.#bound);
    if (key) this.#direct.sendLink(JSON.stringify({ proof: await proofOf(key, linkText(this.#direct.selfId, peer)), ...(ok ? { ok } : {}) }), peer);
  }

  #fromDirect(text, peer) {
    const held = this.#held.get(peer);
    if (held) {
      if (held.messages.length < HELD_MESSAGES) held.messages.push(text);
      return;
    }
    this.#o.onMessage(text, this.#same.get(peer) ?? peer);
  }

  async #linkMessage(text, peer) {
    let message;
    try {
      message = typeof text === "string" && text.length <= MAX_LINK_TEXT ? JSON.parse(text) : null;
    } catch {
      return;
    }
    const relay = this.#bound;
    if (!message || typeof message !== "object" || !this.#peers.has(peer)) return;
    if (message.moved === true && this.#move?.direct === peer) {
      this.#move.theyMoved = true;
      return this.#switch();
    }
    if (typeof message.proof !== "string" || !this.#relayMode() || !this.#relay.has(relay) || (this.#move && this.#move.direct !== peer)) return;
    if (!(await proofHolds(this.#relay.proofKey(relay), linkText(peer, this.#direct.selfId), message.proof))) return;
    if (this.#bound !== relay || !this.#peers.has(peer)) return;
    if (!this.#move) {
      const held = this.#held.get(peer);
      if (held) clearTimeout(held.timer);
      this.#held.delete(peer); // (what it sent meanwhile went to it as to another page: not the game's)
      this.#same.set(peer, relay);
      this.#move = { relay, direct: peer, ok: false, okSent: false, switched: false, theyMoved: false };
    }
    if (message.ok === true) this.#move.ok = true;
    if (!this.#move.okSent) {
      this.#move.okSent = true;
      await this.#prove(peer, true);
    }
    this.#switch();
  }

  /** Once both pages showed who they are: send directly when the relay link is acknowledged. */
  #switch() {
    const move = this.#move;
    if (!move || this.#left) return;
    if (move.ok && !move.switched) {
      if (!this.#relay.drained(move.relay)) return void setTimeout(() => this.#switch(), 200);
      move.switched = true;
      this.#relay.drain(move.relay);
      this.#direct.sendLink(JSON.stringify({ moved: true }), move.direct);
      this.#direct.quiet();
      this.#o.onPath();
    }
    if (move.switched && move.theyMoved) this.#relay.close();
  }

  #directLeft(peer) {
    this.#peers.delete(peer);
    const held = this.#held.get(peer);
    if (held) {
      clearTimeout(held.timer);
      this.#held.delete(peer);
      return;
    }
    const relay = this.#same.get(peer);
    this.#same.delete(peer);
    if (!relay) return this.#o.onPeerLeave(peer);
    if (this.#move?.direct !== peer) return;
    const switched = this.#move.switched;
    this.#move = null;
    if (switched) this.#o.onPeerLeave(relay); // the game's connection (its relay link drained) is gone
  }

  #relayLeft(peer) {
    if (this.#move?.relay === peer && this.#move.switched) return; // (moved to the direct connection)
    this.#o.onPeerLeave(peer);
  }

  /** The browser is online again: while the game goes through the relays, a fresh direct attempt. */
  async #retryDirect() {
    if (!this.#relayMode() || this.#left) return;
    const old = this.#direct;
    for (const { timer } of this.#held.values()) clearTimeout(timer);
    this.#held.clear();
    this.#same.clear();
    this.#peers.clear();
    this.#move = null;
    this.#direct = await this.#openDirect();
    await old.leave();
    if (this.#left) this.#direct.leave();
  }
}
