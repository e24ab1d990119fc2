"""The lobby of strangers with hundreds of players waiting: the relay's traffic and the page's memory.

    .venv/bin/python -m lab.browser.bench_lobby [--players 300] [--window 60] [--no-build] [--dist DIR]

A local Nostr relay (sitebuild/relay.py) and the built site pointed at it; one page of Chromium
with the lobby open (Play online > Play a stranger). Two phases in the same run:

- baseline: nobody waits; for `--window` seconds;
- crowd: `--players` simulated players (e2e/lobby_crowd.py, each its own key) wait, each
  announcing its wish every 30 s as the page does (ANNOUNCE_EVERY), spread evenly; measured
  once the page lists them all, for `--window` seconds.

Each phase prints: the lobby's messages a second on the relay (every event of the lobby's topic,
counted by a subscriber of our own), the page's main thread busy (CDP Performance.getMetrics's
TaskDuration over the window: ms of tasks a second), its JavaScript heap in use after a
collection (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage), its DOM nodes (CDP
Memory.getDOMCounters), and the rows listed; and how long the page took to list every player
once they had all announced. Then the ratios of the crowd to the baseline. `--dist DIR`: another
build's dist/ (an older commit's, built by its own build.py), served instead of ours (with
--no-build). Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest, lobby_crowd, relay
sys.path.insert(0, str(_ROOT))
from conftest import build  # noqa: E402
from lobby_crowd import KIND, TOPIC, Crowd, open_lobby  # noqa: E402
import websocket  # noqa: E402

from lab.browser.site import chromium, relay_site, served  # noqa: E402

ANNOUNCE_EVERY = 30.0  # web/online/lobby-model.js


class Counter:
    """Counts the lobby's events that the relay passes on, from a subscription of its own."""

    def __init__(self, relay: str):
        self.socket = websocket.create_connection(relay)
        self.socket.send(json.dumps(["REQ", "count", {"kinds": [KIND], "#x": [TOPIC], "since": int(time.time())}]))
        self.count = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                frame = json.loads(self.socket.recv())
            except Exception:  # noqa: BLE001 (the socket closed: the count is final)
                return
            if frame[:1] == ["EVENT"]:
                self.count += 1


def measure(page, cdp) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"] / 2**20
    nodes = cdp.send("Memory.getDOMCounters")["nodes"]
    rows = page.locator(".lobby-list tbody tr").count()
    return {"heap": heap, "nodes": nodes, "rows": rows}


def busy(cdp) -> float:
    """Seconds the page's main thread has spent in tasks so far (CDP TaskDuration)."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration")


def phase(counter: Counter, cdp, window: float, tick=None) -> tuple[float, float]:
    """Messages a second on the relay and ms of the page's tasks a second, over `window`
    seconds (`tick()` called meanwhile)."""
    start, began, tasks = counter.count, time.monotonic(), busy(cdp)
    while time.monotonic() - began < window:
        if tick:
            tick()
        time.sleep(0.05)
    seconds = time.monotonic() - began
    return (counter.count - start) / seconds, (busy(cdp) - tasks) * 1000 / seconds


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.browser.bench_lobby", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--window", type=float, default=60.0)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=None, help="another build's dist/ to serve")
    args = parser.parse_args()
    if not args.no_build and args.dist is None:
        build.build(quiet=True)
    with relay_site(args.dist) as (relay, site):
        with served(build.SiteHandler, site) as url, chromium() as browser:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(url)
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
            open_lobby(page)
            counter = Counter(relay)
            print(f"Chromium {browser.version}; the lobby open in one page; {args.players} simulated players; windows of {args.window:.0f} s.\n")
            base_rate, base_busy = phase(counter, cdp, args.window)
            base = measure(page, cdp)
            with Crowd(relay) as crowd:
                for n in range(args.players):
                    crowd.wait(f"Player {n + 1}", tc=("untimed", "3+2", "5+3", "10+5", "20+10")[n % 5], colour=("white", "black", "random")[n % 3], games=n % 40)
                announced = time.monotonic()  # (each wish taken by the relay)
                page.wait_for_function(f"() => document.querySelectorAll('.lobby-list tbody tr').length === {args.players}", timeout=120_000, polling=50)
                listed = time.monotonic() - announced
                gap = ANNOUNCE_EVERY / args.players
                state = {"next": time.monotonic(), "i": 0}

                def tick() -> None:  # each player again every 30 s, spread evenly
                    while time.monotonic() >= state["next"]:
                        player = crowd.players[state["i"] % args.players]
                        crowd.send(player.signer, player.wish(), wait=False)
                        state["i"] += 1
                        state["next"] += gap

                crowd_rate, crowd_busy = phase(counter, cdp, args.window, tick)
                full = measure(page, cdp)
            context.close()
    print("| phase | lobby messages/s on the relay | page's tasks, ms/s | page heap | DOM nodes | rows listed |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, rate, tasks, m in (("baseline (nobody waits)", base_rate, base_busy, base), (f"{args.players} waiting", crowd_rate, crowd_busy, full)):
        print(f"| {name} | {rate:.2f} | {tasks:.1f} | {m['heap']:.2f} MB | {m['nodes']} | {m['rows']} |")
    print(f"\nAll {args.players} listed {listed:.2f} s after the last had announced.")
    print(f"\nCrowd / baseline: heap x{full['heap'] / base['heap']:.2f} (+{full['heap'] - base['heap']:.2f} MB, "
          f"{(full['heap'] - base['heap']) * 1024 / args.players:.1f} KB a player), DOM nodes x{full['nodes'] / base['nodes']:.2f}; "
          f"messages {crowd_rate:.2f}/s against {base_rate:.2f}/s ({crowd_rate / args.players * ANNOUNCE_EVERY:.2f} a player every 30 s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
