"""python3 build.py relay: a real Nostr relay on 127.0.0.1, for development and the tests.

The page's online play finds the other player's page through Nostr relays (web/online.json,
docs/online.md). This starts `nostr-relay` (PyPI, installed into .venv with the test tools,
pyproject.toml) with a configuration of its own in a folder: it listens on 127.0.0.1 only,
keeps its events in a sqlite file there, and checks each event's signature as a public relay
does. The folder is a temporary one, or `data` when given (`python3 build.py relay --data
FOLDER`): a relay started again with the same folder still has its events, as games by turns
need (their copies wait on the relays between two turns). The page is pointed at it by an
online.json that lists its address (e2e/relay.py serves one to the tests, and restarts a
relay with its folder).

    with running_relay(python) as url:                    # "ws://127.0.0.1:PORT"
        ...
    process = start_relay(python, port, folder, log)      # the same, by hand (e2e/relay.py)
    stop_relay(process)
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from . import BuildError

STARTUP_SECONDS = 30

CONFIG = """\
DEBUG: false
relay_name: tzaar local relay
relay_description: for development and tests (python3 build.py relay)
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{folder}/events.sqlite3
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
max_event_size: 65536  # a copy of a long game by turns: up to 27,000 characters (the default: 4,096)
subscription_limit: 64
max_limit: 6000
"""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def start_relay(python: Path, port: int, folder: Path, log: Path | None = None) -> subprocess.Popen:
    """Start nostr-relay (from the environment of `python`) on 127.0.0.1:`port`, its
    configuration and its events (events.sqlite3) in `folder` (made if missing: a folder
    used before gives the relay its events back); returns once it accepts connections."""
    program = python.parent / "nostr-relay"
    if not program.exists():
        raise BuildError(f"{program} is missing: the relay comes with the test tools (pyproject.toml).")
    folder = Path(folder).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "relay.yaml"
    config.write_text(CONFIG.format(folder=folder, port=port))
    log = Path(log or folder / "relay.log")
    with open(log, "ab") as out:
        process = subprocess.Popen([str(program), "-c", str(config), "serve", "--use-uvicorn"], cwd=folder, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + STARTUP_SECONDS
    while not _listening(port):
        if process.poll() is not None:
            raise BuildError(f"nostr-relay stopped at its start (exit {process.returncode}); its log: {log}")
        if time.monotonic() > deadline:
            stop_relay(process)
            raise BuildError(f"nostr-relay did not listen on 127.0.0.1:{port} within {STARTUP_SECONDS} s")
        time.sleep(0.1)
    return process


def stop_relay(process: subprocess.Popen) -> None:
    """Stop a relay started by start_relay (its events stay in its folder)."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def running_relay(python: Path, port: int = 0, log: Path | None = None, data: Path | None = None) -> Iterator[str]:
    """Start nostr-relay on 127.0.0.1:`port` (0: a free one), its events kept in the folder
    `data` (they outlive the relay) or, without it, in a temporary folder; yield its address
    once it accepts connections; stop it on exit."""
    port = port or free_port()
    with contextlib.ExitStack() as stack:
        folder = Path(data) if data else Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tzaar-relay-")))
        process = start_relay(python, port, folder, log)
        try:
            yield f"ws://127.0.0.1:{port}"
        finally:
            stop_relay(process)
