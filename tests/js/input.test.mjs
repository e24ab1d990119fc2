// node unit tests of web/page/input.js: the command registry and the names of key presses.
import { test } from "node:test";
import assert from "node:assert/strict";

import { KEYS, keyName, pressCommand, registerCommands, runCommand } from "../../web/page/input.js";

const press = (key, mods = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

test("keyName: the key itself, Ctrl or Cmd combinations in one name, nothing with Alt", () => {
  assert.equal(keyName(press("z")), "z");
  assert.equal(keyName(press("Z", { shiftKey: true })), "Z");
  assert.equal(keyName(press("?", { shiftKey: true })), "?");
  assert.equal(keyName(press("Escape")), "Escape");
  assert.equal(keyName(press("z", { ctrlKey: true })), "Ctrl+z");
  assert.equal(keyName(press("Z", { metaKey: true, shiftKey: true })), "Ctrl+Shift+z");
  assert.equal(keyName(press("z", { altKey: true })), null);
  assert.equal(keyName(press("z", { ctrlKey: true, altKey: true })), null);
});

test("the shortcuts of the page name their commands", () => {
  const shortcut = (key, mods) => KEYS[keyName(press(key, mods))];
  assert.equal(shortcut("p"), "pass");
  assert.equal(shortcut("h"), "hint");
  assert.equal(shortcut("z"), "undo");
  assert.equal(shortcut("Z", { shiftKey: true }), "undo-turn");
  assert.equal(shortcut("y"), "redo");
  assert.equal(shortcut("Y", { shiftKey: true }), "redo-turn");
  assert.equal(shortcut("z", { ctrlKey: true }), "undo");
  assert.equal(shortcut("z", { metaKey: true, shiftKey: true }), "redo");
  assert.equal(shortcut("Escape"), "deselect");
  assert.equal(shortcut("q"), undefined);
});

test("registerCommands: run by name, a newer registration wins, unregistering removes only its own", () => {
  const ran = [];
  const first = registerCommands({ "test-a": () => ran.push("a1"), "test-b": () => ran.push("b") });
  runCommand("test-a");
  const second = registerCommands({ "test-a": () => ran.push("a2") });
  runCommand("test-a");
  first(); // test-a is the second table's now: only test-b goes
  runCommand("test-a");
  runCommand("test-b");
  second();
  runCommand("test-a");
  assert.deepEqual(ran, ["a1", "a2", "a2"]);
});

test("runCommand returns the command's answer, and nothing for an unknown name", () => {
  const off = registerCommands({ "test-answer": () => 42 });
  assert.equal(runCommand("test-answer"), 42);
  assert.equal(runCommand("test-none"), undefined);
  off();
});

test("a button pressed before its command is registered runs once it is: the last press, once", async () => {
  const ran = [];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  pressCommand("test-early-a");
  pressCommand("test-early-b"); // the last press is the one kept
  const offs = [registerCommands({ "test-early-a": () => ran.push("a") })];
  await settle();
  assert.deepEqual(ran, []);
  offs.push(registerCommands({ "test-early-b": () => ran.push("b") }));
  assert.deepEqual(ran, []); // (after the registering module's own start)
  await settle();
  assert.deepEqual(ran, ["b"]);
  offs.push(registerCommands({ "test-early-b": () => ran.push("b again") })); // kept once only
  await settle();
  pressCommand("test-early-a"); // registered: runs at once
  assert.deepEqual(ran, ["b", "a"]);
  for (const off of offs) off();
});
