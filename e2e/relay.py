"""The local signalling network for the online tests: a real Nostr relay on 127.0.0.1
(sitebuild/relay.py, the one `python3 build.py relay` runs) and the site served with an
online.json that points at it, as a host would edit it.

A test module imports the fixtures it uses:

    from relay import online_site, relay_url  # noqa: F401  (fixtures)

- ``relay_url``: ``ws://127.0.0.1:PORT``, the relay (one for the session).
- ``online_site``: ``http://127.0.0.1:PORT/``: dist/ served with online.json =
  {"relays": [relay_url], "iceServers": []} (host candidates only: nothing leaves the machine),
  and an index.html whose policy allows that relay (the policy that ships allows no local
  relay: sitebuild/online.py).
- ``two_relays``: two relays of the module's own (``LocalRelay``: each on a fixed port with a
  data folder, so that one stopped and started again has its events still), and
  ``two_relay_site``: dist/ served with both in its online.json (games by turns).

``local_site(dist, folder, relay)`` makes such a copy of dist/ (the lab's benchmarks use it too).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
import websocket  # websocket-client (a dependency of selenium, in the test tools)

from site_serving import build, serving

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from sitebuild.online import with_relay  # noqa: E402
from sitebuild.relay import free_port, running_relay, start_relay, stop_relay  # noqa: E402


def local_config(*relays: str) -> dict:
    """The online.json of the tests: the local relays, no STUN or TURN server."""
    return {"about": "tests: the local relay", "relays": list(relays), "iceServers": []}


def local_site(dist: Path, folder: Path, *relays: str) -> None:
    """Fill `folder` with dist/'s files (linked), an online.json that lists only `relays`, and
    an index.html whose policy allows them."""
    for entry in Path(dist).iterdir():
        if entry.name not in ("online.json", "index.html"):
            (folder / entry.name).symlink_to(entry.resolve())
    (folder / "online.json").write_text(json.dumps(local_config(*relays)))
    page = (Path(dist) / "index.html").read_text(encoding="utf-8")
    for relay in relays:
        page = with_relay(page, relay)
    (folder / "index.html").write_text(page, encoding="utf-8")


class LocalRelay:
    """A relay of the tests that can be stopped and started again: a fixed port, and a data
    folder that keeps its events across the restart (sitebuild/relay.py)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.process = None

    def start(self) -> None:
        if self.process is None:
            self.process = start_relay(Path(sys.executable), self.port, self.folder, self.folder / "relay.log")

    def stop(self) -> None:
        if self.process is not None:
            stop_relay(self.process)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def events(self, kind: int) -> dict[str, int]:
        """The events of `kind` the relay holds now: id -> created_at."""
        return {event["id"]: event["created_at"] for event in query(self.url, {"kinds": [kind]})}


def query(url: str, nostr_filter: dict) -> list[dict]:
    """The events the relay at `url` holds that match `nostr_filter` (NIP-01): a REQ until
    its EOSE."""
    socket = websocket.create_connection(url, timeout=10)
    try:
        socket.send(json.dumps(["REQ", "held", nostr_filter]))
        events = []
        while (frame := json.loads(socket.recv()))[0] != "EOSE":
            if frame[0] == "EVENT":
                events.append(frame[2])
        return events
    finally:
        socket.close()


def newest_on_all(relays: list[LocalRelay], kind: int, timeout: float = 20.0) -> None:
    """Wait until every relay of `relays` holds the newest event of `kind` that any of them
    holds (a page's copy is on every relay once each took it; a relay busier than the page's
    wait for its answer takes it later)."""
    deadline = time.monotonic() + timeout
    while True:
        held = [relay.events(kind) for relay in relays]
        every = {key: at for events in held for key, at in events.items()}
        newest = max(every, key=every.get, default=None)
        if newest and all(newest in events for events in held):
            return
        assert time.monotonic() < deadline, f"the newest event of kind {kind} is not on every relay: {held}"
        time.sleep(0.2)


@pytest.fixture(scope="session")
def relay_url(tmp_path_factory):
    log = tmp_path_factory.mktemp("relay") / "relay.log"
    with running_relay(Path(sys.executable), log=log) as url:
        yield url


@pytest.fixture(scope="session")
def online_site(dist_dir, relay_url, tmp_path_factory):
    """dist/ (its files linked, not copied) with the local relay's online.json and policy."""
    site = tmp_path_factory.mktemp("online-site")
    local_site(dist_dir, site, relay_url)
    with serving(site, build.SiteHandler) as url:
        yield url


@pytest.fixture(scope="module")
def two_relays(tmp_path_factory):
    """Two relays of the module's own, started ([first, second]); each stops at the end."""
    relays = [LocalRelay(tmp_path_factory.mktemp(f"relay-{n}")) for n in (1, 2)]
    try:
        for relay in relays:
            relay.start()
        yield relays
    finally:
        for relay in relays:
            relay.stop()


@pytest.fixture(scope="module")
def two_relay_site(dist_dir, two_relays, tmp_path_factory):
    """dist/ with an online.json and a policy of both relays of `two_relays`."""
    site = tmp_path_factory.mktemp("two-relay-site")
    local_site(dist_dir, site, *(relay.url for relay in two_relays))
    with serving(site, build.SiteHandler) as url:
        yield url
