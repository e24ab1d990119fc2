"""The lab: the tools that measure and tune the engine, never shipped.

Run from the repository's root as ``python -m lab.NAME``: matches against frozen engines
(:mod:`lab.match`, frozen players in :mod:`lab.frozen`), A/B matches of engine settings
(:mod:`lab.ab`), search and solver speed (:mod:`lab.bench`, :mod:`lab.solver_bench`,
:mod:`lab.bench_engine`), the evaluation's tuning and the odds' check (:mod:`lab.tune`,
:mod:`lab.bench_odds`), the tactical suite's and the puzzles' generators
(:mod:`lab.tactics`, :mod:`lab.puzzlegen`; the puzzles' themes, ratings and proof:
:mod:`lab.puzzleset`) and the benchmarks in the browser
(:mod:`lab.browser`).  The lab imports :mod:`tzaar`; :mod:`tzaar` never imports the lab,
and ``pip install .`` installs :mod:`tzaar` alone.
"""
