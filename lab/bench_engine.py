"""Engine benchmark (not a test): ``python -m lab.bench_engine [--full]``.

Prints perft timings of the fast board from the standard start, with bulk counting at the
leaves and without, next to two baselines measured in the same run: a plain Python loop
(calibration) and the simple reference generator of tests/reference.py.  Each figure is
the best of a few runs, because the machine is shared.  ``--full`` also times
``perft 4 --no-bulk`` (about 40 s).
"""

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import reference  # noqa: E402

from tzaar.rules.board import Board, perft  # noqa: E402

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"


def best(fn, runs=3):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


def calibration():
    """A plain Python loop: 10 million additions."""
    total = 0
    for i in range(10_000_000):
        total += i
    return total


def main():
    full = "--full" in sys.argv
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    cal, _ = best(calibration)
    print(f"calibration loop (10M additions): {cal:.3f} s")

    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "tzaar", "perft", "standard", "4"], capture_output=True, text=True, cwd=ROOT
    )
    cli = time.perf_counter() - t0
    print(f"`python -m tzaar perft standard 4` -> {out.stdout.strip()} in {cli:.2f} s (whole process)")

    rows = []
    board = Board.from_text(STANDARD)
    for depth, bulk in [(4, True), (3, True), (3, False)] + ([(4, False)] if full else []):
        t, n = best(lambda: perft(board, depth, bulk), runs=1 if depth == 4 and not bulk else 3)
        rows.append((f"fast perft {depth} {'bulk' if bulk else 'no-bulk'}", n, t))
    state = reference.parse(STANDARD)
    t, n = best(lambda: reference.perft(state, 3), runs=2)
    rows.append(("reference perft 3", n, t))
    ref_rate = n / t
    print(f"{'what':28} {'leaves':>10} {'seconds':>8} {'leaves/s':>12} {'x reference':>11} {'x loop':>7}")
    for name, n, t in rows:
        rate = n / t
        print(f"{name:28} {n:>10} {t:>8.3f} {rate:>12,.0f} {rate / ref_rate:>11.1f} {t / cal:>7.2f}")


if __name__ == "__main__":
    main()
