"""Hostile input to the page: mutated links to the link reader, a one-megabyte damaged save."""

from __future__ import annotations

import json
import random

from helpers import STANDARD, fragment, link, some_turns

from tzaar.facade import call


def _mutations(rng: random.Random, seeds: list[str], count: int) -> list[str]:
    alphabet = "ZATzat.0123456789/_ wb~,@x-%#<>\"'\\\u0663\u00e9"
    out = []
    for _ in range(count):
        text = rng.choice(seeds)
        for _ in range(rng.randint(1, 4)):
            i = rng.randint(0, len(text))
            j = min(len(text), i + rng.randint(0, 8))
            piece = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 5)))
            op = rng.choice(["del", "ins", "rep", "dup"])
            if op == "del":
                text = text[:i] + text[j:]
            elif op == "ins":
                text = text[:i] + piece + text[i:]
            elif op == "rep":
                text = text[:i] + piece + text[j:]
            else:
                text = text[:j] + text[i:j] * rng.randint(1, 3000) + text[j:]
        out.append(text)
    return out


def test_the_link_reader_answers_mutated_links_clearly(ready_page):
    """300 mutated links to the page's own reader: none, a position, a game, or a short message."""
    actions, _ = some_turns(2)
    seeds = [fragment(STANDARD), link(STANDARD, actions).split("index.html", 1)[1], "#" + "~".join(["pass"] * 3)]
    hashes = _mutations(random.Random(13), seeds, 300)
    answers = ready_page.evaluate(
        """async (hashes) => {
             const { parseLink } = await import("./links/address.js");
             return hashes.map((h) => { try { return parseLink(h); } catch (e) { return {kind: "threw", message: String(e)}; } });
           }""",
        hashes,
    )
    kinds = {a["kind"] for a in answers}
    assert kinds <= {"none", "position", "game", "error"}, kinds
    assert "error" in kinds and ("position" in kinds or "game" in kinds)
    for h, a in zip(hashes, answers):
        if a["kind"] == "error":
            assert 0 < len(a["message"]) < 300, (h[:80], a["message"][:400])
        elif a["kind"] in ("position", "game"):
            # what the page accepts, the engine reads (or refuses with a precise error)
            out = call("game", {"start": a.get("position") or a["start"], "actions": a.get("actions", [])})
            assert "result" in out or out["error"]["kind"] in {"PositionError", "ActionError", "IllegalActionError"}, out


def test_mutated_links_leave_the_game_untouched(open_site, wait_engine):
    """A few mutated links opened for real: a red box, a short message, the game as it was."""
    actions, positions = some_turns(2)
    page = open_site(link(STANDARD, actions))
    wait_engine(page)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tzaar.game') || 'null')?.actions?.length === %d" % len(actions))
    before = page.evaluate("() => localStorage.getItem('tzaar.game')")
    bad = ["#" + "Z" * 30000, fragment(STANDARD).replace("w1", "w9") + "~" + "C5xC4," * 500, fragment(STANDARD) + "~C5xC4,\u0663"]
    for hash_ in bad:
        page.evaluate("h => { location.hash = h; }", hash_)
        alert = page.locator("#alert")
        alert.wait_for(state="visible")
        text = alert.inner_text()
        assert "untouched" in text and len(text) < 700, text[:800]
        assert page.evaluate("() => localStorage.getItem('tzaar.game')") == before
        page.click('[data-command="dismiss-alert"]')
        alert.wait_for(state="hidden")


def test_a_one_megabyte_damaged_save_gives_a_small_red_box(open_stored, wait_engine):
    text = json.dumps({"version": "v" * 1_000_000, "start": STANDARD, "actions": []})
    page = open_stored({"tzaar.game": text})
    wait_engine(page)
    alert = page.locator("#alert")
    alert.wait_for(state="visible")
    message = alert.locator(".alert-text").inner_text()
    assert "another format" in message and "characters)" in message and len(message) < 600, message[:800]
    height = alert.evaluate("e => e.getBoundingClientRect().height")
    assert height < 400, height  # was about 320,000 px
    assert page.evaluate("() => localStorage.getItem('tzaar.game.set-aside')") == text
