// An online game between this page and the other player's, from the first hello to the
// rematch: who the pages are (the seat proved: handshake.js; start), the game's status, its
// rounds (a take-back applied), its end (the rules, a resignation, the clock, a player gone),
// every message of the other page sent to the part it concerns, and what the other page
// claims checked against this page's own record first (claims.js: an end, a start). Its
// parts: the connection (connection.js), the actions exchanged (actions.js), the take-back
// offers (takeback.js), the chat (chat.js), the rematch offer (rematch.js), the clocks
// (timing.js), the record kept in the browser (record.js), the round's game on the board
// (round-board.js) and the marker of a taken seat (seat-taken.js). It changes the board only
// through the Game's public methods (load, preview, holdSave, play, announce, endGame);
// online.js draws it.
//
//   const session = new Session({game, storage, config, record, onChange});   // (openRoom: connection.js)
//   session.connect();                 // join the room (again after a drop, by itself)
//   session.status                     // "waiting" | "connecting" | "playing" | "disconnected" | "refused" | "ended"
//   session.resign(); session.claim();
//   session.chat.say({say: "gg"}); session.rematch.offer();     // chat.js, rematch.js
//   session.takebacks.offer(); session.takebacks.answer(true);   // a turn taken back (takeback.js)

import { t, msg } from "../page/i18n.js";
import { OnlineTiming } from "./timing.js";
import { TakebackOffers } from "./takeback.js";
import { Connection } from "./connection.js";
import { Chat } from "./chat.js";
import { RematchOffer } from "./rematch.js";
import { ActionExchange, whenIdle } from "./actions.js";
import { RECORD_KEY, colourOf, theirNameOf, startRound, rematchGame } from "./record.js";
import { Absence, DISCONNECT_WAIT_S, endAccepted, playableStart, startFits } from "./claims.js";
import { Handshake } from "./handshake.js";
import { putOnBoard, tryStart } from "./round-board.js";

export class Session {
  #game;
  #storage;
  #onChange;
  #connection;
  #closed = false;
  #unsubscribe;
  #handshake;
  #config;
  #away; // how long this page was closed before this load, as an abandonment claimed against it counts it (claims.js Absence)
  #trying = false; // a start of the host's tried on the board, not taken yet (round-board.js): not saved, not the game's
  record;
  status;
  disconnectedAt = null; // Date.now() when the other page went
  refusal = null; // {why, n}: the latest refused message (shown, and said)
  chat; // the messages of both players (chat.js): .say(message), .messages
  rematch; // a rematch offered, or to accept (rematch.js): .offer(), .state
  takebacks; // the take-back offered, or to answer (takeback.js): .pending
  exchange; // the actions sent and received (actions.js): .sent, .acked, .timings
  timing = null; // the clocks (timing.js), once the game is known
  clockClaim = null; // {side, excess, n}: the other page claimed more time than it can have had (excess: in all)
  seatMarked = null; // a promise: the host's marker of the taken seat published (seat-taken.js), once a load

  constructor({ game, storage, config, record, onChange = () => {}, openRoom }) {
    this.#game = game;
    this.#storage = storage;
    this.#onChange = onChange;
    this.record = record;
    this.#config = config;
    this.#away = new Absence(record.alive, Date.now());
    this.status = record.end ? "ended" : record.role === "host" && !record.them ? "waiting" : "connecting";
    this.#handshake = new Handshake({
      record: () => this.record,
      send: (message, peer, channel) => this.#connection.send(message, peer, channel),
      bound: () => this.#connection.peer,
      bind: (peer, claim) => this.#bind(peer, claim),
      refuse: (why) => this.#refuse(why),
    });
    this.#connection = new Connection({
      config,
      room: record.room,
      secret: record.secret,
      greet: (peer) => this.#handshake.greet(peer),
      hello: (message, peer) => (message.t === "proof" ? this.#handshake.proof(message, peer) : this.#handshake.hello(message, peer)),
      message: (message) => this.#handle(message),
      refuse: (why) => (why === "flood" && this.refusal?.why === "flood" ? null : this.#refuse(why)),
      gone: () => this.#gone(),
      changed: () => this.#onChange(this),
      openRoom,
    });
    // What the session's parts share of it: the colours, sending, a refusal said, a redraw.
    const port = { side: () => this.colour, theirSide: () => this.theirColour, send: (message) => this.#send(message), refuse: (why) => this.#refuse(why), changed: () => this.#onChange(this) };
    this.exchange = new ActionExchange(
      game,
      {
        ...port,
        record: () => this.record,
        theirName: () => this.theirName,
        turnSent: () => this.timing?.turnSent(Date.now()),
        theirTurnEnded: (left, at) => this.#theirTurnEnded(left, at),
        late: (at) => this.tick(at), // (as this page's tick would have found it then)
        end: (ended) => this.#theirEnd(ended),
      },
      record.actions?.length ?? 0,
    );
    this.chat = new Chat({
      ...port,
      friend: () => Boolean(this.record.friend),
      announce: ({ say, text }) => this.#game.announce(t("online.announce.chat", { name: this.them, text: text ?? t(`online.say.${say}`) })),
    });
    this.rematch = new RematchOffer({ ...port, possible: () => this.status === "ended" && this.record.end?.reason !== "abandoned", agreed: () => this.#nextRound() }, record.rematch);
    this.takebacks = new TakebackOffers({
      ...port,
      state: () => this.#game.state,
      idle: () => whenIdle(game),
      playing: () => this.status === "playing" && !this.record.end,
      announce: (key) => this.#game.announce(t(key, { name: this.them })),
      takeBack: (to, mover) => this.#takeBack(to, mover),
    }, record.takeback ?? null);
    this.#unsubscribe = game.subscribe((state) => this.#gameChanged(state));
  }

  /** This page's colour ("white" | "black"), once the game is known. */
  get colour() {
    return colourOf(this.record);
  }

  get theirColour() {
    return this.colour === "white" ? "black" : "white";
  }

  get theirName() {
    return theirNameOf(this.record);
  }

  /** Whether the game goes through the relays, with no direct connection (the panel says so). */
  get relayed() {
    return this.#connection.relayed;
  }

  /** The other player, as the texts name them: their name, or "your opponent" (a msg(): it
   * gets its capital where a sentence starts). */
  get them() {
    return this.theirName || msg("online.yourOpponent");
  }

  #changed() {
    this.#save();
    this.#onChange(this);
  }

  #save() {
    if (this.timing) this.record.clock = this.timing.saved;
    this.record.takeback = this.takebacks.accepted;
    this.record.rematch = this.rematch.saved;
    if (!this.#closed && !this.#trying) this.#storage.set(RECORD_KEY, this.record); // (a start tried may yet go back)
  }

  /** Put the game on the board, if it is known yet (the host's; anyone's after a reload). */
  async begin() {
    if (this.record.game) await this.#loadGame();
  }

  /** Join the room (a fresh connection attempt): this page's seat made the first time; a
   * guest with no seat yet asks the relays meanwhile whether it is taken (handshake.js). */
  async connect() {
    if (this.#closed || this.status === "ended" || this.status === "refused") return;
    if (await this.#handshake.ready()) this.#save(); // (a seat made)
    this.#handshake.reset();
    this.#handshake.askTaken(this.#config).then((taken) => taken && !this.record.them && this.#refused());
    await this.#connection.open();
  }

  /** The game is another page's: this page leaves its room for good. */
  #refused() {
    if (this.#closed || this.status === "refused") return;
    this.status = "refused";
    this.#changed();
    return this.#connection.close();
  }

  /** Leave the game for good: the connection closes and the record is dropped. */
  async close() {
    this.#closed = true;
    this.#unsubscribe();
    this.#storage.remove(RECORD_KEY);
    await this.#connection.close();
  }

  /** For the tests: close the direct connection as a network failure would (then reconnect). */
  dropConnection() {
    this.#connection.drop();
  }

  #send(message, peer) {
    this.#connection.send(message, peer);
  }

  /** The other page went (the connection dropped): said, and its room joined again. */
  #gone() {
    this.takebacks.dropped(); // an offer does not outlive the connection
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

  /** A message of the page this game is played with (checked by protocol.js), in order. */
  async #handle(message) {
    if (message.t === "full" && this.record.role === "guest" && !this.record.game) return this.#refused(); // the host plays with another page
    const handlers = {
      start: () => this.#start(message.game),
      act: () => this.exchange.received(message.n, message.a, message.left),
      ack: () => this.exchange.acknowledged(message.n),
      sync: () => this.#sync(message),
      resign: () => (this.record.game && !this.record.end && !this.#overByRules() ? this.#end({ reason: "resigned", loser: this.theirColour }, false) : this.#refuse("ended")),
      chat: () => this.chat.received(message),
      rematch: () => this.rematch.received(),
      undo: () => this.takebacks.received(message),
      undoAccept: () => this.takebacks.received(message),
      undoDecline: () => this.takebacks.received(message),
    };
    await handlers[message.t]?.();
    this.#away.heard(message.t);
  }

  /** The other player proved its seat on `peer` (handshake.js): the game is played with it, sealed with `channel`. */
  async #bind(peer, { key, name, channel }) {
    const r = this.record;
    const first = !r.them;
    r.them = key;
    this.#connection.bind(peer, channel); // connected: no more announcing on the relays
    this.#away.bound(Date.now());
    this.exchange.connected();
    if (r.role === "host") {
      r.game.names = { ...r.game.names, guest: name };
      this.#send({ t: "start", game: r.game });
      if (r.friend) this.seatMarked ??= this.#handshake.markTaken(this.#config); // (for a third page with the link; once a load)
    }
    if (r.game) this.#send({ t: "sync", actions: r.actions, round: r.game.round, ended: r.end });
    const was = this.status;
    this.status = r.game ? this.#statusNow() : "connecting";
    this.disconnectedAt = null;
    if (this.status === "playing") this.timing?.begin("white", Date.now());
    this.#changed();
    if (was === "disconnected" || (was === "connecting" && !first)) this.#game.announce(t("online.announce.back"));
    if (first && r.role === "host") this.#game.announce(t("online.announce.joined"));
  }

  /** The host's game arrives at the guest: a first time, again after a reconnection (nothing
   * changes), or the rematch both agreed to; anything else is refused (claims.js startFits), and
   * so is a new round from a position no game can be played from (claims.js playableStart) or
   * that the board, once it is loaded, shows already won: the record and the board are then as
   * they were, and no game ended. */
  async #start(game) {
    const r = this.record;
    const fit = r.role === "guest" ? startFits(r, game, this.rematch.agreed) : null;
    if (!fit || (fit !== "again" && !playableStart(game.start))) return this.#refuse("start");
    if (fit !== "again") {
      this.#trying = true; // (the board's changes meanwhile are not the game's: #gameChanged)
      const taken = await tryStart(this.#game, r, game, {
        load: () => this.#loadGame(),
        kept: () => ({ timing: this.timing, sent: this.exchange.sent, acked: this.exchange.acked }),
        restore: ({ timing, sent, acked }) => ([this.timing, this.exchange.sent, this.exchange.acked] = [timing, sent, acked]),
      }).finally(() => (this.#trying = false));
      if (!taken) return this.#refuse("start");
      this.rematch.clear();
      this.takebacks.lapse(true);
      this.#game.announce(t("online.announce.started"));
    }
    this.status = this.#statusNow();
    if (this.status === "playing") this.timing.begin("white", Date.now());
    this.#changed();
    this.#send({ t: "sync", actions: r.actions, round: r.game.round, ended: r.end });
  }

  /** Put the record's game on the board (round-board.js), its clocks and its count of actions afresh. */
  async #loadGame() {
    const r = this.record;
    this.exchange.loaded(r.actions.length);
    this.timing = new OnlineTiming(r.game.clock, r.clock, Date.now(), { theirs: this.theirColour, alive: r.alive }); // (their time not charged for this page's absence)
    await putOnBoard(this.#game, r);
    if (r.end) this.#game.endGame({ reason: r.end.reason, loser: r.end.loser });
  }

  /** After a reconnection: their whole game against ours (actions.js), once a take-back that
   * one page missed (its accept lost in a drop) is done on both (takeback.js). */
  async #sync(message) {
    if (message.round !== this.record.game?.round) return;
    await whenIdle(this.#game);
    if (await this.takebacks.tookBackThere(message.actions, this.exchange.acked)) return;
    const missed = this.takebacks.missedOurAccept(message.actions); // (they take it back on our sync)
    return this.exchange.synced(missed ? { ...message, actions: this.#game.state.actions } : message);
  }

  /** Both pages: the game back to its first `to` actions, `mover` (who had played the turn) to
   * move again; its clock runs from now, and the time spent meanwhile stays spent. */
  async #takeBack(to, mover) {
    const r = this.record;
    this.exchange.takenBack(to);
    this.timing?.undone(mover, Date.now());
    r.actions = r.actions.slice(0, to);
    await putOnBoard(this.#game, r);
    this.#changed();
    this.#game.announce(t("online.announce.undone"));
  }

  /** The game changed: our own actions, as the game plays them, kept and sent (actions.js). */
  #gameChanged(state) {
    const r = this.record;
    if (!r.game || state.setup !== "online" || state.busy || this.#trying) return;
    const before = r.actions.length;
    r.actions = state.actions.slice();
    if (this.takebacks.lapse()) queueMicrotask(() => this.#onChange(this)); // a new action: the offer lapsed
    if (state.view?.winner && this.status !== "ended") {
      this.status = "ended"; // by the rules: the board says why
      this.timing?.stop(Date.now());
      queueMicrotask(() => this.#changed());
    }
    if (this.exchange.sendOurs(state, before)) {
      this.#save();
      queueMicrotask(() => this.#onChange(this)); // (a turn of ours complete: it may be offered back)
    }
  }

  /** The other side's turn ended with its claim of time left, its last action having arrived
   * at `at`: checked; said when the claims go past the game's allowance (timing.js). */
  #theirTurnEnded(left, at) {
    const check = this.timing?.turnReceived(left, at);
    if (!check || check.plausible || left === undefined) return;
    this.clockClaim = { side: this.theirColour, excess: check.over, n: (this.clockClaim?.n ?? 0) + 1 };
    this.refusal = null; // (the panel shows the newer news: this)
  }

  /** An end outside the rules that the other page claims (its sync): taken only when this page
   * can check it (claims.js endAccepted; an abandonment only as claims.js Absence counts this
   * page's time away), else refused and said; the game goes on. */
  #theirEnd(end) {
    const now = Date.now();
    const facts = { theirSide: this.theirColour, clockLeft: (side) => this.timing?.left(side, now) ?? null, awayMs: this.#away.ms(now) };
    if (this.#overByRules() || !endAccepted(end, facts)) return this.#refuse("end");
    this.#end(end, false);
  }

  /** Every moment or so (online.js), and as an action of theirs arrives: this page's being open
   * stamped; a side out of time loses (the loser returned), the other page there or not. */
  tick(now = Date.now()) {
    if (!this.#closed && this.status !== "ended" && this.#away.stamp(this.record, now)) this.#save();
    if (!["playing", "disconnected"].includes(this.status) || !this.timing || this.record.end || this.#game.state.view?.winner) return null;
    const side = this.timing.outOfTime(this.colour, now);
    if (side) this.#end({ reason: "timeout", loser: side }, false);
    return side;
  }

  /** The status of the game on the board, the other page bound: "ended" when it ended outside
   * the rules (the record's end) or by them (the board says who won), else "playing". */
  #statusNow() {
    return this.record.end || this.#game.state.view?.winner ? "ended" : "playing";
  }

  /** Whether the rules ended the game (its board says who won): no other end is taken then. */
  #overByRules() {
    return Boolean(this.#game.state.view?.winner) || (this.status === "ended" && !this.record.end);
  }

  #end(end, tell = true) {
    const r = this.record;
    if (r.end || this.#overByRules()) return;
    r.end = end;
    this.takebacks.lapse(true);
    this.timing?.stop(Date.now());
    this.status = "ended";
    this.#game.endGame({ reason: end.reason, loser: end.loser }); // the board ends it too (game/state.js END_REASONS)
    this.#changed();
    this.#game.announce(end.loser === this.colour ? t(`online.end.you.${end.reason}`) : t(`online.end.${end.reason}`, { name: this.them }));
    if (tell && end.reason === "resigned" && end.loser === this.colour) this.#send({ t: "resign" });
  }

  resign() {
    if (this.record.game && !this.record.end) this.#end({ reason: "resigned", loser: this.colour });
  }

  /** The other player has been gone DISCONNECT_WAIT_S seconds: the win is this page's. */
  claim() {
    if (this.status !== "disconnected" || this.secondsLeft() > 0) return;
    this.#end({ reason: "abandoned", loser: this.theirColour }, false);
    this.#connection.leave();
  }

  /** Seconds until the win may be claimed (while the other page is gone). */
  secondsLeft(now = Date.now()) {
    if (this.disconnectedAt === null) return DISCONNECT_WAIT_S;
    return Math.max(0, DISCONNECT_WAIT_S - Math.floor((now - this.disconnectedAt) / 1000));
  }

  /** Both players want a rematch: the host starts the next round, colours swapped. */
  async #nextRound() {
    const r = this.record;
    if (r.role !== "host") return;
    startRound(r, rematchGame(r.game));
    this.rematch.clear();
    this.takebacks.lapse(true);
    this.status = "playing";
    await this.#loadGame();
    this.timing.begin("white", Date.now());
    this.#send({ t: "start", game: r.game });
    this.#changed();
    this.#game.announce(t("online.announce.started"));
  }
}
