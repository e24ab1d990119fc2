"""Open challenges by turns in the lobby (web/online/turns-challenge*.js) over two local relays
of this module: Ann posts a challenge and closes her page; Bob opens the lobby later, sees it,
takes it, plays White's opening and closes; Ann opens Play online again and finds the game
under way with Bob, her turn. Then a challenge withdrawn leaves a watcher's list. Each person's
browser is a context whose storage is kept between visits (storage_state), as in
test_online_turns.py."""

from __future__ import annotations

from playwright.sync_api import expect

from lobby_crowd import open_lobby
from online_helpers import act, online, wait_actions
from relay import two_relay_site, two_relays  # noqa: F401  (fixtures)
from site_serving import NO_SERVICE_WORKER, wait_engine

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"


def visit(browser, url: str, state: dict | None = None):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state, **NO_SERVICE_WORKER)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    wait_engine(page)
    return context, page


def leave(context) -> dict:
    """The person closes the tab: its storage, kept for the next visit."""
    state = context.storage_state()
    context.close()
    return state


def saved(page, n: int) -> None:
    """Wait until a relay took this page's copy of its game by turns with `n` actions."""
    page.wait_for_selector(f'#turns-game[data-saved="{n}"]', state="attached", timeout=20_000)


def post(page, name: str, colour: str, days: str) -> None:
    """In the open lobby: the name and colour in its form, the days a move, Post a challenge."""
    lobby = page.locator(".lobby")
    lobby.get_by_label("Your name").fill(name)
    lobby.get_by_label("Your colour").select_option(colour)
    page.select_option("#challenge-days", days)
    page.click("#challenge-post")
    expect(page.locator(".challenges")).to_have_attribute("data-challenges", "posted", timeout=20_000)


def test_an_open_challenge_taken_from_the_lobby_and_one_withdrawn(browser, two_relay_site):  # noqa: F811
    site = two_relay_site
    # Ann posts a challenge (3 days a move, she plays Black) and closes the page at once.
    context, ann = visit(browser, site)
    open_lobby(ann)
    post(ann, "Ann", "black", "3")
    expect(ann.locator("#challenges tr.mine")).to_contain_text("Ann")
    ann_state = leave(context)

    # Bob opens the lobby: Ann's challenge is there, with its terms; he takes it.
    context, bob = visit(browser, site)
    open_lobby(bob)
    row = bob.locator("#challenges tbody tr", has_text="Ann")
    expect(row).to_contain_text("3 days a move")
    expect(row).to_contain_text("Black")
    bob.locator(".lobby").get_by_label("Your name").fill("Bob")
    row.get_by_role("button", name="Take the challenge of Ann").click()
    online(bob, "playing")
    bob.wait_for_selector(f'#board[data-position="{STANDARD}"]', state="attached")
    act(bob, "C5xC4")  # White's opening: Bob plays White
    wait_actions(bob, 1)
    saved(bob, 1)
    bob_state = leave(context)

    # Ann opens Play online again: the game with Bob is under way, her turn.
    context, ann = visit(browser, site, ann_state)
    ann.click("#online-button")
    game = ann.locator("#turns-list a[data-turn='me']")
    expect(game).to_contain_text("Bob", timeout=30_000)
    expect(ann.locator("#challenges-mine li")).to_have_count(0)
    game.click()
    online(ann, "playing")
    wait_actions(ann, 1)
    assert "Bob" in ann.text_content("#turns-game .turns-changes")

    # Ann posts another challenge; Bob, in the lobby, sees it; she withdraws it from Your games
    # by turns, and it leaves Bob's list.
    ann.click("#turns-close")
    ann.click("#online-lobby")
    post(ann, "Ann", "random", "1")
    context_bob, bob = visit(browser, site, bob_state)
    open_lobby(bob)
    expect(bob.locator("#challenges tbody tr", has_text="Ann")).to_contain_text("1 day a move", timeout=20_000)
    ann.get_by_role("button", name="Invite a friend instead").click()  # back from the lobby: Your games by turns
    ann.locator("#challenges-mine").get_by_role("button", name="Withdraw").click()
    expect(ann.locator("#challenges-mine li")).to_have_count(0, timeout=20_000)
    expect(bob.locator("#challenges tbody tr")).to_have_count(0, timeout=20_000)
    assert not ann.errors and not bob.errors, ann.errors + bob.errors
    context_bob.close()
    context.close()
