// Taking back a turn in an online game, offered to the other player and accepted (or
// declined): which turn a player may take back, and whether an offer or an answer that
// arrives from the other page fits the game as this page has it. Pure: no DOM, no network
// (node tests: tests/js/online-protocol.test.mjs); session.js sends and applies them.
//
// The player whose turn is complete (the other is to move, and has not played yet) may offer
// to take back that turn: the game goes back to the turn's first action, and that player is
// to move again. An offer names the game's number of actions when it was made (`n`): it
// lapses as soon as another action is played, and an answer for another `n` is out of place.
// One offer a turn: once declined, the same turn cannot be offered again (the offerer's page
// no longer offers it; the other page refuses it, "undoAgain") until the game moves on.
//
//   takebackFor(state, "white")          // {n, to} White may offer now, or null
//   offerFits(state, "black", n)         // the other page's offer (it plays Black) fits our game
//   answerFits(offer, state, n)          // the other page's answer fits our pending offer
//
// An accept lost in a drop: the page that accepted has taken the turn back; the offerer's
// page never heard it. After the reconnection each page's `sync` shows the other's game
// (protocol.js): the page that accepted leaves out the turn it took back (beforeTakeback),
// and the offerer's page, seeing the other game end at its offered turn's start although that
// page had acknowledged the whole turn, takes it back too (afterTakeback).

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

/** Is `theirs` (the other page's game) ours (`mine`) with the turn we took back on accepting
 * `accepted` ({n, to})? Then their page missed our accept. */
export function beforeTakeback(accepted, mine, theirs) {
  return Boolean(accepted && mine.length === accepted.to && theirs.length === accepted.n && mine.every((a, i) => theirs[i] === a));
}

/** Does `theirs` (the other page's game) end at the start of the turn of our offer `offer`
 * ({n, to}, ours `mine` still whole), although they acknowledged the whole turn (`acked`
 * actions)? Then they took it back: their accept was lost. */
export function afterTakeback(offer, mine, theirs, acked) {
  return Boolean(offer && mine.length === offer.n && acked >= offer.n && theirs.length === offer.to && theirs.every((a, i) => mine[i] === a));
}

/**
 * The take-back offers of one online game (session.js owns one). `port` is what it needs of
 * the session: state() the board's game state; idle() settles once the board is idle (its
 * turn played out: game/game.js); side() and theirSide() the colours;
 * playing() whether the game goes on, connected; send(message) to the other page;
 * refuse(why) a message out of place, said; changed() redraw; announce(key) say a text
 * (online.* key, {name}: the other player); takeBack(to, mover) both pages: the game back to
 * its first `to` actions, `mover` to move again (async).
 */
export class TakebackOffers {
  pending = null; // {n, to, from: "me"|"them"}: offered, not answered yet
  declined = null; // the n of our offer the other player declined, until the game moves on or we offer again
  accepted; // {n, to}: their offer we accepted, until the game moves on (our accept may be lost; saved)
  #unanswered = null; // {n, to}: our offer, standing when the connection dropped (its accept may be lost)
  #declined = null; // n: the offer declined at n actions (either page's), until the game moves on
  #port;

  constructor(port, accepted = null) {
    this.#port = port;
    this.accepted = accepted;
  }

  /** Whether this page's player may offer to take back its last turn now. */
  get offerable() {
    const port = this.#port;
    const takeback = takebackFor(port.state(), port.side());
    return port.playing() && !this.pending && Boolean(takeback) && takeback.n !== this.#declined;
  }

  /** Offer the other player to take back this page's last turn (once a turn). */
  offer() {
    const port = this.#port;
    if (!port.playing() || this.pending) return;
    const takeback = takebackFor(port.state(), port.side());
    if (!takeback || takeback.n === this.#declined) return;
    this.pending = { ...takeback, from: "me" };
    this.declined = null;
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
    if (yes) this.accepted = { n: offer.n, to: offer.to };
    if (yes) return port.takeBack(offer.to, port.theirSide());
    this.#declined = offer.n;
    port.changed();
  }

  /** A message of the other page (checked by protocol.js): an offer, or the answer to ours,
   * taken once the board is idle (its turn played out). */
  async received({ t, n }) {
    const port = this.#port;
    await port.idle();
    if (!port.playing()) return port.refuse("ended");
    if (t === "undo") {
      if (n === this.#declined && !this.pending) return port.refuse("undoAgain"); // one offer a turn
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
    this.#declined = offer.n;
    this.declined = offer.n;
    port.changed();
    port.announce("online.announce.undoDeclined");
  }

  /** After a reconnection, the other page's game (`theirs`, its sync): true when it is ours
   * with the turn we took back, their page missing our accept (it takes the turn back on ours). */
  missedOurAccept(theirs) {
    return beforeTakeback(this.accepted, this.#port.state().actions, theirs);
  }

  /** After a reconnection, the other page's game (`theirs`, its sync; `acked`: the actions it
   * acknowledged): when it took back the turn we offered before the drop, here too. True then. */
  async tookBackThere(theirs, acked) {
    const offer = this.#unanswered;
    if (!afterTakeback(offer, this.#port.state().actions, theirs, acked)) return false;
    this.#unanswered = null;
    await this.#port.takeBack(offer.to, this.#port.side());
    return true;
  }

  /** The connection dropped: a standing offer lapses; ours is kept as unanswered (its accept
   * may have been lost on the way: tookBackThere). */
  dropped() {
    if (this.pending?.from === "me") this.#unanswered = { n: this.pending.n, to: this.pending.to };
    this.pending = null;
    this.declined = null;
  }

  /** The game changed (an action played, the game over): a standing offer that no longer fits
   * lapses (`always`: whatever the game), and so do the unanswered and the accepted ones. True
   * when a standing offer did. */
  lapse(always = false) {
    const count = this.#port.state().actions.length;
    if (always || count !== this.#declined) this.#declined = null;
    if (always || count !== this.#unanswered?.n) this.#unanswered = null;
    if (always || count !== this.accepted?.to) this.accepted = null;
    if (always || count !== this.declined) this.declined = null;
    if (!this.pending || (!always && count === this.pending.n && this.#port.playing())) return false;
    this.pending = null;
    return true;
  }
}
