"""The evaluation's weights: centi-units per unit of each feature of :mod:`.evaluate`.

Data, written by ``python -m tzaar.ai.tune`` (see the README, "Tuning the evaluation").
Fitted on 9835 positions of selfplay1.txt (K = 0.182; held-out loss 0.23843 -> 0.20305).
selfplay1.txt: the 10,928 positions of the first 339 games of
``python -m tzaar.ai.tune generate selfplay1.txt --games 800 --nodes 1000 --seed 1``
with the engine of commit d6c297c (hand weights); then ``fit selfplay1.txt --iterations 300 --write``.
Then set by hand, for the games that deeper searches lose by a type (BENCHMARKS.md, "Against
the frozen engine", the type terms times 3): ``scarcity`` 2.006 -> 6.018, ``threat_gain``
1.524 -> 4.572, ``lose_type`` +120 -> -1500 (a type the enemy's next turn can take costs).
"""

#: The scale of the fitted model: sigmoid(K * evaluation / 400) predicts the result for the
#: side to move (the chances shown use their own scale, tzaar/ai/odds.py SHOWN_K).
K = 0.182

WEIGHTS = {
    "scarcity": 6.018,
    "height": 20.71,
    "captures": 17.94,
    "targets": 501.4,
    "attackers": 250.9,
    "reach": 128,
    "reach_low": 8249,
    "dead": -71.46,
    "secured": 416.9,
    "enemy_targets_0": -7097,
    "enemy_targets_1": -929.2,
    "enemy_targets_2": 518.7,
    "mover_targets_1": -1374,
    "threat_gain": 4.572,
    "threat_loss": 0.6107,
    "take_type": 1.343e+04,
    "take_type2": 1.172e+04,
    "lose_type": -1500,
    "tempo": 169,
}
