"""sitebuild/, build.py's helpers, on small inputs made in a temp folder: the import walk, the
compiler of the browser's Python (run here by CPython), the runner of node's tests, the
sizes written into the worker for its loading bar, and the strict patching of a library
(sitebuild/trystero.patch applied to the pinned Trystero)."""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # sitebuild/, beside build.py

from sitebuild import BuildError, compile_pyc, site, testing  # noqa: E402
from sitebuild.imports import Import, imports, layer_graph, outside_imports, package_modules  # noqa: E402
from sitebuild.online import PATCHES  # noqa: E402
from sitebuild.patches import apply_patch  # noqa: E402


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


PACKAGE = {
    "pkg/__init__.py": "from . import core\n",
    "pkg/core.py": "import json\nfrom os.path import join\n",
    "pkg/sub/__init__.py": "",
    "pkg/sub/leaf.py": "from .. import core\nfrom ..core import join as j\n\ndef lazy():\n    import colorsys\n    from pkg.sub import other\n",
    "pkg/sub/other.py": "",
}


def test_the_walk_makes_every_import_absolute_lazy_ones_too(tmp_path):
    modules = package_modules(write(tmp_path, PACKAGE) / "pkg")
    assert sorted(modules) == ["pkg", "pkg.core", "pkg.sub", "pkg.sub.leaf", "pkg.sub.other"]
    assert list(imports(modules["pkg.sub.leaf"], "pkg.sub.leaf")) == [
        Import("pkg", ("core",)), Import("pkg.core", ("join",)), Import("colorsys"), Import("pkg.sub", ("other",)),
    ]
    assert list(imports(modules["pkg"], "pkg")) == [Import("pkg", ("core",))]
    assert outside_imports(modules, ["pkg"]) == {"json", "os.path", "os.path.join", "colorsys"}
    graph = layer_graph(modules)
    assert graph["pkg.sub.leaf"] == {"pkg.core", "pkg.sub.other"}  # modules named, not the packages they are in
    assert graph["pkg.core"] == set() and graph["pkg"] == {"pkg.core"}


def test_the_compiler_packs_the_package_the_standard_modules_in_use_and_the_browser_python(tmp_path):
    stdlib = make_stdlib(tmp_path)
    given = write(tmp_path / "in", {
        "package/usespkg_t/__init__.py": '"""doc"""\nimport stdused_t\n',
        "browser/boot_t.py": "def start():\n    return 1\n",
    })
    out = tmp_path / "out"
    out.mkdir()
    saved = list(sys.path), set(sys.modules)
    sys.path.insert(0, str(stdlib))
    try:
        compile_pyc.main(str(given), str(out), str(stdlib), {
            "modules": ["usespkg_t"], "imports": ["stdlazy_t", "stdlazy_t.name"], "namesModule": "names_t",
        })
    finally:
        sys.path[:] = saved[0]
        for name in set(sys.modules) - saved[1]:
            del sys.modules[name]
    with zipfile.ZipFile(out / "tzaar.zip") as archive:
        assert archive.namelist() == ["usespkg_t/__init__.pyc"]
    with zipfile.ZipFile(out / "stdlib.zip") as archive:
        assert sorted(archive.namelist()) == ["boot_t.pyc", "names_t.pyc", "stdlazy_t.pyc", "stdused_t.pyc"]
        assert all(archive.read(n)[4:8] == b"\x01\0\0\0" for n in archive.namelist())  # unchecked hash
        names = {}
        exec(compile_pyc_code(archive.read("names_t.pyc")), names)
    assert names["NAMES"] == ("stdlazy_t", "stdunused_t", "stdused_t")
    assert (out / "stdlib.txt").read_text() == "stdlazy_t\nstdused_t\n"


def make_stdlib(folder: Path) -> Path:
    path = folder / "stdlib_t.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for name in ("stdused_t", "stdlazy_t", "stdunused_t"):
            archive.writestr(f"{name}.py", "X = 1\n")
    return path


def compile_pyc_code(pyc: bytes):
    import marshal

    return marshal.loads(pyc[16:])


def test_node_tests_run_the_files_of_the_folder_and_fail_with_one(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("no node")
    write(tmp_path, {
        "good.test.mjs": 'import test from "node:test";\ntest("good", () => {});\n',
        "helper.mjs": 'throw new Error("not a test file: never run");\n',
    })
    assert testing.node_tests(tmp_path) == 0
    write(tmp_path, {"bad.test.mjs": 'import test from "node:test";\nimport assert from "node:assert";\ntest("bad", () => assert.equal(1, 2));\n'})
    assert testing.node_tests(tmp_path) != 0


def test_node_tests_say_when_node_is_missing(tmp_path, monkeypatch):
    write(tmp_path, {"a.test.mjs": ""})
    monkeypatch.setattr(testing.shutil, "which", lambda name: None)
    with pytest.raises(BuildError, match="Node.js"):
        testing.node_tests(tmp_path)
    (tmp_path / "empty").mkdir()
    assert testing.node_tests(tmp_path / "empty") == 0  # no tests: nothing to run, node or not


def test_build_test_fails_when_either_runner_fails(monkeypatch):
    for node, pytest_code, expected in ((0, 0, 0), (1, 0, 1), (0, 2, 2), (1, 2, 2)):
        monkeypatch.setattr(testing, "node_tests", lambda: node)
        monkeypatch.setattr(testing, "pytest", lambda python, args: pytest_code)
        assert testing.run(Path("python"), []) == expected, (node, pytest_code)


def test_the_worker_gets_the_sizes_of_its_downloads_as_stored_and_over_the_wire():
    text = b'{"a": "' + b"ab" * 5000 + b'"}'
    files = {"pyodide/pyodide-lock.json": text, "pyodide/pyodide.asm.wasm": bytes(20000),
             "stdlib.zip": bytes(range(256)) * 10, "tzaar.zip.gz": b"gz" * 100}
    sizes = site.download_sizes(files)
    assert list(sizes) == ["pyodide-lock.json", "pyodide.asm.wasm", "stdlib.zip", "tzaar.zip.gz"]
    assert sizes["pyodide-lock.json"][0] == len(text) and sizes["pyodide-lock.json"][1] < len(text) / 20  # gzipped
    assert sizes["pyodide.asm.wasm"][1] < 100
    assert sizes["stdlib.zip"] == [2560, 2560] and sizes["tzaar.zip.gz"] == [200, 200]  # as they are
    worker = site.sized_worker("const A = 1;\nconst DOWNLOAD = {};\nconst B = 2;\n", {"x.zip": [1, 1]})
    assert worker == b'const A = 1;\nconst DOWNLOAD = {"x.zip":[1,1]};\nconst B = 2;\n'
    with pytest.raises(BuildError, match="DOWNLOAD"):
        site.sized_worker("const A = 1;\n", {})


def test_the_start_zip_puts_the_smallest_modules_first():
    from io import BytesIO

    from sitebuild.python import write_zip

    entries = {"b.pyc": b"xx", "a.pyc": b"xxx", "c.pyc": b"x", "d.pyc": b"y"}
    assert zipfile.ZipFile(BytesIO(write_zip(entries))).namelist() == ["a.pyc", "b.pyc", "c.pyc", "d.pyc"]
    smallest = write_zip(entries, zipfile.ZIP_STORED, smallest_first=True)
    assert zipfile.ZipFile(BytesIO(smallest)).namelist() == ["c.pyc", "d.pyc", "b.pyc", "a.pyc"]
    assert smallest == write_zip(dict(reversed(entries.items())), zipfile.ZIP_STORED, smallest_first=True)


PATCHED = "a\nb\nc\nd\ne\nf\ng\n"
PATCH = """A description, before the first file.
- a line like a removal, ignored here

--- a/lib/x.mjs
+++ b/lib/x.mjs
@@ -1,3 +1,4 @@
 a
+a2
 b
 c
@@ -5,3 +6,3 @@
 e
-f
+F
 g
"""


def test_a_patch_applies_exactly_where_its_hunks_say(tmp_path):
    write(tmp_path, {"lib/x.mjs": PATCHED})
    assert apply_patch(PATCH, tmp_path) == ["lib/x.mjs"]
    assert (tmp_path / "lib/x.mjs").read_text() == "a\na2\nb\nc\nd\ne\nF\ng\n"


@pytest.mark.parametrize("library", ["a\nb\nc\nd\ne\nf2\ng\n", "z\na\nb\nc\nd\ne\nf\ng\n"])
def test_a_patch_that_does_not_match_its_library_fails_loudly(tmp_path, library):
    write(tmp_path, {"lib/x.mjs": library})
    with pytest.raises(BuildError, match=r"no longer applies: hunk \d of lib/x.mjs"):
        apply_patch(PATCH, tmp_path)
    with pytest.raises(BuildError, match="missing"):
        apply_patch(PATCH.replace("x.mjs", "y.mjs"), tmp_path)


def test_the_trystero_patch_applies_to_the_pinned_library(tmp_path):
    """sitebuild/trystero.patch against node_modules (the version package.json pins)."""
    patch, packages = PATCHES["online/lib/trystero.js"]
    if not (ROOT / "node_modules" / packages[0]).is_dir():
        pytest.skip("node_modules is not installed (npm ci)")
    for package in packages:
        shutil.copytree(ROOT / "node_modules" / package, tmp_path / package)
    patched = apply_patch(patch.read_text(), tmp_path)
    assert "@trystero-p2p/core/dist/action-wire.mjs" in patched
    assert "maxPendingBytes" in (tmp_path / "@trystero-p2p/core/dist/action-wire.mjs").read_text()
