// Puzzles: "White (or Black) to play and win in 2 turns", from puzzles.json (built by
// python -m lab.puzzlegen and lab.puzzleset; every answer proven by an exhaustive search,
// each puzzle with its themes and rating). Next puzzle chooses one near the player's rating
// (puzzle-rating.js: the rating, the streak, the choice), in the theme chosen; the list of
// all puzzles opens any. A puzzle opens its position for two people at this screen; after
// each action the facade's puzzle_check judges the actions played since the puzzle's start,
// and the page plays the defence it gives. Stored in the browser (page/storage.js): the solved ids
// ("puzzles.solved") and the progress ("puzzles.progress": rating, scoring, theme, streak;
// unreadable, it starts afresh, says so and keeps the text as "puzzles.progress.unreadable").
// A puzzle missed says why, not what would have won: Try again (the same puzzle, not rated: a
// puzzle's rating changes once) is a real try; Show the solution plays its whole winning line, the
// defence too, on the board and says in words why it wins (puzzle-words.js).

import { msg, show } from "../page/i18n.js";
import {
  THEMES,
  SCORINGS,
  readProgress,
  readSolved,
  record,
  choose,
  ofTheme,
  signed,
} from "./puzzle-rating.js";
import { element } from "../panels/dom.js";
import { solutionMsgs } from "./puzzle-words.js";

// The names of the stored values (page/storage.js): the progress, and the ids of the puzzles
// solved, a list (the name older pages wrote too).
const PROGRESS_KEY = "puzzles.progress";
const SOLVED_KEY = "puzzles.solved";

const side = (name) => msg(name === "White" ? "side.white" : "side.black");
/** The engine's reasons for a failed puzzle (tzaar/study/puzzles.py check_answer), in the page's
 * language; another reason is shown as the engine wrote it. */
const REASONS = [
  [/^(White|Black) has lost\.$/, (m) => msg("puzzles.lost", { side: side(m[1]) })],
  [/^After that no second action wins within (\d+) turns\.$/, (m) => msg("puzzles.noSecond", { n: Number(m[1]) })],
  [/^(White|Black) can no longer win in time\.$/, (m) => msg("puzzles.tooLate", { side: side(m[1]) })],
  [/^That turn does not win; the puzzle asked for a win in (\d+) turns\.$/, (m) => msg("puzzles.notWin", { n: Number(m[1]) })],
  [/^That turn does not force the win: (White|Black) defends\.$/, (m) => msg("puzzles.defends", { side: side(m[1]) })],
];

function reasonOf(text) {
  for (const [pattern, make] of REASONS) {
    const match = pattern.exec(text ?? "");
    if (match) return make(match);
  }
  return text ?? "";
}

const PAUSE_MS = 350;
const SOLUTION_MS = 700; // between two actions of the solution shown

const HTML = `<div class="puzzle-head"><span class="puzzle-rating"></span><span class="puzzle-streak"></span></div>
<div class="puzzle-controls"><label><span></span> <select name="puzzle-scoring"></select></label>
<label><span></span> <select name="puzzle-theme"></select></label>
<button type="button" class="puzzle-next primary"></button></div>
<p class="puzzle-status" role="status"></p><p class="puzzle-why"></p><p class="puzzle-note" role="status"></p>
<div class="puzzle-after" hidden><button type="button" data-puzzle="retry"></button><button type="button" data-puzzle="solution"></button></div><p class="puzzle-info"></p>
<details class="puzzle-all"><summary></summary><div class="puzzle-list" role="group"></div></details>`;

const themeText = (theme) => msg(`puzzles.theme.${theme}`);

export class Puzzles {
  #game;
  #engine;
  #storage;
  #root;
  #button;
  #list;
  #status;
  #puzzles = null;
  #current = null; // {index, puzzle, checked: number of actions judged, over, hinted, again: tried again (not rated)}
  #busy = false;
  #progress;
  #last = null; // the last result: {change, rated, streakEnded}

  constructor(panel, game, engine, storage, modes) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    this.#button = panel.querySelector("#puzzles-button"); // the tools' row's (analysis/panel.js)
    const root = (this.#root = element("div", "puzzles", { id: "puzzles", hidden: "" }));
    root.innerHTML = HTML;
    panel.append(root);
    const $ = (s) => root.querySelector(s);
    this.#list = $(".puzzle-list");
    this.#status = $(".puzzle-status");
    show(this.#list, msg("puzzles.button"), "aria-label");
    const [scoringLabel, themeLabel] = root.querySelectorAll(".puzzle-controls label > span");
    show(scoringLabel, msg("puzzles.scoring"));
    show(themeLabel, msg("puzzles.theme"));
    const scoring = $('select[name="puzzle-scoring"]');
    for (const m of SCORINGS) scoring.append(this.#option(m, msg(`puzzles.scoring.${m}`)));
    const theme = $('select[name="puzzle-theme"]');
    theme.append(this.#option("", msg("puzzles.theme.all")));
    for (const t of THEMES) theme.append(this.#option(t, themeText(t)));
    show($(".puzzle-next"), msg("puzzles.next"));
    this.#progress = this.#readProgress();
    scoring.value = this.#progress.scoring;
    theme.value = this.#progress.theme;
    scoring.addEventListener("change", () => this.#setProgress({ scoring: scoring.value, streak: 0 }));
    theme.addEventListener("change", () => this.#setProgress({ theme: theme.value }));
    $(".puzzle-next").addEventListener("click", () => this.next());
    show($('[data-puzzle="retry"]'), msg("puzzles.retry"));
    show($('[data-puzzle="solution"]'), msg("puzzles.showSolution"));
    $(".puzzle-after").addEventListener("click", (event) => {
      const command = event.target.closest("button[data-puzzle]")?.dataset.puzzle;
      if (command === "retry" && this.#current) this.open(this.#current.index, { again: true });
      else if (command === "solution") this.#showSolution();
    });
    this.#list.addEventListener("click", (event) => {
      const b = event.target.closest("button[data-index]");
      if (b) this.open(Number(b.dataset.index));
    });
    this.#drawHead();
    game.subscribe((state) => this.#changed(state));
    modes.add("puzzle", { open: () => this.toggle(true), close: () => this.toggle(false) });
  }

  #option(value, text) {
    const option = new Option("", value);
    show(option, text);
    return option;
  }

  /** The stored progress; unreadable, a fresh one, the text kept aside and the player told. */
  #readProgress() {
    const text = this.#storage?.getText(PROGRESS_KEY) ?? null;
    const { progress, problem } = readProgress(text);
    if (problem) {
      this.#storage?.setText("puzzles.progress.unreadable", text);
      this.#storage?.set(PROGRESS_KEY, progress);
      this.#say(msg("puzzles.reset", { rating: progress.rating }), "reset");
    }
    return progress;
  }

  #setProgress(change) {
    this.#progress = { ...this.#progress, ...change };
    this.#storage?.set(PROGRESS_KEY, this.#progress);
    this.#last = null;
    this.#drawHead();
    if (this.#puzzles) this.#drawList();
  }

  #solved() {
    return readSolved(this.#storage?.get(SOLVED_KEY));
  }

  /** Show or hide the puzzles (the mode "puzzle": modes.js brings back the game that waited). */
  async toggle(show) {
    this.#root.hidden = !show;
    this.#button.setAttribute("aria-pressed", String(show));
    if (!show || this.#puzzles) return;
    try {
      const response = await fetch(new URL("./puzzles.json", import.meta.url));
      this.#puzzles = (await response.json()).puzzles;
    } catch {
      this.#say(msg("puzzles.loadFailed"));
      return;
    }
    if (!this.#status.textContent) this.#say(msg("puzzles.pick"));
    this.#drawList();
  }

  /** The player's rating (and the last change), the streak with streak scoring. */
  #drawHead() {
    const p = this.#progress;
    const $ = (s) => this.#root.querySelector(s);
    const last = this.#last;
    const rating = last?.rated ? msg("puzzles.ratingChange", { rating: p.rating, change: signed(last.change) }) : msg("puzzles.rating", { rating: p.rating });
    show($(".puzzle-rating"), rating);
    const streak = $(".puzzle-streak");
    streak.hidden = p.scoring !== "streak";
    show(streak, msg("puzzles.streak", { n: p.streak, best: p.best }));
    Object.assign(this.#root.dataset, { rating: String(p.rating), scoring: p.scoring, theme: p.theme, streak: String(p.streak), best: String(p.best) });
  }

  #drawList() {
    const solved = new Set(this.#solved());
    const shown = new Set(ofTheme(this.#puzzles, this.#progress.theme));
    const summary = this.#root.querySelector(".puzzle-all summary");
    show(summary, msg("puzzles.all", { solved: [...shown].filter((p) => solved.has(p.id)).length, total: shown.size }));
    this.#list.replaceChildren(
      ...this.#puzzles.flatMap((p, i) => {
        if (!shown.has(p)) return [];
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.index = String(i);
        b.dataset.id = p.id;
        b.dataset.rating = String(p.rating);
        b.dataset.themes = p.themes.join(" ");
        b.textContent = String(i + 1);
        b.dataset.solved = String(solved.has(p.id));
        show(b, msg(solved.has(p.id) ? "puzzles.solvedLabel" : "puzzles.label", { number: i + 1 }), "aria-label");
        b.setAttribute("aria-current", String(this.#current?.index === i));
        return [b];
      }),
    );
  }

  /** The status line: a msg() or a list of them. */
  #say(text, status = "") {
    show(this.#status, text);
    this.#status.dataset.status = status;
    this.#root.dataset.status = status;
  }

  /** What the page says of a puzzle once it is over: its number, rating and themes. */
  #info(puzzle, index) {
    const info = this.#root.querySelector(".puzzle-info");
    if (!puzzle) return info.replaceChildren();
    const text = document.createElement("span");
    show(text, msg("puzzles.info", { number: index + 1, rating: puzzle.rating }));
    const tags = puzzle.themes.map((theme) => {
      const tag = document.createElement("span");
      tag.className = "puzzle-tag";
      tag.dataset.theme = theme;
      show(tag, themeText(theme));
      return tag;
    });
    info.replaceChildren(text, ...tags);
  }

  /** Open the puzzle chosen for the player (puzzle-rating.js choose). */
  async next() {
    if (!this.#puzzles) await this.toggle(true);
    if (!this.#puzzles) return;
    const puzzle = choose(this.#puzzles, this.#progress, new Set(this.#solved()), { exclude: this.#current?.puzzle.id ?? null });
    if (!puzzle) return;
    await this.open(this.#puzzles.indexOf(puzzle));
  }

  /** Open puzzle `index`; `again`: the one just missed, tried again (not rated). */
  async open(index, { again = false } = {}) {
    const puzzle = this.#puzzles?.[index];
    if (!puzzle) return;
    this.#current = { index, puzzle, checked: 0, over: false, hinted: false, again };
    this.#root.querySelector(".puzzle-after").hidden = true;
    delete this.#root.dataset.shown;
    this.#root.dataset.puzzle = puzzle.id;
    this.#root.dataset.puzzleRating = String(puzzle.rating);
    this.#last = null;
    this.#drawHead();
    this.#drawList();
    this.#info(null);
    show(this.#root.querySelector(".puzzle-note"), "");
    show(this.#root.querySelector(".puzzle-why"), "");
    this.#say(msg("puzzles.task", { side: msg(puzzle.side === "white" ? "side.white" : "side.black") }), "");
    await this.#game.openGame({ start: puzzle.position, actions: [] }, "puzzle");
    // On a phone the panel is under the board: bring the board's top back into view.
    document.getElementById("board")?.scrollIntoView({ block: "nearest" });
  }

  /** A puzzle over: the rating, the streak and the solved ids stored (not for a puzzle tried
   * again: its first try counted); the result shown, and after a miss what to do next. */
  #finish(solved, lines) {
    const cur = this.#current;
    cur.over = true;
    if (cur.again) {
      this.#say(lines, solved ? "solved" : "failed");
      show(this.#root.querySelector(".puzzle-note"), msg("puzzles.againUnrated"));
      this.#root.querySelector(".puzzle-after").hidden = solved;
      return;
    }
    const solvedIds = new Set(this.#solved());
    const result = record(this.#progress, cur.puzzle, solved, solvedIds, cur.hinted);
    this.#progress = result.progress;
    this.#storage?.set(PROGRESS_KEY, this.#progress);
    if (solved) {
      solvedIds.add(cur.puzzle.id);
      this.#storage?.set(SOLVED_KEY, [...solvedIds]);
    }
    this.#last = result;
    const notes = [];
    if (!result.rated) notes.push(msg(cur.hinted ? "puzzles.unratedHint" : "puzzles.unrated"));
    if (result.streakEnded !== null) notes.push(msg("puzzles.streakOver", { n: result.streakEnded, best: this.#progress.best }));
    this.#say(lines, solved ? "solved" : "failed");
    show(this.#root.querySelector(".puzzle-note"), notes);
    this.#root.dataset.change = String(result.change);
    this.#info(cur.puzzle, cur.index);
    this.#drawHead();
    this.#drawList();
    this.#root.querySelector(".puzzle-after").hidden = solved;
    this.#root.querySelector(solved ? ".puzzle-next" : '[data-puzzle="retry"]').focus({ preventScroll: true });
  }

  /** The missed puzzle's whole winning line (puzzles.json "solution": the winner's actions and
   * the defence), played on the board from the puzzle's start, an action at a time. */
  async #showSolution() {
    const cur = this.#current;
    if (!cur?.over) return;
    const line = cur.puzzle.solution;
    this.#root.querySelector(".puzzle-after").hidden = true;
    this.#say(msg("puzzles.solution", { actions: line.join(" ") }), "solution");
    this.#explainSolution(cur);
    await this.#game.openGame({ start: cur.puzzle.position, actions: [] }, "puzzle");
    for (const action of line) {
      const request = this.#game.requests;
      await new Promise((resolve) => setTimeout(resolve, SOLUTION_MS));
      if (this.#current !== cur || this.#game.requests !== request) return; // left meanwhile
      await this.#game.play(action);
    }
    this.#root.dataset.shown = "true"; // the whole line is on the board (for tests)
    this.#root.querySelector(".puzzle-after").hidden = false;
  }

  /** Why the solution of the puzzle `cur` wins, in words, under the status (puzzle-words.js). */
  async #explainSolution(cur) {
    const { position, solution } = cur.puzzle;
    try {
      const [game, view] = await Promise.all([
        this.#engine.call("game", { start: position, actions: solution }),
        this.#engine.call("view", { position }),
      ]);
      if (this.#current === cur) show(this.#root.querySelector(".puzzle-why"), solutionMsgs(cur.puzzle, game.turns, view.points, game.view.reason));
    } catch {
      // (the solution is on the board all the same)
    }
  }

  async #changed(state) {
    const cur = this.#current;
    // The Hint asked for during the puzzle: it will not be rated (puzzle-rating.js record).
    if (cur && !cur.over && state.hinting && state.start === cur.puzzle.position) cur.hinted = true;
    if (!cur || this.#busy || cur.over || state.engine !== "ready" || state.busy) return;
    if (state.start !== cur.puzzle.position) {
      this.#current = null; // another game: the puzzle is left
      this.#drawList();
      return;
    }
    if (state.cursor !== state.actions.length || state.actions.length <= cur.checked) return;
    this.#busy = true;
    try {
      const actions = state.actions.slice();
      const answer = await this.#engine.call("puzzle_check", { position: cur.puzzle.position, actions });
      cur.checked = actions.length;
      if (answer.status === "solved") {
        this.#finish(true, [msg("puzzles.solved")]);
        return;
      }
      if (answer.status === "failed") {
        this.#finish(false, [msg("puzzles.failed", { reason: reasonOf(answer.reason) })]); // (not the answer: Try again stays a try)
      } else {
        this.#say(answer.defence.length ? msg("puzzles.defence", { actions: answer.defence.join(" ") }) : msg("puzzles.yourMove"), "continue");
      }
      for (const action of answer.defence) {
        const request = this.#game.requests;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        if (this.#game.requests !== request) return; // the game moved on meanwhile (closed, undone, another)
        await this.#game.play(action);
        cur.checked += 1;
      }
    } catch (error) {
      this.#say(msg("puzzles.failed", { reason: error.message }), "failed");
    } finally {
      this.#busy = false;
    }
  }
}
