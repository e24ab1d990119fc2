// The connection of an online game to the other page, across attempts: a room (room.js)
// joined again after each drop, the one peer the game is played with once bound, and every
// message that comes in limited (RateLimit), checked (protocol.js checkMessage) and handed
// over one at a time, in order. What the messages mean is session.js's business.
//
//   const connection = new Connection({config, room, secret, greet, hello, message, refuse, gone});
//   (openRoom: room.js's, or for the node tests a room played in memory)
//   await connection.open();            // a fresh attempt (the old room left)
//   connection.bind(peer); connection.peer;
//   connection.send({t: "ack", n: 3});  // to the bound peer (encoded, checked as any message)
//   connection.drop();                  // as a network failure would; await connection.close();
//
// The callbacks: greet(peer) a page joined the room (say who this page is); hello(message,
// peer) a page said who it is, or proved it (`hello` and `proof`, from any peer: the seat's
// handshake, handshake.js); message(message) anything else from the bound peer; refuse(why)
// a message of the bound peer (or of any page before one is bound) refused; gone() the bound
// peer left; changed() the bound peer's path changed (connection.relayed: through the relays,
// room.js). hello and message may be async: the next message waits for them.

import { openRoom as openRealRoom } from "./room.js";
import { checkMessage, encode, RateLimit } from "./protocol.js";

export class Connection {
  #config;
  #room = null;
  #roomId;
  #secret;
  #on;
  #peer = null; // the other player's peer id in the room, once bound
  #limits = new Map(); // peer id -> RateLimit
  #inbox = Promise.resolve(); // messages handled one after the other
  #closed = false;
  #openRoom;

  constructor({ config, room, secret, greet, hello, message, refuse, gone, changed = () => {}, openRoom = openRealRoom }) {
    this.#config = config;
    this.#openRoom = openRoom;
    this.#roomId = room;
    this.#secret = secret;
    this.#on = { greet, hello, message, refuse, gone, changed };
  }

  /** The peer the game is played with, or null (not bound yet, or gone). */
  get peer() {
    return this.#peer;
  }

  /** Whether the game goes through the relays (no direct connection: room.js). */
  get relayed() {
    return Boolean(this.#peer && this.#room?.pathOf(this.#peer) === "relay");
  }

  /** Join the room (a fresh connection attempt); the other page is found through the relays. */
  async open() {
    if (this.#closed) return;
    const old = this.#room;
    this.#room = null;
    this.#peer = null;
    await old?.leave();
    const room = await this.#openRoom({
      config: this.#config,
      room: this.#roomId,
      secret: this.#secret,
      onMessage: (data, peer) => this.#received(data, peer),
      onPeerJoin: (peer) => this.#on.greet(peer),
      onPeerLeave: (peer) => this.#left(peer),
      onRefused: (peer) => (peer === this.#peer || !this.#peer ? this.#on.refuse("bulk") : null), // (the peer is dropped)
      onPath: () => this.#on.changed(),
    });
    if (this.#closed) return room.leave();
    this.#room = room;
  }

  /** The game is played with `peer`: connected, so no more announcing on the relays. */
  bind(peer) {
    this.#peer = peer;
    this.#room?.quiet(peer);
  }

  /** Leave the room (the game is over for good, or refused). */
  leave() {
    return this.#room?.leave();
  }

  /** Leave for good: nothing more is sent or handled. */
  async close() {
    this.#closed = true;
    const room = this.#room;
    this.#room = null;
    await room?.leave();
  }

  /** For the tests: close the direct connection as a network failure would. */
  drop() {
    this.#left(this.#peer);
  }

  send(message, peer = this.#peer) {
    if (this.#room && peer) this.#room.send(encode(message), peer);
  }

  #left(peer) {
    if (!peer || peer !== this.#peer) return;
    this.#peer = null;
    this.#on.gone();
  }

  #received(data, peer) {
    const limit = this.#limits.get(peer) ?? new RateLimit();
    this.#limits.set(peer, limit);
    if (!limit.take(Date.now())) {
      if (peer === this.#peer) this.#on.refuse("flood");
      return;
    }
    const check = checkMessage(data);
    if (!check.ok) {
      if (peer === this.#peer || !this.#peer) this.#on.refuse(check.why);
      return;
    }
    this.#inbox = this.#inbox.then(() => this.#handle(check.message, peer)).catch((error) => this.#on.refuse(String(error.message ?? error)));
  }

  async #handle(message, peer) {
    if (this.#closed) return;
    if (message.t === "hello" || message.t === "proof") return this.#on.hello(message, peer);
    if (peer !== this.#peer) return; // a page this game is not played with
    return this.#on.message(message);
  }
}
