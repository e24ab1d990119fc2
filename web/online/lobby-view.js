// The lobby's look: what it publishes for anyone to read (its privacy notice), the player's
// terms (name, time control, colour), "Play anyone" and "Post and wait", what is happening
// (waiting, asking, paired, why a proposal failed: a polite live region), and the table of the
// players waiting, a Join button a row (with nobody listed: still looking, while the answers to
// the page's hello may come, or nobody waiting). It renders the model's view (lobby-model.js
// `view()`) and turns presses into calls of `actions`; it decides nothing. Names from the
// network are shown as text only (textContent), never as HTML; the games a player says it
// finished are shown as its own word. Rows are kept by wish id and only changed where their
// text changes, so hundreds of rows cost little.

import { msg, show, t } from "../page/i18n.js";
import { element, setAttr, setText } from "../panels/dom.js";
import { placeKeyedRows } from "./table-rows.js";
import { TIME_CONTROLS, COLOURS } from "./lobby-messages.js";

/** How often at most the count of players waiting is said to a screen reader. */
const COUNT_EVERY = 5_000;

const HTML = `<h3 class="lobby-title"></h3><p class="lobby-intro"></p><p class="lobby-privacy"></p>
<form class="lobby-terms"><label><span class="lobby-label" data-label="name"></span>
<input name="name" autocomplete="nickname" maxlength="24" required></label>
<label><span class="lobby-label" data-label="tc"></span><select name="tc"></select></label>
<label><span class="lobby-label" data-label="colour"></span><select name="colour"></select></label>
<p class="lobby-problem" role="alert"></p>
<div class="lobby-buttons"><button type="submit" class="primary" data-lobby="anyone"></button>
<button type="button" data-lobby="post"></button></div></form>
<div class="lobby-now"><p class="lobby-status" role="status"></p>
<button type="button" data-lobby="cancel" hidden></button></div>
<div class="lobby-scroll"><table class="lobby-list"><caption></caption><thead><tr><th scope="col" data-column="name"></th>
<th scope="col" data-column="tc"></th><th scope="col" data-column="colour"></th>
<th scope="col"><span class="visually-hidden" data-column="join"></span></th></tr></thead>
<tbody></tbody></table></div><p class="lobby-empty"></p><p class="lobby-count visually-hidden" aria-live="polite"></p>`;

/** A time control's text: "Untimed", "5 + 3". */
export const tcText = (tc) => (tc === "untimed" ? msg("lobby.tc.untimed") : tc.replace("+", " + "));

export class LobbyView {
  #root;
  #actions;
  #rows = new Map(); // wish id -> <tr>
  #said = { count: -1, at: -Infinity };

  /** `root`: the element the lobby fills; `actions`: {anyone(terms), post(terms), cancel(),
   * join(id, terms), terms(terms)}, `terms` being {name, tc, colour}; `start`: the terms shown first. */
  constructor(root, actions, start) {
    this.#root = root;
    this.#actions = actions;
    root.classList.add("lobby");
    root.innerHTML = HTML; // (a constant: nothing received goes in)
    show(root.querySelector(".lobby-title"), msg("lobby.title"));
    show(root.querySelector(".lobby-intro"), msg("lobby.intro"));
    show(root.querySelector(".lobby-privacy"), msg("lobby.privacy")); // (what the relays publish: the name too)
    for (const label of root.querySelectorAll("[data-label]")) show(label, msg(`lobby.${label.dataset.label}`));
    for (const head of root.querySelectorAll("[data-column]")) show(head, msg(`lobby.column.${head.dataset.column}`));
    const form = this.#form;
    for (const tc of TIME_CONTROLS) form.tc.append(this.#option(tc, tcText(tc)));
    for (const colour of COLOURS) form.colour.append(this.#option(colour, msg(`lobby.colour.${colour}`)));
    form.name.value = start.name ?? "";
    form.tc.value = start.tc;
    form.colour.value = start.colour;
    show(this.#button("anyone"), msg("lobby.anyone"));
    show(this.#button("post"), msg("lobby.post"));
    show(this.#button("cancel"), msg("lobby.cancel"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#act("anyone");
    });
    this.#button("post").addEventListener("click", () => this.#act("post"));
    this.#button("cancel").addEventListener("click", () => actions.cancel());
    form.addEventListener("change", () => actions.terms(this.terms()));
    root.querySelector("tbody").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-join]");
      if (button) this.#act("join", button.dataset.join);
    });
  }

  get #form() {
    return this.#root.querySelector(".lobby-terms");
  }

  #button(name) {
    return this.#root.querySelector(`[data-lobby="${name}"]`);
  }

  #option(value, text) {
    const option = element("option", "", { value });
    show(option, text);
    return option;
  }

  /** The terms chosen in the form: {name (as typed), tc, colour}. */
  terms() {
    const form = this.#form;
    return { name: form.name.value, tc: form.tc.value, colour: form.colour.value };
  }

  /** Say `problem` (a msg(), or null) under the form, and bring the name field into view. */
  problem(problem) {
    const box = this.#root.querySelector(".lobby-problem");
    show(box, problem ?? "");
    if (problem) this.#form.name.focus();
  }

  #act(what, id) {
    const terms = this.terms();
    if (what === "join") this.#actions.join(id, terms);
    else this.#actions[what](terms);
  }

  /** Empty the root (the lobby closed): a lobby opened in it again shows nothing of this one,
   * whose form and buttons no longer act, until it has built its own. */
  clear() {
    this.#root.replaceChildren();
    this.#root.classList.remove("lobby");
    this.#rows.clear();
  }

  /** Show the model's view `view` (lobby-model.js) at `now`; `connected`: a relay is open. */
  render(view, now, connected) {
    const busy = Boolean(view.mine || view.pending || view.paired);
    for (const control of this.#form.elements) control.disabled = busy;
    setAttr(this.#button("cancel"), "hidden", !view.mine || view.paired ? "" : null);
    show(this.#root.querySelector(".lobby-status"), connected || view.paired ? this.#status(view) : msg("lobby.connecting"));
    this.#list(view, busy);
    this.#empty(view);
    this.#count(view.wishes.length, now);
  }

  #status({ mine, anyone, pending, paired, notice }) {
    if (paired) return msg("lobby.paired", { name: paired.opponent.name });
    const failed = notice ? msg(`lobby.notice.${notice.what}`, { name: notice.name ?? "?" }) : "";
    if (pending) return msg("lobby.asking", { name: pending.name ?? "?" });
    if (mine) {
      const waiting = msg(anyone ? "lobby.lookingForAnyone" : "lobby.waiting", { tc: tcText(mine.tc), wish: msg(`lobby.colour.${mine.colour}`) });
      return failed ? [failed, waiting] : waiting;
    }
    return failed;
  }

  #list({ wishes }, busy) {
    placeKeyedRows(
      this.#root.querySelector("tbody"),
      this.#rows,
      wishes,
      (wish) => wish.id,
      (wish) => this.#row(wish),
      (row, wish) => {
        setText(row.cells[0].firstChild, wish.name);
        setAttr(row, "class", wish.compatible ? "compatible" : "other");
        row.querySelector("button").disabled = busy;
      },
    );
    show(this.#root.querySelector("caption"), msg("lobby.caption", { n: wishes.length }));
    setAttr(this.#root.querySelector(".lobby-list"), "hidden", wishes.length ? null : "");
  }

  /** With nobody listed: "looking for players waiting" while the answers to the hello may still
   * come (the model's `looking`), then "nobody is waiting". */
  #empty({ wishes, looking }) {
    const empty = this.#root.querySelector(".lobby-empty");
    setAttr(empty, "hidden", wishes.length ? "" : null);
    show(empty, msg(looking ? "lobby.looking" : "lobby.empty"));
  }

  #row(wish) {
    const row = element("tr", "", { "data-wish": wish.id });
    const player = element("td", "");
    const games = element("small", "lobby-games");
    show(games, msg("lobby.games", { n: wish.games }));
    player.append(element("span", ""), games);
    row.append(player);
    for (const text of [tcText(wish.tc), msg(`lobby.colour.${wish.colour}`)]) {
      const cell = element("td", "");
      show(cell, text);
      row.append(cell);
    }
    const join = element("button", "", { type: "button", "data-join": wish.id });
    show(join, msg("lobby.join"));
    show(join, msg("lobby.join.label", { name: wish.name }), "aria-label");
    const cell = element("td", "");
    cell.append(join);
    row.append(cell);
    return row;
  }

  /** Say how many wait, politely, when it changed, at most once in COUNT_EVERY. */
  #count(n, now) {
    if (n === this.#said.count || now - this.#said.at < COUNT_EVERY) return;
    this.#said = { count: n, at: now };
    setText(this.#root.querySelector(".lobby-count"), t("lobby.caption", { n }));
  }
}
