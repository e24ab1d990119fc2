// Watching the computer play both sides: the speed, with pause, resume and one action at a
// time. Loaded (with panels/watch-bar.css and the later texts) when the computer first plays
// both sides (app.js); the thinking display stays in panels/watch.js.

import { msg, show, t } from "../page/i18n.js";
import { fromMarkup } from "./dom.js";
import { computerPlaysBoth } from "./watch.js";

const HTML = `<label class="watch-speed"><span></span> <select id="watch-speed">
<option value="instant"></option><option value="fast"></option><option value="normal"></option>
</select></label>
<button type="button" id="watch-pause" aria-pressed="false"></button>
<button type="button" id="watch-step"></button>`;
const TEXTS = {
  ".watch-speed span": "watch.speed",
  '[value="instant"]': "watch.instant",
  '[value="fast"]': "watch.fast",
  '[value="normal"]': "watch.normal",
  "#watch-step": "watch.step",
};

/** Speed, Pause/Resume and Step, shown when the computer plays both sides. */
export class WatchBar {
  #root;
  #speed;
  #pause;
  #step;

  /** The bar, added (hidden) after `before` (the thinking display). */
  constructor(before, game) {
    const root = (this.#root = fromMarkup("div", "watch", { id: "watch", hidden: "", role: "group" }, HTML, TEXTS));
    show(root, msg("watch.label"), "aria-label");
    this.#speed = root.querySelector("#watch-speed");
    this.#pause = root.querySelector("#watch-pause");
    this.#step = root.querySelector("#watch-step");
    show(this.#step, msg("watch.step.title"), "title");
    before.after(root);
    this.#speed.addEventListener("change", () => game.setWatchSpeed(this.#speed.value));
    this.#pause.addEventListener("click", () => game.setWatchPaused(!game.state.watch.paused));
    this.#step.addEventListener("click", () => game.stepWatch());
  }

  render(state) {
    const visible = computerPlaysBoth(state) && Boolean(state.view) && !state.view.winner;
    if (this.#root.hidden === visible) this.#root.hidden = !visible;
    if (!visible) return;
    const { speed, paused } = state.watch;
    if (this.#speed.value !== speed) this.#speed.value = speed;
    const label = t(paused ? "watch.resume" : "watch.pause");
    if (this.#pause.textContent !== label) this.#pause.textContent = label;
    this.#pause.setAttribute("aria-pressed", String(paused));
    this.#root.dataset.paused = String(paused);
  }
}
