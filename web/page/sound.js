// Sound effects: a soft click for a move, a lower knock for a capture, a short rising chord
// at the end of the game. Off by default; the setting is saved (tzaar.sound) and shown on the
// topbar's sound button. The synthesizer (synth.js) loads the first time a sound plays, so a
// page with sound off never fetches it.
//
//   const sound = new Sound(button, storage);
//   sound.toggle();
//   sound.after(state, effects);   // from the game's subscription: plays what happened

import { msg, show } from "./i18n.js";

const KEY = "tzaar.sound";
/** The effects synth.js plays. */
const EFFECTS = new Set(["move", "capture", "end"]);

export class Sound {
  #button;
  #storage;
  #synth = null; // a promise of synth.js's player, once a sound has played
  on = false;
  /** The effects played, latest last (read by the e2e tests). */
  played = [];

  constructor(button, storage) {
    this.#button = button;
    this.#storage = storage;
    this.#apply(storage.get(KEY) === true);
  }

  #apply(on) {
    this.on = on;
    this.#button.setAttribute("aria-pressed", String(on));
    const name = this.#button.querySelector("#sound-name");
    if (name) show(name, msg(on ? "sound.on" : "sound.off"));
    this.#storage.set(KEY, on);
  }

  toggle() {
    this.#apply(!this.on);
    if (this.on) this.play("move"); // so the person hears how loud it is
  }

  /** Play what the last change of the game brought: a move, a capture, the end. */
  after(state, effects) {
    if (!effects.action) return;
    this.play(state.view?.winner ? "end" : effects.captured ? "capture" : "move");
  }

  play(effect) {
    if (!this.on || !EFFECTS.has(effect)) return;
    this.played.push(effect);
    this.#synth ??= import("./synth.js").then((module) => module.makeSynth());
    this.#synth.then((synth) => synth.play(effect)).catch(() => {}); // no audio here: silence
  }
}
