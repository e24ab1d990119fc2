"""Open challenges by turns in the lobby (web/online/turns-challenge*.js) over two local relays
of this module: Ann posts a challenge and closes her page; Bob opens the lobby later, sees it,
takes it, plays White's opening and closes; Carl takes it too, later, and closes; Ann opens
Play online again and finds the game under way with Bob, her turn; Carl, when he opens Play
online again, is told that another took it first, and his game has left his list. Then a
challenge withdrawn leaves Carl's list. Each person's
browser is a context whose storage is kept between visits (storage_state), as in
test_online_turns.py.

Meanwhile a modified page publishes straight to the relays: a challenge malformed, one padded
past the size limit, a "taken" of its own key naming Ann's guest, and a flood of takes of Ann's
challenge dated before Bob's, with no guest copy behind them: none is listed, none closes Ann's
challenge, none is bound."""

from __future__ import annotations

from playwright.sync_api import expect

import json
import time

import websocket

from lobby_crowd import PUBLIC_KEY, open_lobby
from nostr_events import Signer
from online_helpers import act, online, wait_actions
from relay import two_relay_site, two_relays  # noqa: F401  (fixtures)
from turns_helpers import KIND, leave, saved, visit

WEEK = 7 * 86400
STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"


def publish(relays, signer: Signer, tags: list[list[str]], content: dict | str, created_at: int | None = None) -> None:
    """An event of `signer` on every relay of `relays`, as a modified page would publish it."""
    text = signer.event(KIND, tags, content if isinstance(content, str) else json.dumps(content, separators=(",", ":")), created_at)
    for relay in relays:
        socket = websocket.create_connection(relay.url, timeout=10)
        try:
            socket.send(text)
            while (frame := json.loads(socket.recv()))[0] != "OK":
                pass
        finally:
            socket.close()


def hostile(relays, ann: str) -> None:
    """What a modified page publishes against Ann's challenge (her seat key `ann`)."""
    now = int(time.time())
    tags = [["d", "tzaar-challenge"], ["t", "tzaar-challenge-v1"], ["expiration", str(now + WEEK)]]
    good = {"v": 1, "t": "challenge", "name": "Eve", "days": 3, "colour": "random", "games": 1, "since": now * 1000, "key": PUBLIC_KEY}
    publish(relays, Signer(), tags, {**good, "host": ann})  # a field more: claiming Ann's seat
    publish(relays, Signer(), tags, {**good, "name": "Eve\u202e"})  # a name not shown as itself
    publish(relays, Signer(), tags, json.dumps(good) + " " * 600)  # padded past 600 characters
    publish(relays, Signer(), [*tags[:2], ["expiration", str(now + 30 * 86400)]], good)  # a month
    publish(relays, Signer(), tags, {"v": 1, "t": "taken", "guest": ann, "at": now * 1000})  # not Ann's key
    for _ in range(12):  # takes dated before any real one, with no guest copy behind them
        take = {"v": 1, "t": "take", "key": PUBLIC_KEY, "at": (now - 60) * 1000}
        publish(relays[:1], Signer(), [["d", f"tzaar-take:{ann}"], ["expiration", str(now + WEEK)]], take, now - 60)


def post(page, name: str, colour: str, days: str) -> None:
    """In the open lobby: the name and colour in its form, the days a move, Post a challenge."""
    lobby = page.locator(".lobby")
    lobby.get_by_label("Your name").fill(name)
    lobby.get_by_label("Your colour").select_option(colour)
    page.select_option("#challenge-days", days)
    page.click("#challenge-post")
    expect(page.locator(".challenges")).to_have_attribute("data-challenges", "posted", timeout=20_000)


def test_an_open_challenge_taken_from_the_lobby_and_one_withdrawn(browser, two_relay_site, two_relays):  # noqa: F811
    site = two_relay_site
    # Ann posts a challenge (3 days a move, she plays Black) and closes the page at once.
    context, ann = visit(browser, site, engine=False)
    open_lobby(ann)
    post(ann, "Ann", "black", "3")
    # The row comes from the relays' read-back, as the other listings below (5 s was short once
    # under a full run's load).
    expect(ann.locator("#challenges tr.mine")).to_contain_text("Ann", timeout=20_000)
    ann_key = ann.get_attribute("#challenges tr.mine", "data-challenge")
    ann_state = leave(context)
    hostile(two_relays, ann_key)

    # Bob opens the lobby: Ann's challenge is there, with its terms; he takes it.
    context, bob = visit(browser, site)
    open_lobby(bob)
    row = bob.locator("#challenges tbody tr", has_text="Ann")
    expect(row.locator("td").nth(1)).to_have_text("3")
    expect(row).to_contain_text("Black")
    expect(bob.locator("#challenges tbody tr")).to_have_count(1)  # (the hostile ones: none)
    bob.locator(".lobby").get_by_label("Your name").fill("Bob")
    row.get_by_role("button", name="Take the challenge of Ann").click()
    online(bob, "playing")
    bob.wait_for_selector(f'#board[data-position="{STANDARD}"]', state="attached")
    act(bob, "C5xC4")  # White's opening: Bob plays White
    wait_actions(bob, 1)
    saved(bob, 1)
    leave(context)

    # Carl takes it too, later, before Ann comes back (his game waits for her), and closes.
    context, carl = visit(browser, site, engine=False)
    open_lobby(carl)
    carl.locator(".lobby").get_by_label("Your name").fill("Carl")
    carl.get_by_role("button", name="Take the challenge of Ann").click()
    online(carl, "playing")
    saved(carl, 0)
    carl_state = leave(context)

    # Ann opens Play online again: the game with Bob, who took it first, is under way, her turn.
    context, ann = visit(browser, site, ann_state)
    ann.click("#online-button")
    game = ann.locator("#turns-list a[data-turn='me']")
    expect(game).to_contain_text("Bob", timeout=30_000)
    expect(ann.locator("#challenges-mine li")).to_have_count(0)
    expect(ann.locator("#turns-list a")).to_have_count(1)  # (Carl's take: not bound)
    game.click()
    online(ann, "playing")
    wait_actions(ann, 1)
    assert "Bob" in ann.text_content("#turns-game .turns-changes")


    # Ann posts another challenge. Carl opens Play online: told that Bob took the first one,
    # his game gone from his list; in the lobby, he sees Ann's new challenge; she withdraws it
    # from Your games by turns, and it leaves Carl's list.
    ann.click("#turns-close")
    ann.click("#online-lobby")
    post(ann, "Ann", "random", "1")
    context_carl, carl = visit(browser, site, carl_state, engine=False)
    carl.click("#online-button")
    expect(carl.locator("#challenges-mine .challenges-notice")).to_contain_text("Another player took the challenge of Ann first", timeout=30_000)
    expect(carl.locator("#turns-list a")).to_have_count(0)
    carl.click("#online-lobby")
    expect(carl.locator("#challenges tbody tr", has_text="Ann")).to_have_count(1, timeout=20_000)
    ann.get_by_role("button", name="Invite a friend instead").click()  # back from the lobby: Your games by turns
    ann.locator("#challenges-mine").get_by_role("button", name="Withdraw").click()
    expect(ann.locator("#challenges-mine li")).to_have_count(0, timeout=20_000)
    expect(carl.locator("#challenges tbody tr")).to_have_count(0, timeout=20_000)
    assert not ann.errors and not carl.errors, ann.errors + carl.errors
    context_carl.close()
    context.close()
