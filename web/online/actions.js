// The actions of an online game crossing between the two pages: ours sent, numbered, as the
// game plays them (a turn's last action with the time its mover has left); theirs checked
// (their number, the side to move, legality by the engine's View, their mover's time by this
// page's clock) before they touch the board, played through the Game, and acknowledged;
// after a reconnection, the two games compared (sync). The pure parts (placeOf, sideOf,
// oursToSend) have node tests (tests/js/online-game.test.mjs); session.js owns one
// ActionExchange a game.
//
// Ours that a sync lacks go again, each at most once in a while: the first time at once, then
// only AGAIN_MS after, the wait doubling each time up to AGAIN_MAX_MS. A sync costs the other
// page one small message: answered with the whole game each time, it made this page send a
// thousand messages for 25 syncs. Between two connections the other page's game is made whole
// by this page's own sync (each page sends its whole game as it binds); what goes again here
// serves when that sync is not taken (a take-back whose accept was lost, takeback.js). Each new
// connection (the session calls `connected()` as the pages bind) lets them go again at once: a
// turn sent again that a drop loses too goes once more on the next connection
// (tests/js/online-reconnection.test.mjs); a new connection costs a page far more than a sync.
//
//   const exchange = new ActionExchange(game, port, sent);   // (now: a clock, for the tests)
//   await exchange.received(n, action, left);   // an "act" of the other page
//   await exchange.synced({actions, round, ended});
//   exchange.sendOurs(state, before);           // the game changed: ours not sent yet go
//   exchange.loaded(count);                     // the game put on the board afresh (a load, a new round)
//   exchange.connected();                       // the pages bound again: ours a sync lacks may go again at once

import { legalIn, reconcile, isEnd } from "./protocol.js";
import { turnsOf } from "../game/state.js";
import { t, msg } from "../page/i18n.js";

/** The wait before one of ours that a sync lacks goes again (ms): it doubles each time it
 * goes, up to AGAIN_MAX_MS. */
export const AGAIN_MS = 2000;
export const AGAIN_MAX_MS = 60_000;

/** Where action number `n` of the other page stands against ours (`actions`): "next" (the
 * one expected), "again" (already here, the same), "conflict" (here, another) or "gap". */
export function placeOf(actions, n, action) {
  if (n < actions.length) return actions[n] === action ? "again" : "conflict";
  return n > actions.length ? "gap" : "next";
}

/** The side that plays action number `n` of `state`'s game (turn by turn: White's first turn has one action). */
export function sideOf(state, n) {
  const turn = turnsOf(state).findLast((t) => t.start <= n);
  return turn?.side ?? null;
}

/** `side`'s actions of `state`'s game from number `from` on: [{n, a, last}], `last` when the
 * action ends the turn (the other side moves next, or the game is over): it presses the clock. */
export function oursToSend(state, from, side) {
  const ours = [];
  for (let n = from; n < state.actions.length; n += 1) {
    if (sideOf(state, n) !== side) continue;
    const last = n + 1 < state.actions.length ? sideOf(state, n + 1) !== side : state.view?.side !== side || Boolean(state.view?.winner);
    ours.push({ n, a: state.actions[n], last });
  }
  return ours;
}

/** Until `game` is not busy with the engine. */
export async function whenIdle(game) {
  while (game.state.busy || game.state.engine !== "ready") await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * The exchange of one game's actions. `port` is what it needs of the session: record() the
 * game's record (game, end); side() and theirSide() the colours; theirName(); send(message)
 * to the other page; refuse(why) a message out of place, said; turnSent() this page's turn
 * ended: its clock pressed, the ms left (or null); theirTurnEnded(left, at) the other side's
 * turn ended with its claim of time left, its last action having arrived at `at` (epoch ms);
 * late(at) an action of theirs arrived at `at`: truthy when their time had run out by then by
 * this page's clock (the game then ends on time, the action not taken); end(ended) an end
 * outside the rules the other page claims (the session checks it).
 */
export class ActionExchange {
  sent; // our actions sent up to this count
  acked = 0; // how many of the game's actions the other page has acknowledged
  // For the benchmark (lab/browser/bench_online.py): action number -> the epoch ms (sub-ms) it
  // was sent (ours), or shown on the board (theirs).
  timings = { sent: {}, shown: {} };
  #game;
  #port;
  #now;
  #again = new Map(); // action number -> {at, wait}: when it last went again on a sync, and the wait before the next time
  #againRound = null; // the round #again is of

  constructor(game, port, sent = 0, now = () => Date.now()) {
    this.#game = game;
    this.#port = port;
    this.sent = sent;
    this.#now = now;
  }

  /** The record's game put on the board (a load, a new round) with `count` actions: ours sent
   * up to there, none acknowledged yet by this page's count (the other page's sync says more). */
  loaded(count) {
    this.sent = count;
    this.acked = 0;
  }

  /** The other page acknowledged the first `n` actions. */
  acknowledged(n) {
    this.acked = Math.max(this.acked, n);
  }

  /** The game went back to its first `to` actions (a take-back): numbered again from there. */
  takenBack(to) {
    this.sent = to;
    this.acked = Math.min(this.acked, to);
    for (const n of this.#again.keys()) if (n >= to) this.#again.delete(n);
  }

  /** One action of the other player: checked (number, turn, legality), then played; `left`:
   * the time its sender says it has, with a turn's last action. */
  async received(n, action, left) {
    const arrived = Date.now(); // (the clocks count from here, not from the board's drawing)
    const port = this.#port;
    const game = this.#game;
    const r = port.record();
    if (!r.game || r.end) return port.refuse("ended");
    await whenIdle(game);
    const actions = game.state.actions;
    const place = placeOf(actions, n, action);
    if (place === "again") return port.send({ t: "ack", n: actions.length });
    if (place === "conflict") return port.refuse("conflict");
    if (place === "gap") {
      port.send({ t: "sync", actions, round: r.game.round, ended: r.end }); // a gap: say what we have
      return port.refuse("order");
    }
    if (game.state.cursor !== actions.length) await game.goto(actions.length); // the live position
    const view = game.state.view;
    if (!view || view.side !== port.theirSide()) return port.refuse("turn");
    if (!legalIn(view, action)) return port.refuse("illegal");
    if (port.late(arrived)) return; // their time ran out before it came, by this page's clock: the game ended on time first
    await game.play(action, { automatic: true });
    if (game.state.actions.length !== n + 1) return port.refuse("illegal"); // the engine refused it
    this.timings.shown[n] = performance.timeOrigin + performance.now();
    this.sent = Math.max(this.sent, n + 1);
    if (game.state.view?.side === port.side() || game.state.view?.winner) port.theirTurnEnded(left, arrived);
    port.send({ t: "ack", n: n + 1 });
    const name = port.theirName() || msg("online.yourOpponent");
    game.announce(t("online.announce.played", { name, action }));
  }

  /** After a reconnection: their whole game against ours. */
  async synced({ actions, round, ended }) {
    const port = this.#port;
    const game = this.#game;
    const r = port.record();
    if (!r.game || round !== r.game.round) return;
    await whenIdle(game);
    const plan = reconcile(game.state.actions, actions);
    if (plan.conflict !== undefined) return port.refuse("conflict");
    for (const { n, a } of plan.apply) {
      await this.received(n, a);
      if (game.state.actions.length !== n + 1) return;
    }
    // Ours that they lack: sent again (they check them as any action), each once in a while.
    for (let n = actions.length; n < game.state.actions.length; n += 1) if (this.#goesAgain(n, round)) port.send({ t: "act", n, a: game.state.actions[n] });
    if (ended && isEnd(ended) && !r.end) port.end(ended);
  }

  /** The pages are bound again (a new connection): ours that a sync lacks may go again at once. */
  connected() {
    this.#again.clear();
  }

  /** Whether our action number `n` of round `round`, lacking in a sync, goes again now (then
   * the wait before its next time doubles). */
  #goesAgain(n, round) {
    if (round !== this.#againRound) {
      this.#again.clear();
      this.#againRound = round;
    }
    const now = this.#now();
    const last = this.#again.get(n);
    if (last && now - last.at < last.wait) return false;
    this.#again.set(n, { at: now, wait: last ? Math.min(2 * last.wait, AGAIN_MAX_MS) : AGAIN_MS });
    return true;
  }

  /** Our own actions, as the game plays them: sent, numbered, from the first not sent yet;
   * `before`: the game's actions before this change (an older one does not press the clock).
   * True when more were sent (a turn of ours may be complete). */
  sendOurs(state, before) {
    const port = this.#port;
    for (const { n, a, last } of oursToSend(state, this.sent, port.side())) {
      const left = last && n >= before ? port.turnSent() : null;
      port.send({ t: "act", n, a, ...(Number.isFinite(left) ? { left: Math.round(left) } : {}) });
      this.timings.sent[n] = performance.timeOrigin + performance.now();
    }
    if (this.sent === state.actions.length) return false;
    this.sent = state.actions.length;
    return true;
  }
}
