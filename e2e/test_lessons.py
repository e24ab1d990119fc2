"""The lessons in the page: loaded on first use, the first visit's invitation, every lesson
completed by its intended actions (the page playing the defence), a wrong action's reason
and the step again, the hint, the ticks kept, the way from How to play, the lessons in
another language; and your games against the computer: kept, tallied, exported, reviewed,
cleared."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import act, idle

from tzaar.study.lesson_data import LESSONS

EN = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "en.json").read_text(encoding="utf-8"))
LESSON_FILES = {"lessons.js", "lessons.css"}


def open_lessons(page):
    page.click("nav [data-command=learn]")
    page.wait_for_selector(f'#lessons button[data-lesson="{LESSONS[-1]["id"]}"]')


def open_step(page, lesson: str, n: int) -> None:
    page.wait_for_selector(f'#lessons[data-lesson="{lesson}"][data-step="{n}"][data-status="playing"]')
    idle(page, LESSONS_BY_ID[lesson]["steps"][n]["position"])


def start_lesson(page, lesson: str) -> None:
    """From the lessons' list (opened by Learn), the first step of `lesson`, ready to play."""
    page.click(f'#lessons button[data-lesson="{lesson}"]')
    open_step(page, lesson, 0)


LESSONS_BY_ID = {lesson["id"]: lesson for lesson in LESSONS}


def judged(page) -> None:
    """Wait until the lesson has judged every action shown (and played its defence)."""
    page.wait_for_function(
        "() => document.querySelector('#lessons').dataset.checked === String(window.tzaar.state.actions.length)"
    )
    idle(page)


def test_a_plain_load_fetches_no_lesson_file_and_the_invitation_is_dismissed_for_good(page, open_site, watch, wait_engine):
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0].rsplit("/", 1)[-1]))
    open_site()
    wait_engine(page)
    idle(page)
    page.wait_for_load_state("networkidle")
    assert not LESSON_FILES & set(requested)
    assert page.is_visible("#learn-invite") and page.text_content("#learn-invite button") == EN["lessons.invite"]
    page.click('[data-command="learn-dismiss"]')
    assert page.is_hidden("#learn-invite")
    page.reload()
    wait_engine(page)
    assert page.is_hidden("#learn-invite")
    assert not LESSON_FILES & set(requested)
    # The Learn button loads them, and the list has every lesson with its data-lesson.
    open_lessons(page)
    assert LESSON_FILES <= set(requested)
    ids = page.eval_on_selector_all("#lessons button[data-lesson]", "bs => bs.map(b => b.dataset.lesson)")
    assert ids == [lesson["id"] for lesson in LESSONS]
    assert page.text_content('#lessons button[data-lesson="moving"]') == EN["lessons.moving.title"]
    watch.assert_clean()


# Every click the game refuses on a position, with refusal.js's reason (null: none):
# [the stack selected or null, the point, the reason's key]. The view's legal actions are the engine's.
REFUSED = """
async () => {
  const { refusalOf } = await import(new URL("learn/refusal.js", document.baseURI).href);
  const { POINTS } = await import(new URL("board/notation.js", document.baseURI).href);
  const view = window.tzaar.state.view;
  const sources = new Set([...Object.keys(view.legal.captures), ...Object.keys(view.legal.stacks)]);
  const out = [];
  for (const from of [null, ...sources]) {
    const targets = new Set(from ? [...(view.legal.captures[from] ?? []), ...(view.legal.stacks[from] ?? [])] : []);
    for (const { name } of POINTS) {
      if (name === from || sources.has(name) || targets.has(name)) continue; // lets go, selects or plays
      out.push([from, name, refusalOf(view, from, name)?.key ?? null]);
    }
  }
  return out;
}
"""


def test_every_lesson_is_completed_by_its_intended_actions_and_ticked_and_every_refused_click_has_a_reason(page, open_site, watch, wait_engine):
    """Every step of every lesson played by its solution; at each step, before it, every click
    the game refuses there has a reason (refusal.js)."""
    kinds = set()
    open_site()
    wait_engine(page)
    page.click("#learn-invite button[data-command=learn]")  # the invitation opens them too
    page.wait_for_selector('#lessons button[data-lesson="moving"]')
    assert page.is_hidden("#learn-invite")
    page.click('#lessons button[data-lesson="moving"]')
    for k, lesson in enumerate(LESSONS):
        for n, step in enumerate(lesson["steps"]):
            open_step(page, lesson["id"], n)
            assert page.text_content("#lessons .lesson-goal") == EN[f"lessons.{lesson['id']}.{n}"]
            refused = page.evaluate(REFUSED)
            assert refused and all(key for _, _, key in refused), [r for r in refused if not r[2]]
            kinds |= {key for _, _, key in refused}
            for action in step["solution"]:
                act(page, action)
                judged(page)  # and the defence played, if any (the endgame)
            last = n + 1 == len(lesson["steps"])
            page.wait_for_selector(f'#lessons[data-status="{"finished" if last else "done"}"]')
            assert page.text_content("#lessons .lesson-status") == EN["lessons.finished" if last else "lessons.done"]
            page.click('#lessons [data-lessons="next"]')
    # After the last lesson, the list: every lesson ticked, and kept in the browser.
    page.wait_for_selector('#lessons button[data-lesson="moving"][data-done="true"]')
    assert page.eval_on_selector_all("#lessons button[data-lesson]", "bs => bs.every(b => b.dataset.done === 'true')")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.lessons.done'))")
    assert sorted(kept) == sorted(lesson["id"] for lesson in LESSONS)
    assert {f"lessons.refused.{k}" for k in ("taller", "notInReach", "empty", "choose", "noCapture", "captureFirst")} <= kinds, kinds
    assert all(k in EN for k in kinds)
    watch.assert_clean()


def test_the_lessons_speak_the_language_shown_how_to_play_leads_to_them_and_a_lesson_judges_wrong_winning_and_refused_actions(page, open_site, watch, wait_engine):
    """One page, the lessons in turn: they speak the language shown (German saved, then Polish);
    in English, How to play leads to them; a wrong action gets its reason, then the step again,
    and the hint marks the stack; a win that is not the step's goal is acknowledged as a win; a
    lesson (a game between two people) is not kept with your games; every refused click says
    why, in English and in German."""
    de = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "de.json").read_text(encoding="utf-8"))
    page.add_init_script("localStorage.setItem('tzaar.language', JSON.stringify('de'))")
    open_site()
    wait_engine(page)
    # The lessons speak the language shown: a visit with German saved.
    assert page.text_content("#learn-invite button") == de["lessons.invite"]
    open_lessons(page)
    assert page.text_content('#lessons button[data-lesson="pass"]') == de["lessons.pass.title"]
    start_lesson(page, "moving")
    assert page.text_content("#lessons .lesson-goal") == de["lessons.moving.0"]
    assert page.text_content("#moves li.start button") == de["start.lesson"]  # not "standard setup"
    assert page.text_content("#lessons .lesson-step") == "Schritt 1 von 2"
    # A switch to Polish re-renders the lesson's texts.
    page.select_option("#language", "pl")
    pl = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "pl.json").read_text(encoding="utf-8"))
    page.wait_for_function("text => document.querySelector('#lessons .lesson-goal').textContent === text", arg=pl["lessons.moving.0"])
    # Back to English, the lesson left and the panel closed.
    page.select_option("#language", "en")
    page.click('#lessons [data-lessons="list"]')
    page.click("#lessons .lessons-close")
    page.wait_for_selector("#lessons", state="hidden")
    page.click("#help-button")
    page.wait_for_selector("#help-dialog[open] #help-learn")
    assert page.text_content("#help-learn") == EN["lessons.invite"]
    # It tells of the puzzles too, in the language shown.
    plain = lambda text: text.replace("*", "")  # noqa: E731 (the rich text's marks)
    assert page.text_content("#help-puzzles") == plain(EN["help.puzzles"])
    page.keyboard.press("Escape")
    page.select_option("#language", "de")
    de = json.loads((Path(__file__).resolve().parents[1] / "web" / "lang" / "de.json").read_text(encoding="utf-8"))
    page.wait_for_function("text => document.querySelector('#help-puzzles').textContent === text", arg=plain(de["help.puzzles"]))
    page.select_option("#language", "en")
    page.wait_for_function("text => document.querySelector('#help-puzzles').textContent === text", arg=plain(EN["help.puzzles"]))
    page.click("#help-button")
    page.wait_for_selector("#help-dialog[open] #help-learn")
    page.click("#help-learn")
    page.wait_for_selector('#lessons:not([hidden]) button[data-lesson="moving"]')
    assert page.is_hidden("#help-dialog")
    # Closing the panel leaves the lessons.
    page.click("#lessons .lessons-close")
    assert page.is_hidden("#lessons")
    # A wrong action: its reason, then the step again; the hint.
    open_lessons(page)
    start_lesson(page, "stacking")
    step = LESSONS_BY_ID["stacking"]["steps"][0]
    act(page, "pass")  # a pass makes no stack: the goal, and what the pass did instead
    page.wait_for_selector('#lessons[data-status="wrong"]')
    said = " ".join([EN["lessons.goal.stack"].replace("{height}", "2"), EN["lessons.did.pass"]])
    assert page.text_content("#lessons .lesson-status") == said
    # The step again, its reason still shown.
    page.wait_for_selector('#lessons[data-status="again"]')
    idle(page, step["position"])
    assert page.text_content("#lessons .lesson-status") == said
    # The hint marks the stack to move and where.
    source, target = step["hint"].split("-")
    page.click('#lessons [data-lessons="hint"]')
    page.wait_for_selector(f'#board [data-point="{source}"][data-hint="from"]')
    assert page.get_attribute(f'#board [data-point="{target}"]', "data-hint") == "to"
    # Another way to the goal counts too: here, the author's.
    act(page, step["solution"][0])
    page.wait_for_selector('#lessons[data-status="done"]')
    # A reason with values: the moving lesson's second step, blocked by the Tott in the way.
    page.click('#lessons [data-lessons="list"]')
    start_lesson(page, "moving")
    act(page, "C2xC6")
    page.wait_for_selector('#lessons[data-status="done"]')
    page.click('#lessons [data-lessons="next"]')
    open_step(page, "moving", 1)
    act(page, "C2xC4")
    page.wait_for_selector('#lessons[data-status="wrong"]')
    assert page.text_content("#lessons .lesson-status") == (
        "The goal: take the stack on G4. C2xC4 took the Tott on C4 instead. After it, no rest of this turn reaches the goal.")
    # A win that is not the step's goal.
    page.click('#lessons [data-lessons="list"]')
    start_lesson(page, "stacking")
    act(page, "G1xI1")  # the step asks for a stacking; this takes Black's only Tzaar
    page.wait_for_selector('#lessons[data-status="done"]')
    assert page.text_content("#lessons .lesson-status") == " ".join([EN["lessons.reason.wonType"].replace("{type}", "Tzaar"), EN["lessons.done"]])
    assert page.is_visible('#lessons [data-lessons="next"]')
    # A lesson won is a game between two people: not kept.
    page.click('#lessons [data-lessons="list"]')
    start_lesson(page, "types")
    act(page, LESSONS_BY_ID["types"]["steps"][0]["solution"][0])  # a win, between two people
    page.wait_for_selector('#lessons[data-status="done"]')
    page.wait_for_selector("#result:not([hidden])")
    assert kept(page) == []
    # Every refused click says why.
    page.click('#lessons [data-lessons="list"]')
    start_lesson(page, "height")  # B3: a Tott of height 1; D5: a black Tzarra of height 2
    status = "#lessons .lesson-status"
    page.click('#board [data-point="B3"]')
    page.wait_for_selector('#board [data-point="B3"][data-selected="true"]')
    page.click('#board [data-point="D5"]')  # the very mistake the lesson is about
    page.wait_for_selector('#lessons[data-status="refused"]')
    assert page.text_content(status) == "A stack takes only a stack no taller than itself: D5 is 2 high, B3 is 1."
    page.wait_for_selector('#board [data-point="B3"]:not([data-selected])')  # (the board is drawn on its next frame)
    # A stack that cannot move, a stack of the other side, an empty point: each says why.
    for point, key in (("A1", "noCapture"), ("D5", "whiteToMove"), ("C4", "choose")):
        page.click(f'#board [data-point="{point}"]')
        page.wait_for_function("text => document.querySelector('#lessons .lesson-status').textContent === text",
                               arg=EN[f"lessons.refused.{key}"].replace("{point}", point))
    # A legal action clears it, and the lesson judges on.
    act(page, "D2xD5")
    page.wait_for_selector('#lessons[data-status="done"]')
    # In German too.
    page.select_option("#language", "de")
    page.click('#lessons [data-lessons="retry"]')
    open_step(page, "height", 0)
    page.click('#board [data-point="B3"]')
    page.wait_for_selector('#board [data-point="B3"][data-selected="true"]')
    page.click('#board [data-point="D5"]')
    page.wait_for_selector('#lessons[data-status="refused"]')
    assert page.text_content(status) == (
        "Ein Stapel schlägt nur einen Stapel, der nicht höher ist als er selbst: D5 ist 2 hoch, B3 ist 1 hoch.")
    watch.assert_clean()


# --- your games --------------------------------------------------------------------------------

# White to move takes Black's only Tzaar with F6xD5 (as in e2e/test_analysis_panel.py).
IN_ONE = "...../....../.....A./....z.../......../.....Z../..t..T./.a..t./..... w1"


def kept(page) -> list:
    return page.evaluate("() => JSON.parse(localStorage.getItem('tzaar.games') ?? '[]')")


def test_a_finished_game_against_the_computer_is_kept_tallied_exported_reviewed_and_cleared(page, open_stored, watch, wait_engine):
    save = {"version": 1, "start": IN_ONE, "shown": IN_ONE, "setup": "link", "seed": None, "actions": [], "cursor": 0,
            "players": {"white": "person", "black": "computer:beginner"}}
    open_stored({"tzaar.game": json.dumps(save)})  # the bare address opens the saved game
    wait_engine(page)
    idle(page, IN_ONE)
    act(page, "F6xD5")
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tzaar.games') ?? '[]').length === 1")
    [entry] = kept(page)
    assert {k: entry[k] for k in ("level", "colour", "result", "turns", "actions", "winner")} == {
        "level": "beginner", "colour": "white", "result": "won", "turns": 1, "actions": ["F6xD5"], "winner": "white"}
    assert entry["reason"] == {"code": "lost-type", "type": "tzaar"}
    # A reload brings the finished game back: it is not kept twice.
    page.reload()
    wait_engine(page)
    idle(page)
    open_lessons(page)
    page.wait_for_selector('#your-games[data-count="1"]')
    assert page.text_content("#your-games .games-tally") == "Beginner: 1 won, 0 lost."
    line = page.text_content('#your-games button[data-game="0"]')
    assert line == f"{entry['date']} · Beginner · White · 1 turn · won (Black has no Tzaar left)"
    assert len(kept(page)) == 1
    # Export: every game's record in one file.
    with page.expect_download() as download:
        page.click('#your-games [data-games="export"]')
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("# TZAAR game record") and "F6xD5" in text and "computer beginner" in text
    # Clearing asks first; Cancel keeps them.
    page.click('#your-games [data-games="clear"]')
    page.wait_for_selector("#your-games .games-confirm:not([hidden])")
    page.click('#your-games [data-games="no"]')
    assert len(kept(page)) == 1
    # A game opens in the review.
    page.click('#your-games button[data-game="0"]')
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    assert page.evaluate("() => window.tzaar.state.actions") == ["F6xD5"]
    page.click("nav [data-command=learn]")
    page.wait_for_selector('#your-games[data-count="1"]:not([hidden])')
    page.click('#your-games [data-games="clear"]')
    page.click('#your-games [data-games="yes"]')
    page.wait_for_selector('#your-games[data-count="0"]')
    assert kept(page) == [] and page.text_content("#your-games .games-tally") == EN["games.none"]
    # A game kept without its reason (a backup may hold one) says the result alone.
    page.evaluate("(g) => localStorage.setItem('tzaar.games', JSON.stringify([g]))", {**entry, "reason": None})
    page.reload()
    wait_engine(page)
    idle(page)
    open_lessons(page)
    page.wait_for_selector('#your-games[data-count="1"]')
    assert page.text_content('#your-games button[data-game="0"]') == f"{entry['date']} · Beginner · White · 1 turn · won"
    watch.assert_clean()
