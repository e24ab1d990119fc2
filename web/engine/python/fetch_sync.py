"""A download that blocks, as a worker may make: for the import finders, which must answer
at once (whole_stdlib.py, package_rest.py). Runs in Pyodide only (the `js` module)."""

from __future__ import annotations


def fetch_to(url: str, path: str) -> int:
    """Download `url` into the file `path` (only when it answers 200); the HTTP status."""
    from js import XMLHttpRequest  # Pyodide's bridge to the worker's globals

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status == 200:
        with open(path, "wb") as file:
            file.write(request.response.to_bytes())
    return int(request.status)
