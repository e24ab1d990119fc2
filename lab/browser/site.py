"""dist/ served on a free local port and a Chromium to open it: what the browser benchmarks share.

    with site_in_chromium(handler) as (browser, url):   # url: "http://127.0.0.1:PORT/"
        ...
    with served(handler, dist) as url, chromium() as browser:   # another dist/ too
        ...
    with relay_site() as (relay, site):   # a local Nostr relay, dist/ with an online.json and a policy for it
        ...

The browser is the system's Chromium when there is one (build.system_chromium), else
Playwright's own, launched with the e2e tests' flags; both are closed on the way out.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "e2e"))  # conftest
sys.path.insert(0, str(_ROOT))
from conftest import CHROMIUM_FLAGS, build  # noqa: E402
from relay import local_site  # noqa: E402
from sitebuild.relay import running_relay  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402


@contextmanager
def served(handler=build.SiteHandler, dist=None):
    """Serve `dist` (dist/ by default) with `handler` on a free port: yields its base URL."""
    server = build.make_server(dist or build.DIST, 0, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextmanager
def site_in_chromium(handler=build.SiteHandler):
    """Serve dist/ with `handler` and launch Chromium: yields (browser, base URL)."""
    with served(handler) as url, chromium() as browser:
        yield browser, url


@contextmanager
def chromium():
    """The system's Chromium (else Playwright's), launched with the e2e tests' flags."""
    with sync_playwright() as playwright:
        options = {"args": CHROMIUM_FLAGS}
        if build.system_chromium():
            options["executable_path"] = build.system_chromium()
        browser = playwright.chromium.launch(**options)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def relay_site(dist: Path | None = None):
    """A local Nostr relay (sitebuild/relay.py) and a folder with the files of `dist` (dist/ by
    default; linked), an online.json that lists only that relay and no ICE server, and a policy
    that allows it (e2e/relay.py local_site): yields (relay URL, folder), for served(dist=folder)."""
    with running_relay(Path(sys.executable)) as relay, tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        local_site(dist or build.DIST, site, relay)
        yield relay, site
