"""What games by turns need of a relay, checked on the local one (nostr-relay, sitebuild/relay.py):
it stores addressable events (kinds 30000-39999) and keeps, as NIP-01 says, the latest per
author, kind and "d" tag; and a relay stopped and started again with its data folder still
has them (python3 build.py relay --data). Also what it does not do, which the page copes with
(docs/online.md, "Games by turns"): an older event published after a newer one is stored
beside it, not refused."""

from __future__ import annotations

import json
import time

import websocket  # websocket-client (a dependency of selenium, in the test tools)

from nostr_events import Signer
from relay import query as held, two_relays  # noqa: F401  (fixture)

KIND = 30078  # NIP-78: application data, the kind of the page's copies of a game (web/online/turns-events.js)


def publish(url: str, text: str) -> None:
    """Send one event and wait for the relay's OK (accepted)."""
    socket = websocket.create_connection(url, timeout=10)
    try:
        socket.send(text)
        event_id = json.loads(text)[1]["id"]
        while True:
            frame = json.loads(socket.recv())
            if frame[0] == "OK" and frame[1] == event_id:
                assert frame[2] is True, frame
                return
    finally:
        socket.close()


def query(url: str, tag: str) -> list[dict]:
    """The events of KIND under the "d" tag `tag` that the relay has."""
    return held(url, {"kinds": [KIND], "#d": [tag]})


def test_addressable_events_kept_latest_per_author_kind_and_tag_across_a_restart(two_relays):  # noqa: F811
    relay = two_relays[0]
    ann, bob = Signer(), Signer()
    now = int(time.time())
    tag, other_tag = f"game-{now}-a", f"game-{now}-b"
    publish(relay.url, ann.event(KIND, [["d", tag]], "ann 1", created_at=now - 10))
    publish(relay.url, ann.event(KIND, [["d", tag]], "ann 2", created_at=now - 5))  # replaces "ann 1"
    publish(relay.url, bob.event(KIND, [["d", tag]], "bob 1", created_at=now - 8))  # another author: kept beside
    publish(relay.url, ann.event(KIND, [["d", other_tag]], "ann other", created_at=now - 9))  # another tag: kept
    assert sorted(e["content"] for e in query(relay.url, tag)) == ["ann 2", "bob 1"]
    assert [e["content"] for e in query(relay.url, other_tag)] == ["ann other"]

    relay.restart()  # the same data folder: the events are still there
    assert sorted(e["content"] for e in query(relay.url, tag)) == ["ann 2", "bob 1"]

    # Not as NIP-01 says: an older copy published after the newer one is stored too (a relay
    # may also serve an old copy): the page takes the newest copy it can check, never the relay's word.
    publish(relay.url, ann.event(KIND, [["d", tag]], "ann 0", created_at=now - 60))
    assert sorted(e["content"] for e in query(relay.url, tag)) == ["ann 0", "ann 2", "bob 1"]


def test_the_copy_of_a_long_game_is_stored(two_relays):  # noqa: F811
    """A copy of a game of 400 actions is about 27,000 characters sealed (MAX_COPY in
    web/online/turns-copy.js, in base64): the relay takes it (nostr-relay's own limit is 4,096)."""
    relay = two_relays[1]
    tag = f"long-{time.time()}"
    publish(relay.url, Signer().event(KIND, [["d", tag]], "x" * 27_000))
    assert [len(e["content"]) for e in query(relay.url, tag)] == [27_000]
