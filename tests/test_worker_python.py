"""web/engine/python/, the Python that runs only in the browser's worker, run here with CPython: the
import finders against zips made in a temp folder, the worker's start with fake URLs, and
its memory report. (The download itself, fetch_sync.fetch_to, needs the browser: the e2e
loading tests fetch with it.)"""

from __future__ import annotations

import importlib
import json
import py_compile
import shutil
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSER_PYTHON = ROOT / "web" / "engine" / "python"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # sitebuild/, beside build.py
sys.path.insert(0, str(BROWSER_PYTHON))

import fetch_sync  # noqa: E402
import package_rest  # noqa: E402
import whole_stdlib  # noqa: E402
import worker_boot  # noqa: E402
from sitebuild.imports import outside_imports  # noqa: E402
from sitebuild.python import NAMES_MODULE  # noqa: E402


@pytest.fixture
def isolated(monkeypatch):
    """sys.path, sys.meta_path and sys.modules as they were after the test; downloads are
    copies of local files, counted (`fetched`)."""
    path, meta_path, modules = list(sys.path), list(sys.meta_path), set(sys.modules)
    fetched: list[str] = []
    served: dict[str, Path] = {}

    def fetch_to(url: str, path: str) -> int:
        fetched.append(url)
        if url not in served:
            return 404
        shutil.copyfile(served[url], path)
        return 200

    monkeypatch.setattr(fetch_sync, "fetch_to", fetch_to)
    yield served, fetched
    sys.path[:], sys.meta_path[:] = path, meta_path
    for name in set(sys.modules) - modules:
        del sys.modules[name]


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_the_browser_python_compiles_and_imports_only_the_standard_library(tmp_path):
    files = sorted(BROWSER_PYTHON.glob("*.py"))
    assert {"fetch_sync", "whole_stdlib", "package_rest", "worker_boot"} <= {f.stem for f in files}
    for file in files:
        py_compile.compile(str(file), cfile=str(tmp_path / f"{file.stem}.pyc"), doraise=True)
        assert importlib.import_module(file.stem).__doc__, file.name
    own = [f.stem for f in files]
    modules = {name.split(".")[0] for name in outside_imports({f.stem: f for f in files}, own)}
    # js: Pyodide's bridge; the names module: written into stdlib.zip by the build.
    assert modules - {"js", NAMES_MODULE} <= set(sys.stdlib_module_names), modules


def test_the_whole_stdlib_finder_fetches_its_zip_once_for_the_modules_it_names(isolated, tmp_path):
    served, fetched = isolated
    url = "https://example.invalid/pyodide/python_stdlib.zip"
    served[url] = make_zip(tmp_path / "served.zip", {
        "wholemod_t.py": "VALUE = 1\n",
        "wholepkg_t/__init__.py": "",
        "wholepkg_t/sub.py": "VALUE = 2\n",
        "unnamed_t.py": "",
    })
    whole_stdlib.install(url, ["wholemod_t", "wholepkg_t", "wholepkg_t.sub"], folder=str(tmp_path))
    assert sys.meta_path[-1] is whole_stdlib.WholeStdlib
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("not_named_t")
    assert fetched == []  # a name it does not know fetches nothing
    assert importlib.import_module("wholemod_t").VALUE == 1
    assert importlib.import_module("wholepkg_t.sub").VALUE == 2
    assert sys.modules["wholemod_t"].__file__ == f"{tmp_path}/{whole_stdlib.ARCHIVE}/wholemod_t.py"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("unnamed_t")  # in the zip, but not a name of the library
    assert fetched == [url]
    whole_stdlib.install(url, ["wholemod_t"], folder=str(tmp_path))
    assert sys.meta_path.count(whole_stdlib.WholeStdlib) == 1


def test_the_whole_stdlib_finder_finds_nothing_when_its_zip_is_missing(isolated, tmp_path):
    _, fetched = isolated
    whole_stdlib.install("https://example.invalid/missing.zip", ["missing_t"], folder=str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("missing_t")
    assert fetched == ["https://example.invalid/missing.zip"]


def test_the_package_rest_finder_adds_the_second_zip_to_the_package(isolated, tmp_path):
    served, fetched = isolated
    start = tmp_path / "start"
    (start / "restpkg_t").mkdir(parents=True)
    (start / "restpkg_t" / "__init__.py").write_text("")
    (start / "restpkg_t" / "first.py").write_text("VALUE = 1\n")
    url = "https://example.invalid/tzaar-more.zip?v=abc"
    served[url] = make_zip(tmp_path / "served.zip", {"restpkg_t/later.py": "from . import first\nVALUE = first.VALUE + 1\n"})
    sys.path.insert(0, str(start))
    importlib.import_module("restpkg_t")
    package_rest.install("restpkg_t", url, folder=str(tmp_path))
    assert importlib.import_module("restpkg_t.first").VALUE == 1
    assert fetched == []  # the start's modules come from its own folder
    assert importlib.import_module("restpkg_t.later").VALUE == 2
    assert fetched == [url]
    assert sys.modules["restpkg_t"].__path__[-1] == f"{tmp_path}/tzaar-more.zip/restpkg_t"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("restpkg_t.nowhere")
    assert fetched == [url]  # fetched once


def test_the_package_rest_finder_says_which_url_failed(isolated, tmp_path):
    (tmp_path / "failpkg_t").mkdir()
    (tmp_path / "failpkg_t" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    importlib.import_module("failpkg_t")
    package_rest.install("failpkg_t", "https://example.invalid/gone.zip", folder=str(tmp_path))
    with pytest.raises(ImportError, match=r"failpkg_t\.x: https://example\.invalid/gone\.zip answered HTTP 404"):
        importlib.import_module("failpkg_t.x")


def test_the_worker_starts_the_package_from_values(isolated, monkeypatch, tmp_path):
    _, fetched = isolated
    names = ModuleType(NAMES_MODULE)
    names.NAMES = ("colorsys",)
    monkeypatch.setitem(sys.modules, NAMES_MODULE, names)
    package = make_zip(tmp_path / "bootpkg_t.zip", {"bootpkg_t/__init__.py": "STARTED = True\n"})
    rest, whole = "https://example.invalid/more.zip?v=1", "https://example.invalid/pyodide/python_stdlib.zip"
    worker_boot.start(str(package), "bootpkg_t", rest, whole)
    assert sys.path[0] == str(package) and sys.modules["bootpkg_t"].STARTED
    assert (package_rest.PackageRest.package, package_rest.PackageRest.url) == ("bootpkg_t", rest)
    assert whole_stdlib.WholeStdlib.url == whole and whole_stdlib.WholeStdlib.names == {"colorsys"}
    assert sys.meta_path[-2:] == [whole_stdlib.WholeStdlib, package_rest.PackageRest]
    assert fetched == []  # nothing fetched before a module asks


def test_the_memory_report_counts_the_kept_jobs_of_the_registry_once_loaded(monkeypatch):
    registry = ModuleType("jobs_registry_t")
    registry.kept_count = lambda: 2
    monkeypatch.setattr(worker_boot, "JOBS_MODULE", "jobs_registry_t")
    assert json.loads(worker_boot.memory())["jobs"] == 0  # not loaded: nothing counted, nothing loaded
    assert "jobs_registry_t" not in sys.modules
    monkeypatch.setitem(sys.modules, "jobs_registry_t", registry)
    report = json.loads(worker_boot.memory())
    assert report["jobs"] == 2 and report["gcObjects"] > 1000


def test_the_memory_report_reads_the_engines_job_registry():
    from tzaar import jobs

    assert worker_boot.JOBS_MODULE == jobs.__name__ and callable(jobs.kept_count)
