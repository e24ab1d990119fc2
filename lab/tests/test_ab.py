"""The A/B match driver of engine settings (python -m lab.ab)."""

import pytest

from lab import ab
from tzaar.ai import search


def test_settings_name_existing_constants_with_literal_values():
    [(module, name, value)] = ab.parse_settings("search.LMR_AFTER=1<<30")
    assert (module, name, value) == (search, "LMR_AFTER", 1 << 30)
    assert [v for _, _, v in ab.parse_settings("search.PRUNE_STACKINGS=0; search.ASPIRATION=250")] == [0, 250]


@pytest.mark.parametrize("spec", ["search.NO_SUCH=1", "nomodule.X=1", "PRUNE_STACKINGS=0", "search.LMR_AFTER",
                                  "search.LMR_AFTER=__import__('os')"])
def test_a_bad_setting_is_refused_clearly(spec):
    with pytest.raises(ab.BadSetting):
        ab.parse_settings(spec)


def test_each_side_plays_with_its_settings_and_they_are_restored():
    seen = []
    original = search.PRUNE_STACKINGS
    real = search.Search.run

    def spy(self):
        seen.append(search.PRUNE_STACKINGS)
        return real(self)

    search.Search.run = spy
    try:
        results = ab.run(2, 150, 150, 1, ab.parse_settings("search.PRUNE_STACKINGS=7"), [], jobs=1)
    finally:
        search.Search.run = real
    assert len(results) == 2
    assert 7 in seen and original in seen  # A with its setting, B with the default
    assert search.PRUNE_STACKINGS == original


def test_the_command_line_refuses_bad_arguments(capsys):
    assert ab.main(["2", "100"]) == 2
    assert ab.main(["2", "x", "1", "", ""]) == 2
    assert ab.main(["2", "100", "1", "search.NOPE=1", ""]) == 2
    assert "has no NOPE" in capsys.readouterr().err


def test_a_budget_is_nodes_or_seconds():
    assert ab._budget("8000") == 8000 and ab._budget("1s") == 1.0 and ab._budget("0.5s") == 0.5
    assert ab._spec("expert", 8000) == ("expert", None, 8000)
    assert ab._spec("expert", 0.5) == ("expert", 0.5, None)
    with pytest.raises(ValueError):
        ab._budget("1x")


def test_depth_cost_counts_each_setting_and_restores_it():
    from lab import bench

    lines = bench.depth_cost(2, ("", "search.PRUNE_STACKINGS=1")).splitlines()
    assert [line.split(":")[0] for line in lines] == ["today", "search.PRUNE_STACKINGS=1", "v1"]
    totals = [int(line.split(": ")[1].split(" ")[0].replace(",", "")) for line in lines]
    assert 0 < totals[1] < totals[0]  # the last ply loses its stackings
    assert search.PRUNE_STACKINGS == 0


def test_depth_cost_with_expert_pruning_counts_fewer_nodes():
    from lab import bench

    def today(lines):
        return int(lines.splitlines()[0].split(": ")[1].split(" ")[0].replace(",", ""))

    assert 0 < today(bench.depth_cost(2, ("",), prune=True)) < today(bench.depth_cost(2, ("",)))


@pytest.mark.parametrize("args", [["--help"], ["x"], ["depth"], ["--against"], ["100", "200"]])
def test_the_bench_answers_bad_arguments_with_its_usage(args):
    import subprocess
    import sys
    from pathlib import Path

    run = subprocess.run([sys.executable, "-m", "lab.bench", *args], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parents[2])  # the lab runs from the repository's root
    assert run.returncode == 1
    assert "python -m lab.bench" in run.stderr
    assert "Traceback" not in run.stderr


def test_b_may_be_a_frozen_engine():
    from lab import frozen

    played = []
    real = frozen.run_frozen

    def spy(board, name, *args):
        played.append(name)
        return real(board, name, *args)

    import lab.ab as module

    module.run_frozen = spy
    try:
        results = ab.run(2, 150, 150, 1, ab.parse_settings("search.PRUNE_STACKINGS=7"), "expert-v2", jobs=1)
    finally:
        module.run_frozen = real
    assert len(results) == 2 and played and set(played) == {"expert-v2"}
    assert search.PRUNE_STACKINGS == 0
