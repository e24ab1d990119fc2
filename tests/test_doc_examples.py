"""The command-line examples of README.md and docs/*.md print what the documents say.

Every ``$ python -m tzaar ...`` line of a code block is run in-process (``tzaar.cli.main.
main``) and its output (stdout then stderr) compared with the lines under it up to the next
``$`` line or the block's end. A trailing ``| head -N`` keeps the first N lines; the seconds
of a match's turns vary from run to run and are left out of the comparison."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tzaar.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
PROMPT = "$ python -m tzaar "
HEAD = re.compile(r"\s*\|\s*head -(\d+)\s*$")
SECONDS = re.compile(r"seconds per turn: .*")


def examples() -> list[tuple[str, str, list[str]]]:
    """``(document, command, expected lines)`` of every example in the documents."""
    found = []
    for path in DOCUMENTS:
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            command, expected = None, []
            for line in block.splitlines() + ["$"]:
                if line.startswith("$"):
                    if command is not None:
                        found.append((path.name, command, expected))
                    command = line[len(PROMPT):] if line.startswith(PROMPT) else None
                    expected = []
                elif command is not None:
                    expected.append(line)
    return found


EXAMPLES = examples()


def test_the_documents_have_examples():
    commands = {command.split()[0] for _, command, _ in EXAMPLES}
    assert {"perft", "apply", "ai", "moves", "match", "show"} <= commands


@pytest.mark.parametrize(("document", "command", "expected"), EXAMPLES,
                         ids=[f"{d}: {c}" for d, c, _ in EXAMPLES])
def test_an_example_prints_what_its_document_says(capsys, document, command, expected):
    head = HEAD.search(command)
    argv = shlex.split(HEAD.sub("", command))
    main(argv)
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    if head:
        lines = lines[: int(head.group(1))]
    assert [SECONDS.sub("", x) for x in lines] == [SECONDS.sub("", x) for x in expected]
