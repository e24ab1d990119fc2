"""The pinned Pyodide runtime and esbuild, from node_modules (npm installs them once).

The Pyodide version is written only in package.json (and its lock file)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

from . import BuildError
from .paths import ESBUILD, NODE_MODULES, PYODIDE_SOURCE, ROOT

# What the worker needs from node_modules/pyodide: the loader, the Emscripten module, the
# WebAssembly, the standard library, and the lock file (loadPyodide fails on its 404).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


# The libraries of online play that build.py bundles (sitebuild/online.py; package.json pins them).
ONLINE_LIBRARIES = ("trystero", "qrcode")


def pyodide_version() -> str:
    """The exact Pyodide version pinned in package.json (the one place it is written)."""
    spec = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    if not re.fullmatch(r"\d+\.\d+\.\d+", spec):
        raise BuildError(f"package.json must pin pyodide to one exact version, not {spec!r}.")
    return spec


def installed_pyodide_version() -> str | None:
    """The version of the Pyodide in node_modules, if one is there."""
    try:
        return json.loads((PYODIDE_SOURCE / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def esbuild_version() -> str | None:
    """The esbuild in node_modules, if it is there (package.json pins it)."""
    try:
        version = json.loads((NODE_MODULES / "esbuild" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None
    return version if ESBUILD.exists() else None


def ensure_pyodide() -> str:
    """Install the pinned Pyodide (and esbuild, and online play's libraries) with npm unless
    node_modules already holds them."""
    wanted = pyodide_version()
    have = installed_pyodide_version()
    libraries = all((NODE_MODULES / name / "package.json").is_file() for name in ONLINE_LIBRARIES)
    if have == wanted and all((PYODIDE_SOURCE / name).is_file() for name in PYODIDE_FILES) and esbuild_version() and libraries:
        return wanted
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm is needed once to fetch the Pyodide runtime {wanted} and esbuild from the npm registry, "
            "and it was not found. Install Node.js with npm (Debian: apt-get install npm), "
            "then run this command again."
        )
    verb = "ci" if (ROOT / "package-lock.json").is_file() else "install"
    print(f"Installing Pyodide {wanted} with npm {verb} ...", flush=True)
    done = subprocess.run([npm, verb, "--no-audit", "--no-fund"], cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"npm {verb} failed (exit {done.returncode}); see its message above.")
    have = installed_pyodide_version()
    if have != wanted:
        raise BuildError(f"npm installed Pyodide {have}, but package.json pins {wanted}.")
    return wanted
