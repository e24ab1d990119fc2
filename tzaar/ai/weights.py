"""The evaluation's weights: centi-units per unit of each feature of :mod:`.evaluate`.

Data, written by ``python -m tzaar.ai.tune`` (see the README, "Tuning the evaluation").
"""

WEIGHTS = {
    "scarcity": 1.0,
    "height": 1.0,
    "captures": 1.0,
    "targets": 10.0,
    "attackers": 5.0,
    "reach": 5.0,
    "reach_low": -100.0,
    "dead": -5.0,
    "secured": 60.0,
    "enemy_targets_0": 300.0,
    "enemy_targets_1": 100.0,
    "enemy_targets_2": 40.0,
    "mover_targets_1": -100.0,
    "threat_gain": 0.7,
    "threat_loss": -0.25,
    "take_type": 4000.0,
    "take_type2": 2500.0,
    "lose_type": -800.0,
    "tempo": 20.0,
}
