// The address bar and the sharing controls: the address follows the game, a new address
// opens its position or game, "Copy link" and "Share" send the position, and the alert says
// why a link or a save could not be used.

import { positionAt } from "../game/game.js";
import { parseLink, positionHash, gameHash, linkTo } from "./address.js";
import { t, tr, msg, lang, loadLater } from "../page/i18n.js";
import { clipMessage } from "../page/clip.js";
import { loadStyle } from "../page/style.js";

/**
 * Keep the address on the shown position (replaceState: no history entry per action, and no
 * hashchange, so the page never reopens its own address; in a task of its own, just after the
 * change), and open a new one typed or pasted into the address bar.
 */
export function bindAddress(game) {
  // The address is written in a task of its own, once for the changes of one task
  // (replaceState costs a phone several milliseconds: not inside the engine's answer).
  let written = null; // the fragment written last (null: the address may hold anything)
  let due = false;
  const write = () => {
    due = false;
    const url = linkTo(written);
    if (location.href !== url) history.replaceState(history.state, "", url);
  };
  const sync = (state) => {
    if (!state.view || state.busy) return; // once the engine has answered for the shown position
    const hash = positionHash(positionAt(state));
    if (hash === written) return;
    written = hash;
    if (!due) setTimeout(write);
    due = true;
  };
  const unbind = game.subscribe(sync);
  const onHashChange = () => {
    written = null; // a person's address: read it, then write the shown position again
    const link = parseLink(location.hash);
    const state = game.state;
    if (link.kind === "none") return sync(state);
    if (link.kind === "position" && state.view && link.position === positionAt(state)) return;
    game.openLink(link);
    sync(game.state); // a link that cannot be opened leaves the game, and its address
  };
  window.addEventListener("hashchange", onHashChange);
  return () => {
    unbind();
    window.removeEventListener("hashchange", onHashChange);
  };
}

/** The link of the shown position, and of the whole game. */
export function positionLink(state) {
  return linkTo(positionHash(positionAt(state)));
}
export function gameLink(state) {
  return linkTo(gameHash(state.start, state.actions));
}

/** Copy text; resolves true when it is on the clipboard. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Say something on a button for two seconds ("Link copied"), then put its label back. */
export function flash(button, text) {
  const label = button.querySelector(".btn-label") ?? button;
  const original = button.dataset.label ?? label.textContent;
  button.dataset.label = original;
  label.textContent = text;
  clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(setTimeout(() => {
    label.textContent = original;
    delete button.dataset.timer;
  }, 2000));
}

// The look of Copy link's two choices, loaded before they first show.
const CHOICES_STYLE = new URL("./copy-choices.css", import.meta.url);
let choicesStyle = null;

/**
 * "Copy link" and "Share" (shown only where the browser has a share sheet). Once moves have
 * been played, Copy link offers both links: the game link (with its history) and the
 * position link; the button and the status say which one was copied.
 */
export class ShareControls {
  #game;
  #status;
  #choices;

  constructor(root, game) {
    this.#game = game;
    this.copy = root.querySelector("#copy-link");
    this.share = root.querySelector("#share-link");
    this.#status = root.querySelector("#share-status");
    this.share.hidden = typeof navigator.share !== "function";
    this.#choices = root.querySelector("#copy-choices");
    this.copy.setAttribute("aria-expanded", "false");
    this.copy.addEventListener("click", async () => {
      if (!this.#game.state.actions.length) return this.#copyLink("position");
      if (this.#choices.hidden) await (choicesStyle ??= loadStyle(CHOICES_STYLE).catch(() => null)); // (once)
      this.#showChoices(this.#choices.hidden);
    });
    for (const button of this.#choices.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => this.#copyLink(button.dataset.copy));
    }
    this.share.addEventListener("click", async () => {
      const state = this.#game.state;
      const side = msg(state.view?.side === "black" ? "side.black" : "side.white");
      try {
        await navigator.share({
          title: "TZAAR",
          text: state.view?.winner ? t("share.finished") : t("share.toPlay", { side }),
          url: positionLink(state),
        });
      } catch (error) {
        if (error?.name === "AbortError") return;
        await loadLater(); // the texts said after a press (i18n.js: the later file)
        this.#say(t("share.noSheet"));
      }
    });
  }

  #showChoices(show) {
    this.#choices.hidden = !show;
    this.copy.setAttribute("aria-expanded", String(show));
    if (show) this.#choices.querySelector("[data-copy]").focus();
  }

  async #copyLink(which) {
    this.#showChoices(false);
    const state = this.#game.state;
    const url = which === "game" ? gameLink(state) : positionLink(state);
    const done = await copyText(url);
    await loadLater(); // the texts said after a copy (i18n.js: the later file)
    this.copy.dataset.copied = done ? which : "false";
    flash(this.copy, done ? t(`share.copied.${which}`) : t("share.copyFailed"));
    this.#say(done ? t(`share.onClipboard.${which}`) : t("share.byHand", { url }));
  }

  #say(text) {
    if (this.#status) this.#status.textContent = text;
  }

  render(state) {
    const ready = Boolean(state.view);
    this.copy.disabled = !ready;
    if (!state.actions.length && !this.#choices.hidden) this.#showChoices(false);
    this.share.disabled = !ready;
  }
}

/** The alert over the board: a link or a save that could not be used, with a way on. */
export class AlertBox {
  #root;
  #shown = null;
  #lang = null;

  constructor(root) {
    this.#root = root;
  }

  render(state) {
    const alert = state.alert;
    if (alert === this.#shown && lang() === this.#lang) return;
    this.#shown = alert;
    this.#lang = lang();
    const root = this.#root;
    root.hidden = !alert;
    if (!alert) {
      delete root.dataset.kind;
      return;
    }
    root.dataset.kind = alert.kind;
    root.querySelector(".alert-title").textContent = t(alert.kind === "save" ? "alert.save" : alert.kind === "record" ? "alert.record" : "alert.link");
    root.querySelector(".alert-text").textContent = clipMessage(tr(alert.text));
  }
}
