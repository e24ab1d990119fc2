"""A local web server for dist/ (python3 build.py serve, and the tests' servers)."""

from __future__ import annotations

import functools
import http.server
import os
import sys
from pathlib import Path

from . import BuildError


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the types browsers need and revalidation on every load."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
    }

    def end_headers(self) -> None:
        # A rebuilt file must never be taken from the browser's cache unchecked.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("TZAAR_SERVE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a page mid-download is no error of the server.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, handler: type[SiteHandler] = SiteHandler) -> SiteServer:
    """A server for `directory` on 127.0.0.1 (port 0 picks a free one)."""
    bound = functools.partial(handler, directory=str(directory))
    return SiteServer(("127.0.0.1", port), bound)


def serve(directory: Path, port: int) -> None:
    """Serve `directory` on 127.0.0.1:`port` until Ctrl+C, saying where."""
    try:
        server = make_server(directory, port)
    except OSError as error:
        raise BuildError(f"Cannot listen on 127.0.0.1:{port} ({error.strerror}); try --port.") from None
    print(f"Serving TZAAR at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
