// The connection of an online game to the other page, across attempts: a room (room.js)
// joined again after each drop, the one peer the game is played with once bound (with the
// channel its handshake agreed: sealed.js), and every message that comes in limited
// (RateLimit), checked (protocol.js checkMessage) and handed over one at a time, in order.
// Only the handshake (hello, proof) travels in clear: every other message to the bound peer
// goes sealed with the channel, and one from it is taken only sealed with it, numbered after
// the last (protocol.js checkSealedText then reads what it held); anything else is refused
// ("sealed"). What the messages mean is session.js's business.
//
//   const connection = new Connection({config, room, secret, greet, hello, message, refuse, gone});
//   (openRoom: room.js's, or for the node tests a room played in memory)
//   await connection.open();            // a fresh attempt (the old room left)
//   connection.bind(peer, channel); connection.peer;
//   connection.send({t: "ack", n: 3});  // to the bound peer (encoded, checked as any message, sealed)
//   connection.drop();                  // as a network failure would; await connection.close();
//
// The callbacks: greet(peer) a page joined the room (say who this page is); hello(message,
// peer) a page said who it is, or proved it (`hello` and `proof`, from any peer: the seat's
// handshake, handshake.js); message(message) anything else from the bound peer; refuse(why)
// a message of the bound peer (or of any page before one is bound) refused; gone() the bound
// peer left; changed() the bound peer's path changed (connection.relayed: through the relays,
// room.js). hello and message may be async: the next message waits for them.

import { openRoom as openRealRoom } from "./room.js";
import { checkMessage, checkSealedText, encode, RateLimit } from "./protocol.js";

export class Connection {
  #config;
  #room = null;
  #roomId;
  #secret;
  #on;
  #peer = null; // the other player's peer id in the room, once bound
  #channel = null; // the bound peer's sealed channel (sealed.js)
  #limits = new Map(); // peer id -> RateLimit
  #inbox = Promise.resolve(); // messages handled one after the other
  #outbox = Promise.resolve(); // messages sent one after the other (sealing takes a moment)
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
    this.#channel = null;
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

  /** The game is played with `peer`, every message sealed with `channel` (its handshake's):
   * connected, so no more announcing on the relays. */
  bind(peer, channel) {
    this.#peer = peer;
    this.#channel = channel;
    this.#room?.quiet(peer);
  }

  /** Leave the room (the game is over for good, or refused). */
  leave() {
    return this.#room?.leave();
  }

  /** Leave for good: nothing more is sent (but what was on its way) or handled. */
  async close() {
    this.#closed = true;
    await this.#outbox;
    const room = this.#room;
    this.#room = null;
    await room?.leave();
  }

  /** For the tests: close the direct connection as a network failure would. */
  drop() {
    this.#left(this.#peer);
  }

  /** Send `message` to `peer`: hello and proof in clear, anything else sealed with `channel`
   * (the bound peer's by default), in the order of the calls. */
  send(message, peer = this.#peer, channel = peer === this.#peer ? this.#channel : null) {
    const room = this.#room;
    if (!room || !peer) return;
    const text = encode(message);
    const clear = message.t === "hello" || message.t === "proof";
    if (!clear && !channel) throw new Error(`An online message with no channel to seal it: ${message.t}`);
    this.#outbox = this.#outbox
      .then(async () => {
        room.send(clear ? text : encode(await channel.seal(text)), peer);
      })
      .catch(() => null);
  }

  #left(peer) {
    if (!peer || peer !== this.#peer) return;
    this.#peer = null;
    this.#channel = null;
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
    const channel = this.#channel;
    if (peer !== this.#peer || !channel) return; // a page this game is not played with
    const text = message.t === "sealed" ? await channel.open(message) : null;
    if (peer !== this.#peer || channel !== this.#channel) return; // (gone meanwhile)
    if (text === null) return this.#on.refuse("sealed"); // in clear, or not sealed by this channel's other page: changed, replayed
    const check = checkSealedText(text);
    if (!check.ok) return this.#on.refuse(check.why);
    return this.#on.message(check.message);
  }
}
