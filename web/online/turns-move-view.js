// Moving a game by turns to another device, its two parts in the online panel: in the game
// (turns-view.js holds it) "Move to another device", which says what the export holds and
// gives it as a file and, when short enough, as text to copy; under "Your games by turns"
// (panel.js holds it) "Open a game from another device": the export pasted or its file opened,
// handed to online.js (which checks it: turns-move.js), and its refusal said. Drawn from state
// at each render; nothing received goes in as HTML.
//
//   const out = new MoveOut(section, changed);   out.render(record, shown);   // record: turns-record.js's
//   const into = new MoveIn(section, {add: async (text) => ({ok, why}), changed});   into.render();

import { t } from "../page/i18n.js";
import { element, setText } from "../panels/dom.js";
import { downloadText } from "../records/download.js";
import { copyText } from "../links/sharing.js";
import { movedText, movedFile, COPYABLE, MAX_MOVED } from "./turns-move.js";

let boxes = 0;

/** A button of `row` labelled by the text `key` (drawn at each render). */
function button(row, key, onClick, className = "") {
  const b = row.appendChild(element("button", className, { type: "button" }));
  b.dataset.key = key;
  b.addEventListener("click", onClick);
  return b;
}

const labelButtons = (root) => {
  for (const b of root.querySelectorAll("button[data-key]")) setText(b, t(b.dataset.key));
};

/** "Move to another device": the button, then what the export holds, its file, its text. */
export class MoveOut {
  #p = {};
  #open = false;
  #said = null; // {key, params}: the last thing done (saved, copied)
  #record = null;
  #changed;

  constructor(root, changed) {
    this.#changed = changed;
    const p = this.#p;
    const id = `turns-move-${(boxes += 1)}`;
    p.toggle = button(root.appendChild(element("div", "online-actions")), "online.turns.move.button", () => {
      this.#open = !this.#open;
      this.#said = null;
      changed();
      if (this.#open) p.holds.focus();
    });
    p.toggle.id = "turns-move";
    p.toggle.setAttribute("aria-controls", id);
    p.box = root.appendChild(element("div", "turns-move", { id, hidden: "" }));
    p.holds = p.box.appendChild(element("p", "turns-move-holds", { tabindex: "-1" }));
    p.label = p.box.appendChild(element("label", "turns-move-label", { for: `${id}-text` }));
    p.text = p.box.appendChild(element("textarea", "turns-move-text", { id: `${id}-text`, readonly: "", rows: "3", spellcheck: "false" }));
    const row = p.box.appendChild(element("div", "online-actions"));
    p.file = button(row, "online.turns.move.file", () => this.#save(), "primary");
    p.file.id = "turns-move-file";
    p.copy = button(row, "online.turns.move.copy", () => this.#copy());
    p.copy.id = "turns-move-copy";
    p.close = button(row, "common.close", () => {
      this.#open = false;
      changed();
      p.toggle.focus();
    });
    p.said = p.box.appendChild(element("p", "turns-move-said", { role: "status" }));
  }

  #save() {
    const file = movedFile(this.#record);
    downloadText(movedText(this.#record), file);
    this.#said = { key: "online.turns.move.saved", params: { file } };
    this.#changed();
  }

  async #copy() {
    const copied = await copyText(movedText(this.#record));
    if (!copied) this.#p.text.select(); // (the browser would not: the text is selected to copy by hand)
    this.#said = { key: copied ? "online.turns.move.copied" : "online.turns.move.select", params: {} };
    this.#changed();
  }

  /** Drawn for `record` (the game open), the button shown when `shown`. */
  render(record, shown) {
    const p = this.#p;
    this.#record = record;
    p.toggle.hidden = !shown;
    p.box.hidden = !shown || !this.#open;
    p.toggle.setAttribute("aria-expanded", String(!p.box.hidden));
    setText(p.toggle, t("online.turns.move.button"));
    if (p.box.hidden) return;
    labelButtons(p.box);
    setText(p.holds, t("online.turns.move.holds"));
    const text = movedText(record);
    const copyable = text.length <= COPYABLE;
    p.label.hidden = p.text.hidden = p.copy.hidden = !copyable;
    setText(p.label, t("online.turns.move.textLabel"));
    if (copyable && p.text.value !== text.trim()) p.text.value = text.trim();
    setText(p.said, this.#said ? t(this.#said.key, this.#said.params) : "");
  }
}

/** "Open a game from another device": the export pasted or its file opened, then added. */
export class MoveIn {
  #p = {};
  #open = false;
  #refused = null; // why the last export was refused (turns-move.js readMoved, or "illegal", "seat", "differs")
  #on;

  constructor(root, on) {
    this.#on = on;
    const p = this.#p;
    p.toggle = button(root.appendChild(element("div", "online-actions")), "online.turns.import.open", () => {
      this.#open = !this.#open;
      this.#refused = null;
      on.changed();
      if (this.#open) p.text.focus();
    });
    p.toggle.id = "turns-import";
    p.toggle.setAttribute("aria-controls", "turns-import-box");
    p.box = root.appendChild(element("div", "turns-move", { id: "turns-import-box", hidden: "" }));
    p.label = p.box.appendChild(element("label", "turns-move-label", { for: "turns-import-text" }));
    p.text = p.box.appendChild(element("textarea", "turns-move-text", { id: "turns-import-text", rows: "3", spellcheck: "false", autocomplete: "off" }));
    const row = p.box.appendChild(element("div", "online-actions"));
    p.add = button(row, "online.turns.import.add", () => this.#add(p.text.value), "primary");
    p.add.id = "turns-import-add";
    p.pick = button(row, "online.turns.import.file", () => p.file.click());
    p.file = row.appendChild(element("input", "", { type: "file", accept: ".json,application/json,text/plain", hidden: "", id: "turns-import-file" }));
    p.file.addEventListener("change", async () => {
      const file = p.file.files?.[0];
      p.file.value = "";
      if (file) this.#add(file.size > MAX_MOVED ? "" : await file.text());
    });
    p.alert = p.box.appendChild(element("p", "online-alert", { role: "alert" }));
  }

  async #add(text) {
    const answer = await this.#on.add(text);
    this.#refused = answer.ok ? null : answer.why;
    if (answer.ok) {
      this.#open = false;
      this.#p.text.value = "";
    }
    this.#on.changed();
  }

  render() {
    const p = this.#p;
    setText(p.toggle, t("online.turns.import.open"));
    p.box.hidden = !this.#open;
    p.toggle.setAttribute("aria-expanded", String(this.#open));
    if (!this.#open) return;
    labelButtons(p.box);
    setText(p.label, t("online.turns.import.label"));
    p.alert.hidden = !this.#refused;
    setText(p.alert, this.#refused ? t(`online.turns.import.why.${this.#refused}`) : "");
  }
}
