"""Where the build finds its inputs and writes dist/ (all beside build.py)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BROWSER_PYTHON_DIR = "engine/python"  # web/engine/python/: Python that runs only in the worker (packed into stdlib.zip)
BROWSER_PYTHON = WEB / BROWSER_PYTHON_DIR
PACKAGE = ROOT / "tzaar"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_SOURCE = NODE_MODULES / "pyodide"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
NODE_TESTS = ROOT / "tests" / "js"
