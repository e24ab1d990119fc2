"""The documents' relative links: every link of README.md, BENCHMARKS.md and docs/*.md that
points inside the repository names a file or folder that exists, and a ``#section`` of a
Markdown file names one of its headings (as GitHub writes a heading's anchor)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "BENCHMARKS.md", *(ROOT / "docs").glob("*.md")])

# [text](target) outside code; the target ends at the first space or ")".
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto:, ...


def links(text: str) -> list[str]:
    """The link targets of Markdown ``text``, code blocks and code spans left out."""
    text = CODE.sub("", FENCE.sub("", text))
    return LINK.findall(text)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings and its explicit `<a id="...">` anchors
    (code blocks left out)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    headings = {anchor(m) for m in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M)}
    return headings | set(re.findall(r'<a id="([^"]+)"></a>', text))


def test_anchor_follows_github():
    assert anchor("What `python3 build.py` makes in `dist/`") == "what-python3-buildpy-makes-in-dist"
    assert anchor("Links: playing a friend far away") == "links-playing-a-friend-far-away"


def test_links_skip_code():
    assert links("see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n") == ["a.md"]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(document):
    assert document.exists(), f"{document.relative_to(ROOT)} is missing"
    broken = []
    for target in links(document.read_text(encoding="utf-8")):
        if EXTERNAL.match(target):
            continue
        path_part, _, section = target.partition("#")
        path = (document.parent / path_part).resolve() if path_part else document
        if not path.exists():
            broken.append(f"{target}: no file {path_part}")
        elif section and path.suffix == ".md" and section not in anchors(path):
            broken.append(f"{target}: no heading #{section} in {path.relative_to(ROOT)}")
    assert not broken, f"{document.relative_to(ROOT)}: " + "; ".join(broken)


# --- BENCHMARKS.md: today's figures on one or two screens, each with its command --------------

BENCHMARKS = ROOT / "BENCHMARKS.md"
# A command of the lab or of the command line, as written in BENCHMARKS.md: its module.
COMMAND = re.compile(r"`(?:python3? |\.venv/bin/python )(?:-u )?-m ([\w.]+)[^`]*`")
# The kinds that issue 49 asks BENCHMARKS.md to give today's figure of.
KINDS = ("Rules speed", "Search speed, CPython", "Search speed, Pyodide", "frozen engine", "Loading, bytes",
         "Loading, time", "slow phone")


def todays_figures() -> list[str]:
    """The lines of BENCHMARKS.md's "Today's figures" that give a figure (its list items)."""
    text = BENCHMARKS.read_text(encoding="utf-8")
    section = text.split("\n## Today's figures\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("- ")]


def test_benchmarks_stay_under_150_lines():
    lines = BENCHMARKS.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 150, f"BENCHMARKS.md has {len(lines)} lines: the details go to docs/benchmarks-log.md"


def test_each_of_todays_figures_names_a_command_that_exists():
    figures = todays_figures()
    assert all(any(kind in line for line in figures) for kind in KINDS), [
        kind for kind in KINDS if not any(kind in line for line in figures)]
    for line in figures:
        commands = COMMAND.findall(line)
        assert commands, f"a figure without its command: {line[:100]}"
        for module in commands:
            path = ROOT / module.replace(".", "/")
            assert path.with_suffix(".py").is_file() or (path / "__main__.py").is_file(), (
                f"{module} (in {line[:60]}...) is no module of the repository")


#: The shipped files the map of the code (docs/code.md) need not name one by one: its lines
#: say `icon*` and `lang/<code>.json`.
MAP_SPARES = re.compile(r"icon[\w-]*\.(?:png|svg)|lang/\w+\.json|__init__\.py")


def _unnamed_in_map(root: Path) -> list[str]:
    """The files of tzaar/, web/, sitebuild/ and lab/ (its modules) whose names the map leaves out."""
    text = (root / "docs" / "code.md").read_text(encoding="utf-8")
    files = [*(root / "tzaar").rglob("*.py"), *(root / "sitebuild").glob("*.py"), *(root / "lab").glob("*.py")]
    files += [p for p in (root / "web").rglob("*") if p.suffix in {".js", ".css", ".html", ".json", ".py", ".webmanifest", ".png", ".svg"}]
    out = []
    for path in sorted(files):
        relative = path.relative_to(root).as_posix()
        if "__pycache__" in relative or MAP_SPARES.search(relative):
            continue
        if not re.search(rf"(?<![\w.-]){re.escape(path.name)}(?![\w-])", text):
            out.append(relative)
    return out


def test_the_map_of_the_code_names_every_file():
    assert _unnamed_in_map(ROOT) == []


def test_the_map_check_sees_a_file_left_out(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "code.md").write_text("web/\n  board/\n    board.js   the board\n")
    (tmp_path / "web" / "board").mkdir(parents=True)
    for name in ("board.js", "drag.js", "icon-192.png"):
        (tmp_path / "web" / "board" / name).write_text("")
    assert _unnamed_in_map(tmp_path) == ["web/board/drag.js"]
