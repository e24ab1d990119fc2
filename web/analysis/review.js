// Game review: "Review" runs the engine over every turn of the game in the move list
// (engine.run of the job kind "review", in slices, with a progress bar), then draws the graph of White's
// chance of winning (click a point to go to that position) and marks the mistakes and
// blunders in the move list (a turn that gives away 15 or 30 points of the mover's chance: tzaar/ai/review.py),
// each with the engine's better turn and why (explain.js: what the turn allowed, what the
// better one achieved, tzaar/study/explain.py), and ends with the worst of them first. Any
// change to the game stops a review. What a marked turn's explanation names is drawn on the
// board as arrows (explain.js explanationArrows, analysis/overlay.js) while the board shows the
// position after that turn: its note's "Show on the board" goes there. The review is the
// mode "review" (modes.js): its button is lit while it shows, entering another mode closes it.
// A game the page reviewed lately, in the background (learn/background.js) or here, shows at
// once (the one budget and the answers kept: review-job.js). "See why you lost"
// (learn/after-game.js) opens it with the turn that turned the game in view (showTurned).

import { msg, show } from "../page/i18n.js";
import { scoreText } from "./analysis.js";
import { isAbort } from "../engine/client.js";
import { element } from "../panels/dom.js";
import { explanationArrows, explanationMsgs, note, summaryMsgs } from "./explain.js";
import { runReview, reviewed } from "./review-job.js";

const NS = "http://www.w3.org/2000/svg";
const W = 300;
const H = 90;

export class Review {
  #game;
  #engine;
  #modes;
  #overlay;
  #button;
  #root;
  #els;
  #running = null; // the AbortController of the review running
  #key = null; // the game the shown review is of
  #marks = new Map(); // turn number -> {mark, title}
  #result = null;
  #cursors = [];
  #arrows = new Map(); // cursor after a marked turn -> its explanation's arrows

  constructor(panel, game, engine, modes, overlay) {
    this.#game = game;
    this.#engine = engine;
    this.#modes = modes;
    this.#overlay = overlay;
    this.#button = panel.querySelector("#review-button"); // the tools' row's (analysis/panel.js)
    const root = (this.#root = element("div", "review", { id: "review", hidden: "" }));
    root.innerHTML =
      '<progress max="1" value="0"></progress><p class="review-status" role="status"></p>' +
      `<svg class="review-graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img"></svg>` +
      '<ol class="review-notes"></ol><div class="review-summary" hidden><p></p><ol></ol></div>';
    panel.append(root);
    this.#els = {
      progress: root.querySelector("progress"),
      status: root.querySelector(".review-status"),
      graph: root.querySelector(".review-graph"),
      notes: root.querySelector(".review-notes"),
      summary: root.querySelector(".review-summary"),
    };
    show(this.#els.summary.querySelector("p"), msg("review.worst"));
    show(this.#els.graph, msg("review.graph"), "aria-label");
    this.#els.graph.addEventListener("click", (event) => {
      const dot = event.target.closest("circle[data-cursor]");
      if (dot) game.goto(Number(dot.dataset.cursor));
    });
    this.#els.notes.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-cursor]");
      if (!button) return;
      game.goto(Number(button.dataset.cursor));
      document.getElementById("board")?.scrollIntoView({ block: "nearest" }); // (a phone's board is above)
    });
    modes.add("review", { open: () => this.start(), close: () => this.close() });
  }

  #gameKey(state) {
    return `${state.start}|${state.actions.join(",")}`;
  }

  async start() {
    const state = this.#game.state;
    if (state.engine !== "ready") return;
    this.#stop();
    this.#clear();
    const root = this.#root;
    root.hidden = false;
    this.#button.setAttribute("aria-pressed", "true");
    const key = (this.#key = this.#gameKey(state));
    if (!state.actions.length) {
      show(this.#els.status, msg("review.nothing"));
      return;
    }
    root.dataset.state = "running";
    this.#els.progress.hidden = false;
    const running = (this.#running = new AbortController());
    const onStep = (answer) => {
      this.#els.progress.value = answer.evaluated / answer.total;
      show(this.#els.status, msg("review.progress", { done: answer.evaluated, n: answer.total }));
    };
    try {
      const answer = reviewed(state.start, state.actions) ?? (await runReview(this.#engine, state.start, state.actions, { signal: running.signal, onStep }));
      this.#running = null;
      this.#show(answer, state, key);
    } catch (error) {
      if (isAbort(error)) return;
      this.#running = null;
      root.dataset.state = "error";
      show(this.#els.status, msg("review.failed", { detail: error.message }));
    }
  }

  #stop() {
    this.#running?.abort();
    this.#running = null;
  }

  /** Stop and hide the review; the move list loses its marks. */
  close() {
    this.#key = null;
    this.#stop();
    this.#clear();
    this.#root.hidden = true;
    this.#button.setAttribute("aria-pressed", "false");
  }

  #clear() {
    this.#marks.clear();
    this.#arrows.clear();
    this.#overlay.setExplanation(null);
    this.#result = null;
    this.#els.graph.replaceChildren();
    this.#els.notes.replaceChildren();
    this.#els.summary.hidden = true;
    this.#els.summary.querySelector("ol").replaceChildren();
    show(this.#els.status, "");
    this.#els.progress.value = 0;
    delete this.#root.dataset.state;
    delete this.#root.dataset.turned;
    for (const li of document.querySelectorAll("#moves li.mistake, #moves li.blunder")) {
      li.classList.remove("mistake", "blunder");
      show(li, "", "title");
      li.removeAttribute("title");
    }
  }

  #show(answer, state, key) {
    this.#result = answer;
    this.#root.dataset.state = "done";
    this.#els.progress.hidden = true;
    // cursor of each evaluated position: 0, then after each turn
    const cursors = [0];
    for (const t of answer.turns) cursors.push(cursors.at(-1) + t.actions.length);
    this.#cursors = cursors;
    const marked = answer.turns.filter((t) => t.mark);
    show(this.#els.status, marked.length ? "" : msg("review.none"));
    for (const t of marked) {
      this.#marks.set(t.number, { mark: t.mark, title: note(t) });
      const after = cursors[answer.turns.indexOf(t) + 1];
      this.#arrows.set(after, explanationArrows(t));
      const li = document.createElement("li");
      li.className = t.mark;
      li.dataset.turn = String(t.number);
      const head = element("span", "review-note");
      show(head, note(t));
      const why = element("p", "review-why");
      show(why, explanationMsgs(t, { better: false }));
      const where = element("button", "review-show", { type: "button", "data-cursor": String(after) });
      show(where, msg("review.show"));
      li.append(head, why, where);
      this.#els.notes.append(li);
    }
    const worst = answer.summary ?? [];
    this.#els.summary.hidden = worst.length === 0;
    for (const item of summaryMsgs(worst)) {
      const li = document.createElement("li");
      show(li, item);
      this.#els.summary.querySelector("ol").append(li);
    }
    this.#drawGraph(answer, cursors, state.cursor);
    this.render(state);
  }

  /**
   * The turn numbered `number`, the one that turned the game (learn/after-game.js, "See why you
   * lost"): its note, or one made for it when it is not marked, says so with the chances before
   * and after it; scrolled into view and focused, so that a screen reader reads it.
   */
  showTurned(number) {
    const turn = this.#result?.turns.find((t) => t.number === number);
    if (!turn) return;
    this.#root.dataset.turned = String(number);
    const notes = this.#els.notes;
    let li = notes.querySelector(`li[data-turn="${number}"]`);
    if (!li) {
      li = document.createElement("li");
      li.dataset.turn = String(number);
      const head = element("span", "review-note");
      show(head, msg("review.turn", { number, side: msg(`side.${turn.side}`), actions: turn.actions.join(" ") }));
      li.append(head);
      notes.insertBefore(li, [...notes.children].find((other) => Number(other.dataset.turn) > number) ?? null);
    }
    if (!li.querySelector(".review-turned")) {
      const line = element("p", "review-turned");
      const chance = (ev) => (ev ? scoreText(ev) : "");
      show(line, msg("review.turned", { before: chance(turn.before), after: chance(turn.after) }));
      li.querySelector(".review-note").after(line);
    }
    li.classList.add("turned");
    li.tabIndex = -1;
    li.scrollIntoView({ block: "center" });
    li.focus({ preventScroll: true });
  }

  #drawGraph(answer, cursors, current) {
    const svg = this.#els.graph;
    svg.replaceChildren();
    const n = answer.evals.length;
    const x = (i) => (n > 1 ? (i / (n - 1)) * (W - 12) + 6 : W / 2);
    // White's chance of winning: 100% at the top, 50% on the axis (a placement: no chance)
    const y = (ev) => H / 2 - ((ev ? ev.chance : 0.5) - 0.5) * 2 * (H / 2 - 6);
    const axis = document.createElementNS(NS, "line");
    axis.setAttribute("x1", 0);
    axis.setAttribute("x2", W);
    axis.setAttribute("y1", H / 2);
    axis.setAttribute("y2", H / 2);
    axis.classList.add("axis");
    const pts = answer.evals.map((ev, i) => `${x(i).toFixed(1)},${y(ev).toFixed(1)}`);
    const area = document.createElementNS(NS, "polygon");
    const ends = [y(answer.evals[0]), y(answer.evals[n - 1])].map((v) => v.toFixed(1));
    area.setAttribute("points", `0,${H} 0,${ends[0]} ${pts.join(" ")} ${W},${ends[1]} ${W},${H}`);
    area.classList.add("area");
    const curve = document.createElementNS(NS, "polyline");
    curve.setAttribute("points", pts.join(" "));
    curve.classList.add("curve");
    svg.append(area, axis, curve);
    answer.evals.forEach((ev, i) => {
      const dot = document.createElementNS(NS, "circle");
      dot.setAttribute("cx", x(i).toFixed(1));
      dot.setAttribute("cy", y(ev).toFixed(1));
      dot.setAttribute("r", 3.5);
      dot.dataset.cursor = String(cursors[i]);
      const turn = answer.turns[i - 1];
      if (turn?.mark) dot.classList.add(turn.mark);
      dot.classList.toggle("current", cursors[i] === current);
      const title = document.createElementNS(NS, "title");
      const where = turn ? `${turn.number}. ${turn.actions.join(" ")}` : msg("review.start");
      show(title, msg("review.dot", { where, value: ev ? scoreText(ev, "chance.title") : "" })); // the chance in words
      dot.append(title);
      svg.append(dot);
    });
  }

  /** On every render: a changed game drops the review; the move list keeps its marks; the
   * board shows the arrows of the marked turn it is just after. */
  render(state) {
    if (this.#key !== null && this.#gameKey(state) !== this.#key) {
      // A review is of one game; a new move or another game drops it.
      this.close();
      this.#modes.left("review");
      return;
    }
    if (!this.#result) return;
    for (const [number, { mark, title }] of this.#marks) {
      const li = document.querySelector(`#moves li[data-turn="${number}"]`);
      if (li && !li.classList.contains(mark)) {
        li.classList.add(mark);
        show(li, title, "title");
      }
    }
    for (const dot of this.#els.graph.querySelectorAll("circle[data-cursor]")) {
      dot.classList.toggle("current", Number(dot.dataset.cursor) === state.cursor);
    }
    this.#overlay.setExplanation(this.#arrows.get(state.cursor) ?? null);
  }
}
