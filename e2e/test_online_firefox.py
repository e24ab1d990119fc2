"""One online game between Chromium and Firefox over the local relay: the host's page in
Chromium makes the invite, Firefox (e2e/engines.py, WebDriver BiDi) opens it and joins, and
actions go both ways. Both browsers give their real host address as an ICE candidate
(e2e/online_firefox.py)."""

from __future__ import annotations

from online_firefox import firefox_act, firefox_online, lan_chromium, open_firefox  # noqa: F401  (fixtures)
from online_helpers import act, actions, invite, online, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)
from site_serving import wait_engine


def test_a_game_between_chromium_and_firefox(lan_chromium, open_firefox, online_site):
    host = lan_chromium.new_page(viewport={"width": 1280, "height": 800})
    host.goto(online_site)
    wait_engine(host)
    link = invite(host, colour="white")
    firefox = open_firefox(link)
    firefox.click("#online-join")
    firefox_online(firefox, "playing")
    online(host, "playing")
    played, _ = some_turns(3)
    act(host, played[0])
    firefox.wait("window.tzaar.state.actions.length === 1 && !window.tzaar.state.busy", what="White's action in Firefox")
    # Black (Firefox) plays its turn by clicks.
    for action in played[1:3]:
        firefox_act(firefox, action)
    wait_actions(host, 3)
    assert actions(host) == firefox.js("window.tzaar.state.actions") == played
    assert firefox.driver_errors() == []
