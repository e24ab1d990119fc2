"""How the engine loads: precompiled Python from two zips, only the standard library in use,
and any other standard module fetched when first imported."""

from __future__ import annotations


def python(page, code: str) -> str:
    """The value of a Python expression in the worker (self.tzaarDebug, web/engine-worker.js)."""
    return page.workers[0].evaluate("(code) => self.tzaarDebug.runPython(code)", code)


def test_the_engine_loads_compiled_modules_and_only_the_standard_library_in_use(page, open_site, watch, wait_engine):
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0].rsplit("/", 2)))
    open_site()
    wait_engine(page)
    files = ["/".join(parts[-2:]) if parts[-2] == "pyodide" else parts[-1] for parts in requested]
    assert "stdlib.zip" in files and "tzaar.zip" in files
    assert "pyodide/python_stdlib.zip" not in files  # Pyodide's whole library (2.5 MB) stays unloaded
    assert python(page, "import tzaar.facade; tzaar.facade.__file__") == "/lib/tzaar.zip/tzaar/facade.pyc"
    assert python(page, "import json; json.__file__") == "/lib/python314.zip/json/__init__.pyc"  # stdlib.zip, mounted there
    watch.assert_clean()


def test_a_standard_module_outside_the_zip_is_fetched_when_imported(page, open_site, watch, wait_engine):
    open_site()
    wait_engine(page)
    assert python(page, "import sys; str('colorsys' in sys.modules)") == "False"
    with page.expect_request("**/pyodide/python_stdlib.zip*"):
        assert python(page, "import colorsys; str(colorsys.rgb_to_hsv(1, 0, 0))") == "(0.0, 1.0, 1)"
    assert python(page, "import colorsys; colorsys.__file__") == "/lib/python-whole-stdlib.zip/colorsys.py"
    # A submodule of a package whose other modules are in stdlib.zip comes the same way.
    assert python(page, "import json.tool; json.tool.__name__") == "json.tool"
    assert python(page, "import importlib.util; str(importlib.util.find_spec('no_such_module'))") == "None"
    watch.assert_clean()
