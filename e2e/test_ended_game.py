"""A game that ended outside the rules (a player out of time, a resignation): a record that
says so opens with the result box and the move list saying it, keeps it in its own export
(ours and LittleGolem's) and across a reload; a new action after an undo clears it."""

from __future__ import annotations

from helpers import STANDARD, act, engine, idle, moves, open_records, paste_record, some_turns


def test_a_malformed_end_says_why_and_a_record_ended_on_time_shows_keeps_and_exports_its_end(open_position, watch, wait_engine):
    actions, positions = some_turns(3)  # then White is to move
    text = "# TZAAR game record\nResult: Black wins (White ran out of time)\nStart: standard\n1. " + actions[0] + "\n2. " + " ".join(actions[1:3]) + "\n"
    page = open_position(STANDARD)
    dialog = open_records(page)
    # A malformed end: after White's first action Black is to move, and White cannot run out of time.
    paste_record(dialog, f"# TZAAR game record\nResult: Black wins (White ran out of time)\nStart: standard\n1. {actions[0]}\n")
    page.wait_for_function("() => document.querySelector('#record-error').textContent.includes('Black was to move')")
    assert page.evaluate("() => window.tzaar.state.actions") == []
    # The record ended on time, pasted into the same dialog.
    paste_record(dialog, text)
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, positions[2])
    assert moves(page) == actions[:3]
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .result-reason") == "White ran out of time"
    assert page.get_attribute("#result", "data-winner") == "black"
    assert page.inner_text("#history .moves-end") == "White ran out of time"
    assert page.evaluate("() => window.tzaar.state.end") == {"reason": "timeout", "loser": "white"}
    # Its record says so again, in both formats.
    dialog = open_records(page)
    assert "Result: Black wins (White ran out of time)" in dialog.locator("#record-text").input_value()
    dialog.locator("#record-format").select_option("littlegolem")
    page.wait_for_function("() => document.querySelector('#record-text').value.includes('RE[B+T]')")
    dialog.locator("#record-format").select_option("tzaar")
    dialog.locator('button[value="close"]').click()
    # A reload keeps the end (the save holds it).
    page.reload()
    wait_engine(page)
    idle(page, positions[2])
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .result-reason") == "White ran out of time"
    # Back one action: the result box goes (the end stays the game's, under its moves); another
    # action played there: the game goes on, the end is gone.
    page.click('[data-command="undo"]')
    idle(page, positions[1])
    assert page.is_hidden("#result") and page.inner_text("#history .moves-end") == "White ran out of time"
    other = next(a for a in engine("view", position=positions[1])["legal"]["actions"] if a != actions[2])
    act(page, other)
    assert page.is_hidden("#history .moves-end") and page.evaluate("() => window.tzaar.state.end") is None
    watch.assert_clean()
