// Game records: export the game as a text file (or copy it), import one from a file, a
// dropped file or pasted text. The record format is the engine's (docs/notation.md):
// record_save writes it, record_export writes LittleGolem's ((;FF[TZAAR]...), the Format
// choice); record_open reads and checks either; this module only moves text around.

import { copyText, flash, gameLink } from "../links/sharing.js";
import { t } from "../page/i18n.js";
import { clipMessage, excerpt } from "../page/clip.js";
import { downloadText } from "./download.js";
import { addDialog } from "../panels/dom.js";
import { namesOf } from "../game/state.js";

const MAX_RECORD = 200_000; // characters: far more than any game

// The dialog's markup (its texts come from the language's later file, i18n.js).
const HTML = `<dialog id="record-dialog" class="dialog record" aria-labelledby="record-title">
<form method="dialog">
<h2 id="record-title" data-i18n="record.title"></h2>
<p class="record-intro" data-i18n="record.intro"></p>
<label class="visually-hidden" for="record-text" data-i18n="record.textLabel"></label> <textarea id="record-text" rows="10" spellcheck="false" autocomplete="off" wrap="off"></textarea>
<p id="record-error" class="record-error" role="alert" hidden></p>
<p id="record-status" class="record-status" role="status"></p>
<div class="record-buttons">
<label class="record-format"><span data-i18n="record.format"></span> <select id="record-format"> <option value="tzaar" data-i18n="record.format.tzaar"></option> <option value="littlegolem" data-i18n="record.format.littlegolem"></option> </select></label>
<button type="button" id="record-copy" data-i18n="record.copy"></button>
<button type="button" id="record-download" data-i18n="record.download"></button>
<button type="button" id="record-copy-link" data-i18n-attr="title:record.copyLink.title" data-i18n="record.copyLink"></button> </div>
<div class="record-buttons">
<label class="file-button"><input type="file" id="record-file" accept=".txt,.tzaar,.sgf,text/plain"><span data-i18n="record.openFile"></span></label>
<button type="button" id="record-open" class="primary" data-i18n="record.open"></button> </div>
<div class="dialog-actions">
<button type="submit" value="close" data-i18n="common.close"></button> </div> </form> </dialog>`;

/** record_save's parameters for the game: the header names the players (their names when
 * known, an online game's; else "person", "computer casual": the other player of an online
 * game is a person), today's date, the seed of a random setup, and an end outside the rules. */
export function recordParams(state, today = new Date()) {
  const params = { start: state.start, actions: state.actions };
  const names = namesOf(state.names) ?? {};
  for (const side of ["white", "black"]) params[side] = names[side] ?? (state.players[side] === "online" ? "person" : (state.players[side] ?? "person")).replace(":", " ");
  const pad = (n) => String(n).padStart(2, "0");
  params.date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  if (state.setup === "random" && Number.isInteger(state.seed) && state.seed >= 0) params.seed = state.seed;
  if (state.end) params.end = state.end; // ended on time, by resignation or leaving
  return params;
}

export class RecordDialog {
  #dialog;
  #game;
  #engine;
  #text;
  #error;
  #status;
  #openButton;
  #file;
  #format;
  #downloadButton;
  #loading = false; // a record is being read and opened

  constructor(game, engine) {
    const dialog = (this.#dialog = addDialog(HTML));
    this.#game = game;
    this.#engine = engine;
    this.#text = dialog.querySelector("#record-text");
    this.#error = dialog.querySelector("#record-error");
    this.#status = dialog.querySelector("#record-status");
    this.#openButton = dialog.querySelector("#record-open");
    const on = (selector, handler) => dialog.querySelector(selector).addEventListener("click", handler);
    on("#record-copy", (event) => this.#copy(event.currentTarget, this.#text.value, t("record.textCopied")));
    on("#record-copy-link", (event) => this.#copy(event.currentTarget, gameLink(this.#game.state), t("share.copied")));
    on("#record-download", () => this.#download());
    this.#downloadButton = dialog.querySelector("#record-download");
    this.#format = dialog.querySelector("#record-format");
    this.#format.addEventListener("change", () => this.#write());
    on("#record-open", () => this.#open(this.#text.value));
    const file = (this.#file = dialog.querySelector("#record-file"));
    file.addEventListener("change", () => {
      const chosen = file.files?.[0];
      file.value = "";
      this.#openFile(chosen);
    });
    // A file dropped anywhere on the dialog opens like a chosen one.
    dialog.addEventListener("dragover", (event) => {
      if (event.dataTransfer?.types?.includes("Files")) event.preventDefault();
    });
    dialog.addEventListener("drop", (event) => {
      const dropped = event.dataTransfer?.files?.[0];
      if (!dropped) return;
      event.preventDefault();
      this.#openFile(dropped);
    });
  }

  async #openFile(chosen) {
    if (!chosen || this.#loading) return;
    if (chosen.size > MAX_RECORD) return this.#fail(t("record.fileTooLarge", { file: excerpt(chosen.name) }));
    let text;
    try {
      text = await chosen.text();
    } catch {
      return this.#fail(t("record.fileUnreadable", { file: excerpt(chosen.name) }));
    }
    this.#text.value = text;
    this.#open(text, excerpt(chosen.name));
  }

  /** Open the dialog with the record of the game on the board. */
  async open() {
    this.#fail(null);
    this.#say("");
    this.#text.value = "";
    delete this.#dialog.dataset.ready;
    if (!this.#dialog.open) this.#dialog.showModal();
    const state = this.#game.state;
    if (state.engine !== "ready") {
      this.#say(t("record.loadingRules"));
      await this.#engine.ready.catch(() => null);
    }
    await this.#write();
  }

  /** The game's record in the chosen format into the text box. */
  async #write() {
    const format = this.#format.value;
    const key = format === "littlegolem" ? "record.downloadSgf" : "record.download";
    this.#downloadButton.dataset.i18n = key; // the label follows a language switch too
    this.#downloadButton.textContent = t(key);
    this.#fail(null);
    const { start, actions, end, names } = this.#game.state;
    try {
      const { text } =
        format === "littlegolem"
          ? await this.#engine.call("record_export", { start, actions, format, ...(end ? { end } : {}), ...namesOf(names) })
          : await this.#engine.call("record_save", recordParams(this.#game.state));
      if (format !== this.#format.value) return; // changed meanwhile
      this.#text.value = text;
      this.#text.wrap = format === "littlegolem" ? "soft" : "off"; // LittleGolem's is one long line
      this.#dialog.dataset.ready = "true";
      this.#dialog.dataset.format = format;
      this.#say("");
    } catch (error) {
      if (format !== this.#format.value) return;
      this.#text.value = "";
      delete this.#dialog.dataset.format;
      this.#fail(t("record.notWritten", { detail: error.message }));
    }
  }

  #say(text) {
    this.#status.textContent = text;
  }

  #fail(text) {
    this.#error.hidden = !text;
    this.#error.textContent = clipMessage(text ?? "");
  }

  async #copy(button, text, done) {
    const ok = await copyText(text);
    flash(button, ok ? done : t("share.copyFailed"));
    this.#say(ok ? t("record.copiedSentence", { done }) : t("record.byHand"));
  }

  #download() {
    const text = this.#text.value;
    if (!text.trim()) return;
    const extension = this.#dialog.dataset.format === "littlegolem" ? "sgf" : "txt";
    const file = `tzaar-game-${new Date().toISOString().slice(0, 10)}.${extension}`;
    downloadText(text.endsWith("\n") ? text : `${text}\n`, file);
    this.#say(t("record.saved", { file }));
  }

  /** Read and open a record; once at a time (its two controls are off while it loads). */
  async #open(text, source = t("record.theText")) {
    if (this.#loading) return;
    this.#fail(null);
    if (!text.trim()) return this.#fail(t("record.empty"));
    if (text.length > MAX_RECORD) return this.#fail(t("record.tooLong", { source }));
    this.#setLoading(true);
    try {
      let record;
      try {
        record = await this.#engine.call("record_open", { text });
      } catch (error) {
        return this.#fail(t("record.notRecord", { source, detail: error.message }));
      }
      // The players stay those of the game on the board (a record's header names people); the
      // names it gives come with it.
      const { start, actions, setup, seed, end, names } = record;
      const error = await this.#game.openGame({ start, actions, setup, seed, end, names }, "record");
      if (error) return this.#fail(t("record.notOpened", { detail: error.message }));
      this.#dialog.close();
    } finally {
      this.#setLoading(false);
    }
  }

  #setLoading(loading) {
    this.#loading = loading;
    this.#openButton.disabled = loading;
    this.#file.disabled = loading;
    if (loading) this.#dialog.setAttribute("aria-busy", "true");
    else this.#dialog.removeAttribute("aria-busy");
  }
}
