// Buttons with data-command and keyboard shortcuts, turned into meanings for the game.
// The game never sees a DOM event.
import { t } from "./i18n.js";

/** Bind `commands` (name -> function) to [data-command] clicks and to the shortcuts below. */
export function bindCommands(commands) {
  const run = (name) => commands[name]?.();
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-command]");
    if (!button || button.disabled || button.closest("form[method=dialog]")) return;
    run(button.dataset.command);
  });
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.target.closest?.("input, select, textarea")) return;
    const key = event.key;
    const shortcut = {
      p: "pass",
      h: "hint",
      z: "undo",
      Z: "undo-turn",
      y: "redo",
      Y: "redo-turn",
      f: "flip",
      n: "new-game",
      "?": "help",
      Escape: "deselect",
    }[key];
    if (!shortcut) return;
    event.preventDefault();
    run(shortcut);
  });
  // Ctrl+Z / Ctrl+Shift+Z, as everywhere else.
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
    if (document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea")) return;
    event.preventDefault();
    run(event.shiftKey ? "redo" : "undo");
  });
}

/** Theme: "auto" follows the system; "light" and "dark" override it. */
export class Theme {
  #storage;
  #button;
  static ORDER = ["auto", "light", "dark"];
  static LABEL = {
    get auto() {
      return t("theme.auto");
    },
    get light() {
      return t("theme.light");
    },
    get dark() {
      return t("theme.dark");
    },
  };

  constructor(button, storage) {
    this.#button = button;
    this.#storage = storage;
    this.apply(storage.get("tzaar.theme") ?? "auto");
  }

  apply(theme) {
    if (!Theme.ORDER.includes(theme)) theme = "auto";
    this.theme = theme;
    if (theme === "auto") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.dataset.theme = theme;
    const name = this.#button.querySelector("#theme-name");
    if (name) name.textContent = Theme.LABEL[theme];
    this.#button.setAttribute("aria-label", t("theme.aria", { theme: Theme.LABEL[theme] }));
    this.#storage.set("tzaar.theme", theme);
  }

  next() {
    this.apply(Theme.ORDER[(Theme.ORDER.indexOf(this.theme) + 1) % Theme.ORDER.length]);
  }
}
