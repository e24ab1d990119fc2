#!/usr/bin/env python3
"""Build, serve and test the TZAAR site. Standard library only (Node compiles the Python).

    python3 build.py [--local-relay] build dist/ (--local-relay: for development, its policy
                                     allows the local relay of `build.py relay`)
    python3 build.py serve [--port N] [--local-relay]
                                     build, then serve dist/ on http://127.0.0.1:N/ (8000)
    python3 build.py test [ARGS...]  set up .venv, build, find a browser, run node's unit
                                     tests (tests/js/) and every pytest test (ARGS go to pytest)
    python3 build.py relay [--port N] [--data FOLDER]  set up .venv, then run a Nostr relay on
                                     127.0.0.1:N (7447); --data: its events kept in FOLDER
                                     for online play in development (docs/online.md)

dist/ is what GitHub Pages publishes:

    index.html, *.js, *.css, icon.svg   from web/, minified (sitebuild/minify.py: esbuild for
                                        the code), relative asset URLs stamped ?v=HASH
    lang/<code>.json, .later.json       each language's texts: the start's, and the later ones
    sw.js                               the service worker, given the release and its files
    online.json                         the relays and ICE servers of online play (a host edits it)
    online/lib/*.js                     the online libraries (npm), bundled on first use
    tzaar.zip.gz                        the modules tzaar.facade imports, compiled (.pyc), in
                                        a zip that stores them, gzipped as a whole
    tzaar-more.zip                      the modules of the methods it imports on first call
                                        (computer player, tools), compiled; fetched then
    stdlib.zip                          the standard library modules they and Pyodide use, and
                                        web/engine/python/ (the worker's import finders and start)
    pyodide/                            the runtime files the worker needs, from node_modules
    version.json                        {"version": HASH, "pyodide": ..., "files": [...]}
    .nojekyll                           so that GitHub Pages serves the files as they are

The work is done by the modules of sitebuild/ (its __init__.py lists them); this file names
the folders and runs the commands. The Pyodide version is written only in package.json (and
its lock file); HASH covers our files and that version, so it changes with every release that
changes anything.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # sitebuild/, beside this file

from sitebuild import BuildError, relay, runtime, site, testing  # noqa: E402
from sitebuild.imports import package_files  # noqa: E402,F401  (tests read it here)
from sitebuild.languages import language_manifests  # noqa: E402,F401
from sitebuild.paths import DIST, WEB  # noqa: E402
from sitebuild.serve import SiteHandler, make_server, serve as serve_folder  # noqa: E402,F401
from sitebuild.testing import system_chromium  # noqa: E402,F401

# WEB and DIST are read at each call, so a test may point them elsewhere.


def build(quiet: bool = False, local_relay: bool = False) -> dict:
    """Make dist/ afresh from web/ and tzaar/; return the contents of dist/version.json.
    `local_relay`: a development build, whose policy allows ws://127.0.0.1:* (the relay of
    `python3 build.py relay`); the one that ships does not."""
    return site.build(WEB, DIST, quiet, local_relay)


def serve(port: int, fresh: bool = True, local_relay: bool = False) -> None:
    """Build (unless `fresh` is false and dist/ is there), then serve dist/ until Ctrl+C."""
    if fresh or not (DIST / "version.json").is_file():
        build(local_relay=local_relay)
    serve_folder(DIST, port)


def test(pytest_args: list[str]) -> int:
    """Set up .venv and build while node's unit tests run, then pytest: the exit code."""
    runtime.ensure_pyodide()  # node_modules, which node's tests import from
    node = testing.NodeTests()
    try:
        python = testing.ensure_venv()
        build()
    except BaseException:
        node.finish()
        raise
    return testing.run(python, pytest_args, node)


def run_relay(port: int, data: Path | None = None) -> None:
    """Set up .venv (the relay comes with the test tools), then run a Nostr relay on
    127.0.0.1:`port` until Ctrl+C; its address is printed once it listens. `data`: the folder
    that keeps its events (a relay started again with it has them still), else a temporary one."""
    python = testing.ensure_venv()
    with relay.running_relay(python, port, data=data) as url:
        print(f"Relay listening on {url} (Ctrl+C stops it). Point the page at it: docs/online.md", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, serve and test the TZAAR site.")
    local_help = "a development build: the page's policy allows the local relay (ws://127.0.0.1:*)"
    parser.add_argument("--local-relay", action="store_true", help=local_help)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)").add_argument("--local-relay", action="store_true", default=argparse.SUPPRESS, help=local_help)
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is, if built")
    serve_parser.add_argument("--local-relay", action="store_true", default=argparse.SUPPRESS, help=local_help)
    commands.add_parser("test", help="set up .venv, build, and run every test (other arguments go to pytest)")
    relay_parser = commands.add_parser("relay", help="run a Nostr relay on 127.0.0.1 for online play (development, tests)")
    relay_parser.add_argument("--port", type=int, default=7447, help="port (default 7447; 0 picks a free one)")
    relay_parser.add_argument("--data", type=Path, default=None, help="a folder that keeps its events across restarts (default: a temporary one)")
    args, pytest_args = parser.parse_known_args(argv)
    if pytest_args and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(pytest_args)}")
    try:
        if args.command == "serve":
            serve(args.port, fresh=not args.no_build, local_relay=args.local_relay)
        elif args.command == "test":
            return test(pytest_args)
        elif args.command == "relay":
            run_relay(args.port, args.data)
        else:
            build(local_relay=args.local_relay)
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
