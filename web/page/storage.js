// The browser storage of the page's settings and of the saved game (saving.js reads and writes
// the game and its settings): localStorage when it works, memory otherwise.
const memory = new Map();

function backend() {
  try {
    const probe = "__tzaar_probe__";
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

const local = backend();

export const storage = {
  get(key) {
    try {
      const text = local ? local.getItem(key) : memory.get(key);
      return text == null ? null : JSON.parse(text);
    } catch {
      return null;
    }
  },
  /** The stored text as it is (null when absent), for a save that may not parse. */
  getText(key) {
    try {
      return local ? local.getItem(key) : (memory.get(key) ?? null);
    } catch {
      return null;
    }
  },
  setText(key, text) {
    try {
      if (local) local.setItem(key, text);
      else memory.set(key, text);
    } catch {
      memory.set(key, text);
    }
  },
  remove(key) {
    memory.delete(key);
    try {
      local?.removeItem(key);
    } catch {
      // nothing to do: the key is gone or cannot be reached
    }
  },
  set(key, value) {
    const text = JSON.stringify(value);
    try {
      if (local) local.setItem(key, text);
      else memory.set(key, text);
    } catch {
      memory.set(key, text);
    }
  },
};
