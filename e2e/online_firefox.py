"""Chromium and Firefox as the two players of an online test, on one machine: both give their
real host address as an ICE candidate (not an mDNS name, which the other browser could not
resolve on a machine without multicast DNS), as two browsers of a LAN reach each other. Firefox
is driven by e2e/engines.py (WebDriver BiDi); Chromium by Playwright.

A test module imports the fixtures it uses:

    from online_firefox import lan_chromium, open_firefox  # noqa: F401  (fixtures)

- ``lan_chromium``: a Chromium browser of its own (Playwright's), launched without mDNS names.
- ``open_firefox(url)``: a fresh Firefox (its own profile) at ``url`` with the engine ready;
  closed after the test. The test is skipped when Firefox cannot run here (engines.unavailable).

and the helpers: ``firefox_act`` (an action played by clicks), ``firefox_online`` (the wait on
<html data-online>), ``firefox_lobby`` (the lobby opened, the terms typed).
"""

from __future__ import annotations

import json

import pytest

from engines import Firefox, unavailable

CHROMIUM_NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"
FIREFOX_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False}


@pytest.fixture
def lan_chromium(browser_type, browser_type_launch_args):
    options = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), CHROMIUM_NO_MDNS]}
    chromium = browser_type.launch(**options)
    yield chromium
    chromium.close()


@pytest.fixture
def open_firefox():
    if unavailable("firefox"):
        pytest.skip(unavailable("firefox"))
    opened = []

    def open_(url: str) -> Firefox:
        firefox = Firefox(prefs=FIREFOX_PREFS)
        opened.append(firefox)
        firefox.goto(url)
        firefox.wait("document.documentElement.dataset.engine === 'ready'", what="the engine")
        return firefox

    yield open_
    for firefox in opened:
        firefox.close()


def firefox_online(firefox: Firefox, status: str) -> None:
    """Wait for <html data-online=status> in Firefox."""
    firefox.wait(f"document.documentElement.dataset.online === {json.dumps(status)}", what=f"data-online={status} in Firefox")


def firefox_act(firefox: Firefox, action: str) -> None:
    """Firefox's player plays a move or a capture by two clicks, once the board shows their
    turn (it draws on the next frame: a click before means nothing); returns once it is played."""
    source, target = action.split("x") if "x" in action else action.split("-")
    before = firefox.js("window.tzaar.state.actions.length")
    firefox.wait_for('#board[data-state=idle][data-input="play"]')
    firefox.click(f'#board [data-point="{source}"]')
    firefox.wait_for(f'#board [data-point="{source}"][data-selected="true"]')
    firefox.click(f'#board [data-point="{target}"][data-target]')
    firefox.wait(f"window.tzaar.state.actions.length === {before + 1} && !window.tzaar.state.busy", what=action)


def firefox_lobby(firefox: Firefox, name: str, tc: str, colour: str) -> None:
    """Open the lobby in Firefox through its controls (Play online, then Play a stranger) and
    choose the terms: the name typed, the time control and colour chosen (each field's value
    set and its input and change events fired, as a person's typing and choosing fire them)."""
    firefox.click("#online-button")
    firefox.click("#online-lobby")
    firefox.wait_for(".lobby[data-lobby=open]")
    for field, value in (("name", name), ("tc", tc), ("colour", colour)):
        now = firefox.js(f"""(() => {{
          const field = document.querySelector('.lobby-terms [name={field}]');
          field.value = {json.dumps(value)};
          for (const kind of ["input", "change"]) field.dispatchEvent(new Event(kind, {{bubbles: true}}));
          return field.value;
        }})()""")
        assert now == value, f"the lobby's {field} has no choice {value!r}"
