// The online panel: drawn from the session's state (online.js calls render on every change
// and once a second). Its parts: the set-up of an invite (name, time control, colour, the
// privacy notice), joining an invite, waiting (the link: copy, share, QR code; cancel),
// the game (who plays what, the connection, resign, a take-back offered or answered,
// messages), after it (result, rematch, leave); "Play a stranger" opens the lobby (lobby.js) in its place of the set-up. What the other page sent (a name, a friend's text) is shown as text, never as HTML.
// Games by turns: the time controls in days, "Your games by turns" under the set-up
// (panels/turns-list.js) with a game moved from another device opened there (turns-move-view.js)
// and the notifications' button (turns-notify-view.js); a game by turns open or its invite (turns-view.js).

import { t, msg } from "../page/i18n.js";
import { element, setText, setAttr } from "../panels/dom.js";
import { PRESETS, MAX_TEXT, MAX_NAME } from "./protocol.js";
import { TIME_CONTROLS } from "../game/clock.js";
import { DAYS } from "../game/by-turns.js";
import { TurnsView, statusText as turnsStatus } from "./turns-view.js";
import { TurnsListBox } from "./turns-list-box.js";
import { makeClocks } from "../panels/clocks.js";
import { qrEncoder } from "./library.js";
import { copyText } from "../links/sharing.js";

const SVG = "http://www.w3.org/2000/svg";

export class OnlinePanel {
  #root;
  #on;
  #parts = {};
  #qrFor = null;
  #confirming = false;
  #clocks = null; // the clocks' view (panels/clocks.js), once a timed game shows
  #copied = false;
  #turnsView;
  #turnsBox; // "Your games by turns" (turns-list-box.js)
  visible = false;
  invite = null; // {room, secret}: an invite opened, waiting for "Join"
  lobby = false; // the lobby of strangers is open (instead of the invite's set-up)
  nameProblem = false; // the name typed cannot be shown to the other player (online.js #typedName)

  constructor(side, on) {
    this.#on = on;
    const root = (this.#root = element("section", "panel online-panel", { id: "online", hidden: "" }));
    side.prepend(root);
    const p = this.#parts;
    p.title = root.appendChild(element("h2", "online-title"));
    p.status = root.appendChild(element("p", "online-status", { role: "status" }));
    p.alert = root.appendChild(element("p", "online-alert", { role: "alert", hidden: "" }));
    p.setup = root.appendChild(this.#setupForm());
    p.waiting = root.appendChild(this.#waitingView());
    p.game = root.appendChild(this.#gameView());
    // the lobby of strangers (lobby.js fills p.lobby each time it opens, and empties it when it
    // closes; until it is open, p.lobby says it is connecting)
    p.stranger = root.appendChild(element("div", "online-actions online-stranger"));
    p.strangerOpen = this.#button(p.stranger, "lobby.open", () => this.#on.lobby(p.lobby), "primary");
    p.strangerOpen.id = "online-lobby";
    p.strangerBack = this.#button(p.stranger, "lobby.back", () => this.#on.lobbyBack());
    p.lobby = root.appendChild(element("section", "online-lobby", { hidden: "" }));
    p.lobbyOpening = element("p", "lobby-status", { role: "status" });
    // a game by turns open, or its invite (turns-view.js); the list of the games by turns
    p.turns = root.appendChild(element("section", "online-turns", { id: "turns-game", hidden: "" }));
    this.#turnsView = new TurnsView(p.turns, { resign: () => on.turnsResign(), close: () => on.turnsClose(), retry: () => on.turnsRetry(), changed: () => on.changed() });
    this.#turnsBox = new TurnsListBox(root, on);
  }

  #button(parent, key, onClick, className = "") {
    const b = parent.appendChild(element("button", className, { type: "button", "data-text": key }));
    b.addEventListener("click", onClick);
    return b;
  }

  #setupForm() {
    const form = element("form", "online-setup");
    form.addEventListener("submit", (event) => event.preventDefault());
    const p = this.#parts;
    p.notice = form.appendChild(element("p", "online-notice"));
    const name = form.appendChild(element("label", "online-field"));
    p.nameLabel = name.appendChild(element("span", ""));
    p.name = name.appendChild(element("input", "", { type: "text", maxlength: String(MAX_NAME), autocomplete: "nickname", id: "online-name" }));
    p.nameProblem = form.appendChild(element("p", "online-problem", { role: "alert" }));
    p.choices = form.appendChild(element("div", "online-choices"));
    const clock = p.choices.appendChild(element("label", "online-field"));
    p.clockLabel = clock.appendChild(element("span", ""));
    p.clock = clock.appendChild(element("select", "", { id: "online-clock" }));
    p.live = p.clock.appendChild(element("optgroup", ""));
    for (const key of Object.keys(TIME_CONTROLS)) p.live.append(new Option(key, key));
    p.byTurns = p.clock.appendChild(element("optgroup", ""));
    for (const key of Object.keys(DAYS)) p.byTurns.append(new Option(key, key));
    const colour = p.choices.appendChild(element("label", "online-field"));
    p.colourLabel = colour.appendChild(element("span", ""));
    p.colour = colour.appendChild(element("select", "", { id: "online-colour" }));
    for (const key of ["white", "black", "random"]) p.colour.append(new Option(key, key));
    p.startField = p.choices.appendChild(element("label", "online-field"));
    p.startLabel = p.startField.appendChild(element("span", ""));
    p.start = p.startField.appendChild(element("select", "", { id: "online-start" }));
    for (const key of ["standard", "position"]) p.start.append(new Option(key, key));
    const row = form.appendChild(element("div", "online-actions"));
    p.create = this.#button(row, "online.create", () => this.#on.create({ clock: p.clock.value, colour: p.colour.value, name: p.name.value, start: p.startField.hidden ? "standard" : p.start.value }), "primary");
    p.create.id = "online-create";
    p.join = this.#button(row, "online.join", () => this.#on.joinNow(this.invite, p.name.value), "primary");
    p.join.id = "online-join";
    return form;
  }

  #waitingView() {
    const box = element("div", "online-waiting");
    const p = this.#parts;
    p.linkLabel = box.appendChild(element("p", ""));
    p.link = box.appendChild(element("p", "online-link", { "data-invite": "" }));
    const row = box.appendChild(element("div", "online-actions"));
    p.copy = this.#button(row, "online.copy", async () => {
      this.#copied = await copyText(p.link.textContent);
      this.#renderTexts();
    });
    p.share = this.#button(row, "online.share", () => navigator.share?.({ url: p.link.textContent }).catch(() => null));
    p.cancel = this.#button(row, "online.cancel", () => this.#on.cancel());
    p.cancel.id = "online-cancel";
    p.qr = box.appendChild(document.createElementNS(SVG, "svg"));
    p.qr.setAttribute("class", "online-qr");
    return box;
  }

  #gameView() {
    const box = element("div", "online-game");
    const p = this.#parts;
    p.clockHost = box.appendChild(element("div", "online-clocks"));
    p.players = box.appendChild(element("p", "online-players"));
    p.countdown = box.appendChild(element("div", "online-actions"));
    p.claim = this.#button(p.countdown, "online.claim", () => this.#on.claim(), "primary");
    p.claim.id = "online-claim";
    p.wait = this.#button(p.countdown, "online.keepWaiting", () => p.countdown.classList.add("dismissed"));
    const actions = box.appendChild(element("div", "online-actions"));
    p.resign = this.#button(actions, "online.resign", () => {
      this.#confirming = true;
      this.#renderTexts();
    });
    p.resign.id = "online-resign";
    p.confirm = this.#button(actions, "online.resignConfirm", () => {
      this.#confirming = false;
      this.#on.resign();
    }, "danger");
    p.confirm.id = "online-resign-confirm";
    p.keep = this.#button(actions, "online.resignCancel", () => {
      this.#confirming = false;
      this.#renderTexts();
    });
    p.undo = this.#button(actions, "online.undo", () => this.#on.offerUndo());
    p.undo.id = "online-undo";
    delete p.undo.dataset.text; // (its text says whether it was offered: #renderUndo)
    p.rematch = this.#button(actions, "online.rematch", () => this.#on.rematch(), "primary");
    p.rematch.id = "online-rematch";
    p.leave = this.#button(actions, "online.leave", () => this.#on.leave());
    p.leave.id = "online-leave";
    p.undoAsked = box.appendChild(element("div", "online-undo-asked", { hidden: "" }));
    p.undoText = p.undoAsked.appendChild(element("p", ""));
    const answers = p.undoAsked.appendChild(element("div", "online-actions"));
    p.undoAccept = this.#button(answers, "online.undoAccept", () => this.#on.answerUndo(true), "primary");
    p.undoAccept.id = "online-undo-accept";
    p.undoDecline = this.#button(answers, "online.undoDecline", () => this.#on.answerUndo(false));
    p.undoDecline.id = "online-undo-decline";
    p.undoDeclined = box.appendChild(element("p", "online-undo-declined", { hidden: "" }));
    p.presets = box.appendChild(element("div", "online-actions online-presets"));
    for (const say of PRESETS) this.#button(p.presets, `online.say.${say}`, () => this.#on.chat({ say })).dataset.say = say;
    p.textForm = box.appendChild(element("form", "online-text"));
    p.text = p.textForm.appendChild(element("input", "", { type: "text", maxlength: String(MAX_TEXT), id: "online-text" }));
    p.send = p.textForm.appendChild(element("button", "", { type: "submit", "data-text": "online.send" }));
    p.textForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = p.text.value.trim();
      if (text) this.#on.chat({ text });
      p.text.value = "";
    });
    p.chats = box.appendChild(element("ol", "online-chats", { "aria-live": "off" }));
    return box;
  }

  /** The texts of the buttons (data-text: their keys), in the language shown. */
  #renderTexts() {
    for (const node of this.#root.querySelectorAll("[data-text]")) setText(node, t(node.dataset.text));
    const p = this.#parts;
    setText(p.copy, t(this.#copied ? "online.copied" : "online.copy"));
    p.resign.hidden = this.#confirming || p.resign.hidden;
    p.confirm.hidden = !this.#confirming;
    p.keep.hidden = !this.#confirming;
  }

  /** `result`: the board's result ({title, reason}, game/state.js resultOf) once the game ended:
   * a game the rules ended says why. */
  render({ session, status, result = null, problem, link }) {
    const root = this.#root;
    const p = this.#parts;
    root.hidden = !(this.visible || session);
    if (root.hidden) return;
    setText(p.title, t("online.title"));
    setText(p.notice, t("online.privacy"));
    p.notice.hidden = this.lobby; // (the lobby says what it publishes itself: lobby-view.js)
    setText(p.nameLabel, t("online.name"));
    setText(p.clockLabel, t("online.clock"));
    setText(p.colourLabel, t("online.colour"));
    for (const option of p.clock.options) option.text = option.value === "untimed" ? t("online.untimed") : DAYS[option.value] ? t("online.turns.days", { n: DAYS[option.value] }) : t("online.control", { control: option.value });
    p.live.label = t("online.turns.live");
    p.byTurns.label = t("online.turns.byTurns");
    setText(p.startLabel, t("online.turns.start"));
    for (const option of p.start.options) option.text = t(`online.turns.start.${option.value}`);
    p.startField.hidden = !this.#on.boardStart();
    for (const option of p.colour.options) option.text = t(`online.colour.${option.value}`);
    if (!p.name.value && document.activeElement !== p.name) p.name.value = this.#on.name();
    const setupShown = !session;
    p.setup.hidden = !setupShown;
    p.choices.hidden = Boolean(this.invite) || this.lobby;
    p.name.parentElement.hidden = this.lobby; // (the lobby has the same fields)
    setText(p.nameProblem, this.nameProblem && !this.lobby ? t("online.nameProblem") : "");
    p.create.hidden = Boolean(this.invite) || this.lobby;
    p.join.hidden = !this.invite;
    p.stranger.hidden = !setupShown || Boolean(this.invite);
    p.strangerOpen.hidden = this.lobby;
    p.strangerBack.hidden = !this.lobby;
    p.lobby.hidden = !setupShown || !this.lobby;
    const opening = this.lobby && !problem && !p.lobby.classList.contains("lobby"); // (lobby.js's own once open)
    if (opening && !p.lobbyOpening.isConnected) p.lobby.append(p.lobbyOpening);
    else if (!opening) p.lobbyOpening.remove();
    setText(p.lobbyOpening, t("lobby.connecting"));
    p.turns.hidden = true;
    this.#turnsBox.render(!setupShown || Boolean(this.invite) || this.lobby);
    p.cancel.hidden = false;
    p.waiting.hidden = status !== "waiting";
    // the invite's host shows its link; a guest, or either side of a lobby game (no invite), only Cancel
    const host = session?.record.role === "host" && Boolean(session.record.friend);
    for (const part of [p.linkLabel, p.link, p.copy, p.qr]) part.toggleAttribute("hidden", !host);
    p.game.hidden = !session || status === "waiting" || status === "refused";
    setText(p.status, this.#statusText(session, status, problem, result));
    this.#renderAlert(session);
    if (!host) p.share.hidden = true;
    if (!p.waiting.hidden && host) {
      setText(p.linkLabel, t("online.linkLabel"));
      setText(p.link, link);
      p.share.hidden = typeof navigator.share !== "function";
      this.#drawQr(link);
    } else {
      this.#copied = false;
    }
    if (session && !p.game.hidden) this.#renderGame(session, status);
    this.#renderTexts();
    if (session && !p.game.hidden) {
      p.resign.hidden = this.#confirming || status === "ended";
      p.confirm.hidden = !this.#confirming || status === "ended";
      p.keep.hidden = p.confirm.hidden;
    }
    if (session?.rematch.state) setText(p.rematch, t(session.rematch.state === "sent" ? "online.rematchSent" : "online.rematchAccept"));
    if (session && !p.game.hidden) this.#renderUndo(session, status);
  }

  /** A game by turns open, or its invite (turns.js's `turns`): its status, the waiting link
   * (the host's, until a guest joins), the invite's name and Join, the game's part (turns-view.js). */
  renderTurns({ turns, status, link }) {
    const root = this.#root;
    const p = this.#parts;
    root.hidden = false;
    setText(p.title, t("online.turns.title"));
    const invite = turns.invite;
    const joinable = invite?.status === "found";
    p.setup.hidden = !joinable;
    p.notice.hidden = !joinable;
    setText(p.notice, t("online.turns.privacy"));
    p.choices.hidden = true;
    p.name.parentElement.hidden = !joinable;
    setText(p.nameLabel, t("online.name"));
    if (joinable && !p.name.value && document.activeElement !== p.name) p.name.value = this.#on.name();
    setText(p.nameProblem, this.nameProblem ? t("online.nameProblem") : "");
    p.create.hidden = true;
    p.join.hidden = !joinable;
    for (const part of [p.stranger, p.lobby, p.game]) part.hidden = true;
    this.#turnsBox.render(true);
    setText(p.status, turnsStatus(turns, status));
    const refusal = turns.refusal;
    p.alert.hidden = !refusal;
    if (refusal) setText(p.alert, t("online.turns.refusedCopy", { why: t(`online.turns.why.${refusal.why}`) }));
    p.waiting.hidden = status !== "waiting";
    if (!p.waiting.hidden) {
      for (const part of [p.linkLabel, p.link, p.copy, p.qr]) part.toggleAttribute("hidden", false); // (the QR code is an <svg>: no `hidden` property)
      p.cancel.hidden = true;
      setText(p.linkLabel, t("online.turns.linkLabel"));
      setText(p.link, link);
      p.share.hidden = typeof navigator.share !== "function";
      this.#drawQr(link);
    }
    p.turns.hidden = false;
    this.#turnsView.render(turns, status);
    this.#renderTexts();
  }

  /** Take back a turn: the offer (this page's player, its turn complete), "offered...", or the other's offer to answer. */
  #renderUndo(session, status) {
    const p = this.#parts;
    const playing = status === "playing";
    const mine = session.takebacks.pending?.from === "me";
    p.undo.hidden = !playing || this.#confirming || !(mine || session.takebacks.offerable);
    p.undo.disabled = mine;
    setText(p.undo, t(mine ? "online.undoSent" : "online.undo"));
    p.undoAsked.hidden = !playing || session.takebacks.pending?.from !== "them";
    setText(p.undoText, t("online.undoAsked", { name: session.them }));
    p.undoDeclined.hidden = !playing || session.takebacks.declined === null;
    setText(p.undoDeclined, t("online.announce.undoDeclined", { name: session.them }));
  }

  #statusText(session, status, problem, result) {
    if (problem === "offline") return t("online.offline");
    if (problem === "config") return t("online.configBad");
    if (problem === "connect") return t("online.noConnection");
    if (!session) return this.invite ? t("online.invited") : this.lobby ? "" : t("online.setupHint");
    const them = session.them;
    switch (status) {
      case "waiting":
        if (!session.record.friend) return t("lobby.starting"); // (paired in the lobby: no invite to wait for)
        return session.record.role === "host" ? t("online.waiting") : t("online.connecting");
      case "playing":
        if (session.theirName) return t(session.relayed ? "online.playingRelayed" : "online.playing", { name: them });
        return t(session.relayed ? "online.playingRelayed.unnamed" : "online.playing.unnamed");
      case "disconnected":
        return session.status === "connecting" ? t("online.reconnecting") : t("online.gone", { name: them, seconds: session.secondsLeft() });
      case "refused":
        return t("online.refused");
      case "ended": {
        const end = session.record.end;
        if (!end) return t("online.end.rules", { reason: result?.reason ?? "" }); // (the rules always say why)
        return end.loser === session.colour ? t(`online.end.you.${end.reason}`) : t(`online.end.${end.reason}`, { name: them });
      }
      default:
        return "";
    }
  }

  #renderAlert(session) {
    const p = this.#parts;
    const refusal = session?.refusal;
    const claim = session?.clockClaim;
    p.alert.hidden = !refusal && !claim;
    if (refusal) setText(p.alert, t("online.refusedMessage", { why: t(`online.why.${refusal.why}`) }));
    else if (claim) setText(p.alert, t(session.theirName ? "online.clockClaim" : "online.clockClaim.unnamed", { name: session.them, seconds: (claim.excess / 1000).toFixed(1) }));
  }

  #renderGame(session, status) {
    const p = this.#parts;
    const g = session.record.game;
    const control = g?.clock ? t("online.control", { control: g.clock }) : t("online.untimed");
    this.#drawClocks(session);
    const players = session.theirName ? "online.players" : "online.players.unnamed";
    setText(p.players, g ? t(players, { colour: msg(`online.colour.${session.colour}`), name: session.them, control }) : "");
    const claimable = status === "disconnected" && session.status === "disconnected";
    p.countdown.hidden = !claimable;
    if (!claimable) p.countdown.classList.remove("dismissed");
    p.claim.disabled = session.secondsLeft() > 0;
    p.rematch.hidden = status !== "ended" || session.record.end?.reason === "abandoned";
    p.leave.hidden = status !== "ended" && status !== "refused";
    p.textForm.hidden = !session.record.friend;
    setAttr(p.text, "placeholder", t("online.textPlaceholder"));
    const items = session.chat.messages.map((c) => {
      const li = element("li", c.from === "me" ? "mine" : "theirs");
      const who = c.from === "me" ? t("online.you") : session.theirName || t("online.opponent");
      li.textContent = `${who}: ${c.text ?? t(`online.say.${c.say}`)}`; // as text, never HTML
      return li;
    });
    if (p.chats.childElementCount !== items.length || items.some((li, i) => p.chats.children[i].textContent !== li.textContent)) p.chats.replaceChildren(...items);
  }

  async #drawClocks(session) {
    const clock = session.timing?.clock ?? null;
    if (!clock && !this.#clocks) return;
    this.#clocks ??= makeClocks(this.#parts.clockHost);
    (await this.#clocks).render(clock, { top: session.theirColour });
  }

  async #drawQr(link) {
    if (this.#qrFor === link) return;
    this.#qrFor = link;
    const { create } = await qrEncoder();
    if (this.#qrFor !== link) return;
    const { modules } = create(link, { errorCorrectionLevel: "M" });
    const n = modules.size;
    let d = "";
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) if (modules.get(y, x)) d += `M${x + 2} ${y + 2}h1v1h-1z`;
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    const svg = this.#parts.qr;
    svg.setAttribute("viewBox", `0 0 ${n + 4} ${n + 4}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("online.qr"));
    svg.replaceChildren(path);
  }
}
