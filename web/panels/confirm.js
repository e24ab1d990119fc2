// The confirmation of a losing stacking: a view of the state (app.js renders it each frame).
import { pieceMsg } from "../board/notation.js";
import { t } from "../page/i18n.js";

/** Asks before a stacking that covers the player's own last Tzaar, Tzarra or Tott. */
export class ConfirmLosingDialog {
  #dialog;
  #game;
  #shown = null;

  constructor(dialog, game) {
    this.#dialog = dialog;
    this.#game = game;
    dialog.addEventListener("close", () => {
      const action = this.#shown;
      this.#shown = null;
      if (!action || game.state.pendingLosing !== action) return;
      if (dialog.returnValue === "confirm") game.confirmLosing();
      else game.cancelLosing();
    });
  }

  render(state) {
    const action = state.pendingLosing;
    if (action && this.#shown !== action) {
      this.#shown = action;
      const [from, to] = action.split("-");
      const type = pieceMsg(state.view.points[to]?.type); // (a stacking that loses covers a last type)
      this.#dialog.querySelector("#confirm-text").textContent = t("confirm.text", { from, to, type });
      this.#dialog.returnValue = "";
      this.#dialog.showModal();
    } else if (!action && this.#shown) {
      this.#shown = null;
      this.#dialog.close();
    }
  }
}
