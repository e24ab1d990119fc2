"""Playing TZAAR in the browser, by clicks, taps and keys, on the served dist/.

The tests read the legal actions of the shown position from the page's read-only hook
(`window.tzaar.state.view`, the engine's View) and then act like a person: click a stack,
wait for its targets to light up, click one. They wait on attributes, never on time:
`#board[data-state="idle"]` once the page has the engine's answer and has drawn it.
"""

from __future__ import annotations

import random

import pytest

from helpers import LAST_TZAAR, STANDARD, act, choose, idle, link, moves, new_game, shown, wait_position_change


# --- helpers ------------------------------------------------------------------------------


def open_game(open_site, wait_engine, path: str = ""):
    page = open_site(path)
    wait_engine(page)
    idle(page)
    if not path:
        # A first visit plays against the computer (e2e/test_ai_play.py); these tests play
        # both sides, so they start a standard game between two people.
        new_game(page, "person", "person")
    return page


def view(page) -> dict:
    return page.evaluate("() => window.tzaar.state.view")


def play_to_the_end(page, rng: random.Random, limit: int = 300) -> tuple[dict, int]:
    count = 0
    while not (v := view(page))["winner"]:
        assert count < limit, "the game did not end"
        act(page, choose(v, rng))
        count += 1
    return v, count


def assert_won(page, v: dict, actions: int) -> None:
    assert v["winner"] in ("white", "black")
    winner = v["winner"].capitalize()
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .result-title") == f"{winner} wins"
    assert page.inner_text("#result .result-reason") == v["reason"]["text"]
    assert page.get_attribute("#turn", "data-winner") == v["winner"]
    assert page.is_visible('#result [data-command="new-game"]')
    assert page.is_visible('#turn [data-command="new-game"]')
    assert len(moves(page)) == actions
    # A finished position offers nothing: no selection, no targets, no pass.
    assert page.locator("#board [data-target]").count() == 0
    assert page.is_hidden('[data-action="pass"]')


# --- playing by hand, on one page -------------------------------------------------------


def test_one_turn_by_keyboard_selection_pass_undo_and_redo_complete_games_and_tournament_placement(open_site, watch, wait_engine):
    """One page, games between two people, the checks in turn (each from a fresh standard game
    but the tournament's, from the random game's page by its dialog): one turn with the keyboard
    only (first: Tab from the page as it loads); a selection, the last turn marked and pass only
    as a second action; undo and redo by action and by turn; a complete game from the standard
    setup; one from a random setup; tournament placement."""
    page = open_game(open_site, wait_engine)
    # One turn with the keyboard only (first, from the page as it loads).
    # Tab reaches the board: one stop, whichever point had the focus last.
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('#board')"):
            break
    else:
        pytest.fail("Tab never reached the board")
    focused = lambda: page.evaluate("() => document.activeElement.dataset.point")  # noqa: E731
    start = focused()
    assert start == "E4"
    page.keyboard.press("ArrowLeft")
    assert focused() == "D4"
    page.keyboard.press("ArrowUp")
    assert focused() == "D5"
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "D5, white Tott, height 1"
    page.keyboard.press("Enter")
    page.wait_for_selector('#board [data-point="D5"][data-selected="true"]')
    page.keyboard.press("ArrowDown")
    assert focused() == "D4"
    page.keyboard.press("Space")
    wait_position_change(page, STANDARD)
    assert moves(page) == ["D5xD4"]
    # Black's whole turn without a mouse: a capture by keys, then P to pass.
    action = next(a for a in view(page)["legal"]["captures"].items())
    source, target = action[0], action[1][0]
    page.focus(f'#board [data-point="{source}"]')
    page.keyboard.press("Enter")
    page.focus(f'#board [data-point="{target}"]')
    before = shown(page)
    page.keyboard.press("Enter")
    wait_position_change(page, before)
    before = shown(page)
    page.keyboard.press("p")
    wait_position_change(page, before)
    assert moves(page) == ["D5xD4", f"{source}x{target}", "pass"]
    # F flips the board, N opens the new-game dialog.
    page.keyboard.press("f")
    page.wait_for_selector("#flip-button[aria-pressed=true]")
    page.keyboard.press("n")
    page.wait_for_selector("#new-game-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog[open]", state="detached")
    page.keyboard.press("f")  # (the board back the right way up)
    page.wait_for_selector("#flip-button[aria-pressed=false]")
    # A selection shows the captures and clicking elsewhere lets go; the opening capture stays
    # marked and its stack has moved; pass is offered only as a second action.
    new_game(page, "person", "person")  # a fresh standard game between two people
    v = view(page)
    page.click('#board [data-point="D5"]')
    page.wait_for_selector('#board [data-point="D5"][data-selected="true"]')
    targets = page.eval_on_selector_all("#board [data-target]", "els => els.map(e => [e.dataset.point, e.dataset.target])")
    assert sorted(targets) == sorted([t, "capture"] for t in v["legal"]["captures"]["D5"])
    assert "D5 selected" in page.inner_text("#turn .turn-detail")
    # A point that is no target does nothing but let go; the position is unchanged.
    page.click('#board [data-point="A1"]')
    page.wait_for_selector("#board [data-selected]", state="detached")
    assert page.locator("#board [data-target]").count() == 0
    # A black stack cannot be selected by White: after the click on it, F flips the board; once
    # that is drawn, the click has been handled and drawn too, and nothing is selected.
    page.click('#board [data-point="A1"]')
    page.keyboard.press("f")
    page.wait_for_selector("#flip-button[aria-pressed=true]")
    assert page.locator("#board [data-selected]").count() == 0
    assert page.evaluate("() => window.tzaar.state.selected") is None
    assert "selected" not in page.inner_text("#turn .turn-detail")
    assert shown(page) == STANDARD
    page.keyboard.press("f")
    page.wait_for_selector("#flip-button[aria-pressed=false]")
    # Escape lets go too.
    page.click('#board [data-point="D5"]')
    page.wait_for_selector('#board [data-point="D5"][data-selected="true"]')
    page.keyboard.press("Escape")
    page.wait_for_selector("#board [data-selected]", state="detached")
    # Nothing selected, the board as it was: the first turns, and the pass.
    passing = page.locator('[data-action="pass"]')
    assert passing.is_disabled()
    act(page, "D5xD4")  # the opening single capture: Black's turn at once
    # The last turn stays marked, and the stack has moved.
    assert page.locator("#board .layer-marks .mark-path").count() == 1
    assert page.get_attribute('#board [data-point="D4"]', "data-color") == "white"
    assert page.get_attribute('#board [data-point="D5"]', "data-color") is None
    assert page.get_attribute('#board [data-point="D5"]', "aria-label") == "D5, empty"
    assert shown(page).endswith(" b1")
    assert passing.is_disabled()
    assert page.inner_text("#turn .turn-title") == "Black: capture"
    first = choose(view(page), random.Random(0))
    act(page, first)
    assert shown(page).endswith(" b2")
    assert page.inner_text("#turn .turn-title") == "Black: capture, stack or pass"
    assert passing.is_enabled()
    before = shown(page)
    passing.click()
    wait_position_change(page, before)
    assert shown(page).endswith(" w1")
    assert moves(page) == ["D5xD4", first, "pass"]
    # The P key passes as well.
    act(page, choose(view(page), random.Random(0)))
    before = shown(page)
    page.keyboard.press("p")
    wait_position_change(page, before)
    assert moves(page)[-1] == "pass"
    assert shown(page).endswith(" b1")
    # Undo and redo, by action and by turn.
    new_game(page, "person", "person")  # a fresh standard game between two people
    rng = random.Random(5)
    positions = [shown(page)]
    for _ in range(6):
        act(page, choose(view(page), rng))
        positions.append(shown(page))
    actions = moves(page)
    assert len(actions) == 6  # turns: 1 (one action), 2, 3 (two each), 4 (one so far)

    def go(command: str, want: str) -> None:
        page.click(f'[data-command="{command}"]')
        page.wait_for_selector(f'#board[data-state=idle][data-position="{want}"]')

    go("undo", positions[5])
    assert page.locator('#moves button[aria-current="true"]').get_attribute("data-cursor") == "5"
    go("undo-turn", positions[3])  # to the start of turn 3
    go("undo-turn", positions[1])
    go("undo-turn", positions[0])
    assert page.is_disabled('[data-command="undo"]')
    go("redo", positions[1])
    go("redo-turn", positions[3])
    go("redo-turn", positions[5])
    go("redo-turn", positions[6])
    assert page.is_disabled('[data-command="redo"]')
    # Keys: Z and Y, with Shift for a whole turn.
    page.keyboard.press("z")
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[5]}"]')
    page.keyboard.press("Shift+Z")
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[3]}"]')
    page.keyboard.press("y")
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[4]}"]')
    # Clicking a move in the list shows the position after it.
    page.click('#moves button[data-cursor="2"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[2]}"]')
    assert page.get_attribute('#moves button[data-cursor="2"]', "aria-current") == "true"
    page.click('#moves button[data-cursor="0"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[0]}"]')
    # Playing from an earlier position replaces the moves after it.
    page.click('#moves button[data-cursor="1"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[1]}"]')
    other = next(a for a in view(page)["legal"]["actions"] if a != actions[1])
    act(page, other)
    assert moves(page) == [actions[0], other]
    assert page.is_disabled('[data-command="redo"]')
    # A complete game from the standard setup.
    new_game(page, "person", "person")  # a fresh standard game between two people
    assert shown(page) == STANDARD
    assert page.inner_text("#turn .turn-title") == "White: capture"
    assert "single capture" in page.inner_text("#turn .turn-detail")
    v, actions = play_to_the_end(page, random.Random(1))
    assert_won(page, v, actions)
    # The move list numbers turns: the opening single capture is turn 1.
    first = page.locator("#moves li[data-turn]").first
    assert first.get_attribute("data-turn") == "1"
    assert first.locator("button").count() == 1
    # A complete game from a random setup (from a fresh standard game: the wait below is for
    # the position to leave the standard start).
    new_game(page, "person", "person")
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="random"]')
    page.fill('#new-game-dialog input[name="seed"]', "2024")
    page.click('[data-command="start-game"]')
    wait_position_change(page, STANDARD)
    start = shown(page)
    assert start.endswith(" w1")
    assert page.inner_text("#moves .start button") == "Start · random setup #2024"
    # The same seed gives the same setup.
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="standard"]')
    page.click('[data-command="start-game"]')
    wait_position_change(page, start)
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="random"]')
    page.fill('#new-game-dialog input[name="seed"]', "2024")
    page.click('[data-command="start-game"]')
    wait_position_change(page, STANDARD)
    assert shown(page) == start
    v, actions = play_to_the_end(page, random.Random(2))
    assert_won(page, v, actions)
    page.click('#result [data-command="new-game"]')
    page.wait_for_selector("#new-game-dialog[open]")
    page.click('#new-game-dialog button[value="cancel"]')
    # Tournament placement through the tray.
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="tournament"]')
    page.click('[data-command="start-game"]')
    page.wait_for_selector('#board[data-state=idle][data-position$=" w0"]')
    assert page.locator("#board [data-point][data-color]").count() == 0
    assert page.is_visible("#tray")
    assert page.inner_text('[data-place="tzaar"] .tray-count') == "6 left"
    # Nothing is placed before a type is chosen.
    page.click('#board [data-point="E4"]')
    assert page.locator("#board [data-target]").count() == 0
    placements = ["Z@E4", "t@E5", "A@D4", "z@F5", "T@A1", "a@I5"]
    for placement in placements:
        act(page, placement)
    assert moves(page) == [p[0].upper() + p[1:] for p in placements]
    assert page.get_attribute('#board [data-point="E4"]', "aria-label") == "E4, white Tzaar, height 1"
    assert page.get_attribute('#board [data-point="E5"]', "data-color") == "black"
    assert page.inner_text('[data-place="tzaar"] .tray-count') == "5 left"
    assert page.inner_text('[data-place="tott"] .tray-count') == "14 left"
    # Each placement is a turn of its own; undo takes one back.
    assert page.locator("#moves li[data-turn]").count() == 6
    before = shown(page)
    page.click('[data-command="undo"]')
    wait_position_change(page, before)
    assert page.get_attribute('#board [data-point="I5"]', "data-color") is None
    assert page.inner_text("#turn .turn-title") == "Black places a piece"
    watch.assert_clean()


# --- links ---------------------------------------------------------------------------------


def test_links_impossible_and_for_two_players_a_warning_before_stacking_onto_the_last_of_a_type_and_a_reload_bringing_the_game_back(open_site, watch, wait_engine):
    """One page, opened at a link to an impossible position: that link and one that is no
    position say why; a position link for two players and the losing stacking's warning; a new
    game followed by the address, and brought back by a reload."""
    impossible = "ZZZZZ/ZZZZZZ/ZZZZZZZ/ZZZZZZZZ/ZZZZZZZZ/ZZZZZZZZ/ZZZZZZZ/ZZZZZZ/ZZZZZ w1"
    page = open_site(link(impossible))
    wait_engine(page)
    page.wait_for_selector(f'#board[data-state=idle][data-position="{STANDARD}"]')
    page.wait_for_selector("#alert:not([hidden])")
    assert "only 6 exist" in page.inner_text("#alert")
    # A new link in the address (a hashchange) with text that is no position at all is
    # caught before the engine sees it, and the game on the board stays.
    page.click('[data-command="dismiss-alert"]')
    page = open_site(link("not a position"))
    page.wait_for_selector(f'#board[data-position="{STANDARD}"]')
    page.wait_for_selector("#alert:not([hidden])")
    assert "could not be read" in page.inner_text("#alert")
    page.click('[data-command="dismiss-alert"]')
    # A position link for two players (typed into the address), and a warning before stacking
    # onto the last of a type.
    page.evaluate("hash => { location.hash = hash; }", link(LAST_TZAAR).removeprefix("index.html"))
    idle(page, LAST_TZAAR)
    # The position link shows that position, for two players.
    assert shown(page) == LAST_TZAAR
    assert page.inner_text("#moves .start button") == "Start · position from a link"
    assert page.inner_text("#turn .turn-title") == "White: capture, stack or pass"
    assert page.get_attribute('#board [data-point="I1"]', "aria-label") == "I1, black Tzaar, height 1"
    warning = page.locator("#warning")
    assert warning.is_hidden()
    page.click('#board [data-point="C4"]')
    page.wait_for_selector('#board [data-point="C3"][data-target="stack"][data-losing="true"]')
    assert warning.is_visible()
    assert "last Tzaar" in warning.inner_text()
    # Clicking the losing stacking asks first; keeping playing changes nothing.
    page.click('#board [data-point="C3"]')
    page.wait_for_selector("#confirm-dialog[open]")
    assert "covers your last Tzaar" in page.inner_text("#confirm-text")
    page.click('#confirm-dialog button[value="cancel"]')
    page.wait_for_selector("#confirm-dialog[open]", state="detached")
    assert shown(page) == LAST_TZAAR
    assert page.get_attribute('#board [data-point="C4"]', "data-selected") == "true"
    # Confirmed, it is played and loses at once.
    page.click('#board [data-point="C3"]')
    page.wait_for_selector("#confirm-dialog[open]")
    page.click('[data-command="confirm-losing"]')
    wait_position_change(page, LAST_TZAAR)
    v = view(page)
    assert v["winner"] == "black" and v["reason"]["code"] == "covered-own-type"
    assert_won(page, v, 1)
    # A reload brings the game back.
    # The address follows the game: a new game puts its start there, and the reload brings
    # back this game with its history.
    page.click("#new-game-button")
    page.check('#new-game-dialog input[value="standard"]')
    page.click('[data-command="start-game"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{STANDARD}"]')
    page.wait_for_function("hash => location.hash === hash", arg=link(STANDARD).removeprefix("index.html"))
    rng = random.Random(9)
    positions = [shown(page)]
    for _ in range(3):
        act(page, choose(view(page), rng))
        positions.append(shown(page))
    page.click('[data-command="undo"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[2]}"]')
    played = moves(page)
    page.reload()
    wait_engine(page)
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[2]}"]')
    assert moves(page) == played
    assert page.get_attribute('#moves button[aria-current="true"]', "data-cursor") == "2"
    page.click('[data-command="redo"]')
    page.wait_for_selector(f'#board[data-state=idle][data-position="{positions[3]}"]')
    watch.assert_clean()


# --- phone --------------------------------------------------------------------------------


@pytest.fixture
def phone_page(browser, watch, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    watch.attach(page)
    yield page
    context.close()


def test_a_phone_sized_screen(phone_page, watch, site_url, wait_engine):
    page = phone_page
    page.goto(site_url)
    wait_engine(page)
    idle(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert box["width"] >= 320
    # Points are big enough to tap, and the turn is visible without scrolling much.
    point = page.locator('#board [data-point="D5"] .hit').bounding_box()
    assert point["width"] >= 36
    assert page.locator("#turn").bounding_box()["y"] < 740
    page.tap('#board [data-point="D5"]')
    page.wait_for_selector('#board [data-point="D5"][data-selected="true"]')
    page.tap('#board [data-point="D4"][data-target="capture"]')
    wait_position_change(page, STANDARD)
    # The computer (Black on a first visit) may already have answered: the tap is the first.
    assert moves(page)[:1] == ["D5xD4"]
    watch.assert_clean()
