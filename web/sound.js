// Sound effects, synthesized with the Web Audio API (no audio files): a soft click for a
// move, a lower knock for a capture, a short rising chord at the end of the game. Off by
// default; the setting is saved (tzaar.sound) and shown on the topbar's sound button.
//
//   const sound = new Sound(button, storage);
//   sound.toggle();
//   sound.after(state, effects);   // from the game's subscription: plays what happened

import { msg, show } from "./i18n.js";

const KEY = "tzaar.sound";
const VOLUME = 0.12; // quiet

/** Tones of each effect: [frequency Hz, start s, length s, type]. */
const TONES = {
  move: [[660, 0, 0.07, "triangle"]],
  capture: [[220, 0, 0.12, "square"], [165, 0.05, 0.14, "triangle"]],
  end: [[523, 0, 0.18, "triangle"], [659, 0.12, 0.18, "triangle"], [784, 0.24, 0.3, "triangle"]],
};

export class Sound {
  #button;
  #storage;
  #context = null;
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
    if (!this.on || !TONES[effect]) return;
    this.played.push(effect);
    try {
      this.#context ??= new AudioContext();
      const context = this.#context;
      if (context.state === "suspended") context.resume().catch(() => {});
      const now = context.currentTime;
      for (const [frequency, start, length, type] of TONES[effect]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = type;
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, now + start);
        gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(now + start);
        oscillator.stop(now + start + length + 0.02);
      }
    } catch {
      // No audio here (no AudioContext, or the browser refused): silence.
    }
  }
}
