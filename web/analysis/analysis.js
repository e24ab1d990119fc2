// The analysis board: while it is on, the engine searches the shown position continuously in
// the worker (computer.js analyse(), a job run in slices; a hint of the same position reads
// its best) and the page shows an evaluation bar
// beside the board (filled with White's chance of winning, info.win_chance, and the
// favourite's chance as text, "White 62%"; a win the endgame solver proved reads "White wins
// in 3 turns", info.proven), the best rest of the turn, the depth reached, and the best action as
// an arrow on the board. A new position (a move, a click in the move list) restarts the
// search at once; leaving the mode stops it (the analysis board is the mode "analysis" of
// modes.js). The attack map (a switch) comes from the facade's attack_map, one call per position.
// A turn just finished on the board is judged as the review judges it (the job kind "review"
// of that one turn, beside the search): a mistake or a blunder shows its note and why, and
// what the why names as arrows on the board (explain.js explanationArrows) while it is shown.
//
//   const analysis = new Analysis(panel, game, engine, overlay, boardFrame, modes);
//   analysis.toggle(true);  analysis.setAttackMap(true);

import { positionAt, lastTurnActions } from "../game/game.js";
import { turnOf } from "../board/notation.js";
import { runReview } from "./review-job.js";
import { explanationArrows, explanationMsgs, note } from "./explain.js";
import { analyse } from "../game/computer.js";
import { isAbort } from "../engine/client.js";
import { proofFrom } from "../game/proof.js";
import { chanceMsg, whiteChance } from "../game/chance.js";
import { msg, show } from "../page/i18n.js";

/** Centi-units above this are a proven win (tzaar/ai/search.py MATE_BOUND). */
const MATE = 1_000_000;
const MATE_BOUND = MATE - 1000;

/** The text of an evaluation from White's side ({score, mate, chance}): a msg() "White 62%"
 * (chance: White's chance of winning; `key` "chance.title": "White's chance of winning, by
 * the engine: 62%") or "White wins in 3 actions" (mate: actions to the win, negative when
 * Black wins; 0: won). */
export function scoreText({ score, mate, chance }, key = "chance.text") {
  if (mate !== null && mate !== undefined) {
    const side = msg(score > 0 ? "side.white" : "side.black");
    const n = Math.abs(mate);
    return n ? msg("analysis.winsIn", { side, n }) : msg("result.wins", { side });
  }
  return chanceMsg(chance, key);
}

/** {score, mate, chance, text (a msg()), share} from White's side of an ai_step info of
 * `position` (score and win_chance are the side to move's). */
export function whiteEval(info, position) {
  const mover = /[ _]w\d$/.test(position) ? 1 : -1;
  const white = mover * info.score;
  if (Math.abs(white) > MATE_BOUND) {
    const n = MATE - Math.abs(white);
    const mate = white > 0 ? n : -n;
    return { score: white, mate, chance: white > 0 ? 1 : 0, text: scoreText({ score: white, mate }), share: white > 0 ? 1 : 0 };
  }
  const chance = whiteChance(position, info);
  return { score: white, mate: null, chance, text: scoreText({ score: white, mate: null, chance }), share: chance };
}

export class Analysis {
  #game;
  #engine;
  #overlay;
  #on = false;
  #attacks = false;
  #running = null; // the AbortController of the search running; a new one stops the old
  #judging = null; // the AbortController of the judgement of the turn just played
  #position = null;
  #attackPosition = null;
  #els = {};
  #bar;

  constructor(panel, game, engine, overlay, frame, modes) {
    this.#game = game;
    this.#engine = engine;
    this.#overlay = overlay;
    // The button and the switch are the tools' row's (analysis/panel.js), which runs them.
    const button = panel.querySelector("#analyse-button");
    const box = panel.querySelector("#attack-map");
    const readout = document.createElement("div");
    readout.id = "analysis";
    readout.className = "analysis";
    readout.hidden = true;
    readout.setAttribute("role", "status");
    readout.innerHTML = '<span class="eval-text"></span> <span class="eval-depth"></span><p class="eval-line"></p><p class="eval-why" hidden><strong></strong><span></span></p>';
    panel.append(readout);
    this.#els = { button, box, readout, text: readout.querySelector(".eval-text"), depth: readout.querySelector(".eval-depth"), line: readout.querySelector(".eval-line"), why: readout.querySelector(".eval-why") };
    // The bar beside the board.
    const bar = (this.#bar = document.createElement("div"));
    bar.className = "eval-bar";
    bar.hidden = true;
    bar.setAttribute("role", "meter");
    show(bar, msg("analysis.bar"), "aria-label");
    bar.innerHTML = '<span class="eval-fill"></span><span class="eval-number"></span>';
    frame.prepend(bar);
    game.subscribe((state) => this.#changed(state));
    modes.add("analysis", { open: () => this.toggle(true), close: () => this.toggle(false) });
  }

  toggle(on = !this.#on) {
    this.#on = on;
    this.#els.button.setAttribute("aria-pressed", String(on));
    this.#els.readout.hidden = !on;
    this.#bar.hidden = !on;
    document.documentElement.classList.toggle("analysing", on);
    this.#position = null;
    if (!on) {
      this.#stop();
      this.#judging?.abort();
      this.#overlay.setExplanation(null);
    }
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
    // Wait while a computer player thinks: its budget is time, so its search has the worker
    // to itself.
    if (state.thinking) {
      if (this.#position !== null) this.#stop();
      this.#position = null;
      show(this.#els.line, msg("analysis.waiting"));
      return;
    }
    if (position === this.#position) return;
    this.#position = position;
    this.#search(position, state.view);
    this.#judge(state, position);
  }

  /** Judge the turn that ended at the shown position (none in the middle of a turn). */
  async #judge(state, position) {
    this.#judging?.abort();
    this.#judging = null;
    const why = this.#els.why;
    why.hidden = true;
    delete why.dataset.judged;
    this.#overlay.setExplanation(null);
    const played = lastTurnActions(state);
    // a turn ends at the next turn's start, or when its first action wins
    if (!played.length || (turnOf(position).step === "second" && !state.view.winner)) return;
    const judging = (this.#judging = new AbortController());
    const start = positionAt(state, state.cursor - played.length);
    try {
      const answer = await runReview(this.#engine, start, played, { signal: judging.signal });
      const turn = answer.turns[0];
      show(why.querySelector("strong"), turn.mark ? note(turn) : "");
      show(why.querySelector("span"), explanationMsgs(turn, { better: false }));
      why.hidden = !turn.mark;
      why.dataset.judged = played.join(" ");
      if (turn.mark) this.#overlay.setExplanation(explanationArrows(turn));
    } catch (error) {
      if (!isAbort(error)) console.warn("The turn was not judged:", error);
    }
  }

  #stop() {
    this.#running?.abort();
    this.#running = null;
    this.#overlay.setBest(null);
    delete this.#bar.dataset.score;
    delete this.#bar.dataset.chance;
  }

  async #search(position, view) {
    this.#stop();
    show(this.#els.line, "");
    show(this.#els.depth, "");
    if (view.winner) {
      this.#show({ score: view.winner === view.side ? MATE : -MATE, depth: 0, best: [] }, position);
      show(this.#els.line, msg("analysis.over"));
      return;
    }
    const running = (this.#running = new AbortController());
    const onInfo = (info) => info.depth > 0 && this.#show(info, position);
    try {
      await analyse(this.#engine, position, { signal: running.signal, onInfo });
    } catch (error) {
      if (!isAbort(error)) console.warn("The analysis stopped:", error);
    }
  }

  #show(info, position) {
    const ev = whiteEval(info, position);
    // The endgame solver's proof counts turns (the search's mate counts actions).
    const proof = proofFrom(position, info);
    if (proof) {
      const turns = proof.winner === "white" ? proof.turns : -proof.turns;
      Object.assign(ev, { score: turns > 0 ? MATE - proof.turns : proof.turns - MATE, mate: turns, chance: turns > 0 ? 1 : 0, text: msg("proof.wins", { side: msg(`side.${proof.winner}`), n: proof.turns }), share: turns > 0 ? 1 : 0 });
    }
    const bar = this.#bar;
    bar.style.setProperty("--share", `${Math.round(ev.share * 1000) / 10}%`);
    // "#3": a forced win (no number once the game is over: the bar is full).
    show(bar.querySelector(".eval-number"), ev.mate === null ? ev.text : ev.mate ? `#${Math.abs(ev.mate)}` : "");
    bar.dataset.score = String(ev.score);
    bar.dataset.chance = String(ev.chance);
    bar.dataset.mate = ev.mate === null ? "" : String(ev.mate);
    bar.dataset.position = position;
    bar.dataset.proven = String(Boolean(proof));
    bar.setAttribute("aria-valuenow", String(Math.round(ev.share * 100)));
    show(bar, ev.text, "aria-valuetext");
    show(this.#els.text, ev.text);
    show(this.#els.text, ev.mate === null ? chanceMsg(ev.chance, "chance.title") : "", "title"); // what the figure is
    show(this.#els.depth, info.depth ? msg("analysis.depth", { n: info.depth }) : "");
    this.#els.readout.dataset.depth = String(info.depth);
    // The rest of the turn the search expects (info.line: best and the table's second
    // action), and the opponent's reply after it, as far as its table knows.
    const turn = info.line?.length >= (info.best?.length ?? 0) ? info.line : info.best;
    const reply = info.reply ?? [];
    show(
      this.#els.line,
      !turn?.length ? "" : reply.length ? msg("analysis.bestReply", { line: turn.join(" "), reply: reply.join(" ") }) : msg("analysis.best", { line: turn.join(" ") }),
    );
    this.#els.line.dataset.line = turn?.join(" ") ?? "";
    this.#els.line.dataset.reply = reply.join(" ");
    this.#overlay.setBest(info.best?.[0] ?? null);
  }
}
