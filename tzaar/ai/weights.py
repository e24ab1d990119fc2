"""The evaluation's weights: centi-units per unit of each feature of :mod:`.evaluate`.

A tapered model (issue 24): ``WEIGHTS`` hold with ``evaluate.TAPER`` (60) stacks or more on
the board, ``ENDGAME`` with none, and the evaluation mixes the two by the stacks left.
Data, written by ``python -m lab.tune`` (see docs/lab.md, "Tuning the evaluation"):
202,508 positions of 5,242 self-play games of the engine of 235fd0f (Strong at 1,000,
3,000 and 8,000 nodes a turn, standard and random setups),

    python -m lab.tune generate /work/data/refit --nodes 1000,3000,8000 --games 80,30,10 --parts 60 --seed 1
    # stopped after part 43 at 1,000 nodes and part 42 at 3,000 and 8,000 (and 2 games of part 43 at 3,000)
    python -m lab.tune fit /work/data/refit/n*.txt --iterations 300 --tapered --out tapered.py

fitted on 181,846 positions, every tenth game held out (K = 0.096; held-out loss 0.22206 with
the weights before, 0.20544 with these). Against the weights before (in today's Expert, 10,000
nodes a turn, 200 games): 139 - 61, +143 Elo (+91 .. +195); BENCHMARKS.md, "Refit on
200,000 positions".
"""

#: The scale of the fitted model: sigmoid(K * evaluation / 400) predicts the result for the
#: side to move (the chances shown use their own scale, tzaar/ai/odds.py SHOWN_K).
K = 0.096

WEIGHTS = {
    "scarcity": -7.411,
    "height": 28.51,
    "captures": 103,
    "targets": -1391,
    "attackers": -1001,
    "reach": 1231,
    "reach_low": 1.367e+04,
    "dead": 2171,
    "secured": 1361,
    "enemy_targets_0": 7.421e+04,
    "enemy_targets_1": 2.018e+04,
    "enemy_targets_2": 2.143e+04,
    "mover_targets_1": 1.133e+04,
    "threat_gain": -17.37,
    "threat_loss": 12.91,
    "take_type": 4.588e+04,
    "take_type2": 2.243e+04,
    "lose_type": 3446,
    "tempo": 990.7,
}

#: The tapered model's weights with no stack left (WEIGHTS: with evaluate.TAPER or more).
ENDGAME = {
    "scarcity": 6.78,
    "height": 26.16,
    "captures": -11.99,
    "targets": 1811,
    "attackers": 996.2,
    "reach": -720.2,
    "reach_low": -311.6,
    "dead": -1552,
    "secured": 1762,
    "enemy_targets_0": 1.135e+04,
    "enemy_targets_1": -3883,
    "enemy_targets_2": -4803,
    "mover_targets_1": -6833,
    "threat_gain": 29.13,
    "threat_loss": -5.499,
    "take_type": 3.497e+04,
    "take_type2": 1.549e+04,
    "lose_type": -4038,
    "tempo": -563.7,
}
