"""The layers: no module of tzaar/ imports (even inside a function) one that imports it back,
nor one of a layer above its own (rules < records < ai < study < facade, cli); no script of web/
imports (even lazily) one that imports it back, nor one of a floor above its own.

The import walk is sitebuild/imports.py's, the one build.py ships the browser's modules by."""

import os
import re
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
    # the parser sees them (`from . import games` is the module tzaar.cli.games)
    assert "tzaar.rules.notation" in graph["tzaar.rules.board"] and "tzaar.cli.games" in graph["tzaar.cli.main"]
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


#: tzaar's layers from the bottom, each a tuple of the packages side by side in it.  A module
#: may import modules of its own package and of the layers below, nothing else.
LAYERS = (("rules",), ("records",), ("ai",), ("study",), ("facade", "cli"))
#: The package's own two modules outside the layers: ``import tzaar`` gives the rules, and
#: ``python -m tzaar`` is the command line.
ENTRY = {"tzaar": "rules", "tzaar.__main__": "cli"}


def _package(module):
    """The layer package of a module of tzaar ("tzaar.ai.search" -> "ai")."""
    return ENTRY.get(module) or module.split(".")[1]


def _rank(package):
    return next(i for i, side in enumerate(LAYERS) if package in side)


def _upward(graph):
    """The imports (module, imported) of ``graph`` that leave the module's package for one
    of its own layer or a layer above."""
    found = []
    for module in sorted(graph):
        own = _package(module)
        for target in sorted(graph[module]):
            other = _package(target)
            if other != own and _rank(other) >= _rank(own):
                found.append((module, target))
    return found


def test_every_module_of_tzaar_is_in_a_layer():
    modules = package_modules(PACKAGE)
    assert {_package(m) for m in modules} == {p for side in LAYERS for p in side}
    assert all(path.parent == PACKAGE for m, path in modules.items() if m in ENTRY)


def test_no_module_of_tzaar_imports_a_layer_above_its_own():
    graph = layer_graph(package_modules(PACKAGE))
    assert "tzaar.study.attacks" in graph["tzaar.facade.study_methods"]  # the walk sees them
    assert _upward(graph) == []


def test_the_layer_check_finds_an_import_upwards():
    graph = {
        "tzaar": {"tzaar.rules.board"},
        "tzaar.rules.board": {"tzaar.rules.codes"},
        "tzaar.rules.codes": set(),
        "tzaar.ai.search": {"tzaar.rules.board"},
        "tzaar.facade.jobs": {"tzaar.ai.search"},
        "tzaar.cli.main": {"tzaar.rules.board"},
    }
    assert _upward(graph) == []
    graph["tzaar.rules.codes"] = {"tzaar.ai.search"}  # the rules asking the engine (in a function too)
    graph["tzaar.cli.main"] = {"tzaar.facade.jobs"}  # the command line and the facade stand side by side
    graph["tzaar.ai.search"] = {"tzaar.ai.search", "tzaar"}  # its own package, and the rules: fine
    assert _upward(graph) == [("tzaar.cli.main", "tzaar.facade.jobs"), ("tzaar.rules.codes", "tzaar.ai.search")]


# The page's modules (web/): every import, static or dynamic (`import("./x.js")`), between its
# files. No circle among them, and each folder on a floor: a module imports modules of its own
# folder, of its floor and of the floors below, nothing above.
WEB = ROOT / "web"
#: web/'s floors from the ground up, each a tuple of the folders side by side on it; the files
#: at web/'s top (app.js, modes.js, engine-start.js, sw.js) are the top floor.
FLOORS = (("page", "engine"), ("board",), ("game",), ("panels", "links"), ("analysis", "records"), ("learn",), ("online",), ("",))
COMMENT = re.compile(r"/\*[\s\S]*?\*/|^[ \t]*//[^\n]*", re.MULTILINE)
SCRIPT_IMPORT = re.compile(r"""(?:\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?|\bexport\s*[\w*{}\s,$]+?\s*from\s*|\bimport\s*\(\s*)["'](\.{1,2}/[^"']+\.m?js)["']""")


def script_graph(web: Path) -> dict[str, set[str]]:
    """Each script of `web` (its path under it, "game/game.js") -> the scripts of `web` it imports."""
    graph = {}
    for path in sorted(web.rglob("*.js")):
        name = path.relative_to(web).as_posix()
        targets = (os.path.normpath(os.path.join(os.path.dirname(name), found)) for found in SCRIPT_IMPORT.findall(COMMENT.sub("", path.read_text())))
        graph[name] = {t.replace(os.sep, "/") for t in targets if (web / t).is_file()}
    return graph


def _floor(script):
    folder = script.split("/")[0] if "/" in script else ""
    return next(i for i, side in enumerate(FLOORS) if folder in side)


def _above(graph):
    """The imports (script, imported) of ``graph`` that reach a floor above the script's."""
    return [(s, t) for s in sorted(graph) for t in sorted(graph[s]) if _floor(t) > _floor(s)]


def test_no_import_circle_in_web():
    graph = script_graph(WEB)
    # the reader sees static, dynamic and re-exporting imports
    assert {"page/i18n.js", "board/board.js"} <= graph["app.js"] and "online/online.js" in graph["app.js"]
    assert "board/draw.js" in graph["board/board.js"]
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_every_folder_of_web_is_on_a_floor():
    assert {_floor(script) for script in script_graph(WEB)} == set(range(len(FLOORS))) - {None}


def test_no_script_of_web_imports_a_floor_above_its_own():
    assert _above(script_graph(WEB)) == []


def test_the_script_reader_and_the_floor_check_find_what_they_look_for(tmp_path):
    (tmp_path / "analysis").mkdir()
    (tmp_path / "learn").mkdir()
    (tmp_path / "analysis" / "panel.js").write_text('import { a } from "../page/style.js";\nconst p = () => import("../learn/puzzles.js");\n')
    (tmp_path / "learn" / "puzzles.js").write_text('// import { c } from "../page/style.js";\nexport { b } from "../analysis/panel.js";\n/* import("./x.js") */\n')
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "style.js").write_text("export const a = 1;\n")
    graph = script_graph(tmp_path)
    assert graph == {"analysis/panel.js": {"page/style.js", "learn/puzzles.js"}, "learn/puzzles.js": {"analysis/panel.js"}, "page/style.js": set()}
    assert _cycle(graph) == ["analysis/panel.js", "learn/puzzles.js", "analysis/panel.js"]
    assert _above(graph) == [("analysis/panel.js", "learn/puzzles.js")]
