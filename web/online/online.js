// Play online: the panel (set up an invite, wait, play, after the game) and the wiring of a
// Session (session.js) to the game, the page's modes and its storage. Loaded on first use
// (app.js): the "Play online" button, an invite link (#online=ROOM.SECRET), or an online
// game saved in the browser to come back to after a reload.
//
//   const online = await mountOnline({game, engine, storage, modes, side});
//   online.open();                   // the button: the panel
//   online.resume(hash);             // an invite opened (the panel asks to join), a game by turns' link, or the saved game
//   startOnlineGame({...});          // a pairing (the lobby): the game starts at once
//
// <html data-online> is "waiting", "playing", "disconnected", "ended" or "refused" while
// an online game is on, or a game by turns is open (turns.js: "waiting" for its guest,
// "playing", "ended", "refused"); <html data-invited> while an invite opened waits for
// "Join"; the invite link is also the text of [data-invite].

import { t, msg, loadLater, onLanguage } from "../page/i18n.js";
import { keyOf } from "../page/storage.js";
import { registerPlayerKind } from "../game/players.js";
import { STANDARD } from "../board/notation.js";
import { resultOf, namesOf, linkAlert } from "../game/state.js";
import { showLaterAlert } from "../game/later-alert.js";
import { linkTo } from "../links/address.js";
import { loadStyle } from "../page/style.js";
import { randomId, inviteHash, parseInvite, turnsHash, parseTurnsLink } from "./protocol.js";
import { TurnsGames } from "./turns.js";
import { Challenges } from "./turns-challenges.js";
import { renderMine } from "./turns-challenge-view.js";
import { TurnsNotifier } from "./turns-notify-view.js";
import { DAYS, turnRule } from "../game/by-turns.js";
import { keepLive, keepTurns } from "./kept.js";
import { shownName } from "../page/shown-text.js";
import { loadConfig } from "./config.js";
import { Session } from "./session.js";
import { RECORD_KEY, newRecord, pairingRecord, readRecord } from "./record.js";
import { OnlinePanel } from "./panel.js";
import { PageLock } from "./lock.js";

const NAME_KEY = "online.name";
/** How long the lobby's sockets stay open after it closes, for its last messages to go out. */
const LOBBY_LINGER_MS = 3000;
/** Seconds of trying before the page says a direct connection could not be made. */
const CONNECT_PATIENCE_S = 30;

let mounted = null;

/** Mount online play once; resumes a saved online game, or an invite in the address. */
export async function mountOnline({ game, engine, storage, modes, side, hash = "", opened = Promise.resolve() }) {
  if (mounted) return mounted;
  await Promise.all([loadLater(), loadStyle(new URL("./online.css", import.meta.url))]);
  mounted = new Online({ game, engine, storage, modes, side, opened });
  registerPlayerKind("online", {
    get label() {
      const turns = mounted.turns.record;
      if (turns && game.state.setup === "turns") return (turns.role === "host" ? turns.game.names.guest : turns.game.names.host) || t("online.opponent");
      return mounted.session?.theirName || t("online.opponent");
    },
    // The other page plays this side: its actions come through the session, which plays
    // them itself once checked; nothing to choose here.
    chooseActions: () => Promise.resolve(null),
  });
  modes.add("online", { open: () => mounted.show(true), close: () => mounted.show(Boolean(mounted.session)) });
  // A game by turns is a visit: the page's own game waits while it holds the board.
  modes.add("turns", { open: () => mounted.show(true), close: () => {
    mounted.turns.closed();
    mounted.show(Boolean(mounted.session));
  } });
  await mounted.resume(hash);
  return mounted;
}

/** A game with a pairing (the lobby): {room, secret, role, colour (the host's), clock (a time
 * control's id of game/clock.js, "5+3", or null), names: {host, guest}}. */
export function startOnlineGame({ room, secret, role, colour, clock = null, names = {} }) {
  if (!mounted) throw new Error("mountOnline first");
  return mounted.begin(pairingRecord({ room, secret, role, colour, clock, names }));
}

class Online {
  #game;
  #engine;
  #storage;
  #modes;
  #panel;
  #config = null;
  #timer = 0;
  #frame = 0; // a render asked for the next frame
  session = null;
  #lobby = null; // the lobby of strangers while open: {lobby (lobby.js), signal}
  problem = null; // "offline" | "config" | "connect" | null
  startedAt = 0;

  turns; // the games by turns (turns.js)
  #checked = 0; // when every game by turns under way was last checked (the panel opened)
  #opened; // a promise: the page's game is open (its own alert, if any, shown)

  constructor({ game, engine, storage, modes, side, opened }) {
    this.#opened = opened;
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    this.#modes = modes;
    const notifier = new TurnsNotifier(storage, () => this.#configured()); // (a move while the page is hidden; the worker's list)
    this.turns = new TurnsGames({ game, engine, storage, opened, notifier, config: () => this.#configured(), enter: () => modes.enter("turns"), onChange: () => this.render() });
    this.challenges = new Challenges({ storage, engine, config: () => this.#configured(), turns: this.turns, onChange: () => this.render() });
    this.#panel = new OnlinePanel(side, {
      create: (choice) => this.create(choice),
      joinNow: (invite, name) => this.#joinNow(invite, name),
      cancel: () => this.leave(),
      leave: () => this.leave(),
      resign: () => this.session?.resign(),
      claim: () => this.session?.claim(),
      rematch: () => this.session?.rematch.offer(),
      offerUndo: () => this.session?.takebacks.offer(),
      answerUndo: (yes) => this.session?.takebacks.answer(yes),
      chat: (message) => this.session?.chat.say(message),
      name: () => this.#storage.get(NAME_KEY) ?? "",
      lobby: (root) => this.openLobby(root),
      lobbyBack: () => this.closeLobby(),
      turnsList: () => this.turns.list(),
      turnsResign: () => this.turns.resign(),
      turnsClose: () => this.#modes.enter("online"),
      turnsRetry: () => this.turns.invite && this.turns.openLink(this.turns.invite),
      turnsImport: (text) => this.#addMoved(text),
      challengesMine: (list) => renderMine(list, this.challenges.mine(), (me) => this.challenges.withdraw(me), this.challenges.notice),
      turnsNotifier: notifier,
      boardStart: () => this.#boardStart(),
      changed: () => this.render(),
    });
    onLanguage(() => this.render());
    // Drawn again in the frame that shows the board's change: the clocks switch with the action
    // that ends a turn (theirs is played, then its clock claim read, before the frame).
    game.subscribe(() => {
      if (this.session && !this.#frame) this.#frame = requestAnimationFrame(() => this.render());
    });
    // Hint, analysis, undo, a new game... are off while the game goes on (lock.js).
    new PageLock(() => ["waiting", "playing", "disconnected"].includes(document.documentElement.dataset.online), () => game.showNotice(t("online.locked")));
    window.tzaar.online = this; // (read-only use by the tests: status, and dropConnection())
  }

  show(open) {
    this.#panel.visible = open;
    if (!open && this.#lobby) this.closeLobby(); // (a player who leaves the panel no longer waits in the lobby)
    if (open && !this.session && this.#modes.current === "online") this.checkTurns();
    this.render();
  }

  /** Every game by turns under way checked on the relays (at most every half minute): the
   * panel opened, or the page started with a game waiting on the other player (app.js). */
  async checkTurns() {
    if (Date.now() - this.#checked < 30_000 || !(this.turns.list().length || this.challenges.pending) || !navigator.onLine) return;
    this.#checked = Date.now();
    await this.challenges.check(); // (the open challenges' takes bound first: their games are then checked with the others)
    await this.turns.checkAll().catch(() => null);
  }

  /** The position on the board when a new game could start from it (not the standard start,
   * nor over, nor a placement), else null: the set-up offers it. */
  #boardStart() {
    const state = this.#game.state;
    const position = state.cursor === 0 ? state.start : state.positions[state.cursor - 1];
    if (!position || position === STANDARD || state.view?.winner || !turnRule(position) || state.setup === "turns" || state.setup === "online") return null;
    return position;
  }

  /** A live game under way: nothing else online may take the board (said). */
  #liveGoesOn() {
    const on = this.session && ["waiting", "playing", "disconnected", "connecting"].includes(this.session.status);
    if (on) this.#game.showNotice(t("online.locked"));
    return on;
  }

  open() {
    this.#modes.enter("online");
  }

  /** An invite in the address: the panel asks this page's player to join. */
  join(invite) {
    if (this.session) {
      if (this.session.record.room === invite.room) return this.open();
      this.session.close();
      this.session = null;
    }
    this.#panel.invite = invite;
    this.open();
  }

  async #configured() {
    if (!navigator.onLine) throw Object.assign(new Error("offline"), { why: "offline" });
    try {
      return (this.#config ??= await loadConfig());
    } catch (error) {
      throw Object.assign(error, { why: navigator.onLine ? "config" : "offline" });
    }
  }

  /** The lobby of strangers in `root` (lobby.js, on its first use): its own connection to the
   * relays (signal.js), closed with it; a pairing starts the game here (startOnlineGame). */
  async openLobby(root) {
    this.#panel.lobby = true;
    this.problem = null;
    this.render();
    if (this.#lobby) return;
    let config;
    try {
      config = await this.#configured();
    } catch (error) {
      this.problem = error.why;
      return this.render();
    }
    const [{ openSignal }, { openLobby }, { gamesIn }] = await Promise.all([import("./signal.js"), import("./lobby.js"), import("../learn/games.js")]);
    const signal = await openSignal(config);
    const opened = { signal, lobby: null };
    this.#lobby = opened;
    const startGame = async (pairing) => {
      await this.closeLobby();
      return startOnlineGame(pairing);
    };
    const finishedGames = () => gamesIn(this.#storage).filter((g) => g.online).length; // (those kept in Your games)
    opened.lobby = await openLobby(root, { signal, startGame, storage: this.#storage, finishedGames, challenges: this.challenges });
    if (this.#lobby !== opened) opened.lobby.close().then(() => setTimeout(() => signal.close(), LOBBY_LINGER_MS)); // closed meanwhile
  }

  /** Close the lobby (its wish withdrawn, its connection to the relays closed): the invite's set-up again. */
  async closeLobby() {
    const opened = this.#lobby;
    this.#lobby = null;
    this.#panel.lobby = false;
    this.render();
    if (opened?.lobby) {
      await opened.lobby.close();
      // The relay may drop an event it is still handling when the socket closes (the accept of a
      // pairing, a wish withdrawn): the sockets stay a moment, unsubscribed and silent.
      setTimeout(() => opened.signal.close(), LOBBY_LINGER_MS);
    }
  }

  /** The invite's host: a new game with the choice {clock: key of TIME_CONTROLS or of DAYS (a
   * game by turns), colour, name, start: "standard" | "position" (the board's)}. */
  async create({ clock, colour, name, start = "standard" }) {
    name = this.#typedName(name);
    if (name === null) return this.render();
    const side = colour === "random" ? (crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? "white" : "black") : colour;
    const position = (start === "position" && this.#boardStart()) || STANDARD;
    if (DAYS[clock]) {
      try {
        await this.#configured();
      } catch (error) {
        this.problem = error.why;
        return this.render();
      }
      return this.turns.create({ days: DAYS[clock], colour: side, name, start: position });
    }
    const record = newRecord({ room: randomId(12), secret: randomId(18), role: "host", name, friend: true });
    record.game = { start: position, white: side === "white" ? "host" : "guest", clock: clock === "untimed" ? null : clock, names: { host: record.name, guest: "" }, round: 1 };
    return this.begin(record);
  }

  #joinNow(invite, name) {
    name = this.#typedName(name);
    if (name === null) return this.render();
    if (this.turns.invite) return this.turns.join(name);
    this.#panel.invite = null;
    return this.begin(newRecord({ room: invite.room, secret: invite.secret, role: "guest", name, friend: true }));
  }

  /** The name typed, as the other player will see it: "" (none given: "your opponent"), kept
   * in the browser; or null when it breaks the rule of every name shown (page/shown-text.js:
   * too long, an invisible or direction character), and the panel says so. */
  #typedName(typed) {
    const text = String(typed ?? "");
    const name = text.trim() === "" ? "" : shownName(text);
    this.#panel.nameProblem = name === null;
    if (name !== null) this.#storage.set(NAME_KEY, name);
    return name;
  }

  /** Start (or come back to) the game of `record`: the board, then the connection. */
  async begin(record) {
    this.problem = null;
    let config;
    try {
      config = await this.#configured();
    } catch (error) {
      this.problem = error.why;
      this.open();
      return this.render();
    }
    await this.session?.close();
    const session = (this.session = new Session({ game: this.#game, storage: this.#storage, config, record, onChange: () => this.render() }));
    this.#storage.set(RECORD_KEY, record);
    this.startedAt = Date.now();
    this.open();
    try {
      await session.begin();
    } catch (error) {
      // (a record that reads well but that the engine refuses: its start or its actions)
      this.#setAside(msg("save.noReplay", { detail: String(error?.message ?? error).replace(/\.$/, "") }));
      return this.leave();
    }
    this.render();
    clearInterval(this.#timer);
    let beat = 0;
    this.#timer = setInterval(() => {
      session.tick(); // a flag
      if ((beat = (beat + 1) % 4) === 0) this.render(); // the countdown and the patience, each second
    }, 250);
    await session.connect();
  }

  /** A game by turns moved from another device (its export, turns-move.js): checked, added
   * (turns.js), then opened, which fetches its latest copies from the relays. {ok, why}. */
  async #addMoved(text) {
    const answer = await this.turns.addMoved(text);
    if (!answer.ok || this.#liveGoesOn()) return answer; // (kept: it opens from the list once the live game is over)
    await this.turns.open(answer.record.room, answer.result);
    return answer;
  }

  /** The same, for another feature's import (page/handoff.js: Your games): {ok, said}, the refusal in words. */
  async importMoved(text) {
    const answer = await this.#addMoved(text);
    return { ok: answer.ok, said: answer.ok ? "" : t(`online.turns.import.why.${answer.why}`) };
  }

  /** A saved online game comes back after a reload (it reconnects by itself). A saved value
   * that cannot be resumed (damaged, edited, of another version: record.js readRecord) is set
   * aside and said (#setAside): the next load does not meet it again. */
  async resume(hash) {
    const turns = parseTurnsLink(hash);
    if (turns) return this.#liveGoesOn() ? null : this.turns.openLink(turns);
    const invite = parseInvite(hash);
    if (!invite && /^#(online|turns)=/.test(hash)) showLaterAlert(this.#game, this.#opened, linkAlert(msg("online.linkCut"))); // (cut short, or changed: the page goes on without it)
    const record = readRecord(this.#storage.get(RECORD_KEY));
    if (!record && !this.session && this.#storage.getText(RECORD_KEY) !== null) this.#setAside(msg("save.damaged"));
    if (invite && record?.room !== invite.room) return this.join(invite);
    if (record) await this.begin(record);
  }

  /** The stored online game cannot be resumed (`why`: a msg()): kept as it was under
   * "online.set-aside", no longer resumed, and said. */
  #setAside(why) {
    this.#storage.setText("online.set-aside", this.#storage.getText(RECORD_KEY));
    this.#storage.remove(RECORD_KEY);
    showLaterAlert(this.#game, this.#opened, { kind: "save", text: msg("online.setAside", { why, key: keyOf("online.set-aside") }) });
  }

  /** Leave the online game (cancel an invite, or after the game): the page is the page again. */
  async leave() {
    clearInterval(this.#timer);
    const session = this.session;
    this.session = null;
    this.problem = null;
    await session?.close();
    if (this.#game.state.setup === "online") {
      const players = { white: "person", black: "person" };
      const { start, actions, end, names } = this.#game.state; // a finished game keeps its end (on time, resigned, left) and the names
      await this.#game.load(start, actions, { state: { setup: "link", players, end, names } });
    }
    this.#modes.enter("game");
    this.render();
  }

  /** The board's game names its players as the session knows them (the guest's name reaches
   * the host with its hello): the record dialog and the save say them. */
  #nameThePlayers(session) {
    const state = this.#game.state;
    if (!session?.record.game || state.setup !== "online" || state.busy) return;
    const names = namesOf({ [session.colour]: session.record.name, [session.theirColour]: session.theirName });
    if (JSON.stringify(names) !== JSON.stringify(state.names)) this.#game.setNames(names);
  }

  render() {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    const turns = this.turns;
    if ((turns.record || turns.invite) && this.#modes.current === "turns") return this.#renderTurns();
    const s = this.session;
    this.#nameThePlayers(s);
    if (s?.status === "ended") keepLive(this.#game.state, this.#storage, s);
    const status = s?.status === "connecting" && !s.record.them ? "waiting" : s?.status === "connecting" ? "disconnected" : s?.status;
    const root = document.documentElement;
    if (status) root.dataset.online = status;
    else delete root.dataset.online;
    root.toggleAttribute("data-invited", Boolean(this.#panel.invite && this.#panel.visible && !s)); // (online.css: the invite's panel first)
    const trying = s && (s.status === "connecting" || s.status === "disconnected") && (Date.now() - this.startedAt) / 1000 > CONNECT_PATIENCE_S;
    const result = status === "ended" ? resultOf(this.#game.state) : null; // (the rules' end: its reason)
    this.#panel.render({ session: s, status, result, problem: this.problem ?? (trying && s.record.role === "guest" ? "connect" : null), link: s ? linkTo(inviteHash(s.record.room, s.record.secret)) : "" });
  }

  /** The panel and <html data-online> for the game by turns open (or its invite). */
  #renderTurns() {
    const turns = this.turns;
    const status = turns.status;
    const root = document.documentElement;
    if (status) root.dataset.online = status;
    else delete root.dataset.online;
    root.toggleAttribute("data-invited", ["looking", "found"].includes(turns.invite?.status));
    const r = turns.record;
    if (r?.winner) keepTurns(this.#game.state, this.#storage, r);
    this.#panel.renderTurns({ turns, status, link: r ? linkTo(turnsHash(r.room, r.secret, r.host)) : "" });
  }
}
