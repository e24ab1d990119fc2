"""The tuner (lab.tune, lab.selfplay, lab.refit): parts that resume, the split by game,
the blended labels, the tapered model, candidate files."""

import math

import pytest

from lab import refit, selfplay, tune
from tzaar.ai import evaluate as ev
from tzaar.ai import weights
from tzaar.ai.odds import SHOWN_K, win_chance
from tzaar.ai.weights import WEIGHTS
from tzaar.rules.position import Position


def _part(tmp_path, games=3, part=0):
    return selfplay.generate_part(tmp_path, games, 150, 5, part, 2, log=None)


def test_a_part_cut_short_resumes_to_what_an_unbroken_run_writes(tmp_path):
    whole = tmp_path / "whole"
    assert _part(whole) > 10
    want = selfplay.part_path(whole, 150, 0).read_text()
    assert want.startswith("# lab.tune generate --nodes 150 --games 3 --seed 5 --part 0")
    assert want.count("# game ") == 3
    assert _part(whole) == 0  # finished: nothing played again
    # Killed during the third game: two whole games and a few lines of the third.
    cut = tmp_path / "cut"
    cut.mkdir()
    lines = want.splitlines(keepends=True)
    second_end = [i for i, line in enumerate(lines) if line.startswith("# game 1")][0]
    selfplay.part_path(cut, 150, 0).write_text("".join(lines[:second_end + 4]))
    written = _part(cut)
    assert selfplay.part_path(cut, 150, 0).read_text() == want
    assert written == len(lines) - second_end - 2  # only the third game's positions


def test_a_part_of_another_recipe_is_refused(tmp_path):
    selfplay.part_path(tmp_path, 150, 0).write_text("# lab.tune generate --nodes 150 --games 9 --seed 5\n")
    with pytest.raises(selfplay.PartMismatch, match="another recipe"):
        _part(tmp_path)


def test_generate_runs_the_budgets_round_robin(tmp_path):
    n = selfplay.generate(tmp_path, [100, 150], [1, 1], 2, 3, 1, log=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n100_p0.txt", "n100_p1.txt", "n150_p0.txt", "n150_p1.txt"]
    assert n == sum(len(g) for p in tmp_path.iterdir() for g in selfplay.read_games(p))
    with pytest.raises(ValueError):
        selfplay.generate(tmp_path, [100, 150], [1], 1, 3, 1, log=None)


def test_the_split_holds_out_whole_games(tmp_path):
    _part(tmp_path, games=12)
    data = refit.load(sorted(tmp_path.iterdir()))
    train, held = refit.split(data)
    assert len(train) + len(held) == len(data)
    assert {g for _, g in held.game} == {0, 10}
    assert not {g for _, g in train.game} & {0, 10}
    assert all(len(c) == len(held) for c in held.cols)
    # The older format (no game lines) is one game a position.
    old = tmp_path / "old.txt"
    old.write_text("".join(f"{Position.standard().text()}\t{i % 2}\n" for i in range(20)))
    assert [len(g) for g in selfplay.read_games(old)] == [1] * 20
    assert selfplay.read_games(old)[0][0][2] is None


def test_blended_labels():
    d = refit.Data([[0, 0, 0]], [1.0, 0.0, 1.0], [0.0, 400.0, None], [(0, 0)] * 3, [60] * 3)
    assert refit.labels(d, 1.0, 0.1) == [1.0, 0.0, 1.0]
    y = refit.labels(d, 0.5, 1.0)
    assert y[0] == pytest.approx(0.75)
    assert y[1] == pytest.approx(0.5 / (1 + math.exp(-1.0)))  # 0.5 * 0 + 0.5 * sigmoid(400 / 400)
    assert y[2] == 1.0  # no score: the result


def test_the_fit_lowers_the_loss_and_keeps_fixed_weights(tmp_path):
    _part(tmp_path, games=4)
    data = refit.load(sorted(tmp_path.iterdir()))
    w0 = [float(WEIGHTS[n]) for n in ev.FEATURES]
    k = refit.fit_k(data.cols, data.result, w0)
    fixed = {ev.FEATURES.index("scarcity")}
    w = refit.fit(data.cols, data.result, w0, k, 30, fixed=fixed)
    assert refit.loss(data.cols, data.result, w, k) < refit.loss(data.cols, data.result, w0, k)
    assert w[ev.FEATURES.index("scarcity")] == w0[ev.FEATURES.index("scarcity")]
    # The tapered columns add up to the plain ones, split by the stacks on the board.
    cols = refit.tapered(data)
    n = len(ev.FEATURES)
    assert len(cols) == 2 * n
    for i in range(n):
        assert all(math.isclose(a + b, c, abs_tol=1e-9) for a, b, c in zip(cols[i], cols[n + i], data.cols[i]))
    j = data.stacks.index(max(data.stacks))
    assert cols[n][j] == data.cols[0][j] * (1 - min(data.stacks[j], ev.TAPER) / ev.TAPER)


def test_a_tapered_evaluation_mixes_the_two_sets_by_the_stacks(tmp_path):
    table = ev.weights_table(WEIGHTS, {name: 0.0 for name in ev.FEATURES})
    assert table[ev.TAPER] == [round(WEIGHTS[n] * ev.SCALE) for n in ev.FEATURES]
    assert table[0] == [0] * len(ev.FEATURES)
    assert ev.weights_table(WEIGHTS) == [table[ev.TAPER]] * (ev.TAPER + 1)
    b = Position.from_text("TzttA/ZzaazT/.t2Atatt/a..t2TaZt/TAZZtATa/a.T2ttT.A/T.ATatA/tTTTAz/aTTA. w1").board()
    shipped = ev.evaluate(b)
    try:
        ev.set_weights(WEIGHTS)
        linear = ev.evaluate(b)
        ev.set_weights(WEIGHTS, WEIGHTS)  # the same set twice: the linear evaluation
        assert ev.evaluate(b) == linear
        ev.set_weights({n: 0.0 for n in ev.FEATURES}, WEIGHTS)  # the endgame's set only
        n = sum(b.tops)
        w = [round(WEIGHTS[x] * ev.SCALE) * (ev.TAPER - n) // ev.TAPER for x in ev.FEATURES]
        assert ev.evaluate(b) == sum(a * x for a, x in zip(w, ev.features(b))) // ev.SCALE
    finally:
        ev.set_weights(WEIGHTS, getattr(weights, "ENDGAME", None))
    assert ev.evaluate(b) == shipped


def test_a_candidate_file_round_trips_and_a_bad_one_is_refused(tmp_path):
    out = tmp_path / "c.py"
    end = {n: 2 * WEIGHTS[n] for n in ev.FEATURES}
    tune.write_weights(dict(WEIGHTS), "A test.", 0.1234, out, end)
    weights, endgame = tune.read_candidate(out)
    assert list(weights) == list(ev.FEATURES)
    assert all(abs(weights[n] - WEIGHTS[n]) <= abs(WEIGHTS[n]) * 1e-3 for n in ev.FEATURES)
    assert all(abs(endgame[n] - end[n]) <= abs(end[n]) * 1e-3 for n in ev.FEATURES)
    assert "K = 0.123" in out.read_text()
    bad = tmp_path / "bad.py"
    bad.write_text("WEIGHTS = {'scarcity': 1}\n")
    with pytest.raises(tune.BadCandidate):
        tune.read_candidate(bad)
    with pytest.raises(tune.BadCandidate):
        tune.read_candidate(tmp_path / "missing.py")
    assert tune.main(["match", str(bad), "2", "100", "1"]) == 2


def test_fit_command_writes_a_candidate(tmp_path, capsys):
    data = tmp_path / "data"
    _part(data, games=2)
    out = tmp_path / "c.py"
    assert tune.main(["fit", *map(str, sorted(data.iterdir())), "--iterations", "5", "--blend", "0.5",
                      "--tapered", "--fix", "lose_type", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "held out" in text and "shipped weights" in text
    opening, endgame = tune.read_candidate(out)
    assert endgame is not None
    assert opening["lose_type"] == WEIGHTS["lose_type"]  # --fix: the starting (shipped) values
    assert endgame["lose_type"] == getattr(weights, "ENDGAME", WEIGHTS)["lose_type"]
    assert "shipped weights" in text and "->" in text


def test_match_command_plays_the_candidate(tmp_path, capsys):
    out = tmp_path / "c.py"
    tune.write_weights(dict(WEIGHTS), "A test.", 0.1, out, {n: 0.0 for n in ev.FEATURES})
    before = ev._WT
    assert tune.main(["match", str(out), "2", "60", "3"]) == 0
    assert "A:c.py[60n] vs B:expert[60n]: 2 games" in capsys.readouterr().out
    assert ev._WT is before  # the shipped weights are back


def test_the_chance_shown_is_the_tuners_function():
    """The engine's chance of winning (tzaar/ai/odds.py) is the tuner's logistic function,
    on the scale fitted to the search's scores and on the tuner's own."""
    for score in (-14000, -5000, -400, -1, 0, 1, 250, 2200, 9000, 15000):
        assert math.isclose(win_chance(score), tune._sig(SHOWN_K * score / 400))
        assert math.isclose(win_chance(score, weights.K), tune._sig(weights.K * score / 400))
