// A file one feature makes, opened where a player looks first, in another feature's import:
// the feature that reads it registers its format here (app.js wires it), and the import that
// finds that format hands the text over. So Your games (learn/) opens a game by turns moved
// from another device without importing online play (a floor above it).
//
//   takeFormat("tzaar-turns-game", async (text) => ({ok, said}));   // app.js
//   const take = takerOf(JSON.parse(text));   // the registered function, or null
//   const {ok, said} = await take(text);      // said: the refusal in the page's language

/** format -> (text) => Promise<{ok, said}> */
const takers = new Map();

/** The files whose `format` is `format` go to `take(text)`, which resolves {ok, said} (`said`:
 * why it was refused, in words). Returns the function that unregisters it. */
export function takeFormat(format, take) {
  takers.set(format, take);
  return () => takers.get(format) === take && takers.delete(format);
}

/** The registered taker of `data` (a file's JSON) by its `format`, or null. */
export function takerOf(data) {
  const format = data && typeof data === "object" && !Array.isArray(data) ? data.format : undefined;
  return typeof format === "string" ? takers.get(format) ?? null : null;
}
