"""Online play in dist/: web/online.json checked, its relays allowed by the page's content
security policy, and the third-party libraries of online play bundled.

web/online.json (copied to dist/online.json, where a host may edit it) lists the Nostr relays
through which two pages find each other and the ICE servers of their connection
(docs/online.md). The page's policy (index.html) allows `connect-src 'self'` only; the build
adds each relay's origin: nothing else. A development build (`python3 build.py --local-relay`)
adds ws://127.0.0.1:* too, for the relay of `python3 build.py relay`; the tests add their own
relay to their own copy of the page (with_relay).

The libraries (npm, pinned in package.json) are bundled by esbuild, each into one ES module
that the page imports on the first use of online play: Trystero's Nostr strategy (with its
signing code, exported too: the relay path's Schnorr signatures and the marker of a taken seat,
web/online/seat-taken.js) and the QR code encoder. Our own code is not bundled. Trystero is
bundled from a copy patched by sitebuild/trystero.patch (bounds on what a peer can make the
page hold; sitebuild/patches.py applies it strictly).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from . import BuildError
from .patches import apply_patch

CONFIG = "online.json"
LOCAL_RELAYS = "ws://127.0.0.1:*"
CSP_CONNECT = "connect-src 'self'"
# dist/ name -> the export line esbuild bundles (from node_modules).
LIBRARIES = {
    "online/lib/trystero.js": 'export { joinRoom, selfId, createEvent, subscribe, getRelaySockets, pauseRelayReconnection } from "trystero/nostr";\n'
                              'export { schnorr, utils as secp256k1 } from "@noble/secp256k1";',
    "online/lib/qrcode.js": 'export { create } from "qrcode";',
}
# The packages patched (copied from node_modules first) before a library is bundled.
PATCHES = {"online/lib/trystero.js": (Path(__file__).with_name("trystero.patch"), ["trystero", "@trystero-p2p/core", "@trystero-p2p/nostr"])}
RELAY_URL = re.compile(r"wss?://[A-Za-z0-9.-]+(?::\d{1,5})?(?:/[A-Za-z0-9._~/-]*)?")
ICE_URL = re.compile(r"(?:stun|stuns|turn|turns):[A-Za-z0-9.-]+(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?")


def check_config(text: str) -> dict:
    """web/online.json read and checked: {"relays": [ws(s) URL], "iceServers": [{urls,
    username?, credential?}]} (and an optional "about" text); BuildError says what is wrong."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise BuildError(f"web/{CONFIG} is not JSON: {error}") from None
    if not isinstance(data, dict) or set(data) - {"about", "relays", "iceServers"}:
        raise BuildError(f"web/{CONFIG} must be an object with \"relays\" and \"iceServers\" (and \"about\").")
    relays = data.get("relays")
    if not isinstance(relays, list) or not relays or not all(isinstance(r, str) and RELAY_URL.fullmatch(r) for r in relays):
        raise BuildError(f"web/{CONFIG}: \"relays\" must list ws:// or wss:// addresses, at least one.")
    servers = data.get("iceServers")
    if not isinstance(servers, list):
        raise BuildError(f"web/{CONFIG}: \"iceServers\" must be a list (it may be empty).")
    for server in servers:
        urls = server.get("urls") if isinstance(server, dict) else None
        urls = [urls] if isinstance(urls, str) else urls
        if not isinstance(urls, list) or not urls or not all(isinstance(u, str) and ICE_URL.fullmatch(u) for u in urls):
            raise BuildError(f"web/{CONFIG}: each ICE server needs \"urls\": stun:, stuns:, turn: or turns: addresses.")
    return data


def origin_of(url: str) -> str:
    """A relay's origin: ``wss://relay.example.org``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def connect_sources(config: dict, local: bool = False) -> list[str]:
    """What the policy's connect-src adds: each relay's origin (then, with `local`, the local
    relays of a development build)."""
    origins = []
    for url in config["relays"]:
        origin = origin_of(url)
        if origin not in origins:
            origins.append(origin)
    return [*origins, LOCAL_RELAYS] if local else origins


def with_relays(page: str, config: dict, local: bool = False) -> str:
    """index.html with the relays added to its policy's connect-src (which must be 'self');
    `local`: a development build's, which allows the local relays too."""
    if page.count(CSP_CONNECT + ";") != 1:
        raise BuildError(f"web/index.html's policy must hold \"{CSP_CONNECT};\" once, for the build to add the relays.")
    return page.replace(CSP_CONNECT + ";", " ".join([CSP_CONNECT, *connect_sources(config, local)]) + ";")


def with_relay(page: str, url: str) -> str:
    """A built index.html whose policy's connect-src allows the relay at `url` too (the tests'
    own copy of dist/, e2e/relay.py)."""
    if page.count(CSP_CONNECT) != 1:
        raise BuildError(f"index.html's policy must hold \"{CSP_CONNECT}\" once, to add a relay.")
    return page.replace(CSP_CONNECT, f"{CSP_CONNECT} {origin_of(url)}")


def libraries(esbuild: Path, root: Path) -> dict[str, bytes]:
    """The online libraries, each bundled and minified by esbuild: {dist name: module}."""
    out = {}
    for name, entry in LIBRARIES.items():
        with tempfile.TemporaryDirectory(prefix="tzaar-lib-") as folder:
            cwd, env = root, None
            if name in PATCHES:  # bundled from a patched copy; its other imports from node_modules
                patch, packages = PATCHES[name]
                cwd = Path(folder)
                for package in packages:
                    source = root / "node_modules" / package
                    if not source.is_dir():
                        raise BuildError(f"node_modules/{package} is missing: npm ci installs the libraries")
                    shutil.copytree(source, cwd / "node_modules" / package)
                try:
                    apply_patch(patch.read_text(encoding="utf-8"), cwd / "node_modules")
                except BuildError as error:
                    raise BuildError(f"{patch.name}: {error}") from None
                env = {**os.environ, "NODE_PATH": str(root / "node_modules")}
            run = subprocess.run([str(esbuild), "--bundle", "--format=esm", "--minify", "--platform=browser", "--legal-comments=none",
                                  "--log-level=warning"], input=entry, cwd=cwd, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise BuildError(f"esbuild could not bundle {name} (npm ci installs the libraries): {run.stderr.strip()[-1500:]}")
        out[name] = run.stdout.encode()
    return out
