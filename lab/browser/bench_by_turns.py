"""Games by turns over the local relay: a game of 40 turns played by visits, the events it leaves
on the relay (count and bytes), and the time from opening the game by its link to the other
player's latest move on the board, against opening the page with no game in the same run.

    .venv/bin/python -m lab.browser.bench_by_turns [--turns 40] [--rounds 8] [--no-build]

A local Nostr relay (sitebuild/relay.py, as `python3 build.py relay --data FOLDER`, its events
in a sqlite file) and dist/ served with an online.json that lists only it. Two players, each a
browser context whose storage is kept between its visits (Playwright's storage_state), never
open at the same time, as in e2e/test_online_turns.py: Ann makes a game by turns (a day a
move, the standard setup, she plays Black) and closes the page; Bob opens the link, joins,
plays White's first turn and closes; then each in turn opens the game by its link, waits
for the other's turn on the board (`#board[data-position]`), plays a turn by clicks and
closes once a relay took the copy. The actions are those of a quick chooser in CPython
(captures of the opponent's most numerous type, then mostly a pass: a game that lasts), the
first seed whose game has no winner after `--turns` turns. Before playing, a visit waits
for the copy the page publishes when it opens the game to be taken and for the next second
of the clock: a player takes at least that long, and the local relay (nostr-relay) replaces
a player's copy only by one of a later second.

The events: after the last turn, the relay's events of the copies' kind (30078) under the
game's tag, read by a REQ and from the relay's sqlite file (lab/browser/relay_events.py):
their count, bytes (each event's JSON), and the largest; beside them, what the pages sent
over the game (every EVENT frame, counted in the pages).

The time: the player who did not play the last turn opens the game by its link with its
storage as it left it before that turn (the relay has the other's copy), `--rounds` times,
each from a fresh context (cold caches, as bench_loading's "cold"); from navigation start to
`#board[data-position]` showing the position after the last turn, and to the engine ready
(<html data-engine="ready">), read in the page by an observer installed before its scripts.
The baseline, alternating with it: the same page opened with no game, to the engine ready.
Each visit of the game is timed the same way (to the other's turn on the board), at every
length of the game. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from helpers import STANDARD, act, engine  # noqa: E402
from online_helpers import online, wait_actions  # noqa: E402
from relay import local_site  # noqa: E402

from lab.browser.relay_events import event_bytes, events_on, stored_events, summarize  # noqa: E402
from lab.browser.site import chromium, served  # noqa: E402
from sitebuild.relay import running_relay  # noqa: E402

KIND = 30078  # web/online/turns-events.js COPY_KIND

# Installed before the page's own scripts: when the engine is ready and when the board shows
# window.__want (performance.now(): ms from navigation start), and every EVENT frame sent.
PROBE = """(() => {
  const marks = (window.__marks = {});
  const check = () => {
    if (!marks.ready && document.documentElement?.getAttribute("data-engine") === "ready") marks.ready = performance.now();
    if (!marks.shown && window.__want && document.getElementById("board")?.getAttribute("data-position") === window.__want) marks.shown = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith('["EVENT"')) window.__sent.push(new TextEncoder().encode(data).length);
    return send.call(this, data);
  };
})();"""


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def long_game(turns: int, seed: int = 0, stack_share: float = 0.2) -> list[str]:
    """The actions of `turns` turns from the standard setup (White's first turn is one action,
    every other two) with no winner after them: a capture of the opponent's most numerous
    type, then a stack that does not lose (one time in five) or a pass; seeds from `seed` on."""
    for attempt in range(seed, seed + 50):
        rng = random.Random(attempt)
        position, actions = STANDARD, []
        for n in range(2 * turns - 1):
            view = engine("view", position=position)
            if view["winner"]:
                break
            legal = view["legal"]
            other = "black" if view["side"] == "white" else "white"
            stacks = [a for a in legal["actions"] if "-" in a and a not in legal["losing"]]
            if n % 2 == 0 and n > 0:  # a turn's second action
                action = rng.choice(stacks) if stacks and rng.random() < stack_share else "pass"
            else:
                captures = [a for a in legal["actions"] if "x" in a]
                action = max(captures, key=lambda a: view["tops"][other][view["points"][a.split("x")[1]]["type"]] + rng.random())
            position = engine("play", position=position, actions=[action])["positions"][-1]
            actions.append(action)
        else:
            if not engine("view", position=position)["winner"]:
                return actions
    raise ValueError(f"no game of {turns} turns without a winner from seeds {seed} to {seed + 49}")


def turn_bounds(turns: int) -> list[tuple[int, int]]:
    """Each turn's actions, [start, end): White's first turn one action, the others two."""
    return [(0, 1)] + [(2 * k - 1, 2 * k + 1) for k in range(1, turns)]


class Player:
    """A person's browser: its storage kept between visits, each visit a fresh context."""

    def __init__(self, browser, name: str):
        self.browser, self.name, self.state = browser, name, None
        self.sent: list[int] = []  # the bytes of each event its pages sent

    def open(self, url: str, want: str | None, state: dict | None = None):
        """A visit: a fresh context with the storage `state` (else this player's), the page at `url`."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state if state is not None else self.state)
        context.add_init_script(PROBE)
        if want:
            context.add_init_script(f"window.__want = {json.dumps(want)};")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        if want:
            page.wait_for_selector(f'#board[data-position="{want}"]', state="attached", timeout=60_000)
        return context, page

    def leave(self, context, page, keep: bool = True) -> dict:
        """The tab closed: the visit's marks and events sent kept, its storage (with `keep`) for the next visit."""
        marks = page.evaluate("() => window.__marks")
        self.sent += page.evaluate("() => window.__sent")
        state = context.storage_state()
        context.close()
        if keep:
            self.state = state
        return marks


def saved(page, n: int) -> None:
    """Wait until a relay took this page's copy with `n` actions."""
    page.wait_for_selector(f'#turns-game[data-saved="{n}"]', state="attached", timeout=30_000)


def next_second(page) -> None:
    """Wait for the page's clock to reach the next whole second (a copy published now is of a later second)."""
    page.wait_for_function("s => Date.now() >= s", arg=(page.evaluate("Date.now()") // 1000 + 1) * 1000)


def play_turn(page, actions: list[str], done: int) -> None:
    """Wait for the copy published at the opening (a later second), play `actions`, and wait for
    the copy with them to be taken."""
    saved(page, done)
    next_second(page)
    for action in actions:
        act(page, action)
    wait_actions(page, done + len(actions))
    saved(page, done + len(actions))


def play_game(browser, site: str, actions: list[str], turns: int):
    """The game played by visits: (the link, [each returning visit's marks, in order], the
    player who did not play the last turn and its storage as it left before it, [the bytes of
    each event the pages sent])."""
    positions = engine("play", position=STANDARD, actions=actions)["positions"]
    ann, bob = Player(browser, "Ann"), Player(browser, "Bob")
    context, page = ann.open(site, None)
    page.click("#online-button")
    page.wait_for_selector("#online-create")
    page.fill("#online-name", "Ann")
    page.select_option("#online-clock", "1d")
    page.select_option("#online-colour", "black")
    if page.is_visible("#online-start"):
        page.select_option("#online-start", "standard")
    page.click("#online-create")
    online(page, "waiting")
    page.wait_for_selector("[data-invite]:not(:empty)")
    link = page.text_content("[data-invite]")
    saved(page, 0)
    ann.leave(context, page)

    context, page = bob.open(link, None)
    page.wait_for_selector("#online-join:not([hidden])")
    page.fill("#online-name", "Bob")
    page.click("#online-join")
    online(page, "playing")
    play_turn(page, actions[:1], 0)
    bob.leave(context, page)

    before_last, visits = None, []
    for turn, (start, end) in enumerate(turn_bounds(turns)[1:], start=2):
        mover, other = (ann, bob) if turn % 2 == 0 else (bob, ann)
        if turn == turns:
            before_last = (other, other.state)
        context, page = mover.open(link, positions[start - 1])
        play_turn(page, actions[start:end], start)
        visits.append(mover.leave(context, page))
        print(f"turn {turn}: {mover.name} {' '.join(actions[start:end])}", file=sys.stderr)
    return link, visits, before_last, ann.sent + bob.sent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build(quiet=True)
    actions = long_game(args.turns)
    last = engine("play", position=STANDARD, actions=actions)["positions"][-1]
    with tempfile.TemporaryDirectory(prefix="tzaar-bench-relay-") as data, running_relay(Path(sys.executable), data=Path(data)) as relay, \
            tempfile.TemporaryDirectory() as folder:
        local_site(build.DIST, Path(folder), relay)
        with served(dist=Path(folder)) as url, chromium() as browser:
            link, visits, (reader, state), sent = play_game(browser, url, actions, args.turns)
            tags = {tag[1] for e in events_on(relay, {"kinds": [KIND]}) for tag in e["tags"] if tag[0] == "d"}
            read = events_on(relay, {"kinds": [KIND], "#d": sorted(tags)})
            stored = stored_events(Path(data) / "events.sqlite3", KIND)
            opened, ready_in_game, bare = [], [], []
            for _ in range(args.rounds):
                context, page = reader.open(url, None, state={"cookies": [], "origins": []})
                bare.append(reader.leave(context, page, keep=False)["ready"])
                context, page = reader.open(link, last, state=state)
                marks = reader.leave(context, page, keep=False)
                opened.append(marks["shown"])
                ready_in_game.append(marks["ready"])
    visits = [v["shown"] for v in visits]
    on_relay, in_file = summarize(read), summarize(stored)
    print(f"a game of {args.turns} turns ({len(actions)} actions) by {len(visits) + 2} visits; game tags on the relay: {len(tags)}")
    print(f"on the relay (REQ kind {KIND} and the game's tag): {on_relay.count} events of {on_relay.authors} authors, "
          f"{on_relay.bytes:,} bytes (content {on_relay.content:,}), the largest {on_relay.largest:,} bytes")
    for event in sorted(read, key=lambda e: e["created_at"]):
        print(f"  an event of {event['pubkey'][:8]}, created_at {event['created_at']}: {event_bytes(event):,} bytes")
    print(f"in the relay's sqlite file: {in_file.count} events, {in_file.bytes:,} bytes, the largest {in_file.largest:,}")
    print(f"sent by the pages over the game: {len(sent)} events, {sum(sent):,} bytes (EVENT frames), the largest {max(sent):,}")
    median, base = statistics.median(opened), statistics.median(bare)
    print(f"opening the game by its link to the other's latest move on the board ({len(actions)} actions): median {median:.0f} ms, "
          f"p95 {p95(opened):.0f} ms ({args.rounds} rounds); engine ready in that page {statistics.median(ready_in_game):.0f} ms")
    print(f"the page with no game to the engine ready: median {base:.0f} ms, p95 {p95(bare):.0f} ms: ratio {median / base:.2f} "
          f"(+{median - base:.0f} ms); the move on the board {statistics.median(o - r for o, r in zip(opened, ready_in_game)):.0f} ms after ready (median)")
    print(f"each visit of the game, opening to the other's turn on the board: median {statistics.median(visits):.0f} ms, "
          f"p95 {p95(visits):.0f} ms ({len(visits)} visits; first ten {statistics.median(visits[:10]):.0f} ms, last ten {statistics.median(visits[-10:]):.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
