// The trios panel: for each side, who plays it, its pieces, and how many stacks of each type
// it has on top (a type down to its last, or gone, is marked); the side to move stands out.
// The captured stacks below it are panels/captured.js.

import { SIDE_NAME, TYPES, sideMsg, pieceMsg } from "../board/notation.js";
import { countsOf, sideToMove } from "../game/game.js";
import { playerShortLabel, isPerson } from "../game/players.js";
import { t } from "../page/i18n.js";
import { setText, setAttr, miniPiece, element } from "./dom.js";

export class TriosPanel {
  #rows = {};
  #heading;

  constructor(root) {
    root.replaceChildren();
    const heading = element("h2", "panel-title");
    heading.textContent = t("trios.title");
    root.appendChild(heading);
    this.#heading = heading;
    for (const side of ["white", "black"]) {
      const row = element("div", "trio");
      row.dataset.side = side;
      const name = element("span", "trio-name");
      name.textContent = SIDE_NAME[side];
      const separator = element("span", "visually-hidden");
      // Who plays the side: "You" against the computer, its level for the computer;
      // nothing when two people share the screen.
      const player = element("span", "trio-player");
      player.hidden = true;
      const pieces = element("span", "trio-pieces");
      separator.textContent = ":";
      name.append(player, pieces, separator);
      row.appendChild(name);
      const counts = {};
      for (const type of TYPES) {
        const cell = element("span", "trio-count");
        cell.dataset.type = type;
        const svg = miniPiece(side, type);
        const number = element("span", "trio-number", { "aria-hidden": "true" });
        // Read with its type name ("6 Tzaars"); the icon says it to the eye.
        const name = element("span", "visually-hidden");
        cell.append(svg, number, name);
        row.appendChild(cell);
        counts[type] = { cell, number, name };
      }
      root.appendChild(row);
      this.#rows[side] = { row, counts, pieces, player, name };
    }
  }

  render(state) {
    const { tops, pieces, reserve } = countsOf(state);
    const toMove = sideToMove(state);
    const placing = state.view?.step === "place";
    const twoPeople = isPerson(state.players.white) && isPerson(state.players.black);
    setText(this.#heading, t("trios.title"));
    for (const side of ["white", "black"]) {
      const r = this.#rows[side];
      if (r.name.firstChild.nodeType === Node.TEXT_NODE && r.name.firstChild.data !== SIDE_NAME[side]) r.name.firstChild.data = SIDE_NAME[side];
      setAttr(r.row, "data-to-move", String(toMove === side && !state.view?.winner));
      const id = state.players[side];
      const who = twoPeople ? "" : isPerson(id) ? t("trios.you") : playerShortLabel(id);
      setText(r.player, who);
      if (r.player.hidden !== !who) r.player.hidden = !who;
      setAttr(r.row, "data-player", id);
      const described = [];
      for (const type of TYPES) {
        const n = tops[side][type];
        const { cell, number, name } = r.counts[type];
        setText(number, String(n));
        setText(name, `${t(`trios.${type}`, { n })}${type === "tott" ? "" : ","}`);
        // In the tournament setup a type still to be placed is not "down to its last".
        const stillToCome = placing && reserve ? reserve[side][type] : 0;
        setAttr(cell, "data-last", n === 1 && !stillToCome ? "true" : null);
        setAttr(cell, "data-gone", n === 0 && !stillToCome && !placing ? "true" : null);
        setAttr(cell, "title", t("trios.cell", { side: sideMsg(side), type: pieceMsg(type), n }));
        described.push(t(`trios.${type}`, { n }));
      }
      let text = t("trios.pieces", { n: pieces[side] });
      if (placing && reserve) {
        const left = Object.values(reserve[side]).reduce((a, b) => a + b, 0);
        text += ` · ${t("trios.toPlace", { n: left })}`;
      }
      setText(r.pieces, text);
      setAttr(r.row, "title", who ? t("trios.ariaPlayer", { side: sideMsg(side), player: who, counts: described.join(", "), pieces: text }) : t("trios.aria", { side: sideMsg(side), counts: described.join(", "), pieces: text }));
    }
  }
}
