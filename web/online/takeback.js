// Taking back a turn in an online game, offered to the other player and accepted (or
// declined): which turn a player may take back, and whether an offer or an answer that
// arrives from the other page fits the game as this page has it. Pure: no DOM, no network
// (node tests: tests/js/online-protocol.test.mjs); session.js sends and applies them.
//
// The player whose turn is complete (the other is to move, and has not played yet) may offer
// to take back that turn: the game goes back to the turn's first action, and that player is
// to move again. An offer names the game's number of actions when it was made (`n`): it
// lapses as soon as another action is played, and an answer for another `n` is out of place.
//
//   takebackFor(state, "white")          // {n, to} White may offer now, or null
//   offerFits(state, "black", n)         // the other page's offer (it plays Black) fits our game
//   answerFits(offer, state, n)          // the other page's answer fits our pending offer

import { turnsOf } from "../game/state.js";

/**
 * The take-back `side` may offer in the game `state` ({actions, turns, view}, game/state.js):
 * {n, to} (the game's actions now, and how many stay), or null when it may not: the game is
 * over or empty, `side` is to move (its turn is not complete), or its turn is not the last.
 */
export function takebackFor(state, side) {
  const count = state?.actions?.length ?? 0;
  const view = state?.view;
  if (!view || view.winner || count === 0 || view.side === side) return null;
  if (state.cursor !== undefined && state.cursor !== count) return null; // looking back: not the live game
  const last = turnsOf(state).at(-1);
  if (!last || last.side !== side || last.start + last.actions.length !== count) return null;
  return { n: count, to: last.start };
}

/** Does an offer of the other page (which plays `theirSide`), made when its game had `n`
 * actions, fit our game? The take-back it asks for ({n, to}), or null: out of place. */
export function offerFits(state, theirSide, n) {
  const takeback = takebackFor(state, theirSide);
  return takeback && takeback.n === n ? takeback : null;
}

/** Does the other page's answer (for an offer made at `n` actions) fit `offer`, our pending
 * offer ({n, to, from: "me"} or null), in the game `state`? True only for our offer, still
 * standing (no action played since). */
export function answerFits(offer, state, n) {
  return Boolean(offer && offer.from === "me" && offer.n === n && state?.actions?.length === n);
}

/**
 * The take-back offers of one online game (session.js owns one). `port` is what it needs of
 * the session: state() the board's game state; side() and theirSide() the colours;
 * playing() whether the game goes on, connected; send(message) to the other page;
 * refuse(why) a message out of place, said; changed() redraw; announce(key) say a text
 * (online.* key, {name}: the other player); takeBack(to, mover) both pages: the game back to
 * its first `to` actions, `mover` to move again (async).
 */
export class TakebackOffers {
  pending = null; // {n, to, from: "me"|"them"}: offered, not answered yet
  #port;

  constructor(port) {
    this.#port = port;
  }

  /** Whether this page's player may offer to take back its last turn now. */
  get offerable() {
    const port = this.#port;
    return port.playing() && !this.pending && Boolean(takebackFor(port.state(), port.side()));
  }

  /** Offer the other player to take back this page's last turn. */
  offer() {
    const port = this.#port;
    const takeback = this.offerable && takebackFor(port.state(), port.side());
    if (!takeback) return;
    this.pending = { ...takeback, from: "me" };
    port.send({ t: "undo", n: takeback.n });
    port.changed();
  }

  /** Answer the other player's offer; accepted, both games take back the same actions. */
  async answer(yes) {
    const port = this.#port;
    const offer = this.pending;
    if (offer?.from !== "them" || !port.playing()) return;
    this.pending = null;
    if (!offerFits(port.state(), port.theirSide(), offer.n)) return port.changed(); // lapsed meanwhile
    port.send({ t: yes ? "undoAccept" : "undoDecline", n: offer.n });
    if (yes) await port.takeBack(offer.to, port.theirSide());
    else port.changed();
  }

  /** A message of the other page (checked by protocol.js): an offer, or the answer to ours. */
  async received({ t, n }) {
    const port = this.#port;
    if (!port.playing()) return port.refuse("ended");
    if (t === "undo") {
      const takeback = this.pending ? null : offerFits(port.state(), port.theirSide(), n);
      if (!takeback) return port.refuse("undo");
      this.pending = { ...takeback, from: "them" };
      port.changed();
      return port.announce("online.undoAsked");
    }
    if (!answerFits(this.pending, port.state(), n)) return port.refuse("undo");
    const offer = this.pending;
    this.pending = null;
    if (t === "undoAccept") return port.takeBack(offer.to, port.side());
    port.changed();
    port.announce("online.announce.undoDeclined");
  }

  /** The game changed (an action played, the connection dropped, the game over): a standing
   * offer that no longer fits lapses (`always`: whatever the game). True when one did. */
  lapse(always = false) {
    if (!this.pending || (!always && this.#port.state().actions.length === this.pending.n && this.#port.playing())) return false;
    this.pending = null;
    return true;
  }
}
