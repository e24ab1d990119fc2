"""The lobby of strangers (web/online/lobby*.js) over the local Nostr relay: pages in their own
browser contexts, opened through Play online > Play a stranger, and simulated waiting players
published straight to the relay (lobby_crowd.py). Two strangers paired by "Play anyone" among
several waiting, by "Join", and two pressing "Play anyone" at once, their game live on both
boards with the colours wished; a watcher sees the taken wish go; hostile messages (a
stranger's gone or accept in another's name among them) change nothing and names stay text."""

from __future__ import annotations

import json
import time

import pytest
import websocket  # websocket-client (a dependency of selenium, in the test tools)
from playwright.sync_api import expect

from lobby_crowd import KIND, Crowd, id_of, open_lobby as open_it, rows, terms
from nostr_events import Signer
from online_helpers import online, open_player, players
from relay import online_site, relay_url  # noqa: F401  (fixtures)

PAIRING_MS = 30_000


@pytest.fixture
def open_lobby(browser, online_site):
    """open_lobby(clock=False): a new page (its own context: its own storage and keys) with the
    lobby open; with `clock`, under Playwright's clock (open_player)."""
    contexts = []

    def open_(clock: bool = False):
        page = open_player(browser, online_site, clock=clock)
        contexts.append(page.context)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        open_it(page)
        page.errors = errors
        return page

    yield open_
    for context in contexts:
        context.close()


def test_play_anyone_pairs_two_strangers_among_several_waiting(open_lobby, relay_url):
    bob = open_lobby()
    watcher = open_lobby()
    ada = open_lobby()
    terms(ada, "Ada", "5+3", "black")
    ada.get_by_role("button", name="Post and wait").click()
    expect(ada.locator(".lobby")).to_have_attribute("data-lobby", "waiting")
    expect(ada.get_by_role("status").filter(has_text="Waiting for an opponent")).to_be_visible()
    with Crowd(relay_url) as crowd:
        # several others waiting, none of whom Bob's terms fit
        crowd.wait("Cleo", tc="10+5")
        crowd.wait("Dan", tc="3+2", games=12)
        crowd.wait("Eve", tc="untimed", colour="black")
        crowd.wait("Wen", tc="5+3", colour="white")  # Bob wants White too
        for page in (bob, watcher):
            expect(rows(page)).to_have_count(5)
        terms(bob, "Bob", "5+3", "white")
        # compatible first: Ada, then the others, each part oldest first
        expect(rows(bob).first).to_contain_text("Ada")
        expect(rows(bob).filter(has_text="Dan")).to_contain_text("12 online games")
        bob.get_by_role("button", name="Play anyone").click()
        online(ada, "playing", PAIRING_MS)
        online(bob, "playing", PAIRING_MS)
    # Ada waited for Black: she has it; both boards show the same game
    assert players(ada) == {"white": "online", "black": "person"}
    assert players(bob) == {"white": "person", "black": "online"}
    expect(ada.locator(".online-players")).to_contain_text("Bob")
    expect(bob.locator(".online-players")).to_contain_text("Ada")
    expect(bob.locator(".online-players")).to_contain_text("5+3")
    for page in (ada, bob):
        expect(page.locator(".online-lobby")).to_be_hidden()
        expect(page.locator(".clock")).to_have_count(2)  # 5+3: both clocks on both boards
    # the taken wish leaves the watcher's list; the simulated ones stay
    expect(rows(watcher).filter(has_text="Ada")).to_have_count(0)
    expect(rows(watcher)).to_have_count(4)
    assert not (ada.errors or bob.errors or watcher.errors)


def test_join_pairs_with_the_player_chosen_leaving_the_panel_withdraws_and_two_pressing_at_once_pair(open_lobby):
    joiner = open_lobby()
    waiting = open_lobby()
    # two online games finished on this page (kept in Your games), and one against the computer
    # (each in the form a page keeps it: learn/games.js leaves out any other)
    game = {"date": "2026-12-01", "colour": "white", "result": "won", "winner": "white", "reason": None, "end": None, "turns": 1,
            "start": "S w1", "actions": ["A1xA2"], "setup": "standard", "seed": None}
    kept = [{**game, "id": "online~a", "online": True, "level": None, "opponent": "Ann", "name": "Zoë"},
            {**game, "id": "online~b", "online": True, "level": None, "opponent": "Bob", "name": "Zoë"},
            {**game, "id": "computer~c", "level": "casual"}]
    waiting.evaluate("games => localStorage.setItem('tzaar.games', JSON.stringify(games))", kept)
    terms(waiting, "Zoë", "untimed", "random")
    waiting.get_by_role("button", name="Post and wait").click()
    expect(rows(joiner)).to_have_count(1)
    expect(rows(joiner).first).to_contain_text("2 online games")
    terms(joiner, "Yann", "10+5", "black")  # the wish's terms are taken, whatever these say
    # by keyboard: the row's Join button (named for the player) takes the focus and Enter
    joiner.get_by_role("button", name="Join Zoë").focus()
    joiner.keyboard.press("Enter")
    online(joiner, "playing", PAIRING_MS)
    online(waiting, "playing", PAIRING_MS)
    assert {players(joiner)["white"], players(waiting)["white"]} == {"person", "online"}
    expect(joiner.locator(".online-players")).to_contain_text("Zoë")
    expect(joiner.locator(".online-players")).to_contain_text("Untimed")
    # a player who leaves the panel (here for the lessons) no longer waits in the lobby
    watcher = open_lobby()
    leaver = open_lobby()
    terms(leaver, "Xena", "3+2", "white")
    leaver.get_by_role("button", name="Post and wait").click()
    expect(rows(watcher).filter(has_text="Xena")).to_have_count(1)
    leaver.click(".game-bar [data-command=learn]")
    expect(rows(watcher).filter(has_text="Xena")).to_have_count(0)
    # a name typed is kept in the browser for the next visit
    assert joiner.evaluate("() => localStorage.getItem('tzaar.online.name')") == '"Yann"'
    # Two pressing Play anyone at once are paired with each other: the watcher, and the
    # leaver back in the lobby. Both press before either hears the other: each posts a wish
    # and proposes to the other's.
    first, second = watcher, leaver
    # Back in the lobby, the lobby left is not shown again while the new one opens: what the
    # player typed or pressed there would be lost (the new lobby's form replaces it).
    second.click("#online-button")
    reopened = "() => { document.querySelector('#online-lobby').click(); const root = document.querySelector('.online-lobby');"
    reopened += " return {state: root.dataset.lobby ?? null, form: root.querySelector('form') !== null, text: root.textContent}; }"
    assert second.evaluate(reopened) == {"state": None, "form": False, "text": "Connecting to the lobby…"}
    second.wait_for_selector(".lobby[data-lobby=open]", state="attached")
    terms(first, "Uma", "20+10", "random")
    terms(second, "Vic", "20+10", "random")
    first.get_by_role("button", name="Play anyone").click()
    second.get_by_role("button", name="Play anyone").click()
    online(first, "playing", PAIRING_MS)
    online(second, "playing", PAIRING_MS)
    assert {players(first)["white"], players(second)["white"]} == {"person", "online"}
    expect(first.locator(".online-players")).to_contain_text("Vic")
    expect(second.locator(".online-players")).to_contain_text("Uma")


def answered(relay_url: str, name: str) -> None:
    """A first newcomer's hello (as a page says it) published to the lobby, and the wait until
    the relay carries the answer of `name`, waiting there (its wish, announced again)."""
    listener = websocket.create_connection(relay_url, timeout=10)
    try:
        listener.send(json.dumps(["REQ", "answers", {"kinds": [KIND]}]))
        while json.loads(listener.recv())[0] != "EOSE":
            pass
        at = int(time.time() * 1000)
        with Crowd(relay_url) as crowd:
            crowd.publish({"v": 1, "t": "hello", "at": at})  # (its id: its fresh key's)
        while True:  # (the listener's timeout fails the test if no answer comes)
            frame = json.loads(listener.recv())
            if frame[0] == "EVENT":
                message = json.loads(frame[2]["content"])
                if message.get("t") == "wish" and message.get("name") == name and message["at"] >= at - 1000:
                    return
    finally:
        listener.close()


def test_a_newcomer_is_looking_until_the_answers_to_its_hello_can_have_come(open_lobby, browser, online_site, relay_url):
    ada = open_lobby(clock=True)  # (her held answer comes when her clock is moved on)
    newcomer = open_player(browser, online_site, clock=True)
    terms(ada, "Ada", "5+3", "random")
    ada.get_by_role("button", name="Post and wait").click()
    expect(ada.locator(".lobby")).to_have_attribute("data-lobby", "waiting")
    answered(relay_url, "Ada")  # a first newcomer: Ada answers its hello
    # the next comes within MIN_GAP of that answer: her answer to its hello is held
    open_it(newcomer)
    empty = newcomer.locator(".lobby-empty")
    expect(empty).to_have_text("Looking for players waiting…")
    ada.clock.run_for("00:10")  # MIN_GAP (lobby-model.js): her answer to its hello, held until then
    expect(rows(newcomer).filter(has_text="Ada")).to_have_count(1, timeout=PAIRING_MS)
    expect(empty).to_be_hidden()
    # Ada stops waiting: once the answers can no longer come, an empty list means nobody waits
    ada.locator("[data-lobby=cancel]").click()
    expect(rows(newcomer)).to_have_count(0)
    newcomer.clock.run_for("00:13")  # ANSWERS_WITHIN (lobby-model.js) since the hello, at least
    expect(empty).to_have_text("Nobody is waiting right now. Post your wish and wait: the others will see you here.")
    newcomer.context.close()


def test_hostile_messages_change_nothing_names_stay_text_and_claims_show_as_claims(open_lobby, relay_url):
    """Malformed messages, names shown as text, a flood from one key, and a stranger's gone or
    accept in another's name: none changes the list."""
    page = open_lobby()
    # The lobby says what it publishes, for anyone to read.
    assert page.is_hidden("#online .online-notice")  # (the invite's: "your name is kept in this browser")
    assert "published in plain text" in page.text_content("#online .lobby-privacy")
    with Crowd(relay_url) as crowd:
        crowd.wait("Fair", tc="5+3")
        crowd.wait("<img src=x onerror=f()>", tc="5+3")
        crowd.wait("Boaster", tc="5+3", games=1_000_000)
        expect(rows(page)).to_have_count(3)
        # A count of games finished is the player's own word.
        expect(rows(page).filter(has_text="Boaster")).to_contain_text("1000000 online games (self\u2011reported)")
        fair = crowd.players[0]
        wish = fair.wish()
        fields = {k: v for k, v in wish.items() if k != "id"}  # (each published with its fresh key's id)
        padded = Signer()
        hostile = [
            "not json",
            '{"v":1,"t":"wish"}',
            {**fields, "name": "x" * 200},
            {**fields, "name": "evil\u202egnp.exe"},
            {**fields, "name": "Fair\u200b"},
            {**fields, "games": -5},
            {**fields, "tc": "1+0"},
            {**fields, "extra": True},
            {**fields, "at": 1},
            {"v": 1, "t": "accept", "id": fair.id, "to": fair.id, "pid": "1" * 16, "white": fair.id, "at": wish["at"]},
            ["an", "array"],
            "x" * 3000,
        ]
        for message in hostile:
            crowd.publish(message)
        crowd.send(padded, json.dumps({**wish, "id": id_of(padded), "name": "Padded"}) + " " * 700)  # past the size limit
        # A stranger speaks for itself only: a gone or an accept in Fair's name, or an accept in
        # its own naming Fair (no proposal of Fair's behind it), leave Fair's row.
        crowd.publish({"v": 1, "t": "gone", "id": fair.id, "at": wish["at"] + 1})
        crowd.publish({"v": 1, "t": "accept", "id": fair.id, "to": "1" * 16, "pid": "2" * 16, "white": fair.id, "at": wish["at"] + 1})
        crowd.publish({"v": 1, "t": "accept", "to": fair.id, "pid": "3" * 16, "white": fair.id, "at": wish["at"] + 1})
        # a flood from one key: its budget is spent, its later messages ignored
        flooder = crowd.wait("Flood", tc="3+2")
        expect(rows(page).filter(has_text="Flood")).to_have_count(1)  # (heard after the forgeries: in order)
        expect(rows(page).filter(has_text="Fair")).to_have_count(1)
        for _ in range(40):
            crowd.send(flooder.signer, flooder.wish())
        crowd.send(fair.signer, {"v": 1, "t": "gone", "id": fair.id, "at": wish["at"] + 1})
        expect(rows(page).filter(has_text="Fair")).to_have_count(0)  # a real message still heard
    expect(rows(page)).to_have_count(3)
    cell = rows(page).filter(has_text="<img").locator("td span").first
    expect(cell).to_have_text("<img src=x onerror=f()>")
    expect(page.locator(".lobby img")).to_have_count(0)
    assert not page.errors
