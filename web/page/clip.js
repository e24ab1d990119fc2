// Clipping what a message quotes of the person's data (a damaged save, a bad link, a record):
// a short excerpt and its length, so that a one-megabyte input still gives a short message.

/** How many characters of an input a message quotes (the engine's errors quote 80). */
export const QUOTE_LIMIT = 40;
/** The longest message a box shows, whatever it quotes (a safety net). */
export const MESSAGE_LIMIT = 600;

/** `text` as is when short, else its start, "…" and its length: `ttttT/Ta… (1048576 characters)`. */
export function excerpt(text, limit = QUOTE_LIMIT) {
  const s = String(text);
  return s.length <= limit ? s : `${s.slice(0, limit)}… (${s.length} characters)`;
}

/** A whole message cut to MESSAGE_LIMIT characters (its quotes should already be excerpts). */
export function clipMessage(text, limit = MESSAGE_LIMIT) {
  const s = String(text ?? "");
  return s.length <= limit ? s : `${s.slice(0, limit)}…`;
}
