// The dialogs of the new game and of How to play, loaded on their first use (app.js; the
// confirmation of a losing stacking, there from the start, is confirm.js).
import { drawMiniPiece } from "../board/board.js";
import { PLAYER_KINDS } from "../game/players.js";
import { msg, show, translateDocument } from "../page/i18n.js";
import { runCommand } from "../page/input.js";

/** A seed as typed: null (none), a whole number, or undefined when it is not one. */
export function readSeed(text) {
  const seed = String(text ?? "").trim();
  if (!seed) return null;
  return /^[0-9]{1,15}$/.test(seed) ? Number(seed) : undefined;
}

/** The new-game dialog: it offers the setup and players of the page's game (the one that
 * waits while a lesson or a puzzle has the board), and its game leaves any other mode
 * (modes.js) for the game. */
export class NewGameDialog {
  #dialog;
  #game;

  constructor(dialog, game, modes) {
    this.#dialog = dialog;
    this.#game = game;
    const form = dialog.querySelector("form");
    const seedInput = form.querySelector('input[name="seed"]');
    const seedError = form.querySelector("#seed-error");
    this.seedError = seedError;
    // A seed that is not a whole number: the page's own message, and the dialog stays.
    form.addEventListener("submit", (event) => {
      if (event.submitter?.value !== "start") return;
      const random = form.querySelector('input[name="setup"]:checked')?.value === "random";
      if (!random || readSeed(seedInput.value) !== undefined) return;
      event.preventDefault();
      show(seedError, msg("newGame.badSeed", { seed: seedInput.value.trim().slice(0, 20) }));
      seedError.hidden = false;
      seedInput.setAttribute("aria-invalid", "true");
      seedInput.focus();
    });
    seedInput.addEventListener("input", () => {
      seedError.hidden = true;
      seedInput.removeAttribute("aria-invalid");
    });
    dialog.addEventListener("close", async () => {
      if (dialog.returnValue !== "start") return;
      const data = new FormData(form);
      await modes.enter("game", { replace: true }); // (the game that waited does not come back)
      game.newGame({
        setup: data.get("setup"),
        seed: readSeed(data.get("seed")) ?? null,
        players: { white: data.get("white"), black: data.get("black") },
      });
    });
    const seed = form.querySelector(".seed");
    const syncSeed = () => {
      seed.hidden = form.querySelector('input[name="setup"]:checked')?.value !== "random";
    };
    form.addEventListener("change", syncSeed);
    this.syncSeed = syncSeed;
    // How the chosen levels play ("Expert — About 3 seconds a turn: ..."), under the players.
    const about = document.createElement("p");
    about.className = "levels-note";
    form.querySelector(".players").after(about);
    this.syncLevels = () => {
      const levels = new Set([...form.querySelectorAll("select[data-player]")].map((select) => PLAYER_KINDS.get(select.value)?.level).filter(Boolean));
      about.replaceChildren(
        ...[...levels].map((level) => {
          const line = document.createElement("span");
          show(line, [msg(`level.${level}`), "—", msg(`level.${level}.description`)]);
          return line;
        }),
      );
      about.hidden = !levels.size;
    };
    form.addEventListener("change", this.syncLevels);
  }

  open() {
    const state = this.#game.state.waiting ?? this.#game.state;
    const form = this.#dialog.querySelector("form");
    for (const select of form.querySelectorAll("select[data-player]")) {
      // The player kinds known now (the computer adds itself to PLAYER_KINDS).
      select.replaceChildren(
        ...[...PLAYER_KINDS].map(([id, kind]) => new Option(kind.label, id, false, id === state.players[select.dataset.player])),
      );
    }
    const setup = ["standard", "random", "tournament"].includes(state.setup) ? state.setup : "standard";
    form.querySelector(`input[name="setup"][value="${setup}"]`).checked = true;
    form.querySelector('input[name="seed"]').value = "";
    form.querySelector('input[name="seed"]').removeAttribute("aria-invalid");
    this.seedError.hidden = true;
    this.syncSeed();
    this.syncLevels();
    this.#dialog.returnValue = "";
    if (!this.#dialog.open) this.#dialog.showModal();
  }
}

export class HelpDialog {
  #dialog;
  constructor(dialog) {
    this.#dialog = dialog;
    for (const svg of dialog.querySelectorAll("svg[data-legend]")) drawMiniPiece(svg, "white", svg.dataset.legend);
    // The puzzles, in a later text (index.html's own texts count against the page's start).
    const puzzles = document.createElement("p");
    puzzles.id = "help-puzzles";
    puzzles.dataset.i18nRich = "help.puzzles";
    dialog.querySelector('[data-i18n-rich="help.language"]').before(puzzles);
    translateDocument(dialog);
    // The way to the lessons (the command "learn", app.js), after the dialog closes.
    const learn = document.createElement("button");
    learn.type = "button";
    learn.className = "help-learn";
    learn.id = "help-learn";
    show(learn, msg("lessons.invite"));
    learn.addEventListener("click", () => {
      dialog.close();
      runCommand("learn");
    });
    dialog.querySelector(".dialog-actions").prepend(learn);
  }
  open() {
    if (!this.#dialog.open) this.#dialog.showModal();
  }
}
