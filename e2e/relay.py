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

``local_site(dist, folder, relay)`` makes such a copy of dist/ (the lab's benchmarks use it too).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from site_serving import build, serving

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from sitebuild.online import with_relay  # noqa: E402
from sitebuild.relay import running_relay  # noqa: E402


def local_config(relay: str) -> dict:
    """The online.json of the tests: the local relay, no STUN or TURN server."""
    return {"about": "tests: the local relay", "relays": [relay], "iceServers": []}


def local_site(dist: Path, folder: Path, relay: str) -> None:
    """Fill `folder` with dist/'s files (linked), an online.json that lists only `relay`, and
    an index.html whose policy allows it."""
    for entry in Path(dist).iterdir():
        if entry.name not in ("online.json", "index.html"):
            (folder / entry.name).symlink_to(entry.resolve())
    (folder / "online.json").write_text(json.dumps(local_config(relay)))
    page = (Path(dist) / "index.html").read_text(encoding="utf-8")
    (folder / "index.html").write_text(with_relay(page, relay), encoding="utf-8")


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
