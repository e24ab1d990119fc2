"""The evaluation's weights: centi-units per unit of each feature of :mod:`.evaluate`.

Data, written by ``python -m lab.tune`` (see docs/lab.md). A tapered model: WEIGHTS with
evaluate.TAPER stacks or more on the board, ENDGAME with none, mixed in between. Fitted on
202,508 positions of 5,242 self-play games (Strong of commit 235fd0f, with the weights
before, at 1,000, 3,000 and 8,000 nodes a turn; every tenth game held out) made by

    python -m lab.tune generate DATA --nodes 1000,3000,8000 --games 80,30,10 --parts 60 --seed 1
    python -m lab.tune fit DATA/n*.txt --iterations 300 --tapered --fix scarcity,threat_gain,lose_type --write

with the type terms (``scarcity``, ``threat_gain``, ``lose_type``) held at the values set
before by hand (a free fit weighs a lost type less, and loses at depth). Held-out loss
0.22206 (the weights before) -> 0.21700.
"""

#: The scale of the fitted model: sigmoid(K * evaluation / 400) predicts the result for the
#: side to move (the chances shown use their own scale, tzaar/ai/odds.py SHOWN_K).
K = 0.096

WEIGHTS = {
    "scarcity": 6.018,
    "height": 57.48,
    "captures": 62.81,
    "targets": -1658,
    "attackers": -1567,
    "reach": 2686,
    "reach_low": 1.132e+04,
    "dead": 1974,
    "secured": 1131,
    "enemy_targets_0": 6.645e+04,
    "enemy_targets_1": 2.227e+04,
    "enemy_targets_2": 2.201e+04,
    "mover_targets_1": 4247,
    "threat_gain": 4.572,
    "threat_loss": 6.733,
    "take_type": 4.422e+04,
    "take_type2": 2.395e+04,
    "lose_type": -1500,
    "tempo": 728.2,
}

#: The tapered model's weights with no stack left (WEIGHTS: with evaluate.TAPER or more).
ENDGAME = {
    "scarcity": 6.018,
    "height": 13.46,
    "captures": -1.252,
    "targets": 2013,
    "attackers": 1211,
    "reach": -1018,
    "reach_low": -886.3,
    "dead": -1435,
    "secured": 1556,
    "enemy_targets_0": 9868,
    "enemy_targets_1": -3298,
    "enemy_targets_2": -4026,
    "mover_targets_1": -3928,
    "threat_gain": 4.572,
    "threat_loss": 0.4691,
    "take_type": 3.288e+04,
    "take_type2": 1.428e+04,
    "lose_type": -1500,
    "tempo": 958.5,
}
