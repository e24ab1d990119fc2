"""The frozen v2 engine (lab/frozen/v2, issue 24's baseline): legal turns, exactly as it played.

The fingerprint below was recorded when the engine was frozen (commit 76bba6b), and the
live engine (tzaar/ai) gave the same actions, node counts, depths, scores and proofs on
every line then.  A change to the live board that this player relies on (see
lab/frozen/v2/__init__.py) changes a line of it.
"""

import pytest
from engine_helpers import check_turn, playout

from lab.frozen import frozen_names, run_frozen
from lab.match import run_player
from tzaar.rules.notation import action_texts
from tzaar.rules.position import Position

MIDGAME = "AzTa./atZAta2/tTTTtZZ/aaATTtTz/AtAZ.tTZ/atAzta../TAtATTz/TTzz.Z/TttTt b1"
SECOND = "TtTAZ/ZTaZA./TT...Ta/Tzz2AatzT/t.t.azaT/at.tZaTt/T2..Aa.z/T.zA.Z/tttaT2 w2"
FEW = "A.T../....../a....../A.....z2./..a2..T.t/..t2..ZT2./Z2AzT2..T/..a.../.Tt.t2 w2"

# (player, nodes, seed, position, its actions, nodes searched, depth, score, proven)
FINGERPRINT = [
    ("expert-v2", 800, 2, MIDGAME, ["D8xC7", "F4-G3"], 832, 1, 2999, None),
    ("expert-v2", 800, 4, SECOND, ["B1-A1"], 832, 2, 1357, None),
    ("expert-v2", 800, 8, ".TaTt/T2tT.tz/....A../TT2.A2t.zT/z..a.TT./.taA..Z./t.z.za2./Z2.ta../z..at b2",
     ["G6-D5"], 832, 2, -1867, None),
    ("expert-v2", 6000, 0, "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1",
     ["D3xC3"], 6007, 3, 58, None),
    ("expert-v2", 6000, 10, "a.tZ3./.a.a2../.t..A../a2...tT.Z/a..t3T..A/..A..z2../az..Z.T/t..A3A./Z3t..T b1",
     ["E4xH4", "G2-G1"], 6022, 3, 1307, None),
    ("master-v2", 6000, 6, "t.aAT/A.a2a.a/T.T.zTz/Z2.TA2azTt/tA.A.Z.a/.t2z...../tZ.AA2.t2/TaZ.tT/tZ.tt w1",
     ["G4xD6", "G2xF3"], 6055, 2, 1211, None),
    ("beginner-v2", 800, 2, MIDGAME, ["B6xC7", "B5-C5"], 205, 1, 5914, None),
    ("casual-v2", 800, 3, SECOND, ["B2-A1"], 103, 1, 2030, None),
    ("strong-v2", 800, 12, FEW, ["F6-F7"], 827, 3, -5519, None),
    ("expert-v2", 20000, 5, FEW, ["F6-F7"], 20004, 6, -13959, None),
    # The endgame solver: tried and failed (16 stacks), then proven wins.
    ("expert-v2", 6000, 3, ".TT../tT..T./...ZZz2./.t2....../.a.....T/at.T2..../......./t...../...A. w2",
     ["C5-A3"], 6000, 6, 1060, None),
    ("expert-v2", 3000, 4, ".t..a2/...t../.A..t.T/......Z./a2..T2..../...A...Z2/......./.T.T../..z2.. b2",
     ["E1xE4"], 373, 3, 999997, {"result": "win", "turns": 3}),
    ("master-v2", 2000, 7, "...../.z4..Z./T2....../..t...ZA/a....A.A/Z.....T./......t/T...A./a2T... w2",
     ["D7xD3"], 62, 3, 999997, {"result": "win", "turns": 3}),
]

# (seed, position, the placement chosen) for expert-v2's tournament placement
PLACEMENTS = [
    (1, "...../....../......./......../......../......../......./....../..... w0", "T@B2"),
    (3, "...../.....A/......./......../......../....T.../......./t...../..... b0", "T@B4"),
]


@pytest.mark.parametrize("player,nodes,seed,text,actions,searched,depth,score,proven", FINGERPRINT,
                         ids=[f"{f[0]}-{f[1]}-{f[2]}" for f in FINGERPRINT])
def test_the_frozen_v2_searches_are_unchanged(player, nodes, seed, text, actions, searched, depth, score, proven):
    p = Position.from_text(text)
    codes, info = run_frozen(p.board(), player, seed, None, nodes)
    assert action_texts(codes, p.board()) == actions
    assert (info["nodes"], info["depth"], info["score"], info.get("proven")) == (searched, depth, score, proven)


@pytest.mark.parametrize("seed,text,placement", PLACEMENTS)
def test_the_frozen_v2_placements_are_unchanged(seed, text, placement):
    p = Position.from_text(text)
    codes, _ = run_frozen(p.board(), "expert-v2", seed, None, 800)
    assert action_texts(codes, p.board()) == [placement]


def test_frozen_v2_names_every_level():
    names = frozen_names()
    for level in ("beginner", "casual", "strong", "expert", "master"):
        assert f"{level}-v2" in names and f"{level}-v1" in names


def test_frozen_v2_plays_legal_turns():
    for seed, player in enumerate(("expert-v2", "master-v2", "casual-v2")):
        p = playout(Position.random(seed + 20), seed, 9)
        if p.winner is not None:
            continue
        codes, info = run_player(p.board(), player, seed, None, 300)
        check_turn(p, action_texts(codes, p.board()))
        assert info["nodes"] > 0
