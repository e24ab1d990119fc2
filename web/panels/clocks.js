// Both players' clocks (game/clock.js's state drawn), loaded on first use with clocks.css and
// the later texts: makeClocks(host) puts them into `host`; render(clock) draws a clock state
// and keeps the running one ticking (a redraw when its text changes) until it stops. The side
// to move is marked and its clock runs; under LOW_TIME_MS a clock is marked low and a screen
// reader hears it once (announce.js sayNow); under ten seconds it shows tenths.

import { LOW_TIME_MS, clockText, timeLeft } from "../game/clock.js";
import { msg, show, t, loadLater } from "../page/i18n.js";
import { loadStyle } from "../page/style.js";
import { sayNow } from "./announce.js";
import { element, setAttr, setText } from "./dom.js";

// One literal URL per file, so that build.py stamps it with the release (?HASH).
const STYLE_URL = new URL("./clocks.css", import.meta.url);

/** The clocks' view in `host`, once its style sheet and texts are there. */
export async function makeClocks(host) {
  await Promise.all([loadStyle(STYLE_URL), loadLater()]);
  return new ClockView(host);
}

/** What a board says when the other page's claim of time left was refused (clock.js
 * receiveTurn: not plausible): a msg() naming the side and the seconds too many. */
export function claimRefused(side, excessMs) {
  return msg("clock.claimRefused", { side: msg(`side.${side}`), seconds: (Math.ceil(excessMs / 100) / 10).toFixed(1) });
}

export class ClockView {
  #root;
  #faces = {};
  #clock = null;
  #timer = 0;
  #warned = { white: false, black: false }; // low time said once per side (again after it rises above)
  #now;

  /** `now()`: the moment in epoch ms (Date.now; a test may pass its own). */
  constructor(host, now = () => Date.now()) {
    this.#now = now;
    this.#root = element("div", "clocks", { role: "group" });
    show(this.#root, msg("clock.label"), "aria-label");
    for (const side of ["white", "black"]) {
      const face = element("div", "clock", { "data-side": side });
      const name = element("span", "clock-side");
      show(name, msg(`side.${side}`));
      face.append(name, element("span", "clock-time", { role: "timer", "aria-live": "off" }));
      this.#faces[side] = face;
      this.#root.append(face);
    }
    host.append(this.#root);
  }

  /** The root element (the online game places it). */
  get element() {
    return this.#root;
  }

  /** Draw `clock` (a game/clock.js state, or null: no clocks shown); `top` is the side drawn
   * first (the one at the top of the board). */
  render(clock, { top = "black" } = {}) {
    this.#clock = clock;
    clearTimeout(this.#timer);
    this.#root.hidden = !clock;
    if (!clock) return;
    if (this.#root.firstElementChild !== this.#faces[top]) this.#root.prepend(this.#faces[top]);
    this.#draw();
  }

  /** Stop ticking and take the clocks off the page. */
  remove() {
    clearTimeout(this.#timer);
    this.#root.remove();
  }

  #draw() {
    const clock = this.#clock;
    const now = this.#now();
    for (const side of ["white", "black"]) {
      const left = timeLeft(clock, side, now);
      const face = this.#faces[side];
      const low = left < LOW_TIME_MS;
      setText(face.querySelector(".clock-time"), clockText(left));
      setAttr(face, "data-running", clock.running === side);
      setAttr(face, "data-low", low);
      setAttr(face, "data-out", clock.flagged === side);
      show(face, msg("clock.face", { side: msg(`side.${side}`), time: clockText(left) }), "aria-label");
      if (low && !this.#warned[side] && left > 0) sayNow(t("clock.low", { side: msg(`side.${side}`), time: clockText(left) }));
      this.#warned[side] = low;
    }
    if (!clock.running) return;
    // The next redraw when the running clock's text changes (tenths under ten seconds).
    const left = timeLeft(clock, clock.running, now);
    const step = left < 10_000 ? 100 : 1000;
    const wait = left % step || step;
    this.#timer = setTimeout(() => this.#draw(), Math.min(wait + 5, 1000));
  }
}
