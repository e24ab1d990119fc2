"""The job registry (tzaar/facade/jobs.py) and the slice loop (tzaar/ai/work.py): and the policy for two jobs at once: each
job has its own id and state, starting one never stops another, and interleaved steps give
what each job gives alone."""

from __future__ import annotations

import pytest

from facade_helpers import ok
from tzaar.ai.work import Work
from tzaar.facade import jobs
from tzaar.facade import call, load_all_methods
from tzaar.rules.position import Position

STD = Position.standard().text()
AFTER_OPENING = Position.standard().play(["C5xC4"]).text()
GAME = ["C5xC4", "B3xC4", "pass", "D5xD4", "D4-E4"]


@pytest.fixture(autouse=True)
def no_jobs_left():
    """Each test starts and ends with no job kept."""
    load_all_methods()
    for jid, (kind, _) in list(jobs._JOBS.items()):
        call(f"{kind}_stop", {"job": jid})
    yield
    for jid, (kind, _) in list(jobs._JOBS.items()):
        call(f"{kind}_stop", {"job": jid})
    assert jobs.kept_count() == 0


def run_alone(kind, params, slice_ms=5.0):
    jid = ok(f"{kind}_start", **params)["job"]
    while not (out := ok(f"{kind}_step", job=jid, slice_ms=slice_ms))["done"]:
        pass
    return out


def without_time(out):
    """A search's answer without what depends on the clock."""
    info = {k: v for k, v in out["info"].items() if k != "elapsed"}
    return {**out, "info": info}


SEARCH_A = {"position": STD, "level": "strong", "nodes": 400, "seed": 1}
SEARCH_B = {"position": AFTER_OPENING, "level": "expert", "nodes": 600, "seed": 2}
REVIEW = {"start": STD, "actions": GAME, "nodes": 200}


def test_two_searches_interleaved_give_what_each_gives_alone():
    alone = [without_time(run_alone("ai", SEARCH_A)), without_time(run_alone("ai", SEARCH_B))]
    a = ok("ai_start", **SEARCH_A)["job"]
    b = ok("ai_start", **SEARCH_B)["job"]  # starting b does not stop a
    assert a != b
    answers = {}
    while len(answers) < 2:
        for jid in (a, b):
            if jid not in answers:
                out = ok("ai_step", job=jid, slice_ms=2)
                if out["done"]:
                    answers[jid] = without_time(out)
    assert [answers[a], answers[b]] == alone
    assert jobs.kept_count() == 0  # both dropped when done


def test_a_search_and_a_review_interleaved():
    review_alone = run_alone("review", REVIEW)
    search_alone = without_time(run_alone("ai", SEARCH_A))
    search = ok("ai_start", **SEARCH_A)["job"]
    started = ok("review_start", **REVIEW)
    assert started["total"] == review_alone["total"]
    review = started["job"]
    done = {}
    while len(done) < 2:
        if "review" not in done and (out := ok("review_step", job=review, slice_ms=2))["done"]:
            done["review"] = out
        if "ai" not in done and (out := ok("ai_step", job=search, slice_ms=2))["done"]:
            done["ai"] = without_time(out)
    assert done == {"review": review_alone, "ai": search_alone}


def test_stopping_one_job_leaves_the_other_running():
    a = ok("ai_start", **SEARCH_A)["job"]
    b = ok("ai_start", **SEARCH_B)["job"]
    assert ok("ai_stop", job=a) == {}
    assert call("ai_step", {"job": a})["error"]["kind"] == "BadParams"
    assert not ok("ai_step", job=b, slice_ms=1)["done"]
    assert jobs.kept_count() == 1


def test_a_step_of_another_kinds_job_is_refused_and_stops_nothing():
    search = ok("ai_start", **SEARCH_A)["job"]
    review = ok("review_start", **REVIEW)["job"]
    out = call("review_step", {"job": search})
    assert out["error"]["kind"] == "BadParams" and f"no running review job {search}" in out["error"]["message"]
    assert ok("review_stop", job=search) == {}  # not a review: nothing stopped
    assert ok("ai_stop", job=review) == {}
    assert jobs.kept_count() == 2
    assert "info" in ok("ai_step", job=search, slice_ms=1)
    assert "evaluated" in ok("review_step", job=review, slice_ms=1)


def test_at_most_max_kept_jobs_the_least_recently_stepped_goes():
    ids = [ok("ai_start", **SEARCH_A)["job"] for _ in range(jobs.MAX_KEPT)]
    ok("ai_step", job=ids[0], slice_ms=1)  # the first is now the most recently stepped
    extra = ok("review_start", **REVIEW)["job"]
    assert jobs.kept_count() == jobs.MAX_KEPT
    assert call("ai_step", {"job": ids[1]})["error"]["kind"] == "BadParams"  # dropped
    for jid in [ids[0], *ids[2:]]:
        assert "info" in ok("ai_step", job=jid, slice_ms=1)
    assert "evaluated" in ok("review_step", job=extra, slice_ms=1)


@pytest.mark.parametrize("slice_ms", [0, -5])
def test_a_slice_must_be_above_zero(slice_ms):
    jid = ok("review_start", **REVIEW)["job"]
    out = call("review_step", {"job": jid, "slice_ms": slice_ms})
    assert out["error"] == {"kind": "BadParams", "message": f"slice_ms must be a finite number above 0, not {slice_ms}."}


def test_the_kinds_and_their_methods():
    assert jobs.kinds() == {"ai": ("ai_start", "ai_step", "ai_stop"), "review": ("review_start", "review_step", "review_stop")}
    methods = load_all_methods()
    assert methods["ai_step"].__module__ == "tzaar.facade.ai_methods"
    assert methods["review_start"].__module__ == "tzaar.facade.ai_methods"


class Count(Work):
    """Work of ``n`` pieces."""

    def __init__(self, n: int):
        self.n = n
        self.pieces = 0
        self.closed = False

    @property
    def done(self) -> bool:
        return self.pieces >= self.n

    def advance(self) -> None:
        self.pieces += 1

    def report(self) -> dict:
        return {"done": self.done, "pieces": self.pieces}


def test_the_slice_loop_does_at_least_one_piece_and_stops_at_the_end():
    work = Count(3)
    assert work.step(1e-9) == {"done": False, "pieces": 1}
    assert work.step(float("inf")) == {"done": True, "pieces": 3}
    assert work.step(float("inf")) == {"done": True, "pieces": 3}  # nothing more to do
    with pytest.raises(TypeError):
        Work()  # advance and report are the subclass's
