"""The evaluation's weights: centi-units per unit of each feature of :mod:`.evaluate`.

Data, written by ``python -m lab.tune`` (see docs/lab.md): fitted on the positions of
``python -m lab.tune generate selfplay1.txt --games 800 --nodes 1000 --seed 1`` (the engine
of commit d6c297c, the first 339 games) by ``fit selfplay1.txt --iterations 300 --write``.
Then the type terms set by hand to weigh a lost type more (times 3): ``scarcity`` 2.006 ->
6.018, ``threat_gain`` 1.524 -> 4.572, ``lose_type`` +120 -> -1500 (a type the enemy's next
turn can take costs).
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
