"""Fixtures for the end-to-end tests: dist/ served on 127.0.0.1, a browser, a page watcher.

Every helper's e2e tests may use these:

- ``site_url``: ``http://127.0.0.1:PORT/``, dist/ served at the root.
- ``subpath_url``: ``http://127.0.0.1:PORT/tzaar-sub/``, dist/ served under a sub-path as on
  GitHub Pages (anything outside the sub-path is a 404).
- ``watch``: records the page's console errors, uncaught exceptions, failed requests and
  requests to another origin; ``watch.assert_clean()`` fails the test with all of them.
- ``open_site(url="")``: opens the page (``site_url`` + url, e.g. ``"index.html#..."``) with
  ``watch`` attached and returns it as soon as it is navigated (the engine may still load).
- ``open_stored(items, path="")``: opens the page as ``open_site(path)`` does, with ``items`` (a
  dict of texts) already in its localStorage when its scripts start (an init script, once a tab):
  one start of Pyodide instead of a load, a write and a reload.
- ``ready_page``: the page at ``site_url`` with ``<html data-engine="ready">``.
- ``clipboard``: the page may read and write the clipboard (at ``site_url``'s origin).
- ``open_position(position, actions=(), shows=None)``: opens the link of a position (a game
  between two people; with ``actions``, a game link) and returns the page once the engine is
  ready and the board shows ``shows`` (by default ``position``), idle.
- ``wait_engine(page, want="ready")``: waits for data-engine to leave "loading", then fails
  unless it is ``want``.
- ``site_build``: build.py as a module (``site_build.DIST``, ``site_build.build()``...).

The browser is the system Chromium when there is one (build.system_chromium), else
Playwright's own. With CI set, a browser test never skips: a skip is reported as a failure.
"""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest

from helpers import idle, link
from site_serving import ENGINE_TIMEOUT_MS, NO_SERVICE_WORKER, SUB_PATH, PageWatch, SubPathHandler, build, origin_of, serving, wait_engine  # noqa: F401



CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
# As root Playwright adds --no-sandbox; the rest keeps Chromium off the (closed) network.
CHROMIUM_FLAGS = [
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


# --- Building and serving dist/ -------------------------------------------------------------


@pytest.fixture(scope="session")
def site_build():
    return build


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, built now unless build.py test has just built it (TZAAR_BUILT=1)."""
    if not os.environ.get("TZAAR_BUILT"):
        build.build(quiet=True)
    return build.DIST


@pytest.fixture(scope="session")
def site_url(dist_dir):
    with serving(dist_dir) as url:
        yield url


@pytest.fixture(scope="session")
def subpath_url(dist_dir):
    with serving(dist_dir, SubPathHandler, SUB_PATH) as url:
        yield url


# --- The browser ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's launch options, with the system Chromium when there is one."""
    options = dict(browser_type_launch_args)
    if browser_name == "chromium":
        chromium = build.system_chromium()
        if chromium and "channel" not in options:
            options["executable_path"] = chromium
        options["args"] = [*options.get("args", []), *CHROMIUM_FLAGS]
    return options


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """pytest-playwright's context options: no service worker (site_serving.NO_SERVICE_WORKER)
    unless a module's `pytestmark` allows it."""
    return {**browser_context_args, **NO_SERVICE_WORKER}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a skipped browser test is a failure: it means nothing was checked."""
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped and not hasattr(report, "wasxfail") and _is_e2e(item):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """The same for a whole module skipped while it is collected."""
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped and _is_e2e(collector):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"


def _is_e2e(node) -> bool:
    return Path(str(node.path)).resolve().is_relative_to(Path(__file__).parent)


# --- Watching a page ------------------------------------------------------------------------


@pytest.fixture
def watch(site_url) -> PageWatch:
    return PageWatch(origin_of(site_url))


@pytest.fixture
def open_site(page, watch, site_url):
    """open_site(path="", base=site_url): the page, navigated, with `watch` attached."""
    attached = []

    def open_(path: str = "", base: str | None = None):
        base = base or site_url
        watch.allowed_origin = origin_of(base)
        if not attached:
            watch.attach(page)
            attached.append(page)
        page.goto(base + path)
        return page

    return open_


@pytest.fixture
def open_stored(page, open_site):
    """open_stored(items, path=""): the page at `path` with `items` in its localStorage first;
    a reload later finds what the page made of them (sessionStorage marks the call done)."""

    def open_(items: dict[str, str], path: str = ""):
        mark = f"e2e.stored.{next(calls)}"  # each call's items written once, by the next load
        page.add_init_script(
            f"((mark, items) => {{ if (sessionStorage.getItem(mark)) return; sessionStorage.setItem(mark, '1');"
            f" for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }})({json.dumps(mark)}, {json.dumps(items)})"
        )
        return open_site(path)

    calls = itertools.count()

    return open_


@pytest.fixture(name="wait_engine")
def wait_engine_fixture():
    return wait_engine


@pytest.fixture
def ready_page(open_site):
    page = open_site()
    wait_engine(page)
    return page


@pytest.fixture
def clipboard(page, site_url):
    """Lets the page read and write the clipboard at the site's origin."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))


@pytest.fixture
def open_position(open_site):
    """open_position(position, actions=(), shows=None): the page at the link of `position` (and
    `actions`), the engine ready, `shows` (by default `position`) drawn."""

    def open_(position: str, actions=(), shows: str | None = None):
        page = open_site(link(position, actions))
        wait_engine(page)
        idle(page, shows or position)
        return page

    return open_
