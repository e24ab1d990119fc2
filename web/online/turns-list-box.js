// "Your games by turns" in the online panel: the player's open challenges (turns-challenge-view.js),
// the games by turns (panels/turns-list.js), "Open a game from another device"
// (turns-move-view.js) and the notifications' choice (turns-notify-view.js).

import { t } from "../page/i18n.js";
import { element, setText } from "../panels/dom.js";
import { renderTurnsList } from "../panels/turns-list.js";
import { MoveIn } from "./turns-move-view.js";
import { NotifyChoice } from "./turns-notify-view.js";

export class TurnsListBox {
  #on;
  #box;
  #title;
  #mine;
  #list;
  #none;
  #parts; // under the list: the move from another device, the notifications

  /** The box appended to `root`; `on`: {turnsList, challengesMine, turnsImport, turnsNotifier, changed} (panel.js). */
  constructor(root, on) {
    this.#on = on;
    const box = (this.#box = root.appendChild(element("section", "turns-list-box")));
    this.#title = box.appendChild(element("h3", "turns-title"));
    this.#mine = box.appendChild(element("ul", "challenges-mine", { id: "challenges-mine" }));
    this.#list = box.appendChild(element("ol", "turns-list", { id: "turns-list" }));
    this.#none = box.appendChild(element("p", "turns-none"));
    this.#parts = [
      new MoveIn(box, { add: (text) => on.turnsImport(text), changed: () => on.changed() }),
      new NotifyChoice(box, on.turnsNotifier, { records: () => on.turnsList(), changed: () => on.changed() }),
    ];
  }

  /** Drawn from the games and challenges kept (hidden: not shown now). */
  render(hidden) {
    this.#box.hidden = hidden;
    if (hidden) return;
    setText(this.#title, t("online.turns.list"));
    const n = renderTurnsList(this.#list, this.#on.turnsList());
    this.#list.hidden = n === 0;
    const posted = this.#on.challengesMine(this.#mine);
    setText(this.#none, n ? "" : t("online.turns.none"));
    this.#none.hidden = n + posted > 0;
    for (const part of this.#parts) part.render();
  }
}
