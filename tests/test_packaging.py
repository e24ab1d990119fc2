"""What ships and what tests it: the package ``tzaar`` and the product's tests never import the
lab, and ``pip install .`` installs tzaar (all its layers) alone."""

import ast
import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imported_modules(path: Path) -> set:
    """Every absolute module name a file imports, also inside functions."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def test_no_module_of_tzaar_imports_the_lab():
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in _imported_modules(path) if m == "lab" or m.startswith("lab."))
        for path in (ROOT / "tzaar").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def _product_tests():
    return [*(ROOT / "tests").rglob("*.py"), *(ROOT / "e2e").rglob("*.py")]


def test_no_test_of_the_product_imports_the_lab():
    """The lab's own tests are lab/tests/; tests/ and e2e/ test the product alone."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in _imported_modules(path) if m == "lab" or m.startswith("lab."))
        for path in _product_tests()
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_test_imports_another_test_file_or_a_conftest():
    """What tests share lives in helper modules (tests/*_helpers.py, e2e/helpers.py,
    e2e/site_serving.py); a conftest is pytest's, never imported by name."""
    tests = {path.stem for path in _product_tests() if path.name.startswith("test_")}
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in _imported_modules(path) if m in tests or m == "conftest")
        for path in [*_product_tests(), *(ROOT / "lab" / "tests").rglob("*.py")]
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_import_finder_sees_an_import_of_the_lab(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from lab.match import run_player\n    import lab\n")
    assert _imported_modules(source) == {"lab.match", "lab"}


def test_the_wheel_packages_tzaar_only():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    find = config["tool"]["setuptools"]["packages"]["find"]
    include = find["include"]
    packages = [".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "tzaar").rglob("__init__.py")]
    assert {"tzaar", "tzaar.rules", "tzaar.ai", "tzaar.facade", "tzaar.cli"} <= set(packages)
    assert all(any(fnmatch.fnmatchcase(package, pattern) for pattern in include) for package in packages)
    for package in ("lab", "lab.frozen", "lab.frozen.v1", "lab.frozen.v2", "lab.browser", "lab.tests", "tests", "e2e"):
        assert not any(fnmatch.fnmatchcase(package, pattern) for pattern in include), package
    assert (ROOT / "lab" / "frozen" / "v1").is_dir() and not (ROOT / "tzaar" / "ai" / "frozen").exists()


def test_test_files_have_names_of_their_own():
    """pytest imports tests/, lab/tests/ and e2e/ by file name (no packages): two files of one
    name stop the whole run at collection."""
    seen: dict = {}
    for path in sorted(path for folder in ("tests", "lab/tests", "e2e") for path in (ROOT / folder).glob("*.py")):
        seen.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
