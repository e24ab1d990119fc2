// The computer's turns and hints: when the side to move is an automatic player (players.js),
// ask it for its actions and play them one by one, each with its animation. Anything the
// person does meanwhile (undo, new game: a newer engine request) stops the rest. When the
// computer plays both sides, the game is watched at a speed (state.watch), with pause,
// resume and one action at a time.
//
//   const autoplay = new Autoplay(hooks);   // made by Game, with its private doors
//   autoplay.run();                         // after any change that may start a turn
//   autoplay.step();                        // while watching paused: let one action through
//   autoplay.hint(suggest);                 // the suggestion for the person to move

import { PLAYER_KINDS } from "./players.js";
import { proofFrom } from "./proof.js";
import { whiteChance } from "./chance.js";
import { SIDE_NAME } from "./notation.js";
import { t, msg } from "./i18n.js";
import { positionAt, personToMove, resultOf } from "./game-state.js";

/** Watching the computer play itself: the wait before each action, by speed. */
export const WATCH_MS = { instant: 0, fast: 350, normal: 1000 };
export const WATCH_SPEEDS = Object.keys(WATCH_MS);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Autoplay {
  #hooks; // {state(), request(), set(changes), announce(text), play(action), engine, pause()}
  #playing = false; // an automatic player's actions are being played
  #steps = 0; // actions let through while watching paused

  constructor(hooks) {
    this.#hooks = hooks;
  }

  /** While watching paused: let the next action be played. */
  step() {
    this.#steps += 1;
  }

  #watching() {
    const players = this.#hooks.state().players;
    return PLAYER_KINDS.get(players.white)?.automatic && PLAYER_KINDS.get(players.black)?.automatic;
  }

  /** Wait before an action: the pause inside a turn, or, when watching, the speed's wait
   * and as long as the watch is paused. False when the game moved on meanwhile. */
  async #gate(first, still) {
    const hooks = this.#hooks;
    if (!this.#watching()) {
      if (!first) await sleep(hooks.pause());
      return still();
    }
    const wait = WATCH_MS[hooks.state().watch.speed] ?? 0;
    if (wait || !first) await sleep(wait || hooks.pause());
    while (still() && hooks.state().watch.paused && this.#watching()) {
      if (this.#steps > 0) {
        this.#steps -= 1;
        break;
      }
      await sleep(50);
    }
    return still();
  }

  async run() {
    const hooks = this.#hooks;
    const s = hooks.state();
    const view = s.view;
    if (this.#playing || s.busy || !view || view.winner || s.cursor !== s.actions.length) return;
    const kind = PLAYER_KINDS.get(s.players[view.side]);
    if (!kind?.automatic) return;
    let request = hooks.request();
    const cancelled = () => request !== hooks.request();
    const side = view.side;
    hooks.set({ thinking: side, thinkingInfo: null });
    const onInfo = (info) => {
      if (cancelled()) return;
      hooks.set({ thinkingInfo: { ...info, budget: kind.time ?? null } });
      this.#noteProof(view.position, info, cancelled);
    };
    let actions = null;
    try {
      actions = await kind.chooseActions(view, hooks.engine, { cancelled, onInfo });
    } catch (error) {
      if (!cancelled()) hooks.set({ notice: msg("notice.cannotMove", { player: kind.label, detail: error.message }) });
    }
    if (hooks.state().thinking === side && (cancelled() || !actions)) hooks.set({ thinking: null, thinkingInfo: null });
    if (!actions?.length || cancelled()) return;
    this.#playing = true;
    const played = [];
    try {
      for (const [i, action] of actions.entries()) {
        if (!(await this.#gate(i === 0, () => hooks.request() === request)) || hooks.state().view?.winner) return;
        await hooks.play(action);
        if (hooks.request() !== request + 1) return; // play() took exactly one request
        request += 1;
        played.push(hooks.state().actions[hooks.state().cursor - 1] ?? action);
      }
    } finally {
      this.#playing = false;
      if (played.length) {
        const who = this.#watching() ? t("announce.computerSide", { side: SIDE_NAME[side] }) : t("announce.computer");
        // The end of the game, if these actions ended it, is said with them (once).
        const result = resultOf(hooks.state());
        const end = result ? ` ${result.title}. ${result.reason.replace(/\.?$/, ".")}` : "";
        const actions = played.reduce((a, b) => t("announce.then", { a, b }));
        hooks.announce(t("announce.played", { who, actions }) + (end ? `.${end}` : ""));
      }
      if (hooks.state().thinking === side) hooks.set({ thinking: null, thinkingInfo: null });
      this.run(); // the next turn (or, after an undo meanwhile, the shown one)
    }
  }

  /** Keep a result the computer proved for `position` (the hint and the move list show it). */
  #noteProof(position, info, cancelled) {
    const proof = proofFrom(position, info);
    const proofs = this.#hooks.state().proofs;
    if (proof && !cancelled() && !proofs[position]) this.#hooks.set({ proofs: { ...proofs, [position]: proof } });
  }

  /** Ask `suggest` (position, engine, {cancelled, onInfo}) for the person's next action: state.hint. */
  async hint(suggest) {
    const hooks = this.#hooks;
    const s = hooks.state();
    if (!suggest || !personToMove(s) || s.busy || s.hinting) return;
    const position = positionAt(s);
    if (s.hint?.position === position) return;
    const request = hooks.request();
    const cancelled = () => request !== hooks.request() || positionAt(hooks.state()) !== position;
    hooks.set({ hinting: true, notice: null });
    let actions = null;
    let last = null; // the search's last info: its chance of winning goes with the hint
    const onInfo = (info) => {
      last = info;
      this.#noteProof(position, info, cancelled);
    };
    try {
      actions = await suggest(position, hooks.engine, { cancelled, onInfo });
    } catch (error) {
      if (!cancelled()) hooks.set({ notice: msg("notice.noHint", { detail: error.message }) });
    }
    const chance = typeof last?.win_chance === "number" ? whiteChance(position, last) : null;
    hooks.set({ hinting: false, ...(actions?.length && !cancelled() ? { hint: { position, action: actions[0], chance } } : {}) });
  }
}
