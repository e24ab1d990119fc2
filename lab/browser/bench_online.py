"""Online play over the local relay: from opening the invite to both boards live, and an
action's way from one board to the other, each with a same-run baseline of the bare library;
and an action's way through the relays (no direct path) beside the direct path, paced.

    .venv/bin/python -m lab.browser.bench_online [--rounds 5] [--actions 30] [--pace 1000] [--no-build]

A local Nostr relay (sitebuild/relay.py, as `python3 build.py relay`) and dist/ served with
an online.json that lists only it, no ICE server (host candidates: two contexts of one
Chromium). Each round: a host page makes an invite through the panel, a guest page opens the
link (engine ready), and "invite to live" runs from the guest's press on "Join the game" to
the later of the two pages' <html data-online="playing">; then `--actions` actions are
played by clicks, alternately by the side to move, and an action's way runs from the moment
the mover's page sent it (session.exchange.timings.sent) to the moment the other page's game played
it (session.exchange.timings.shown). The baselines: two bare pages joining a Trystero room on the same
relay (join to both connected), and one data-channel message's way between them. Epoch
milliseconds of one machine, so the two pages' moments compare. Not part of the test run.

The relay path (web/online/relay-path.js): the guest's RTCPeerConnection gathers no candidate
(online_helpers.NO_DIRECT_PATH: relay candidates only, no TURN server), so the game goes
through the relay as Nostr events; each round plays `--actions` actions at one every `--pace`
ms (a quick game: its links ration their frames, as public relays want) on that path and, in
the same round, on the direct path, so that the two compare.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from helpers import some_turns  # noqa: E402
from online_helpers import NO_DIRECT_PATH, act, invite, online, open_player, wait_actions  # noqa: E402

from lab.browser.site import chromium, relay_site, served  # noqa: E402

FALLBACK_MS = 5000  # web/online/room.js FALLBACK_MS

NOW = "performance.timeOrigin + performance.now()"
BECAME_PLAYING = f"""() => new Promise((resolve) => {{
  const seen = () => document.documentElement.dataset.online === "playing";
  if (seen()) return resolve({NOW});
  new MutationObserver((_, observer) => {{ if (seen()) {{ observer.disconnect(); resolve({NOW}); }} }})
    .observe(document.documentElement, {{ attributes: true, attributeFilter: ["data-online"] }});
}})"""
BARE_JOIN = f"""async ({{room, relay}}) => {{
  const lib = await import('./online/lib/trystero.js');
  const start = {NOW};
  const joined = lib.joinRoom({{appId: 'tzaar-bench', password: 'bench-secret', relayConfig: {{urls: [relay]}}, rtcConfig: {{iceServers: []}}}}, room);
  const channel = joined.makeAction('bench');
  window.bench = {{got: [], send: (x) => channel.send(x)}};
  channel.onMessage = (data) => window.bench.got.push({NOW} - JSON.parse(data).at);
  window.benchJoined = new Promise((resolve) => (joined.onPeerJoin = () => resolve({{start, at: {NOW}}})));
}}"""


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def bare_round(browser, url: str, relay: str, messages: int) -> tuple[float, list[float]]:
    """Two bare pages in a room: (join to both connected, ms), [one message's way, ms]."""
    pages = [open_player(browser, url) for _ in range(2)]
    room = secrets.token_hex(8)
    for page in pages:
        page.evaluate(BARE_JOIN, {"room": room, "relay": relay})
    joined = [page.evaluate("() => window.benchJoined") for page in pages]
    live = max(j["at"] for j in joined) - min(j["start"] for j in joined)
    for i in range(messages):
        pages[i % 2].evaluate(f"() => window.bench.send(JSON.stringify({{at: {NOW}}}))")
        pages[1 - i % 2].wait_for_function("n => window.bench.got.length >= n", arg=i // 2 + 1)
    ways = [w for page in pages for w in page.evaluate("() => window.bench.got")]
    for page in pages:
        page.context.close()
    return live, ways


def game_round(browser, url: str, played: list[str], init: str = "", pace: float = 0) -> tuple[float, list[float]]:
    """An invite accepted and `played` played, one every `pace` ms at the most (the guest's page
    with the init script `init`): (invite to live, ms), [an action's way, ms]."""
    host = open_player(browser, url)
    link = invite(host, colour="white")
    guest = open_player(browser, link, init=init)
    guest.wait_for_selector("#online-join")
    for page in (host, guest):
        page.evaluate(f"() => {{ window.benchLive = ({BECAME_PLAYING})(); }}")
    pressed = guest.evaluate(f"() => {{ const at = {NOW}; document.querySelector('#online-join').click(); return at; }}")
    live = max(page.evaluate("() => window.benchLive") for page in (host, guest)) - pressed
    online(host, "playing")
    for n, action in enumerate(played):
        mover = host if n == 0 or (n - 1) // 2 % 2 == 1 else guest
        started = time.monotonic()
        act(mover, action)
        wait_actions(guest if mover is host else host, n + 1)
        time.sleep(max(0.0, pace / 1000 - (time.monotonic() - started)))
    timings = {name: page.evaluate("() => window.tzaar.online.session.exchange.timings") for name, page in (("host", host), ("guest", guest))}
    ways = []
    for n in range(len(played)):
        sender, receiver = ("host", "guest") if n == 0 or (n - 1) // 2 % 2 == 1 else ("guest", "host")
        ways.append(timings[receiver]["shown"][str(n)] - timings[sender]["sent"][str(n)])
    for page in (host, guest):
        page.context.close()
    return live, ways


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--pace", type=float, default=1000, help="ms between two actions on the two paths compared")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build(quiet=True)
    played, _ = some_turns(args.actions)
    with relay_site() as (relay, site):
        with served(dist=site) as url, chromium() as browser:
            lives, ways, bare_lives, bare_ways = [], [], [], []
            paced, relayed_lives, relayed = [], [], []
            for _ in range(args.rounds):
                live, w = bare_round(browser, url, relay, 20)
                bare_lives.append(live)
                bare_ways += w
                live, w = game_round(browser, url, played)
                lives.append(live)
                ways += w
                paced += game_round(browser, url, played, pace=args.pace)[1]
                live, w = game_round(browser, url, played, init=NO_DIRECT_PATH, pace=args.pace)
                relayed_lives.append(live)
                relayed += w
    print(f"invite to live: median {statistics.median(lives):.0f} ms, p95 {p95(lives):.0f} ms ({args.rounds} rounds); "
          f"bare Trystero join {statistics.median(bare_lives):.0f} ms: ratio {statistics.median(lives) / statistics.median(bare_lives):.2f}")
    print(f"an action's way: median {statistics.median(ways):.1f} ms, p95 {p95(ways):.1f} ms ({len(ways)} actions); "
          f"bare message {statistics.median(bare_ways):.1f} ms (p95 {p95(bare_ways):.1f}): ratio {statistics.median(ways) / statistics.median(bare_ways):.1f}")
    print(f"an action's way, one every {args.pace:.0f} ms: through the relays median {statistics.median(relayed):.1f} ms, p95 {p95(relayed):.1f} ms "
          f"({len(relayed)} actions); direct median {statistics.median(paced):.1f} ms, p95 {p95(paced):.1f} ms ({len(paced)} actions): "
          f"ratio {statistics.median(relayed) / statistics.median(paced):.1f}")
    print(f"invite to live through the relays: median {statistics.median(relayed_lives):.0f} ms, p95 {p95(relayed_lives):.0f} ms "
          f"(the relay path starts after {FALLBACK_MS} ms without a direct connection)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
