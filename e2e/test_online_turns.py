"""Games by turns (web/online/turns.js): a whole short game between two browser contexts that
are never open at the same time, its moves waiting on two local relays; the relay restarted
between two turns, and one of the two relays down; the list's "Your turn" and the top bar's
count; the finished game in Your games with its time control. Each player's browser is a
context whose storage is kept between its visits (Playwright's storage_state), as a person
closes the tab and comes back another day.

The whole game starts from a position of few stacks (opened by its link, then "Start from:
the position on the board") that three turns end by the rules: White (the guest, Bob) plays
two turns, Black (the host, Ann) one; the other tests play the first turns of that game from
an earlier position (five turns to its end).

Then the attacks of a modified page, which publishes copies of its own making with the keys
its browser holds: a copy that rewrites history, a win on time claimed a day early, a turn
of the other player's signed by a key that is not theirs; and a third page with the link.

Then a game moved to another device by its export, and exports damaged or forged; last, stored
games by turns the page cannot read, set aside at its start and said."""

from __future__ import annotations

import json
import re
import time

from helpers import STANDARD, idle
from online_helpers import act, online, wait_actions
from relay import newest_on_all, two_relay_site, two_relays  # noqa: F401  (fixtures)
from turns_helpers import KIND, leave, saved, visit

START = "a..../At..T./..Z..../.....T.a/.....Az./......../.....t./.t..T./..... w1"
TURNS = [["B5xB2", "H5xG6"], ["E7xG6", "pass"], ["B2xA1", "pass"], ["D8xD6", "pass"], ["E6xD6"]]
# The same game's last three turns, from the position after its first two: the whole game.
LATE_START = "a..../AT..../..Z..../.....T.a/.....A../......../.....z./.t..../..... w1"
LATE_TURNS = TURNS[2:]


# Notifications recorded (init script): a Notification whose question answers "granted", each
# notification shown (by it or by the service worker's registration) kept in window.__notes,
# and the page hidden (document.visibilityState) while window.__hidden.
NOTIFICATIONS = """(() => {
  window.__notes = [];
  const note = (title, options) => window.__notes.push({ title, ...options });
  window.Notification = class { constructor(title, options) { note(title, options); } };
  window.Notification.permission = "default";
  window.Notification.requestPermission = async () => (window.Notification.permission = "granted");
  if (window.ServiceWorkerRegistration) ServiceWorkerRegistration.prototype.showNotification = async (title, options) => note(title, options);
  Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
})();"""
# What the page keeps for the service worker to check (page/storage.js putForWorker).
WATCHED = "caches.open('tzaar-turns-watch').then((c) => c.match(new URL('turns-watch.json', location.href).href)).then((r) => r && r.json())"


def play_turn(page, actions: list[str], total: int) -> None:
    for action in actions:
        act(page, action)
    wait_actions(page, total)


def create(page, colour: str = "black", days: str = "1d") -> str:
    """Play online > a game by turns from the board's position, hosted by Ann: its link."""
    page.click("#online-button")
    page.wait_for_selector("#online-create")
    page.fill("#online-name", "Ann")
    page.select_option("#online-clock", days)
    page.select_option("#online-colour", colour)
    page.select_option("#online-start", "position")
    page.click("#online-create")
    online(page, "waiting")
    page.wait_for_selector("[data-invite]:not(:empty)")
    return page.text_content("[data-invite]")


def json_field(text: str, name: str) -> str:
    """The value of the field `name` of an export's record."""
    return json.loads(text)["record"][name]


def position_link(position: str) -> str:
    return "index.html#" + position.replace(" ", "_")


def test_a_whole_game_by_turns_with_the_pages_never_open_together(browser, two_relay_site, two_relays):  # noqa: F811
    site = two_relay_site
    first, second = two_relays
    # Ann opens the position, makes the game by turns (she plays Black) and closes the page at once.
    context, ann = visit(browser, site, path=position_link(LATE_START))
    link = create(ann)
    assert re.search(r"#turns=[\w-]{22}\.[\w-]+\.[\w-]{43}$", link), link  # (its room, its secret, Ann's key: turns-read.js lookUpInvite)
    ann.wait_for_selector(".online-qr path")  # the link's QR code, drawn and shown
    assert "day" in ann.text_content("#online-clock option[value='1d']")
    saved(ann, 0)
    ann_state = leave(context)

    # Bob opens the link later, joins, plays White's first turn and closes.
    context, bob = visit(browser, link)
    bob.wait_for_selector("#online-join:not([hidden])")
    assert "Ann" in bob.text_content("#online .online-status")
    bob.fill("#online-name", "Bob")
    bob.click("#online-join")
    online(bob, "playing")
    bob.wait_for_selector(f'#board[data-position="{LATE_START}"]', state="attached")
    play_turn(bob, LATE_TURNS[0], 2)
    saved(bob, 2)
    bob_state = leave(context)

    newest_on_all(two_relays, KIND)  # (each relay took Bob's copy, however slowly)
    first.restart()  # between two turns: the relay still has the copies

    # Ann comes back by the list: the top bar counts her turn (the host's side of the count);
    # Bob's turn is on her board, and what changed is said.
    context, ann = visit(browser, site, ann_state)
    ann.wait_for_selector("#online-button[data-turns='1'] .turn-count:not([hidden])")
    ann.click("#online-button")
    ann.click("#turns-list a[data-turn='me']")
    online(ann, "playing")
    wait_actions(ann, 2)
    assert "Bob played B2xA1 pass" in ann.text_content("#turns-game .turns-changes")
    play_turn(ann, LATE_TURNS[1], 4)
    saved(ann, 4)
    ann_state = leave(context)

    # Bob comes back by the list: the top bar counts his turn, the list puts it first; one
    # relay of two down, he ends the game by the rules.
    context, bob = visit(browser, site, bob_state)
    bob.wait_for_selector("#online-button[data-turns='1'] .turn-count:not([hidden])")
    bob.click("#online-button")
    bob.wait_for_selector("#turns-list a[data-turn='me']")
    assert "your turn" in bob.text_content("#turns-list a[data-turn='me']")
    bob.click("#turns-list a[data-turn='me']")
    online(bob, "playing")
    wait_actions(bob, 4)
    second.stop()  # one relay of two down from here on
    play_turn(bob, LATE_TURNS[2], 5)
    online(bob, "ended")
    saved(bob, 5)
    bob.wait_for_selector("#online-button[data-turns='0']", state="attached")
    bob_state = leave(context)
    second.start()

    # Ann comes back by the link and sees the end; the game is in Your games with its time control in its record.
    context, ann = visit(browser, link, ann_state)
    online(ann, "ended")
    wait_actions(ann, 5)
    assert "Bob won the game" in ann.text_content("#turns-game .turns-changes")
    ann.wait_for_function("() => (JSON.parse(localStorage.getItem('tzaar.games')) || []).length > 0")
    games = ann.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games'))")
    assert len(games) == 1 and games[0]["control"] == "1 day a move" and games[0]["result"] == "lost"
    record = ann.evaluate("""async (g) => {
      const url = performance.getEntriesByType('resource').map((e) => e.name).find((n) => n.includes('/learn/games.js'));
      const { exportParams } = await import(url);
      const client = await import(url.replace('/learn/games.js', '/engine-start.js'));
      return (await client.engine.call('record_save', exportParams(g))).text;
    }""", games[0])
    assert "White: Bob\nBlack: Ann\n" in record and "TimeControl: 1 day a move\n" in record
    leave(context)


# A modified page: it publishes, with the keys its browser holds, a copy of its own making.
FORGE = """async ({ change, other, ahead }) => {
  const base = new URL('.', location.href);
  const events = await import(new URL('online/turns-events.js', base));
  const { publishTo } = await import(new URL('online/relay-sockets.js', base));
  const { relays } = await (await fetch(new URL('online.json', base))).json();
  let record = JSON.parse(localStorage.getItem('tzaar.turns'))[0];
  record = { ...record, ...change };
  if (other) record = { ...record, ...(await events.newSeat()) }; // (signed by a key of its own)
  const keys = await events.turnsKeys(record.secret, record.room);
  return publishTo(relays, await events.copyEvent(record, keys, { now: Date.now() + ahead }));
}"""


def refused(page, why: str, n: int, actions: int) -> None:
    """The page refused its `n`th copy, for `why`, said it, and its game stayed as it was."""
    page.wait_for_function("([why, n]) => window.tzaar.online.turns.refusal?.n === n && window.tzaar.online.turns.refusal.why === why", arg=[why, n])
    assert page.is_visible("#online .online-alert")
    assert "refused" in page.text_content("#online .online-alert")
    assert page.evaluate("() => window.tzaar.state.actions.length") == actions
    assert page.get_attribute("html", "data-online") == "playing"


def test_forged_copies_and_a_third_page_are_refused(browser, two_relay_site, two_relays):  # noqa: F811
    site = two_relay_site
    _, ann = visit(browser, site, path=position_link(START))
    link = create(ann)
    context, bob = visit(browser, link)
    bob.wait_for_selector("#online-join:not([hidden])")
    bob.fill("#online-name", "Bob")
    bob.click("#online-join")
    online(bob, "playing")
    online(ann, "playing")  # (Ann's page, open, heard Bob join)
    play_turn(bob, TURNS[0], 2)
    wait_actions(ann, 2)

    # Bob's page rewrites his turn (another legal turn in its place): Ann's page keeps hers.
    assert bob.evaluate(FORGE, {"change": {"actions": ["B5xB2", "H5xH2"]}, "other": False, "ahead": 1000}) > 0
    refused(ann, "history", 1, 2)
    # Bob claims a win on time a day early (his page's clock a day ahead): Ann's clock says no.
    claim = {"end": {"reason": "timeout", "loser": "black", "at": bob.evaluate("Date.now()") + 86_400_000}}
    assert bob.evaluate(FORGE, {"change": claim, "other": False, "ahead": 2000}) > 0
    refused(ann, "deadline", 2, 2)
    # Someone with the link plays Ann's turn, as the host, with a key that is not hers: Bob's page
    # does not read it (it asks the relays for the players' own copies only), so its first refusal
    # is Ann's own copy that comes next, rewriting his turn; his game stays as it was.
    times = ann.evaluate("() => JSON.parse(localStorage.getItem('tzaar.turns'))[0].times")
    forged = {"actions": [*TURNS[0], *TURNS[1]], "times": [*times, times[-1] + 1000, times[-1] + 2000]}
    assert ann.evaluate(FORGE, {"change": forged, "other": True, "ahead": 3000}) > 0
    assert ann.evaluate(FORGE, {"change": {"actions": ["B5xB2", "H5xH2"]}, "other": False, "ahead": 4000}) > 0
    refused(bob, "history", 1, 2)

    # A third page with the link: the seat is taken.
    _, carol = visit(browser, link)
    online(carol, "refused")
    assert "This game already has two players" in carol.text_content("#online .online-status")
    assert not carol.is_visible("#online-join")


def add_moved(page, text: str) -> None:
    """Play online > Open a game from another device: `text` pasted and added."""
    page.fill("#turns-import-text", text)
    page.click("#turns-import-add")


def restore(page, text: str) -> None:
    """Learn > Your games > Restore a backup or open a game from another device: `text` as its file."""
    page.set_input_files("#your-games .games-backup input", files=[{"name": "moved.json", "mimeType": "application/json", "buffer": text.encode()}])


def test_a_game_moved_to_another_device(browser, two_relay_site, two_relays):  # noqa: F811
    """Ann moves her game to another device by its export (the game and her seat key), then
    still plays a turn on the first: the other device, opened later, catches up from her own
    copy and Bob's on the relays, plays her next turn, and Bob's page receives it. A damaged
    export, and one whose key is not the seat's, are refused with their message, in Play
    online and in Your games (whose import opens the export too).

    Ann turns notifications on: Bob's move arriving while her page is hidden is shown, and the
    list her page keeps for the service worker names the game, Bob's key and no secret; the
    worker's check (as Periodic Background Sync runs it) finds Bob's next move on the relays,
    once."""
    site = two_relay_site
    _, ann = visit(browser, site, path=position_link(START), init=NOTIFICATIONS)
    ann.click("#online-button")
    assert ann.text_content("#turns-notify") == "Notify me of moves"
    ann.click("#turns-notify")  # (the browser asks now, once: granted)
    ann.wait_for_selector('.turns-notify[data-state="on"]', state="attached")
    link = create(ann)
    _, bob = visit(browser, link)
    bob.wait_for_selector("#online-join:not([hidden])")
    bob.fill("#online-name", "Bob")
    bob.click("#online-join")
    online(bob, "playing")
    online(ann, "playing")
    ann.evaluate("window.__hidden = true")
    play_turn(bob, TURNS[0], 2)
    saved(bob, 2)
    wait_actions(ann, 2)
    notes = ann.evaluate("window.__notes")
    assert [(n["title"], n["body"]) for n in notes] == [("Your games by turns", "Bob played B5xB2 H5xG6 in your game by turns.")]
    ann.evaluate("window.__hidden = false")

    # Ann's export: what it holds is said; the file and the text to copy are the same.
    ann.click("#turns-move")
    assert ann.get_attribute("#turns-move", "aria-expanded") == "true"
    assert "can play for you" in ann.text_content("#turns-game .turns-move-holds")
    text = ann.input_value("#turns-game .turns-move-text")
    with ann.expect_download() as download:
        ann.click("#turns-move-file")
    with open(download.value.path(), encoding="utf-8") as file:
        assert file.read().strip() == text
    # She plays one more turn on this device, then Bob his.
    play_turn(ann, TURNS[1], 4)
    saved(ann, 4)
    # Bob's turn now: the worker's list holds the game (its tag, Bob's key), no secret.
    ann.wait_for_function(f"{WATCHED}.then((w) => w?.games.length === 1)", polling=100)
    watched = ann.evaluate(WATCHED)
    assert watched["games"][0]["them"] == json_field(text, "them") and watched["relays"] == [relay.url for relay in two_relays]
    assert json_field(text, "secret") not in json.dumps(watched) and json_field(text, "key") not in json.dumps(watched)
    ann.context.close()
    wait_actions(bob, 4)
    play_turn(bob, TURNS[2], 6)
    saved(bob, 6)

    # The installed app's background check (sw.js checkTurns, run as periodicsync runs it) with
    # that list: Bob's newer copy is news, said once.
    checker = browser.new_context(service_workers="allow")
    checker.grant_permissions(["notifications"], origin=site.rstrip("/"))
    page = checker.new_page()
    page.goto(site)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
    page.evaluate("(w) => caches.open('tzaar-turns-watch').then((c) => c.put(new URL('turns-watch.json', location.href).href, new Response(JSON.stringify(w))))", watched)
    worker = checker.service_workers[0]
    assert worker.evaluate("checkTurns()")["news"] == 1
    assert worker.evaluate("checkTurns()")["news"] == 0
    checker.close()

    # Her other device: a damaged export, then one with a key that is not her seat's, refused
    # (in Play online, then in Your games, whose import takes such a file too).
    context, other = visit(browser, site)
    other.click("#online-button")
    other.click("#turns-import")
    add_moved(other, text[: len(text) // 2])
    other.wait_for_selector("#turns-import-box .online-alert:text('nothing was changed')")
    assert "not a game by turns" in other.text_content("#turns-import-box .online-alert")
    add_moved(other, text.replace(json_field(text, "key"), "1" * 64))
    other.wait_for_selector("#turns-import-box .online-alert:text(\"not the key of its player's seat\")")
    assert other.get_attribute("#turns-list", "data-count") == "0"
    other.click("nav [data-command=learn]")
    restore(other, text.replace(json_field(text, "key"), "1" * 64))
    other.wait_for_selector("#your-games .games-status:text(\"not the key of its player's seat\")")

    # The export itself (older than the game), opened from Your games: it opens there and
    # catches up from the relays; Ann's next turn played there reaches Bob's page.
    restore(other, text)
    online(other, "playing")
    assert "Game moved here" in other.text_content("#turns-game .turns-moved")
    wait_actions(other, 6)
    play_turn(other, TURNS[3], 8)
    saved(other, 8)
    wait_actions(bob, 8)
    context.close()


def test_a_game_by_turns_the_page_cannot_read_is_set_aside_as_it_was_and_said_once(open_stored, wait_engine, watch):
    # One game this page reads (White, Ann's turn: the count says 1 and no relay is asked), one
    # of a later version and one damaged entry: at the start the two go to "turns.set-aside" as
    # they were, the board's alert says so, and the next load says nothing more.
    now = int(time.time() * 1000)
    good = {"v": 1, "room": "ok-room", "secret": "s" * 24, "role": "host", "key": "1" * 64, "me": "a" * 64, "host": "a" * 64, "them": "b" * 64,
            "name": "Ann", "game": {"start": STANDARD, "white": "host", "days": 1, "names": {"host": "Ann", "guest": "Bob"}, "created": now - 60_000},
            "joined": now - 30_000, "actions": [], "times": [], "end": None, "winner": None, "overAt": None}
    later = {**good, "room": "later-room", "v": 2}
    page = open_stored({"tzaar.turns": json.dumps([good, later, "x"])})
    wait_engine(page)
    alert = page.locator("#alert")
    alert.wait_for(state="visible")
    text = alert.locator(".alert-text").inner_text()
    assert "2 games by turns could not be read" in text and '"tzaar.turns.set-aside"' in text, text
    assert json.loads(page.evaluate("() => localStorage.getItem('tzaar.turns.set-aside')")) == [later, "x"]
    assert [r["room"] for r in json.loads(page.evaluate("() => localStorage.getItem('tzaar.turns')"))] == ["ok-room"]
    page.wait_for_selector("#online-button[data-turns='1']", state="attached")
    page.click('[data-command="dismiss-alert"]')
    alert.wait_for(state="hidden")
    page.reload()
    wait_engine(page)
    idle(page)
    page.wait_for_selector("#online-button[data-turns='1']", state="attached")
    assert alert.is_hidden()
    assert json.loads(page.evaluate("() => localStorage.getItem('tzaar.turns.set-aside')")) == [later, "x"]
    watch.assert_clean()
