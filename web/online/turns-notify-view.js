// Notifications of games by turns, the page's part: the player's button under "Your games by
// turns" (asks the browser once, when pressed; never at load, never required; a refusal is
// remembered and said with how to turn it back on), the notification of the other's move that
// arrives while the page is hidden, and the list the service worker checks in the background
// (kept where it can read it: page/storage.js putForWorker), with the background check
// registered where the browser offers it (Periodic Background Sync: an installed app in
// Chromium). The pure part is turns-notify.js's. docs/online.md, "Notifications".
//
//   const notifier = new TurnsNotifier(storage, config);
//   notifier.moved(record, actions);      // turns.js: the other's turn taken in the open game
//   notifier.saved(records);              // turns.js: the games changed: the worker's list
//   const choice = new NotifyChoice(box, notifier, changed);   choice.render();

import { t } from "../page/i18n.js";
import { element, setText } from "../panels/dom.js";
import { putForWorker } from "../page/storage.js";
import { turnOf } from "../game/by-turns.js";
import { turnsKeys } from "./turns-events.js";
import { notifyState, moveNotice, watchList, NOTIFY_KEY, SYNC_TAG, SYNC_MS } from "./turns-notify.js";

const permission = () => globalThis.Notification?.permission;
const registration = () => navigator.serviceWorker?.getRegistration?.().catch(() => null) ?? Promise.resolve(null);

export class TurnsNotifier {
  #storage;
  #config;
  #writing = Promise.resolve();
  #cleared = false; // the worker's list removed since notifications were off
  background = false; // the browser took the background check

  constructor(storage, config) {
    this.#storage = storage;
    this.#config = config; // () => online.json's promise
  }

  get state() {
    return notifyState(permission(), this.#storage.get(NOTIFY_KEY));
  }

  /** The player's button: notifications turned off, or asked for (the browser asks now, once). */
  async toggle(records) {
    if (this.state === "on") this.#storage.set(NOTIFY_KEY, "off");
    else {
      let answer = permission();
      if (answer !== "granted") answer = await Promise.resolve(Notification.requestPermission()).catch(() => "denied");
      this.#storage.set(NOTIFY_KEY, answer === "granted" ? "on" : "refused");
    }
    await this.#register(this.state === "on");
    await this.saved(records);
  }

  /** The other player's turn (`actions`) taken in the open game: shown when the page is hidden. */
  async moved(record, actions) {
    if (this.state !== "on" || document.visibilityState !== "hidden" || !actions.length) return;
    const { title, body, tag } = moveNotice(record, actions);
    const options = { body, tag, icon: "icon-192.png" };
    const worker = await registration();
    try {
      if (worker) await worker.showNotification(title, options); // (Android's browsers only show it this way)
      else new Notification(title, options);
    } catch {
      // (the browser would not show it: nothing else to do)
    }
  }

  /** The games by turns changed: the list the service worker checks, written again (none when off). */
  saved(records) {
    this.#writing = this.#writing.then(async () => {
      if (this.state !== "on") return this.#cleared || putForWorker(null).then(() => (this.#cleared = true));
      this.#cleared = false;
      const tags = new Map();
      for (const r of records) if (turnOf(r) === "them") tags.set(r.room, (await turnsKeys(r.secret, r.room)).tag);
      await putForWorker(watchList(records, tags, (await this.#config()).relays));
    }).catch(() => null);
    return this.#writing;
  }

  /** The background check registered (or not) where the browser offers it. */
  async #register(on) {
    const sync = (await registration())?.periodicSync;
    this.background = false;
    if (!sync) return;
    try {
      if (on) await sync.register(SYNC_TAG, { minInterval: SYNC_MS });
      else await sync.unregister(SYNC_TAG);
      this.background = on;
    } catch {
      // (not an installed app, or the browser refuses it: the hidden page's notifications remain)
    }
  }
}

/** The button and what it says, under "Your games by turns". */
export class NotifyChoice {
  #p = {};
  #notifier;

  constructor(root, notifier, { records, changed }) {
    this.#notifier = notifier;
    const p = this.#p;
    p.box = root.appendChild(element("div", "turns-notify"));
    p.said = p.box.appendChild(element("p", "turns-notify-said", { role: "status", tabindex: "-1" }));
    p.button = p.box.appendChild(element("button", "", { type: "button", id: "turns-notify" }));
    let asking = false;
    p.button.addEventListener("click", async () => {
      if (asking) return;
      asking = true;
      await notifier.toggle(records()).finally(() => (asking = false));
      changed();
      (p.button.hidden ? p.said : p.button).focus(); // (the keyboard's place kept: on what now says the state)
    });
  }

  render() {
    const p = this.#p;
    const state = this.#notifier.state;
    p.box.hidden = state === "unsupported";
    p.box.dataset.state = state;
    if (p.box.hidden) return;
    setText(p.said, t(`online.turns.notify.state.${state === "on" && this.#notifier.background ? "background" : state}`));
    p.button.hidden = state === "refused" && permission() === "denied"; // (the browser would not ask: the text says where)
    setText(p.button, t(state === "on" ? "online.turns.notify.stop" : state === "refused" ? "online.turns.notify.again" : "online.turns.notify.ask"));
  }
}
