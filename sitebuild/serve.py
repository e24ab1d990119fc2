"""A local web server for dist/ (python3 build.py serve, and the tests' servers), and one that
serves as GitHub Pages does (PagesHandler: for the first visit's bytes over the wire)."""

from __future__ import annotations

import email.utils
import functools
import gzip
import hashlib
import http.server
import os
import sys
import threading
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


# The content types GitHub Pages was seen to gzip (docs/benchmarks-log.md says from where).
GZIPPED = {
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "application/manifest+json", "image/svg+xml", "application/wasm", "text/plain",
}
GZIP_LEVEL = 6  # a CDN's usual level on the fly, not the maximum


class PagesHandler(SiteHandler):
    """GitHub Pages' ways: max-age=600, ETag and 304, gzip for GZIPPED; counts bytes sent."""

    sent: list[tuple[str, int, int]] = []  # (path, bytes on the wire, bytes of the file)
    lock = threading.Lock()
    cache: dict[str, tuple[bytes, bytes, str]] = {}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super(SiteHandler, self).end_headers()

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            super().do_GET()
            return
        kind = self.guess_type(str(path))
        key = str(path)
        if key not in self.cache:
            raw = path.read_bytes()
            packed = gzip.compress(raw, GZIP_LEVEL, mtime=0)
            self.cache[key] = (raw, packed, '"' + hashlib.sha1(raw).hexdigest() + '"')
        raw, packed, etag = self.cache[key]
        since = self.headers.get("If-Modified-Since")
        unchanged = since and email.utils.parsedate_to_datetime(since).timestamp() >= int(path.stat().st_mtime)
        if self.headers.get("If-None-Match") == etag or (unchanged and "If-None-Match" not in self.headers):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            self._count(0, len(raw))
            return
        zipped = kind.split(";")[0] in GZIPPED and "gzip" in self.headers.get("Accept-Encoding", "")
        body = packed if zipped else raw
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(path.stat().st_mtime, usegmt=True))
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)
        self._count(len(body), len(raw))

    def _count(self, wire: int, size: int) -> None:
        with self.lock:
            PagesHandler.sent.append((self.path, wire, size))


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
