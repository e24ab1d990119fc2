// The dialogs of the new game and of How to play, loaded on their first use (app.js; the
// confirmation of a losing stacking, there from the start, is confirm.js).
import { drawMiniPiece } from "../board/board.js";
import { PLAYER_KINDS } from "../game/players.js";
import { msg, show, translateDocument } from "../page/i18n.js";
import { runCommand } from "../page/input.js";
import { addDialog } from "./dom.js";

// The dialogs' markup (their texts come from the language's later file, i18n.js).
const NEW_GAME_HTML = `<dialog id="new-game-dialog" class="dialog" aria-labelledby="new-game-title">
<form method="dialog" class="new-game-form">
<h2 id="new-game-title" data-i18n="newGame.title"></h2>
<fieldset> <legend data-i18n="newGame.setup"></legend>
<label class="choice"><input type="radio" name="setup" value="standard" checked><span><b data-i18n="newGame.standard"></b> <span data-i18n="newGame.standard.text"></span></span></label>
<label class="choice"><input type="radio" name="setup" value="random"><span><b data-i18n="newGame.random"></b> <span data-i18n="newGame.random.text"></span></span></label>
<label class="choice"><input type="radio" name="setup" value="tournament"><span><b data-i18n="newGame.tournament"></b> <span data-i18n="newGame.tournament.text"></span></span></label>
<label class="seed"><span data-i18n="newGame.seed"></span> <input type="text" name="seed" inputmode="numeric" autocomplete="off" aria-describedby="seed-error" data-i18n-attr="placeholder:newGame.seed.placeholder"></label>
<p id="seed-error" class="field-error" hidden></p> </fieldset>
<fieldset> <legend data-i18n="newGame.players"></legend>
<div class="players">
<label><span data-i18n="side.white"></span> <select name="white" data-player="white"></select></label>
<label><span data-i18n="side.black"></span> <select name="black" data-player="black"></select></label> </div> </fieldset>
<div class="dialog-actions">
<button type="submit" value="cancel" formnovalidate data-i18n="common.cancel"></button>
<button type="submit" value="start" class="primary" data-command="start-game" data-i18n="newGame.start"></button> </div> </form> </dialog>`;
const HELP_HTML = `<dialog id="help-dialog" class="dialog help" aria-labelledby="help-title">
<form method="dialog">
<h2 id="help-title" data-i18n="help.title"></h2>
<div class="help-body">
<p data-i18n-rich="help.trio"></p>
<p class="legends"> <span class="legend"><svg class="mini" viewBox="-50 -50 100 100" data-legend="tzaar" aria-hidden="true"></svg><span data-i18n="help.tzaars"></span></span> <span class="legend"><svg class="mini" viewBox="-50 -50 100 100" data-legend="tzarra" aria-hidden="true"></svg><span data-i18n="help.tzarras"></span></span> <span class="legend"><svg class="mini" viewBox="-50 -50 100 100" data-legend="tott" aria-hidden="true"></svg><span data-i18n="help.totts"></span></span></p>
<p data-i18n="help.lose"></p>
<h3 data-i18n="help.moving.title"></h3>
<p data-i18n-rich="help.moving"></p>
<ul> <li data-i18n-rich="help.capture"></li> <li data-i18n-rich="help.stack"></li> </ul>
<h3 data-i18n="help.turn.title"></h3>
<ol> <li data-i18n-rich="help.turn.opening"></li> <li data-i18n-rich="help.turn.two"></li> </ol>
<h3 data-i18n="help.winning.title"></h3>
<p data-i18n="help.winning"></p>
<h3 data-i18n="help.board.title"></h3>
<p data-i18n-rich="help.board"></p>
<p data-i18n-rich="help.keyboard"></p>
<p data-i18n-rich="help.computer"></p>
<p data-i18n-rich="help.watch"></p>
<p data-i18n-rich="help.sound"></p>
<p data-i18n-rich="help.setups"></p>
<p data-i18n-rich="help.language"></p> </div>
<div class="dialog-actions">
<button type="submit" class="primary" data-i18n="help.gotIt"></button> </div> </form> </dialog>`;

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

  constructor(game, modes) {
    const dialog = (this.#dialog = addDialog(NEW_GAME_HTML));
    this.#game = game;
    const form = dialog.querySelector("form");
    const seedInput = form.querySelector('input[name="seed"]');
    const seedError = form.querySelector("#seed-error");
    this.seedError = seedError;
    // A seed that is not a whole number: the page's own message, and the dialog stays.
    form.addEventListener("submit", (event) => {
      if (event.submitter?.value !== "start") return;
      const random = form.querySelector('input[name="setup"]:checked')?.value === "random";
      if (!random || readSeed(seedInput.value) !== undefined) {
        // The game's searches stop at their next slice, not once the dialog's close event
        // (a task of its own) and the modes' queue come round.
        game.letGo();
        return;
      }
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
  constructor() {
    const dialog = (this.#dialog = addDialog(HELP_HTML));
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
