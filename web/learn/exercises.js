// Your mistakes as exercises (loaded with the lessons' list, learn/lessons.js): under Learn,
// "Your mistakes: 7 to practise", with Practise and the buttons that add the mistakes of the
// game on the board (a record opened in the page: one side's); and the exercise itself, the
// mode "exercise" (modes.js), a visit like a puzzle (game/state.js VISITS): its position on
// the board for two people at this screen, "Find a better turn than the one you played".
// The exercise owns the turn panel until it is left (game.setPrompt: its own prompt, no Hint;
// once the answer's turn is complete, no more play). Once your turn is complete the engine
// reviews it (the review job, at the background review's budget, learn/background.js) and
// exercise-list.js judges it: right within MARGIN points of the engine's turn (a proven
// position: its chances are the solver's proof, 1 or 0). A miss shows the engine's better turn
// and the explanation when the review gives one, and what it names as arrows on the board
// (analysis/explain.js explanationArrows, drawn by the analysis tools' overlay) until the
// exercise is tried again or left; a right answer, the engine's line (its turn and the reply
// it expects).
// Spaced repetition and the stored list: exercise-list.js; the reviews: background.js.

import { msg, show, loadLater } from "../page/i18n.js";
import { runCommand } from "../page/input.js";
import { fromMarkup } from "../panels/dom.js";
import { isRight, answered, updated, counts, nextDue, AGAIN_DAYS, listIn, store } from "./exercise-list.js";
import { onReviewed, reviewing, reviewLater, reviewPending } from "./background.js";
import { checkAnswer } from "../analysis/review-job.js";

const LIST_HTML = `<h3 class="exercises-title"></h3><p class="exercises-count" role="status"></p>
<div class="exercises-actions"><button type="button" class="primary" data-exercises="practise"></button></div>
<p class="exercises-add"><span></span> <button type="button" data-exercises="add" data-side="white"></button>
<button type="button" data-exercises="add" data-side="black"></button></p><p class="exercises-status" role="status"></p>`;
const LIST_TEXTS = {
  ".exercises-title": "exercises.title",
  '[data-exercises="practise"]': "exercises.practise",
  ".exercises-add span": "exercises.add",
  '[data-side="white"]': "side.white",
  '[data-side="black"]': "side.black",
};

const PANEL_HTML = `<div class="lessons-head"><h2 class="exercise-title"></h2>
<button type="button" class="lessons-close" data-exercise="close">×</button></div>
<p class="exercise-task"></p><p class="exercise-status" role="status"></p><p class="exercise-explain"></p>
<div class="lesson-actions"><button type="button" data-exercise="retry"></button>
<button type="button" class="primary" data-exercise="next"></button>
<button type="button" data-exercise="list"></button></div>`;
const PANEL_TEXTS = {
  ".exercise-title": "exercises.panelTitle",
  '[data-exercise="retry"]': "exercises.retry",
  '[data-exercise="next"]': "exercises.next",
  '[data-exercise="list"]': "exercises.list",
};

const side = (name) => msg(`side.${name}`);

/** A missed answer's explanation: the review's words (analysis/explain.js, when the review
 * gives an explanation), else the engine's better turn alone; and its arrows. */
async function explanationOf(turn) {
  if (!turn.explanation) return { text: msg("exercises.better", { best: turn.best.join(" ") }), arrows: [] };
  const { explanationMsgs, explanationArrows } = await import("../analysis/explain.js");
  return { text: explanationMsgs(turn), arrows: explanationArrows(turn) };
}
const actionsText = (actions) => actions.join(" ");

/** The engine's line after a right answer: its turn and the reply it expects (the review's
 * better_reply, tzaar/ai/review.py), or its turn alone when the game ends there. */
function lineOf(turn) {
  const reply = turn.better_reply ?? [];
  return reply.length
    ? msg("exercises.line", { best: actionsText(turn.best), reply: actionsText(reply) })
    : msg("exercises.lineAlone", { best: actionsText(turn.best) });
}

let made = null;
let madeNow = null; // resolves made
const ready = new Promise((resolve) => (madeNow = resolve));

/** The exercises' list under Learn, in `container` (once per page; later calls return it);
 * `tools`: the analysis tools (analysis/panel.js), whose overlay draws a missed answer's arrows. */
export async function makeExercises(container, game, engine, storage, modes, tools) {
  await loadLater();
  if (!made) {
    made = new Exercises(container, game, engine, storage, modes, tools);
    madeNow(made);
  }
  return made;
}

/** Open the next exercise due (after the reviews that run now), once the list is made; with
 * `game` (the id of a game, the one just lost), that game's exercises first, the worst first. */
export async function practise(game = null) {
  return (await ready).practise(game);
}

class Exercises {
  #game;
  #engine;
  #storage;
  #modes;
  #tools;
  #root; // the list under Learn
  #panel; // the exercise's panel, in the mode "exercise"
  #current = null; // {item, judged: counted already, over}
  #busy = false;
  #first = null; // the game whose exercises come first (practise(game)), until the list is left

  constructor(container, game, engine, storage, modes, tools) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    this.#modes = modes;
    this.#tools = tools;
    const root = (this.#root = fromMarkup("section", "exercises", { id: "your-mistakes" }, LIST_HTML, LIST_TEXTS));
    container.prepend(root);
    root.addEventListener("click", (event) => {
      const b = event.target.closest("button[data-exercises]");
      if (b?.dataset.exercises === "practise") this.practise(null);
      else if (b?.dataset.exercises === "add") this.addBoard(b.dataset.side);
    });
    const panel = (this.#panel = fromMarkup("section", "panel lessons exercise", { id: "exercise", hidden: "" }, PANEL_HTML, PANEL_TEXTS));
    container.closest(".side")?.prepend(panel);
    show(panel, msg("exercises.panelTitle"), "aria-label");
    show(panel.querySelector(".lessons-close"), msg("exercises.list"), "aria-label");
    panel.addEventListener("click", (event) => {
      const command = event.target.closest("button[data-exercise]")?.dataset.exercise;
      if (command === "retry" && this.#current) this.#open(this.#current.item, this.#current.judged);
      else if (command === "next") this.practise();
      else if (command === "close" || command === "list") runCommand("learn");
    });
    modes.add("exercise", { open: () => (panel.hidden = false), close: () => this.#leave() });
    game.subscribe((state) => this.#changed(state));
    onReviewed(() => this.render());
    this.render();
    reviewPending(engine, storage); // the reviews a closed page left waiting
  }

  /** The count under Learn: to practise (due now), solved; or that none are there yet. */
  render() {
    const list = listIn(this.#storage);
    const { left, due, solved } = counts(list, Date.now());
    const $ = (s) => this.#root.querySelector(s);
    Object.assign(this.#root.dataset, { left: String(left), due: String(due), solved: String(solved), reviewing: String(reviewing(this.#storage)) });
    const lines = [left + solved ? msg("exercises.count", { n: left, due, solved }) : msg("exercises.none")];
    if (reviewing(this.#storage)) lines.push(msg("exercises.reviewing"));
    show($(".exercises-count"), lines);
    $('[data-exercises="practise"]').disabled = !due;
  }

  /** Review the game on the board in the background and add the mistakes of `colour`. */
  async addBoard(colour) {
    const s = this.#game.state;
    const status = this.#root.querySelector(".exercises-status");
    if (!s.actions.length || s.engine !== "ready") return show(status, msg("exercises.addNothing"));
    const before = listIn(this.#storage).items.length;
    const id = `${s.start}~${s.actions.join(",")}`;
    show(status, msg("exercises.adding", { side: side(colour) }));
    this.render();
    await reviewLater(this.#engine, this.#storage, { id: `${id}|${colour}`, start: s.start, actions: s.actions, colour, date: new Date().toISOString().slice(0, 10) });
    show(status, msg("exercises.added", { n: listIn(this.#storage).items.length - before, side: side(colour) }));
    this.render();
  }

  /** Open the next exercise due (once the reviews under way are done), or say there is none;
   * `game`: the id of the game whose exercises come first (exercise-list.js nextDue), kept for
   * Next exercise until the list is left. */
  async practise(game = undefined) {
    if (game !== undefined) this.#first = game;
    await reviewPending(this.#engine, this.#storage);
    const list = listIn(this.#storage);
    const item = nextDue(list, Date.now(), this.#current?.item.id ?? null, this.#first) ?? nextDue(list, Date.now(), null, this.#first);
    if (!item) {
      this.render();
      return show(this.#root.querySelector(".exercises-status"), msg("exercises.noneDue"));
    }
    await this.#open(item, false);
  }

  async #open(item, judged) {
    const cur = (this.#current = { item, judged, over: false });
    this.#panel.dataset.exercise = item.id;
    this.#say(msg("exercises.task", { side: side(item.side), number: item.number, played: actionsText(item.played) }), "", ".exercise-task");
    this.#say("", "");
    this.#explain(null);
    this.#after(false);
    if (this.#modes.current !== "exercise") await this.#modes.enter("exercise");
    await this.#game.openGame({ start: item.position, actions: [] }, "exercise");
    if (this.#current === cur) this.#own({ side: item.side, title: msg("exercises.prompt", { side: side(item.side) }), detail: null, play: true });
    document.getElementById("board")?.scrollIntoView({ block: "nearest" });
  }

  /** The turn panel's prompt, while the exercise's position is on the board (game.setPrompt). */
  #own(prompt) {
    if (this.#game.state.start === this.#current?.item.position) this.#game.setPrompt(prompt);
  }

  /** The turn panel once the answer's turn is complete: the answer and what now (the text
   * `key`), no more play. */
  #answered(actions, key) {
    const item = this.#current?.item;
    if (item) this.#own({ side: item.side, title: msg("exercises.answered"), detail: msg(key, { actions: actionsText(actions) }), play: false });
  }

  #leave() {
    this.#explain(null);
    if (this.#game.state.prompt) this.#game.setPrompt(null);
    this.#first = null;
    this.#panel.hidden = true;
    this.#current = null;
    delete this.#panel.dataset.exercise;
    delete this.#panel.dataset.status;
  }

  /** The buttons once an answer is played (`answered`): Try again shown, Next exercise the
   * one to press; before it, Next exercise alone, to skip. */
  #after(answered) {
    this.#panel.querySelector('[data-exercise="retry"]').hidden = !answered;
    this.#panel.querySelector('[data-exercise="next"]').classList.toggle("primary", answered);
  }

  #say(text, status, selector = ".exercise-status") {
    show(this.#panel.querySelector(selector), text);
    if (selector === ".exercise-status") this.#panel.dataset.status = status;
  }

  /** The explanation under the exercise (null: none) and its arrows on the board. */
  #explain(text, arrows = []) {
    show(this.#panel.querySelector(".exercise-explain"), text ?? "");
    const cur = this.#current;
    if (arrows.length) this.#tools?.use((tools) => cur && this.#current === cur && tools.overlay.setExplanation(arrows)).catch(() => null);
    else this.#tools?.loaded?.overlay.setExplanation(null);
  }

  async #changed(state) {
    const cur = this.#current;
    if (!cur || cur.over || this.#busy || state.engine !== "ready" || state.busy) return;
    if (state.start !== cur.item.position) return; // another game on the board: the mode is left by modes.js
    const view = state.view;
    if (state.cursor !== state.actions.length || !state.actions.length || !view) return;
    if (!view.winner && view.side === cur.item.side) return; // the turn goes on
    this.#busy = true;
    cur.over = true;
    this.#answered(state.actions, "exercises.answeredChecking");
    this.#say(msg("exercises.checking"), "checking");
    this.#after(true);
    try {
      const answer = await checkAnswer(this.#engine, cur.item.position, state.actions, cur.item.best);
      if (this.#current !== cur) return;
      this.#judge(cur, answer.turns[0]);
    } catch (error) {
      this.#say(msg("exercises.failed", { detail: error.message }), "failed");
      this.#answered(state.actions, "exercises.answeredNext");
    } finally {
      this.#busy = false;
    }
  }

  /** The answer's turn of its review judged, said, and (its first answer) counted. */
  #judge(cur, turn) {
    const right = isRight(turn);
    const now = Date.now();
    let item = cur.item;
    if (!cur.judged) {
      item = answered(item, right, now);
      store(this.#storage, updated(listIn(this.#storage), item.id, () => item));
      cur.judged = true;
    }
    const lines = [];
    if (right) {
      lines.push(msg(turn.actions.join(" ") === turn.best.join(" ") ? "exercises.rightBest" : "exercises.right", { best: actionsText(turn.best) }));
    } else {
      lines.push(msg("exercises.wrong", { actions: actionsText(turn.actions), n: Math.round(turn.loss ?? 0) }));
    }
    if (item !== cur.item) lines.push(msg(!right ? "exercises.again" : item.learned !== null ? "exercises.learned" : "exercises.solvedOnce", { n: AGAIN_DAYS }));
    else lines.push(msg("exercises.notCounted"));
    this.#say(lines, right ? "right" : "wrong");
    this.#answered(turn.actions, "exercises.answeredNext");
    this.#explain(right ? lineOf(turn) : null);
    if (!right) explanationOf(turn).then(({ text, arrows }) => this.#current === cur && this.#explain(text, arrows), () => null);
    this.#panel.dataset.loss = String(turn.loss ?? "");
    this.render();
  }
}
