"""The smoke test in Firefox and in WebKit (Safari's engine): the rest of e2e/ runs in Chromium.

One scenario, run in each engine with a fresh profile (a first visit): the page gets ready,
the person plays White's opening capture by two clicks, the computer (Casual) answers with
its turn, the person plays a capture by clicks again; the service worker precaches the
release (the runtime not downloaded a second time, but in WebKit, whose service worker has
an HTTP cache of its own); a reload is then answered by the service worker (the page's scripts and the runtime come from its cache, not the server) and
brings the saved game back; a broken link shows its box and leaves the saved game alone.
Throughout: no console error, uncaught exception, unhandled rejection, failed load or
Content-Security-Policy violation (recorded inside the page by RECORDER, which the test's
server puts first into index.html: WebKit's automation forwards no console), no request
the server answered with an error, and, in Firefox, no console error its driver saw.

The browsers and drivers (e2e/engines.py) come from Debian and PyPI; without them the test
skips with the reason, and with CI set a skip counts as a failure (e2e/conftest.py).
The same server checks in Chromium that the precache downloads nothing twice.
"""

from __future__ import annotations

import json
import threading
from io import BytesIO
from urllib.parse import urlsplit

import pytest

from site_serving import build, serving
from sitebuild.serve import PagesHandler
from engines import ENGINES, EngineError, unavailable
from helpers import STANDARD

# selenium's own WebKitGTK driver calls a deprecated part of selenium.
pytestmark = [
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
    pytest.mark.browser_context_args(service_workers="allow"),  # (conftest blocks it elsewhere)
]

RECORDER_PATH = "/test-recorder.js"

# Runs before the page's own scripts: window.__errors, everything that went wrong.
RECORDER = b"""(() => {
  const errors = (window.__errors = []);
  const text = (v) => {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    try { return typeof v === "string" ? v : JSON.stringify(v); } catch { return String(v); }
  };
  const consoleError = console.error;
  console.error = function (...args) {
    errors.push("console error: " + args.map(text).join(" "));
    return consoleError.apply(this, args);
  };
  addEventListener("error", (e) => {
    if (e instanceof ErrorEvent) errors.push(`uncaught exception: ${text(e.error ?? e.message)}`);
    else errors.push(`failed to load: ${e.target?.src || e.target?.href || e.target?.tagName}`);
  }, true);
  addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " + text(e.reason)));
  addEventListener("securitypolicyviolation", (e) => errors.push(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
})();
"""


class RecordingHandler(build.SiteHandler):
    """dist/ with RECORDER first in index.html; every request and its status in `log`."""

    log: list[tuple[str, int]] = []

    def send_head(self):
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            page = (build.DIST / "index.html").read_bytes()
            head = page.index(b"<link")  # before the stylesheet and the module scripts
            body = page[:head] + f'<script src="{RECORDER_PATH[1:]}"></script>'.encode() + page[head:]
            return self._send(body, "text/html; charset=utf-8")
        if path == RECORDER_PATH:
            return self._send(RECORDER, "text/javascript; charset=utf-8")
        return super().send_head()

    def _send(self, body: bytes, kind: str):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return BytesIO(body)

    def log_request(self, code="-", size="-") -> None:
        RecordingHandler.log.append((self.path, int(code) if str(code).isdigit() else 0))


@pytest.fixture(scope="module")
def recorded_site(dist_dir):
    with serving(dist_dir, RecordingHandler) as url:
        yield url


@pytest.fixture(params=sorted(ENGINES))
def engine(request):
    reason = unavailable(request.param)
    if reason:
        pytest.skip(f"{request.param}: {reason}")
    browser = ENGINES[request.param]()
    try:
        yield browser
    finally:
        browser.close()


class Visit:
    """The scenario's steps on one engine; keeps the page's error records across navigations."""

    def __init__(self, engine, url: str):
        self.engine, self.url, self.errors = engine, url, []

    def collect(self) -> None:
        """Take the page's records before it is left (a navigation drops them)."""
        self.errors += self.engine.js("window.__errors || ['the recorder did not run']")

    def goto(self, path: str) -> None:
        self.engine.goto(self.url + path)
        self.ready()

    def ready(self) -> None:
        e = self.engine
        state = e.wait("document.documentElement.dataset.engine !== 'loading' && document.documentElement.dataset.engine",
                       what="the engine to load")
        assert state == "ready", f"{e.name}: data-engine={state}"
        e.wait_for("#board[data-state=idle]")

    def state(self) -> dict:
        return self.engine.js(
            "(() => { const s = window.tzaar.state; return {players: s.players, actions: s.actions.slice(0, s.cursor),"
            " busy: s.busy, side: s.view.side, legal: s.view.legal, position: document.querySelector('#board').dataset.position}; })()"
        )

    def act(self, action: str) -> None:
        """A capture by two clicks on the points' hit circles, as a person plays it."""
        e = self.engine
        # The board draws on the next frame: a click before it shows the person's turn means
        # nothing, and the position it showed before is not the one this action changes.
        e.wait_for('#board[data-state=idle][data-input="play"]')
        before = e.js("document.querySelector('#board').dataset.position")
        source, target = action.split("x")
        e.click(f'#board [data-point="{source}"] .hit')
        e.wait_for(f'#board [data-point="{source}"][data-selected="true"]')
        e.click(f'#board [data-point="{target}"][data-target="capture"] .hit')
        e.wait(f"document.querySelector('#board').dataset.position !== {json.dumps(before)}", what=f"{action} played")


def downloaded() -> list[str]:
    """The paths the server sent in full (a 304 is no download), in order, with repeats."""
    return [urlsplit(path).path for path, code in RecordingHandler.log if code == 200]


def test_the_precache_downloads_nothing_twice_in_chromium(page, dist_dir):
    """Served as GitHub Pages serves (lab/browser/bench_wire.py: gzip, ETag, max-age), the
    service worker revalidates what the page has just fetched (a 304) and leaves Pyodide's
    whole standard library for its first use. Counted once the engine is ready (the page's
    own downloads done), the service worker holds the release (its precache done) and the
    server has finished every answer it began."""
    class Answering(PagesHandler):
        """PagesHandler that knows how many requests it is still answering (a request's
        bytes are counted in `sent` before its answer ends)."""

        answering = 0
        done = threading.Condition()

        def do_GET(self) -> None:
            with self.done:
                Answering.answering += 1
            try:
                super().do_GET()
            finally:
                with self.done:
                    Answering.answering -= 1
                    self.done.notify_all()

    with serving(dist_dir, Answering) as url:
        PagesHandler.sent.clear()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready][data-offline=ready]", state="attached", timeout=60_000)
        with Answering.done:
            assert Answering.done.wait_for(lambda: Answering.answering == 0, timeout=60), "the server is still answering"
    downloads = [urlsplit(path).path for path, wire, _ in PagesHandler.sent if wire > 0]
    twice = sorted({p for p in downloads if downloads.count(p) > 1})
    assert not twice, f"downloaded twice: {twice}"
    assert "/pyodide/python_stdlib.zip" not in downloads and "/pyodide/pyodide.asm.wasm" in downloads


def first_capture(state: dict) -> str:
    captures = state["legal"]["captures"]
    source = sorted(captures)[0]
    return f"{source}x{sorted(captures[source])[0]}"


def test_the_game_plays_in_this_engine(engine, recorded_site):
    RecordingHandler.log.clear()
    visit = Visit(engine, recorded_site)
    visit.goto("")
    s = visit.state()
    assert s["players"] == {"white": "person", "black": "computer:novice"}
    assert s["position"] == STANDARD and s["side"] == "white"
    # A wait that times out says where the page stood (so that a slow turn shows its state).
    with pytest.raises(EngineError, match=r'"board": "idle", "game": \{"cursor": 0, "actions": 0, "busy": false'):
        engine.wait("false", timeout=0.2, what="nothing")

    # Two actions by clicks, with the computer's first reply between them.
    visit.act(first_capture(s))
    engine.wait("(() => { const s = window.tzaar.state; return s.cursor === 3 && !s.busy && s.view.side === 'white'"
                " && !s.thinking; })()", what="the computer's turn")
    engine.wait_for("#board[data-state=idle]")
    visit.act(first_capture(visit.state()))
    played = visit.state()
    assert len(played["actions"]) == 4 and played["side"] == "white"

    # A reload under the service worker brings the saved game back, from its cache.
    engine.wait_for("html[data-offline=ready]")
    # The precache left Pyodide's whole standard library for its first use, and took the
    # runtime from the HTTP cache (WebKit's service worker has an HTTP cache of its own).
    downloads = downloaded()
    assert "/pyodide/python_stdlib.zip" not in downloads
    if engine.name != "webkit":
        assert downloads.count("/pyodide/pyodide.asm.wasm") == 1, downloads
    visit.collect()
    since = len(RecordingHandler.log)
    engine.reload()
    visit.ready()
    assert engine.js("navigator.serviceWorker.controller !== null"), f"{engine.name}: no service worker controls the page"
    engine.wait(f"document.querySelector('#board').dataset.position === {json.dumps(played['position'])}",
                what="the saved game after the reload")
    assert visit.state()["actions"] == played["actions"]
    from_server = [path for path, _ in RecordingHandler.log[since:]]
    assert not [p for p in from_server if "app.js" in p or "pyodide.asm" in p], from_server

    # A broken link says so in its box and leaves the saved game alone.
    visit.collect()
    engine.goto("about:blank")
    visit.goto("index.html#not_a_position")
    text = engine.wait("(() => { const a = document.querySelector('#alert'); return a && !a.hidden && a.innerText; })()",
                       what="the broken link's box")
    assert "could not be read" in text and "untouched" in text, text
    # Drawn alike in every engine: no hyphen in English text, no native menu.
    looks = engine.js("(() => { const alert = getComputedStyle(document.querySelector('#alert .alert-text'));"
                      " const menu = getComputedStyle(document.querySelector('#language'));"
                      " return {hyphens: alert.hyphens ?? alert.webkitHyphens, menu: menu.appearance ?? menu.webkitAppearance}; })()")
    assert looks == {"hyphens": "manual", "menu": "none"}, looks
    engine.wait(f"document.querySelector('#board').dataset.position === {json.dumps(played['position'])}")
    engine.click('[data-command="dismiss-alert"]')
    engine.wait("document.querySelector('#alert').hidden")

    # A late error of the last step still reaches the records: wait for two frames and the
    # task after them (the dismissal drawn, its handlers' work done).
    engine.js("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))")
    visit.collect()
    failed = [f"HTTP {code}: {path}" for path, code in RecordingHandler.log if code >= 400]
    problems = visit.errors + engine.driver_errors() + failed
    assert not problems, f"{engine.name} was not clean:\n" + "\n".join(problems)
