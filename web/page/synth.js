// The sound effects' synthesizer (Web Audio, no audio files), loaded by sound.js the first
// time a sound plays.

const VOLUME = 0.12; // quiet

/** Tones of each effect: [frequency Hz, start s, length s, type]. */
const TONES = {
  move: [[660, 0, 0.07, "triangle"]],
  capture: [[220, 0, 0.12, "square"], [165, 0.05, 0.14, "triangle"]],
  end: [[523, 0, 0.18, "triangle"], [659, 0.12, 0.18, "triangle"], [784, 0.24, 0.3, "triangle"]],
};

/** A player of the effects on one AudioContext: {play(effect)}; playing never throws (no
 * AudioContext, or a browser that refuses one, is silence). */
export function makeSynth() {
  let context = null;
  return {
    play(effect) {
      try {
        context ??= new AudioContext();
        if (context.state === "suspended") context.resume().catch(() => {});
        const now = context.currentTime;
        for (const [frequency, start, length, type] of TONES[effect] ?? []) {
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
        // No audio here: silence.
      }
    },
  };
}
