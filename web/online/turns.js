// Games by turns played: one made (the host) or joined by its link (a guest), opened on the board
// as a visit (the page's own game waits: modes.js), the other player's copies read from the
// relays and taken once checked (turns-copy.js judges them, the engine replays their actions),
// this page's copy published at the end of each of its turns, the deadline kept, and every game
// under way checked at once when Play online opens. The records are turns-record.js's, the
// events turns-events.js's, the reads without a game open (an invite, every game under way)
// turns-read.js's, the open game's events heard turns-heard.js's; online.js draws the panel
// (turns-view.js) from this object.
// docs/online.md, "Games by turns".
//
//   const turns = new TurnsGames({game, engine, storage, config, enter, onChange, opened, notifier});
//   await turns.create({days, colour, name, start});   // a new game: its link to send
//   await turns.openLink({room, secret});              // a link opened: the game, or its invite
//   await turns.join(name); await turns.open(room); turns.resign(); turns.closed();
//   await turns.addMoved(text);                        // an export from another device: {ok, why} or {ok, record, result}
//   turns.record, turns.invite, turns.changes, turns.refusal, turns.saved, turns.status, turns.moved

import { judgeCopy, copyOf, seatedGuest } from "./turns-copy.js";
import { newTurnsRecord, putTurns, turnsIn, turnOfRoom, takeCopy, changesSince, seenNow, readAt } from "./turns-record.js";
import { newSeat, roomOf, turnsKeys, copyEvent } from "./turns-events.js";
import { publishTo } from "./relay-sockets.js";
import { lookUpInvite, checkGames, watchGame, MARK_MS } from "./turns-read.js";
import { HeardCopies } from "./turns-heard.js";
import { importMoved } from "./turns-move.js";
import { signatures } from "./library.js";
import { toHex, fromHex } from "./relay-crypto.js";
import { randomId } from "./protocol.js";
import { colourOf, isOver, missedDeadline, sideAt, turnRule, endsTurn, turnOf } from "../game/by-turns.js";
import { showTurnCount } from "../panels/turn-count.js";

/** How often an open game checks its deadline and redraws its time left. */
const TICK_MS = 1000;
/** A copy no relay took is sent again this often while its game is open. */
const RETRY_MS = 30_000;

export class TurnsGames {
  #game;
  #engine;
  #storage;
  #config;
  #enter;
  #opened;
  #onChange;
  #notifier;
  #keys = null;
  #watch = null;
  #timer = 0;
  #retry = 0;
  #read = false; // the open game's relays read once since it opened
  #marked = 0; // the moment of the open game's latest read kept (its record's checked)
  #held = []; // copies refused during that first read, judged again once it is done
  #queue = Promise.resolve(); // copies taken one after the other
  #publishing = Promise.resolve();
  #sent = false; // this page published the open game's copy since it opened it
  #copies = new HeardCopies(); // the open game's events heard: checked, each read once
  #unsubscribe;
  record = null; // the game by turns on the board (its record), or null
  invite = null; // a link opened whose game this page has not joined: {room, secret, status, host, copy, at}
  changes = []; // what changed since the player last looked (turns-record.js changesSince)
  refusal = null; // {why, n}: the latest copy refused
  saved = null; // what the copy a relay last took holds ("3", "3/resigned"), since the game opened
  unsent = false; // the latest copy reached no relay (sent again)
  moved = null; // the game open was just moved here from another device: "added" | "newer" | "kept"

  constructor({ game, engine, storage, config, enter, onChange, opened = Promise.resolve(), notifier = null }) {
    this.#notifier = notifier; // turns-notify-view.js: a move arriving while the page is hidden; the worker's list
    this.#game = game;
    this.#opened = opened.catch(() => null); // the page's own opening (its saved game), which the game by turns waits for
    this.#engine = engine;
    this.#storage = storage;
    this.#config = config; // () => online.json's promise
    this.#enter = enter; // () => the visit entered (modes.js "turns")
    this.#onChange = onChange;
    this.#unsubscribe = game.subscribe((state) => this.#boardChanged(state));
  }

  /** "waiting" (for a guest), "playing", "ended", "refused" (the seat is another's), or null. */
  get status() {
    if (this.invite?.status === "taken") return "refused";
    const r = this.record;
    if (!r) return null;
    if (r.lost) return "refused";
    return isOver(r) ? "ended" : r.joined === null ? "waiting" : "playing";
  }

  /** The games by turns kept. */
  list() {
    return turnsIn(this.#storage);
  }

  /** A new game (the host): {days: 1|3|7, colour: "white"|"black", name, start: position text}. */
  async create({ days, colour, name, start }) {
    const seat = await newSeat();
    const room = await roomOf(seat.me);
    const game = { start, white: colour === "white" ? "host" : "guest", days, names: { host: name, guest: "" }, created: Date.now() };
    const record = newTurnsRecord({ room, secret: randomId(18), role: "host", key: seat.key, me: seat.me, host: seat.me, name, game });
    this.#save(record);
    await this.#show(record, null, true);
  }

  /** A link of a game by turns opened: the game, if this page has it; else its invite, read from the relays. */
  async openLink({ room, secret, host = null }) {
    if (turnOfRoom(this.#storage, room)) return this.open(room);
    this.#close();
    this.invite = { room, secret, status: "looking" };
    this.#changed();
    await this.#enter();
    const invite = this.invite;
    const found = await lookUpInvite((await this.#config()).relays, { room, secret, host });
    if (this.invite !== invite) return;
    Object.assign(invite, found);
    this.#changed();
  }

  /** Join the invite's game as `name`: this page's seat made, the host's game taken, the copy published. */
  async join(name) {
    const invite = this.invite;
    if (invite?.status !== "found") return;
    const seat = await newSeat();
    const now = Date.now();
    const game = { ...invite.copy.game, names: { host: invite.copy.game.names.host, guest: name } };
    let record = newTurnsRecord({ room: invite.room, secret: invite.secret, role: "guest", key: seat.key, me: seat.me, host: invite.host, them: invite.host, name, game, joined: now });
    const verdict = judgeCopy(record, invite.copy, { author: invite.host, at: invite.at, now });
    const checked = verdict.ok && (await this.#rulesAllow(record, verdict));
    // A host's copy that does not hold, or a game the rules already ended (its start position
    // won, or the host's moves ending it: the guest would join a game lost): as if there were none.
    if (!checked || checked.winner) {
      invite.status = "missing";
      return this.#changed();
    }
    record = seenNow(takeCopy(record, verdict, now));
    this.invite = null;
    this.#save(record);
    await this.#show(record);
  }

  /** A game by turns moved here from another device (its export, turns-move.js): checked (its
   * seat key, its room, its actions by the engine) and added: {ok, why} or {ok, record, result}. */
  async addMoved(text) {
    const { schnorr } = await signatures();
    const publicKeyOf = (key) => toHex(schnorr.getPublicKey(fromHex(key)));
    const rulesAllow = (r) => this.#engine.call("play", { position: r.game.start, actions: r.actions }).then(() => true, () => false);
    const answer = await importMoved(text, { storage: this.#storage, publicKeyOf, roomOf, rulesAllow });
    if (answer.ok) showTurnCount(this.#storage);
    return answer;
  }

  /** Open the game of `room` kept here (`moved`: it was just moved here, turns-move.js addMoved's result). */
  async open(room, moved = null) {
    const record = turnOfRoom(this.#storage, room);
    if (record) await this.#show(record, moved);
  }

  /** The game on the board, its copies heard from the relays while it is open (`made`: just
   * made here, published at once for its guest to find). */
  async #show(record, moved = null, made = false) {
    // A game under way kept as lost by an earlier page (a host's copy naming another guest,
    // taken then as the seat gone: turns-copy.js now refuses it as history): playable again.
    if (record.lost && seatedGuest(record)) {
      record = { ...record };
      delete record.lost;
    }
    this.#close();
    this.invite = null;
    this.moved = moved;
    this.changes = changesSince(record);
    this.record = seenNow(record);
    this.refusal = null;
    this.saved = null;
    this.#save(this.record);
    this.#keys = await turnsKeys(record.secret, record.room);
    await this.#opened; // (else the page's own game, still loading, would take the board after it)
    await this.#enter();
    if (this.record?.room !== record.room) return;
    await this.#putOnBoard();
    this.#changed();
    this.#read = false;
    this.#held = [];
    this.#sent = false;
    const watch = (this.#watch = watchGame((await this.#config()).relays, this.#keys.tag, {
      record: this.record,
      onEvent: (event, relay) => this.#heard(event, relay),
      onRead: (at, stored) => {
        // The stored copies, oldest first (the host binds the guest that joined first), then the read done.
        for (const { event, relay } of stored) this.#heard(event, relay);
        this.#queue = this.#queue.then(() => this.#readDone(at, watch));
      },
    }));
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
    // Only a game just made is published before the read: any other (a game moved here from
    // another device) may be older than its player's copy on the relays, which it would replace.
    if (made) this.#publish();
  }

  async #putOnBoard() {
    const r = this.record;
    const mine = colourOf(r);
    const players = { [mine]: "person", [mine === "white" ? "black" : "white"]: "online" };
    const names = { white: r.game.white === "host" ? r.game.names.host : r.game.names.guest, black: r.game.white === "host" ? r.game.names.guest : r.game.names.host };
    await this.#game.openGame({ start: r.game.start, actions: r.actions, players, names }, "turns");
    if (r.end) this.#game.endGame({ reason: r.end.reason, loser: r.end.loser });
  }

  /** The open game's relays read: its time is this page's last full read; its copy published again. */
  async #readDone(at, watch) {
    if (this.#watch !== watch || !this.record) return;
    // A copy read before the one it follows (in the same second, or from another relay) is
    // judged again after the others: a game moved here catches up from its player's own copy
    // and the other's in whichever order they came. Only what still fails then is said.
    for (let last = false; this.#held.length && !last; ) {
      const before = this.record;
      for (const read of this.#held.splice(0)) await this.#take(read, true);
      last = this.record === before;
      if (last) for (const read of this.#held.splice(0)) await this.#take(read, false);
    }
    if (this.#watch !== watch || !this.record) return;
    this.#read = true;
    this.#marked = at;
    this.record = readAt(this.record, at);
    this.#save(this.record);
    this.#tick();
    // Once an opening, for a relay that forgot the copy: not again when this opening already
    // published it (a new game, shown at once; a guest bound during the read).
    if (!this.#sent && (this.record.joined !== null || this.record.role === "host")) this.#publish();
  }

  /** An event from `relay` under the open game's tag: checked at once, then read and taken
   * in turn (turns-heard.js: read once, each relay's share of events waiting bounded). */
  #heard(event, relay) {
    const keys = this.#keys;
    if (!keys || !this.#copies.admit(event, relay, this.record, keys.tag)) return;
    const record = this.record;
    const stale = () => (this.record !== record && this.record?.room !== record?.room) || this.#keys !== keys;
    this.#queue = this.#queue.then(async () => {
      const read = await this.#copies.read(event, relay, keys, stale);
      if (read && this.record) await this.#take(read);
    }).catch(() => null);
  }

  /** A copy of the other player's, read and signed: judged, its actions replayed by the engine, taken. */
  async #take(read, hold = !this.#read) {
    const { author, at, copy } = read;
    const before = this.record;
    const verdict = judgeCopy(before, copy, { author, at, now: Date.now() });
    if (!verdict.ok && hold) return void this.#held.push(read);
    if (!verdict.ok) return this.#refuse(verdict.why);
    if (verdict.own) return;
    const rules = verdict.actions.length ? await this.#rulesAllow(before, verdict) : { winner: null };
    if (!rules) return;
    let record = takeCopy(before, verdict);
    if (rules.winner && !isOver(record)) record = { ...record, winner: rules.winner, overAt: Date.now() };
    if (this.record !== before) return; // (closed meanwhile)
    this.record = record;
    this.#save(record);
    if (verdict.bind || verdict.actions.length || verdict.end) this.changes = changesSince({ ...record, seen: before.seen });
    this.#notifier?.moved(record, verdict.actions);
    await this.#boardCatchesUp(before, record);
    if (verdict.bind || verdict.late) this.#publish(); // (the host names its guest; a late turn: the win on time said)
    this.#changed();
  }

  /** Whether the engine plays the copy's actions from the start (legal, and a half turn only
   * when it ends the game): {winner} when it does, else null (refused and said). */
  async #rulesAllow(record, verdict) {
    const actions = [...record.actions, ...verdict.actions];
    let answer;
    try {
      answer = await this.#engine.call("play", { position: record.game.start, actions });
    } catch {
      this.#refuse("illegal");
      return null;
    }
    if (!verdict.whole && !answer.view?.winner) {
      this.#refuse("turn");
      return null;
    }
    return { winner: answer.view?.winner ?? null };
  }

  /** The board shows the record: the other's actions played (as moves arrive), its end. */
  async #boardCatchesUp(before, record) {
    const state = this.#game.state;
    if (state.setup !== "turns" || this.record !== record) return;
    const live = !state.busy && state.cursor === state.actions.length && state.actions.join() === before.actions.join();
    if (live) for (const action of record.actions.slice(before.actions.length)) await this.#game.play(action, { automatic: true });
    if (this.#game.state.actions.join() !== record.actions.join()) await this.#putOnBoard();
    else if (record.end && !before.end) this.#game.endGame({ reason: record.end.reason, loser: record.end.loser });
  }

  /** The board changed: this page's player's actions, as the game plays them, kept with their
   * moments; a turn ended (or the game), the copy published. */
  #boardChanged(state) {
    const r = this.record;
    if (!r || state.setup !== "turns" || state.busy || isOver(r) || r.lost) return;
    const actions = state.actions;
    if (actions.length <= r.actions.length || actions.slice(0, r.actions.length).join() !== r.actions.join()) return;
    const rule = turnRule(r.game.start);
    const mine = colourOf(r);
    const added = actions.slice(r.actions.length);
    if (added.some((_, i) => sideAt(rule, r.actions.length + i) !== mine)) return; // (not ours: the board catching up)
    const now = Date.now();
    const record = { ...r, actions: [...actions], times: [...r.times, ...added.map(() => now)], seen: { ...r.seen, n: actions.length } };
    if (state.view?.winner) Object.assign(record, { winner: state.view.winner, overAt: now });
    this.record = record;
    this.#save(record);
    if (record.winner || endsTurn(rule, actions.length)) this.#publish();
    this.#changed();
  }

  /** Each second while a game is open: the deadline (its player's own missed: lost; the
   * other's missed by more than the margin: the win claimed), and the time left redrawn. */
  #tick(now = Date.now()) {
    const r = this.record;
    if (!r || !this.#read || isOver(r) || r.lost) return this.#onChange();
    if (now - this.#marked >= MARK_MS) this.#mark(now);
    const missed = missedDeadline(r, now);
    if (!missed) return this.#onChange();
    const loser = missed === "mine" ? colourOf(r) : colourOf(r) === "white" ? "black" : "white";
    this.#end({ reason: "timeout", loser, at: now });
  }

  #end(end) {
    const r = this.record;
    this.record = { ...r, end, winner: end.loser === "white" ? "black" : "white", overAt: end.at, seen: { ...r.seen, over: true } };
    this.#save(this.record);
    this.#game.endGame({ reason: end.reason, loser: end.loser });
    this.#publish();
    this.#changed();
  }

  /** The other to move (or a guest's join awaited), the open game's watch live on every relay at
   * `at`: kept as a read (the record's checked, once the copies heard before are taken; a turn or
   * a join dated before counts from it). */
  #mark(at = Date.now()) {
    const watch = this.#watch;
    if (!this.#read || !watch?.live(at) || !["them", "waiting"].includes(turnOf(this.record))) return;
    this.#marked = at;
    this.#queue = this.#queue.then(() => this.#watch === watch && this.record && putTurns(this.#storage, (this.record = readAt(this.record, at)))).catch(() => null);
  }

  /** This page's player resigns the open game. */
  resign() {
    const r = this.record;
    if (r && !isOver(r) && r.joined !== null) this.#end({ reason: "resigned", loser: colourOf(r), at: Date.now() });
  }

  /** Publish the open game's copy to every relay (the latest state when its turn comes). */
  #publish() {
    this.#sent = true;
    this.#publishing = this.#publishing.then(async () => {
      const r = this.record;
      if (!r) return;
      const copy = copyOf(r);
      const taken = await publishTo((await this.#config()).relays, await copyEvent(r, this.#keys));
      if (this.record?.room !== r.room) return;
      clearTimeout(this.#retry);
      this.unsent = taken === 0;
      if (taken) {
        this.saved = `${copy.actions.length}${copy.end ? `/${copy.end.reason}` : ""}`;
        this.record = { ...this.record, published: copy.actions.length };
        this.#save(this.record);
        this.#mark(); // (the other's answer comes after this)
      } else this.#retry = setTimeout(() => this.#publish(), RETRY_MS);
      this.#changed();
    }).catch(() => null);
    return this.#publishing;
  }

  #refuse(why) {
    if (why === "taken" && this.record?.role === "guest") this.record = { ...this.record, lost: true };
    this.refusal = { why, n: (this.refusal?.n ?? 0) + 1 };
    this.#changed();
  }

  #save(record) {
    putTurns(this.#storage, record);
    showTurnCount(this.#storage);
    this.#notifier?.saved(this.list());
  }

  #changed() {
    this.#onChange();
  }

  #close() {
    this.#watch?.close();
    this.#watch = null;
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    this.#read = false;
    this.#held = [];
    this.#copies.clear();
  }

  /** The visit ended (another mode holds the board): the game closes here (it stays kept). */
  closed() {
    this.#close();
    this.record = null;
    this.invite = null;
    this.changes = [];
    this.#changed();
  }

  /** Check every game under way on the relays at once (Play online opened): each copy taken
   * as in an open game; the list and the count follow. */
  async checkAll() {
    const games = this.list().filter((r) => !isOver(r) && r.room !== this.record?.room);
    if (!games.length) return;
    const rulesAllow = (record, verdict) => this.#rulesAllow(record, verdict);
    await checkGames((await this.#config()).relays, this.#storage, games, { rulesAllow, save: (record) => this.#save(record) });
    this.refusal = null; // (a refusal is said for the open game only)
    this.#changed();
  }
}
