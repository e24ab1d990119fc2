// Watching the computer: the progress of its thinking (Expert and Master: a bar for the time
// its turn takes, the depth reached, a proven result if the search found one). When it plays
// both sides, the watch bar (speed, pause, step: panels/watch-bar.js) loads.

import { thinkingOf, thinkingShare } from "../game/state.js";
import { isPerson } from "../game/players.js";
import { proofFrom, proofText } from "../game/proof.js";
import { t } from "../page/i18n.js";
import { setAttr } from "./dom.js";

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
    // A transform, not a width: no layout for the page.
    const percent = Math.round(thinkingShare(info) * 100);
    const scale = `scaleX(${percent / 100})`;
    if (this.#fill.style.transform !== scale) this.#fill.style.transform = scale;
    setAttr(this.#bar, "aria-valuenow", percent);
    setAttr(this.#root, "data-depth", info.depth ?? 0);
    let text = t("watch.depth", { depth: info.depth ?? 0, seconds: (info.elapsed ?? 0).toFixed(1) });
    const proof = proofFrom(state.view.position, info);
    if (proof && Number.isFinite(proof.turns)) text += ` · ${proofText(proof)}`;
    if (this.#text.textContent !== text) this.#text.textContent = text;
  }
}

/** Whether the computer plays both sides (then the watch bar shows: panels/watch-bar.js). */
export function computerPlaysBoth(state) {
  return !isPerson(state.players.white) && !isPerson(state.players.black);
}
