"""A finished game reviewed in the background by the pool of engines (on a machine that reports
2 cores: one worker of its own, and the page's engine while no search of the page runs there),
in pieces on both; a computer's turn played meanwhile has the page's engine to itself (the
piece there waits for the turn's end, then goes on); and the marks, better turns and
explanations it stores as exercises are those of the command line's review of the same game at
the page's budget (tzaar/cli/games.py), of the marks that make an exercise.

It waits on the page's attributes, its requests and its stored values, never on time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import act, new_game, open_records, paste_record, record_text
from tzaar.cli.games import reviewed
from tzaar.records.either import read_any_record

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "data" / "explained" / "engine-casual-random.txt"
REVIEW_NODES = int(re.search(r"REVIEW_NODES = (\d+);", (ROOT / "web" / "analysis" / "review-job.js").read_text(encoding="utf-8"))[1])
# A machine of two cores, and each message to a worker recorded with the worker's number
# (1: the page's engine, started first; 2: the pool's); and the review jobs whose last step
# the worker answered, as "worker:job".
CORES_AND_WORKERS = """(() => {
  Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 });
  window.__toWorkers = [];
  window.__jobsDone = [];
  const steps = new Map(); // "worker:id" of a review_step asked -> its job
  let workers = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    this.__number ??= ++workers;
    if (message && message.method) window.__toWorkers.push([this.__number, message.method, message.params ?? {}]);
    if (message?.method === "review_step") steps.set(`${this.__number}:${message.id}`, message.params.job);
    return post.call(this, message, ...rest);
  };
  const onmessage = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage");
  Object.defineProperty(Worker.prototype, "onmessage", {
    get() { return onmessage.get.call(this); },
    set(handler) {
      onmessage.set.call(this, (event) => {
        const job = steps.get(`${this.__number}:${event.data?.id}`);
        if (job !== undefined && event.data.result?.done) window.__jobsDone.push(`${this.__number}:${job}`);
        return handler(event);
      });
    },
  });
})();"""


PENDING = "() => (JSON.parse(localStorage.getItem('tzaar.exercises') || 'null')?.pending ?? []).length"
STEPS_IN_MAIN = "() => window.__toWorkers.filter(([w, m]) => w === 1 && m === 'review_step').length"


def test_a_game_is_reviewed_in_pieces_by_the_pool_and_the_idle_page_engine_with_the_command_lines_marks(page, open_site, wait_engine, watch):
    page.add_init_script(CORES_AND_WORKERS)
    wait_engine(open_site())
    record = read_any_record(GAME.read_text(encoding="utf-8"))
    actions = [a.text() for a in record.actions]
    paste_record(open_records(page), record_text(actions, start=record.start.text()))
    page.wait_for_function("(n) => window.tzaar.state.actions.length === n && !window.tzaar.state.busy", arg=len(actions))
    page.locator('[data-command="learn"]').first.click()
    page.click('#your-mistakes [data-exercises="add"][data-side="black"]')
    page.wait_for_function(f"() => ({PENDING})() > 0 && ({STEPS_IN_MAIN})() > 0")  # a piece in the page's engine

    # A computer's turn while the page's engine has a piece of the review under way: between the
    # turn's search started and its last step asked, no step of a review is asked of that engine.
    new_game(page, "person", "computer:strong")
    act(page, page.evaluate("() => window.tzaar.state.view.legal.actions[0]"), wait=False)
    page.wait_for_function("() => { const s = window.tzaar.state; return s.actions.length > 1 && !s.thinking && !s.busy; }", timeout=120_000)
    page.wait_for_function(f"() => ({PENDING})() === 0", timeout=120_000)
    sent = [(worker, method, params) for worker, method, params in page.evaluate("() => window.__toWorkers")]
    in_main = [(i, method, params) for i, (worker, method, params) in enumerate(sent) if worker == 1]
    searched = [i for i, method, _ in in_main if method == "ai_start"]
    assert searched, "the computer's turn searched in the page's engine"
    began = searched[0]
    last = max(i for i, method, _ in in_main if method == "ai_step")
    assert sum(1 for i, method, _ in in_main if method == "ai_step" and i > began) > 1, "a search of several steps"
    assert [(i, method) for i, method, _ in in_main if began < i < last and method.startswith("review")] == []
    review_steps = [(i, params["job"]) for i, method, params in in_main if method == "review_step"]
    under_way = [job for i, job in review_steps if i < began][-1]
    # (its step asked last before the turn may have been its last one: then it was done)
    done = f"1:{under_way}" in page.evaluate("() => window.__jobsDone")
    goes_on = any(job == under_way for i, job in review_steps if i > last)
    ended_before = done and not any(job == under_way for i, job in review_steps if i > began)
    assert goes_on or ended_before, "the piece under way, unfinished, goes on after the turn"

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

    # the review ran in pieces on the pool's worker and the page's engine, once
    starts = [(worker, params.get("piece", {}).get("kind", "whole")) for worker, method, params in sent if method == "review_start"]
    assert {worker for worker, _ in starts} == {1, 2}, starts
    assert [kind for _, kind in starts].count("first") == 2 and starts[-1][1] == "whole", starts
    watch.assert_clean()
