// The analysis tools (app.js calls mountTools once): the board overlay, the analysis board
// and attack map, the game review, the puzzles and the editor. Their row of controls is
// made here, once, and stays; the tools themselves load on first use: the first press of a
// control (or the key A) fetches the tools' modules, analysis/panel.css and the tools' texts (i18n.js
// loadLater), lets the tools build their parts of the panel under the row, and passes the
// press on. The service worker keeps the modules for offline use like every other file.

import { msg, show, loadLater } from "../page/i18n.js";
import { registerCommands } from "../page/input.js";
import { loadStyle } from "../page/style.js";

// One literal URL per file, so that build.py stamps each with the release (?HASH).
const STYLE_URL = new URL("./panel.css", import.meta.url);

/**
 * The tools' row, written once: each control (its id, its texts' key) and the mode of the
 * page its button enters and leaves (modes.js), or what the switch does, given the loaded
 * tools. The tools find their controls here by id; the first is also the command "analyse" (key A).
 */
const CONTROLS = [
  { id: "analyse-button", key: "analysis", mode: "analysis" },
  { id: "attack-map", key: "analysis.attackMap", check: true, run: (tools, box) => tools.analysis.setAttackMap(box.checked) },
  { id: "review-button", key: "review", mode: "review" },
  { id: "puzzles-button", key: "puzzles", mode: "puzzle" },
  { id: "editor-button", key: "editor", mode: "editor" },
];

/** The page's modes, the tools' modules, analysis/panel.css and their texts (i18n.js), fetched in
 * parallel; the puzzles' module (learn/, a floor above) comes from `puzzles()`, app.js's. */
function loadModules(modes, puzzles) {
  return Promise.all([
    modes(),
    import("./overlay.js"),
    import("./analysis.js"),
    import("./review.js"),
    puzzles(),
    import("./editor.js"),
    loadStyle(STYLE_URL),
    loadLater(),
  ]);
}

/** The tools, built into the panel under the row (each adds its part, in this order, and
 * its mode to `modes`). */
function makeTools([modes, { BoardOverlay }, { Analysis }, { Review }, { Puzzles }, { Editor }], { panel, game, engine, board, boardSvg, frame, storage }) {
  const overlay = new BoardOverlay(boardSvg, board);
  const analysis = new Analysis(panel, game, engine, overlay, frame, modes);
  const review = new Review(panel, game, engine, modes, overlay);
  const puzzles = new Puzzles(panel, game, engine, storage, modes);
  const editor = new Editor(panel, game, engine, board, modes);
  return { modes, analysis, overlay, review, puzzles, editor };
}

/** The row's control for `control` of CONTROLS: a button, or a switch (a labelled check box). */
function makeControl({ id, key, mode, check }) {
  if (check) {
    const label = document.createElement("label");
    label.className = "switch";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = id;
    const text = document.createElement("span");
    show(text, msg(key));
    label.append(box, " ", text);
    return { input: box, element: label };
  }
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  show(button, msg(`${key}.button`));
  show(button, msg(`${key}.button.title`), "title");
  if (mode) button.setAttribute("aria-pressed", "false");
  return { input: button, element: button };
}

/** The tools' row in `parts.panel`; the tools load on first use. `parts`: {panel, game, engine,
 * board, boardSvg, frame, storage, modes (the page's, loaded on first use), puzzles (the puzzles' module, loaded)}. */
export function mountTools(parts) {
  const { panel, game } = parts;
  let tools = null; // once loaded
  let loading = null;

  const row = document.createElement("div");
  row.className = "tools-row";
  const controls = CONTROLS.map((control) => {
    const { input, element } = makeControl(control);
    const press = () => {
      // A mode's button pressed before the tools loaded shows itself on while they load.
      if (!tools && control.mode) input.setAttribute("aria-pressed", "true");
      use((loaded) => (control.mode ? loaded.modes.toggle(control.mode) : control.run(loaded, input)));
    };
    input.addEventListener(control.check ? "change" : "click", press);
    row.append(element);
    return press;
  });
  panel.append(row);
  registerCommands({ analyse: controls[0] });

  /** Load the tools (once), let them build their parts under the row, then `run` them. */
  async function use(run) {
    if (!tools) {
      loading ??= loadModules(parts.modes, parts.puzzles).then(
        (modules) => {
          tools = makeTools(modules, parts);
          render(game.state);
        },
        (error) => {
          loading = null; // a later press tries again
          throw error;
        },
      );
      await loading;
    }
    return run(tools);
  }

  function render(state) {
    if (!tools) return;
    tools.overlay.sync(state.flipped);
    tools.review.render(state);
  }

  return {
    get loaded() {
      return tools;
    },
    /** After each render of the board (the flip moves the overlay's drawings). */
    render,
    /** Load the tools if need be, then `run(tools)`: a promise of what it returns. */
    use,
  };
}
