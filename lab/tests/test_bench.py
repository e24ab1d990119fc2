"""The search's speed benchmark (``python -m lab.bench``): its depth-time mode."""

from lab import bench


def test_depth_time_reports_each_position_and_the_ratios_against_the_frozen_search():
    out = bench.depth_time(2, "v2", rounds=1).splitlines()
    assert len(out) == 11
    assert all(line.startswith(f"position {i} (") and "time ratio" in line for i, line in enumerate(out[:10]))
    assert out[10].startswith("today: ") and "ratios today / v2: nodes" in out[10]
