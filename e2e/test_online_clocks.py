"""Clocks in an online game (3+2): both clocks on both boards, the mover's running; a page
modified to claim more time is caught by the other, which says so and keeps its own count;
a side whose time runs out loses on both boards ("White ran out of time")."""

from __future__ import annotations

from online_helpers import act, invite, join, online, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

RUNNING = '#online .clock[data-side="{}"][data-running="true"]'
# Each time the board shows another position: the side to move then, and the clock running
# by the next frame (read once that frame's work is done). Playwright's clock runs the frames
# as timers of 16 ms each from when they are asked for, so the panel's frame, asked a moment
# after the board's, may come after the board's frame's work; a clock on its 1 s beat would
# still lag by many frames.
SWITCHES = """() => {
  window.switches = [];
  new MutationObserver(() => requestAnimationFrame(() => setTimeout(() => window.switches.push({
    actions: window.tzaar.state.actions.length, side: window.tzaar.state.view?.side,
    running: document.querySelector('#online .clock[data-running="true"]')?.dataset.side ?? null,
  })))).observe(document.querySelector('#board'), {attributes: true, attributeFilter: ['data-position']});
}"""


def test_clocks_run_a_false_claim_is_caught_and_time_running_out_loses(browser, online_site):
    host = open_player(browser, online_site, clock=True)
    link = invite(host, colour="white", clock="3+2")
    guest = join(browser, link, clock=True)
    online(host, "playing")
    online(guest, "playing")
    for page in (host, guest):  # both clocks on both boards, White's running
        page.wait_for_selector(RUNNING.format("white"))
        assert page.text_content('#online .clock[data-side="black"] .clock-time') == "3:00"
        page.evaluate(SWITCHES)
    played, _ = some_turns(3)
    act(host, played[0])  # White's first turn: one action; Black's clock runs on both boards
    wait_actions(guest, 1)
    for page in (host, guest):
        page.wait_for_selector(RUNNING.format("black"))
    # The guest's page is modified to claim ten minutes left at the end of its turn.
    guest.evaluate("""() => {
      const timing = window.tzaar.online.session.timing;
      const honest = timing.turnSent.bind(timing);
      timing.turnSent = (now) => (honest(now), 600000);
    }""")
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    host.wait_for_selector("#online .online-alert:not([hidden])")
    assert "more time than it can have had" in host.text_content("#online .online-alert")
    assert host.evaluate("() => window.tzaar.online.session.timing.clock.remaining.black") <= 182_000 + 1000
    # White (the host) to move, and its time runs out: both boards end the game on time.
    host.wait_for_selector(RUNNING.format("white"))
    for page in (host, guest):
        page.clock.run_for("03:05")
    online(host, "ended")
    online(guest, "ended")
    assert "ran out of time" in host.text_content("#online .online-status")
    assert "ran out of time" in guest.text_content("#online .online-status")
    assert host.evaluate("() => window.tzaar.state.end") == {"reason": "timeout", "loser": "white"}
    assert guest.evaluate("() => window.tzaar.state.end") == {"reason": "timeout", "loser": "white"}
    # On both boards the clocks switched by the frame after the one that showed each action, ours or theirs.
    for page in (host, guest):
        switches = page.evaluate("() => window.switches")
        assert [s["actions"] for s in switches] == [1, 2, 3], switches
        assert all(s["running"] == s["side"] for s in switches), switches
