"""Serving dist/ and watching a page, for the e2e tests' fixtures (conftest.py) and for the
tests that serve a site of their own: build.py as a module, the servers (at the root and
under a sub-path), a page's problems (PageWatch) and the engine's readiness (wait_engine)."""

from __future__ import annotations

import importlib.util
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]


def _load_build():
    spec = importlib.util.spec_from_file_location("tzaar_site_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


SUB_PATH = "/tzaar-sub/"
# A page's service worker precaches the whole site, Pyodide's runtime included, on every
# fresh context: about a tenth of the browser tests' time. The tests of offline play,
# loading, the engines and the site's policy run it; the others' contexts block it.
NO_SERVICE_WORKER = {"service_workers": "block"}
ENGINE_TIMEOUT_MS = 60_000  # Pyodide starts in about 2 s here; a loaded CI machine is slower


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


def wait_engine(page, want: str = "ready", timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Wait until <html data-engine> leaves "loading"; fail unless it is then `want`."""
    page.wait_for_selector("html[data-engine=ready], html[data-engine=error]", state="attached", timeout=timeout)
    state = page.get_attribute("html", "data-engine")
    assert state == want, f'data-engine="{state}", expected "{want}"'
