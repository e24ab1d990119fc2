"""python3 build.py test: a .venv with the test tools, a browser for the end-to-end tests,
node's unit tests of the page's pure JavaScript (tests/js/*.test.mjs, run while .venv and
dist/ are made), then pytest."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

from . import BuildError
from .paths import NODE_TESTS, ROOT, VENV

SYSTEM_CHROMIUM = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
NODE_TEST_PATTERN = "*.test.mjs"


def venv_python() -> Path:
    """The interpreter of .venv."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def has_pip(python: Path) -> bool:
    """Whether this interpreter exists and can run pip (a half-made .venv cannot)."""
    if not python.exists():
        return False
    check = [str(python), "-m", "pip", "--version"]
    return subprocess.run(check, capture_output=True).returncode == 0


def ensure_venv() -> Path:
    """Create .venv and install the package with its test extras when pyproject changed."""
    python = venv_python()
    if not has_pip(python):
        print("Creating .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as error:
            shutil.rmtree(VENV, ignore_errors=True)
            raise BuildError(
                f"Could not create .venv with pip ({error}). On Debian or Ubuntu install "
                "python3-venv (apt-get install python3-venv), then run this again."
            ) from None
        if not has_pip(python):
            shutil.rmtree(VENV, ignore_errors=True)
            raise BuildError("The new .venv has no pip. On Debian or Ubuntu install python3-venv.")
    stamp = VENV / ".tzaar-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        print("Installing the package and its test tools into .venv ...", flush=True)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if subprocess.run([*pip, "-e", ".[test]"], cwd=ROOT).returncode != 0:
            raise BuildError("pip could not install the test tools; see its message above.")
        stamp.write_text(wanted)
    return python


def system_chromium() -> str | None:
    """The path of a Chromium installed on the system, if any ($TZAAR_CHROMIUM first)."""
    for candidate in (os.environ.get("TZAAR_CHROMIUM"), *SYSTEM_CHROMIUM):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def ensure_browser(python: Path) -> str | None:
    """A browser for the end-to-end tests: the system Chromium, else Playwright's own."""
    found = system_chromium()
    if found:
        print(f"Browser: {found}")
        return found
    print("No system Chromium; installing Playwright's Chromium ...", flush=True)
    if subprocess.run([str(python), "-m", "playwright", "install", "chromium"], cwd=ROOT).returncode != 0:
        # No skip: the browser tests then fail and say why.
        print(
            "Could not install a browser. Install Chromium (Debian: apt-get install chromium) "
            "or set TZAAR_CHROMIUM to its path.",
            file=sys.stderr,
        )
    return None


class NodeTests:
    """node's test runner on the files `folder`/*.test.mjs, started at once and in the
    background (it needs neither .venv nor dist/, so it runs while they are made); its output
    is kept and printed by `finish`. Files run four at a time: many of them wait on timers."""

    CONCURRENCY = 4

    def __init__(self, folder: Path = NODE_TESTS):
        files = sorted(folder.glob(NODE_TEST_PATTERN))
        self.process: subprocess.Popen | None = None
        if not files:
            shown = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
            self.header = f"No node unit tests ({shown}/{NODE_TEST_PATTERN})."
            return
        node = shutil.which("node")
        if node is None:
            raise BuildError(
                "Node.js (node, version 20 or later) is needed to run the unit tests of tests/js/; "
                "install it (Debian: apt-get install nodejs)."
            )
        # node 20 takes a list of files, named one by one.
        command = [node, "--test", f"--test-concurrency={self.CONCURRENCY}", *(str(f) for f in files)]
        self.header = f"$ node --test --test-concurrency={self.CONCURRENCY} " + " ".join(f.name for f in files)
        self.output = tempfile.TemporaryFile()
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=self.output, stderr=subprocess.STDOUT)

    def finish(self) -> int:
        """Wait for the run, print its output, and return its exit code (0 when there was none)."""
        print(self.header, flush=True)
        if self.process is None:
            return 0
        code = self.process.wait()
        self.output.seek(0)
        sys.stdout.buffer.write(self.output.read())
        sys.stdout.flush()
        self.output.close()
        return code


def node_tests(folder: Path = NODE_TESTS) -> int:
    """Run node's tests of `folder` to their end: the exit code (0 when the folder has none)."""
    return NodeTests(folder).finish()


def pytest(python: Path, pytest_args: list[str]) -> int:
    """Run pytest in .venv with a browser for the end-to-end tests; its exit code (1 when it
    collected nothing)."""
    env = dict(os.environ, TZAAR_BUILT="1")
    chromium = ensure_browser(python)
    if chromium:
        env["TZAAR_CHROMIUM"] = chromium
    if pytest_args:
        return _pytest_run(python, pytest_args, env)
    # The full run: every test but those of timing on two processes (most of the browser's
    # tests wait more than they compute), then those of timing on one, with nothing beside them.
    first = _pytest_run(python, ["-n", "2", "--dist", "loadfile", "-m", "not alone"], env)
    return _pytest_run(python, ["-m", "alone"], env) or first


def _pytest_run(python: Path, pytest_args: list[str], env: dict) -> int:
    command = [str(python), "-m", "pytest", *pytest_args]
    print("$ " + " ".join(command), flush=True)
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure.", file=sys.stderr)
        return 1
    return code


def run(python: Path, pytest_args: list[str], node: NodeTests | None = None) -> int:
    """node's unit tests (`node`, started earlier, or now), then pytest (both, whatever the
    first did): 0 only if both pass."""
    code_node = node.finish() if node is not None else node_tests()
    if code_node != 0:
        print(f"node's unit tests failed (exit {code_node}); pytest runs all the same.", file=sys.stderr)
    code = pytest(python, pytest_args)
    return code or code_node
