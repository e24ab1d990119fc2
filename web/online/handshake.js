// Who the other page is, on every connection, before anything of the game crosses: each page
// greets every peer of the room with its seat's public key and a key of that connection
// (`hello`: fresh for each peer and attempt, sealed.js), and answers the other's hello with
// its signature of both hellos' keys of the connection (`proof`, seat.js). A peer is bound
// only once its proof checks with the key the record holds for the other player (on the
// first connection, the key its own hello gave: the seat is then taken), and it is bound
// with the channel those two keys give (sealed.js): every message after the handshake is
// sealed with it. So nothing a third page hears in the room (a public key, a name, a key of
// a connection) lets it take a seat, and a page that passes the hellos and proofs of two
// players on to each other binds them to each other, not to itself: it cannot read or change
// what they say. The host answers a page whose key is not its guest's with `full` (sealed
// for that page), after its own proof (so that page knows the answer is the host's). Since
// two connected pages go quiet on the relays, the host also leaves a marker there once its
// guest is bound, which a guest page with no seat yet reads first (seat-taken.js).
// session.js owns one a game.
//
//   const handshake = new Handshake({record, send, bound, bind, refuse});
//   await handshake.ready();               // this page's seat made, the first time (true then)
//   handshake.reset();                     // a fresh connection attempt
//   handshake.greet(peer);                 // a page joined the room
//   await handshake.hello(message, peer);  // its hello
//   await handshake.proof(message, peer);  // its proof: bind(peer, {key, name, channel}) when it checks
//   await handshake.askTaken(config);      // a guest with no seat yet: is the seat another's?
//   await handshake.markTaken(config);     // the host, its guest bound: the marker published

import { VERSION } from "./protocol.js";
import { makeSeat, prove, proves } from "./seat.js";
import { connectionKeys, openChannel } from "./sealed.js";

/**
 * `port`: record() the game's record (room, role, key, me, them, name); send(message, peer,
 * channel?) (a message but hello and proof: sealed with `channel`); bound() the peer bound
 * now, or null; bind(peer, {key, name, channel}) the other player proved its seat on `peer`
 * (async); refuse(why) a proof that does not check, said.
 */
export class Handshake {
  #port;
  #mine = new Map(); // peer -> a promise of our keys of the connection with it (our hello sent)
  #claims = new Map(); // peer -> {key, name, ecdh}: its hello, until its proof
  #attempt = 0;

  constructor(port) {
    this.#port = port;
  }

  get #role() {
    return this.#port.record().role;
  }

  get #other() {
    return this.#role === "host" ? "guest" : "host";
  }

  /** This page's seat (its key pair, in the record), made the first time: true then. */
  async ready() {
    const r = this.#port.record();
    if (r.key) return false;
    Object.assign(r, await makeSeat());
    return true;
  }

  /** A fresh connection attempt: no key of a connection stands. */
  reset() {
    this.#attempt += 1;
    this.#mine.clear();
    this.#claims.clear();
  }

  /** A guest of an invite with no seat yet: whether the relays say the seat is another page's. */
  async askTaken(config) {
    const r = this.#port.record();
    if (r.role !== "guest" || !r.friend || r.them) return false;
    const { seatTaken } = await import("./seat-taken.js");
    return seatTaken(config, { room: r.room, secret: r.secret, me: r.me }).catch(() => false);
  }

  /** The host of an invite, its guest bound: the marker of the taken seat published (the
   * number of relays that took it). */
  async markTaken(config) {
    const r = this.#port.record();
    const { markTaken } = await import("./seat-taken.js");
    return markTaken(config, { room: r.room, secret: r.secret, guest: r.them }).catch(() => 0);
  }

  /** Say who this page is to `peer` (once a connection): its seat's key and a fresh key of the
   * connection. Our keys of the connection, once the hello went (null: another attempt began). */
  greet(peer) {
    if (!this.#mine.has(peer)) this.#mine.set(peer, this.#hello(peer, this.#attempt));
    return this.#mine.get(peer);
  }

  async #hello(peer, attempt) {
    const mine = await connectionKeys();
    if (attempt !== this.#attempt) return null;
    const r = this.#port.record();
    this.#port.send({ t: "hello", v: VERSION, role: r.role, key: r.me, ecdh: mine.publicKey, name: r.name }, peer);
    return mine;
  }

  /** The two hellos' keys of the connection, by role. */
  #keys(mine, theirs) {
    return this.#role === "host" ? { host: mine.publicKey, guest: theirs } : { host: theirs, guest: mine.publicKey };
  }

  /** `peer` said who it is: both keys of the connection signed (to the other player, or any
   * would-be guest); nothing for the peer bound already (a connection is bound once). */
  async hello(message, peer) {
    const port = this.#port;
    const r = port.record();
    if (message.role !== this.#other || !r.key) return;
    if (port.bound() === peer) return; // one handshake a connection: the bound peer's was
    const stranger = r.them && r.them !== message.key;
    if (stranger && r.role === "guest") return; // not our host: it gets nothing signed
    const mine = await this.greet(peer); // (its hello came before it joined, for us)
    if (!mine || !this.#mine.has(peer)) return; // another attempt began meanwhile
    const keys = this.#keys(mine, message.ecdh);
    if (!stranger) this.#claims.set(peer, { key: message.key, name: message.name, ecdh: message.ecdh });
    port.send({ t: "proof", sig: await prove(r.key, { room: r.room, role: r.role, keys }) }, peer);
    if (stranger) await this.#full(peer, mine, keys); // the host plays this game with another page
  }

  /** `peer` answered our hello: bound when its signature of the connection's keys checks with the seat's key. */
  async proof(message, peer) {
    const port = this.#port;
    const r = port.record();
    const claim = this.#claims.get(peer);
    const pending = this.#mine.get(peer);
    if (!claim || !pending) return; // no hello of its own, or answered already
    this.#claims.delete(peer);
    this.#mine.delete(peer); // one proof a connection
    const mine = await pending;
    if (!mine) return;
    const keys = this.#keys(mine, claim.ecdh);
    if (!(await proves(claim.key, { room: r.room, role: this.#other, keys }, message.sig))) return port.refuse("seat");
    if (r.them && r.them !== claim.key) {
      if (r.role === "host") await this.#full(peer, mine, keys); // (the seat was taken meanwhile)
      return;
    }
    if (port.bound() && port.bound() !== peer) return; // bound to another connection already
    const channel = await openChannel({ privateKey: mine.privateKey, keys, role: r.role, room: r.room });
    if (!channel) return port.refuse("seat");
    await port.bind(peer, { key: claim.key, name: claim.name, channel });
  }

  /** The host tells `peer` (a page that is not its guest's) the game is full, sealed for it. */
  async #full(peer, mine, keys) {
    const r = this.#port.record();
    const channel = await openChannel({ privateKey: mine.privateKey, keys, role: r.role, room: r.room });
    if (channel) this.#port.send({ t: "full" }, peer, channel);
  }
}
