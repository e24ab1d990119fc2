// Your games: the finished games against the computer and online (with both players' names),
// kept in the browser (stored as "games", page/storage.js, newest first). app.js calls keep()
// when a game is over (this module loads then, not with the page); the lessons' panel
// (lessons.js) shows them: won and lost per level, each game (date, level, your colour, result
// and why, length) opening in the review, all of them exported as one record file (an online
// game's players named: exportParams), and clearing them after a confirmation. A backup
// (one JSON file: {format: "tzaar-learning", version: 1, games, exercises}) holds them with
// your mistakes as exercises (exercise-list.js); restoring one adds what this browser lacks.
// Above them, "Your games by turns" under way (panels/turns-list.js), each a link to its game.
// The same import opens a game by turns moved from another device (its export): another
// feature's file, handed to online play by its format (page/handoff.js, importOf).

import { msg, show } from "../page/i18n.js";
import { TYPES, pieceMsg } from "../board/notation.js";
import { isPerson } from "../game/players.js";
import { LEVELS, levelOf, computerId, nextLevel } from "../game/computer.js";
import { winnerOf, endOf, namesOf } from "../game/state.js";
import { downloadText } from "../records/download.js";
import { fromMarkup } from "../panels/dom.js";
import { readList, addItems, withPending, listIn, store, SIDES, isTexts } from "./exercise-list.js";
import { renderTurnsList } from "../panels/turns-list.js";
import { usableRecords } from "../game/by-turns.js";
import { takerOf } from "../page/handoff.js";

const GAMES_KEY = "games";
const BACKUP_FORMAT = "tzaar-learning";
/** The most games kept (the oldest go first). */
export const MAX_GAMES = 300;

/** The entry of a finished game of one person against the computer, or null. */
export function entryOf(state, date = new Date().toISOString().slice(0, 10)) {
  const winner = winnerOf(state); // by the rules, or on time, resignation or leaving (state.end)
  // (busy: a game being replaced, e.g. New game's players set before its position is there)
  if (!winner || state.busy || state.cursor !== state.actions.length) return null;
  const end = state.view?.winner ? null : endOf(state.end);
  const persons = ["white", "black"].filter((side) => isPerson(state.players[side]));
  if (persons.length !== 1) return null;
  const colour = persons[0];
  const level = levelOf(state.players[colour === "white" ? "black" : "white"]);
  if (!level) return null;
  return {
    id: `${state.start}~${state.actions.join(",")}`,
    date,
    level,
    colour,
    result: winner === colour ? "won" : "lost",
    reason: end ? { code: end.reason } : state.view.reason ? { code: state.view.reason.code, type: state.view.reason.type } : null,
    winner,
    end,
    turns: state.turns.length,
    start: state.start,
    actions: state.actions,
    setup: state.setup,
    seed: state.seed ?? null,
  };
}

/**
 * The entry of a finished online game (online/online.js): `opponent` their name, `name` this
 * page's player's, `end` an end outside the rules ({reason, loser}: resigned, abandoned,
 * timeout) or null (the board's); `control` its time control as the record writes it ("5+3",
 * "1 day a move": a game by turns) or null.
 */
export function onlineEntryOf(state, colour, opponent, end, date = new Date().toISOString().slice(0, 10), name = "", control = null) {
  const winner = end ? (end.loser === "white" ? "black" : "white") : state.view?.winner;
  if (!winner) return null;
  return {
    id: `online~${state.start}~${state.actions.join(",")}~${end?.reason ?? ""}`,
    date,
    online: true,
    level: null,
    opponent: String(opponent ?? ""),
    name: String(name ?? ""),
    colour,
    result: winner === colour ? "won" : "lost",
    reason: end ? null : state.view.reason ? { code: state.view.reason.code, type: state.view.reason.type } : null,
    end: end ? { reason: end.reason, loser: end.loser } : null,
    winner,
    turns: state.turns.length,
    start: state.start,
    actions: state.actions,
    setup: "standard",
    seed: null,
    ...(control ? { control } : {}),
  };
}

/** The players of game `g` as its record names them: {white, black}, each "person",
 * "computer LEVEL" or, in an online game, the player's name (one that would not show as
 * itself, or none: "person"). */
function playersOf(g) {
  const other = g.colour === "white" ? "black" : "white";
  const names = g.online ? namesOf({ [g.colour]: g.name, [other]: g.opponent }) ?? {} : {};
  return { [g.colour]: names[g.colour] ?? "person", [other]: names[other] ?? (g.online ? "person" : `computer ${g.level}`) };
}

/** record_save's parameters for game `g` (Export all). */
export function exportParams(g) {
  const params = { start: g.start, actions: g.actions, date: g.date, ...playersOf(g) };
  if (g.setup === "random" && Number.isInteger(g.seed)) params.seed = g.seed;
  if (endOf(g.end)) params.end = endOf(g.end);
  if (typeof g.control === "string") params.time_control = g.control;
  return params;
}

/** Won and lost per level (online games together), in the order met: [{level, won, lost}] (level null: online). */
export function tally(games) {
  const by = new Map();
  for (const g of games) {
    const level = g.online ? null : g.level;
    if (!by.has(level)) by.set(level, { level, won: 0, lost: 0 });
    by.get(level)[g.result] += 1;
  }
  return [...by.values()];
}

/** The wins in a row against a level after which the result box proposes the level above. */
export const WINS_TO_MOVE_UP = 2;

/** The level to propose after the games kept (`games`, newest first): the one above the level
 * of the newest game against the computer when the newest WINS_TO_MOVE_UP of those games were
 * won against that level (online games are against no level: they do not count); else null. */
export function levelUp(games) {
  const offline = games.filter((g) => !g.online);
  const level = offline[0]?.level;
  if (!level || offline.length < WINS_TO_MOVE_UP) return null;
  return offline.slice(0, WINS_TO_MOVE_UP).every((g) => g.level === level && g.result === "won") ? nextLevel(level) : null;
}

/** The games kept in `storage` (a list, whatever the store holds: a game not in its proper
 * form, validGame, is left out). */
export function gamesIn(storage) {
  const v = storage?.get(GAMES_KEY);
  return Array.isArray(v) ? v.filter(validGame) : [];
}

const LEVEL_NAMES = new Set(LEVELS.map((l) => l.name));
const isText = (v) => typeof v === "string";
const absentOr = (v, check) => v === undefined || v === null || check(v);

/** Whether `g` is a game of Your games in the form entryOf and onlineEntryOf write it, every
 * field its readers use (the list, the tally, the review, Export all): a backup's or the
 * store's, which may be crafted. What older pages did not write may be absent: an end, the
 * player's own name, a time control, the opponent's name. */
export function validGame(g) {
  if (!g || typeof g !== "object" || Array.isArray(g)) return false;
  const online = g.online === true;
  return (
    isText(g.id) && isText(g.date) && /^\d{4}-\d{2}-\d{2}$/.test(g.date) && isText(g.start) && isTexts(g.actions) &&
    (g.online === undefined || typeof g.online === "boolean") &&
    (online ? g.level === null || g.level === undefined : LEVEL_NAMES.has(g.level)) &&
    SIDES.has(g.colour) && SIDES.has(g.winner) && ["won", "lost"].includes(g.result) &&
    Number.isInteger(g.turns) && g.turns >= 0 &&
    absentOr(g.reason, (r) => typeof r === "object" && isText(r.code) && absentOr(r.type, isText)) &&
    absentOr(g.end, (e) => endOf(e) !== null) &&
    absentOr(g.opponent, isText) && absentOr(g.name, isText) && absentOr(g.control, isText) &&
    isText(g.setup) && absentOr(g.seed, Number.isInteger)
  );
}

/** Why game `g` ended, as the page says it (a msg()). */
export function reasonOf(g) {
  if (g.online && g.end) return g.end.loser === g.colour ? msg(`online.end.you.${g.end.reason}`) : msg(`online.end.${g.end.reason}`, { name: g.opponent || msg("online.yourOpponent") });
  if (!g.reason) return "";
  const loser = g.winner === "white" ? "black" : "white";
  const type = TYPES.includes(g.reason.type) ? pieceMsg(g.reason.type) : "";
  return msg(`reason.${g.reason.code}`, { loser: msg(`side.${loser}`), type });
}

/** Add the games and exercises of backup `data` to `storage`: {games, exercises} added;
 * throws an Error saying why when `data` is not a backup, or holds a game not in its proper
 * form (validGame: the whole file is refused; nothing is changed then). */
export function restored(data, storage) {
  if (data?.format !== BACKUP_FORMAT || data.version !== 1 || !Array.isArray(data.games)) throw new Error("no games and exercises in it");
  const damaged = data.games.findIndex((g) => !validGame(g));
  if (damaged >= 0) throw new Error(`game ${damaged + 1} of ${data.games.length} is damaged`);
  const games = gamesIn(storage);
  const known = new Set(games.map((g) => g.id));
  const newGames = data.games.filter((g) => !known.has(g.id) && known.add(g.id));
  const list = listIn(storage);
  const theirs = readList(data.exercises);
  let merged = addItems(list, theirs.items);
  for (const g of theirs.pending) merged = withPending(merged, g);
  storage?.set(GAMES_KEY, [...games, ...newGames].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, MAX_GAMES));
  store(storage, merged);
  return { games: newGames.length, exercises: merged.items.length - list.items.length };
}

/** What Your games' import does with a file's `text`: {take} when another feature takes its
 * format (page/handoff.js: a game by turns moved from another device), else {data} (a backup,
 * for restored()), or {error} when it is not JSON. */
export function importOf(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error };
  }
  const take = takerOf(data);
  return take ? { take } : { data };
}

let lastId = null;
/** Keep the game of `state` if it is a finished game against the computer not kept yet (or
 * `entry`, an online game's: onlineEntryOf). */
export function keep(state, storage, entry = entryOf(state)) {
  if (!entry || entry.id === lastId) return false;
  lastId = entry.id;
  const games = gamesIn(storage);
  if (games.some((g) => g.id === entry.id)) return false;
  storage?.set(GAMES_KEY, [entry, ...games].slice(0, MAX_GAMES));
  return true;
}

const HTML = `<div class="games-turns" hidden><h3 class="games-turns-title"></h3><ol class="turns-list"></ol></div>
<h3 class="games-title"></h3><p class="games-tally"></p><ol class="games-list"></ol>
<div class="games-actions"><button type="button" data-games="export"></button>
<button type="button" data-games="clear"></button></div>
<div class="games-backup"><button type="button" data-games="backup"></button>
<button type="button" data-games="restore"></button><input type="file" accept=".json,application/json" hidden></div>
<div class="games-confirm" hidden role="alertdialog"><p></p><button type="button" class="danger" data-games="yes"></button>
<button type="button" data-games="no"></button></div><p class="games-status" role="status"></p>`;
const TEXTS = {
  ".games-turns-title": "online.turns.list",
  ".games-title": "games.title",
  '[data-games="export"]': "games.export",
  '[data-games="clear"]': "games.clear",
  ".games-confirm p": "games.clearConfirm",
  '[data-games="yes"]': "games.clearYes",
  '[data-games="no"]': "common.cancel",
  '[data-games="backup"]': "exercises.backup",
  '[data-games="restore"]': "exercises.restore",
};

export class YourGames {
  #root;
  #game;
  #engine;
  #storage;

  constructor(container, game, engine, storage) {
    this.#game = game;
    this.#engine = engine;
    this.#storage = storage;
    const root = (this.#root = fromMarkup("section", "games", { id: "your-games" }, HTML, TEXTS));
    container.append(root);
    const file = root.querySelector(".games-backup input");
    file.addEventListener("change", () => {
      if (file.files?.[0]) this.#restore(file.files[0]);
      file.value = "";
    });
    root.addEventListener("click", (event) => {
      const entry = event.target.closest("button[data-game]");
      if (entry) return this.open(Number(entry.dataset.game));
      const command = event.target.closest("button[data-games]")?.dataset.games;
      if (command === "export") this.#export();
      else if (command === "backup") this.#backup();
      else if (command === "restore") file.click();
      else if (command === "clear") this.#confirm(true);
      else if (command === "no") this.#confirm(false);
      else if (command === "yes") {
        this.#storage?.set(GAMES_KEY, []);
        this.#confirm(false);
        this.render();
      }
    });
    this.render();
  }

  set hidden(hidden) {
    this.#root.hidden = hidden;
  }

  #confirm(asking) {
    this.#root.querySelector(".games-confirm").hidden = !asking;
    this.#root.querySelector(".games-actions").hidden = asking;
  }

  render() {
    const games = gamesIn(this.#storage);
    const $ = (s) => this.#root.querySelector(s);
    $(".games-turns").hidden = renderTurnsList($(".games-turns .turns-list"), usableRecords(this.#storage?.get("turns"))) === 0;
    this.#root.dataset.count = String(games.length);
    show(
      $(".games-tally"),
      games.length
        ? tally(games).map(({ level, won, lost }) => (level ? msg("games.tally", { level: msg(`level.${level}`), won, lost }) : msg("online.games.tally", { won, lost })))
        : msg("games.none"),
    );
    $(".games-actions").hidden = !games.length;
    $(".games-list").replaceChildren(
      ...games.map((g, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.game = String(i);
        button.dataset.result = g.result;
        show(button, msg("games.open.title"), "title");
        const line = document.createElement("span");
        const reason = reasonOf(g); // (a backup may hold a game without its reason)
        show(line, [
          g.online
            ? msg(g.opponent ? "online.games.entry" : "online.games.entry.unnamed", { date: g.date, name: g.opponent, colour: msg(`side.${g.colour}`) })
            : msg("games.entry", { date: g.date, level: msg(`level.${g.level}`), colour: msg(`side.${g.colour}`), n: g.turns }),
          reason ? msg(`games.${g.result}`, { reason }) : msg(`games.${g.result}.noReason`),
        ]);
        button.append(line);
        item.append(button);
        return item;
      }),
    );
  }

  /** Open game `index`, with its players, and start its review (the Analysis panel's Review, analysis/panel.js). */
  async open(index) {
    const g = gamesIn(this.#storage)[index];
    if (!g) return;
    const other = g.colour === "white" ? "black" : "white";
    const players = { [g.colour]: "person", [other]: g.online ? "person" : computerId(g.level) };
    const names = g.online ? { [g.colour]: g.name, [other]: g.opponent } : null;
    const error = await this.#game.openGame({ start: g.start, actions: g.actions, setup: g.setup, seed: g.seed, players, names, end: endOf(g.end) }, "record");
    if (!error) document.querySelector("#review-button")?.click();
  }

  /** Your games and your exercises in one file (a backup). */
  #backup() {
    const data = { format: BACKUP_FORMAT, version: 1, games: gamesIn(this.#storage), exercises: listIn(this.#storage) };
    const file = `tzaar-learning-${new Date().toISOString().slice(0, 10)}.json`;
    downloadText(`${JSON.stringify(data)}\n`, file);
    show(this.#root.querySelector(".games-status"), msg("games.exported", { file }));
  }

  /** Add the games and the exercises of a backup file that this browser lacks; or open the
   * game by turns of an export moved from another device (its refusal said here). */
  async #restore(file) {
    const status = this.#root.querySelector(".games-status");
    const text = await file.text();
    const { take, data, error } = importOf(text);
    if (take) {
      const { ok, said } = await take(text);
      show(status, ok ? "" : said);
      return this.render();
    }
    let added;
    try {
      if (error) throw error;
      added = restored(data, this.#storage);
    } catch (error) {
      return show(status, msg("exercises.restoreFailed", { detail: error.message }));
    }
    show(status, msg("exercises.restored", added));
    this.render();
  }

  /** Every game as our record, one after another, in one file. */
  async #export() {
    const games = gamesIn(this.#storage);
    const status = this.#root.querySelector(".games-status");
    try {
      const texts = [];
      for (const g of games) texts.push((await this.#engine.call("record_save", exportParams(g))).text.trimEnd());
      const file = `tzaar-games-${new Date().toISOString().slice(0, 10)}.txt`;
      downloadText(`${texts.join("\n\n")}\n`, file);
      show(status, msg("games.exported", { file }));
    } catch (error) {
      show(status, error.message);
    }
  }
}

