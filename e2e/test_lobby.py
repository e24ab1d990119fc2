"""The lobby of strangers (web/online/lobby*.js) over the local Nostr relay: pages in their own
browser contexts, and simulated waiting players published straight to the relay
(lobby_crowd.py). Two strangers paired by "Play anyone" among several waiting, and by "Join";
a watcher sees the taken wish go; hostile messages change nothing and names stay text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lobby_crowd import MOUNT, Crowd
from relay import online_site, relay_url  # noqa: F401  (fixtures)

PAIRING_MS = 30_000


@pytest.fixture
def open_lobby(browser, online_site):
    """open_lobby(): a new page (its own context: its own storage and keys) with the lobby open."""
    contexts = []

    def open_():
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(online_site)
        page.evaluate(MOUNT)
        expect(page.locator(".lobby[data-lobby=open]")).to_be_attached()
        page.errors = errors
        return page

    yield open_
    for context in contexts:
        context.close()


def terms(page, name: str, tc: str, colour: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Time control").select_option(tc)
    page.get_by_label("Your colour").select_option(colour)


def rows(page):
    return page.locator(".lobby-list tbody tr")


def started(page) -> dict:
    page.wait_for_function("() => window.__started !== null", timeout=PAIRING_MS)
    return page.evaluate("() => window.__started")


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
        bob_game, ada_game = started(bob), started(ada)
    assert ada_game["role"] == "host" and bob_game["role"] == "guest"
    assert ada_game["colour"] == bob_game["colour"] == "black"  # the host's colour: Ada's wish
    assert ada_game["clock"] == {"base": 300, "inc": 3}
    assert ada_game["names"] == bob_game["names"] == {"host": "Ada", "guest": "Bob"}
    assert ada_game["room"] == bob_game["room"] and ada_game["secret"] == bob_game["secret"]
    for page in (ada, bob):
        expect(page.locator(".lobby")).to_have_attribute("data-lobby", "paired")
    # the taken wish leaves the watcher's list; the simulated ones stay
    expect(rows(watcher).filter(has_text="Ada")).to_have_count(0)
    expect(rows(watcher)).to_have_count(4)
    assert not (ada.errors or bob.errors or watcher.errors)


def test_join_pairs_with_the_player_chosen(open_lobby):
    joiner = open_lobby()
    waiting = open_lobby()
    terms(waiting, "Zoë", "untimed", "random")
    waiting.get_by_role("button", name="Post and wait").click()
    expect(rows(joiner)).to_have_count(1)
    terms(joiner, "Yann", "10+5", "black")  # the wish's terms are taken, whatever these say
    joiner.get_by_role("button", name="Join Zoë").click()
    joined, hosted = started(joiner), started(waiting)
    assert hosted["role"] == "host" and joined["role"] == "guest"
    assert hosted["clock"] is None
    assert hosted["room"] == joined["room"]
    assert hosted["names"] == {"host": "Zoë", "guest": "Yann"}
    # a name typed is kept in the browser for the next visit
    assert joiner.evaluate("() => localStorage.getItem('tzaar.online.name')") == '"Yann"'


def test_hostile_messages_change_nothing_and_names_stay_text(open_lobby, relay_url):
    page = open_lobby()
    with Crowd(relay_url) as crowd:
        crowd.wait("Fair", tc="5+3")
        crowd.wait("<img src=x onerror=f()>", tc="5+3")
        expect(rows(page)).to_have_count(2)
        fair = crowd.players[0]
        wish = fair.wish()
        hostile = [
            "not json",
            '{"v":1,"t":"wish"}',
            {**wish, "id": "0123456789abcdef", "name": "x" * 200},
            {**wish, "id": "0123456789abcdee", "name": "evil\u202egnp.exe"},
            {**wish, "id": "0123456789abcded", "games": -5},
            {**wish, "id": "0123456789abcdec", "tc": "1+0"},
            {**wish, "id": "0123456789abcdeb", "extra": True},
            {**wish, "id": "0123456789abcdea", "at": 1},
            {"v": 1, "t": "accept", "id": fair.id, "to": fair.id, "pid": "1" * 16, "white": fair.id, "at": wish["at"]},
            ["an", "array"],
            "x" * 3000,
        ]
        for message in hostile:
            crowd.publish(message)
        # a flood from one key: its budget is spent, its later messages ignored
        flooder = crowd.wait("Flood", tc="3+2")
        for _ in range(40):
            crowd.send(flooder.signer, flooder.wish())
        crowd.send(fair.signer, {"v": 1, "t": "gone", "id": fair.id, "at": wish["at"] + 1})
        expect(rows(page).filter(has_text="Fair")).to_have_count(0)  # a real message still heard
    expect(rows(page)).to_have_count(2)
    cell = rows(page).filter(has_text="<img").locator("td span").first
    expect(cell).to_have_text("<img src=x onerror=f()>")
    expect(page.locator(".lobby img")).to_have_count(0)
    assert not page.errors
