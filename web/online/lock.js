// During an online game the page's helpers are off: Hint, the analysis tools, undo and redo,
// going back in the move list, a new game, the lessons and the game record (which could put
// another game on the board). Their controls are hidden (online.css, under <html
// data-online>) and their clicks and keys stopped here, before the page's commands see them
// (page/input.js skips a key whose default is prevented).
//
//   const lock = new PageLock(() => isOn, (command) => sayItIsOff());

import { KEYS, keyName } from "../page/input.js";

/** The commands that are off while an online game goes on. */
export const LOCKED = new Set(["hint", "undo", "redo", "undo-turn", "redo-turn", "analyse", "new-game", "learn", "record"]);
/** What else is off: the tools' row, the moves of the move list. */
const LOCKED_AREAS = "#tools, #moves";

export class PageLock {
  /** `on()`: whether the lock holds now; `refused(command)`: told of a stopped press. */
  constructor(on, refused) {
    const stop = (event, command) => {
      event.preventDefault();
      event.stopPropagation();
      refused(command);
    };
    document.addEventListener(
      "click",
      (event) => {
        if (!on()) return;
        const command = event.target.closest?.("[data-command]")?.dataset.command;
        if (LOCKED.has(command) || event.target.closest?.(LOCKED_AREAS)) stop(event, command ?? "tools");
      },
      true,
    );
    document.addEventListener(
      "keydown",
      (event) => {
        if (!on() || event.target.closest?.("input, select, textarea")) return;
        const command = KEYS[keyName(event)];
        if (LOCKED.has(command)) stop(event, command);
      },
      true,
    );
  }
}
