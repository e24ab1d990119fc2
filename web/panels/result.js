// The result box over the board at the end of the game: who won and why, until the person
// dismisses it (or goes back in the game).

import { resultOf, winnerOf } from "../game/game.js";
import { setText, setAttr } from "./dom.js";

/** Whether the result box over the board shows the end of the game now. */
export function resultShown(state) {
  return Boolean(winnerOf(state)) && !state.resultDismissed && state.cursor === state.actions.length;
}

export class ResultBox {
  #root;

  constructor(root) {
    this.#root = root; // its buttons run the commands "new-game" and "dismiss-result" (input.js)
  }

  render(state) {
    const view = state.view;
    const show = resultShown(state);
    const root = this.#root;
    setAttr(root, "data-winner", winnerOf(state));
    if (show) {
      const result = resultOf(state);
      setText(root.querySelector(".result-title"), result.title);
      setText(root.querySelector(".result-reason"), result.reason);
    }
    if (root.hidden === show) root.hidden = !show;
  }
}
