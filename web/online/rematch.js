// A rematch after an online game: offered by one player, accepted when the other offers it
// too (either order); not after a game abandoned. Then the host starts the next round with
// the colours swapped (session.js, record.js rematchGame), and the guest takes that round
// only once both offered (`agreed`: claims.js startFits). session.js owns one a game and
// keeps `saved` in the record (a reload between the offer and the next round keeps it).
//
//   const rematch = new RematchOffer({possible, send, changed, agreed}, saved);
//   rematch.offer(); rematch.received(); rematch.state   // "sent" | "received" | null
//   rematch.agreed                                       // both offered: the next round may start

/** The offer's state after an offer of this page (`mine`) or of the other's, from `state`:
 * "sent", "received", or "agreed" (both offered). */
export function rematchAfter(state, mine) {
  if (mine) return state === "received" ? "agreed" : "sent";
  return state === "sent" ? "agreed" : "received";
}

/**
 * The rematch offer. `port`: possible() whether a rematch may be offered now (the game over,
 * not abandoned); send(message) to the other page; changed() redraw; agreed() both offered
 * (async).
 */
export class RematchOffer {
  state = null; // "sent" | "received" | null
  agreed = false; // both offered (until the next round starts)
  #port;

  constructor(port, saved = null) {
    this.#port = port;
    if (["sent", "received"].includes(saved?.state)) this.state = saved.state;
    this.agreed = saved?.agreed === true;
  }

  /** What the record keeps of it. */
  get saved() {
    return { state: this.state, agreed: this.agreed };
  }

  /** Offer a rematch, or accept the one offered. */
  offer() {
    return this.#offered(true);
  }

  /** The other page offered a rematch (or accepted ours). */
  received() {
    return this.#offered(false);
  }

  /** A new round started: no offer stands. */
  clear() {
    this.state = null;
    this.agreed = false;
  }

  async #offered(mine) {
    const port = this.#port;
    if (!port.possible()) return;
    if (mine) port.send({ t: "rematch" });
    const next = rematchAfter(this.state, mine);
    if (next !== "agreed") {
      this.state = next;
      return port.changed();
    }
    this.agreed = true;
    await port.agreed();
  }
}
