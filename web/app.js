// Wiring: the engine, the game, the board and the panels. No logic of its own.
import { engine } from "./engine-start.js";
import { Board } from "./board/board.js";
import { Game, boardStateOf, thinkingOf, onlyProgress, winnerOf } from "./game/game.js";
import { TurnPanel } from "./panels/turn.js";
import { TriosPanel } from "./panels/trios.js";
import { CapturedView } from "./panels/captured.js";
import { MoveList } from "./panels/moves.js";
import { ResultBox } from "./panels/result.js";
import { registerCommands, listenForCommands } from "./page/input.js";
import { Theme } from "./page/theme.js";
import { parseLink } from "./links/address.js";
import { bindAddress, ShareControls, AlertBox } from "./links/sharing.js";
import { startOffline } from "./page/offline.js";
import { storage } from "./page/storage.js";
import { FRIENDLY_LEVEL, computerId, suggest } from "./game/computer.js";
import { HintView } from "./panels/hint.js";
import { Announcer } from "./panels/announce.js";
import { ThinkingProgress, computerPlaysBoth } from "./panels/watch.js";
import { Sound } from "./page/sound.js";
import { startLanguage, setLanguage, onLanguage, loadLater, LANGUAGES, lang, t } from "./page/i18n.js";
import { mountTools } from "./analysis/panel.js";
import { loadStyle } from "./page/style.js";

const $ = (selector) => document.querySelector(selector);
const root = document.documentElement;

// The buttons listen first: one pressed while the texts load runs once registered (input.js).
listenForCommands();
// The page's texts in its language before anything is drawn (the engine loads meanwhile).
await startLanguage(storage);
const game = new Game(engine, {
  storage,
  // A first visit plays White against the computer at a friendly level.
  newcomerPlayers: { white: "person", black: computerId(FRIENDLY_LEVEL) },
  suggest, // the hint: the analysis board's best when it searches the position (computer.js)
  // The computer's second action waits for the first one's slide, unless motion is reduced.
  pause: () => (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : 320),
});
/** `load()` once (again after a failure). */
const onFirstUse = (load) => {
  let made = null;
  return () =>
    (made ??= load().catch((error) => {
      made = null; // a later press tries again
      throw error;
    }));
};
// What every dialog shares (panels/dialog.css): loaded with the first dialog to open, before
// that dialog's own sheet (which overrides it, so it comes after).
const dialogStyle = onFirstUse(() => loadStyle(new URL("./panels/dialog.css", import.meta.url)));
/** A view of the state made by `load()` when `wanted(state)` first holds; it renders every
 * frame after. */
const onFirstView = (load, wanted) => {
  const made = onFirstUse(load);
  let view = null;
  return {
    render(state) {
      if (view) return view.render(state);
      if (wanted(state)) made().then((loaded) => (view = loaded).render(game.state), () => null);
    },
  };
};
const board = new Board($("#board"));
const thinking = new ThinkingProgress($("#think-progress"));
const views = [
  new TurnPanel($("#turn"), game),
  new TriosPanel($("#trios")),
  new MoveList($("#history"), game),
  new ResultBox($("#result")),
  // The confirmation of a losing stacking (confirm.js, the dialogs' css, its texts), when first asked.
  onFirstView(async () => {
    const [{ ConfirmLosingDialog }] = await Promise.all([import("./panels/confirm.js"), dialogStyle(), loadLater()]);
    return new ConfirmLosingDialog($("#confirm-dialog"), game);
  }, (state) => state.pendingLosing),
  new HintView($("#turn")),
  new ShareControls($("#history"), game),
  new AlertBox($("#alert")),
  new CapturedView($("#trios")),
  thinking,
  // The speed, pause and step when the computer plays both sides (watch-bar.js, its css and texts), when first wanted.
  onFirstView(async () => {
    const [{ WatchBar }] = await Promise.all([import("./panels/watch-bar.js"), loadStyle(new URL("./panels/watch-bar.css", import.meta.url)), loadLater()]);
    return new WatchBar($("#think-progress"), game);
  }, computerPlaysBoth),
  new Announcer($("#announce")),
];
const theme = new Theme($("#theme-button"), storage);
// The game record dialog (records.js, records.css), the new-game dialog and How to play
// (dialogs.js, dialogs.css), their markup with them, load on their first use, with the later texts (i18n.js loadLater).
const records = onFirstUse(async () => {
  const [{ RecordDialog }] = await Promise.all([import("./records/records.js"), dialogStyle(), loadStyle(new URL("./records/records.css", import.meta.url)), loadLater()]);
  return new RecordDialog(game, engine);
});
// One mode at a time holds the board (modes.js).
const modes = onFirstUse(async () => new (await import("./modes.js")).Modes(game, $(".board-area")));
const dialogs = onFirstUse(async () => {
  const [{ NewGameDialog, HelpDialog }, owner] = await Promise.all([
    import("./panels/dialogs.js"),
    modes(),
    dialogStyle(), // (first: the dialogs' own sheets come after it)
    loadStyle(new URL("./panels/dialogs.css", import.meta.url)),
    loadLater(),
  ]);
  return { newGame: new NewGameDialog(game, owner), help: new HelpDialog() };
});
// The lessons (lessons.js, with its css and texts) load on first use too. #learn-invite
// invites to them until it is used or dismissed (its texts come with the start's).
// Online play (online/online.js, its panel, texts and library) loads on its first use too: the
// button, an invite link in the address, or an online game saved to come back to.
const startHash = location.hash; // (the address soon holds the position shown)
const online = onFirstUse(async () => (await import("./online/online.js")).mountOnline({ game, engine, storage, modes: await modes(), side: $(".side"), hash: startHash, opened }));
// Your games (with the lessons) opens a game by turns moved from another device too: its
// export's format ("tzaar-turns-game", online/turns-move.js) is handed to online play (page/handoff.js).
const lessons = onFirstUse(async () => {
  (await import("./page/handoff.js")).takeFormat("tzaar-turns-game", async (text) => (await online()).importMoved(text));
  return (await import("./learn/lessons.js")).makeLessons($(".side"), game, engine, storage, await modes(), tools);
});
const invite = $("#learn-invite");
invite.hidden = Boolean(storage.get("invited"));
const seen = () => {
  invite.hidden = true;
  storage.set("invited", true);
};
// The notice of a new version (page/update-notice.js, its css and texts): loaded when there is one.
const updates = onFirstUse(async () => {
  const [{ UpdateNotice }] = await Promise.all([import("./page/update-notice.js"), loadStyle(new URL("./page/update-notice.css", import.meta.url)), loadLater()]);
  return new UpdateNotice(document.body);
});
const sound = new Sound($("#sound-button"), storage);
// The analysis tools (analysis board, attack map, review, puzzles, editor): analysis/panel.js.
const puzzles = () => import("./learn/puzzles.js");
const tools = mountTools({ panel: $("#tools"), game, engine, board, boardSvg: $("#board"), frame: $(".board-frame"), storage, modes, puzzles });

// The language menu, each language in its own name; a switch re-renders every text.
const languages = $("#language");
languages.replaceChildren(
  ...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = new Option(name, code, false, code === lang());
    option.lang = code;
    return option;
  }),
);
languages.addEventListener("change", () => setLanguage(languages.value));
onLanguage((code) => {
  languages.value = code;
  theme.apply(theme.theme);
  showProgress(lastProgress);
  drawn = null;
  render();
});

// Render once per frame from the state; effects (animations) are collected until then. A
// frame in which only the computer's search progressed (a step: state.thinkingInfo) draws the
// thinking display alone, so a phone's main thread stays free while the computer thinks.
let frame = 0;
let effects = { animate: [] };
let drawn = null; // the state last drawn in full (null: draw everything next time)
// The latest timings (performance.now()), read by the speed benchmark lab/browser/bench_clicks.py.
const timings = { activate: 0, renderStart: 0, renderEnd: 0, position: "" };
function render() {
  frame = 0;
  timings.renderStart = performance.now();
  const state = game.state;
  if (drawn && !effects.animate.length && onlyProgress(drawn, state)) return thinking.render(state);
  drawn = state;
  board.render(boardStateOf(state), effects);
  tools.render(state);
  effects = { animate: [] };
  for (const view of views) view.render(state);
  $("#flip-button").setAttribute("aria-pressed", String(state.flipped));
  $("#board").dataset.state = state.engine !== "ready" ? state.engine : state.busy ? "busy" : "idle";
  $("#board").dataset.thinking = String(thinkingOf(state));
  timings.renderEnd = performance.now();
  timings.position = $("#board").dataset.position;
}
game.subscribe((state, fx) => {
  sound.after(state, fx);
  // A game over: kept and reviewed if it was against the computer; after a loss, the result box's buttons (loaded then).
  if (winnerOf(state)) import("./learn/after-game.js").then((m) => m.afterGame(state, { storage, engine, game, tools }));
  if (fx.animate?.length) effects.animate.push(...fx.animate);
  if (!frame) frame = requestAnimationFrame(render);
});
// The address holds the shown position; a new address opens its position or game.
bindAddress(game);

board.on("activate", ({ point }) => {
  timings.activate = performance.now();
  game.activate(point);
});
board.on("cancel", () => game.deselect());
// A click anywhere off the board's points (and off the controls) lets go of the selection.
document.addEventListener("click", (event) => {
  if (!event.target.closest("#board, button, a, input, select, label, dialog")) game.deselect();
});

// The page's commands (buttons with data-command, and keys: input.js); analysis/panel.js adds "analyse".
registerCommands({
  "new-game": async () => (await dialogs()).newGame.open(),
  help: async () => (await dialogs()).help.open(),
  learn: async () => {
    seen();
    (await lessons()).open();
  },
  "learn-dismiss": seen,
  flip: () => game.flip(),
  theme: () => theme.next(),
  sound: () => sound.toggle(),
  pass: () => game.pass(),
  hint: () => game.hint(),
  undo: () => game.undo(),
  redo: () => game.redo(),
  "undo-turn": () => game.undoTurn(),
  "redo-turn": () => game.redoTurn(),
  deselect: () => game.deselect(),
  record: async () => (await records()).open(),
  online: async () => (await online()).open(),
  "dismiss-alert": () => game.dismissAlert(),
  "dismiss-result": () => game.dismissResult(),
});

// Loading progress, then <html data-engine>.
const loading = $("#loading");
let lastProgress = {};
const megabytes = (bytes) => (bytes / 2 ** 20).toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
function showProgress({ fraction, text, key, bytes } = {}) {
  const percent = Math.round((fraction ?? 0) * 100);
  loading.setAttribute("aria-valuenow", String(percent));
  // A transform, not the width: the bar grows without laying the page out at each frame.
  loading.querySelector(".loading-bar span").style.transform = `scaleX(${percent / 100})`;
  const known = key ? t(`loading.${key}`) : "";
  // A first visit (no service worker keeps the files yet) says the megabytes downloaded.
  loading.querySelector(".loading-text").textContent =
    bytes && !navigator.serviceWorker?.controller
      ? t("loading.bytes", { loaded: megabytes(bytes[0]), total: megabytes(bytes[1]) })
      : known && known !== `loading.${key}` ? known : text ? `${text}…` : t("loading.text");
}
engine.onProgress((progress) => showProgress((lastProgress = progress)));
// Offline play and the update notice, once the engine no longer needs the network.
engine.ready.finally(() => startOffline((kind, onReload) => updates().then((notice) => notice.show(kind, onReload), () => null))).catch(() => null);
engine.ready.then(
  () => root.setAttribute("data-engine", "ready"),
  (error) => {
    root.setAttribute("data-engine", "error");
    const box = $("#engine-error");
    box.textContent = t("loading.reload", { error: error.message.replace(/\.?$/, ".") });
    box.hidden = false;
  },
);

const link = parseLink(location.hash);
const opened = game.open({ link }); // (a game by turns waits for it before it takes the board)
// The games by turns where it is your turn: a count on Play online (panels/turn-count.js), when
// there are any; when one waits on the other player, online play checks the relays once the page's game is open.
// What of them the page cannot read is first set aside and said.
if (storage.getText("turns")) {
  import("./panels/turn-count.js").then((m) => {
    m.setAsideUnread(storage, game, opened);
    m.showTurnCount(storage);
    if (m.awaitingOthers(storage)) opened.then(() => online()).then((o) => o.checkTurns());
  }).catch(() => null);
}
render();
if (link.kind === "online" || storage.getText("online") !== null) online();
window.addEventListener("hashchange", () => {
  const hash = location.hash;
  if (parseLink(hash).kind === "online") online().then((o) => o.resume(hash));
});

// For tests and benchmarks: read-only access to the state.
window.tzaar = {
  get state() {
    return game.state;
  },
  timings,
  sound,
};
