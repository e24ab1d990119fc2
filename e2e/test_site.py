"""The site end to end: dist/ served on 127.0.0.1 (and under a sub-path) in Chromium."""

from __future__ import annotations

from collections import Counter

import pytest

from tzaar import facade

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # (conftest blocks it elsewhere)

# For tests that intercept requests: a service worker's own requests escape page.route.
NO_SERVICE_WORKER = pytest.mark.browser_context_args(service_workers="block")

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"


def pieces(page) -> list[dict]:
    return page.eval_on_selector_all(
        "#board [data-point][data-color]",
        "els => els.map(e => ({point: e.dataset.point, color: e.dataset.color,"
        " type: e.dataset.type, height: e.dataset.height}))",
    )


def assert_standard_start(page) -> None:
    assert page.get_attribute("#board", "data-position") == STANDARD
    assert page.locator("#board [data-point]").count() == 60
    shown = pieces(page)
    assert len(shown) == 60
    assert len({p["point"] for p in shown}) == 60
    assert Counter((p["color"], p["type"]) for p in shown) == {
        (color, kind): count
        for color in ("white", "black")
        for kind, count in (("tzaar", 6), ("tzarra", 9), ("tott", 15))
    }
    assert {p["height"] for p in shown} == {"1"}


# Runs in the page: a fresh EngineClient (its own worker) from the release's module URL;
# every call is sent at once, before the engine is ready: they must wait, not fail.
CALLS_THROUGH_A_NEW_CLIENT = """async (calls) => {
  const release = await (await fetch("version.json")).json();
  const {EngineClient} = await import(`./engine/client.js?${release.version}`);
  const engine = new EngineClient();
  const settle = (promise) => promise.then(
    (result) => ({result}),
    (error) => ({error: {kind: error.kind, message: error.message}}),
  );
  try {
    return await Promise.all(calls.map(([method, params]) => settle(engine.call(method, params))));
  } finally {
    engine.terminate();
  }
}"""

def test_page_gets_ready_with_a_clean_console_and_a_call_through_a_worker_gets_its_answer_or_its_error(open_site, watch, wait_engine):
    page = open_site()
    wait_engine(page)
    assert_standard_start(page)
    assert watch.requests, "the watcher saw no request"
    assert any("/pyodide/pyodide.asm.wasm" in url for url in watch.requests)
    # A new client's worker: the 42 opening captures, and each error with its kind.
    answer, unknown, bad = page.evaluate(
        CALLS_THROUGH_A_NEW_CLIENT, [["view", {"position": STANDARD}], ["no_such_method", {}], ["view", {"position": "nonsense"}]]
    )
    view = answer["result"]
    assert view["position"] == STANDARD
    assert view["side"] == "white" and view["opening"] is True
    assert len(view["legal"]["actions"]) == 42
    assert all("x" in action for action in view["legal"]["actions"])
    assert sum(map(len, view["legal"]["captures"].values())) == 42
    assert view["legal"]["stacks"] == {} and view["legal"]["pass"] is False
    assert unknown["error"]["kind"] == "UnknownMethod"
    assert bad["error"]["kind"] == "PositionError"
    assert bad["error"]["message"]
    watch.assert_clean()


@NO_SERVICE_WORKER
def test_board_is_drawn_before_python_is_ready(page, open_site, watch):
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # never answered: Python never loads
    # The worker asks for the runtime only after fetching its loader: wait for that request.
    with page.expect_request("**/pyodide/pyodide.asm.wasm", timeout=30_000):
        open_site()
    page.wait_for_selector("#board [data-point][data-color]", timeout=15_000)
    assert_standard_start(page)
    assert page.get_attribute("html", "data-engine") == "loading"
    assert held, "the runtime was requested but not held back"
    watch.assert_clean()


def test_a_button_pressed_while_the_page_starts_does_its_job_once_it_can(page, open_site, watch):
    # The language's texts held back: index.html's buttons are drawn, the page's script waits
    # for the texts before it answers a button. "How to play" pressed then opens once they come.
    held = []
    page.route("**/lang/en.json*", lambda route: held.append(route))
    with page.expect_request("**/lang/en.json*"):
        open_site()
    page.click("#help-button")
    assert held and page.locator("dialog[open]").count() == 0
    for route in held:
        route.continue_()
    page.wait_for_selector("dialog[open]", timeout=15_000)
    watch.assert_clean()


@NO_SERVICE_WORKER
def test_an_engine_that_cannot_start_says_so(page, open_site, wait_engine):
    page.route("**/tzaar.zip*", lambda route: route.fulfill(status=404, body="gone"))
    open_site()
    wait_engine(page, want="error")
    assert_standard_start(page)  # the board stays
    [answer] = page.evaluate(CALLS_THROUGH_A_NEW_CLIENT, [["view", {"position": STANDARD}]])
    assert answer["error"]["kind"] == "EngineUnavailable"
    assert "tzaar.zip" in answer["error"]["message"]


@NO_SERVICE_WORKER
def test_the_position_in_the_link_is_shown(page, open_site, watch):
    first = facade.call("view", {"position": STANDARD})["result"]["legal"]["actions"][0]
    after = facade.call("play", {"position": STANDARD, "actions": [first]})["result"]["positions"][-1]
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    open_site("index.html#" + after.replace(" ", "_"))
    page.wait_for_selector("#board [data-point][data-color]", timeout=15_000)
    assert page.get_attribute("#board", "data-position") == after
    assert len(pieces(page)) == 59
    watch.assert_clean()


def test_the_site_works_under_a_sub_path(open_site, watch, subpath_url, wait_engine):
    page = open_site(base=subpath_url)
    wait_engine(page)
    assert_standard_start(page)
    outside = [url for url in watch.requests if not url.startswith(subpath_url)]
    assert not outside, f"requests outside {subpath_url}: {outside}"
    watch.assert_clean()


def test_after_one_visit_the_site_works_offline(page, open_site, watch, wait_engine):
    # A cache left by an older release, made before any service worker of this one runs
    # (once: sessionStorage outlives the reload below).
    page.add_init_script("""if (!sessionStorage.getItem("old-cache-made")) {
      sessionStorage.setItem("old-cache-made", "yes");
      caches.open("tzaar-an-old-release");
    }""")
    open_site()
    wait_engine(page)
    release, caches = page.evaluate("""async () => {
      const release = await (await fetch("version.json")).json();
      await navigator.serviceWorker.register("sw.js");  // as the page does (the same URL)
      const worker = (await navigator.serviceWorker.ready).active;  // may still be activating
      if (worker.state !== "activated") {
        await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
      }
      return [release, (await caches.keys()).sort()];
    }""")
    assert page.evaluate("() => sessionStorage.getItem('old-cache-made')") == "yes"
    assert caches == sorted([f"tzaar-{release['version']}", f"tzaar-pyodide-{release['pyodide']}"])
    page.context.set_offline(True)
    page.reload()
    wait_engine(page)
    assert_standard_start(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    # The service worker tries the network for the page first: that one may fail offline.
    tried = f"{page.url.split('#')[0]}: net::ERR_INTERNET_DISCONNECTED"
    watch.failed_requests = [r for r in watch.failed_requests if r != tried]
    watch.assert_clean()
