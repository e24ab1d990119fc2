"""Matches in the lab (``python -m lab.match``): the levels against the frozen engines."""

import subprocess
import sys
from pathlib import Path

from lab.match import main
from tzaar.cli.main import main as tzaar_main
from tzaar.ai.match import Spec, run_match
from tzaar.ai.players import run_think


def test_cli_match_against_a_frozen_engine():
    r = subprocess.run([sys.executable, "-m", "lab.match", "strong", "expert-v1", "--games", "2", "--nodes", "300",
                        "--quiet"], capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    assert "expert-v1" in r.stdout and "2 games" in r.stdout


def test_bad_input_is_one_line_and_exit_2(capsys):
    for args in (["strong", "nobody"], ["strong", "expert-v1", "--games", "0"], ["strong"]):
        assert main(args) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("lab.match: error:"), err
    assert main(["strong", "nobody"]) == 2 and "expert-v1" in capsys.readouterr().err  # the choices


def test_the_players_command_line_has_no_frozen_engine(capsys):
    assert tzaar_main(["match", "strong", "expert-v1", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown player 'expert-v1'" in err and "-v1" not in err.split("choose one of")[1]
    assert tzaar_main(["ai", "standard", "--level", "expert-v1"]) == 2


def test_a_closure_plays_the_games_of_worker_processes_too():
    # Forked workers receive the player function through the fork, so a closure (as the
    # A/B driver's) plays there too: here "greedy" is played by random.
    def player(board, name, seed=0, seconds=None, nodes=None):
        return run_think(board, "random", seed, seconds, nodes)

    def moves(results):
        return [(g["winner"], g["actions"], g["p1_white"]) for g in results]

    randoms = moves(run_match(Spec("random"), Spec("random"), games=4, seed=3))
    assert moves(run_match(Spec("greedy"), Spec("random"), games=4, seed=3)) != randoms
    assert moves(run_match(Spec("greedy"), Spec("random"), games=4, seed=3, player=player)) == randoms
    assert moves(run_match(Spec("greedy"), Spec("random"), games=4, seed=3, jobs=2, player=player)) == randoms


def test_cli_match_against_the_v2_baseline():
    r = subprocess.run([sys.executable, "-m", "lab.match", "expert", "expert-v2", "--games", "2", "--nodes", "300",
                        "--quiet"], capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2])
    assert r.returncode == 0, r.stderr
    assert "expert-v2" in r.stdout and "2 games" in r.stdout
