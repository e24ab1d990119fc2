"""Simulated players in the lobby of strangers (web/online/lobby-model.js), and a page's lobby
driven through its controls (Playwright), for the e2e tests and the lobby's benchmark. Each
simulated player has a Nostr key of its own (nostr_events.py), its messages published straight
to the relay as the page's signal.js publishes them (an event of Trystero's kind for the topic,
tagged ["x", topic], the message as JSON content). A reader thread takes the
relay's answers; `publish` waits for the relay's OK of its event, so a test knows the relay took
it before it looks at a page.

    with Crowd(relay_url) as crowd:
        crowd.wait("Ann", tc="10+5", colour="white")   # a waiting player's wish
        crowd.announce()                                # every wish again (as every 30 s)
        crowd.publish({...})                            # any message, from a fresh key
    open_lobby(page)                                    # a page's lobby opened, as a person does
    terms(page, "Bob", "5+3", "white")                  # the terms typed and chosen
    rows(page)                                          # the list of players waiting
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field

import websocket  # websocket-client (a dependency of selenium, in the test tools)

from nostr_events import Signer

TOPIC = "tzaar-lobby-v1"  # web/online/lobby.js
KIND = sum(map(ord, TOPIC)) % 10_000 + 20_000  # Trystero's kind for a topic (strToNum + 20000)
ACK_TIMEOUT = 10.0


def open_lobby(page) -> None:
    """Open the lobby in `page` through its controls: Play online, then Play a stranger."""
    page.click("#online-button")
    page.click("#online-lobby")
    page.wait_for_selector(".lobby[data-lobby=open]", state="attached")


def terms(page, name: str, tc: str, colour: str) -> None:
    """Type the name and choose the time control and colour in `page`'s lobby."""
    lobby = page.locator(".lobby")
    lobby.get_by_label("Your name").fill(name)
    lobby.get_by_label("Time control").select_option(tc)
    lobby.get_by_label("Your colour").select_option(colour)


def rows(page):
    """The rows of `page`'s list of players waiting."""
    return page.locator(".lobby-list tbody tr")


# A P-256 public key as the messages carry it (lobby-keys.js), the same for every simulated
# player: nobody pairs with one (it never answers), but the page checks that it is a point.
PUBLIC_KEY = "BCCbL3kQNjvwK-fEANdIpaxf-Bj6r-GBXqmAX55b9_PJuz9vcd5_7nUdrT_eOzgDBzHCW9bJI85oCFu06IcF5Q8"


def id_of(signer: Signer) -> str:
    """The lobby id of a player whose messages `signer` signs: its key's first 16 hex digits
    (lobby-model.js idOf: a page takes a message in that id's name from that key only)."""
    return signer.pubkey[:16]


@dataclass
class Player:
    name: str
    tc: str
    colour: str
    games: int
    since: int = field(default_factory=lambda: int(time.time() * 1000))
    key: str = PUBLIC_KEY
    signer: Signer = field(default_factory=Signer)

    @property
    def id(self) -> str:
        return id_of(self.signer)

    def wish(self) -> dict:
        return {"v": 1, "t": "wish", "id": self.id, "name": self.name, "tc": self.tc, "colour": self.colour,
                "games": self.games, "since": self.since, "at": int(time.time() * 1000), "key": self.key}


class Crowd:
    """Simulated waiting players on the relay at `relay_url` (a context manager)."""

    def __init__(self, relay_url: str):
        self.socket = websocket.create_connection(relay_url, timeout=ACK_TIMEOUT)
        self.players: list[Player] = []
        self.acked: dict[str, bool] = {}
        self.events = 0  # events this crowd published
        self._done = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def __enter__(self) -> Crowd:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _read(self) -> None:
        while True:
            try:
                frame = json.loads(self.socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if isinstance(frame, list) and frame[:1] == ["OK"] and len(frame) >= 3:
                with self._done:
                    self.acked[frame[1]] = bool(frame[2])
                    self._done.notify_all()

    def send(self, signer: Signer, message: dict | str, wait: bool = True) -> None:
        """Publish `message` (a dict as JSON, or a text as it is) signed by `signer`; with `wait`,
        until the relay said it took it (AssertionError when it refused it)."""
        content = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        text = signer.event(KIND, [["x", TOPIC]], content)
        event_id = json.loads(text)[1]["id"]
        self.socket.send(text)
        self.events += 1
        if not wait:
            return
        with self._done:
            if not self._done.wait_for(lambda: event_id in self.acked, ACK_TIMEOUT):
                raise AssertionError(f"the relay did not answer event {event_id}")
            assert self.acked.pop(event_id), f"the relay refused event {event_id}"

    def wait(self, name: str, tc: str = "5+3", colour: str = "random", games: int = 0) -> Player:
        """A new player waiting, its wish published."""
        player = Player(name, tc, colour, games)
        self.players.append(player)
        self.send(player.signer, player.wish())
        return player

    def announce(self, wait: bool = True) -> None:
        """Every player's wish again."""
        for player in self.players:
            self.send(player.signer, player.wish(), wait)

    def publish(self, message: dict | str) -> None:
        """`message` from a fresh key (a dict without an id: given that key's)."""
        signer = Signer()
        if isinstance(message, dict) and "id" not in message:
            message = {**message, "id": id_of(signer)}
        self.send(signer, message)

    def close(self) -> None:
        try:
            self.socket.close()
        except OSError:
            pass
