"""Mistakes explained in the page (issue 51): the review says under each mistake and blunder
what the turn allowed and what the better turn achieved, in the language shown, and ends
with the worst first; the analysis board judges a turn tried on it the same way. What an
explanation names is drawn on the board as arrows (one SVG line per action, its data-action,
data-from, data-to and data-role) while the board shows the position after the turn."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import act, shown

from tzaar.rules.position import Position

LANG = Path(__file__).resolve().parents[1] / "web" / "lang"
# White to move takes Black's only Tzaar with F6xD5; G6xG3 pass lets D5xF6 take White's only Tzaar.
IN_ONE = "...../....../.....A./....z.../......../.....Z../..t..T./.a..t./..... w1"
BLUNDER = ["G6xG3", "pass", "D5xF6"]
ENGLISH = (
    "After G6xG3 pass, Black takes your last Tzaar with D5xF6: you have no Tzaar left. "
    "F6xD5 would have taken Black's last Tzaar and won at once."
)


def texts(code: str) -> dict:
    return json.loads((LANG / f"{code}.json").read_text(encoding="utf-8"))


def arrows(page) -> list:
    """The explanation's arrows on the board: (role, action, from, to) of each."""
    return page.eval_on_selector_all(
        ".board-overlay line.arrow-explain",
        "lines => lines.map(l => [l.dataset.role, l.dataset.action, l.dataset.from, l.dataset.to])",
    )


# The blunder's explanation names Black's D5xF6 (what it allowed) and White's F6xD5 (the better turn).
EXPLAINED = [["allowed", "D5xF6", "D5", "F6"], ["better", "F6xD5", "F6", "D5"]]


def test_the_review_explains_the_blunder_in_english_and_in_german(open_position, watch):
    final = Position.from_text(IN_ONE).play(BLUNDER).text()
    page = open_position(IN_ONE, BLUNDER, shows=final)
    page.click("#review-button")
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    note = page.locator('#review .review-notes li[data-turn="1"]')
    assert note.locator(".review-note").inner_text().startswith("1. White G6xG3 pass: blunder")
    assert note.locator(".review-why").inner_text() == ENGLISH
    assert page.inner_text("#review .review-summary p") == "The worst first:"
    assert page.locator("#review .review-summary li").all_inner_texts() == ["1. White: blunder, −100 points"]
    # (each line names its turn's number: no number of the list's own before it, "1. 1. White")
    assert page.eval_on_selector("#review .review-summary ol", "e => getComputedStyle(e).listStyleType") == "none"
    # the board shows the game's end: no arrows; "Show on the board" goes to the position after
    # the blunder and draws what its explanation names
    assert arrows(page) == []
    note.locator("button.review-show").click()
    page.wait_for_function("() => window.tzaar.state.cursor === 2")
    page.wait_for_selector(".board-overlay line.arrow-explain", state="attached")  # (a vertical arrow's box is 0 wide: "hidden" to Playwright)
    assert arrows(page) == EXPLAINED
    page.click("#moves button[data-move] >> nth=-1")
    page.wait_for_function("() => !document.querySelector('.board-overlay line.arrow-explain')")
    # the same review, read in German
    de = texts("de")
    page.select_option("#language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    side, other = de["side.white"], de["side.black"]
    expected = (  # (the German forms for a Tzaar: the texts select theirs by the piece type)
        de["review.why.takesLast"]["tzaar"].format(played="G6xG3 pass", by=other, capture="D5xF6")
        + " "
        + de["review.why.winsType"]["tzaar"].format(capture="F6xD5", by=other)
    )
    page.wait_for_function("text => document.querySelector('#review .review-why').innerText === text", arg=expected)
    assert "Schwarz" in expected and "deinen letzten Tzaar" in expected and "After" not in expected
    assert page.inner_text("#review .review-summary p") == de["review.worst"]
    item = de["review.worstItem"]["other"].format(number=1, side=side, mark=de["review.blunder"], n=100)
    assert page.locator("#review .review-summary li").all_inner_texts() == [item]
    watch.assert_clean()


def test_the_analysis_board_explains_a_turn_tried_on_it(open_position, watch):
    page = open_position(IN_ONE)
    page.keyboard.press("a")  # the analysis board
    act(page, "G6xG3")
    act(page, "pass")
    assert shown(page) == Position.from_text(IN_ONE).play(BLUNDER[:2]).text()
    page.wait_for_selector('#analysis .eval-why[data-judged="G6xG3 pass"]', timeout=60_000)
    assert page.inner_text("#analysis .eval-why strong").startswith("1. White G6xG3 pass: blunder")
    assert page.inner_text("#analysis .eval-why span") == ENGLISH
    assert arrows(page) == EXPLAINED
    # a turn that is the engine's own is no mistake: nothing is said, no arrow drawn
    act(page, "D5xF6")
    page.wait_for_selector('#analysis .eval-why[data-judged="D5xF6"]', state="attached", timeout=60_000)
    assert page.is_hidden("#analysis .eval-why")
    assert arrows(page) == []
    watch.assert_clean()
