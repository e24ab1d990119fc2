// Who the other page is, on every connection, before anything of the game crosses: each page
// greets every peer of the room with its seat's public key and a fresh challenge (`hello`),
// and answers the other's hello with its signature of that challenge (`proof`, seat.js). A
// peer is bound only once its proof checks with the key the record holds for the other
// player (on the first connection, the key its own hello gave: the seat is then taken). So
// nothing a third page hears in the room (a public key, a name, a challenge) lets it take a
// seat. The host answers a page whose key is not its guest's with `full`, after its own
// proof (so that page knows the answer is the host's). Since two connected pages go quiet on
// the relays, the host also leaves a marker there once its guest is bound, which a guest page
// with no seat yet reads first (seat-taken.js). session.js owns one a game.
//
//   const handshake = new Handshake({record, send, bound, bind, refuse});
//   await handshake.ready();               // this page's seat made, the first time (true then)
//   handshake.reset();                     // a fresh connection attempt
//   handshake.greet(peer);                 // a page joined the room
//   await handshake.hello(message, peer);  // its hello
//   await handshake.proof(message, peer);  // its proof: bind(peer, {key, name}) when it checks
//   await handshake.askTaken(config);      // a guest with no seat yet: is the seat another's?
//   await handshake.markTaken(config);     // the host, its guest bound: the marker published

import { VERSION } from "./protocol.js";
import { makeSeat, newChallenge, prove, proves } from "./seat.js";

/**
 * `port`: record() the game's record (room, role, key, me, them, name); send(message, peer);
 * bound() the peer bound now, or null; bind(peer, {key, name}) the other player proved its
 * seat on `peer` (async); refuse(why) a proof that does not check, said.
 */
export class Handshake {
  #port;
  #challenges = new Map(); // peer -> the challenge of our hello to it
  #claims = new Map(); // peer -> {key, name}: its hello, until its proof

  constructor(port) {
    this.#port = port;
  }

  get #other() {
    return this.#port.record().role === "host" ? "guest" : "host";
  }

  /** This page's seat (its key pair, in the record), made the first time: true then. */
  async ready() {
    const r = this.#port.record();
    if (r.key) return false;
    Object.assign(r, await makeSeat());
    return true;
  }

  /** A fresh connection attempt: no challenge stands. */
  reset() {
    this.#challenges.clear();
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

  /** Say who this page is to `peer` (once a connection): its key and a fresh challenge. */
  greet(peer) {
    if (this.#challenges.has(peer)) return;
    const r = this.#port.record();
    const nonce = newChallenge();
    this.#challenges.set(peer, nonce);
    this.#port.send({ t: "hello", v: VERSION, role: r.role, key: r.me, nonce, name: r.name }, peer);
  }

  /** `peer` said who it is: its challenge signed (to the other player, or any would-be guest). */
  async hello(message, peer) {
    const port = this.#port;
    const r = port.record();
    if (message.role !== this.#other || !r.key) return;
    const stranger = r.them && r.them !== message.key;
    if (stranger && r.role === "guest") return; // not our host: it gets nothing signed
    this.greet(peer); // (its hello came before it joined, for us)
    if (!stranger) this.#claims.set(peer, { key: message.key, name: message.name });
    port.send({ t: "proof", sig: await prove(r.key, { room: r.room, role: r.role, challenge: message.nonce }) }, peer);
    if (stranger) port.send({ t: "full" }, peer); // the host plays this game with another page
  }

  /** `peer` answered our challenge: bound when the signature checks with the seat's key. */
  async proof(message, peer) {
    const port = this.#port;
    const r = port.record();
    const claim = this.#claims.get(peer);
    const challenge = this.#challenges.get(peer);
    if (!claim || !challenge) return; // no hello of its own, or answered already
    this.#claims.delete(peer);
    this.#challenges.delete(peer); // one proof a challenge
    if (!(await proves(claim.key, { room: r.room, role: this.#other, challenge }, message.sig))) return port.refuse("seat");
    if (r.them && r.them !== claim.key) {
      if (r.role === "host") port.send({ t: "full" }, peer); // (the seat was taken meanwhile)
      return;
    }
    if (port.bound() && port.bound() !== peer) return; // bound to another connection already
    await port.bind(peer, claim);
  }
}
