"""What a Nostr relay holds, for the benchmarks of games by turns: its events read by a REQ
(over its WebSocket, as a page reads them) or from the sqlite file of the local relay
(sitebuild/relay.py: nostr-relay's table `events`), and their count and bytes.

    events = events_on("ws://127.0.0.1:PORT", {"kinds": [30078]})
    rows = stored_events(folder / "events.sqlite3", 30078)
    summary = summarize(events)          # EventsSummary(count, bytes, largest, content, authors)

An event's bytes are those of its JSON as a relay sends it (compact, UTF-8): id, pubkey,
created_at, kind, tags, content and sig. Pure but for the socket and the file it reads.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import websocket  # websocket-client (in the test tools)


@dataclass(frozen=True)
class EventsSummary:
    count: int
    bytes: int  # the events' JSON, all together
    largest: int  # the largest event's JSON
    content: int  # the events' content fields alone (the sealed copies), all together
    authors: int


def event_bytes(event: dict) -> int:
    """The bytes of `event` as a relay sends it: compact JSON, UTF-8."""
    return len(json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def summarize(events: list[dict]) -> EventsSummary:
    sizes = [event_bytes(event) for event in events]
    return EventsSummary(
        count=len(events),
        bytes=sum(sizes),
        largest=max(sizes, default=0),
        content=sum(len(event["content"].encode("utf-8")) for event in events),
        authors=len({event["pubkey"] for event in events}),
    )


def events_on(url: str, query: dict, timeout: float = 10) -> list[dict]:
    """The events of `query` (a NIP-01 filter) that the relay at `url` has: a REQ read to its EOSE."""
    socket = websocket.create_connection(url, timeout=timeout)
    try:
        socket.send(json.dumps(["REQ", "stored", query]))
        events = []
        while True:
            frame = json.loads(socket.recv())
            if frame[0] == "EOSE":
                return events
            if frame[0] == "EVENT":
                events.append(frame[2])
    finally:
        socket.close()


def stored_events(database: Path, kind: int) -> list[dict]:
    """The events of `kind` in nostr-relay's sqlite file, as events (ids, keys and signatures in hex)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT id, pubkey, created_at, kind, tags, content, sig FROM events WHERE kind = ?", (kind,)).fetchall()
    finally:
        connection.close()
    return [
        {"id": bytes(id_).hex(), "pubkey": bytes(pubkey).hex(), "created_at": created_at, "kind": kind_,
         "tags": json.loads(tags) if isinstance(tags, str) else tags, "content": content, "sig": bytes(sig).hex()}
        for id_, pubkey, created_at, kind_, tags, content, sig in rows
    ]
