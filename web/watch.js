// Watching the computer: the progress of its thinking (Expert and Master: a bar for the time
// budget, the depth reached, a proven result if the search found one) and, when it plays
// both sides, the speed with pause, resume and one action at a time.

import { thinkingOf } from "./game-state.js";
import { isPerson } from "./players.js";

/** What is shown (plain English, gathered for translation). */
export const WATCH_TEXTS = {
  depth: (depth, seconds) => `Depth ${depth} · ${seconds.toFixed(1)} s`,
  proven: (side, turns) => `${side === "white" ? "White" : "Black"} wins in ${turns} turn${turns === 1 ? "" : "s"}`,
  pause: "Pause",
  resume: "Resume",
};

/** The thinking display: shown while a level with a time budget thinks. */
export class ThinkingProgress {
  #root;
  #bar;
  #fill;
  #text;

  constructor(root) {
    this.#root = root;
    this.#bar = root.querySelector(".think-bar");
    this.#fill = this.#bar.querySelector("span");
    this.#text = root.querySelector(".think-text");
  }

  render(state) {
    const info = state.thinkingInfo;
    const show = Boolean(thinkingOf(state) && info && info.budget);
    if (this.#root.hidden === show) this.#root.hidden = !show;
    if (!show) return;
    const fraction = Math.max(0, Math.min(1, (info.elapsed ?? 0) / info.budget));
    const percent = Math.round(fraction * 100);
    this.#fill.style.width = `${percent}%`;
    this.#bar.setAttribute("aria-valuenow", String(percent));
    this.#root.dataset.depth = String(info.depth ?? 0);
    let text = WATCH_TEXTS.depth(info.depth ?? 0, info.elapsed ?? 0);
    const proven = info.proven;
    if (proven && (proven.result === "win" || proven.result === "loss") && Number.isFinite(proven.turns)) {
      // The search's side is the side to move: a "loss" is a win of the other side.
      const mover = state.view.side;
      const winner = proven.result === "win" ? mover : mover === "white" ? "black" : "white";
      text += ` · ${WATCH_TEXTS.proven(winner, proven.turns)}`;
    }
    if (this.#text.textContent !== text) this.#text.textContent = text;
  }
}

/** Speed, Pause/Resume and Step, shown when the computer plays both sides. */
export class WatchBar {
  #root;
  #speed;
  #pause;
  #step;

  constructor(root, game) {
    this.#root = root;
    this.#speed = root.querySelector("#watch-speed");
    this.#pause = root.querySelector("#watch-pause");
    this.#step = root.querySelector("#watch-step");
    this.#speed.addEventListener("change", () => game.setWatchSpeed(this.#speed.value));
    this.#pause.addEventListener("click", () => game.setWatchPaused(!game.state.watch.paused));
    this.#step.addEventListener("click", () => game.stepWatch());
  }

  render(state) {
    const watching = !isPerson(state.players.white) && !isPerson(state.players.black);
    const show = watching && Boolean(state.view) && !state.view.winner;
    if (this.#root.hidden === show) this.#root.hidden = !show;
    if (!show) return;
    const { speed, paused } = state.watch;
    if (this.#speed.value !== speed) this.#speed.value = speed;
    const label = paused ? WATCH_TEXTS.resume : WATCH_TEXTS.pause;
    if (this.#pause.textContent !== label) this.#pause.textContent = label;
    this.#pause.setAttribute("aria-pressed", String(paused));
    this.#root.dataset.paused = String(paused);
  }
}
