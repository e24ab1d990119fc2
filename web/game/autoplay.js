// The computer's turns and hints: when the side to move is an automatic player (players.js),
// ask it for its actions and play them one by one, each with its animation. Anything the
// person does meanwhile (undo, new game: a newer engine request) stops the rest. When the
// computer plays both sides, the game is watched at a speed (state.watch), with pause,
// resume and one action at a time.
//
//   const autoplay = new Autoplay(game, {engine, pause});   // made by Game, for itself
//   autoplay.run();                         // after any change that may start a turn
//   autoplay.step();                        // while watching paused: let one action through
//   autoplay.hint(suggest);                 // the suggestion for the person to move
//
// It reads game.state and game.requests and changes the game only through its public
// methods (play, announce, showThinking, showNotice, noteProof, holdWatch,
// showHinting).

import { PLAYER_KINDS } from "./players.js";
import { proofFrom } from "./proof.js";
import { whiteChance } from "./chance.js";
import { sideMsg } from "../board/notation.js";
import { t, msg } from "../page/i18n.js";
import { positionAt, personToMove, resultOf, winnerOf } from "./state.js";

/** Watching the computer play itself: the wait before each action, by speed. */
export const WATCH_MS = { instant: 0, fast: 350, normal: 1000 };
export const WATCH_SPEEDS = Object.keys(WATCH_MS);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Autoplay {
  #game;
  #engine;
  #pause; // () -> milliseconds between the actions of an automatic player's turn
  #playing = false; // an automatic player's actions are being played
  #steps = 0; // actions let through while watching paused

  constructor(game, { engine, pause }) {
    this.#game = game;
    this.#engine = engine;
    this.#pause = pause;
  }

  /** While watching paused: let the next action be played. */
  step() {
    this.#steps += 1;
  }

  #watching() {
    const players = this.#game.state.players;
    return PLAYER_KINDS.get(players.white)?.automatic && PLAYER_KINDS.get(players.black)?.automatic;
  }

  /** Wait before an action: the pause inside a turn, or, when watching, the speed's wait
   * and as long as the watch is paused. False when the game moved on meanwhile. */
  async #gate(first, still) {
    const game = this.#game;
    if (!this.#watching()) {
      if (!first) await sleep(this.#pause());
      return still();
    }
    const wait = WATCH_MS[game.state.watch.speed] ?? 0;
    if (wait || !first) await sleep(wait || this.#pause());
    while (still() && game.state.watch.paused && this.#watching()) {
      if (this.#steps > 0) {
        this.#steps -= 1;
        break;
      }
      game.holdWatch(true);
      await sleep(50);
    }
    game.holdWatch(false);
    return still();
  }

  async run() {
    const game = this.#game;
    const s = game.state;
    const view = s.view;
    if (this.#playing || s.busy || !view || winnerOf(s) || s.cursor !== s.actions.length) return;
    const kind = PLAYER_KINDS.get(s.players[view.side]);
    if (!kind?.automatic) return;
    let request = game.requests;
    const cancelled = () => request !== game.requests;
    const side = view.side;
    game.showThinking(side);
    const onInfo = (info) => {
      if (cancelled()) return;
      game.showThinking(side, { ...info, budget: kind.time ?? null });
      this.#noteProof(view.position, info, cancelled);
    };
    let actions = null;
    try {
      actions = await kind.chooseActions(view, this.#engine, { cancelled, onInfo });
    } catch (error) {
      if (!cancelled()) game.showNotice(msg("notice.cannotMove", { player: kind.label, detail: error.message }));
    }
    if (game.state.thinking === side && (cancelled() || !actions)) game.showThinking(null);
    if (!actions?.length || cancelled()) return;
    this.#playing = true;
    const played = [];
    try {
      for (const [i, action] of actions.entries()) {
        if (!(await this.#gate(i === 0, () => game.requests === request)) || winnerOf(game.state)) return;
        await game.play(action, { automatic: true });
        if (game.requests !== request + 1) return; // play() took exactly one request
        request += 1;
        played.push(game.state.actions[game.state.cursor - 1] ?? action);
      }
    } finally {
      this.#playing = false;
      if (played.length) {
        const who = this.#watching() ? t("announce.computerSide", { side: sideMsg(side) }) : t("announce.computer");
        // The end of the game, if these actions ended it, is said with them (once).
        const result = resultOf(game.state);
        const end = result ? ` ${result.title}. ${result.reason.replace(/\.?$/, ".")}` : "";
        const actions = played.reduce((a, b) => t("announce.then", { a, b }));
        game.announce(t("announce.played", { who, actions }) + (end ? `.${end}` : ""));
      }
      if (game.state.thinking === side) game.showThinking(null);
      this.run(); // the next turn (or, after an undo meanwhile, the shown one)
    }
  }

  /** Keep a result the computer proved for `position` (the hint and the move list show it). */
  #noteProof(position, info, cancelled) {
    const proof = proofFrom(position, info);
    if (proof && !cancelled()) this.#game.noteProof(position, proof);
  }

  /** Ask `suggest` (position, engine, {cancelled, onInfo}) for the person's next action: state.hint. */
  async hint(suggest) {
    const game = this.#game;
    const s = game.state;
    if (!suggest || !personToMove(s) || s.busy || s.hinting || s.prompt) return; // (a mode that owns the turn: no hint)
    const position = positionAt(s);
    if (s.hint?.position === position) return;
    const request = game.requests;
    const cancelled = () => request !== game.requests || positionAt(game.state) !== position;
    game.showHinting(true);
    let actions = null;
    let last = null; // the search's last info: its chance of winning goes with the hint
    const onInfo = (info) => {
      last = info;
      this.#noteProof(position, info, cancelled);
    };
    try {
      actions = await suggest(position, this.#engine, { cancelled, onInfo });
    } catch (error) {
      if (!cancelled()) game.showNotice(msg("notice.noHint", { detail: error.message }));
    }
    const chance = typeof last?.win_chance === "number" ? whiteChance(position, last) : null;
    game.showHinting(false, actions?.length && !cancelled() ? { position, action: actions[0], chance } : null);
  }
}
