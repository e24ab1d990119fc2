"""One online game between Chromium and Firefox over the local relay: the host's page in
Chromium makes the invite, Firefox (e2e/engines.py, WebDriver BiDi) opens it and joins, and
actions go both ways. Both browsers give their real host address as an ICE candidate (not an
mDNS name, which the other browser could not resolve on a machine without multicast DNS)."""

from __future__ import annotations

import pytest

from engines import Firefox, unavailable
from online_helpers import act, actions, invite, online, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)
from site_serving import wait_engine

# The two pages of one machine reach each other by its address, as two browsers of a LAN do.
CHROMIUM_NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"
FIREFOX_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False}


def test_a_game_between_chromium_and_firefox(browser_type, browser_type_launch_args, online_site):
    if unavailable("firefox"):
        pytest.skip(unavailable("firefox"))
    chromium = browser_type.launch(**{**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), CHROMIUM_NO_MDNS]})
    firefox = None
    try:
        host = chromium.new_page(viewport={"width": 1280, "height": 800})
        host.goto(online_site)
        wait_engine(host)
        link = invite(host, colour="white")
        firefox = Firefox(prefs=FIREFOX_PREFS)
        firefox.goto(link)
        firefox.wait("document.documentElement.dataset.engine === 'ready'", what="the engine")
        firefox.click("#online-join")
        firefox.wait("document.documentElement.dataset.online === 'playing'", what="the game live in Firefox")
        online(host, "playing")
        played, _ = some_turns(3)
        act(host, played[0])
        firefox.wait("window.tzaar.state.actions.length === 1 && !window.tzaar.state.busy", what="White's action in Firefox")
        # Black (Firefox) plays its turn by clicks.
        for action in played[1:3]:
            source, target = action.split("x") if "x" in action else action.split("-")
            before = firefox.js("window.tzaar.state.actions.length")
            firefox.wait_for('#board[data-state=idle][data-mode="play"]')  # drawn on the next frame
            firefox.click(f'#board [data-point="{source}"]')
            firefox.wait_for(f'#board [data-point="{source}"][data-selected="true"]')
            firefox.click(f'#board [data-point="{target}"][data-target]')
            firefox.wait(f"window.tzaar.state.actions.length === {before + 1} && !window.tzaar.state.busy", what=action)
        wait_actions(host, 3)
        assert actions(host) == firefox.js("window.tzaar.state.actions") == played
        assert firefox.driver_errors() == []
    finally:
        if firefox:
            firefox.close()
        chromium.close()
