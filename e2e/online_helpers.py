"""What the online tests share: two players' pages in two browser contexts, an invite made
and accepted through the page's own controls, and the waits on <html data-online>."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from helpers import act, idle, some_turns  # noqa: F401  (re-exported for the tests)
from site_serving import NO_SERVICE_WORKER, wait_engine


# Every breach of the content security policy, recorded before the page's own scripts.
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


# Every WebSocket the page opens (to the relays), kept in window.sockets: an init script
# (open_player's `init`) for a test that checks they are closed.
SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.sockets.push(this); }
  };
})();"""


# A modified page's way into a live game's room, through the page's own bundle: the body's first
# lines of an async function given {room, secret, relay}. It leaves `lib` (the network library),
# `seat` (web/online/seat.js), `mine` (a seat of its own), `joined` (the room) and `channel` (the
# game's messages) for the lines after it.
JOIN_ROOM = """  const lib = await import('./online/lib/trystero.js');
  const seat = await import('./online/seat.js');
  const mine = await seat.makeSeat();
  const joined = lib.joinRoom({appId: 'tzaar-in-the-browser', password: secret,
    relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []}}, room);
  const channel = joined.makeAction('tzaar');
"""

# The page's RTCPeerConnection gathers relay candidates only, and there is no TURN server: no
# candidate at all, as two phones behind carrier-grade NAT (until the page sets window.directPath).
NO_DIRECT_PATH = """(() => {
  const Real = window.RTCPeerConnection;
  const relayOnly = (config) => (window.directPath ? config : {...(config || {}), iceTransportPolicy: "relay"});
  window.RTCPeerConnection = class extends Real {
    constructor(config, ...rest) { super(relayOnly(config), ...rest); }
    setConfiguration(config) { return super.setConfiguration(relayOnly(config)); }
  };
})();"""


def violations(page) -> list[str]:
    """The page's breaches of its content security policy so far (none is expected)."""
    return page.evaluate("() => window.__violations")


def open_player(browser, url: str, path: str = "", clock: bool = False, init: str = ""):
    """A fresh context (its own storage: another person) with the page at `url` + `path`;
    with `clock`, Playwright's clock (time flows, and a test may move it on: page.clock);
    `init`, a script run before the page's own (e.g. one that blocks the direct connection)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, **NO_SERVICE_WORKER)
    context.add_init_script(VIOLATIONS)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    if clock:
        page.clock.install()
    page.goto(url + path)
    wait_engine(page)
    return page


def open_bare(browser, url: str):
    """A fresh context with a page of the site's origin that runs none of the site's scripts
    (`url` + version.json): a modified page that speaks through the network library alone
    (JOIN_ROOM imports it relative to the page) needs no game, and starts no engine."""
    context = browser.new_context(**NO_SERVICE_WORKER)
    page = context.new_page()
    page.goto(url + "version.json")
    return page


# What a page shows of its online play, said when a wait on it fails: <html data-online>, the
# lobby's state (lobby.js: open, waiting, asking, paired) and the panel's words.
ONLINE_STATE = """() => ({
  online: document.documentElement.dataset.online ?? null,
  lobby: document.querySelector('.lobby')?.dataset.lobby ?? null,
  panel: (document.querySelector('#online')?.innerText ?? '').replace(/\\s+/g, ' ').slice(0, 300),
})"""


def online(page, status: str, timeout: float = 30_000) -> None:
    """Wait for <html data-online=status>; a wait that fails says where the page stands."""
    try:
        page.wait_for_selector(f"html[data-online={status}]", state="attached", timeout=timeout)
    except PlaywrightTimeoutError as error:
        raise AssertionError(f"not online {status!r} within {timeout / 1000:g} s: {page.evaluate(ONLINE_STATE)}") from error


def invite(host, colour: str = "white", clock: str = "untimed", name: str = "Ann") -> str:
    """The host's page makes an invite through the panel; returns the link."""
    host.click("#online-button")
    host.wait_for_selector("#online-create")
    host.fill("#online-name", name)
    host.select_option("#online-clock", clock)
    host.select_option("#online-colour", colour)
    host.click("#online-create")
    online(host, "waiting")
    host.wait_for_selector("[data-invite]:not(:empty)")
    return host.text_content("[data-invite]")


def join(browser, link: str, name: str = "Bob", clock: bool = False, init: str = ""):
    """The friend opens the link in a context of their own and joins."""
    guest = open_player(browser, link, clock=clock, init=init)
    guest.wait_for_selector("#online-join")
    guest.fill("#online-name", name)
    guest.click("#online-join")
    return guest


def play_pair(browser, url: str, colour: str = "white"):
    """Host and guest with the game live on both boards: (host, guest)."""
    host = open_player(browser, url)
    link = invite(host, colour=colour)
    guest = join(browser, link)
    online(host, "playing")
    online(guest, "playing")
    return host, guest


def actions(page) -> list[str]:
    return page.evaluate("() => window.tzaar.state.actions")


def wait_actions(page, count: int, timeout: float = 30_000) -> None:
    """Wait until the page's game has `count` actions and its board is idle."""
    page.wait_for_function("n => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=count, timeout=timeout)
    idle(page)


def players(page) -> dict:
    """Who plays each side on `page`'s board: "person" (this page) or "online"."""
    return page.evaluate("() => window.tzaar.state.players")
