// The position editor: put and remove pieces of either colour and type, change a stack's
// height, choose the side to move and the step. The facade's check_position says at once
// whether the position is possible and why not. From a possible one: play, analyse, or copy
// its link. While editing, the board is in its edit mode (board.js): it shows the edited
// position, and a point chosen on it (click, tap, Enter or Space) comes here as "edit". The
// editor is the mode "editor" (modes.js): entering another mode closes it.

import { formatPosition, parsePosition } from "../board/notation.js";
import { positionAt } from "../game/game.js";
import { copyText, flash } from "../links/sharing.js";
import { linkTo, positionHash } from "../links/address.js";
import { drawMiniPiece } from "../board/board.js";

import { t, msg, show } from "../page/i18n.js";
import { element } from "../panels/dom.js";

/** The key of each tool's name. */
const TOOL_NAMES = { Z: "editor.whiteTzaar", A: "editor.whiteTzarra", T: "editor.whiteTott", z: "editor.blackTzaar", a: "editor.blackTzarra", t: "editor.blackTott", ".": "editor.remove", "+": "editor.taller", "-": "editor.lower" };

const TOOLS = ["Z", "A", "T", "z", "a", "t", ".", "+", "-"];
const MAX_HEIGHT = 30;

export class Editor {
  #game;
  #engine;
  #board;
  #modes;
  #root;
  #els = {};
  #on = false;
  #points = {};
  #tool = "Z";
  #checked = null;

  constructor(panel, game, engine, board, modes) {
    this.#game = game;
    this.#engine = engine;
    this.#board = board;
    this.#modes = modes;
    const button = panel.querySelector("#editor-button"); // the tools' row's (analysis/panel.js)
    const root = (this.#root = element("div", "editor", { id: "editor", hidden: "" }));
    const palette = document.createElement("div");
    palette.className = "editor-palette";
    palette.setAttribute("role", "group");
    show(palette, msg("editor.palette"), "aria-label");
    for (const tool of TOOLS) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.tool = tool;
      if ("ZATzat".includes(tool)) {
        const mini = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        mini.setAttribute("viewBox", "-50 -50 100 100");
        mini.setAttribute("aria-hidden", "true");
        mini.classList.add("mini");
        drawMiniPiece(mini, tool === tool.toUpperCase() ? "white" : "black", { z: "tzaar", a: "tzarra", t: "tott" }[tool.toLowerCase()]);
        b.append(mini);
      } else {
        b.textContent = tool === "." ? "×" : tool === "-" ? "−" : tool;
      }
      show(b, msg(TOOL_NAMES[tool]), "title");
      show(b, msg(TOOL_NAMES[tool]), "aria-label");
      b.setAttribute("aria-pressed", String(tool === this.#tool));
      palette.append(b);
    }
    palette.addEventListener("click", (event) => {
      const b = event.target.closest("button[data-tool]");
      if (!b) return;
      this.#tool = b.dataset.tool;
      for (const x of palette.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
    });
    const turn = document.createElement("div");
    turn.className = "tools-row";
    const select = (name, label, options) => {
      const l = document.createElement("label");
      const s = document.createElement("select");
      s.name = name;
      for (const [value, text] of Object.entries(options)) {
        const option = new Option("", value);
        show(option, text);
        s.append(option);
      }
      s.addEventListener("change", () => this.#changed());
      const caption = document.createElement("span");
      show(caption, label);
      l.append(caption, " ", s);
      turn.append(l);
      return s;
    };
    const side = select("editor-side", msg("editor.side"), { w: msg("side.white"), b: msg("side.black") });
    const step = select("editor-step", msg("editor.step"), { 1: msg("editor.step1"), 2: msg("editor.step2"), 0: msg("editor.step0") });
    const verdict = document.createElement("p");
    verdict.className = "editor-verdict";
    verdict.setAttribute("role", "status");
    const actions = document.createElement("div");
    actions.className = "tools-row";
    const action = (id, text, handler) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = id;
      show(b, text);
      b.addEventListener("click", handler);
      actions.append(b);
      return b;
    };
    const play = action("editor-play", msg("editor.play"), () => this.#leave(false));
    const analyse = action("editor-analyse", msg("editor.analyse"), () => this.#leave(true));
    const copy = action("editor-copy", msg("share.copy"), async () => {
      const ok = await copyText(this.#link());
      flash(copy, t(ok ? "share.copied" : "share.copyFailed")); // (event.currentTarget is null after the await)
    });
    root.append(palette, turn, verdict, actions);
    panel.append(root);
    this.#els = { button, side, step, verdict, play, analyse, copy };
    board.on("edit", ({ point }) => this.#edit(point));
    modes.add("editor", { open: () => this.toggle(true), close: () => this.toggle(false), ownBoard: true });
  }

  get position() {
    return formatPosition({ points: this.#points, turn: `${this.#els.side.value}${this.#els.step.value}` });
  }

  #link() {
    return linkTo(positionHash(this.position));
  }

  toggle(on = !this.#on) {
    this.#on = on;
    this.#els.button.setAttribute("aria-pressed", String(on));
    this.#root.hidden = !on;
    document.documentElement.classList.toggle("editing", on);
    if (on) {
      const parsed = parsePosition(positionAt(this.#game.state));
      this.#points = { ...parsed.points };
      this.#els.side.value = parsed.turn[0];
      this.#els.step.value = parsed.turn[1];
      this.#changed();
    } else {
      this.#board.setEditing(null);
    }
  }

  #edit(name) {
    const tool = this.#tool;
    const s = this.#points[name];
    if (tool === ".") delete this.#points[name];
    else if (tool === "+" || tool === "-") {
      if (!s) return;
      const height = Math.max(1, Math.min(MAX_HEIGHT, s.height + (tool === "+" ? 1 : -1)));
      this.#points[name] = { ...s, height };
    } else {
      const color = tool === tool.toUpperCase() ? "white" : "black";
      const type = { z: "tzaar", a: "tzarra", t: "tott" }[tool.toLowerCase()];
      this.#points[name] = s && s.color === color && s.type === type ? { ...s, height: Math.min(MAX_HEIGHT, s.height + 1) } : { color, type, height: 1 };
    }
    this.#changed();
  }

  async #changed() {
    const position = this.position;
    this.#checked = null;
    show(this.#els.verdict, "");
    this.#root.dataset.position = position;
    delete this.#root.dataset.possible;
    this.#setEnabled(false);
    this.#board.setEditing({ position, points: { ...this.#points } });
    let answer;
    try {
      answer = await this.#engine.call("check_position", { position });
    } catch (error) {
      answer = { possible: false, reason: error.message };
    }
    if (position !== this.position) return; // edited meanwhile
    this.#checked = answer;
    const verdict = this.#els.verdict;
    verdict.dataset.possible = String(answer.possible);
    this.#root.dataset.possible = String(answer.possible);
    show(verdict, answer.possible ? msg("editor.possible") : msg("editor.impossible", { reason: answer.reason.replace(/\.$/, "") }));
    this.#setEnabled(answer.possible);
  }

  #setEnabled(ok) {
    for (const b of [this.#els.play, this.#els.analyse, this.#els.copy]) b.disabled = !ok;
  }

  async #leave(analyse) {
    if (!this.#checked?.possible) return;
    const start = this.#checked.position;
    await this.#modes.enter("game");
    await this.#game.openGame({ start, actions: [] }, "editor");
    if (analyse) this.#modes.enter("analysis");
  }
}
