"""The tuner of the evaluation's network (lab.network): the fit learns what a weighted sum
cannot, the integer network computes what the fitted one does, candidate files."""

import math
import random

import pytest

from lab import network as lab_network
from lab import refit, selfplay
from tzaar.ai import evaluate as ev
from tzaar.ai import network, network_weights


def test_the_fit_learns_what_no_weighted_sum_can():
    # The label is 1 where two inputs have the same sign: no weighted sum of them predicts
    # it better than a coin (loss 0.25); eight units do.
    rng = random.Random(5)
    z = [[rng.gauss(0, 1), rng.gauss(0, 1)] for _ in range(3000)]
    y = [1.0 if a * b > 0 else 0.0 for a, b in z]
    base = [0.0] * len(y)
    k = 1.0
    net = lab_network.Net(2, 8, seed=1)
    before = lab_network.loss(net, z, base, y, k)
    lab_network.fit(net, z, base, y, k, epochs=60, seed=1, batch=256, rates=(0.03, 20.0))
    after = lab_network.loss(net, z, base, y, k)
    assert before > 0.2
    assert after < 0.12, (before, after)


def test_the_written_integers_compute_the_fitted_network():
    rng = random.Random(2)
    mu = [rng.uniform(-100, 100) for _ in range(network.INPUTS - 1)]
    sd = [rng.uniform(0.5, 500) for _ in range(network.INPUTS - 1)]
    net = lab_network.Net(network.INPUTS - 1, 8, seed=3)
    net.b = [rng.gauss(0, 1) for _ in net.b]
    hidden, out = lab_network.to_integers(net, mu, sd)
    for _ in range(200):
        raw = [round(m + s * rng.gauss(0, 1)) for m, s in zip(mu, sd)]
        z = [(x - m) / s for x, m, s in zip(raw, mu, sd)]
        exact = net.value(z) - net.c  # the constant output is not written
        assert abs(network.plain_value(hidden, out, raw + [1]) - exact) <= 2


def test_fit_command_writes_a_candidate_that_match_plays(tmp_path, capsys):
    data = tmp_path / "data"
    selfplay.generate_part(data, 3, 150, 5, 0, 2, log=None)
    out = tmp_path / "c.py"
    files = sorted(data.iterdir())
    assert lab_network.main(["fit", *map(str, files), "--epochs", "2", "--out", str(out)]) == 0
    hidden, units = lab_network.read_candidate(out)
    assert len(hidden) == 8 and all(len(row) == network.INPUTS for row in hidden)
    assert "python -m lab.network fit data/n*.txt --hidden 8 --epochs 2 --seed 0" in out.read_text()
    before = network._WEIGHTS
    assert lab_network.main(["match", str(out), "2", "60", "3"]) == 0
    assert "A:c.py[60n] vs B:expert[60n]: 2 games" in capsys.readouterr().out
    assert network._WEIGHTS is before  # the shipped network is back


def test_a_bad_candidate_or_data_file_is_refused(tmp_path, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("HIDDEN = [[1, 2]]\nOUT = [1]\n")
    assert lab_network.main(["match", str(bad), "2", "60", "3"]) == 2
    assert "21 weights a unit" in capsys.readouterr().err
    assert lab_network.main(["match", str(tmp_path / "none.py"), "2", "60", "3"]) == 2
    with pytest.raises(SystemExit):
        lab_network.main(["fit", str(tmp_path / "none.txt")])
