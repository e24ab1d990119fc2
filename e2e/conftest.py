"""Fixtures for the end-to-end tests: dist/ served on 127.0.0.1, a browser, a page watcher.

Every helper's e2e tests may use these:

- ``site_url``: ``http://127.0.0.1:PORT/``, dist/ served at the root.
- ``subpath_url``: ``http://127.0.0.1:PORT/tzaar-sub/``, dist/ served under a sub-path as on
  GitHub Pages (anything outside the sub-path is a 404).
- ``watch``: records the page's console errors, uncaught exceptions, failed requests and
  requests to another origin; ``watch.assert_clean()`` fails the test with all of them.
- ``open_site(url="")``: opens the page (``site_url`` + url, e.g. ``"index.html#..."``) with
  ``watch`` attached and returns it as soon as it is navigated (the engine may still load).
- ``ready_page``: the page at ``site_url`` with ``<html data-engine="ready">``.
- ``clipboard``: the page may read and write the clipboard (at ``site_url``'s origin).
- ``open_position(position, actions=(), shows=None)``: opens the link of a position (a game
  between two people; with ``actions``, a game link) and returns the page once the engine is
  ready and the board shows ``shows`` (by default ``position``), idle.
- ``wait_engine(page, want="ready")``: waits for data-engine to leave "loading", then fails
  unless it is ``want``.
- ``site_build``: build.py as a module (``site_build.DIST``, ``site_build.build()``...).

The browser is the system Chromium when there is one (build.system_chromium), else
Playwright's own. With CI set, a browser test never skips: a skip is reported as a failure.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from helpers import idle, link

ROOT = Path(__file__).resolve().parents[1]


def _load_build():
    spec = importlib.util.spec_from_file_location("tzaar_site_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()

CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
SUB_PATH = "/tzaar-sub/"
ENGINE_TIMEOUT_MS = 60_000  # Pyodide starts in about 2 s here; a loaded CI machine is slower

# As root Playwright adds --no-sandbox; the rest keeps Chromium off the (closed) network.
CHROMIUM_FLAGS = [
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


# --- Building and serving dist/ -------------------------------------------------------------


@pytest.fixture(scope="session")
def site_build():
    return build


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, built now unless build.py test has just built it (TZAAR_BUILT=1)."""
    if not os.environ.get("TZAAR_BUILT"):
        build.build(quiet=True)
    return build.DIST


class SubPathHandler(build.SiteHandler):
    """Serves the folder under SUB_PATH only, as GitHub Pages serves a project site."""

    def send_head(self):
        if self.path.split("?")[0] == SUB_PATH.rstrip("/"):
            self.send_response(301)  # as GitHub Pages does
            self.send_header("Location", SUB_PATH)
            self.end_headers()
            return None
        if not self.path.startswith(SUB_PATH):
            self.send_error(404, "Outside the sub-path")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path.removeprefix(SUB_PATH))


@contextmanager
def serving(directory: Path, handler=build.SiteHandler, prefix: str = "/"):
    """Serve a folder on a free port of 127.0.0.1 in a thread; yields its URL."""
    server = build.make_server(directory, 0, handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(dist_dir):
    with serving(dist_dir) as url:
        yield url


@pytest.fixture(scope="session")
def subpath_url(dist_dir):
    with serving(dist_dir, SubPathHandler, SUB_PATH) as url:
        yield url


# --- The browser ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's launch options, with the system Chromium when there is one."""
    options = dict(browser_type_launch_args)
    if browser_name == "chromium":
        chromium = build.system_chromium()
        if chromium and "channel" not in options:
            options["executable_path"] = chromium
        options["args"] = [*options.get("args", []), *CHROMIUM_FLAGS]
    return options


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a skipped browser test is a failure: it means nothing was checked."""
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped and not hasattr(report, "wasxfail") and _is_e2e(item):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """The same for a whole module skipped while it is collected."""
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped and _is_e2e(collector):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"


def _is_e2e(node) -> bool:
    return Path(str(node.path)).resolve().is_relative_to(Path(__file__).parent)


# --- Watching a page ------------------------------------------------------------------------


class PageWatch:
    """What went wrong on a page: console errors, exceptions, failed or foreign requests."""

    def __init__(self, allowed_origin: str):
        self.allowed_origin = allowed_origin
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed_requests: list[str] = []
        self.foreign_requests: list[str] = []
        self.requests: list[str] = []

    def attach(self, page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.context.on("request", self._on_request)  # the context also sees the worker's
        page.context.on("requestfailed", self._on_failed)
        page.context.on("response", self._on_response)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

    def _on_request(self, request) -> None:
        self.requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.allowed_origin:
            self.foreign_requests.append(request.url)

    def _on_failed(self, request) -> None:
        # net::ERR_ABORTED is the browser cancelling a request itself (a reload or a new page
        # while the icon still loads); a missing file shows as an HTTP status below.
        if request.failure != "net::ERR_ABORTED":
            self.failed_requests.append(f"{request.url}: {request.failure}")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failed_requests.append(f"{response.url}: HTTP {response.status}")

    def problems(self) -> list[str]:
        return [
            *(f"console error: {e}" for e in self.console_errors),
            *(f"uncaught exception: {e}" for e in self.page_errors),
            *(f"failed request: {r}" for r in self.failed_requests),
            *(f"request to another origin: {r}" for r in self.foreign_requests),
        ]

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "the page was not clean:\n" + "\n".join(problems)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def watch(site_url) -> PageWatch:
    return PageWatch(origin_of(site_url))


@pytest.fixture
def open_site(page, watch, site_url):
    """open_site(path="", base=site_url): the page, navigated, with `watch` attached."""
    attached = []

    def open_(path: str = "", base: str | None = None):
        base = base or site_url
        watch.allowed_origin = origin_of(base)
        if not attached:
            watch.attach(page)
            attached.append(page)
        page.goto(base + path)
        return page

    return open_


def wait_engine(page, want: str = "ready", timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Wait until <html data-engine> leaves "loading"; fail unless it is then `want`."""
    page.wait_for_selector("html[data-engine=ready], html[data-engine=error]", state="attached", timeout=timeout)
    state = page.get_attribute("html", "data-engine")
    assert state == want, f'data-engine="{state}", expected "{want}"'



@pytest.fixture(name="wait_engine")
def wait_engine_fixture():
    return wait_engine


@pytest.fixture
def ready_page(open_site):
    page = open_site()
    wait_engine(page)
    return page


@pytest.fixture
def clipboard(page, site_url):
    """Lets the page read and write the clipboard at the site's origin."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))


@pytest.fixture
def open_position(open_site):
    """open_position(position, actions=(), shows=None): the page at the link of `position` (and
    `actions`), the engine ready, `shows` (by default `position`) drawn."""

    def open_(position: str, actions=(), shows: str | None = None):
        page = open_site(link(position, actions))
        wait_engine(page)
        idle(page, shows or position)
        return page

    return open_
