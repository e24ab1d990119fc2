// Lessons: short steps on the real board, loaded on first use (app.js, the command "learn").
// The lessons are data in the study package (tzaar/study/lesson_data.py, asked once through the
// facade's `lessons`); each step opens its position for two people at this screen, and after
// each action the facade's `lesson_check` judges everything played since the step began:
// done, wrong (with a reason, then the step again) or go on (with a defence to play). Any
// play that reaches the goal counts. Finished lessons are kept in the browser
// (stored as "lessons.done", page/storage.js) and ticked in the list. Under the list: your
// mistakes as exercises (exercises.js) and your games against the computer (games.js), loaded with the list.

import { msg, show, loadLater } from "../page/i18n.js";
import { pieceMsg } from "../board/notation.js";
import { loadStyle } from "../page/style.js";
import { element } from "../panels/dom.js";
import { refusalOf } from "./refusal.js";

// One literal URL per file, so that build.py stamps it with the release (?HASH).
const STYLE_URL = new URL("./lessons.css", import.meta.url);

/** The lessons' panel, once its style sheet and the later texts are there (app.js); the
 * mode "lesson" of `modes` (modes.js); `tools`: the analysis tools (analysis/panel.js
 * mountTools), whose board overlay the exercises draw on. */
export async function makeLessons(side, game, engine, storage, modes, tools) {
  await Promise.all([loadStyle(STYLE_URL), loadLater()]);
  return new Lessons(side, game, engine, storage, modes, tools);
}

const DONE_KEY = "lessons.done";
const PAUSE_MS = 350; // before the page plays a defence
const AGAIN_MS = 1200; // a wrong step shows its board this long, then starts again

const HTML = `<div class="lessons-head"><h2 class="lessons-title"></h2>
<button type="button" class="lessons-close" data-lessons="close">×</button></div>
<p class="lessons-intro"></p><ol class="lesson-list"></ol>
<div class="lesson" hidden><h3 class="lesson-title"></h3><p class="lesson-step"></p>
<p class="lesson-goal"></p><p class="lesson-status" role="status"></p>
<div class="lesson-actions"><button type="button" data-lessons="hint"></button>
<button type="button" data-lessons="retry"></button>
<button type="button" class="primary" data-lessons="next" hidden></button>
<button type="button" data-lessons="list"></button></div></div><div class="lessons-games"></div>`;

const typeName = (type) => (type ? pieceMsg(type) : "");

/** The reason of a wrong step, or of a win that was not the step's goal (tzaar/study/lessons.py),
 * in the page's language: a msg(), or a list of them (the goal, what the action did instead). */
export function reasonOf(reason) {
  if (!reason) return msg("lessons.reason.noWin");
  const type = typeName(reason.type);
  if (reason.code === "lost") return msg(reason.why === "covered-own-type" ? "lessons.reason.covered" : "lessons.reason.lost", { type });
  if (reason.code === "won") return msg(reason.why === "no-capture" ? "lessons.reason.wonStarved" : "lessons.reason.wonType", { type });
  if (reason.goal && reason.did) {
    const { goal, did } = reason;
    const said = [msg(`lessons.goal.${goal.kind}`, { ...goal, type: typeName(goal.type) }), msg(`lessons.did.${did.kind}`, { ...did, type: typeName(did.type) })];
    return reason.code === "cannotNow" ? [...said, msg("lessons.reason.cannotNow")] : said;
  }
  return msg(`lessons.reason.${reason.code}`, { ...reason, type });
}

export class Lessons {
  #game;
  #engine;
  #storage;
  #root;
  #lessons = null; // [{id, steps}]
  #current = null; // {lesson, index, step, checked, defence: count of defence actions played, over}
  #busy = false;
  #again = 0;
  #games = null; // games.js YourGames, once shown
  #modes;
  #tools;
  #refused = null; // the game's last refused click already answered (state.refused)

  constructor(side, game, engine, storage, modes, tools) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    this.#modes = modes;
    this.#tools = tools;
    const root = (this.#root = element("section", "panel lessons", { id: "lessons", hidden: "" }));
    root.innerHTML = HTML;
    side.prepend(root);
    const $ = (s) => root.querySelector(s);
    show(root, msg("lessons.title"), "aria-label");
    show($(".lessons-title"), msg("lessons.title"));
    show($(".lessons-intro"), msg("lessons.intro"));
    show($(".lessons-close"), msg("lessons.close"), "aria-label");
    show($(".lessons-close"), msg("lessons.close"), "title");
    for (const name of ["hint", "retry", "next", "list"]) show($(`[data-lessons="${name}"]`), msg(`lessons.${name}`));
    root.addEventListener("click", (event) => {
      const entry = event.target.closest("button[data-lesson]");
      if (entry) return this.start(entry.dataset.lesson);
      const command = event.target.closest("button[data-lessons]")?.dataset.lessons;
      if (command === "close") modes.enter("game");
      else if (command === "list") this.#showList();
      else if (command === "retry") this.#restart();
      else if (command === "next") this.#next();
      else if (command === "hint") this.#hint();
    });
    game.subscribe((state) => this.#changed(state));
    modes.add("lesson", { open: () => this.#showPanel(), close: () => this.#close() });
  }

  #done() {
    const v = this.#storage?.get(DONE_KEY);
    return new Set(Array.isArray(v) ? v : []);
  }

  /** Enter the lessons (the mode "lesson" of modes.js): the panel with their list. */
  open() {
    return this.#modes.enter("lesson");
  }

  async #showPanel() {
    this.#root.hidden = false;
    if (!this.#lessons) {
      try {
        this.#lessons = (await this.#engine.call("lessons", {})).lessons;
      } catch {
        this.#say(msg("lessons.loadFailed"), "failed");
        return;
      }
    }
    this.#showList();
    this.#root.scrollIntoView?.({ block: "nearest" });
  }

  /** Hide the panel (modes.js brings back the game that waited during the lessons). */
  #close() {
    this.#root.hidden = true;
    this.#leave();
  }

  #leave() {
    this.#current = null;
    clearTimeout(this.#again);
    delete this.#root.dataset.lesson;
    delete this.#root.dataset.step;
    delete this.#root.dataset.status;
    delete this.#root.dataset.checked;
  }

  #showList() {
    this.#leave();
    const done = this.#done();
    const list = this.#root.querySelector(".lesson-list");
    list.hidden = false;
    this.#root.querySelector(".lessons-intro").hidden = false;
    this.#root.querySelector(".lesson").hidden = true;
    list.replaceChildren(
      ...(this.#lessons ?? []).map(({ id }) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.lesson = id;
        button.dataset.done = String(done.has(id));
        const tick = document.createElement("span");
        tick.className = "lesson-tick";
        tick.setAttribute("aria-hidden", "true");
        tick.textContent = done.has(id) ? "✓" : "";
        const name = document.createElement("span");
        show(name, msg(`lessons.${id}.title`));
        button.append(tick, name);
        if (done.has(id)) show(button, msg("lessons.doneLabel", { title: msg(`lessons.${id}.title`) }), "aria-label");
        item.append(button);
        return item;
      }),
    );
    this.#showGames(true);
  }

  /** Your mistakes and your games under the list (exercises.js, games.js, loaded the first time). */
  async #showGames(visible) {
    const container = this.#root.querySelector(".lessons-games");
    if (!visible) {
      container.hidden = true;
      return;
    }
    const [{ YourGames }, { makeExercises }] = await Promise.all([import("./games.js"), import("./exercises.js")]);
    this.#games ??= new YourGames(container, this.#game, this.#engine, this.#storage);
    const exercises = await makeExercises(container, this.#game, this.#engine, this.#storage, this.#modes, this.#tools);
    container.hidden = Boolean(this.#current);
    exercises.render();
    this.#games.render();
  }

  /** Open lesson `id` at its step `index` (from 0). */
  async start(id, index = 0, reason = null) {
    const lesson = this.#lessons?.find((l) => l.id === id);
    const step = lesson?.steps[index];
    if (!step) return;
    clearTimeout(this.#again);
    this.#current = { lesson, index, step, checked: 0, defence: 0, over: false };
    const $ = (s) => this.#root.querySelector(s);
    this.#root.hidden = false;
    this.#root.dataset.lesson = id;
    this.#root.dataset.step = String(index);
    this.#root.dataset.checked = "0";
    $(".lesson-list").hidden = true;
    $(".lessons-intro").hidden = true;
    $(".lesson").hidden = false;
    this.#showGames(false);
    show($(".lesson-title"), msg(`lessons.${id}.title`));
    show($(".lesson-step"), msg("lessons.step", { step: index + 1, steps: lesson.steps.length }));
    show($(".lesson-goal"), msg(`lessons.${id}.${index}`));
    $('[data-lessons="next"]').hidden = true;
    this.#say(reason ?? "", reason ? "again" : "playing");
    await this.#game.openGame({ start: step.position, actions: [] }, "lesson");
    // On a phone the panel is under the board: bring the board's top back into view.
    document.getElementById("board")?.scrollIntoView({ block: "nearest" });
  }

  #restart() {
    const cur = this.#current;
    if (cur) this.start(cur.lesson.id, cur.index);
  }

  #next() {
    const cur = this.#current;
    if (!cur) return;
    if (cur.index + 1 < cur.lesson.steps.length) return this.start(cur.lesson.id, cur.index + 1);
    const at = this.#lessons.indexOf(cur.lesson);
    if (at + 1 < this.#lessons.length) return this.start(this.#lessons[at + 1].id);
    this.#showList();
  }

  /** Mark the author's next action on the board (from the step's start if play left its line). */
  async #hint() {
    const cur = this.#current;
    if (!cur || cur.over) return;
    const line = cur.step.solution;
    const mine = this.#game.state.actions.filter((_, i) => !cur.defenceAt?.has(i));
    if (mine.length >= line.length || !mine.every((a, i) => a === line[i])) {
      await this.start(cur.lesson.id, cur.index);
      return this.#game.showHinting(false, { position: cur.step.position, action: line[0], chance: null });
    }
    const s = this.#game.state;
    this.#game.showHinting(false, { position: s.positions[s.cursor - 1] ?? s.start, action: line[mine.length], chance: null });
  }

  /** The status line: a msg() (or text) and its kind (playing, done, wrong, finished). */
  #say(text, status) {
    show(this.#root.querySelector(".lesson-status"), text);
    this.#root.dataset.status = status;
  }

  async #changed(state) {
    const cur = this.#current;
    if (cur && !cur.over && state.refused && state.refused !== this.#refused) {
      this.#refused = state.refused;
      const why = refusalOf(state.view, state.refused.from, state.refused.point);
      if (why) this.#say(why, "refused");
    }
    if (!cur || this.#busy || cur.over || state.engine !== "ready" || state.busy) return;
    if (state.start !== cur.step.position) {
      this.#showList(); // another game: the lesson is left
      return;
    }
    if (state.cursor !== state.actions.length || state.actions.length <= cur.checked) return;
    this.#busy = true;
    if (this.#root.dataset.status === "refused") this.#say("", "playing"); // an action played: the refusal is past
    try {
      const actions = state.actions.slice();
      const answer = await this.#engine.call("lesson_check", { lesson: cur.lesson.id, step: cur.index, actions });
      if (this.#current !== cur) return;
      cur.checked = actions.length;
      if (answer.status === "done") {
        cur.over = true;
        const last = cur.index + 1 === cur.lesson.steps.length;
        if (last) {
          const done = this.#done();
          done.add(cur.lesson.id);
          this.#storage?.set(DONE_KEY, [...done]);
        }
        const praise = msg(last ? "lessons.finished" : "lessons.done");
        this.#say(answer.reason ? [reasonOf(answer.reason), praise] : praise, last ? "finished" : "done"); // reason: a win off the goal
        const next = this.#root.querySelector('[data-lessons="next"]');
        show(next, msg(last ? "lessons.nextLesson" : "lessons.next"));
        next.hidden = false;
        next.focus({ preventScroll: true });
        return;
      }
      if (answer.status === "wrong") {
        cur.over = true;
        const reason = reasonOf(answer.reason);
        this.#say(reason, "wrong");
        this.#again = setTimeout(() => this.#current === cur && this.start(cur.lesson.id, cur.index, reason), AGAIN_MS);
        return;
      }
      if (answer.defence.length) this.#say(msg("lessons.defence", { actions: answer.defence.join(" ") }), "playing");
      cur.defenceAt ??= new Set();
      for (const action of answer.defence) {
        const request = this.#game.requests;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        if (this.#current !== cur || this.#game.requests !== request) return; // the game moved on meanwhile
        cur.defenceAt.add(this.#game.state.actions.length);
        await this.#game.play(action);
        cur.checked += 1;
        cur.defence += 1;
      }
    } catch (error) {
      this.#say(error.message, "wrong");
    } finally {
      this.#busy = false;
      if (this.#current === cur) this.#root.dataset.checked = String(cur.checked); // judged so far (for tests)
    }
  }
}
