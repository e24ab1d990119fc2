// The Hint button and the hint's text; the board draws the hint itself (boardStateOf).
import { describeAction } from "./notation.js";
import { hintOf, personToMove, positionAt } from "./game.js";
import { proofText } from "./proof.js";

export class HintView {
  #button;
  #text;

  constructor(root, game) {
    this.#button = root.querySelector('[data-action="hint"]');
    this.#text = root.querySelector("#hint-text");
    this.#button.addEventListener("click", () => game.hint());
  }

  render(state) {
    const hint = hintOf(state);
    const button = this.#button;
    const disabled = !personToMove(state) || state.busy || state.hinting || Boolean(hint);
    if (button.disabled !== disabled) button.disabled = disabled;
    if (state.hinting) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
    const label = state.hinting ? "Thinking…" : "Hint";
    if (button.textContent !== label) button.textContent = label;
    const proof = hint ? state.proofs?.[positionAt(state)] : null;
    const text = hint ? `Hint: ${describeAction(hint.action)} (${hint.action})${proof ? ` · ${proofText(proof)}` : ""}` : "";
    if (this.#text.textContent !== text) this.#text.textContent = text;
    this.#text.hidden = !hint;
  }
}
