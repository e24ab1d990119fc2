"""How the page loads: precompiled Python (the rules at the start, the rest on first call),
only the standard library in use, and any other standard module fetched when first
imported; the tools' files on first use."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import idle, open_records
from sitebuild.site import DOWNLOADS, download_sizes

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # (conftest blocks it elsewhere)

EN = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "en.json").read_text(encoding="utf-8"))


def python(page, code: str) -> str:
    """The value of a Python expression in the worker (self.tzaarDebug, web/engine/worker.js)."""
    return page.workers[0].evaluate("(code) => self.tzaarDebug.runPython(code)", code)


def test_the_engine_loads_compiled_modules_and_only_the_standard_library_in_use_and_fetches_a_module_outside_it_when_imported(page, open_site, watch, wait_engine):
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0].rsplit("/", 2)))
    open_site()
    wait_engine(page)
    files = ["/".join(parts[-2:]) if parts[-2] == "pyodide" else parts[-1] for parts in requested]
    assert "stdlib.zip" in files and "tzaar.zip.gz" in files
    assert "tzaar-more.zip" not in files  # the computer player and the tools: on first call
    assert "pyodide/python_stdlib.zip" not in files  # Pyodide's whole library (2.5 MB) stays unloaded
    assert python(page, "import tzaar.facade; tzaar.facade.__file__") == "/lib/tzaar.zip/tzaar/facade/__init__.pyc"
    assert python(page, "import json; json.__file__") == "/lib/python314.zip/json/__init__.pyc"  # stdlib.zip, mounted there
    # The first call of an ai_* method fetches the rest of the package (and nothing else).
    with page.expect_request("**/tzaar-more.zip*"):
        assert python(page, "import tzaar.facade as f; f.call_json('ai_levels', '{}')").startswith('{"result"')
    assert python(page, "import tzaar.facade.ai_methods as m; m.__file__") == "/lib/tzaar-more.zip/tzaar/facade/ai_methods.pyc"
    assert python(page, "import tzaar.facade as f; f.call_json('attack_map', '{}')").startswith('{"error"')  # (params)
    files = ["/".join(parts[-2:]) if parts[-2] == "pyodide" else parts[-1] for parts in requested]
    assert files.count("tzaar-more.zip") == 1 and "pyodide/python_stdlib.zip" not in files
    # A standard module outside stdlib.zip is fetched (Pyodide's whole library) when imported.
    assert python(page, "import sys; str('colorsys' in sys.modules)") == "False"
    with page.expect_request("**/pyodide/python_stdlib.zip*"):
        assert python(page, "import colorsys; str(colorsys.rgb_to_hsv(1, 0, 0))") == "(0.0, 1.0, 1)"
    assert python(page, "import colorsys; colorsys.__file__") == "/lib/python-whole-stdlib.zip/colorsys.py"
    # A submodule of a package whose other modules are in stdlib.zip comes the same way.
    assert python(page, "import json.tool; json.tool.__name__") == "json.tool"
    assert python(page, "import importlib.util; str(importlib.util.find_spec('no_such_module'))") == "None"
    watch.assert_clean()


# Each text the loading bar shows, in order (an init script, before the page's own).
LOADING_TEXTS = """(() => {
  window.__loadingTexts = [];
  new MutationObserver(() => {
    const text = document.querySelector("#loading .loading-text")?.textContent;
    if (text && window.__loadingTexts.at(-1) !== text) window.__loadingTexts.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();"""


def test_a_first_visit_says_the_megabytes_of_the_engine_as_they_download(page, open_site, watch, wait_engine, dist_dir):
    page.add_init_script(LOADING_TEXTS)
    # At 4 MB a second (CDP's emulated network, the worker's fetches too), so that the bytes come
    # over about a second however busy the machine is: from the local server they came at
    # once, and a page slowed by other work said only the last figure.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": 4 * 2**20, "uploadThroughput": -1})
    open_site()
    wait_engine(page)
    # Over the wire as GitHub Pages sends them (gzip): the worker's table, made by build.py.
    total = sum(wire for _, wire in download_sizes({name: (dist_dir / name).read_bytes() for name in DOWNLOADS}).values())
    said = [re.fullmatch(r"Loading the engine: (\d+\.\d) of (\d+\.\d) MB", text) for text in page.evaluate("() => window.__loadingTexts")]
    loaded = [float(m[1]) for m in said if m]
    # It moves as they come (how often depends on how the bytes arrive: dozens of figures so paced; 15 unpaced on a quiet machine, 1 on a busy one).
    assert len(set(loaded)) >= 3, said
    assert {m[2] for m in said if m} == {f"{total / 2**20:.1f}"}  # megabytes of 2**20 bytes, as BENCHMARKS.md counts
    assert loaded == sorted(loaded) and loaded[-1] >= 0.9 * total / 2**20
    watch.assert_clean()


# What only the tools need (the analysis board, attack map, review, puzzles, editor, game
# records), their texts, How to play and the new-game dialog (dialogs.js), what every dialog
# shares (dialog.css), dragging (drag.js),
# the clocks (clock.js, clocks.js, clocks.css: the online game's), the notice of a new
# version (update-notice.js, update-notice.css: when there is one), the confirmation of a
# losing stacking (confirm.js), the watch bar (watch-bar.js, watch-bar.css: the computer
# against itself), Copy link's two choices' look (copy-choices.css), the count of games by
# turns on Play online (turn-count.js, turn-count.css: when there are any), and the Python of
# the tools and the computer player (tzaar-more.zip): fetched on their first use, never by a
# plain load of the page.
TOOLS_FILES = {"overlay.js", "analysis.js", "review.js", "review-job.js", "puzzles.js", "puzzle-rating.js", "editor.js", "panel.css", "puzzles.json",
               "records.js", "records.css", "dialogs.js", "dialogs.css", "en.later.json", "tzaar-more.zip", "synth.js",
               "drag.js", "clock.js", "clocks.js", "clocks.css", "update-notice.js", "update-notice.css",
               "confirm.js", "watch-bar.js", "watch-bar.css", "dialog.css", "copy-choices.css", "turn-count.js", "turn-count.css"}


# What a plain load may fetch of our files (outside Pyodide's runtime and stdlib.zip), in
# bytes as dist/ has them: issue 13's aim (BENCHMARKS.md, "Loading, bytes").
START_BUDGET = 150 * 1024


def test_a_plain_load_fetches_none_of_the_tools_and_each_tool_fetches_its_files(page, open_site, watch, wait_engine, site_url, dist_dir):
    paths, requested = [], []  # by the page and its worker (the service worker precaches every file)

    def seen(request):
        if not request.service_worker:
            paths.append(request.url.split("?")[0].removeprefix(site_url) or "index.html")
            requested.append(paths[-1].rsplit("/", 1)[-1])

    page.context.on("request", seen)
    open_site()
    wait_engine(page)
    idle(page)
    page.wait_for_load_state("networkidle")  # anything a load starts late
    assert not TOOLS_FILES & set(requested), "a plain load fetched tools' files"
    ours = {path for path in paths if not path.startswith("pyodide/") and path != "stdlib.zip"}
    size = sum((dist_dir / path).stat().st_size for path in ours)
    assert size < START_BUDGET, f"a plain load fetches {size / 1024:.1f} KB of our files: {sorted(ours)}"
    assert page.locator("#tools button").count() == 4  # their buttons are there all the same
    # The first press of a tool's button loads the tools (and does what it says).
    page.click("#analyse-button")
    page.wait_for_selector(".eval-bar:not([hidden])")
    page.wait_for_selector(".eval-bar[data-score]")  # a score: the worker has the computer player
    assert page.get_attribute("#analyse-button", "aria-pressed") == "true"
    assert {"overlay.js", "analysis.js", "review.js", "review-job.js", "puzzles.js", "editor.js", "panel.css",
            "en.later.json", "tzaar-more.zip"} <= set(requested)
    assert page.get_attribute(".eval-bar", "aria-label") == EN["analysis.bar"]  # a later text
    assert page.locator("#tools .tools-row").first.locator("button").count() == 4  # one row, not two
    page.click("#analyse-button")
    assert "puzzles.json" not in requested
    page.click("#puzzles-button")
    page.wait_for_selector('#puzzles button[data-index="0"]', state="attached")
    assert "puzzles.json" in requested and "records.js" not in requested
    open_records(page)
    assert {"records.js", "records.css", "dialog.css"} <= set(requested)
    assert page.text_content("#record-title") == EN["record.title"]  # the dialog's texts (en.later.json)
    page.click('#record-dialog button[value="close"]')
    assert "dialogs.js" not in requested
    page.click("#help-button")
    page.wait_for_selector("#help-dialog[open]")
    assert {"dialogs.js", "dialogs.css"} <= set(requested) and page.text_content("#help-title") == EN["help.title"]
    assert page.input_value("#record-text").startswith("# TZAAR game record")
    watch.assert_clean()
