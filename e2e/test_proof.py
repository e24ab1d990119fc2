"""Proven results in the page: the hint and the move list say "Black wins in 3 turns".

The endgame solver (tzaar/ai/solver.py) runs in the worker for the hint (ai_start with
solve: true) and for the Expert and Master levels; a proven result comes back as
info.proven, the game keeps it per position (web/game/proof.js), the hint's text and the move
list show it. The expected texts come from the solver run here in CPython.
"""

from __future__ import annotations

import json

import pytest

from helpers import RECORDERS, assert_search_stopped, moves, sent_since_click
from tzaar.ai.solver import solve
from tzaar.rules.notation import Action
from tzaar.rules.position import Position

# Black to move wins in 3 turns (tests/engine_helpers.py endgame_positions(2, 15, 13)[0]; about
# 100 solver nodes, so that a loaded machine cannot push it past the hint's time share).
BLACK_WINS = ".t..a2/a2..t../.A..t.T/......Z./Z..T2..../...A...Z2/......./.T.T../..z2.. b1"
# White to play its second action wins in 5 turns (tests/engine_helpers.py LONGER[4]; ~500 nodes).
WHITE_WINS = ".Z2T.T/.a.t../A....../...tT.../......z2./.......A/......./a..a../..... w2"


def proven(text: str):
    b = Position.from_text(text).board()
    sol = solve(b)
    actions = []
    for a in sol.actions:
        actions.append(Action.from_code(a, b.cells).text())
        b.do(a)
    return sol, actions


def test_the_hint_says_who_wins_in_how_many_turns(open_position, watch):
    sol, actions = proven(BLACK_WINS)
    assert (sol.result, sol.turns) == ("win", 3)
    page = open_position(BLACK_WINS)
    page.click('[data-action="hint"]')
    page.wait_for_selector('#board [data-hint="to"]', timeout=30_000)
    text = page.inner_text("#hint-text")
    assert "Black wins in 3 turns" in text
    assert f"({actions[0]})" in text  # the first action of the fastest win
    watch.assert_clean()


def test_the_move_list_shows_the_computers_proven_win(page, open_site, wait_engine, watch):
    sol, actions = proven(WHITE_WINS)
    assert (sol.result, sol.turns) == ("win", 5)
    save = {"version": 1, "start": WHITE_WINS, "shown": WHITE_WINS, "setup": "standard", "seed": None,
            "actions": [], "cursor": 0, "players": {"white": "computer:expert", "black": "person"}}
    # A saved game (read at the first load, the bare address): White is the computer.
    page.add_init_script(f"localStorage.setItem('tzaar.game', {json.dumps(json.dumps(save))})")
    page = open_site()
    wait_engine(page)
    # The computer (White, Expert) plays its proven turn; then Black, a person, is to move.
    page.wait_for_function(
        "() => { const s = window.tzaar.state; return s.actions.length > 0 && !s.thinking && !s.busy"
        " && s.view && s.view.side === 'black'; }",
        timeout=60_000,
    )
    # (the page draws its panels at the next frame after the state changes)
    page.wait_for_function("(n) => document.querySelectorAll('#moves button[data-move]').length >= n", arg=len(actions))
    assert moves(page) == actions  # the fastest win
    note = page.locator("#moves .move-proof")
    assert note.count() == 1
    assert note.inner_text() == "White wins in 5 turns"
    assert note.get_attribute("data-winner") == "white"
    watch.assert_clean()


# White (second action due) loses in 6 turns; the solver needs about 20,000 nodes for it,
# more than its share of Expert's 3 s in the worker, so the first second of Expert's turn
# is spent in the solver's slices (python -m lab.solver_bench: a 16-stack position).
SOLVER_BUSY = "...../ZTZ2.../......./.......T/.tt...Tt/a......./...TA.A/....../at.z2A w2"


@pytest.mark.alone  # at most one slice after the click: a test of timing
def test_a_new_game_stops_the_solver_at_once(page, open_site, wait_engine, watch):

    save = {"version": 1, "start": SOLVER_BUSY, "shown": SOLVER_BUSY, "setup": "standard", "seed": None,
            "actions": [], "cursor": 0, "players": {"white": "computer:expert", "black": "person"}}
    page.add_init_script(RECORDERS)
    page.add_init_script(f"localStorage.setItem('tzaar.game', {json.dumps(json.dumps(save))})")
    page = open_site()
    # The dialog made ready first; the click is the page's own as soon as the solver's second
    # slice is asked for (a click from here could come after Expert's turn: its time rules
    # may end it within a second).
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option('#new-game-dialog select[data-player="white"]', "person")
    page.select_option('#new-game-dialog select[data-player="black"]', "person")
    page.evaluate("""() => window.addEventListener("click", (event) => {
      if (event.target.closest('[data-command="start-game"]')) window.__sent.push({ method: "click", t: performance.now() });
    }, { capture: true, once: true })""")
    job = page.evaluate("""() => new Promise((resolve) => {
      const poll = () => {
        const steps = window.__sent.filter((m) => m.method === "ai_step");
        if (steps.length < 2) return setTimeout(poll, 1);
        document.querySelector('#new-game-dialog [data-command="start-game"]').click();
        resolve(steps.at(-1).params.job);
      };
      poll();
    })""")
    wait_engine(page)
    start = page.evaluate("() => window.__sent.filter((m) => m.method === 'ai_start').at(-1)")
    assert start["params"]["position"] == SOLVER_BUSY and start["params"]["level"] == "expert"
    page.wait_for_function("() => window.__sent.some((m) => m.method === 'ai_stop')")
    page.wait_for_selector('#board[data-thinking="false"][data-state="idle"]')
    assert_search_stopped(sent_since_click(page), job)
    assert page.evaluate("() => window.tzaar.state.actions.length") == 0
    watch.assert_clean()
