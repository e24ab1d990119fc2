"""A patch of a library from npm, kept in the repository and applied by the build to a copy of
the library (node_modules itself is never changed).

The patch is a unified diff, as `diff -ru a b` writes it between the pinned library and an
edited copy (text before the first `--- ` line is its description). It applies strictly: every
hunk's lines (context and removed) must stand in the file exactly where the hunk says, with
no fuzz and no offset, so a library that changed (another version) fails the build loudly
instead of being patched somewhere else.

    apply_patch(text, root)   # the files it names, under root, edited in place
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import BuildError

HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass
class Hunk:
    """One change: at line `start` (1-based) of the file, `old` lines become `new` lines."""

    start: int
    old: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)


def parse_patch(text: str) -> dict[str, list[Hunk]]:
    """The patch's files (their path without the diff's `a/` prefix) and hunks, in order."""
    files: dict[str, list[Hunk]] = {}
    hunks: list[Hunk] | None = None
    hunk: Hunk | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("--- "):
            hunks, hunk = None, None
        elif line.startswith("+++ "):
            path = line[4:].split("\t")[0].strip()
            path = path[2:] if path.startswith("b/") else path
            hunks = files.setdefault(path, [])
        elif line.startswith("@@"):
            match = HUNK.match(line)
            if hunks is None or not match:
                raise BuildError(f"patch line {number}: a hunk header out of place: {line!r}")
            hunk = Hunk(int(match.group(1)))
            hunks.append(hunk)
        elif hunk is not None and line[:1] in (" ", "-", "+"):
            if line[0] != "+":
                hunk.old.append(line[1:])
            if line[0] != "-":
                hunk.new.append(line[1:])
        elif hunk is not None and line == "":
            hunk.old.append("")
            hunk.new.append("")
        elif hunk is not None and not line.startswith("\\"):
            hunk = None  # (the next file's header, or "diff ..." lines)
    return files


def apply_patch(text: str, root: Path) -> list[str]:
    """Apply the patch `text` to the files under `root`; the paths patched. BuildError when a
    file is missing or a hunk does not match it exactly."""
    files = parse_patch(text)
    if not files:
        raise BuildError("the patch names no file")
    for path, hunks in files.items():
        target = root / path
        if not target.is_file():
            raise BuildError(f"the patch's file {path} is missing (is the pinned version installed? npm ci)")
        lines = target.read_text(encoding="utf-8").split("\n")
        shift = 0
        for number, hunk in enumerate(hunks, start=1):
            at = hunk.start - (1 if hunk.old else 0) + shift  # (a hunk of additions alone comes after its line)
            if lines[at:at + len(hunk.old)] != hunk.old:
                raise BuildError(f"the patch no longer applies: hunk {number} of {path} (line {hunk.start}) does not match the "
                                 "installed library; the pinned version changed? Make the patch again for it.")
            lines[at:at + len(hunk.old)] = hunk.new
            shift += len(hunk.new) - len(hunk.old)
        target.write_text("\n".join(lines), encoding="utf-8")
    return list(files)
