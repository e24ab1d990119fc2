// The analysis board: while it is on, the engine searches the shown position continuously in
// the worker (slices of ai_step, as computer.js does) and the page shows an evaluation bar
// beside the board (White's side, with a number; a proven win reads "White wins in 3",
// counted in actions), the best rest of the turn, the depth reached, and the best action as
// an arrow on the board. A new position (a move, a click in the move list) restarts the
// search at once; leaving the mode stops it. The attack map (a switch) comes from the
// facade's attack_map, one call per position.
//
//   const analysis = new Analysis(panel, game, engine, overlay, boardFrame);
//   analysis.toggle();  analysis.setAttackMap(true);

import { positionAt } from "./game.js";
import { SLICE_MS } from "./computer.js";

const TEXT = {
  analyse: "Analyse",
  analyseTitle: "Let the computer analyse the position on the board (A)",
  attackMap: "Attack map",
  depth: (d) => `depth ${d}`,
  best: "Best:",
  waiting: "The computer is busy; the analysis waits.",
  over: "The game is over.",
  wins: (who, n) => (n ? `${who} wins in ${n}` : `${who} wins`),
  barLabel: "Evaluation from White's side",
};

/** Centi-units above this are a proven win (tzaar/ai/search.py MATE_BOUND). */
const MATE = 1_000_000;
const MATE_BOUND = MATE - 1000;

/** {score, mate, text, share} of a score for the side to move, from White's side. */
export function whiteEval(score, side) {
  const white = side === "white" ? score : -score;
  if (Math.abs(white) > MATE_BOUND) {
    const n = MATE - Math.abs(white);
    const who = white > 0 ? "White" : "Black";
    return { score: white, mate: white > 0 ? n : -n, text: TEXT.wins(who, n), share: white > 0 ? 1 : 0 };
  }
  const share = 1 / (1 + Math.exp(-white / 400));
  return { score: white, mate: null, text: `${white >= 0 ? "+" : "−"}${(Math.abs(white) / 100).toFixed(2)}`, share };
}

export class Analysis {
  #game;
  #engine;
  #overlay;
  #on = false;
  #attacks = false;
  #run = 0; // the current search's number; a new one stops the old
  #position = null;
  #attackPosition = null;
  #job = null;
  #els = {};
  #bar;

  constructor(panel, game, engine, overlay, frame) {
    this.#game = game;
    this.#engine = engine;
    this.#overlay = overlay;
    const row = document.createElement("div");
    row.className = "tools-row";
    const button = document.createElement("button");
    button.type = "button";
    button.id = "analyse-button";
    button.textContent = TEXT.analyse;
    button.title = TEXT.analyseTitle;
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => this.toggle());
    const label = document.createElement("label");
    label.className = "switch";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "attack-map";
    box.addEventListener("change", () => this.setAttackMap(box.checked));
    label.append(box, ` ${TEXT.attackMap}`);
    row.append(button, label);
    const readout = document.createElement("div");
    readout.id = "analysis";
    readout.className = "analysis";
    readout.hidden = true;
    readout.setAttribute("role", "status");
    readout.innerHTML = '<span class="eval-text"></span> <span class="eval-depth"></span><p class="eval-line"></p>';
    panel.append(row, readout);
    this.#els = { button, box, readout, text: readout.querySelector(".eval-text"), depth: readout.querySelector(".eval-depth"), line: readout.querySelector(".eval-line") };
    // The bar beside the board.
    const bar = (this.#bar = document.createElement("div"));
    bar.className = "eval-bar";
    bar.hidden = true;
    bar.setAttribute("role", "meter");
    bar.setAttribute("aria-label", TEXT.barLabel);
    bar.innerHTML = '<span class="eval-fill"></span><span class="eval-number"></span>';
    frame.prepend(bar);
    game.subscribe((state) => this.#changed(state));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "a" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea")) return;
      event.preventDefault();
      this.toggle();
    });
  }

  get on() {
    return this.#on;
  }

  toggle(on = !this.#on) {
    this.#on = on;
    this.#els.button.setAttribute("aria-pressed", String(on));
    this.#els.readout.hidden = !on;
    this.#bar.hidden = !on;
    document.documentElement.classList.toggle("analysing", on);
    this.#position = null;
    if (!on) this.#stop();
    this.#changed(this.#game.state);
  }

  setAttackMap(on) {
    this.#attacks = on;
    this.#els.box.checked = on;
    this.#attackPosition = null;
    if (!on) this.#overlay.setAttacks(null);
    this.#changed(this.#game.state);
  }

  #changed(state) {
    if (state.engine !== "ready" || !state.view) return;
    const position = positionAt(state);
    if (this.#attacks && position !== this.#attackPosition) {
      this.#attackPosition = position;
      this.#engine.call("attack_map", { position }).then(
        (map) => this.#attacks && this.#attackPosition === position && this.#overlay.setAttacks(map),
        () => this.#overlay.setAttacks(null),
      );
    }
    if (!this.#on) return;
    // Wait while a computer player thinks (one search at a time in the worker).
    if (state.thinking) {
      if (this.#position !== null) this.#stop();
      this.#position = null;
      this.#els.line.textContent = TEXT.waiting;
      return;
    }
    if (position === this.#position) return;
    this.#position = position;
    this.#search(position, state.view);
  }

  #stop() {
    this.#run += 1;
    if (this.#job !== null) this.#engine.call("ai_stop", { job: this.#job }).catch(() => {});
    this.#job = null;
    this.#overlay.setBest(null);
    delete this.#bar.dataset.score;
  }

  async #search(position, view) {
    this.#stop();
    const run = this.#run;
    const current = () => run === this.#run && this.#on;
    this.#els.line.textContent = "";
    this.#els.depth.textContent = "";
    if (view.winner) {
      this.#show({ score: view.winner === view.side ? MATE : -MATE, depth: 0, best: [] }, view.side, position);
      this.#els.line.textContent = TEXT.over;
      return;
    }
    let job;
    try {
      ({ job } = await this.#engine.call("ai_start", { position, level: "expert", time: 3600 }));
    } catch {
      return;
    }
    if (!current()) {
      this.#engine.call("ai_stop", { job }).catch(() => {});
      return;
    }
    this.#job = job;
    for (;;) {
      let answer;
      try {
        answer = await this.#engine.call("ai_step", { job, slice_ms: SLICE_MS });
      } catch {
        // Another search took the worker (a hint): start again once it is done.
        if (current()) setTimeout(() => current() && this.#search(position, view), 500);
        return;
      }
      if (!current()) return;
      if (answer.info.depth > 0) this.#show(answer.info, view.side, position);
      if (answer.done) {
        this.#job = null;
        return;
      }
    }
  }

  #show(info, side, position) {
    const ev = whiteEval(info.score, side);
    const bar = this.#bar;
    bar.querySelector(".eval-fill").style.height = `${Math.round(ev.share * 1000) / 10}%`;
    bar.querySelector(".eval-number").textContent = ev.mate !== null ? `#${Math.abs(ev.mate)}` : ev.text;
    bar.dataset.score = String(ev.score);
    bar.dataset.mate = ev.mate === null ? "" : String(ev.mate);
    bar.dataset.position = position;
    bar.setAttribute("aria-valuenow", String(Math.round(ev.share * 100)));
    bar.setAttribute("aria-valuetext", ev.text);
    this.#els.text.textContent = ev.text;
    this.#els.depth.textContent = info.depth ? TEXT.depth(info.depth) : "";
    this.#els.readout.dataset.depth = String(info.depth);
    this.#els.line.textContent = info.best?.length ? `${TEXT.best} ${info.best.join(" ")}` : "";
    this.#overlay.setBest(info.best?.[0] ?? null);
  }
}
