// What holds the board, one mode at a time: the game (the page's own), a lesson, a puzzle,
// the position editor, the review, the analysis board (an online game, later, is one more
// entry). Each feature adds its entry when it is built: how its panel opens and closes.
// Entering a mode leaves the one before and closes its panel. A lesson and a puzzle borrow
// the board (game/state.js VISITS): the game waits meanwhile (game/opening.js, game/saving.js);
// the bar above the board says so and leads back ("Back to your game"; the first visit's
// invitation to the lessons steps aside meanwhile, for the board's room), and leaving the
// visit brings the game back, unless a game of its own (New game, a link, a record) takes
// the board. A mode that shows a board of its own (the editor: `ownBoard`) gives the board
// back to the game when a game of its own is loaded meanwhile (a link typed, a record opened).
// Loaded on the first use of a mode (app.js).
//
//   const modes = new Modes(game, boardArea);
//   modes.add("puzzle", { open: () => puzzles.toggle(true), close: () => puzzles.toggle(false) });
//   modes.toggle("puzzle");            // its button: in, or back to the game
//   await modes.enter("game", { replace: true }); // a new game: nothing comes back

import { msg, show } from "./page/i18n.js";
import { VISITS } from "./game/state.js";
import { element } from "./panels/dom.js";

export class Modes {
  #game;
  #entries = new Map([["game", { open() {}, close() {} }]]);
  #current = "game";
  #queue = Promise.resolve(); // one entering after the other
  #visited = false; // a visit has held the board since its mode was entered
  #loaded; // state.loaded last seen: a change is a game loaded
  #resuming = false; // the waiting game is coming back (a load of the modes' own)
  #bar;
  #invite; // the first visit's invitation to the lessons (index.html #learn-invite), in the area

  /** `area`: the board's area, where the bar goes above the board. */
  constructor(game, area) {
    this.#game = game;
    const bar = (this.#bar = element("p", "invite", { id: "back-to-game", role: "status" }));
    const text = element("span", "");
    show(text, msg("mode.waits"));
    const back = element("button", "", { type: "button" });
    show(back, msg("mode.back"));
    back.addEventListener("click", () => this.enter("game"));
    bar.append(text, " ", back);
    area.querySelector(".board-frame").before(bar);
    this.#invite = area.querySelector("#learn-invite");
    game.subscribe((state) => this.#changed(state));
    this.#changed(game.state);
  }

  /** The mode `name`: `open()` shows its panel and starts it, `close()` hides and stops it;
   * `ownBoard`: it shows a board of its own, which a game loaded meanwhile replaces. */
  add(name, { open = () => {}, close = () => {}, ownBoard = false }) {
    this.#entries.set(name, { open, close, ownBoard, visit: VISITS.has(name) });
  }

  get current() {
    return this.#current;
  }

  /**
   * Enter mode `name`: the mode holding the board is left (its panel closed), then `name`
   * opens (again, if it is the one). Leaving a visit brings the waiting game back first,
   * unless `replace` (a game of its own follows). Resolves once `name` has opened.
   */
  enter(name, { replace = false } = {}) {
    const left = this.#queue.then(() => this.#leave(name, replace));
    this.#queue = left.catch(() => null);
    return left.then((entry) => entry?.open());
  }

  /** A mode's button: into it, or from it back to the game. */
  toggle(name) {
    return this.enter(this.#current === name ? "game" : name);
  }

  /** Mode `name` closed its panel by itself (its game changed): the game holds the board. */
  left(name) {
    if (this.#current === name) this.enter("game");
  }

  /** Leave the mode holding the board for `name`; `name`'s entry (none: not added yet). */
  async #leave(name, replace) {
    const entry = this.#entries.get(name);
    const before = this.#entries.get(this.#current);
    if (entry && name !== this.#current) {
      this.#current = name;
      this.#visited = false;
      before.close();
      if (before.visit && !replace) {
        this.#resuming = true;
        await this.#game.resumeWaiting().finally(() => (this.#resuming = false));
      }
    }
    return entry;
  }

  #changed(state) {
    this.#bar.hidden = !(VISITS.has(state.setup) && state.waiting);
    // The first visit's invitation to the lessons steps aside meanwhile: the board keeps its room.
    if (this.#invite) this.#invite.style.display = this.#bar.hidden ? "" : "none";
    const entry = this.#entries.get(this.#current);
    const loaded = state.loaded !== this.#loaded && !this.#resuming;
    this.#loaded = state.loaded;
    if (loaded && entry.ownBoard) return this.enter("game", { replace: true });
    if (!entry.visit || state.busy || state.engine !== "ready") return;
    if (VISITS.has(state.setup)) this.#visited = true;
    else if (this.#visited) {
      this.#visited = false; // a game of its own took the board (a link, a record, New game)
      this.enter("game", { replace: true });
    }
  }
}
