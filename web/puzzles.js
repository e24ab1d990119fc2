// Puzzles: "White (or Black) to play and win in 2 turns", from puzzles.json (built by
// python -m tzaar puzzles; every answer proven by an exhaustive search). Choosing one opens
// its position for two people at this screen; after each action the facade's puzzle_check
// judges the actions played since the puzzle's start, and the page plays the defence it
// gives. Solved puzzles are remembered in the browser (storage key tzaar.puzzles.solved).

const TEXT = {
  puzzles: "Puzzles",
  puzzlesTitle: "Win in 2 turns: positions from computer games, answers proven",
  task: (side) => `${side === "white" ? "White" : "Black"} to play and win in 2 turns.`,
  yourTurn: "Your move.",
  defence: (actions) => `The defence: ${actions.join(" ")}. Now win.`,
  solved: "Solved!",
  failed: (reason) => `Not this time. ${reason}`,
  answer: (answer) => `The winning first action was ${answer}.`,
  loadFailed: "The puzzles could not be loaded.",
  label: (i, solved) => `Puzzle ${i + 1}${solved ? " (solved)" : ""}`,
};

const SOLVED_KEY = "tzaar.puzzles.solved";
const PAUSE_MS = 350;

export class Puzzles {
  #game;
  #engine;
  #storage;
  #root;
  #list;
  #status;
  #puzzles = null;
  #current = null; // {index, puzzle, checked: number of actions judged}
  #busy = false;

  constructor(panel, game, engine, storage) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    const button = document.createElement("button");
    button.type = "button";
    button.id = "puzzles-button";
    button.textContent = TEXT.puzzles;
    button.title = TEXT.puzzlesTitle;
    button.addEventListener("click", () => this.toggle());
    panel.querySelector(".tools-row").append(button);
    const root = (this.#root = document.createElement("div"));
    root.id = "puzzles";
    root.className = "puzzles";
    root.hidden = true;
    root.innerHTML = '<div class="puzzle-list" role="group" aria-label="Puzzles"></div><p class="puzzle-status" role="status"></p>';
    panel.append(root);
    this.#list = root.querySelector(".puzzle-list");
    this.#status = root.querySelector(".puzzle-status");
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
    if (!show || this.#puzzles) return;
    try {
      const response = await fetch(new URL("./puzzles.json", import.meta.url));
      this.#puzzles = (await response.json()).puzzles;
    } catch {
      this.#say(TEXT.loadFailed);
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
        b.setAttribute("aria-label", TEXT.label(i, solved.has(p.id)));
        b.setAttribute("aria-current", String(this.#current?.index === i));
        return b;
      }),
    );
  }

  #say(text, status = "") {
    this.#status.textContent = text;
    this.#status.dataset.status = status;
  }

  async open(index) {
    const puzzle = this.#puzzles?.[index];
    if (!puzzle) return;
    this.#current = { index, puzzle, checked: 0, over: false };
    this.#root.dataset.puzzle = puzzle.id;
    this.#drawList();
    this.#say(TEXT.task(puzzle.side));
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
        this.#say(TEXT.solved, "solved");
        return;
      }
      if (answer.status === "failed") {
        cur.over = true;
        this.#say(`${TEXT.failed(answer.reason)} ${TEXT.answer(cur.puzzle.answer)}`, "failed");
      } else {
        this.#say(answer.defence.length ? TEXT.defence(answer.defence) : TEXT.yourTurn, "continue");
      }
      for (const action of answer.defence) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        await this.#game.play(action);
        cur.checked += 1;
      }
    } catch (error) {
      this.#say(TEXT.failed(error.message), "failed");
    } finally {
      this.#busy = false;
      this.#root.dataset.status = this.#status.dataset.status;
    }
  }
}
