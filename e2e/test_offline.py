"""Offline play, updates and installation: the page registers the service worker itself; a
reload with the network off loads and plays; a new release replaces the old cache and says
a new version is ready; Chromium finds the page installable.

`<html data-offline="ready">` is set once a service worker holding the page's own release
controls the page.
"""

from __future__ import annotations

import shutil
import tempfile

import pytest

from site_serving import serving
from helpers import STANDARD, act, idle, link, open_records, shown, wait_address

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # (conftest blocks it elsewhere)

CACHES = "() => caches.keys().then((names) => names.sort())"


def release_of(page) -> str:
    return page.evaluate("() => new URL(document.querySelector('script[type=module]').src).search.slice(1)")


def offline_ready(page) -> None:
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)


def test_a_reload_with_the_network_off_loads_and_plays(page, open_site, watch, wait_engine):
    open_site(link(STANDARD))
    wait_engine(page)
    offline_ready(page)
    assert page.evaluate("() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)")
    release = release_of(page)
    assert f"tzaar-{release}" in page.evaluate(CACHES)
    page.context.set_offline(True)
    page.reload()
    wait_engine(page)
    idle(page, STANDARD)
    offline_ready(page)
    action = page.evaluate("() => window.tzaar.state.view.legal.actions[0]")
    act(page, action)
    assert shown(page) != STANDARD
    wait_address(page, shown(page))
    # Every tool opens offline too, though none was loaded before (they load on first use).
    page.click("#analyse-button")
    page.wait_for_selector("#analysis .eval-text:not(:empty)")
    page.click("#analyse-button")
    page.click("#puzzles-button")
    page.wait_for_selector('#puzzles button[data-index="0"]', state="attached")
    page.click("#puzzles-button")
    page.click("#editor-button")
    page.wait_for_selector('#editor[data-possible="true"]')
    page.click("#editor-button")
    page.click("#review-button")
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    open_records(page)
    assert page.input_value("#record-text").startswith("# TZAAR game record")
    # Offline, the page itself (tried on the network first) and the update check may fail.
    watch.failed_requests = [r for r in watch.failed_requests if "ERR_INTERNET_DISCONNECTED" not in r]
    watch.assert_clean()


@pytest.fixture
def release_site(site_build, dist_dir, monkeypatch):
    """A site in a temp folder that build() can rebuild, from a copy of web/ we may change; its
    first release is a copy of dist/ (built from the same web/: a build costs seconds of CPU)."""
    folder = tempfile.mkdtemp(prefix="tzaar-release-")
    try:
        from pathlib import Path

        web = Path(folder) / "web"
        shutil.copytree(site_build.WEB, web)
        monkeypatch.setattr(site_build, "WEB", web)
        monkeypatch.setattr(site_build, "DIST", Path(folder) / "site")
        counter = iter(range(1, 100))

        def rebuild() -> str:
            with open(web / "style.css", "a") as css:
                css.write(f"\n/* release {next(counter)} */\n")
            return site_build.build(quiet=True)["version"]

        shutil.copytree(dist_dir, site_build.DIST)
        with serving(site_build.DIST) as url:
            yield url, rebuild
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_new_build_replaces_the_old_cache_and_says_so(page, open_site, watch, wait_engine, release_site):
    url, rebuild = release_site
    page = open_site(link(STANDARD), base=url)
    wait_engine(page)
    offline_ready(page)
    first = release_of(page)
    pyodide_cache = next(name for name in page.evaluate(CACHES) if name.startswith("tzaar-pyodide-"))
    assert page.evaluate(CACHES) == sorted([f"tzaar-{first}", pyodide_cache])
    assert page.is_hidden("#update-notice")

    # A reload after a new release: the page comes from the network, its worker takes over,
    # the old release's cache goes, and the notice says a new version is ready.
    second = rebuild()
    assert second != first
    page.reload()
    wait_engine(page)
    assert release_of(page) == second
    notice = page.locator("#update-notice[role=status]")
    notice.wait_for(state="visible", timeout=60_000)
    assert "new version" in notice.inner_text()
    offline_ready(page)
    assert page.evaluate(CACHES) == sorted([f"tzaar-{second}", pyodide_cache])
    page.click('#update-notice [data-update="dismiss"]')
    notice.wait_for(state="hidden")

    # An open page finds a newer release (the check it makes when shown again): the notice
    # offers Reload, which brings the new version and leaves only its cache.
    third = rebuild()
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    notice.wait_for(state="visible", timeout=60_000)
    assert page.is_visible('#update-notice [data-update="reload"]')
    assert page.evaluate(CACHES) == sorted([f"tzaar-{second}", f"tzaar-{third}", pyodide_cache])
    with page.expect_navigation():
        page.click('#update-notice [data-update="reload"]')
    wait_engine(page)
    assert release_of(page) == third
    offline_ready(page)
    assert page.evaluate(CACHES) == sorted([f"tzaar-{third}", pyodide_cache])
    assert page.is_hidden("#update-notice")
    watch.assert_clean()


def test_chromium_finds_the_page_installable(browser_type, browser_type_launch_args, site_url, tmp_path):
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        page = context.new_page()
        page.goto(site_url)
        offline_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site_url + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        parsed = page.evaluate("() => fetch('manifest.webmanifest').then((r) => r.json())")
        assert parsed["display"] == "standalone" and parsed["start_url"] == "./"
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in parsed["icons"]}
        assert page.get_attribute('meta[name="theme-color"]', "content")
    finally:
        context.close()
