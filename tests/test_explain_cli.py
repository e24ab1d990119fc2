"""`python -m tzaar review RECORD` explains each mistake and blunder under it, in English with
the refuting actions in action text, and ends with the worst first (issue 51)."""

from __future__ import annotations

import re
from pathlib import Path

from engine_helpers import IN_ONE

from tzaar.cli.main import main

GAME = Path(__file__).parent / "data" / "explained" / "mix1s-02-lost.txt"


def review(capsys, path, nodes="500"):
    code = main(["review", str(path), "--nodes", nodes])
    out, error = capsys.readouterr()
    assert code == 0 and error == ""
    return out.splitlines()


def test_a_blunder_explained_under_it(capsys, tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(f"Start: {IN_ONE}\n1. G6xG3 pass\n2. D5xF6\n")
    lines = review(capsys, record)
    at = next(i for i, line in enumerate(lines) if line.startswith("1. white G6xG3 pass"))
    assert "blunder" in lines[at]
    assert lines[at + 1 : at + 3] == [
        "    After G6xG3 pass, Black takes your last Tzaar with D5xF6: you have no Tzaar left.",
        "    F6xD5 would have taken Black's last Tzaar and won at once.",
    ]
    assert lines[-1] == "The worst first: 1. White (blunder, -100)"


def test_every_marked_turn_of_a_game_is_explained_with_legal_actions(capsys):
    lines = review(capsys, GAME, "400")
    marked = [i for i, line in enumerate(lines) if re.search(r"  (mistake|blunder) \(", line)]
    assert marked, "the game has mistakes at this budget"
    for i in marked:
        # at least one sentence, indented, under each marked turn; each names actions in action text
        said = []
        for line in lines[i + 1 :]:
            if not line.startswith("    "):
                break
            said.append(line.strip())
        assert said and all(s.endswith(".") for s in said), lines[i]
        assert all(re.fullmatch(r"[A-I]\d[x-][A-I]\d|pass", a) for s in said for a in re.findall(r"\b[A-I]\d[x-][A-I]\d\b|\bpass\b", s))
    worst = lines[-1]
    assert worst.startswith("The worst first: ")
    losses = [int(x) for x in re.findall(r"-(\d+)\)", worst)]
    assert losses == sorted(losses, reverse=True) and len(losses) == min(len(marked), 5)
