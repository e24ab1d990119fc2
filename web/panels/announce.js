// The page's polite live region (#announce): what a screen reader says without the person
// looking for it: the computer's moves, the end of the game, a link that could not be
// opened, an opened record, a press on the board that needs a piece chosen first, a clock's
// low time (sayNow). The texts come from the game (state.announcement, {text, n}); each new n
// is said once.

import { tr } from "../page/i18n.js";

export class Announcer {
  #root;
  #n = 0;

  constructor(root) {
    this.#root = root;
  }

  render(state) {
    const said = state.announcement;
    if (!said || said.n === this.#n) return;
    this.#n = said.n;
    this.#root.textContent = tr(said.text);
  }
}

/** Say `text` at once in the page's live region (#announce), outside the game's state: what a
 * view notices on its own (a clock's low time, panels/clocks.js). */
export function sayNow(text) {
  const root = document.getElementById("announce");
  if (root) root.textContent = text;
}
