// web/modes.js: one mode at a time holds the board. A stand-in game (its state, subscribe,
// resumeWaiting) and a stand-in board area (the bar's elements) are enough to follow it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { useLanguage } from "./lang.mjs";
import { Modes } from "../../web/modes.js";

/** An element as modes.js uses it: attributes, children, a click listener. */
function element() {
  const attributes = {};
  return {
    hidden: false,
    textContent: "",
    children: [],
    listeners: {},
    setAttribute: (name, value) => (attributes[name] = value),
    getAttribute: (name) => attributes[name] ?? null,
    append(...nodes) {
      this.children.push(...nodes);
    },
    addEventListener(type, listener) {
      this.listeners[type] = listener;
    },
  };
}

/** A page with a board area, a game in `setup` and the modes; `log` says what happened. */
async function page(setup = "standard") {
  await useLanguage("en");
  globalThis.document.createElement = element;
  const log = [];
  let bar = null;
  const invite = { style: { display: "" } }; // the first visit's invitation to the lessons
  const area = { querySelector: (selector) => (selector === "#learn-invite" ? invite : { before: (node) => (bar = node) }) };
  const listeners = [];
  const game = {
    state: { setup, engine: "ready", busy: false, waiting: null },
    subscribe: (listener) => listeners.push(listener),
    resumeWaiting: async () => log.push("resume"),
    /** The board changes to `changes` (a lesson opened, a game of its own loaded...). */
    show(changes) {
      this.state = { ...this.state, ...changes };
      for (const listener of listeners) listener(this.state);
    },
  };
  const modes = new Modes(game, area);
  for (const name of ["lesson", "puzzle", "editor", "review"]) {
    modes.add(name, { open: () => log.push(`open ${name}`), close: () => log.push(`close ${name}`) });
  }
  return { modes, game, log, bar: () => bar, invite };
}

test("entering a mode closes the one before: one panel at a time", async () => {
  const { modes, log } = await page();
  await modes.enter("editor");
  await modes.enter("review");
  assert.equal(modes.current, "review");
  assert.deepEqual(log, ["open editor", "close editor", "open review"]);
  await modes.toggle("review"); // its button again: back to the game
  assert.equal(modes.current, "game");
  assert.deepEqual(log.slice(3), ["close review"]);
});

test("leaving a lesson or a puzzle brings the waiting game back, before the next mode opens", async () => {
  const { modes, log } = await page();
  await modes.enter("puzzle");
  await modes.enter("editor");
  assert.deepEqual(log, ["open puzzle", "close puzzle", "resume", "open editor"]);
  log.length = 0;
  await modes.enter("lesson");
  await modes.enter("game", { replace: true }); // New game: nothing comes back
  assert.deepEqual(log, ["close editor", "open lesson", "close lesson"]);
});

test("a game of its own taking a lesson's board leaves the lesson; a lesson's list alone stays", async () => {
  const { modes, game, log } = await page();
  await modes.enter("lesson");
  game.show({ setup: "link" }); // no lesson had the board yet: its list stays open
  assert.equal(modes.current, "lesson");
  game.show({ setup: "lesson", waiting: { setup: "standard" } });
  game.show({ setup: "record", waiting: null });
  await modes.enter("game"); // (after the owner's own entering)
  assert.equal(modes.current, "game");
  assert.deepEqual(log, ["open lesson", "close lesson"]); // and the game that waited is not brought back
});

test("the bar says the game waits, and leads back, while a lesson or a puzzle has the board", async () => {
  const { modes, game, log, bar, invite } = await page();
  assert.equal(bar().hidden, true);
  assert.equal(bar().children[2].textContent, "Back to your game");
  await modes.enter("puzzle");
  game.show({ setup: "puzzle", waiting: { setup: "standard" } });
  assert.equal(bar().hidden, false);
  assert.equal(invite.style.display, "none", "the invitation to the lessons steps aside");
  assert.equal(bar().children[0].textContent, "Your game waits for you.");
  bar().children[2].listeners.click();
  await modes.enter("game");
  assert.equal(modes.current, "game");
  assert.deepEqual(log, ["open puzzle", "close puzzle", "resume"]);
  game.show({ setup: "standard", waiting: null });
  assert.equal(bar().hidden, true);
  assert.equal(invite.style.display, "");
});
