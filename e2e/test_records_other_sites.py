"""Records of other sites in the page: a real LittleGolem record opened (pasted, chosen as a
file, dropped) and replayed to its end; a broken one says where and why, and the game stays."""

from __future__ import annotations

from pathlib import Path

from helpers import STANDARD, engine, idle, link, moves, paste_record, shown

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "lg-2558925.sgf"


def open_records(page):
    page.click("#record-button")
    page.wait_for_selector('#record-dialog[open][data-ready="true"]')
    return page.locator("#record-dialog")


def the_game():
    text = RECORD.read_text()
    game = engine("record_open", text=text)
    final = engine("game", start=game["start"], actions=game["actions"])["view"]
    return text, game, final


def test_a_broken_littlegolem_record_says_the_turn_and_why_and_a_good_one_pasted_chosen_or_dropped_replays_to_its_end(open_position, watch):
    text, game, final = the_game()
    page = open_position(STANDARD)
    dialog = open_records(page)
    # A broken record says the turn and why, and the game stays.
    paste_record(dialog, text.replace("W[qopp-nppp]", "W[qopp-npqq]"))
    page.wait_for_function("() => document.querySelector('#record-error').textContent.includes('turn 7')")
    message = dialog.locator("#record-error").inner_text()
    assert "line 1" in message and "D4-G1 is illegal" in message
    assert shown(page) == STANDARD and moves(page) == []
    # The record itself, pasted: replayed to its end.
    paste_record(dialog, text)
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, final["position"])
    assert moves(page) == game["actions"] and len(game["actions"]) == 53
    assert final["winner"] == "white"
    page.wait_for_selector("#result:not([hidden])")
    # A new game, then the file chosen.
    page.click("#new-game-button")
    page.click('[data-command="start-game"]')
    idle(page, STANDARD)
    open_records(page)
    page.set_input_files("#record-file", str(RECORD))
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, final["position"])
    assert moves(page) == game["actions"]
    # back to a new game, then the same file dropped on the dialog
    page.click("#new-game-button")
    page.click('[data-command="start-game"]')
    idle(page, STANDARD)
    open_records(page)
    page.evaluate(
        """(text) => {
            const data = new DataTransfer();
            data.items.add(new File([text], "game2558925.sgf", { type: "text/plain" }));
            const dialog = document.querySelector("#record-dialog");
            dialog.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
            dialog.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
        }""",
        text,
    )
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, final["position"])
    assert moves(page) == game["actions"]
    watch.assert_clean()


def test_a_game_is_written_as_a_littlegolem_record_and_read_back(open_position, watch):
    _, game, final = the_game()
    page = open_position(game["start"], game["actions"], shows=final["position"])
    dialog = open_records(page)
    assert dialog.get_attribute("data-format") == "tzaar"
    dialog.locator("#record-format").select_option("littlegolem")
    page.wait_for_selector('#record-dialog[data-format="littlegolem"]')
    text = dialog.locator("#record-text").input_value()
    assert text == engine("record_export", start=game["start"], actions=game["actions"], format="littlegolem")["text"]
    assert text.startswith("(;FF[TZAAR]POS[")
    assert dialog.locator("#record-download").inner_text() == "Download .sgf"
    with page.expect_download() as download:
        dialog.locator("#record-download").click()
    assert download.value.suggested_filename.endswith(".sgf")
    # the text opens again as the same game
    dialog.locator("#record-open").click()
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, final["position"])
    assert moves(page) == game["actions"]
    # back to our format: .txt again
    dialog = open_records(page)
    dialog.locator("#record-format").select_option("tzaar")
    page.wait_for_selector('#record-dialog[data-format="tzaar"]')
    assert dialog.locator("#record-text").input_value().startswith("# TZAAR game record")
    assert dialog.locator("#record-download").inner_text() == "Download .txt"
    watch.assert_clean()


def test_a_game_that_cannot_be_a_littlegolem_record_says_why(open_site, watch, wait_engine):
    tournament = "...../....../......./......../......../......../......./....../..... w0"
    page = open_site(link(tournament, ["Z@C3"]))
    wait_engine(page)
    dialog = open_records(page)
    dialog.locator("#record-format").select_option("littlegolem")
    page.wait_for_function("() => !document.querySelector('#record-error').hidden")
    assert "starts with all 60 pieces" in dialog.locator("#record-error").inner_text()
    assert dialog.locator("#record-text").input_value() == ""
    watch.assert_clean()
