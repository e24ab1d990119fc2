// Puzzles: "White (or Black) to play and win in 2 turns", from puzzles.json (built by
// python -m lab.puzzlegen; every answer proven by an exhaustive search). Choosing one opens
// its position for two people at this screen; after each action the facade's puzzle_check
// judges the actions played since the puzzle's start, and the page plays the defence it
// gives. Solved puzzles are remembered in the browser (storage key tzaar.puzzles.solved).

import { msg, show } from "./i18n.js";

const side = (name) => msg(name === "White" ? "side.white" : "side.black");
/** The engine's reasons for a failed puzzle (tzaar/puzzles.py check_answer), in the page's
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

const SOLVED_KEY = "tzaar.puzzles.solved";
const PAUSE_MS = 350;

export class Puzzles {
  #game;
  #engine;
  #storage;
  #root;
  #button;
  #list;
  #status;
  #puzzles = null;
  #current = null; // {index, puzzle, checked: number of actions judged}
  #busy = false;

  constructor(panel, game, engine, storage) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    this.#button = panel.querySelector("#puzzles-button"); // the tools' row's (tools.js)
    const root = (this.#root = document.createElement("div"));
    root.id = "puzzles";
    root.className = "puzzles";
    root.hidden = true;
    root.innerHTML = '<p class="puzzle-status" role="status"></p><div class="puzzle-list" role="group"></div>';
    panel.append(root);
    this.#list = root.querySelector(".puzzle-list");
    this.#status = root.querySelector(".puzzle-status");
    show(this.#list, msg("puzzles.button"), "aria-label");
    this.#list.addEventListener("click", (event) => {
      const b = event.target.closest("button[data-index]");
      if (b) this.open(Number(b.dataset.index));
    });
    game.subscribe((state) => this.#changed(state));
  }

  #solved() {
    const v = this.#storage?.get(SOLVED_KEY);
    return Array.isArray(v) ? v : [];
  }

  async toggle(show = this.#root.hidden) {
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
    this.#drawList();
  }

  #drawList() {
    const solved = new Set(this.#solved());
    this.#list.replaceChildren(
      ...this.#puzzles.map((p, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.index = String(i);
        b.dataset.id = p.id;
        b.textContent = String(i + 1);
        b.dataset.solved = String(solved.has(p.id));
        show(b, msg(solved.has(p.id) ? "puzzles.solvedLabel" : "puzzles.label", { number: i + 1 }), "aria-label");
        b.setAttribute("aria-current", String(this.#current?.index === i));
        return b;
      }),
    );
  }

  /** The status line: a msg() or a list of them. */
  #say(text, status = "") {
    show(this.#status, text);
    this.#status.dataset.status = status;
  }

  async open(index) {
    const puzzle = this.#puzzles?.[index];
    if (!puzzle) return;
    this.#current = { index, puzzle, checked: 0, over: false };
    this.#root.dataset.puzzle = puzzle.id;
    this.#drawList();
    this.#say(msg("puzzles.task", { side: msg(puzzle.side === "white" ? "side.white" : "side.black") }));
    await this.#game.openGame({ start: puzzle.position, actions: [] }, "puzzle");
  }

  async #changed(state) {
    const cur = this.#current;
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
        cur.over = true;
        const solved = new Set(this.#solved());
        solved.add(cur.puzzle.id);
        this.#storage?.set(SOLVED_KEY, [...solved]);
        this.#drawList();
        this.#say(msg("puzzles.solved"), "solved");
        return;
      }
      if (answer.status === "failed") {
        cur.over = true;
        this.#say([msg("puzzles.failed", { reason: reasonOf(answer.reason) }), msg("puzzles.answer", { action: cur.puzzle.answer })], "failed");
      } else {
        this.#say(answer.defence.length ? msg("puzzles.defence", { actions: answer.defence.join(" ") }) : msg("puzzles.yourMove"), "continue");
      }
      for (const action of answer.defence) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        await this.#game.play(action);
        cur.checked += 1;
      }
    } catch (error) {
      this.#say(msg("puzzles.failed", { reason: error.message }), "failed");
    } finally {
      this.#busy = false;
      this.#root.dataset.status = this.#status.dataset.status;
    }
  }
}
