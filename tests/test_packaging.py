"""What ships and what tests it: the package ``tzaar`` and the product's tests never import the
lab, and ``pip install .`` installs tzaar (all its layers) alone."""

import ast
import fnmatch
import os
import re
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


#: Paths of one machine: a file of the repository never points outside it.
OUTSIDE = re.compile(r"/work/|/home/\w|/root/|/Users/\w|\.\./shared/|[A-Z]:\\\\Users")
#: What the repository's tree holds that is not its own: made by the set-up, the build and the tests.
NOT_OURS = {".git", ".venv", "node_modules", "dist", "__pycache__", ".pytest_cache", ".hypothesis", "test-results", "screenshots"}


def _outside_references(root: Path) -> list[str]:
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in NOT_OURS and not d.startswith(".dist-") and not d.endswith(".egg-info"))
        for name in sorted(files):
            path = Path(folder) / name
            if name in NOT_OURS or name == "package-lock.json" or path == Path(__file__).resolve():
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # images, archives
            for number, line in enumerate(text.splitlines(), 1):
                if OUTSIDE.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()[:120]}")
    return found


def test_nothing_in_the_repository_points_outside_it():
    assert _outside_references(ROOT) == []


def test_the_outside_check_sees_a_machine_path(tmp_path):
    (tmp_path / "note.js").write_text("// see /work/coord/CLOCKS-API.md\n")
    (tmp_path / "games.md").write_text("python -m lab.losses ../shared/games/x.txt\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "ok.py").write_text("# /home/someone is theirs\n")
    assert [line.split(":")[0] for line in _outside_references(tmp_path)] == ["games.md", "note.js"]
