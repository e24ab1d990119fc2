// The move list: the start and every turn's actions (a click goes to that position), a proved
// result beside the turn it was proved at, the current action kept in view; and the undo and
// redo buttons' disabled states (the buttons run commands: input.js).

import { SIDE_NAME, STANDARD, sideMsg, describeAction } from "../board/notation.js";
import { positionAt, turnsOf, canUndo, canRedo, endText } from "../game/game.js";
import { proofText } from "../game/proof.js";
import { t, lang } from "../page/i18n.js";
import { setAttr, setText, element } from "./dom.js";

export class MoveList {
  #list;
  #key = ""; // the game drawn: language, start, proofs and actions
  #shown = ""; // and the cursor marked
  #sizes; // the ResizeObserver of the list and of its current move
  #current = null; // the current move's button it observes
  #nav;

  #end; // the end outside the rules under the list: "White ran out of time"

  constructor(root, game) {
    this.#list = root.querySelector("#moves");
    this.#end = element("p", "moves-end", { hidden: "" });
    this.#list.after(this.#end);
    this.#nav = root.querySelector(".history-nav");
    this.#list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-cursor]");
      if (button) game.goto(Number(button.dataset.cursor));
    });
    // The current move is kept in view when the list's box changes size (as the panels above
    // it grow and shrink) and when another move becomes current: a ResizeObserver reports a
    // newly observed button after the browser's own layout of the frame, so measuring it then
    // costs no layout of its own.
    this.#sizes = new ResizeObserver(() => this.#keepCurrentInView());
    this.#sizes.observe(this.#list);
  }

  // Keep the current move in view inside the list, without scrolling the page.
  #keepCurrentInView() {
    const list = this.#list;
    const current = list.querySelector('button[aria-current="true"]');
    if (!current) return;
    const box = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.top + list.clientHeight) {
      const top = at.top - box.top + list.scrollTop;
      // Centred, or at the top of a box too low for more than the row itself.
      list.scrollTo({ top: Math.max(0, top - Math.max(0, (list.clientHeight - at.height) / 2)), behavior: "instant" });
    }
  }

  render(state) {
    const list = this.#list;
    const game = `${lang()}|${state.start}|${state.setup}|${state.seed}|${Object.keys(state.proofs ?? {}).length}|`;
    const actions = state.actions.join(" ");
    if (game + actions !== this.#key) {
      // Actions added to the game drawn: its turns from the last one drawn on; else all.
      const drawn = this.#key.startsWith(game) && this.#key.slice(game.length);
      this.#draw(state, drawn === "" || (drawn && actions.startsWith(`${drawn} `)));
      this.#key = game + actions;
    }
    // The current action and the later ones marked, and kept in view, when they change.
    if (this.#shown !== `${this.#key}|${state.cursor}`) {
      this.#shown = `${this.#key}|${state.cursor}`;
      for (const button of list.querySelectorAll("button[data-cursor]")) {
        const cursor = Number(button.dataset.cursor);
        setAttr(button, "aria-current", cursor === state.cursor ? "true" : null);
        button.classList.toggle("future", cursor > state.cursor);
      }
      if (this.#current) this.#sizes.unobserve(this.#current);
      this.#current = list.querySelector('button[aria-current="true"]');
      if (this.#current) this.#sizes.observe(this.#current);
    }
    const end = state.end ? endText(state.end) : "";
    setText(this.#end, end);
    if (this.#end.hidden === Boolean(end)) this.#end.hidden = !end;
    const ready = state.engine === "ready";
    const nav = this.#nav;
    nav.querySelector('[data-command="undo"]').disabled = !ready || !canUndo(state);
    nav.querySelector('[data-command="undo-turn"]').disabled = !ready || !canUndo(state);
    nav.querySelector('[data-command="redo"]').disabled = !ready || !canRedo(state);
    nav.querySelector('[data-command="redo-turn"]').disabled = !ready || !canRedo(state);
  }

  /** The list of `state`'s game: with `added`, the turns from the last one drawn on. */
  #draw(state, added) {
    const list = this.#list;
    if (!added) {
      const start = document.createElement("button");
      start.type = "button";
      start.dataset.cursor = "0";
      start.textContent = startLabel(state);
      list.replaceChildren(element("li", "start"));
      list.firstChild.appendChild(start);
    }
    const items = list.querySelectorAll("li[data-turn]");
    const from = Math.max(0, items.length - 1); // the last turn drawn may have grown
    items[from]?.remove();
    for (const turn of turnsOf(state).slice(from)) list.appendChild(this.#turnItem(state, turn));
  }

  #turnItem(state, turn) {
    const li = document.createElement("li");
    li.dataset.turn = String(turn.number);
    const number = element("span", "move-number");
    number.textContent = `${turn.number}.`;
    const side = element("span", "move-side");
    side.dataset.side = turn.side;
    side.title = SIDE_NAME[turn.side];
    const actions = element("span", "move-actions");
    turn.actions.forEach((text, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.cursor = String(turn.start + i + 1);
      button.dataset.move = text;
      button.textContent = text;
      button.setAttribute("aria-label", t("history.move", { number: turn.number, side: sideMsg(turn.side), action: describeAction(text) }));
      actions.appendChild(button);
    });
    const proof = state.proofs?.[positionAt(state, turn.start)];
    if (proof) {
      const note = element("span", "move-proof");
      note.dataset.winner = proof.winner;
      note.textContent = proofText(proof);
      actions.appendChild(note);
    }
    li.append(number, side, actions);
    return li;
  }
}

/** The setups named by a text of their own ("start.link"); any other is the standard one, or a
 * set-up position when it starts elsewhere (an online game or a game by turns from a position). */
const STARTS = ["tournament", "link", "record", "puzzle", "lesson", "editor"];

/** The move list's first line: how the game started. */
function startLabel(state) {
  if (state.setup === "random") {
    return state.seed !== null && state.seed !== undefined ? t("start.randomSeed", { seed: state.seed }) : t("start.random");
  }
  if (state.setup === "exercise") return t("exercises.start"); // a later text, there once an exercise opens
  if (STARTS.includes(state.setup)) return t(`start.${state.setup}`);
  return t(state.start && state.start !== STANDARD ? "start.editor" : "start.standard");
}
