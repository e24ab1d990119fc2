"""The frozen v1 engine (lab/frozen/v1): it plays legal turns, and exactly as it did.

The fingerprint below was recorded before the engine moved out of tzaar/ai/ and got its
own copy of the board encodings; a change to the live board that this player relies on
(see lab/frozen/v1/__init__.py) changes a line of it.
"""

import pytest
from engine_helpers import check_turn, playout

from lab.frozen import frozen_names, run_frozen
from lab.match import run_player
from tzaar.rules.notation import action_texts
from tzaar.rules.position import Position

# (player, nodes, seed, position, its actions, nodes searched, depth, score)
FINGERPRINT = [
    ("expert-v1", 800, 2, "AzTa./atZAta2/tTTTtZZ/aaATTtTz/AtAZ.tTZ/atAzta../TAtATTz/TTzz.Z/TttTt b1",
     ["I5xH6", "G7xE8"], 832, 1, 190),
    ("expert-v1", 800, 4, "TtTAZ/ZTaZA./TT...Ta/Tzz2AatzT/t.t.azaT/at.tZaTt/T2..Aa.z/T.zA.Z/tttaT2 w2",
     ["G4-G1"], 832, 2, -65),
    ("expert-v1", 800, 8, ".TaTt/T2tT.tz/....A../TT2.A2t.zT/z..a.TT./.taA..Z./t.z.za2./Z2.ta../z..at b2",
     ["G6xF7"], 832, 2, 469),
    ("expert-v1", 6000, 0, "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1",
     ["H3xG3"], 6016, 3, -62),
    ("expert-v1", 6000, 10, "a.tZ3./.a.a2../.t..A../a2...tT.Z/a..t3T..A/..A..z2../az..Z.T/t..A3A./Z3t..T b1",
     ["E4xH4", "G2xG5"], 6033, 3, -189),
    ("master-v1", 6000, 6, "t.aAT/A.a2a.a/T.T.zTz/Z2.TA2azTt/tA.A.Z.a/.t2z...../tZ.AA2.t2/TaZ.tT/tZ.tt w1",
     ["H3xF3", "G4xD6"], 6016, 2, 2130),
    ("beginner-v1", 800, 2, "AzTa./atZAta2/tTTTtZZ/aaATTtTz/AtAZ.tTZ/atAzta../TAtATTz/TTzz.Z/TttTt b1",
     ["D8xE8", "D1-C1"], 194, 1, 484),
    ("strong-v1", 800, 12, "A.T../....../a....../A.....z2./..a2..T.t/..t2..ZT2./Z2AzT2..T/..a.../.Tt.t2 w2",
     ["F6-F7"], 832, 2, -208),
]

# (seed, position, the placement chosen) for expert-v1's tournament placement
PLACEMENTS = [
    (1, "...../....../......./......../......../......../......./....../..... w0", "T@A3"),
    (3, "...../.....A/......./......../......../....T.../......./t...../..... b0", "T@B4"),
    (5, "...../..Zt../.....A./z......./.z.....A/A......./......./....../..... b0", "T@E5"),
]


@pytest.mark.parametrize("player,nodes,seed,text,actions,searched,depth,score", FINGERPRINT,
                         ids=[f"{f[0]}-{f[1]}-{f[2]}" for f in FINGERPRINT])
def test_the_frozen_searches_are_unchanged(player, nodes, seed, text, actions, searched, depth, score):
    p = Position.from_text(text)
    codes, info = run_frozen(p.board(), player, seed, None, nodes)
    assert action_texts(codes, p.board()) == actions
    assert (info["nodes"], info["depth"], info["score"]) == (searched, depth, score)


@pytest.mark.parametrize("seed,text,placement", PLACEMENTS)
def test_the_frozen_placements_are_unchanged(seed, text, placement):
    p = Position.from_text(text)
    codes, _ = run_frozen(p.board(), "expert-v1", seed, None, 800)
    assert action_texts(codes, p.board()) == [placement]


def test_frozen_v1_plays_legal_turns():
    assert "expert-v1" in frozen_names() and "master-v1" in frozen_names()
    for seed in range(3):
        p = playout(Position.random(seed), seed, 9)
        if p.winner is not None:
            continue
        codes, info = run_player(p.board(), "expert-v1", seed, None, 300)
        check_turn(p, action_texts(codes, p.board()))
        assert info["nodes"] > 0


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_a_frozen_engine_imports_nothing_of_tzaar_but_the_geometry(version):
    # Its own copy of the encodings (lab/frozen/VERSION/codes.py); only the rules' geometry,
    # facts of the board, comes from tzaar, and nothing from the lab outside its folder.
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "lab" / "frozen" / version
    imported = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(a.name for a in node.names if a.name.split(".")[0] in ("tzaar", "lab"))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("tzaar", "lab"):
                imported.add(node.module)
            elif isinstance(node, ast.ImportFrom) and node.level > 1:
                imported.add("." * node.level + (node.module or ""))
    assert imported == {"tzaar.rules.geometry"}
