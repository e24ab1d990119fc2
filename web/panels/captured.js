// The stacks each side has captured, under the trios (panels/trios.js): a compact row of
// small pieces, the height on each stack taller than one, and a sentence for screen readers.

import { capturedOf } from "../game/state.js";
import { TYPE_NAME, pieceMsg } from "../board/notation.js";
import { t, lang } from "../page/i18n.js";
import { miniPiece, element } from "./dom.js";

export class CapturedView {
  #rows = {};
  #key = "";

  constructor(root) {
    const list = element("div", "captured-list");
    root.appendChild(list);
    for (const side of ["white", "black"]) {
      const row = element("div", "captured");
      row.dataset.side = side;
      const label = element("span", "captured-label", { "aria-hidden": "true" });
      const stacks = element("span", "captured-stacks", { "aria-hidden": "true" });
      const summary = element("span", "visually-hidden");
      row.append(label, stacks, summary);
      list.appendChild(row);
      this.#rows[side] = { label, stacks, summary };
    }
  }

  render(state) {
    const key = `${lang()}|${state.start}|${state.actions.slice(0, state.cursor).join(",")}`;
    if (key === this.#key) return;
    this.#key = key;
    const captured = capturedOf(state);
    for (const side of ["white", "black"]) {
      const { label, stacks, summary } = this.#rows[side];
      label.textContent = t(`captured.took.${side}`);
      const list = captured[side];
      stacks.replaceChildren(
        ...list.map((stack) => {
          const item = element("span", "captured-stack");
          item.dataset.type = stack.type;
          item.dataset.height = String(stack.height);
          item.appendChild(miniPiece(stack.color, stack.type));
          if (stack.height > 1) {
            const height = element("span", "captured-height");
            height.textContent = String(stack.height);
            item.appendChild(height);
          }
          return item;
        }),
      );
      if (!list.length) {
        const none = element("span", "captured-none");
        none.textContent = t("captured.none");
        stacks.appendChild(none);
      }
      const named = list.map((s) => (s.height > 1 ? t("captured.stack", { type: pieceMsg(s.type), height: s.height }) : TYPE_NAME[s.type]));
      summary.textContent = list.length ? t(`captured.summary.${side}`, { n: list.length, list: named.join(", ") }) : t(`captured.summaryNone.${side}`);
    }
  }
}
