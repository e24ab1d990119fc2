"""Firefox and WebKit for the smoke tests of e2e/test_engines.py, behind one small interface.

Playwright drives only its own builds of Firefox and WebKit, which cannot be downloaded here,
so these two are Debian's and each has its own driver (docs/building.md, "Three engines"):

- Firefox: Debian's `firefox-esr`, headless, spoken to over WebDriver BiDi (a websocket that
  Firefox itself opens with `--remote-debugging-port`; no geckodriver), through selenium's
  BiDi connection.
- WebKit (Safari's engine): WebKitGTK's MiniBrowser, driven by `WebKitWebDriver` (Debian's
  `webkit2gtk-driver`) with selenium, on a display of its own: an Xvfb started here.

Both offer what the smoke test needs and no more: `goto`, `reload`, `js` (an expression,
awaited, its value back through JSON), `wait` (until an expression is true), `click` (at the
centre of an element, as a person clicks: WebKit's WebDriver refuses a click on an SVG `<g>`,
"element not interactable"), `screenshot`, `set_size`, and `driver_errors` (what the driver
itself saw: Firefox's console errors; WebKit's automation forwards no console, so the page
records its own, see test_engines.RECORDER). `unavailable()` says why a browser cannot run here.
"""

from __future__ import annotations

import base64
import glob
import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

WAIT_S = 60.0  # Pyodide starts in seconds; a loaded 2-core CI machine is slower
POLL_S = 0.05
MINIBROWSER_GLOBS = ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/lib/*/webkitgtk-6.0/MiniBrowser")


class EngineError(AssertionError):
    """A browser did not do what the test asked (a timeout, a script error, no element)."""


def _first_program(*candidates: str | None) -> str | None:
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def firefox_path() -> str | None:
    """$TZAAR_FIREFOX, else Debian's firefox-esr, else a firefox on the PATH."""
    return _first_program(os.environ.get("TZAAR_FIREFOX"), shutil.which("firefox-esr"), shutil.which("firefox"))


def minibrowser_path() -> str | None:
    """$TZAAR_MINIBROWSER, else the MiniBrowser of Debian's WebKitGTK."""
    found = [p for pattern in MINIBROWSER_GLOBS for p in sorted(glob.glob(pattern))]
    return _first_program(os.environ.get("TZAAR_MINIBROWSER"), *found)


def unavailable(name: str) -> str | None:
    """Why `name` ("firefox" or "webkit") cannot run here, or None when it can."""
    try:
        import selenium  # noqa: F401  (both drivers speak through it)
    except ImportError:
        return "selenium is missing (pip install -e '.[test]')"
    if name == "firefox":
        return None if firefox_path() else "no Firefox (Debian: apt-get install firefox-esr)"
    missing = [
        what
        for what, there in (
            ("WebKitWebDriver (Debian: webkit2gtk-driver)", shutil.which("WebKitWebDriver")),
            ("MiniBrowser (Debian: webkit2gtk-driver)", minibrowser_path()),
            ("Xvfb (Debian: xvfb)", shutil.which("Xvfb")),
        )
        if not there
    ]
    return "no " + ", no ".join(missing) if missing else None


# What each driver runs in the page: the expression's value, awaited, as JSON text (so both
# drivers hand back plain data), or the error it threw.
_AS_JSON = (
    "Promise.resolve().then(() => ({expr})).then("
    "(value) => JSON.stringify({{value: value === undefined ? null : value}}),"
    " (error) => JSON.stringify({{error: String(error && error.stack || error)}}))"
)

# The viewport centre of the first element matching a selector, scrolled into view, and the
# element found at that point (it must be the one, or inside it).
_CENTRE = """((selector) => {
  const target = document.querySelector(selector);
  if (!target) return {missing: true};
  target.scrollIntoView({block: "center", inline: "center"});
  const box = target.getBoundingClientRect();
  const x = Math.round(box.left + box.width / 2), y = Math.round(box.top + box.height / 2);
  const hit = document.elementFromPoint(x, y);
  return {x, y, inside: Boolean(hit && (hit === target || target.contains(hit) || hit.contains(target)))};
})"""

# What a timed-out wait reports of the page (window.tzaar is the page's read-only state).
_WHERE = """(() => {
  const s = window.tzaar?.state;
  return {engine: document.documentElement.dataset.engine ?? null,
          offline: document.documentElement.dataset.offline ?? null,
          board: document.querySelector('#board')?.dataset.state ?? null,
          game: s ? {cursor: s.cursor, actions: s.actions.length, busy: s.busy, thinking: s.thinking,
                     side: s.view?.side ?? null, players: s.players, notice: s.notice ?? null,
                     searched: s.thinkingInfo ? {depth: s.thinkingInfo.depth, elapsed: s.thinkingInfo.elapsed} : null} : null};
})()"""


class Engine:
    """What the smoke test asks of a browser; the two subclasses say it to their driver."""

    name = ""

    def _evaluate(self, script: str) -> str:
        raise NotImplementedError

    def _click_at(self, x: int, y: int) -> None:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def set_size(self, width: int, height: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def driver_errors(self) -> list[str]:
        return []

    def js(self, expression: str):
        """The value of a JavaScript expression in the page (a promise is awaited), through
        JSON: a DOM node comes back as {}, so ask for `... !== null` instead."""
        answer = json.loads(self._evaluate(_AS_JSON.format(expr=expression)))
        if "error" in answer:
            raise EngineError(f"{self.name}: {expression[:200]} threw {answer['error']}")
        return answer["value"]

    def wait(self, expression: str, timeout: float = WAIT_S, what: str = ""):
        """Poll until the expression is truthy; its value. Fails after `timeout` seconds."""
        end = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: waited {timeout:.0f} s for {what or expression}; "
                                  f"the page stood at {self.where()}")
            time.sleep(POLL_S)

    def where(self) -> str:
        """Where the page stands, for a failure's message: the engine's and the board's
        flags and the game's cursor, or why they could not be read."""
        try:
            return json.dumps(self.js(_WHERE))
        except EngineError as error:
            return f"(unreadable: {error})"

    def wait_for(self, selector: str, timeout: float = WAIT_S):
        return self.wait(f"document.querySelector({json.dumps(selector)}) !== null", timeout, selector)

    def click(self, selector: str) -> None:
        """A mouse click at the centre of the element, once it is there and on top."""
        self.wait_for(selector)
        spot = self.js(f"{_CENTRE}({json.dumps(selector)})")
        if spot.get("missing") or not spot["inside"]:
            raise EngineError(f"{self.name}: {selector} is not there to click ({spot})")
        self._click_at(spot["x"], spot["y"])


class Firefox(Engine):
    """firefox-esr, headless, over WebDriver BiDi (Firefox's own websocket: no geckodriver)."""

    name = "firefox"

    def __init__(self, width: int = 1280, height: int = 900, prefs: dict | None = None):
        """`prefs`: Firefox preferences for the fresh profile (user.js), e.g. for WebRTC."""
        from selenium.webdriver.remote.websocket_connection import WebSocketConnection

        self.profile = tempfile.mkdtemp(prefix="tzaar-firefox-")
        if prefs:
            Path(self.profile, "user.js").write_text("".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        command = [firefox_path(), "--headless", "--no-remote", "--profile", self.profile,
                   "--remote-debugging-port=0", "about:blank"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.stderr: list[str] = []
        lines: queue.Queue[str] = queue.Queue()
        # Drained all along in a thread: a full pipe would stop Firefox.
        threading.Thread(target=self._drain, args=(lines,), daemon=True).start()
        url = None
        end = time.monotonic() + WAIT_S
        while url is None:
            try:
                line = lines.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                self.close()
                raise EngineError("Firefox did not open WebDriver BiDi:\n" + "".join(self.stderr[-20:])) from None
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            url = found and found[1]
        self.bidi = WebSocketConnection(url + "/session", WAIT_S, 0.01)
        self._send("session.new", {"capabilities": {}})
        self.log: list[dict] = []
        self.bidi.callbacks["log.entryAdded"] = [self.log.append]
        self._send("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self._send("browsingContext.getTree", {})["contexts"][0]["context"]
        self.set_size(width, height)

    def _drain(self, lines: queue.Queue) -> None:
        for line in self.process.stderr:
            self.stderr.append(line)
            lines.put(line)

    def _send(self, method: str, params: dict) -> dict:
        reply = self.bidi.send_cmd(method, params)
        if "error" in reply:
            raise EngineError(f"firefox: {method}: {reply['error']}: {reply.get('message', '')}")
        return reply["result"]

    def _evaluate(self, script: str) -> str:
        result = self._send("script.evaluate", {"expression": script, "target": {"context": self.context},
                                                "awaitPromise": True, "resultOwnership": "none"})
        if result["type"] != "success":
            raise EngineError(f"firefox: {result['exceptionDetails'].get('text')}")
        return result["result"]["value"]

    def _click_at(self, x: int, y: int) -> None:
        pointer = [{"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                   {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        self._send("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}]})

    def goto(self, url: str) -> None:
        self._send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def set_size(self, width: int, height: int) -> None:
        self._send("browsingContext.setViewport",
                   {"context": self.context, "viewport": {"width": width, "height": height}})

    def screenshot(self, path: Path) -> None:
        data = self._send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def driver_errors(self) -> list[str]:
        return [f"console {e.get('level')}: {e.get('text')}" for e in self.log if e.get("level") == "error"]

    def close(self) -> None:
        try:
            if getattr(self, "bidi", None):
                self.bidi.send_cmd("browser.close", {})
            self.process.wait(timeout=15)
            if getattr(self, "bidi", None):
                # after Firefox is gone: its socket closed, selenium's reader ends at once
                # (closed first, selenium waits 10 s for it)
                self.bidi.close()
        except Exception:  # noqa: BLE001  (closing must not hide the test's own failure)
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (selenium), on its own Xvfb display."""

    name = "webkit"

    def __init__(self, width: int = 1280, height: int = 900):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb, display = start_xvfb(width + 200, height + 200)
        options = Options()
        options.binary_location = minibrowser_path()
        options.add_argument("--automation")
        service = Service(executable_path=shutil.which("WebKitWebDriver"), env=dict(os.environ, DISPLAY=display))
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.kill()
            raise
        self.driver.set_script_timeout(WAIT_S)
        self.driver.set_page_load_timeout(WAIT_S)
        self.set_size(width, height)

    def _evaluate(self, script: str) -> str:
        return self.driver.execute_async_script(f"const done = arguments[0]; ({script}).then(done);")

    def _click_at(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def set_size(self, width: int, height: int) -> None:
        # The window, not the viewport: make the viewport the size asked for.
        self.driver.set_window_size(width, height)
        inner = self.js("[innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()


def start_xvfb(width: int, height: int) -> tuple[subprocess.Popen, str]:
    """An Xvfb on a free display (it names the one it took); the process and ":N"."""
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"]
    process = subprocess.Popen(command, pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        raise EngineError("Xvfb did not start")
    return process, f":{number}"


ENGINES = {"firefox": Firefox, "webkit": WebKit}
