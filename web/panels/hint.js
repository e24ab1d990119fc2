// The Hint button and the hint's text (with the favourite's chance of winning, or a proven
// result); the board draws the hint itself (boardStateOf).
import { describeAction } from "../board/notation.js";
import { hintOf, personToMove, positionAt } from "../game/game.js";
import { t, tr } from "../page/i18n.js";
import { proofText } from "../game/proof.js";
import { chanceMsg } from "../game/chance.js";

export class HintView {
  #button;
  #text;
  #explained; // the hint whose chance was said in words

  constructor(root) {
    this.#button = root.querySelector('[data-action="hint"]'); // runs the command "hint" (input.js)
    this.#text = root.querySelector("#hint-text");
  }

  render(state) {
    const hint = hintOf(state);
    const button = this.#button;
    // (No hint while a mode owns the turn: an exercise asks for your own turn.)
    const disabled = !personToMove(state) || state.busy || state.hinting || Boolean(hint) || Boolean(state.prompt);
    if (button.disabled !== disabled) button.disabled = disabled;
    if (state.hinting) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
    const label = state.hinting ? t("turn.hinting") : t("turn.hint");
    if (button.textContent !== label) button.textContent = label;
    const proof = hint ? state.proofs?.[positionAt(state)] : null;
    const hintText = hint ? t("turn.hintText", { description: describeAction(hint.action), action: hint.action }) : "";
    // a proven result, else the favourite's chance of winning by the hint's search
    // The chance's title says what the figure is; the visit's first hint with a chance says it in words.
    const chance = !proof && hint && hint.chance !== null;
    if (chance) this.#explained ??= hint;
    const words = chance ? tr(chanceMsg(hint.chance, "chance.title")) : "";
    const text = proof
      ? t("turn.hintProof", { hint: hintText, proof: proofText(proof) })
      : chance
        ? t("turn.hintChance", { hint: hintText, chance: this.#explained === hint ? words : tr(chanceMsg(hint.chance)) })
        : hintText;
    if (this.#text.textContent !== text) this.#text.textContent = text;
    if (this.#text.title !== words) this.#text.title = words;
    this.#text.hidden = !hint;
  }
}
