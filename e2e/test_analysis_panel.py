"""The analysis tools in the page: the analysis board and its bar, the attack map, a review
with its graph and a marked blunder, and puzzles solved and failed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import RECORDERS, act, fragment, idle, link, puzzle_list, shown, winning_turn

from tzaar.rules.position import Position
from tzaar.ai.review import BLUNDER, MISTAKE
from tzaar.ai.solver import Solver
from tzaar.study.puzzles import wins

# White to move takes Black's only Tzaar with F6xD5; G6xG3 instead lets Black take White's
# only Tzaar with D5xF6.
IN_ONE = "...../....../.....A./....z.../......../.....Z../..t..T./.a..t./..... w1"
# White at its second action wins in 3 turns (proven by the endgame solver; from
# tests/data/tactics.txt), with any of these first actions:
IN_THREE = "...../.z4..Z./T2....../..t...ZA/a....A.A/Z.....T./......t/T...A./a2T... w2"
IN_THREE_FIRST = {"B5-D7", "D7-D8", "D7-E6", "D7xD3", "F1-H1", "H5-H1"}
PUZZLES = json.loads((Path(__file__).resolve().parent.parent / "web" / "learn" / "puzzles.json").read_text())["puzzles"]


def bar(page, attribute):
    return page.get_attribute(".eval-bar", f"data-{attribute}")


def wait_bar(page, position, condition):
    page.wait_for_function(
        f"""() => {{
            const bar = document.querySelector('.eval-bar');  // (there once the tools load)
            if (!bar || bar.dataset.position !== {json.dumps(position)} || !bar.dataset.score) return false;
            const score = Number(bar.dataset.score), mate = bar.dataset.mate === '' ? null : Number(bar.dataset.mate);
            return {condition};
        }}""",
        timeout=60_000,
    )


def test_the_analysis_bar_stands_beside_the_board_or_above_it_and_moves_when_a_capture_wins_a_type(open_position, page, watch):
    page.emulate_media(reduced_motion="reduce")  # no transition of the fill
    page = open_position(IN_ONE)
    assert page.is_hidden(".eval-bar")
    page.keyboard.press("a")
    assert page.get_attribute("#analyse-button", "aria-pressed") == "true"
    # White takes Black's last Tzaar at once: a win in 1, the arrow on F6 -> D5
    wait_bar(page, IN_ONE, "mate === 1")
    assert page.get_attribute(".board-overlay", "data-best") == "F6xD5"
    assert page.inner_text("#analysis .eval-text") == "White wins in 1 turn"
    assert page.locator(".board-overlay .arrow-best[data-from=F6][data-to=D5]").count() == 1
    # The bar stands beside the board on a desktop, above it on a phone.
    for width, height in [(1280, 800), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        bar = page.locator(".eval-bar").bounding_box()
        board = page.locator("#board").bounding_box()
        assert bar["x"] >= 0 and bar["x"] + bar["width"] <= width
        if width > 860:  # a vertical bar left of the board, as tall as most of it
            assert bar["height"] > board["height"] / 2 and bar["x"] + bar["width"] <= board["x"] + 1
        else:  # a horizontal bar above it, most of its width, its number beside it (over it, it hid where the fill ends)
            assert bar["width"] > board["width"] * 0.7 and bar["y"] + bar["height"] <= board["y"] + 1
            number = page.locator(".eval-number").bounding_box()
            assert number["x"] >= bar["x"] + bar["width"] and number["x"] + number["width"] <= width, (number, bar)
        # White is winning: White's fill is (almost) all of the bar, the number readable in it
        fill = page.locator(".eval-fill").bounding_box()
        assert fill["height" if width > 860 else "width"] > 0.95 * bar["height" if width > 860 else "width"]
        assert page.inner_text(".eval-number") == "#1"
        # the overlay (arrows, the attack map's rings) lies exactly on the board, the bar
        # above it on a phone included: the best action's arrow starts on F6
        overlay = page.locator(".board-overlay").bounding_box()
        assert all(abs(overlay[k] - board[k]) < 0.5 for k in ("x", "y", "width", "height")), (overlay, board)
        start = page.evaluate(
            """() => { const l = document.querySelector('.arrow-best'), m = l.getScreenCTM();
                 const x = l.x1.baseVal.value, y = l.y1.baseVal.value; return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }"""
        )
        f6 = page.locator('#board [data-point="F6"]').bounding_box()
        assert abs(start[0] - (f6["x"] + f6["width"] / 2)) < 1 and abs(start[1] - (f6["y"] + f6["height"] / 2)) < 1, (start, f6)
    page.set_viewport_size({"width": 1280, "height": 720})
    # The attack map: F6 takes D5; D5 (Black's only Tzaar) is a last stack, F6 threatened.
    page.check("#attack-map")
    page.wait_for_selector(".overlay-attack line[data-from=F6][data-to=D5]", state="attached")
    page.wait_for_selector('.overlay-rings .ring-last[data-point="D5"]', state="attached")
    page.wait_for_selector('.overlay-rings .ring-threatened[data-point="F6"]', state="attached")
    # G6xG3 and a pass throw the win away: the bar swings to Black
    act(page, "G6xG3")
    act(page, "pass")
    after = shown(page)
    wait_bar(page, after, "mate !== null && mate < 0 && score < 0")
    # D5xF6 takes White's only Tzaar: the bar shows the end
    act(page, "D5xF6")
    wait_bar(page, shown(page), "score === -1000000")
    assert page.inner_text("#analysis .eval-text") == "Black wins"
    assert page.locator(".eval-number").inner_text() == ""  # no "#0"
    # going back in the move list restarts the search on the position shown
    page.click('#moves button[data-cursor="0"]')
    idle(page, IN_ONE)
    wait_bar(page, IN_ONE, "mate === 1")
    assert page.get_attribute(".board-overlay", "data-best") == "F6xD5"
    # leaving the mode hides the bar and stops the search
    page.keyboard.press("a")
    assert page.is_hidden(".eval-bar") and page.get_attribute(".board-overlay", "data-best") == ""
    watch.assert_clean()


def test_the_bar_shows_the_chance_of_winning_and_the_analysis_the_best_turn_and_the_reply(open_position, watch):
    # The standard start is about even: the bar reads a percentage near 50% (the engine's
    # info.win_chance, tzaar/ai/odds.py), not a raw score ("-9.45" with the fitted weights).
    start = Position.standard().text()
    page = open_position(start)
    page.keyboard.press("a")
    wait_bar(page, start, "true")
    # (read at once: the search goes on deepening, and the bar with it)
    depth, chance, number, valuenow, label = page.evaluate(
        "() => { const bar = document.querySelector('.eval-bar');"
        " return [document.querySelector('#analysis').dataset.depth, bar.dataset.chance,"
        " document.querySelector('.eval-number').textContent, bar.getAttribute('aria-valuenow'),"
        " bar.getAttribute('aria-label')]; }"
    )
    white = float(chance)
    assert 0.3 < white < 0.7, (depth, chance, number)
    favourite, percent = ("White", white) if white >= 0.5 else ("Black", 1 - white)
    assert re.fullmatch(r"(White|Black) \d{1,2}%", number) and number.startswith(favourite), number
    assert abs(int(number.split()[1][:-1]) - 100 * percent) <= 1
    # the bar is filled by White's chance, and says so to a screen reader
    assert abs(int(valuenow) - 100 * white) <= 1
    assert label == "White's chance of winning"
    # a position where one side leads reads as that side's chance: Black after White's
    # opening capture (its two actions to come)
    act(page, "C5xC4")
    after = shown(page)
    wait_bar(page, after, "true")
    text, title = page.eval_on_selector("#analysis .eval-text", "e => [e.innerText, e.title]")
    assert re.fullmatch(r"(White|Black) \d{1,2}%", text), text
    # and its title says what the figure is
    side, percent = text.split()
    assert title == f"{side}'s chance of winning, by the engine: {percent}"
    # Black's first full turn: the best turn and White's reply.
    page.wait_for_function(
        "() => { const l = document.querySelector('#analysis .eval-line');"
        " return l?.dataset.reply && l.dataset.line.split(' ').length === 2; }",
        timeout=60_000,
    )
    line = page.get_attribute("#analysis .eval-line", "data-line").split()
    reply = page.get_attribute("#analysis .eval-line", "data-reply").split()
    after = Position.from_text(after).play(line)
    assert after.side == 0  # Black's two actions end its turn; the reply is White's
    for action in reply:
        assert after.side == 0
        after = after.apply(action)
    text = page.inner_text("#analysis .eval-line")
    assert text == f"Best: {' '.join(line)} · reply: {' '.join(reply)}"
    assert page.get_attribute(".board-overlay", "data-best") == line[0]
    watch.assert_clean()


# Records, in order, each best action the analysis board shows (its arrow, .board-overlay
# data-best) and each hint the board draws (its data-hint points), with the time.
SHOWN = """() => {
  window.__shown = [{ best: document.querySelector(".board-overlay").dataset.best, t: performance.now() }];
  const hint = () => {
    const from = document.querySelector('#board [data-hint="from"]')?.dataset.point;
    const to = document.querySelector('#board [data-hint="to"]')?.dataset.point;
    return from && to ? `${from}x${to}` : null;
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const t = performance.now();
      if (r.attributeName === "data-best" && r.target.dataset.best) window.__shown.push({ best: r.target.dataset.best, t });
      if (r.attributeName === "data-hint" && hint() && !window.__shown.some((s) => s.hint)) window.__shown.push({ hint: hint(), t });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-best", "data-hint"] });
}"""


def test_a_hint_during_the_analysis_is_its_best_and_the_analysis_goes_on(open_position, page, watch):
    """The policy for two searches at once (web/game/computer.js): Hint while the analysis board
    searches the same position answers the analysis's best, and the analysis goes on: the same
    job, never stopped nor restarted, deeper afterwards."""
    start = Position.standard().text()
    page.add_init_script(RECORDERS)
    page = open_position(start)
    page.keyboard.press("a")
    page.wait_for_function("() => Number(document.querySelector('#analysis')?.dataset.depth) >= 3", timeout=60_000)
    page.evaluate(SHOWN)
    sent = page.evaluate("() => window.__sent.length")
    [analysis_job] = page.evaluate("() => [...new Set(window.__sent.filter((m) => m.method === 'ai_step').map((m) => m.params.job))]")
    depth = int(page.get_attribute("#analysis", "data-depth"))
    page.click('[data-action="hint"]')
    page.wait_for_selector('#board [data-hint="to"]', timeout=30_000)
    shown_ = page.evaluate("() => window.__shown")
    hint = next(s["hint"] for s in shown_ if "hint" in s)
    assert hint in page.inner_text("#hint-text")
    # The hint is the best the board showed when the hint was given: the last arrow drawn
    # before the hint, or the one before it (the hint is drawn at the next frame, and a slice
    # of the analysis may land in between).
    drawn = next(s["t"] for s in shown_ if "hint" in s)
    before = [s["best"] for s in shown_ if "best" in s and s["t"] <= drawn]
    assert hint in before[-2:], (hint, shown_)
    # The analysis goes on with its own job: no search started or stopped since the click, and
    # it searches deeper.
    page.wait_for_function("(d) => Number(document.querySelector('#analysis').dataset.depth) > d", arg=depth, timeout=60_000)
    since = page.evaluate("(n) => window.__sent.slice(n)", sent)
    assert [m for m in since if m["method"] in ("ai_start", "ai_stop")] == [], since
    assert {m["params"]["job"] for m in since if m["method"] == "ai_step"} == {analysis_job}
    assert page.get_attribute("#analyse-button", "aria-pressed") == "true"
    watch.assert_clean()


# A middle game of Beginner against Strong (python -m lab.bench_odds --marks, game 28, turn 17).
MIDDLE = "tt.t2Z3/Ta2...T/TA3...../.Az2....T/a2..TAaA./..z.T.../...a2zT2t3/tt...t/t.T2.T w1"


def test_a_review_draws_the_graph_marks_the_blunder_and_judges_turns_by_the_chance_they_give_away(open_position, watch):
    """A review of a blunder thrown away from IN_ONE; then, on that page, a middle game's review
    with a mistake."""
    actions = ["G6xG3", "pass", "D5xF6"]
    final = Position.from_text(IN_ONE).play(actions).text()
    page = open_position(IN_ONE, actions, shows=final)
    page.click("#review-button")
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    assert page.locator("#review .review-graph circle").count() == 3  # start, after turns 1 and 2
    assert page.locator("#review .review-graph circle.blunder").count() == 1
    li = page.locator('#moves li[data-turn="1"]')
    assert "blunder" in li.get_attribute("class") and "better: F6xD5" in li.get_attribute("title")
    note = page.inner_text("#review .review-notes")
    assert "1. White G6xG3 pass: blunder" in note and "better: F6xD5" in note  # shown, not only hovered
    # the win thrown away cost all of White's chance; the graph's points say who wins
    assert "winning chance −100 points" in note
    titles = page.locator("#review .review-graph circle title").all_text_contents()
    assert titles == ["Start: White wins in 1 action", "1. G6xG3 pass: Black wins in 1 action", "2. D5xF6: Black wins"]
    # a point of the graph goes to its position: the blunder's point to the position after it
    page.locator("#review .review-graph circle.blunder").click()
    after_blunder = Position.from_text(IN_ONE).play(actions[:2]).text()
    idle(page, after_blunder)
    assert "current" in page.locator("#review .review-graph circle.blunder").get_attribute("class")
    page.locator("#review .review-graph circle").first.click()
    idle(page, IN_ONE)
    assert page.get_attribute("#review", "data-state") == "done"  # going back keeps the review

    # A middle game's review (the review closed first: the game link opens without it).
    # White's turn gives away about 27 points of its chance of winning at the page's budget
    # (1,500 nodes a position and the review's deeper look; tzaar/ai/review.py at the same
    # budget): a mistake (15 points), not a blunder (30); Black's reply is the engine's own turn.
    page.click("#review-button")
    page.wait_for_selector("#review", state="hidden")
    actions = ["I5xG5", "C1-D2", "G7xG6", "F3-H1"]
    final = Position.from_text(MIDDLE).play(actions).text()
    page.evaluate("hash => { location.hash = hash; }", link(MIDDLE, actions).removeprefix("index.html"))
    idle(page, final)
    page.click("#review-button")
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    assert page.locator("#review .review-graph circle.mistake").count() == 1
    assert page.locator("#review .review-graph circle.blunder").count() == 0
    assert "mistake" in page.locator('#moves li[data-turn="1"]').get_attribute("class")
    note = page.inner_text("#review .review-notes")
    found = re.search(r"1\. White I5xG5 C1-D2: mistake, winning chance −(\d+) points; better: (\S+(?: \S+)?)$", note, re.M)
    assert found, note
    assert MISTAKE <= int(found[1]) < BLUNDER
    better = found[2].split()  # the engine's own turn: legal here, and not the one played
    assert better != actions[:2] and Position.from_text(MIDDLE).play(better)
    # every point of the graph reads as the favourite's chance, placed by White's chance
    titles = page.locator("#review .review-graph circle title").all_text_contents()
    # (in words: "White's chance of winning, by the engine: 62%")
    said = [re.fullmatch(r".+: (White|Black)'s chance of winning, by the engine: (\d{1,2})%", t) for t in titles]
    assert len(titles) == 3 and all(said), titles
    ys = [float(c.get_attribute("cy")) for c in page.locator("#review .review-graph circle").all()]
    for (side, percent), y in zip((m.groups() for m in said), ys):
        white = int(percent) if side == "White" else 100 - int(percent)
        assert abs(y - (45 - (white / 100 - 0.5) * 2 * 39)) < 1.5  # 90 high, 6 of margin
    watch.assert_clean()


def open_puzzle(page, index):
    page.click("#puzzles-button")
    puzzle_list(page)  # the list of all puzzles
    page.wait_for_selector(f'#puzzles button[data-index="{index}"]')
    page.click(f'#puzzles button[data-index="{index}"]')
    idle(page, PUZZLES[index]["position"])


def test_a_puzzle_failed_says_why_but_not_the_answer_and_one_solved_is_remembered(open_site, watch, wait_engine):
    failed = PUZZLES[1]
    page = open_site(link(failed["position"]))
    wait_engine(page)
    open_puzzle(page, 1)
    wrong = next(a.text() for a in Position.from_text(failed["position"]).legal_actions() if a.text() != failed["answer"])
    act(page, wrong)
    page.wait_for_selector('#puzzles[data-status="failed"]')
    status = page.inner_text("#puzzles .puzzle-status")
    assert status.startswith("Not this time. ") and failed["answer"] not in status  # Try again stays a try
    assert page.get_attribute('#puzzles button[data-index="1"]', "data-solved") == "false"
    # Another puzzle from the list, solved.
    puzzle = PUZZLES[0]
    page.click('#puzzles button[data-index="0"]')
    idle(page, puzzle["position"])
    assert "to play and win in 2 turns" in page.inner_text("#puzzles .puzzle-status")
    first = puzzle["solution"][:2]  # the player's first turn (a puzzle is never the opening)
    for action in first:
        act(page, action)
    # the page plays the defence, then it is the player's turn again
    page.wait_for_selector('#puzzles[data-status="continue"]')
    page.wait_for_function(f"() => document.querySelectorAll('#moves button[data-move]').length === {len(first) + 2}")
    position = page.get_attribute("#board", "data-position")
    idle(page, position)
    assert wins(Solver(Position.from_text(position).board()), 1)  # the defence leaves a win
    for action in winning_turn(position):
        act(page, action)
    page.wait_for_selector('#puzzles[data-status="solved"]')
    assert page.get_attribute('#puzzles button[data-index="0"]', "data-solved") == "true"
    assert puzzle["id"] in page.evaluate("() => localStorage.getItem('tzaar.puzzles.solved')")
    # a reload remembers it: the list marks it solved, the others not (the one failed neither)
    page.reload()
    wait_engine(page)
    page.click("#puzzles-button")
    page.wait_for_selector('#puzzles button[data-index="0"][data-solved="true"]', state="attached")
    assert page.get_attribute('#puzzles button[data-index="0"]', "aria-label") == "Puzzle 1 (solved)"
    assert page.get_attribute('#puzzles button[data-index="1"]', "data-solved") == "false"
    watch.assert_clean()


def test_the_editor_refuses_an_impossible_position_plays_a_possible_one_copies_its_link_and_analyses_it(open_position, clipboard, watch, site_url):
    """The editor on IN_ONE: an impossible position refused, a possible one played; on IN_ONE
    again, a possible position's link copied and analysed; then a proven win in turns."""
    page = open_position(IN_ONE)
    page.click("#editor-button")
    page.wait_for_selector(f'#editor[data-possible="true"][data-position="{IN_ONE}"]')
    # Black at its second action without a Tzaar is impossible: take D5 (Black's only Tzaar)
    # away and make it Black's second action.
    page.click('#editor button[data-tool="."]')
    page.click('#board [data-point="D5"]')
    page.select_option('#editor select[name="editor-side"]', "b")
    page.select_option('#editor select[name="editor-step"]', "2")
    page.wait_for_selector('#editor[data-possible="false"]')
    verdict = page.inner_text("#editor .editor-verdict")
    assert verdict.startswith("Not possible:") and "Black is at its second action" in verdict and "no Tzaar" in verdict
    assert page.is_disabled("#editor-play")
    assert page.get_attribute("#board [data-point=D5]", "data-type") is None  # the board shows the edit
    # the game's turn, trios and moves step aside while the board shows the edited position
    assert page.is_hidden("#turn") and page.is_hidden("#trios") and page.is_hidden("#history")
    # a taller stack and a Black Tzaar back: possible again, and it plays
    page.click('#editor button[data-tool="z"]')
    page.click('#board [data-point="A1"]')
    page.click('#editor button[data-tool="+"]')
    page.click('#board [data-point="A1"]')
    page.select_option('#editor select[name="editor-side"]', "w")
    page.select_option('#editor select[name="editor-step"]', "1")
    page.wait_for_selector('#editor[data-possible="true"]')
    edited = page.get_attribute("#editor", "data-position")
    assert edited.startswith("z2....") and edited.endswith(" w1")
    page.click("#editor-play")
    idle(page, edited)
    assert page.is_hidden("#editor")
    assert page.is_visible("#turn") and page.is_visible("#trios") and page.is_visible("#history")
    # The link of a possible position copied, and "Analyse it" (from IN_ONE again).
    page.evaluate("hash => { location.hash = hash; }", fragment(IN_ONE))
    idle(page, IN_ONE)
    page.click("#editor-button")
    page.wait_for_selector(f'#editor[data-possible="true"][data-position="{IN_ONE}"]')
    # a White Tott more on A1: still possible; its link goes to the clipboard
    page.click('#editor button[data-tool="T"]')
    page.click('#board [data-point="A1"]')
    page.wait_for_selector('#editor[data-possible="true"]')
    edited = page.get_attribute("#editor", "data-position")
    assert edited == "T..../" + IN_ONE.split("/", 1)[1]
    page.click("#editor-copy")
    page.wait_for_function("() => document.querySelector('#editor-copy').textContent === 'Link copied'")
    assert page.evaluate("() => navigator.clipboard.readText()") == site_url + link(edited)
    # an impossible position cannot be copied
    page.click('#editor button[data-tool="."]')
    page.click('#board [data-point="D5"]')
    page.select_option('#editor select[name="editor-step"]', "2")
    page.select_option('#editor select[name="editor-side"]', "b")
    page.wait_for_selector('#editor[data-possible="false"]')
    assert page.is_disabled("#editor-copy") and page.is_disabled("#editor-analyse")
    # back to the possible one, then "Analyse it": the game is that position, the bar runs
    page.click('#editor button[data-tool="z"]')
    page.click('#board [data-point="D5"]')
    page.select_option('#editor select[name="editor-side"]', "w")
    page.select_option('#editor select[name="editor-step"]', "1")
    page.wait_for_selector(f'#editor[data-possible="true"][data-position="{edited}"]')
    page.click("#editor-analyse")
    idle(page, edited)
    assert page.is_hidden("#editor") and page.get_attribute("#analyse-button", "aria-pressed") == "true"
    wait_bar(page, edited, "mate === 1")
    assert page.get_attribute(".board-overlay", "data-best") == "F6xD5"
    # A proven win in turns (the analysis off, then IN_THREE opened and analysed).
    page.click("#analyse-button")
    page.wait_for_selector('#analyse-button[aria-pressed="false"]')
    page.evaluate("hash => { location.hash = hash; }", fragment(IN_THREE))
    idle(page, IN_THREE)
    page.click("#analyse-button")
    wait_bar(page, IN_THREE, "mate === 3")
    assert page.get_attribute(".eval-bar", "data-proven") == "true"
    assert page.inner_text("#analysis .eval-text") == "White wins in 3 turns"
    assert page.inner_text(".eval-number") == "#3"
    assert page.get_attribute(".board-overlay", "data-best") in IN_THREE_FIRST
    watch.assert_clean()
