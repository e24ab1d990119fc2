// The page's commands: one registry of names ("pass", "undo", "analyse", ...) that buttons
// ([data-command]) and keys both run. Modules register the commands they answer; one click
// listener and one keydown listener on the document dispatch, and keys pass through one
// guard (`typing`) while a dialog is open or a text field has them. The game never sees a
// DOM event.
//
//   registerCommands({ pass: () => game.pass(), ... });  // any module, any time
//   listenForCommands();                                  // app.js, once, first of all
//   runCommand("pass");
//
// The buttons of index.html are drawn before app.js registers their commands (it waits for
// the language's texts first): a button pressed meanwhile is kept, the last one, and its
// command runs once registered.

/** The shortcuts: a key (as `keyName` names it) -> the command it runs. */
export const KEYS = {
  p: "pass",
  h: "hint",
  z: "undo",
  Z: "undo-turn",
  y: "redo",
  Y: "redo-turn",
  f: "flip",
  n: "new-game",
  a: "analyse",
  "?": "help",
  Escape: "deselect",
  // Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac), as everywhere else.
  "Ctrl+z": "undo",
  "Ctrl+Shift+z": "redo",
};

/** name -> function: the commands registered so far. */
const commands = new Map();
let kept = ""; // the command of the last button pressed before it was registered

/**
 * Register `table` (name -> function); a name registered again runs its newer function.
 * Returns the function that unregisters those of `table` still registered.
 */
export function registerCommands(table) {
  for (const [name, run] of Object.entries(table)) commands.set(name, run);
  if (Object.hasOwn(table, kept)) {
    const name = kept;
    kept = "";
    queueMicrotask(() => runCommand(name)); // (after the registering module's own start)
  }
  return () => {
    for (const [name, run] of Object.entries(table)) if (commands.get(name) === run) commands.delete(name);
  };
}

/** Run the command `name` (nothing when no module registered it); returns what it returns. */
export function runCommand(name) {
  return commands.get(name)?.();
}

/** A button of command `name` pressed: run it, or keep the press until the command is
 * registered (the page still starting). */
export function pressCommand(name) {
  if (commands.has(name)) return runCommand(name);
  kept = name;
}

/**
 * The name of a key press in KEYS: the key itself ("z", "Z", "?", "Escape"), or with Ctrl
 * (or Cmd) "Ctrl+z" / "Ctrl+Shift+z"; null with Alt.
 */
export function keyName({ key, ctrlKey, metaKey, shiftKey, altKey }) {
  if (altKey) return null;
  if (ctrlKey || metaKey) return `Ctrl+${shiftKey ? "Shift+" : ""}${key.toLowerCase()}`;
  return key;
}

/** The one guard: whether a key press belongs to typing (an open dialog, a form field). A
 * field of a dialog just closed keeps the focus until the browser's next frame: not typing. */
export function typing(event) {
  if (document.querySelector("dialog[open]")) return true;
  const field = event.target.closest?.("input, select, textarea, [contenteditable]");
  return Boolean(field && !field.closest("dialog:not([open])"));
}

/** Listen for [data-command] clicks and for the shortcuts (once, from app.js). */
export function listenForCommands() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-command]");
    // A dialog's own buttons (method=dialog) close it: the dialog reads its returnValue.
    if (!button || button.disabled || button.closest("form[method=dialog]")) return;
    pressCommand(button.dataset.command);
  });
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || typing(event)) return;
    const name = KEYS[keyName(event)];
    if (!commands.has(name)) return;
    event.preventDefault();
    runCommand(name);
  });
}
