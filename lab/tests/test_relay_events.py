"""Counting what a relay holds (lab/browser/relay_events.py, for ``python -m
lab.browser.bench_by_turns``): the summary of a list of events, and the same events read by a
REQ and from the local relay's sqlite file."""

import json
import sys
import time
from pathlib import Path

import websocket

from lab.browser.relay_events import EventsSummary, event_bytes, events_on, stored_events, summarize
from sitebuild.relay import running_relay

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from nostr_events import Signer  # noqa: E402

KIND = 30078


def test_the_summary_counts_events_bytes_the_largest_and_authors():
    one = {"id": "a" * 64, "pubkey": "b" * 64, "created_at": 1, "kind": KIND, "tags": [["d", "t"]], "content": "é" * 10, "sig": "c" * 128}
    two = {**one, "id": "d" * 64, "content": "x" * 100}
    three = {**two, "pubkey": "e" * 64}
    assert event_bytes(one) == len(json.dumps(one, separators=(",", ":"), ensure_ascii=False).encode()) == event_bytes(two) - 80
    assert summarize([one, two, three]) == EventsSummary(count=3, bytes=event_bytes(one) + 2 * event_bytes(two), largest=event_bytes(two), content=220, authors=2)
    assert summarize([]) == EventsSummary(0, 0, 0, 0, 0)


def publish(url: str, text: str) -> None:
    socket = websocket.create_connection(url, timeout=10)
    try:
        socket.send(text)
        while json.loads(socket.recv())[0] != "OK":
            pass
    finally:
        socket.close()


def test_a_req_and_the_relays_sqlite_file_give_the_same_events(tmp_path):
    ann, bob = Signer(), Signer()
    now = int(time.time())
    with running_relay(Path(sys.executable), data=tmp_path) as url:
        publish(url, ann.event(KIND, [["d", "game"]], "ann 1", created_at=now - 5))
        publish(url, ann.event(KIND, [["d", "game"]], "ann 2", created_at=now - 2))  # replaces "ann 1"
        publish(url, bob.event(KIND, [["d", "game"]], "bob " * 50, created_at=now - 3))
        publish(url, bob.event(1, [], "a note", created_at=now - 3))  # another kind
        read = events_on(url, {"kinds": [KIND], "#d": ["game"]})
    stored = stored_events(tmp_path / "events.sqlite3", KIND)
    key = lambda event: event["id"]  # noqa: E731
    assert sorted(read, key=key) == sorted(stored, key=key)
    summary = summarize(stored)
    assert (summary.count, summary.authors, summary.content) == (2, 2, 5 + 200)
    assert summary.largest == max(event_bytes(e) for e in read if e["content"].startswith("bob"))
