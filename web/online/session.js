// An online game between this page and the other player's: the connection (room.js), the
// exchange of numbered, acknowledged actions, and the check of everything received before it
// touches the board (protocol.js, then the rules engine's View). It changes the board only
// through the Game's public methods (load, play, announce, endGame); online.js draws it.
//
//   const session = new Session({game, storage, config, record, onChange});
//   session.connect();                 // join the room (again after a drop, by itself)
//   session.status                     // "waiting" | "connecting" | "playing" | "disconnected" | "refused" | "ended"
//   session.resign(); session.claim(); session.chat({say: "gg"}); session.offerRematch();
//   session.takebacks.offer(); session.takebacks.answer(true);   // a turn taken back (takeback.js)
//
// The record (saved under "online", page/storage.js) is everything needed to come back to
// the game after a reload: {v, room, secret, role, me, them, name, friend, game, actions, end,
// clock}, where `game` is {start, white: role, clock: a time control's id or null, names:
// {host, guest}, round} (null for a guest not yet told), `me`/`them` the two players' ids
// (them: null until the other page said hello) and `clock` the clocks' saved state (timing.js).

import { openRoom } from "./room.js";
import { checkMessage, encode, legalIn, RateLimit, reconcile, isEnd } from "./protocol.js";
import { turnsOf } from "../game/state.js";
import { t } from "../page/i18n.js";
import { OnlineTiming } from "./timing.js";
import { TakebackOffers } from "./takeback.js";

/** Seconds the other player may be gone before the win may be claimed. */
export const DISCONNECT_WAIT_S = 60;
export const RECORD_KEY = "online";
export const RECORD_VERSION = 1;

export class Session {
  #game;
  #storage;
  #config;
  #onChange;
  #room = null;
  #peer = null; // the other player's peer id in the room, once bound
  #limits = new Map(); // peer id -> RateLimit
  #inbox = Promise.resolve(); // messages handled one after the other
  #sent = 0; // our actions sent up to this count
  #closed = false;
  #unsubscribe;
  record;
  status;
  disconnectedAt = null; // Date.now() when the other page went
  refusal = null; // {why, n}: the latest refused message (shown, and said)
  chats = []; // [{from: "me"|"them", say?, text?}]
  offers = { rematch: null }; // "sent" | "received" | null
  takebacks; // the take-back offered, or to answer (takeback.js): .pending
  acked = 0; // how many of the game's actions the other page has acknowledged
  timing = null; // the clocks (timing.js), once the game is known
  clockClaim = null; // {side, excess, n}: the other page claimed more time than it can have had
  // For the benchmark (lab/browser/bench_online.py): action number -> the epoch ms (sub-ms) it
  // was sent (ours), or shown on the board (theirs).
  timings = { sent: {}, shown: {} };

  constructor({ game, storage, config, record, onChange = () => {} }) {
    this.#game = game;
    this.#storage = storage;
    this.#config = config;
    this.#onChange = onChange;
    this.record = record;
    this.status = record.end ? "ended" : record.role === "host" && !record.them ? "waiting" : "connecting";
    this.#sent = record.actions?.length ?? 0;
    this.takebacks = new TakebackOffers({
      state: () => this.#game.state,
      side: () => this.colour,
      theirSide: () => this.theirColour,
      playing: () => this.status === "playing" && !this.record.end,
      send: (message) => this.#send(message),
      refuse: (why) => this.#refuse(why),
      changed: () => this.#onChange(this),
      announce: (key) => this.#game.announce(t(key, { name: this.theirName || t("online.opponent") })),
      takeBack: (to, mover) => this.#takeBack(to, mover),
    });
    this.#unsubscribe = game.subscribe((state) => this.#gameChanged(state));
  }

  /** This page's colour ("white" | "black"), once the game is known. */
  get colour() {
    const g = this.record.game;
    return g ? (g.white === this.record.role ? "white" : "black") : null;
  }

  get theirColour() {
    return this.colour === "white" ? "black" : "white";
  }

  get theirName() {
    const names = this.record.game?.names ?? {};
    return (this.record.role === "host" ? names.guest : names.host) || "";
  }

  #changed() {
    this.#save();
    this.#onChange(this);
  }

  #save() {
    if (this.timing) this.record.clock = this.timing.saved;
    if (!this.#closed) this.#storage.set(RECORD_KEY, this.record);
  }

  /** Put the game on the board, if it is known yet (the host's; anyone's after a reload). */
  async begin() {
    if (this.record.game) await this.#loadGame();
  }

  /** Join the room (a fresh connection attempt); the other page is found through the relays. */
  async connect() {
    if (this.#closed || this.status === "ended" || this.status === "refused") return;
    const old = this.#room;
    this.#room = null;
    this.#peer = null;
    await old?.leave();
    const room = await openRoom({
      config: this.#config,
      room: this.record.room,
      secret: this.record.secret,
      onMessage: (data, peer) => this.#received(data, peer),
      onPeerJoin: (peer) => this.#send({ t: "hello", v: 1, role: this.record.role, id: this.record.me, name: this.record.name }, peer),
      onPeerLeave: (peer) => this.#left(peer),
    });
    if (this.#closed) return room.leave();
    this.#room = room;
  }

  /** Leave the game for good: the connection closes and the record is dropped. */
  async close() {
    this.#closed = true;
    this.#unsubscribe();
    this.#storage.remove(RECORD_KEY);
    const room = this.#room;
    this.#room = null;
    await room?.leave();
  }

  /** For the tests: close the direct connection as a network failure would (then reconnect). */
  dropConnection() {
    this.#left(this.#peer);
  }

  #send(message, peer = this.#peer) {
    if (this.#room && peer) this.#room.send(encode(message), peer);
  }

  #left(peer) {
    if (!peer || peer !== this.#peer) return;
    this.#peer = null;
    this.takebacks.lapse(true); // an offer does not outlive the connection
    if (this.status === "ended") return;
    this.status = "disconnected";
    this.disconnectedAt = Date.now();
    this.#changed();
    this.#game.announce(t("online.announce.gone"));
    this.connect(); // a fresh room: found again once the other page joins it again
  }

  #refuse(why) {
    this.refusal = { why, n: (this.refusal?.n ?? 0) + 1 };
    this.#onChange(this);
  }

  #received(data, peer) {
    const limit = this.#limits.get(peer) ?? new RateLimit();
    this.#limits.set(peer, limit);
    if (!limit.take(Date.now())) {
      if (peer === this.#peer && this.refusal?.why !== "flood") this.#refuse("flood");
      return;
    }
    const check = checkMessage(data);
    if (!check.ok) {
      if (peer === this.#peer || !this.#peer) this.#refuse(check.why);
      return;
    }
    this.#inbox = this.#inbox.then(() => this.#handle(check.message, peer)).catch((error) => this.#refuse(String(error.message ?? error)));
  }

  async #handle(message, peer) {
    if (this.#closed) return;
    if (message.t === "hello") return this.#hello(message, peer);
    if (peer !== this.#peer) return; // a page this game is not played with
    if (message.t === "full" && this.record.role === "guest" && !this.record.game) {
      this.status = "refused"; // the host plays this game with another page already
      this.#changed();
      return this.#room?.leave();
    }
    const handlers = {
      start: () => this.#start(message.game),
      act: () => this.#act(message.n, message.a, message.left),
      ack: () => (this.acked = Math.max(this.acked, message.n)),
      sync: () => this.#sync(message),
      resign: () => this.#end({ reason: "resigned", loser: this.theirColour }, false),
      chat: () => this.#chat(message),
      rematch: () => this.#rematch(false),
      undo: () => this.#takebackMessage(message),
      undoAccept: () => this.#takebackMessage(message),
      undoDecline: () => this.#takebackMessage(message),
    };
    await handlers[message.t]?.();
  }

  async #hello(message, peer) {
    const r = this.record;
    const other = r.role === "host" ? "guest" : "host";
    if (message.role !== other) return;
    if (r.them && r.them !== message.id) {
      if (r.role === "host") this.#send({ t: "full" }, peer);
      return;
    }
    if (this.#peer && this.#peer !== peer) return; // bound to another connection already
    const first = !r.them;
    r.them = message.id;
    this.#peer = peer;
    this.#room?.quiet(); // connected: no more announcing on the relays
    if (r.role === "host") {
      r.game.names = { ...r.game.names, guest: message.name };
      this.#send({ t: "start", game: r.game });
    }
    if (r.game) this.#send({ t: "sync", actions: r.actions, round: r.game.round, ended: r.end });
    const was = this.status;
    this.status = r.end ? "ended" : r.game ? "playing" : "connecting";
    this.disconnectedAt = null;
    if (this.status === "playing") this.timing?.begin("white", Date.now());
    this.#changed();
    if (was === "disconnected" || (was === "connecting" && !first)) this.#game.announce(t("online.announce.back"));
    if (first && r.role === "host") this.#game.announce(t("online.announce.joined"));
  }

  /** The host's game arrives at the guest (a first time, or a rematch). */
  async #start(game) {
    const r = this.record;
    if (r.role !== "guest") return;
    const fresh = !r.game || r.game.round !== game.round || r.game.start !== game.start;
    r.game = game;
    if (fresh) {
      r.actions = [];
      r.end = null;
      r.clock = null;
      this.#sent = 0;
      this.offers = { rematch: null };
      this.takebacks.lapse(true);
      await this.#loadGame();
      this.#game.announce(t("online.announce.started"));
    }
    this.status = r.end ? "ended" : "playing";
    if (this.status === "playing") this.timing.begin("white", Date.now());
    this.#changed();
    this.#send({ t: "sync", actions: r.actions, round: game.round, ended: r.end });
  }

  /** Put the record's game on the board: this page's person plays its colour, the other page the other. */
  async #loadGame() {
    const r = this.record;
    this.#sent = r.actions.length;
    this.timing = new OnlineTiming(r.game.clock, r.clock);
    await this.#putOnBoard();
    if (r.end) this.#endOnBoard(r.end);
  }

  async #putOnBoard() {
    const r = this.record;
    const players = { [this.colour]: "person", [this.theirColour]: "online" };
    const error = await this.#game.load(r.game.start, r.actions ?? [], { state: { setup: "online", seed: null, players, alert: null, notice: null } });
    if (error) throw error;
  }

  /** A take-back message of the other page, once the board is idle (takeback.js checks it). */
  async #takebackMessage(message) {
    await this.#idle();
    return this.takebacks.received(message);
  }

  /** Both pages: the game back to its first `to` actions, `mover` (who had played the turn) to
   * move again; its clock runs from now, and the time spent meanwhile stays spent. */
  async #takeBack(to, mover) {
    const r = this.record;
    this.#sent = to;
    this.acked = Math.min(this.acked, to);
    this.timing?.undone(mover, Date.now());
    r.actions = r.actions.slice(0, to);
    await this.#putOnBoard();
    this.#changed();
    this.#game.announce(t("online.announce.undone"));
  }

  /** The side that plays action number `n` of `actions` (turn by turn: White's first turn has one action). */
  #sideOf(n) {
    const turn = turnsOf(this.#game.state).findLast((t) => t.start <= n);
    return turn?.side ?? null;
  }

  /** One action of the other player: checked (number, turn, legality), then played; `left`:
   * the time its sender says it has, with a turn's last action. */
  async #act(n, action, left) {
    const r = this.record;
    if (!r.game || r.end) return this.#refuse("ended");
    await this.#idle();
    const actions = this.#game.state.actions;
    if (n < actions.length) {
      if (actions[n] === action) return this.#send({ t: "ack", n: actions.length }); // again: already here
      return this.#refuse("conflict");
    }
    if (n > actions.length) {
      this.#send({ t: "sync", actions, round: r.game.round, ended: r.end }); // a gap: say what we have
      return this.#refuse("order");
    }
    if (this.#game.state.cursor !== actions.length) await this.#game.goto(actions.length); // the live position
    const view = this.#game.state.view;
    if (!view || view.side !== this.theirColour) return this.#refuse("turn");
    if (!legalIn(view, action)) return this.#refuse("illegal");
    await this.#game.play(action, { automatic: true });
    if (this.#game.state.actions.length !== n + 1) return this.#refuse("illegal"); // the engine refused it
    this.timings.shown[n] = performance.timeOrigin + performance.now();
    this.#sent = Math.max(this.#sent, n + 1);
    if (this.#game.state.view?.side === this.colour || this.#game.state.view?.winner) this.#theirTurnEnded(left);
    this.#send({ t: "ack", n: n + 1 });
    const name = this.theirName || t("online.opponent");
    this.#game.announce(t("online.announce.played", { name, action }));
  }

  /** After a reconnection: their whole game against ours. */
  async #sync({ actions, round, ended }) {
    const r = this.record;
    if (!r.game || round !== r.game.round) return;
    await this.#idle();
    const mine = this.#game.state.actions;
    const plan = reconcile(mine, actions);
    if (plan.conflict !== undefined) return this.#refuse("conflict");
    for (const { n, a } of plan.apply) {
      await this.#act(n, a);
      if (this.#game.state.actions.length !== n + 1) return;
    }
    // Ours that they lack: sent again (they check them as any action).
    for (let n = actions.length; n < this.#game.state.actions.length; n += 1) this.#send({ t: "act", n, a: this.#game.state.actions[n] });
    if (ended && isEnd(ended) && !r.end) this.#end(ended, false);
  }

  /** Until the game is not busy with the engine. */
  async #idle() {
    while (this.#game.state.busy || this.#game.state.engine !== "ready") await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Our own actions, as the game plays them: sent, numbered. */
  #gameChanged(state) {
    const r = this.record;
    if (!r.game || state.setup !== "online" || state.busy) return;
    const before = r.actions.length;
    r.actions = state.actions.slice();
    if (this.takebacks.lapse()) queueMicrotask(() => this.#onChange(this)); // a new action: the offer lapsed
    if (state.view?.winner && this.status !== "ended") {
      this.status = "ended"; // by the rules: the board says why
      this.timing?.stop(Date.now());
      queueMicrotask(() => this.#changed());
    }
    for (let n = this.#sent; n < state.actions.length; n += 1) {
      if (this.#sideOf(n) !== this.colour) continue;
      // The turn's last action (the other side moves next, or the game is over) presses the clock.
      const last = n + 1 < state.actions.length ? this.#sideOf(n + 1) !== this.colour : state.view?.side !== this.colour || Boolean(state.view?.winner);
      const left = last && n >= before ? this.timing?.turnSent(Date.now()) : null;
      this.#send({ t: "act", n, a: state.actions[n], ...(Number.isFinite(left) ? { left: Math.round(left) } : {}) });
      this.timings.sent[n] = performance.timeOrigin + performance.now();
    }
    if (this.#sent !== state.actions.length) {
      this.#sent = state.actions.length;
      this.#save();
      queueMicrotask(() => this.#onChange(this)); // (a turn of ours complete: it may be offered back)
    }
  }

  /** The other side's turn ended with its claim of time left: checked; said when it is more than possible. */
  #theirTurnEnded(left) {
    const check = this.timing?.turnReceived(left, Date.now());
    if (check && !check.plausible && left !== undefined) this.clockClaim = { side: this.theirColour, excess: check.excess, n: (this.clockClaim?.n ?? 0) + 1 };
  }

  /** Every moment or so (online.js): a side out of time loses. */
  tick(now = Date.now()) {
    if (this.status !== "playing" || !this.timing || this.record.end || this.#game.state.view?.winner) return;
    const side = this.timing.outOfTime(this.colour, now);
    if (side) this.#end({ reason: "timeout", loser: side }, false);
  }

  #end(end, tell = true) {
    const r = this.record;
    if (r.end) return;
    r.end = end;
    this.takebacks.lapse(true);
    this.timing?.stop(Date.now());
    this.status = "ended";
    this.#endOnBoard(end);
    this.#changed();
    const key = `online.end.${end.reason}`;
    this.#game.announce(t(key, { name: end.loser === this.colour ? t("online.you") : this.theirName || t("online.opponent") }));
    if (tell && end.reason === "resigned" && end.loser === this.colour) this.#send({ t: "resign" });
  }

  /** The board ends the game too (game/state.js END_REASONS: on time, resigned, abandoned). */
  #endOnBoard(end) {
    this.#game.endGame({ reason: end.reason, loser: end.loser });
  }

  resign() {
    if (this.record.game && !this.record.end) this.#end({ reason: "resigned", loser: this.colour });
  }

  /** The other player has been gone DISCONNECT_WAIT_S seconds: the win is this page's. */
  claim() {
    if (this.status !== "disconnected" || this.secondsLeft() > 0) return;
    this.#end({ reason: "abandoned", loser: this.theirColour }, false);
    this.#room?.leave();
  }

  /** Seconds until the win may be claimed (while the other page is gone). */
  secondsLeft(now = Date.now()) {
    if (this.disconnectedAt === null) return DISCONNECT_WAIT_S;
    return Math.max(0, DISCONNECT_WAIT_S - Math.floor((now - this.disconnectedAt) / 1000));
  }

  #chat(message) {
    if (message.text !== undefined && !this.record.friend) return this.#refuse("text");
    this.chats = [...this.chats.slice(-19), { from: "them", ...message }];
    this.#onChange(this);
    this.#game.announce(t("online.announce.chat", { name: this.theirName || t("online.opponent"), text: message.text ?? t(`online.say.${message.say}`) }));
  }

  /** A preset message ({say}) or, with a friend, a text ({text}). */
  chat(message) {
    const m = { t: "chat", ...message };
    this.#send(m);
    this.chats = [...this.chats.slice(-19), { from: "me", ...message }];
    this.#onChange(this);
  }

  /** Offer a rematch (colours swapped), or accept the one offered. */
  offerRematch() {
    this.#rematch(true);
  }

  async #rematch(mine) {
    const r = this.record;
    if (this.status !== "ended" || r.end?.reason === "abandoned") return;
    if (mine) {
      this.#send({ t: "rematch" });
      if (this.offers.rematch !== "received") {
        this.offers = { ...this.offers, rematch: "sent" };
        return this.#onChange(this);
      }
    } else if (this.offers.rematch !== "sent") {
      this.offers = { ...this.offers, rematch: "received" };
      return this.#onChange(this);
    }
    // Both want it: the host starts the next round, colours swapped.
    if (r.role !== "host") return;
    r.game = { ...r.game, white: r.game.white === "host" ? "guest" : "host", round: r.game.round + 1 };
    r.actions = [];
    r.end = null;
    r.clock = null;
    this.offers = { rematch: null };
    this.takebacks.lapse(true);
    this.status = "playing";
    await this.#loadGame();
    this.timing.begin("white", Date.now());
    this.#send({ t: "start", game: r.game });
    this.#changed();
    this.#game.announce(t("online.announce.started"));
  }
}
