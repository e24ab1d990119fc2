// The analysis tools (app.js calls mountTools once): the board overlay, the analysis board
// and attack map, the game review, the puzzles and the editor. They load on first use: the
// page starts with their buttons only (the same ids and texts as the tools' own); the first
// press of one (or the key A) fetches the tools' modules, tools.css and the tools' texts
// (i18n.js loadLater), lets the tools build the panel in place of these buttons, and passes
// the press on. The service worker keeps the modules for offline use like every other file.

import { msg, show, loadLater } from "./i18n.js";

// One literal URL per file, so that build.py stamps each with the release (?v=HASH).
const STYLE_URL = new URL("./tools.css", import.meta.url);

/** Each tool's button as its module makes it, and what its first press does once loaded. */
const BUTTONS = [
  { id: "analyse-button", key: "analysis", pressed: true, run: (tools) => tools.analysis.toggle() },
  { id: "review-button", key: "review", run: (tools) => tools.review.start() },
  { id: "puzzles-button", key: "puzzles", pressed: true, run: (tools) => tools.puzzles.toggle() },
  { id: "editor-button", key: "editor", pressed: true, run: (tools) => tools.editor.toggle() },
];

/** The tools' modules, tools.css and their texts (i18n.js), fetched in parallel. */
function loadModules() {
  return Promise.all([
    import("./overlay.js"),
    import("./analysis.js"),
    import("./review.js"),
    import("./puzzles.js"),
    import("./editor.js"),
    loadStyle(STYLE_URL),
    loadLater(),
  ]);
}

/** The tools, built into the panel (each adds its part, in this order). */
function makeTools(modules, { panel, game, engine, board, boardSvg, frame, storage }) {
  const [{ BoardOverlay }, { Analysis }, { Review }, { Puzzles }, { Editor }] = modules;
  const overlay = new BoardOverlay(boardSvg, board);
  const analysis = new Analysis(panel, game, engine, overlay, frame);
  const review = new Review(panel, game, engine);
  const puzzles = new Puzzles(panel, game, engine, storage);
  const editor = new Editor(panel, game, engine, board, analysis);
  return { analysis, overlay, review, puzzles, editor };
}

/** A style sheet (a URL), added to the page: resolves when its rules apply. */
export function loadStyle(url) {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url.href;
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${url.pathname} did not load`));
    document.head.append(link);
  });
}

export function mountTools(parts) {
  const { panel, game } = parts;
  let tools = null; // once loaded
  let loading = null;

  // The buttons until the tools load: the row that analysis.js, review.js, puzzles.js and
  // editor.js build (the attack map's switch after the first button).
  const row = document.createElement("div");
  row.className = "tools-row";
  const buttons = BUTTONS.map(({ id, key, pressed, run }) => {
    const button = document.createElement("button");
    button.type = "button";
    button.id = id;
    show(button, msg(`${key}.button`));
    show(button, msg(`${key}.button.title`), "title");
    if (pressed) button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => press(button, run));
    return button;
  });
  const label = document.createElement("label");
  label.className = "switch";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "attack-map";
  box.addEventListener("change", () => use((loaded) => loaded.analysis.setAttackMap(box.checked)));
  const labelText = document.createElement("span");
  show(labelText, msg("analysis.attackMap"));
  label.append(box, " ", labelText);
  row.append(buttons[0], label, ...buttons.slice(1));
  panel.append(row);

  // The analysis board's key (analysis.js listens for it itself once loaded).
  const onKey = (event) => {
    if (event.key !== "a" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea")) return;
    event.preventDefault();
    press(buttons[0], BUTTONS[0].run);
  };

  /** A tool's button pressed before the tools loaded: pressed at once, on while they load. */
  const press = (button, run) => {
    if (button.hasAttribute("aria-pressed")) button.setAttribute("aria-pressed", "true");
    use(run);
  };
  document.addEventListener("keydown", onKey);

  /** Load the tools (once), put them in the place of the buttons, then `run` them. */
  async function use(run) {
    if (!tools) {
      loading ??= loadModules().then(
        (modules) => {
          const focused = row.contains(document.activeElement) ? document.activeElement.id : null;
          document.removeEventListener("keydown", onKey);
          row.remove();
          tools = makeTools(modules, parts);
          if (focused) document.getElementById(focused)?.focus();
          render(game.state);
        },
        (error) => {
          loading = null; // a later press tries again
          throw error;
        },
      );
      await loading;
    }
    run(tools);
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
  };
}
