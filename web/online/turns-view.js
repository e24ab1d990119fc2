// The online panel's part for a game by turns (online/panel.js holds it): who plays what and
// the time control, what changed since the player last looked, whether the copy is on the
// relays, resign (confirmed), moving it to another device (turns-move-view.js), and back to
// the list; an invite still being looked for, or not found. Drawn from turns.js's object; what the other player wrote (a name) is text, never HTML.
//
//   const view = new TurnsView(section, {resign, close, retry});
//   view.render(turns, status);   // the status line's text is statusText(turns, status)

import { t, msg, lang } from "../page/i18n.js";
import { element, setText } from "../panels/dom.js";
import { colourOf, timeLeft, turnOf } from "../game/by-turns.js";
import { MoveOut } from "./turns-move-view.js";

/** "yesterday", "today", "3 days ago": the day of `at` as this page's language says it. */
export function dayOf(at, now = Date.now(), language = lang()) {
  const day = (ms) => {
    const d = new Date(ms);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000;
  };
  return new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(day(at) - day(now), "day");
}

/** The other player's name as the texts say it: the name they gave, else a msg() ("your
 * friend", "your opponent") that t() capitalises where a sentence starts. */
export function theirName(record) {
  return (record.role === "host" ? record.game.names.guest : record.game.names.host) || msg(record.joined === null ? "online.turns.friend" : "online.yourOpponent");
}

/** The time left to move, in words ("23 hours left"). */
function leftText(record, now) {
  const left = timeLeft(record, now);
  return left ? t(`online.turns.left.${left.unit}`, { n: left.n }) : "";
}

/** The status line of the panel for the game by turns or its invite. */
export function statusText(turns, status, now = Date.now()) {
  const invite = turns.invite;
  if (invite) {
    if (invite.status === "looking") return t("online.turns.looking");
    if (invite.status === "missing") return t("online.turns.missing");
    if (invite.status === "taken") return t("online.refused");
    const g = invite.copy.game;
    const colour = msg(`online.colour.${g.white === "host" ? "black" : "white"}`); // (a msg(): the texts select on it)
    return t("online.turns.invited", { name: g.names.host || msg("online.yourOpponent"), colour, days: t("online.turns.days", { n: g.days }) });
  }
  const r = turns.record;
  if (!r) return "";
  const name = theirName(r);
  if (status === "refused") return t("online.refused");
  if (status === "waiting") return t("online.turns.waiting");
  if (status === "ended") {
    const won = r.winner === colourOf(r);
    const reason = r.end ? t(`online.end.${r.end.reason}`, { name: r.end.loser === colourOf(r) ? t("online.you") : name }) : "";
    return t(won ? "online.turns.over.won" : "online.turns.over.lost", { reason });
  }
  const turn = turnOf(r);
  return t(turn === "me" ? "online.turns.yourTurn" : "online.turns.theirTurn", { name, left: leftText(r, now) });
}

export class TurnsView {
  #parts = {};
  #confirming = false;
  #on;
  #moveOut;

  constructor(root, on) {
    this.#on = on;
    const p = this.#parts;
    p.root = root;
    p.players = root.appendChild(element("p", "turns-players"));
    p.moved = root.appendChild(element("p", "turns-moved", { role: "status" }));
    p.changes = root.appendChild(element("ul", "turns-changes", { "aria-live": "off" }));
    p.saved = root.appendChild(element("p", "turns-saved"));
    const row = root.appendChild(element("div", "online-actions"));
    const button = (key, onClick, className = "") => {
      const b = row.appendChild(element("button", className, { type: "button" }));
      b.dataset.key = key;
      b.addEventListener("click", onClick);
      return b;
    };
    p.resign = button("online.resign", () => this.#confirm(true));
    p.resign.id = "turns-resign";
    p.confirm = button("online.resignConfirm", () => {
      this.#confirm(false);
      this.#on.resign();
    }, "danger");
    p.confirm.id = "turns-resign-confirm";
    p.keep = button("online.resignCancel", () => this.#confirm(false));
    p.retry = button("online.turns.retry", () => this.#on.retry(), "primary");
    p.retry.id = "turns-retry";
    p.close = button("online.turns.close", () => this.#on.close());
    p.close.id = "turns-close";
    this.#moveOut = new MoveOut(root, () => this.#on.changed());
  }

  #confirm(asking) {
    this.#confirming = asking;
    this.#on.changed();
  }

  render(turns, status, now = Date.now()) {
    const p = this.#parts;
    const r = turns.record;
    p.root.hidden = !r && !turns.invite;
    if (p.root.hidden) return;
    for (const b of p.root.querySelectorAll("button[data-key]")) setText(b, t(b.dataset.key));
    p.players.hidden = !r;
    p.moved.hidden = !r || !turns.moved;
    setText(p.moved, r && turns.moved ? t(`online.turns.import.${turns.moved}`) : "");
    p.changes.hidden = !r || !turns.changes.length;
    p.saved.hidden = !r || status === "refused";
    const playing = status === "playing";
    p.resign.hidden = !playing || this.#confirming;
    p.confirm.hidden = p.keep.hidden = !playing || !this.#confirming;
    p.retry.hidden = turns.invite?.status !== "missing";
    p.close.hidden = Boolean(turns.invite) && turns.invite.status !== "missing" && turns.invite.status !== "taken";
    this.#moveOut.render(r, Boolean(r) && (status === "playing" || status === "waiting"));
    if (!r) return;
    const colour = msg(`online.colour.${colourOf(r)}`);
    setText(p.players, t("online.players", { colour, name: theirName(r), control: t("online.turns.days", { n: r.game.days }) }));
    const items = turns.changes.map((c) => {
      const li = element("li", "");
      li.textContent = t(c.key, { ...c.params, name: c.params.name || theirName(r), when: Number.isFinite(c.params.at) ? dayOf(c.params.at, now) : "" });
      return li;
    });
    if (p.changes.childElementCount !== items.length || items.some((li, i) => p.changes.children[i].textContent !== li.textContent)) p.changes.replaceChildren(...items);
    setText(p.saved, t(turns.unsent ? "online.turns.unsent" : turns.saved !== null ? "online.turns.saved" : "online.turns.saving"));
    if (turns.saved !== null) p.root.dataset.saved = turns.saved;
    else delete p.root.dataset.saved;
  }
}

