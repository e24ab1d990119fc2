"""The package's layers: no module of tzaar/ imports (even inside a function) one that imports it back.

The import walk is sitebuild/imports.py's, the one build.py ships the browser's modules by."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # sitebuild/, beside build.py

from sitebuild.imports import layer_graph, package_modules  # noqa: E402

PACKAGE = ROOT / "tzaar"


def _cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}
    stack = []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == "open":
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        state[m] = "done"
        stack.pop()
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_circle_in_tzaar():
    graph = layer_graph(package_modules(PACKAGE))
    # the parser sees them (`from . import tools_cli` is the module tzaar.tools_cli)
    assert "tzaar.notation" in graph["tzaar.board"] and "tzaar.tools_cli" in graph["tzaar.__main__"]
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
