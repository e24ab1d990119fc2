"""A finished game reviewed in the background by the pool of engines beside the page's (on a
machine that reports 4 cores: 3 workers of their own), in pieces on more than one of them, and
the marks, better turns and explanations it stores as exercises are those of the command
line's review of the same game at the page's budget (tzaar/cli/games.py), of the marks that
make an exercise.

It waits on the page's attributes and its stored values, never on time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import open_records, paste_record, record_text
from tzaar.cli.games import reviewed
from tzaar.records.either import read_any_record

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "data" / "explained" / "engine-casual-random.txt"
REVIEW_NODES = int(re.search(r"REVIEW_NODES = (\d+);", (ROOT / "web" / "analysis" / "review-job.js").read_text(encoding="utf-8"))[1])
# A machine of four cores, and each message to a worker recorded with the worker's number
# (1: the page's engine, started first; then the pool's, in the order they start).
CORES_AND_WORKERS = """(() => {
  Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 4 });
  window.__toWorkers = [];
  let workers = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    this.__number ??= ++workers;
    if (message && message.method) window.__toWorkers.push([this.__number, message.method, message.params]);
    return post.call(this, message, ...rest);
  };
})();"""


def test_a_game_is_reviewed_in_pieces_by_the_pool_with_the_command_lines_marks(page, open_site, wait_engine, watch):
    page.add_init_script(CORES_AND_WORKERS)
    wait_engine(open_site())
    record = read_any_record(GAME.read_text(encoding="utf-8"))
    actions = [a.text() for a in record.actions]
    paste_record(open_records(page), record_text(actions, start=record.start.text()))
    page.wait_for_function("(n) => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(actions))
    page.locator('[data-command="learn"]').first.click()
    page.click('#your-mistakes [data-exercises="add"][data-side="black"]')
    page.wait_for_selector('#your-mistakes[data-reviewing="false"]:not([data-left="0"])', timeout=120_000)

    # the command line's review of the game at the page's budget: Black's marks, those that make
    # an exercise (web/learn/exercise-list.js tellsApart: an explanation with a reason)
    cli = reviewed(record, REVIEW_NODES)
    marked = [(t, json.loads(json.dumps(e))) for t, e in zip(cli.review.turns, cli.explanations) if t.mark and t.side == 1]
    expected = [
        {"played": t.actions, "best": t.best, "mark": t.mark, "loss": t.loss, "explanation": e}
        for t, e in marked
        if e and (e["reasons"] or e["better"])
    ]
    assert expected, "a game with marks of Black that make an exercise"
    items = json.loads(page.evaluate("() => localStorage.getItem('tzaar.exercises')"))["items"]
    stored = [{key: item[key] for key in ("played", "best", "mark", "loss", "explanation")} for item in items]
    assert sorted(stored, key=json.dumps) == sorted(expected, key=json.dumps)

    # the review ran in the pool's workers, in pieces on more than one; none on the page's engine
    sent = page.evaluate("() => window.__toWorkers")
    starts = [(worker, params.get("piece", {}).get("kind", "whole")) for worker, method, params in sent if method == "review_start"]
    workers = {worker for worker, _ in starts}
    assert 1 not in workers and len(workers) >= 2, starts
    assert [kind for _, kind in starts].count("first") == 3 and starts[-1][1] == "whole", starts  # once
    watch.assert_clean()
