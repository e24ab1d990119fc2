// The lobby of strangers, wired: the model (lobby-model.js) hears and says its messages on the
// topic TOPIC of the signalling network (signal.js: small signed Nostr events, no connection
// between pages), lobby-view.js shows it, and once two players agree their game starts through
// `startGame` (online.js startOnlineGame: the only connection the lobby ever leads to). The
// lobby stops announcing as soon as this player is paired, and says its wish is gone when the
// lobby closes or the page goes away. The name typed is kept in the browser (the stored value
// "online.name", page/storage.js). Loaded on first use by the online panel.
//
//   const lobby = await openLobby(root, { signal, startGame, storage, finishedGames, challenges });
//   await lobby.close();   // withdraws the wish, stops hearing the lobby, empties root
//
// `signal`: an open signal.js network (its key, signal.author, gives this player's id); `startGame`: online.js startOnlineGame; `finishedGames()`:
// how many online games this player has finished on this page; `challenges`: the open
// challenges by turns (turns-challenges.js), listed below the live wishes while the lobby is
// open (turns-challenge-view.js), posted with the form's name and colour.

import { msg, loadLater } from "../page/i18n.js";
import { loadStyle } from "../page/style.js";
import { Lobby, idOf, gameOf } from "./lobby-model.js";
import { shownName, MAX_NAME, TIME_CONTROLS, COLOURS } from "./lobby-messages.js";
import { makeKeys, deriveGame } from "./lobby-keys.js";
import { LobbyView } from "./lobby-view.js";
import { ChallengesView } from "./turns-challenge-view.js";

export const TOPIC = "tzaar-lobby-v1";
const NAME = "online.name";
const TICK = 1_000;
// One literal URL, so that build.py stamps it with the release (?HASH).
const STYLE_URL = new URL("./lobby.css", import.meta.url);

/** The lobby in `root`; see the top of the file. */
export async function openLobby(root, { signal, startGame, storage, finishedGames = () => 0, challenges = null, now = () => Date.now() }) {
  const [keys] = await Promise.all([makeKeys(), loadStyle(STYLE_URL), loadLater()]);
  // (this player's id is its key's: the others take a message in its name from that key only)
  const lobby = new Lobby({ id: idOf(signal.author), key: keys.publicText });
  let hearing = true;
  let frame = 0;
  let started = false;
  let closed = false; // (closed: nothing more shown, its root emptied)

  const render = () => {
    frame = 0;
    if (closed) return;
    const at = now();
    view.render(lobby.view(view.terms(), at), at, signal.connected);
    challengesView?.render({ list: challenges.list(at), mine: challenges.mine(), state: challenges.state, notice: challenges.notice }, at);
    root.dataset.lobby = lobby.paired ? "paired" : lobby.pending ? "asking" : lobby.mine ? "waiting" : "open";
  };
  const changed = () => {
    frame ||= requestAnimationFrame(render);
  };
  /** Publish `messages` (lobby-model.js's answers); resolves once they went out. */
  const send = (messages) => {
    // (a relay gone: the next announcement tries again)
    const sent = Promise.all(messages.map((text) => signal.publish(TOPIC, JSON.parse(text)).catch(() => null)));
    if (lobby.paired && !started) start(sent);
    changed();
    return sent;
  };
  /** The terms typed, with a clean name, or null (the problem said). */
  const checked = (terms) => {
    const name = shownName(terms.name);
    view.problem(name ? null : msg("lobby.nameProblem"));
    if (!name) return null;
    storage.set(NAME, name);
    return { name, tc: terms.tc, colour: terms.colour, games: finishedGames() };
  };
  const stored = storage.get(NAME);
  const view = new LobbyView(
    root,
    {
      anyone: (terms) => (terms = checked(terms)) && send(lobby.playAnyone(terms, now())),
      post: (terms) => (terms = checked(terms)) && send(lobby.post(terms, now())),
      join: (id, terms) => (terms = checked(terms)) && send(lobby.join(id, terms, now())),
      cancel: () => send(lobby.withdraw(now())),
      terms: changed,
    },
    { name: typeof stored === "string" ? stored.slice(0, MAX_NAME) : "", tc: TIME_CONTROLS[2], colour: COLOURS[2] },
  );
  const byTurns = (act) => {
    const terms = checked(view.terms());
    if (terms) act(terms).then(changed, changed);
  };
  const challengesView = challenges && new ChallengesView(root.appendChild(document.createElement("section")), {
    post: (days) => byTurns(({ name, colour, games }) => challenges.post({ name, days, colour, games })),
    take: (author) => byTurns(({ name }) => challenges.take(author, name)),
    withdraw: (me) => challenges.withdraw(me).then(changed),
  });
  challenges?.watch().catch(() => null);

  // (the text as it came: its length is checked, not that of the message written again; its
  // author's key, whose signature signal.js checked: the id the message gives must be its)
  const unsubscribe = signal.subscribe(TOPIC, (data, from, text) => hearing && from && send(lobby.receive(text, now(), from)));
  const timer = setInterval(() => send(lobby.tick(now())), TICK);
  const stopHearing = () => {
    hearing = false;
    clearInterval(timer);
    unsubscribe();
  };

  /** The game of the pairing, once `sent` (the accept, for the player who waited) went out. */
  async function start(sent) {
    started = true;
    stopHearing(); // nothing more to say in the lobby: it stops announcing at once
    render(); // (now: the online panel may close the lobby before the next frame)
    const pairing = lobby.paired;
    await sent;
    const secrets = await deriveGame(keys.privateKey, pairing.opponent.key, pairing);
    await startGame(gameOf(pairing, lobby.id, secrets));
  }

  const leave = () => send(lobby.withdraw(now()));
  addEventListener("pagehide", leave);
  send(lobby.hello(now()));
  render();

  return {
    model: lobby,
    /** Close the lobby: its wish withdrawn (resolves once that went out), nothing more heard. */
    async close() {
      removeEventListener("pagehide", leave);
      closed = true;
      cancelAnimationFrame(frame);
      view.clear();
      delete root.dataset.lobby;
      challenges?.unwatch();
      if (started) return;
      stopHearing();
      await leave();
    },
  };
}
