"""The Python side of web/engine/worker.js: its start, and what its debug hook reads. The
worker calls these with values (URLs, paths, names), never with source text."""

from __future__ import annotations

import gc
import importlib
import json
import sys

import package_rest
import whole_stdlib

# The job registry whose kept jobs memory() counts (its kept_count()); read only once it is
# loaded: memory() loads nothing.
JOBS_MODULE = "tzaar.jobs"


def start(package_zip: str, package: str, rest_url: str, whole_stdlib_url: str) -> None:
    """Make the standard library whole on demand (from `whole_stdlib_url`), import `package`
    from the zip file `package_zip`, and fetch its other modules from `rest_url` on first use."""
    from whole_stdlib_names import NAMES  # written into stdlib.zip by the build

    whole_stdlib.install(whole_stdlib_url, NAMES)
    sys.path.insert(0, package_zip)
    importlib.import_module(package)
    package_rest.install(package, rest_url)


def memory() -> str:
    """JSON {gcObjects, jobs}: the objects the collector tracks, and the searches and reviews
    kept between calls (each holds its own transposition table)."""
    registry = sys.modules.get(JOBS_MODULE)
    jobs = registry.kept_count() if registry is not None else 0
    return json.dumps({"gcObjects": len(gc.get_objects()), "jobs": jobs})
