// The stacks each side has captured, under the trios (panel-trios.js): a compact row of
// small pieces, the height on each stack taller than one, and a sentence for screen readers.

import { capturedOf } from "./game-state.js";
import { TYPE_NAME } from "./notation.js";
import { t, lang } from "./i18n.js";
import { miniPiece } from "./panel-dom.js";

export class CapturedView {
  #rows = {};
  #key = "";

  constructor(root) {
    const list = document.createElement("div");
    list.className = "captured-list";
    root.appendChild(list);
    for (const side of ["white", "black"]) {
      const row = document.createElement("div");
      row.className = "captured";
      row.dataset.side = side;
      const label = document.createElement("span");
      label.className = "captured-label";
      label.setAttribute("aria-hidden", "true");
      const stacks = document.createElement("span");
      stacks.className = "captured-stacks";
      stacks.setAttribute("aria-hidden", "true");
      const summary = document.createElement("span");
      summary.className = "visually-hidden";
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
          const item = document.createElement("span");
          item.className = "captured-stack";
          item.dataset.type = stack.type;
          item.dataset.height = String(stack.height);
          item.appendChild(miniPiece(stack.color, stack.type));
          if (stack.height > 1) {
            const height = document.createElement("span");
            height.className = "captured-height";
            height.textContent = String(stack.height);
            item.appendChild(height);
          }
          return item;
        }),
      );
      if (!list.length) {
        const none = document.createElement("span");
        none.className = "captured-none";
        none.textContent = t("captured.none");
        stacks.appendChild(none);
      }
      const named = list.map((s) => (s.height > 1 ? t("captured.stack", { type: TYPE_NAME[s.type], height: s.height }) : TYPE_NAME[s.type]));
      summary.textContent = list.length ? t(`captured.summary.${side}`, { n: list.length, list: named.join(", ") }) : t(`captured.summaryNone.${side}`);
    }
  }
}
