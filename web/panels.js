// The panels around the board: turn (with tray, warning, pass), trios, move list, result.
// Each renders from the game's state and turns its buttons into the game's meanings.

import { proofText } from "./proof.js";
import { drawMiniPiece } from "./board.js";
import { SIDE_NAME, TYPE_NAME, TYPES, describeAction } from "./notation.js";
import { personToMove, positionAt, turnsOf, targetsOf, losingTargetsOf, countsOf, canUndo, canRedo, thinkingOf, resultOf, reasonText } from "./game.js";
import { playerLabel, playerShortLabel, isPerson } from "./players.js";
import { t, tr, lang } from "./i18n.js";
import { clipMessage } from "./clip.js";

/** Whether the result box over the board shows the end of the game now. */
export function resultShown(state) {
  return Boolean(state.view?.winner) && !state.resultDismissed && state.cursor === state.actions.length;
}

function sideOf(state) {
  if (state.view) return state.view.side;
  return positionAt(state).split(" ")[1]?.startsWith("b") ? "black" : "white";
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) {
    node.setAttribute(name, String(value));
  }
}

// ---- the turn -----------------------------------------------------------------------------

export class TurnPanel {
  #root;
  #game;

  constructor(root, game) {
    this.#root = root;
    this.#game = game;
    this.title = root.querySelector(".turn-title");
    this.detail = root.querySelector(".turn-detail");
    this.tray = root.querySelector("#tray");
    this.warning = root.querySelector("#warning");
    this.pass = root.querySelector('[data-action="pass"]');
    this.notice = root.querySelector("#notice");
    this.pass.addEventListener("click", () => game.pass());
    for (const button of this.tray.querySelectorAll("[data-place]")) {
      button.addEventListener("click", () => game.choosePlaceType(button.dataset.place));
    }
  }

  render(state) {
    const view = state.view;
    const side = sideOf(state);
    const root = this.#root;
    setAttr(root, "data-side", view?.winner ?? side);
    setAttr(root, "data-step", view?.step ?? null);
    setAttr(root, "data-over", view?.winner ? "true" : "false");
    setAttr(root, "data-winner", view?.winner ?? null);
    setAttr(root, "data-thinking", thinkingOf(state) ? "true" : null);
    const { title, detail } = this.#texts(state, side);
    setText(this.title, title);
    setText(this.detail, detail);

    // The tray of the tournament setup.
    const placing = view?.step === "place" && !view.winner;
    this.tray.hidden = !placing;
    if (placing) {
      const chosen = state.placeType[side];
      for (const button of this.tray.querySelectorAll("[data-place]")) {
        const type = button.dataset.place;
        const left = view.reserve[side][type] ?? 0;
        drawMiniPiece(button.querySelector("svg"), side, type);
        setText(button.querySelector(".tray-count"), t("tray.left", { n: left }));
        setAttr(button, "aria-pressed", String(chosen === type));
        setAttr(button, "aria-label", t("tray.aria", { type: TYPE_NAME[type], n: left }));
        button.disabled = left <= 0 || !personToMove(state) || state.busy;
      }
    }

    // The self-elimination warning, as soon as a losing stacking is on offer.
    const losing = losingTargetsOf(state);
    if (losing.length && personToMove(state)) {
      const covered = [...new Set(losing.map((p) => TYPE_NAME[view.points[p].type]))];
      setText(
        this.warning,
        t("turn.warning", { point: state.selected, targets: losing.reduce((a, b) => t("turn.or", { a, b })), types: covered.join(" / ") }),
      );
      this.warning.hidden = false;
    } else {
      this.warning.hidden = true;
    }

    this.pass.disabled = !(personToMove(state) && view.legal.pass && !state.busy);
    if (state.notice) {
      setText(this.notice, clipMessage(tr(state.notice)));
      this.notice.hidden = false;
    } else {
      this.notice.hidden = true;
    }
  }

  #texts(state, side) {
    const view = state.view;
    const name = SIDE_NAME[side];
    if (!view) {
      if (state.engine === "error") return { title: t("turn.toPlay", { side: name }), detail: t("turn.engineError") };
      return { title: t("turn.toPlay", { side: name }), detail: t("turn.loading") };
    }
    if (view.winner) {
      // The result box says who won and why; the panel says it only once that box is gone.
      if (resultShown(state)) return { title: t("turn.gameOver"), detail: "" };
      const result = resultOf(state);
      return { title: result.title, detail: result.reason };
    }
    const later = state.cursor < state.actions.length ? ` ${t("turn.earlier")}` : "";
    if (!personToMove(state)) {
      const who = playerLabel(state.players[side]);
      if (thinkingOf(state)) return { title: t("turn.toPlay", { side: name }), detail: t("turn.thinking", { player: who }) };
      if (state.cursor < state.actions.length) {
        return { title: t("turn.toPlay", { side: name }), detail: t("turn.playedFromHere", { player: who }) };
      }
      return { title: t("turn.toPlay", { side: name }), detail: t("turn.playsThisSide", { player: who }) };
    }
    if (view.step === "place") {
      const type = state.placeType[side];
      const left = Object.values(view.reserve[side]).reduce((a, b) => a + b, 0);
      return {
        title: t("turn.places", { side: name }),
        detail: (type ? t("turn.placeChosen", { type: TYPE_NAME[type] }) : t("turn.placeChoose", { n: left })) + later,
      };
    }
    const title = t(view.step === "capture" ? "turn.capture" : "turn.second", { side: name });
    let detail;
    if (state.selected) {
      const targets = Object.values(targetsOf(state));
      const captures = targets.filter((t) => t === "capture").length;
      const stacks = targets.filter((t) => t === "stack").length;
      const parts = [captures ? t("turn.captures", { n: captures }) : "", stacks ? t("turn.stackings", { n: stacks }) : ""].filter(Boolean);
      detail = t("turn.selected", { point: state.selected, moves: parts.join(", ") || t("turn.noMove") });
    } else if (view.opening) {
      detail = t(`turn.opening.${side}`);
    } else if (view.step === "capture") {
      detail = t("turn.first");
    } else {
      detail = t("turn.secondDetail");
    }
    return { title, detail: detail + later };
  }
}

// ---- the trios ----------------------------------------------------------------------------

export class TriosPanel {
  #root;
  #rows = {};
  #heading;

  constructor(root) {
    this.#root = root;
    root.replaceChildren();
    const heading = document.createElement("h2");
    heading.className = "panel-title";
    heading.textContent = t("trios.title");
    root.appendChild(heading);
    this.#heading = heading;
    for (const side of ["white", "black"]) {
      const row = document.createElement("div");
      row.className = "trio";
      row.dataset.side = side;
      const name = document.createElement("span");
      name.className = "trio-name";
      name.textContent = SIDE_NAME[side];
      const separator = document.createElement("span");
      separator.className = "visually-hidden";
      // Who plays the side: "You" against the computer, its level for the computer;
      // nothing when two people share the screen.
      const player = document.createElement("span");
      player.className = "trio-player";
      player.hidden = true;
      const pieces = document.createElement("span");
      pieces.className = "trio-pieces";
      separator.textContent = ":";
      name.append(player, pieces, separator);
      row.appendChild(name);
      const counts = {};
      for (const type of TYPES) {
        const cell = document.createElement("span");
        cell.className = "trio-count";
        cell.dataset.type = type;
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("class", "mini");
        svg.setAttribute("viewBox", "-50 -50 100 100");
        svg.setAttribute("aria-hidden", "true");
        drawMiniPiece(svg, side, type);
        const number = document.createElement("span");
        number.className = "trio-number";
        number.setAttribute("aria-hidden", "true");
        // Read with its type name ("6 Tzaars"); the icon says it to the eye.
        const name = document.createElement("span");
        name.className = "visually-hidden";
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
    const toMove = sideOf(state);
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
        setAttr(cell, "title", t("trios.cell", { side: SIDE_NAME[side], type: TYPE_NAME[type], n }));
        described.push(t(`trios.${type}`, { n }));
      }
      let text = t("trios.pieces", { n: pieces[side] });
      if (placing && reserve) {
        const left = Object.values(reserve[side]).reduce((a, b) => a + b, 0);
        text += ` · ${t("trios.toPlace", { n: left })}`;
      }
      setText(r.pieces, text);
      setAttr(r.row, "title", who ? t("trios.ariaPlayer", { side: SIDE_NAME[side], player: who, counts: described.join(", "), pieces: text }) : t("trios.aria", { side: SIDE_NAME[side], counts: described.join(", "), pieces: text }));
    }
  }
}

// ---- the move list and undo/redo --------------------------------------------------------

export class MoveList {
  #list;
  #game;
  #key = "";
  #nav;

  constructor(root, game) {
    this.#game = game;
    this.#list = root.querySelector("#moves");
    this.#nav = root.querySelector(".history-nav");
    this.#list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-cursor]");
      if (button) game.goto(Number(button.dataset.cursor));
    });
    // The list's box changes size as the panels above it grow and shrink.
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.#keepCurrentInView()).observe(this.#list);
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
    const key = `${lang()}|${state.start}|${state.setup}|${state.seed}|${state.actions.join(" ")}|${Object.keys(state.proofs ?? {}).length}`;
    if (key !== this.#key) {
      this.#key = key;
      this.#rebuild(state);
    }
    for (const button of this.#list.querySelectorAll("button[data-cursor]")) {
      const cursor = Number(button.dataset.cursor);
      setAttr(button, "aria-current", cursor === state.cursor ? "true" : null);
      button.classList.toggle("future", cursor > state.cursor);
    }
    this.#keepCurrentInView();
    const ready = state.engine === "ready";
    const nav = this.#nav;
    nav.querySelector('[data-command="undo"]').disabled = !ready || !canUndo(state);
    nav.querySelector('[data-command="undo-turn"]').disabled = !ready || !canUndo(state);
    nav.querySelector('[data-command="redo"]').disabled = !ready || !canRedo(state);
    nav.querySelector('[data-command="redo-turn"]').disabled = !ready || !canRedo(state);
  }

  #rebuild(state) {
    const list = this.#list;
    list.replaceChildren();
    const start = document.createElement("li");
    start.className = "start";
    const startButton = document.createElement("button");
    startButton.type = "button";
    startButton.dataset.cursor = "0";
    startButton.textContent = startLabel(state);
    start.appendChild(startButton);
    list.appendChild(start);
    for (const turn of turnsOf(state)) {
      const li = document.createElement("li");
      li.dataset.turn = String(turn.number);
      const number = document.createElement("span");
      number.className = "move-number";
      number.textContent = `${turn.number}.`;
      const side = document.createElement("span");
      side.className = "move-side";
      side.dataset.side = turn.side;
      side.title = SIDE_NAME[turn.side];
      const actions = document.createElement("span");
      actions.className = "move-actions";
      turn.actions.forEach((text, i) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.cursor = String(turn.start + i + 1);
        button.dataset.move = text;
        button.textContent = text;
        button.setAttribute("aria-label", t("history.move", { number: turn.number, side: SIDE_NAME[turn.side], action: describeAction(text) }));
        actions.appendChild(button);
      });
      const proof = state.proofs?.[positionAt(state, turn.start)];
      if (proof) {
        const note = document.createElement("span");
        note.className = "move-proof";
        note.dataset.winner = proof.winner;
        note.textContent = proofText(proof);
        actions.appendChild(note);
      }
      li.append(number, side, actions);
      list.appendChild(li);
    }
  }
}

function startLabel(state) {
  switch (state.setup) {
    case "random":
      return state.seed !== null && state.seed !== undefined ? t("start.randomSeed", { seed: state.seed }) : t("start.random");
    case "tournament":
      return t("start.tournament");
    case "link":
      return t("start.link");
    case "record":
      return t("start.record");
    case "puzzle":
      return t("start.puzzle");
    case "editor":
      return t("start.editor");
    default:
      return t("start.standard");
  }
}

// ---- the result -------------------------------------------------------------------------

export { reasonText };

export class ResultBox {
  #root;

  constructor(root, game) {
    this.#root = root;
    root.querySelector('[data-command="dismiss-result"]').addEventListener("click", () => game.dismissResult());
  }

  render(state) {
    const view = state.view;
    const show = resultShown(state);
    const root = this.#root;
    setAttr(root, "data-winner", view?.winner ?? null);
    if (show) {
      const result = resultOf(state);
      setText(root.querySelector(".result-title"), result.title);
      setText(root.querySelector(".result-reason"), result.reason);
    }
    if (root.hidden === show) root.hidden = !show;
  }
}
