// The lobby's open challenges by turns, drawn: what posting one publishes, its days a move and
// Post (the name and colour are the lobby's form's), what is happening (a polite live region),
// and the table of the challenges open (name, games as the player's own word, days a move,
// colour wished, how old: under the name), Join a row, Withdraw on this page's own; and this page's own open
// challenges in "Your games by turns" (renderMine). It decides nothing: turns-challenges.js
// does. Names from the network are text only (textContent), never HTML; rows are kept by
// author and changed only where their text changes, so hundreds cost little.
//
//   const view = new ChallengesView(root, {post(days), take(author), withdraw(me)});
//   view.render({list, mine, state, notice}, now);  renderMine(ul, mine, withdraw, notice, now)

import { msg, show, lang } from "../page/i18n.js";
import { element, setAttr, setText } from "../panels/dom.js";
import { placeKeyedRows } from "./table-rows.js";
import { CHALLENGE_DAYS } from "./turns-challenge.js";

const HTML = `<h3 class="challenges-title"></h3><p class="challenges-intro"></p>
<div class="challenges-post"><label><span class="lobby-label" data-say="days"></span>
<select name="days" id="challenge-days"></select></label>
<button type="button" id="challenge-post" data-say="post"></button></div>
<p class="challenges-status" role="status"></p>
<div class="lobby-scroll"><table class="challenges-list" id="challenges"><caption></caption><thead><tr>
<th scope="col" data-column="name"></th><th scope="col" data-column="days"></th><th scope="col" data-column="colour"></th>
<th scope="col"><span class="visually-hidden" data-column="join"></span></th></tr></thead>
<tbody></tbody></table></div><p class="challenges-empty"></p>`;

/** How long ago `at` was, in words of this page's language ("2 hours ago"). */
export function ageText(at, now = Date.now(), language = lang()) {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (minutes < 1) return format.format(0, "second"); // ("now")
  if (minutes < 60) return format.format(-minutes, "minute");
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), "hour");
  return format.format(-Math.round(minutes / 1440), "day");
}

const daysText = (days) => msg("online.turns.days", { n: days });

export class ChallengesView {
  #root;
  #rows = new Map(); // author -> <tr>

  constructor(root, actions) {
    this.#root = root;
    root.classList.add("challenges");
    root.innerHTML = HTML; // (a constant: nothing received goes in)
    show(root.querySelector(".challenges-title"), msg("challenges.title"));
    show(root.querySelector(".challenges-intro"), msg("challenges.intro"));
    for (const node of root.querySelectorAll("[data-say]")) show(node, msg(`challenges.${node.dataset.say}`));
    for (const head of root.querySelectorAll("[data-column]")) show(head, msg(`challenges.column.${head.dataset.column}`));
    const days = root.querySelector("#challenge-days");
    for (const n of CHALLENGE_DAYS) {
      const option = element("option", "", { value: String(n) });
      show(option, daysText(n));
      days.append(option);
    }
    days.value = "3";
    root.querySelector("#challenge-post").addEventListener("click", () => actions.post(Number(days.value)));
    root.querySelector("tbody").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-take], button[data-withdraw]");
      if (button?.dataset.take) actions.take(button.dataset.take);
      else if (button?.dataset.withdraw) actions.withdraw(button.dataset.withdraw);
    });
  }

  /** Draw `list` (turns-challenge.js view: the challenges open), `mine` (this page's own open
   * challenges), `state` (turns-challenges.js: the player's last action), `notice` at `now`. */
  render({ list, mine, state, notice }, now = Date.now()) {
    const root = this.#root;
    const own = new Set(mine.map((c) => c.me));
    root.querySelector("#challenge-post").disabled = state === "posting" || state === "taking" || mine.length > 0;
    root.dataset.challenges = state ?? "";
    const status = notice ? msg(notice.key, { name: notice.name }) : state ? msg(`challenges.state.${state}`) : "";
    show(root.querySelector(".challenges-status"), status);
    placeKeyedRows(
      root.querySelector("tbody"),
      this.#rows,
      list,
      (c) => c.author,
      (c) => this.#row(c, own.has(c.author)),
      (row, c) => {
        setText(row.querySelector(".challenges-age"), ageText(c.since, now));
        row.querySelector("button").disabled = state === "taking";
      },
    );
    show(root.querySelector("caption"), msg("challenges.caption", { n: list.length }));
    setAttr(root.querySelector(".challenges-list"), "hidden", list.length ? null : "");
    const empty = root.querySelector(".challenges-empty");
    setAttr(empty, "hidden", list.length ? "" : null);
    show(empty, msg("challenges.empty"));
  }

  #row(c, own) {
    const row = element("tr", own ? "mine" : "", { "data-challenge": c.author });
    const player = element("td", "");
    const name = element("span", "");
    name.textContent = c.name;
    const games = element("small", "lobby-games");
    show(games, msg("lobby.games", { n: c.games }));
    player.append(name, games, element("small", "lobby-games challenges-age"));
    row.append(player);
    for (const text of [String(c.days), msg(`lobby.colour.${c.colour}`)]) {
      const cell = element("td", "");
      show(cell, text);
      row.append(cell);
    }
    const button = element("button", "", { type: "button", [own ? "data-withdraw" : "data-take"]: c.author });
    show(button, msg(own ? "challenges.withdraw" : "lobby.join"));
    if (!own) show(button, msg("challenges.join.label", { name: c.name }), "aria-label");
    const cell = element("td", "");
    cell.append(button);
    row.append(cell);
    return row;
  }
}

/** This page's own open challenges in `list` (a <ul>), each with Withdraw, and `notice` (a
 * take not chosen) before them; items kept by challenge (a button keeps its focus); returns
 * how many challenges. */
export function renderMine(list, mine, withdraw, notice, now = Date.now()) {
  const kept = new Map([...list.children].map((item) => [item.dataset.challenge ?? "", item]));
  const items = mine.map((c) => {
    let item = kept.get(c.me);
    if (!item) {
      item = element("li", "", { "data-challenge": c.me });
      const button = element("button", "", { type: "button", "data-withdraw": c.me });
      button.addEventListener("click", () => withdraw(c.me));
      item.append(element("span", ""), " ", button);
    }
    show(item.firstChild, msg("challenges.mine", { days: daysText(c.days), colour: msg(`lobby.colour.${c.colour}`), age: ageText(c.since, now) }));
    show(item.lastChild, msg("challenges.withdraw"));
    return item;
  });
  if (notice) {
    const item = kept.get("") ?? element("li", "challenges-notice", { role: "status" });
    show(item, msg(notice.key, { name: notice.name }));
    items.unshift(item);
  }
  if (items.length !== list.children.length || items.some((item, i) => list.children[i] !== item)) list.replaceChildren(...items);
  list.hidden = items.length === 0;
  return mine.length;
}
