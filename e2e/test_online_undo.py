"""A turn taken back online: the player whose turn is complete offers it, the other page
shows Accept / Decline; declined, nothing changes (and that turn is not offered again);
accepted, both pages take back exactly the
same actions and the offerer is to move again; an offer lapses when the other plays instead;
a take-back accepted as the connection drops or the page reloads (its accept lost) happens on
both pages. One pair of pages plays it all, in turn, in one game."""

from __future__ import annotations

from online_helpers import act, actions, online, play_pair, some_turns, wait_actions
from relay import online_site, relay_url  # noqa: F401  (fixtures)


# What `page` sends from now on that holds `text` is lost on its way (as a drop would lose it):
# its data channels leave it out (Trystero sends a message's text as bytes, in chunks).
LOSE = """(text) => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    const bytes = typeof data === "string" ? data : new TextDecoder().decode(ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data);
    if (!bytes.includes(text)) return send.call(this, data);
  };
}"""


def offered(page) -> None:
    """The other player's offer shows on `page`, with its answers."""
    page.wait_for_selector("#online-undo-accept:visible")
    assert "asks to take back their last turn" in page.text_content("#online .online-undo-asked")


def black_offers_its_turn(host, guest, white: list[str], black: list[str], done: int) -> None:
    """From `done` actions played, White (the host) plays `white`, Black its turn `black`;
    then Black offers that turn back, and the offer shows on White's page."""
    for action in white:
        act(host, action)
    wait_actions(guest, done + len(white))
    for action in black:
        act(guest, action)  # Black's turn complete: White to move
    wait_actions(host, done + len(white) + len(black))
    guest.click("#online-undo:visible")
    offered(host)


def accepted_as_it_drops(host, guest, played: list[str], gone: str, done: int) -> None:
    """White accepts Black's offer to take back its turn (`done` actions before it); the accept
    never reaches Black's page, and then the connection drops (`gone` "drop") or White's page
    reloads ("reload": it keeps the accept with its game). Back together, both pages have the
    shorter game, Black to move again, and the game goes on from there."""
    host.evaluate(LOSE, "undoAccept")
    host.click("#online-undo-accept")
    wait_actions(host, done)
    if gone == "drop":
        host.evaluate("() => window.tzaar.online.session.dropConnection()")
    else:
        host.reload()
    online(host, "playing")
    online(guest, "playing")
    wait_actions(guest, done)
    wait_actions(host, done)
    for page in (host, guest):
        page.wait_for_function("() => window.tzaar.state.view.side === 'black'")
        assert page.evaluate("() => window.tzaar.online.session.refusal") is None
    act(guest, played[done])
    act(guest, played[done + 1])
    wait_actions(host, done + 2)
    assert actions(host) == actions(guest) == played[:done + 2]


def test_a_turn_offered_back_declined_accepted_lapsing_and_accepted_as_it_drops_or_reloads(browser, online_site):
    host, guest = play_pair(browser, online_site, colour="white")
    played, _ = some_turns(11)
    # Nothing played yet: nothing to take back.
    assert host.is_hidden("#online-undo") and guest.is_hidden("#online-undo")
    act(host, played[0])  # White's opening turn, complete: Black to move
    wait_actions(guest, 1)
    assert guest.is_hidden("#online-undo")  # Black's turn is not the last one played
    # Offered, then declined: both games stay as they are, and White's page offers that turn no more.
    host.click("#online-undo:visible")
    host.wait_for_selector("#online-undo[disabled]")
    offered(guest)
    guest.click("#online-undo-decline")
    host.wait_for_function("() => window.tzaar.online.session.takebacks.pending === null")
    assert host.is_hidden("#online-undo")  # one offer a turn
    assert guest.is_hidden("#online-undo-accept")
    # The decline is said in the panel, not only to a screen reader.
    host.wait_for_selector("#online .online-undo-declined:visible")
    assert host.text_content("#online .online-undo-declined") == "Bob declined to take back the turn."
    assert actions(host) == actions(guest) == played[:1]
    # Black plays its turn and offers it back, and White accepts: both boards go back to the
    # start of Black's turn, Black to move again.
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    guest.click("#online-undo:visible")
    offered(host)
    host.click("#online-undo-accept")
    wait_actions(guest, 1)
    wait_actions(host, 1)
    guest.wait_for_function("() => window.tzaar.state.view.side === 'black'")
    assert guest.is_hidden("#online-undo") and host.is_hidden("#online-undo-accept")
    assert "taken back" in guest.text_content("#announce")
    # The game goes on from there, numbered from that turn again; Black plays its turn again
    # and offers it back (a new turn: it may), and White plays instead of answering: the offer
    # lapses on both pages.
    act(guest, played[1])
    act(guest, played[2])
    wait_actions(host, 3)
    guest.click("#online-undo:visible")
    offered(host)
    act(host, played[3])
    wait_actions(guest, 4)
    host.wait_for_selector("#online-undo-accept", state="hidden")
    guest.wait_for_function("() => window.tzaar.online.session.takebacks.pending === null")
    assert guest.is_hidden("#online-undo")  # White's turn is the last now (not complete either)
    assert actions(host) == actions(guest) == played[:4]
    assert host.evaluate("() => window.tzaar.online.session.refusal") is None
    assert guest.evaluate("() => window.tzaar.online.session.refusal") is None

    # Then twice a take-back accepted as the connection drops, and as White's page reloads:
    # White plays its turn, Black its own and offers it back; White's accept is lost on its way.
    black_offers_its_turn(host, guest, played[4:5], played[5:7], 4)
    accepted_as_it_drops(host, guest, played, "drop", 5)
    black_offers_its_turn(host, guest, played[7:9], played[9:11], 7)
    accepted_as_it_drops(host, guest, played, "reload", 9)
