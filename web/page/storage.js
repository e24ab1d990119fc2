// The browser's storage: the one module of the page that touches localStorage, and the one
// list of what the page keeps there. A feature asks for a value by its name ("theme"); its
// key in the browser is "tzaar." and the name. The names, and who keeps each:
//
//   language                     page/i18n.js: the language chosen on the page
//   theme                        page/theme.js: "light", "dark" or "auto"
//   sound                        page/sound.js: the sound effects on (true) or off
//   invited                      app.js: the invitation to the lessons closed
//   game                         game/saving.js: the saved game (read as its text)
//   game.set-aside               game/saving.js: a save that could not be read, kept as it was
//   game.waiting                 game/saving.js: the game that waits while a lesson or a puzzle holds the board
//   flipped                      game/saving.js: the board seen from Black's side
//   watch-speed                  game/saving.js: the speed of a game the computer plays alone
//   lessons.done                 learn/lessons.js: the lessons done
//   games                        learn/games.js: your finished games against the computer
//   puzzles.progress             learn/puzzles.js: the puzzle rating, mode, theme and streak (read as its text)
//   puzzles.progress.unreadable  learn/puzzles.js: a progress that could not be read, kept as it was
//   puzzles.solved               learn/puzzles.js: the puzzles solved
//   exercises                    learn/background.js, learn/exercises.js: your mistakes as exercises (learn/exercise-list.js; games.js backs it up)
//   online                       online/session.js, online/online.js: the online game being played (online/record.js: room, secret, the seat's keys, game, actions)
//   online.set-aside             online/online.js: an online game that could not be resumed, kept as it was
//   online.name                  online/online.js, online/lobby.js: the name this player gives in online games
//   turns                        online/turns.js: the games by turns, each whole (online/turns-record.js: room, secret,
//                                the seat's key, game, actions and their moments); app.js counts those where it is your turn
//   turns.set-aside              game/by-turns.js (panels/turn-count.js, at the page's start): the entries of "turns" that
//                                could not be read (damaged, edited, of another version), kept as they were, in a list
//   turns.challenges             online/turns-challenges.js: the open challenges by turns this page posted (their seat and
//                                ECDH keys) and those it took that their host has not bound yet
//   turns.notify                 online/turns-notify-view.js: notifications of games by turns "on", "off" or "refused"
//
// One value more is kept where the service worker can read it (it cannot read localStorage):
// the games by turns it checks in the background (online/turns-notify.js watchList: tags and
// public keys, no secret), in the Cache API as WORKER_FILE of the cache WORKER_CACHE
// (putForWorker; sw.js reads it). Nothing else of the page keeps anything in the browser: the
// engine's worker keeps its files in Pyodide's memory, and the service worker's caches
// (sw.js, "tzaar-<release>") hold the site's files for offline play.
//
// When the browser refuses its storage (storage turned off, some private windows) or the
// storage is full, a write keeps its value in memory instead, for the page's life, and the
// reads see it (a write says which: set and setText answer true when the browser took it). A
// stored text that is not JSON reads as null (get); getText gives it as it is, for the features
// that keep an unreadable value aside (saving.js, puzzles.js, online.js, by-turns.js). A name
// not in NAMES is a mistake of the page's code: it throws.

/** Every name the page keeps a value under (see above). */
export const NAMES = `language theme sound invited game game.set-aside game.waiting flipped watch-speed
  lessons.done games puzzles.progress puzzles.progress.unreadable puzzles.solved exercises online online.set-aside online.name turns turns.set-aside
  turns.challenges turns.notify`.split(/\s+/);

/** The browser's key of the value named `name` ("tzaar.theme"). */
export function keyOf(name) {
  if (!NAMES.includes(name)) throw new Error(`Not a stored value's name: ${name}`);
  return `tzaar.${name}`;
}

/** A store of the values named in NAMES over `local` (a Storage, or null: memory only). */
export function makeStorage(local) {
  const memory = new Map(); // key -> text: what `local` refused
  const getText = (name) => {
    const key = keyOf(name);
    if (memory.has(key)) return memory.get(key);
    try {
      return local.getItem(key);
    } catch {
      return null; // no storage, or one that cannot be read
    }
  };
  const setText = (name, text) => {
    const key = keyOf(name);
    try {
      local.setItem(key, text);
      memory.delete(key);
      return true;
    } catch {
      memory.set(key, text); // refused, or full
      return false;
    }
  };
  return {
    /** The value stored under `name`: null when there is none or its text is not JSON. */
    get(name) {
      const text = getText(name);
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    },
    /** The stored text as it is (null when absent), for a value that may not parse. */
    getText,
    /** Store `value` as JSON: true when the browser's storage took it, false when it is kept in memory only. */
    set(name, value) {
      return setText(name, JSON.stringify(value));
    },
    setText,
    remove(name) {
      const key = keyOf(name);
      memory.delete(key);
      try {
        local.removeItem(key);
      } catch {
        // no storage: the value was in memory only
      }
    },
  };
}

/** The browser's localStorage, or null where even reaching it throws. */
function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's store. */
export const storage = makeStorage(browserStorage());

/** The cache and the file (beside the page) of the value the service worker reads (sw.js). */
export const WORKER_CACHE = "tzaar-turns-watch";
export const WORKER_FILE = "turns-watch.json";

/** Keep `value` (JSON) for the service worker, or remove it (null); nothing where there is no Cache API. */
export async function putForWorker(value) {
  if (!globalThis.caches) return;
  const url = new URL(WORKER_FILE, location.href).href;
  const cache = await caches.open(WORKER_CACHE);
  if (value === null) await cache.delete(url);
  else await cache.put(url, new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } }));
}
