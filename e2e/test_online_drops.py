"""Drops and reloads lose nothing: a connection dropped between a turn's two actions, and a
page closed and opened again (its storage kept), come back to the same game by themselves;
meanwhile a third page that opens the invite is refused; a player gone for good loses when
the other claims the win, and every layer of the page says so ("White left the game")."""

from __future__ import annotations

from helpers import open_records
from online_helpers import act, actions, invite, join, online, open_player, play_pair, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)

# The panel at the moment <html data-online> first became "disconnected" (the pages may be back
# before the test reads it): its status text, and whether the win could be claimed.
PANEL_WHEN_GONE = """() => {
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.online !== "disconnected") return;
    const claim = document.querySelector("#online-claim");
    window.panelWhenGone = {status: document.querySelector("#online .online-status").textContent, countdown: claim.checkVisibility(), claimable: !claim.disabled};
    observer.disconnect();
  }).observe(document.documentElement, {attributes: true, attributeFilter: ["data-online"]});
}"""


def test_a_drop_between_a_turns_two_actions_loses_nothing(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    played, _ = some_turns(5)
    act(host, played[0])
    wait_actions(guest, 1)
    act(guest, played[1])  # Black's first action of its turn
    wait_actions(host, 2)
    # The guest's connection drops: the host sees its opponent gone, with the countdown.
    host.evaluate(PANEL_WHEN_GONE)
    guest.evaluate("() => window.tzaar.online.session.dropConnection()")
    online(host, "disconnected")
    gone = host.evaluate("() => window.panelWhenGone")
    assert "disconnected" in gone["status"]
    assert gone["countdown"] and not gone["claimable"]  # the win may not be claimed yet
    # Meanwhile the guest plays the second action of its turn: it arrives once they are back.
    act(guest, played[2])
    online(host, "playing")
    online(guest, "playing")
    wait_actions(host, 3)
    act(host, played[3])
    act(host, played[4])
    wait_actions(guest, 5)
    assert actions(host) == actions(guest) == played


def test_a_reload_comes_back_and_a_third_page_is_refused(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="black")  # the host plays Black
    played, _ = some_turns(3)
    act(guest, played[0])
    wait_actions(host, 1)
    act(host, played[1])
    wait_actions(guest, 2)
    # The guest closes its page: the host waits, and its room is open again meanwhile.
    context = guest.context
    guest.close()
    online(host, "disconnected")
    link = host.evaluate("() => location.origin + location.pathname + '#online=' + window.tzaar.online.session.record.room + '.' + window.tzaar.online.session.record.secret")
    third = join(browser, link, name="Eve")
    online(third, "refused")
    assert "already has two players" in third.text_content("#online .online-status")
    assert actions(host) == played[:2]
    # The guest opens the page again (its storage kept): it reconnects by itself.
    guest = context.new_page()
    guest.goto(online_site)
    online(guest, "playing")
    online(host, "playing")
    wait_actions(guest, 2)
    assert actions(guest) == played[:2]
    act(host, played[2])
    wait_actions(guest, 3)
    assert actions(host) == actions(guest) == played


def test_a_win_claimed_after_the_other_left_ends_the_game_on_the_board(browser, online_site):
    host = open_player(browser, online_site, clock=True)  # the host may move its clock on
    guest = join(browser, invite(host, colour="black"))  # the guest plays White
    online(host, "playing")
    online(guest, "playing")
    played, _ = some_turns(2)
    act(guest, played[0])
    wait_actions(host, 1)
    act(host, played[1])  # Black's first action; then the guest, White, leaves for good
    wait_actions(guest, 2)
    guest.close()
    online(host, "disconnected")
    host.wait_for_selector("#online-claim[disabled]")
    host.clock.run_for("01:01")  # the minute of waiting passes
    host.click("#online-claim:not([disabled])")
    online(host, "ended")
    # The board, its result box and move list say who left; the save and Your games keep it.
    assert host.evaluate("() => window.tzaar.state.end") == {"reason": "abandoned", "loser": "white"}
    host.wait_for_selector("#result:not([hidden])")
    assert host.inner_text("#result .result-reason") == "White left the game"
    assert host.get_attribute("#result", "data-winner") == "black"
    assert host.inner_text("#history .moves-end") == "White left the game"
    host.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games') || '[]')).length === 1")
    [g] = host.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games'))")
    assert (g["result"], g["end"]) == ("won", {"reason": "abandoned", "loser": "white"})
    # Its record says so, in both formats.
    dialog = open_records(host)
    assert "Result: Black wins (White left the game)" in dialog.locator("#record-text").input_value()
    dialog.locator("#record-format").select_option("littlegolem")
    host.wait_for_function("() => document.querySelector('#record-text').value.includes('RE[B+F]')")
    dialog.locator('button[value="close"]').click()
    # Leaving the online game, the board keeps the game with its end, and so does its save.
    host.click("#online-leave")
    host.wait_for_selector("html:not([data-online])", state="attached")
    host.wait_for_function("() => window.tzaar.state.setup === 'link' && !window.tzaar.state.busy")
    assert host.evaluate("() => window.tzaar.state.end") == {"reason": "abandoned", "loser": "white"}
    assert host.inner_text("#history .moves-end") == "White left the game"
