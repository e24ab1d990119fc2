"""What a modified page may not claim: an end of the game it cannot show (a resignation of
the other player, a loss on time with minutes left on the clock, an abandonment by a page
that never left), a new start mid-game (colours swapped, another position, round or time
control), a take-back offered again the moment it is declined, and time it did not have, a
little each turn; and a third page with the link cannot take a seat: it is told at once that
the game has two players, and what it hears in the room (a public key) does not let it take
the guest's seat when the guest drops. Each refusal is said on the receiving page, and both
games go on unchanged. The page's own saved game, edited in the browser's storage, is dropped
at the next load rather than breaking it. (An abandonment is taken only by a page that was closed past the
countdown, in the other page's first sync after it: tests/js/online-hostile-player.test.mjs.)

A modified page is one of the site's own pages whose connection (web/online/connection.js)
is reached from outside: its send() then sends any well-formed message, as a saved and
edited page would; the third page speaks through the network library directly."""

from __future__ import annotations

import json
import time

from online_helpers import JOIN_ROOM, act, actions, invite, join, online, open_bare, open_player, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)
from site_serving import wait_engine

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"

# The page's own Connection, reached through its module: the next message it sends hands over
# the connection, and window.modified.send(message) then sends anything of the right shape.
MODIFY = """async () => {
  const url = performance.getEntriesByType('resource').map((e) => e.name).find((n) => n.includes('/online/connection.js'));
  const { Connection } = await import(url);
  const send = Connection.prototype.send;
  window.modified = {};
  Connection.prototype.send = function (message, peer) {
    const connection = this;
    window.modified.send = (m) => send.call(connection, m);
    return send.call(this, message, peer);
  };
}"""


def modified_send(page, message: dict) -> None:
    page.evaluate("(m) => window.modified.send(m)", message)


def refused(page, why: str, count: int) -> None:
    """Wait for `page` to refuse message number `count` because of `why`, said on screen."""
    page.wait_for_function("([why, n]) => { const r = window.tzaar.online.session.refusal; return r && r.why === why && r.n === n; }", arg=[why, count])
    page.wait_for_selector("#online .online-alert:not([hidden])")


def game_of(page) -> dict:
    """What a page's game is: its record's game, actions and end, the board's end and status."""
    return page.evaluate("""() => {
      const r = window.tzaar.online.session.record;
      return {game: r.game, actions: r.actions, end: r.end, board: window.tzaar.state.end, online: document.documentElement.dataset.online,
              stored: JSON.parse(localStorage.getItem('tzaar.online')).game, games: localStorage.getItem('tzaar.games')};
    }""")


# A third page with the link, in the room through the network library: it records what it
# hears, says hello as the guest with the key `claim`, and signs any hello's key of the
# connection with its own, with the key it has.
THIRD = """async ({room, secret, relay, claim}) => {
""" + JOIN_ROOM + """  const sealed = await import('./online/sealed.js');
  const ours = await sealed.connectionKeys();
  window.third = {got: [], peers: [], claim};
  window.third.send = (message, peer) => channel.send(JSON.stringify(message), {target: peer});
  channel.onMessage = async (data, {peerId}) => {
    const message = JSON.parse(data);
    window.third.got.push({peer: peerId, message});
    // Any hello is answered, with the key this page has.
    if (message.t === 'hello' && window.third.claim) window.third.send({t: 'proof', sig: await seat.prove(mine.key, {room, role: 'guest', keys: {host: message.ecdh, guest: ours.publicKey}})}, peerId);
  };
  joined.onPeerJoin = (peer) => {
    window.third.peers.push(peer);
    if (window.third.claim) window.third.send({t: 'hello', v: 3, role: 'guest', key: window.third.claim, ecdh: ours.publicKey, name: 'Mallory'}, peer);
  };
}"""


# A page's record of the online game, aged: the page was last open with it 70 s ago.
AGED = """(() => {
  try {
    const record = JSON.parse(localStorage.getItem('tzaar.online'));
    if (record?.alive) localStorage.setItem('tzaar.online', JSON.stringify({...record, alive: record.alive - 70000}));
  } catch {}  // (about:blank has no storage)
})()"""


def test_a_modified_page_cannot_end_restart_flood_or_creep_nor_a_third_page_take_the_seat(browser, online_site, relay_url):
    host = open_player(browser, online_site)
    guest = join(browser, invite(host, colour="white", clock="3+2"))  # Ann (White) hosts, Bob plays Black
    online(host, "playing")
    online(guest, "playing")
    for page in (host, guest):
        page.evaluate(MODIFY)
    played, _ = some_turns(5 + 4 * 6 + 1)
    act(host, played[0])
    wait_actions(guest, 1)
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    for page in (host, guest):  # (each has acknowledged an action since: its connection is reached)
        page.wait_for_function("() => window.modified.send")
    before = {"host": game_of(host), "guest": game_of(guest)}

    # Forged ends from the guest's page: Ann resigned, ran out of time (with minutes left on
    # her clock), left the game (she never did).
    for n, reason in enumerate(["resigned", "timeout", "abandoned"], start=1):
        modified_send(guest, {"t": "sync", "actions": played[:3], "round": 1, "ended": {"reason": reason, "loser": "white"}})
        refused(host, "end", n)
    assert "an end of the game this page cannot check" in host.text_content("#online .online-alert")
    # From the host's page: Bob resigned.
    modified_send(host, {"t": "sync", "actions": played[:3], "round": 1, "ended": {"reason": "resigned", "loser": "black"}})
    refused(guest, "end", 1)

    # The host's page restarts the game mid-game: colours swapped, another position, a new
    # round nobody agreed to, another time control.
    restarts = [{"white": "guest"}, {"start": STANDARD.replace("w1", "w2")}, {"round": 2}, {"clock": None}]
    for n, change in enumerate(restarts, start=2):
        modified_send(host, {"t": "start", "game": {"start": STANDARD, "white": "host", "clock": "3+2", "names": {"host": "Ann", "guest": "Bob"}, "round": 1, **change}})
        refused(guest, "start", n)
    assert "a new game nobody agreed to" in guest.text_content("#online .online-alert")

    # A take-back offered (Bob's turn is complete), declined: Bob's page offers it no more this
    # turn, and the offer sent again and again is refused each time.
    guest.click("#online-undo")
    host.wait_for_selector("#online-undo-decline:visible")
    host.click("#online-undo-decline")
    guest.wait_for_function("() => window.tzaar.online.session.takebacks.pending === null")
    assert guest.is_hidden("#online-undo"), "one offer a turn"
    for _ in range(5):
        modified_send(guest, {"t": "undo", "n": 3})
    refused(host, "undoAgain", 3 + 5)
    assert "a take-back already declined this turn" in host.text_content("#online .online-alert")
    assert host.is_hidden("#online-undo-decline")
    # Through all of it both games are as they were.
    assert {"host": game_of(host), "guest": game_of(guest)} == before

    # Bob's page gives itself 650 ms more at the end of each turn, and claims it: within the
    # game's allowance at first, then caught, and Ann's board counts Bob's time itself.
    guest.evaluate("""() => {
      const timing = window.tzaar.online.session.timing;
      const honest = timing.turnSent.bind(timing);
      timing.turnSent = (now) => {
        const left = honest(now) + 650;
        timing.clock = {...timing.clock, remaining: {...timing.clock.remaining, black: left}};
        return left;
      };
    }""")
    caught = None
    for turn in range(1, 7):  # Ann's turn, then Bob's
        n = 3 + 4 * (turn - 1)
        act(host, played[n])
        act(host, played[n + 1])
        wait_actions(guest, n + 2)
        act(guest, played[n + 2])
        act(guest, played[n + 3])
        wait_actions(host, n + 4)
        claim = host.evaluate("() => window.tzaar.online.session.clockClaim")
        if turn == 1:
            assert claim is None, "within the game's allowance"
        if caught is None and claim is not None:
            caught = turn
    assert caught is not None and caught <= 4, f"caught at Bob's turn {caught}"
    host.wait_for_selector("#online .online-alert:not([hidden])")
    assert "more time than it can have had: this board counts its own time" in host.text_content("#online .online-alert")
    theirs = guest.evaluate("() => window.tzaar.online.session.timing.clock.remaining.black")
    ours = host.evaluate("() => window.tzaar.online.session.timing.clock.remaining.black")
    assert theirs - ours > 1500, f"Ann's board counts Bob's time itself: {ours} ms, Bob's page says {theirs}"
    # The game goes on, the same on both boards.
    assert actions(host) == actions(guest) == played[:27]
    assert host.get_attribute("html", "data-online") == guest.get_attribute("html", "data-online") == "playing"

    # A third page with the link, while the two pages play (quiet on the relays).
    record = host.evaluate("() => window.tzaar.online.session.record")
    link = f"{online_site}#online={record['room']}.{record['secret']}"
    host.evaluate("() => window.tzaar.online.session.seatMarked")

    # Eve opens the link while the two pages play (quiet on the relays): told at once.
    eve = open_player(browser, link)
    eve.wait_for_selector("#online-join")
    eve.fill("#online-name", "Eve")
    began = time.monotonic()
    eve.click("#online-join")
    online(eve, "refused", timeout=10_000)
    print(f"\na third page told the game is full {time.monotonic() - began:.2f} s after Join")
    assert "already has two players" in eve.text_content("#online .online-status")

    # The guest leaves. Mallory, in the room with the link, says hello as the guest with the
    # guest's key (a public key: all a third page could hear in the room, or read in the marker)
    # and signs the keys of the connection with the key it has.
    guest_key = guest.evaluate("() => window.tzaar.online.session.record.me")
    context = guest.context
    guest.close()
    online(host, "disconnected")
    mallory = open_bare(browser, online_site)  # (the library alone: no game, no engine)
    mallory.evaluate(THIRD, {"room": record["room"], "secret": record["secret"], "relay": relay_url, "claim": guest_key})
    host.wait_for_function("() => window.tzaar.online.session.refusal?.why === 'seat'", timeout=30_000)
    assert "cannot prove it is your opponent" in host.text_content("#online .online-alert")
    assert host.get_attribute("html", "data-online") == "disconnected"
    mallory.wait_for_function("() => window.third.got.length >= 2")
    heard = mallory.evaluate("() => window.third.got.map(({message}) => message)")
    assert [m["t"] for m in heard] == ["hello", "proof"], f"the third page was never told the game: {heard}"
    assert set(heard[0]) == {"t", "v", "role", "key", "ecdh", "name"}, "public keys (the seat's, the connection's): nothing that proves a seat"

    # The guest comes back (its page reloaded, its seat in its storage; its record made to say
    # it was closed 70 s) and the game goes on.
    context.add_init_script(AGED)
    guest = context.new_page()
    guest.goto(online_site)
    online(guest, "playing")
    online(host, "playing")
    for page in (host, guest):
        page.evaluate(MODIFY)
    act(host, played[27])
    act(host, played[28])
    wait_actions(guest, 29)
    act(guest, played[29])
    wait_actions(host, 30)
    assert actions(host) == actions(guest) == played
    assert host.evaluate("() => window.tzaar.state.players") == {"white": "person", "black": "online"}
    # An abandonment is taken only by a page that was itself closed past the countdown, and
    # only in the other page's first sync after it is back (what that page did meanwhile): the
    # host's page stayed open while the guest was away (however long: its being open is what
    # counts, not the connection), so the guest's claim that the host left is refused; the
    # guest's page was closed, but it is back and the game went on, so the host's claim, now,
    # is refused too (tests/js/online-hostile-player.test.mjs: one in that first sync is taken).
    for page in (host, guest):
        page.wait_for_function("() => window.modified.send")
    for claimant, receiver, loser in ((guest, host, "white"), (host, guest, "black")):
        refusals = receiver.evaluate("() => window.tzaar.online.session.refusal?.n ?? 0")  # (the forged ends above were refused too)
        modified_send(claimant, {"t": "sync", "actions": played, "round": 1, "ended": {"reason": "abandoned", "loser": loser}})
        receiver.wait_for_function("(n) => window.tzaar.online.session.refusal?.why === 'end' && window.tzaar.online.session.refusal.n > n", arg=refusals)
        assert receiver.get_attribute("html", "data-online") == "playing"
        assert receiver.evaluate("() => window.tzaar.state.end") is None


# The page's saved online game damaged (or edited) before the next load, once: `change` of its
# record (here a time control the page does not know).
DAMAGE = """(change) => {
  if (sessionStorage.getItem('damaged')) return;
  sessionStorage.setItem('damaged', '1');
  const record = JSON.parse(localStorage.getItem('tzaar.online'));
  if (record) localStorage.setItem('tzaar.online', JSON.stringify({...record, ...change(record)}));
}"""


def test_a_damaged_saved_game_is_set_aside_said_and_the_page_starts_clean(browser, online_site):
    """The saved online game ("tzaar.online") damaged: the next load does not resume it (record.js
    readRecord checks its game and actions; the engine replays them) but sets it aside as it was
    ("tzaar.online.set-aside") and says so, with nothing thrown; the page is the page again, and
    the load after that does not meet it. (Before: the session's clock threw at every load, the
    online panel open with no board and no connection.)"""
    page = open_player(browser, online_site)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    invite(page, clock="3+2")
    kept = page.evaluate("() => localStorage.getItem('tzaar.online')")
    page.context.add_init_script(f"({DAMAGE})((r) => ({{game: {{...r.game, clock: '7+7'}}}}))")
    for load in range(2):
        page.reload()
        wait_engine(page)
        page.wait_for_function("() => localStorage.getItem('tzaar.online') === null && !window.tzaar.online?.session")
        page.wait_for_timeout(500)  # (a rejection would come now)
        assert page.get_attribute("html", "data-online") is None
        assert errors == []
        alert = page.evaluate("() => window.tzaar.state.alert")
        if load == 0:
            assert "Your online game could not be resumed" in page.text_content("#alert"), alert
            aside = page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.online.set-aside'))")
            assert aside["room"] == json.loads(kept)["room"]
    page.context.close()


def test_a_modified_host_cannot_start_its_guest_in_a_game_already_won(browser, online_site):
    """An invite's host whose page starts the game from a position where Black has no Tzaar left
    (White has won before a move): the guest's engine sees the board won, and the guest refuses
    the start, keeps no game and no lost game among its games, and its board is as it was."""
    host = open_player(browser, online_site)
    link = invite(host, colour="white")  # Ann hosts with White, so Bob would lose at once
    lost = STANDARD.replace("z", ".")
    host.evaluate("(start) => { const r = window.tzaar.online.session.record; r.game = {...r.game, start}; }", lost)
    guest = join(browser, link)
    # (the guest's session may not be made yet when its wait starts: read it with care)
    guest.wait_for_function("() => { const r = window.tzaar.online?.session?.refusal; return r && r.why === 'start' && r.n === 1; }")
    guest.wait_for_selector("#online .online-alert:not([hidden])")
    assert "a new game nobody agreed to" in guest.text_content("#online .online-alert")
    stored = guest.evaluate("() => ({record: window.tzaar.online.session.record.game, games: localStorage.getItem('tzaar.games'),"
                            " start: window.tzaar.state.start, winner: window.tzaar.state.view?.winner ?? null})")
    assert stored["record"] is None and stored["winner"] is None and stored["start"] != lost, stored
    assert stored["games"] is None or lost not in stored["games"], stored["games"]
    assert guest.get_attribute("html", "data-online") != "ended"
