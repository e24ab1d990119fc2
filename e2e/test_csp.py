"""The Content Security Policy is strict, and nothing the page does breaks it.

An init script (before any script of the page) records every `securitypolicyviolation`
event; a game the computer plays against itself, a game link, a record, the new-game dialog,
the tools panels (analysis board and attack map, review, editor, puzzles) and both themes
must leave the record empty.
"""

from __future__ import annotations

import re

import pytest

from helpers import STANDARD, idle, moves, new_game, puzzle_list, record_text, some_turns

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # (conftest blocks it elsewhere)

VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push({directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: e.sourceFile});
});
"""


def policy(page) -> dict:
    content = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    return {d.split()[0]: d.split()[1:] for d in re.split(r"\s*;\s*", content.strip()) if d}


def violations(page) -> list:
    return page.evaluate("() => window.__violations")


def test_the_policy_is_strict_and_nothing_violates_it_over_a_game_a_link_a_record_and_both_themes(open_position, page, watch):
    page.add_init_script(VIOLATIONS)
    page.emulate_media(reduced_motion="reduce")
    actions, positions = some_turns(4)
    page = open_position(STANDARD, actions, shows=positions[-1])  # a game link
    p = policy(page)
    assert p["default-src"] == ["'self'"] and p["style-src"] == ["'self'"] and p["img-src"] == ["'self'"]
    assert p["base-uri"] == p["form-action"] == p["object-src"] == ["'none'"]
    assert p["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # Pyodide compiles its WebAssembly
    assert not any("unsafe-inline" in v or "data:" in v for v in p.values())
    # No local relay in the policy that ships: only a development build (build.py
    # --local-relay) or the tests' own copy of dist/ (e2e/relay.py) adds one.
    sources = p["connect-src"]
    assert sources[0] == "'self'" and sources[1:] and all(s.startswith("wss://") for s in sources[1:]), sources
    assert not any("127.0.0.1" in s or "localhost" in s for s in sources), sources
    assert moves(page) == actions
    for _ in range(3):  # auto, light, dark and back
        page.click("#theme-button")
    # A record, through the record dialog.
    text = record_text(actions[:2])
    page.click("#record-button")
    page.wait_for_selector('#record-dialog[open][data-ready="true"]')
    page.fill("#record-text", text)
    page.click("#record-open")
    page.wait_for_selector("#record-dialog:not([open])", state="attached")
    idle(page, positions[1])
    # The tools: the analysis board with its bar and the attack map, a review, the editor, a puzzle.
    page.keyboard.press("a")
    page.wait_for_selector(".eval-bar:not([hidden])")
    page.wait_for_function("() => document.querySelector('.eval-bar').dataset.score")
    page.check("#attack-map")
    page.wait_for_selector(".overlay-attack line", state="attached")
    page.uncheck("#attack-map")
    page.keyboard.press("a")
    page.click("#review-button")
    page.wait_for_selector("#review[data-state=done]", timeout=60_000)
    page.locator("#review .review-graph circle").first.click()
    idle(page, STANDARD)
    page.click("#editor-button")
    page.wait_for_selector('#editor[data-possible="true"]')
    page.click('#editor button[data-tool="."]')
    page.click('#board [data-point="A1"]')
    page.wait_for_selector('#editor[data-possible="false"]')  # a piece short: the verdict says so
    page.click('#editor button[data-tool="t"]')
    page.click('#board [data-point="A1"]')
    page.wait_for_selector('#editor[data-possible="true"]')
    page.click("#editor-play")
    page.wait_for_selector("#editor", state="hidden")
    page.click("#puzzles-button")
    puzzle_list(page)  # the list of all puzzles
    page.wait_for_selector('#puzzles button[data-index="0"]')
    page.click('#puzzles button[data-index="0"]')
    page.wait_for_selector("#puzzles .puzzle-status")
    # The new-game dialog, then a whole game of the computer against itself.
    new_game(page, "computer:beginner", "computer:beginner")
    page.select_option("#watch-speed", "instant")  # the watch bar too; an action at once
    page.wait_for_selector("#result:not([hidden])", timeout=120_000)
    page.click("#theme-button")
    assert violations(page) == []
    watch.assert_clean()
