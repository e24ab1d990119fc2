// The lobby of strangers, wired: the model (lobby-model.js) fed by the network (lobby-net.js,
// or any `connect` of the same shape), shown by lobby-view.js, and, once two players agree,
// their game started through `startGame` (the online game's start: the only connection the
// lobby ever opens). Loaded on first use by the online panel. The name typed is kept in the
// browser (the stored value "online.name", page/storage.js).
//
//   const lobby = await openLobby(root, { connect, startGame, storage, finishedGames });
//   lobby.close();   // withdraws the wish, leaves the network
//
// `connect({onMessage, onStatus})` returns {publish(text), close()} (lobby-net.js connectLobby
// with the relays bound); `startGame({room, secret, colour, tc, name, opponent})` starts the
// game between the two paired pages (colour: this player's, "white" or "black"; opponent:
// {name, games}); `finishedGames()`: the online games finished on this page.

import { msg, loadLater } from "../page/i18n.js";
import { loadStyle } from "../analysis/panel.js";
import { Lobby, randomId } from "./lobby-model.js";
import { cleanName, TIME_CONTROLS, COLOURS } from "./lobby-messages.js";
import { makeKeys, deriveGame } from "./lobby-keys.js";
import { LobbyView } from "./lobby-view.js";

const NAME = "online.name";
// One literal URL, so that build.py stamps it with the release (?HASH).
const STYLE_URL = new URL("./lobby.css", import.meta.url);
const TICK = 1_000;

/** The lobby in `root`; see the top of the file. */
export async function openLobby(root, { connect, startGame, storage, finishedGames = () => 0, now = () => Date.now() }) {
  const [keys] = await Promise.all([makeKeys(), loadStyle(STYLE_URL), loadLater()]);
  const lobby = new Lobby({ id: randomId(), key: keys.publicText });
  let net = null;
  let timer = 0;
  let frame = 0;
  let started = false;

  const stored = storage.get(NAME);
  const prefs = { tc: TIME_CONTROLS[2], colour: COLOURS[2] };
  const render = () => {
    frame = 0;
    view.render(lobby.view(view.terms(), now()), now(), Boolean(net?.connected));
    root.dataset.lobby = lobby.paired ? "paired" : lobby.pending ? "asking" : lobby.mine ? "waiting" : "open";
  };
  const changed = () => {
    frame ||= requestAnimationFrame(render);
  };
  const send = (texts) => {
    for (const text of texts) net?.publish(text);
    if (lobby.paired && !started) start();
    changed();
  };
  /** The terms typed, with a clean name, or null (the problem said). */
  const checked = (terms) => {
    const name = cleanName(terms.name);
    view.problem(name ? null : msg("lobby.nameProblem", { n: 24 }));
    if (!name) return null;
    storage.set(NAME, name);
    return { name, tc: terms.tc, colour: terms.colour, games: finishedGames() };
  };
  const view = new LobbyView(
    root,
    {
      anyone: (terms) => (terms = checked(terms)) && send(lobby.playAnyone(terms, now())),
      post: (terms) => (terms = checked(terms)) && send(lobby.post(terms, now())),
      join: (id, terms) => (terms = checked(terms)) && send(lobby.join(id, terms, now())),
      cancel: () => send(lobby.withdraw(now())),
      terms: changed,
    },
    { name: typeof stored === "string" ? stored : "", ...prefs },
  );

  async function start() {
    started = true;
    clearInterval(timer);
    const pairing = lobby.paired;
    net?.close(); // nothing more to say in the lobby: it stops announcing at once
    net = null;
    const { room, secret } = await deriveGame(keys.privateKey, pairing.opponent.key, pairing);
    const { name, games } = pairing.opponent;
    await startGame({ room, secret, colour: pairing.colour, tc: pairing.tc, name: pairing.name, opponent: { name, games } });
  }

  net = connect({
    onMessage: (text, sender) => send(lobby.receive(text, now(), sender)),
    onStatus: changed,
  });
  send(lobby.hello(now()));
  timer = setInterval(() => send(lobby.tick(now())), TICK);
  const leave = () => send(lobby.withdraw(now()));
  addEventListener("pagehide", leave);
  render();

  return {
    model: lobby,
    close() {
      removeEventListener("pagehide", leave);
      if (!started) leave();
      clearInterval(timer);
      cancelAnimationFrame(frame);
      const closing = net;
      net = null;
      // (the withdrawal is signed first: give it a moment to go out)
      setTimeout(() => closing?.close(), 500);
    },
  };
}
