"""Seeing it: the contrast of the page's colour pairs in both themes (WCAG AA: 4.5:1 for
text, 3:1 for shapes), the side column within the window with a long game on a desktop
and on a phone, the whole board in the window on a first visit, the board and a lesson's
goal in view on a phone, the bad-link box over the board without moving it, a placement tray that
does not jump, hover styles only where the pointer can hover, and the menus of the editor and the
record dialog drawn like the page's other controls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import STANDARD, engine, idle, link, new_game, open_records, puzzle_list

from tzaar.study.lesson_data import LESSONS

PUZZLES = json.loads((Path(__file__).resolve().parents[1] / "web" / "learn" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]

# Colour pairs of the page, read with getComputedStyle: [name, kind, foreground, background],
# each colour given as [selector, CSS property] or ["--variable"]; alpha is composited over
# the background. Text needs 4.5:1, shapes (pieces, icons, lines, rings) 3:1; a piece passes
# with its face or its rim.
CONTRAST = r"""
() => {
  const parse = (text) => {
    text = text.trim();
    let m = text.match(/^rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\)$/);
    if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : +m[4]];
    m = text.match(/^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/);
    if (m) return [m[1] * 255, m[2] * 255, m[3] * 255, m[4] === undefined ? 1 : +m[4]];
    m = text.match(/^#([0-9a-f]{3})$/i);
    if (m) text = "#" + [...m[1]].map((c) => c + c).join("");
    m = text.match(/^#([0-9a-f]{6})$/i);
    if (m) return [parseInt(m[1].slice(0, 2), 16), parseInt(m[1].slice(2, 4), 16), parseInt(m[1].slice(4), 16), 1];
    throw new Error(`colour not read: ${text}`);
  };
  const root = getComputedStyle(document.documentElement);
  const colour = ([what, property]) => {
    if (what.startsWith("--")) return parse(root.getPropertyValue(what));
    const node = document.querySelector(what);
    if (!node) throw new Error(`no ${what}`);
    return parse(getComputedStyle(node)[property]);
  };
  const over = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
  const lum = (c) => {
    const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (fg, bg) => {
    const b = colour(bg);
    const f = over(colour(fg), b);
    const [x, y] = [lum(f), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const panel = ["#turn", "backgroundColor"];
  const plate = [".plate", "fill"];
  const text = [
    ["page text", ["body", "color"], ["--bg"]],
    ["turn title", [".turn-title", "color"], panel],
    ["turn detail", [".turn-detail", "color"], panel],
    ["trios pieces", [".trio-pieces", "color"], panel],
    ["primary button", [".turn-over button.primary", "color"], [".turn-over button.primary", "backgroundColor"]],
    ["tool button", ["#help-button", "color"], ["#help-button", "backgroundColor"]],
    ["current move", ["#moves button[aria-current=true]", "color"], ["#moves button[aria-current=true]", "backgroundColor"]],
    ["board labels", ["#board .label", "fill"], plate],
    ["stack height", ["--badge-text"], ["--badge"]],
    ["losing badge", ["--losing-text"], ["--losing"]],
    ["warning text", ["--capture"], panel], // (a wrong move, a problem, a clock running low)
    ["success text", ["--stack"], panel], // (a puzzle solved, a lesson done)
  ];
  const shapes = [
    ["grid lines", ["#board .grid-lines", "stroke"], plate],
    ["capture ring", ["--capture"], plate],
    ["stacking ring", ["--stack"], plate],
    ["losing ring", ["--losing"], plate],
    ["selection ring", ["--select"], plate],
    ["last turn mark", ["--mark"], plate],
    ["hint", ["--hint"], plate],
  ];
  for (const side of ["white", "black"]) {
    const face = `.face-${side}-lo`;
    shapes.push([`${side} piece`, [face, "stopColor"], plate, [`#board .piece[data-color=${side}] .face`, "stroke"]]);
    shapes.push([`${side} trios icon`, [face, "stopColor"], panel, [`#trios .trio[data-side=${side}] .face`, "stroke"]]);
  }
  const results = [];
  for (const [name, fg, bg] of text) results.push({ name, kind: "text", ratio: ratio(fg, bg), need: 4.5 });
  for (const [name, fg, bg, rim] of shapes) {
    const best = Math.max(ratio(fg, bg), rim ? ratio(rim, bg) : 0);
    results.push({ name, kind: "shape", ratio: best, need: 3 });
  }
  return results;
}
"""


def open_in_theme(open_stored, wait_engine, theme: str):
    """The page in `theme` (stored before it starts), idle at the standard start, its colour
    pairs checked."""
    page = open_stored({"tzaar.theme": json.dumps(theme)})
    wait_engine(page)
    idle(page, STANDARD)
    assert page.get_attribute("html", "data-theme") == theme
    results = page.evaluate(CONTRAST)
    low = [f"{r['name']} {r['ratio']:.2f} < {r['need']}" for r in results if r["ratio"] < r["need"]]
    assert not low, f"{theme}: " + "; ".join(low)
    return page


def test_every_colour_pair_meets_wcag_aa_in_the_light_theme_and_hover_styles_only_where_the_pointer_hovers(open_stored, watch, wait_engine):
    page = open_in_theme(open_stored, wait_engine, "light")
    assert_hover_only_where_the_pointer_hovers(page)
    watch.assert_clean()


def test_every_colour_pair_meets_wcag_aa_in_the_dark_theme_and_the_menus_look_like_the_other_controls(open_stored, watch, wait_engine, page):
    """The editor's and the record dialog's menus (on a phone, in the dark theme) drawn in the
    theme's colours, with the arrow beside the text, not over it."""
    page = open_in_theme(open_stored, wait_engine, "dark")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#editor-button")
    page.wait_for_selector('#editor select[name="editor-step"]')
    menus = {name: page.evaluate(SELECT_LOOKS, f'#editor select[name="{name}"]') for name in ("editor-side", "editor-step")}
    page.click("#editor-button")
    open_records(page)
    menus["record-format"] = page.evaluate(SELECT_LOOKS, "#record-format")
    for name, looks in menus.items():
        assert looks["colours"] == looks["palette"], f"{name}: {looks}"
        assert looks["arrowRoom"] >= 20, f"{name}: the arrow covers the text: {looks}"
        assert looks["textRoom"] >= looks["longest"] - 0.5, f"{name}: the longest option is cut: {looks}"
    watch.assert_clean()


def long_game(turns: int = 30) -> tuple[list[str], str]:
    """A game of `turns` turns from the standard start that is not over: each turn captures
    the kind the opponent has most of, then passes. Returns (actions, last position)."""
    position, actions = STANDARD, []
    while len(actions) < 1 + 2 * (turns - 1):
        view = engine("view", position=position)
        assert not view["winner"], actions
        legal = view["legal"]["actions"]
        other = "black" if view["side"] == "white" else "white"
        if "pass" in legal:
            action = "pass"
        else:
            action = max((a for a in legal if "x" in a), key=lambda a: (view["tops"][other][view["points"][a.split("x")[1]]["type"]], a))
        position = engine("play", position=position, actions=[action])["positions"][-1]
        actions.append(action)
    return actions, position


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height, left: r.left, right: r.right}; }")


def open_long_game_on_a_desktop(open_position, page, language: str):
    """A long game at 1280x800 in `language`: the side column within the window (it scrolls
    itself if its panels do not fit: nothing hidden in it), the move list scrolling in its box
    with the current (last) move in view."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(f"localStorage.setItem('tzaar.language', JSON.stringify({language!r}))")
    actions, last = long_game()
    page = open_position(STANDARD, actions, shows=last)
    side = box(page, ".side")
    for selector in ("#copy-link", "#record-button", ".history-nav", "#turn"):
        b = box(page, selector)
        assert 0 <= b["top"] and b["bottom"] <= min(800, side["bottom"]), (language, selector, b, side)
    assert page.eval_on_selector("#moves", "e => e.scrollHeight > e.clientHeight + 20")
    current = box(page, "#moves button[aria-current=true]")
    moves = box(page, "#moves")
    assert moves["top"] - 1 <= current["top"] and current["bottom"] <= moves["bottom"] + 1
    return page


def test_on_a_desktop_then_on_a_phone_the_move_list_scrolls_and_the_controls_stay_in_sight(open_position, watch, page):
    """English on a desktop; the same page at a phone's size: the list scrolls in its box above
    its controls, and the new-game dialog fits the screen."""
    page = open_long_game_on_a_desktop(open_position, page, "en")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.eval_on_selector("#moves", "e => e.scrollHeight > e.clientHeight + 20")
    page.locator("#record-button").scroll_into_view_if_needed()
    moves, record = box(page, "#moves"), box(page, "#record-button")
    assert moves["height"] <= 0.5 * 844
    assert record["bottom"] <= 844 and moves["top"] >= 0, (moves, record)  # list and controls seen at once
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    width = page.evaluate("() => document.documentElement.clientWidth")
    dialog = page.eval_on_selector("#new-game-dialog", "e => e.getBoundingClientRect().right")
    assert dialog <= width
    for side in ("white", "black"):
        right = page.eval_on_selector(f'#new-game-dialog select[data-player="{side}"]', "e => e.getBoundingClientRect().right")
        assert right <= dialog, (side, right, dialog)
    watch.assert_clean()


def test_in_german_on_a_desktop_the_move_list_scrolls_and_with_the_analysis_open_keeps_four_rows(open_position, watch, page):
    # German (longer words, taller panels) at 1280x800: the tools panel (three rows of
    # buttons, the analysis readout) used to squeeze the move list to one row; now the list
    # keeps about four rows and the side column scrolls to show it with its controls.
    page = open_long_game_on_a_desktop(open_position, page, "de")
    page.keyboard.press("a")
    page.wait_for_selector("#analysis:not([hidden])")
    row = box(page, "#moves li:last-child")["height"]
    assert box(page, "#moves")["height"] >= 3.8 * row, (box(page, "#moves"), row)
    assert page.eval_on_selector("#moves", "e => e.scrollHeight > e.clientHeight + 20")  # it still scrolls itself
    # Scrolled to and measured in one task: the analysis readout grows as its search goes on.
    side, moves, record = page.evaluate("""() => {
        document.querySelector('#record-button').scrollIntoView({block: 'nearest'});
        return ['.side', '#moves', '#record-button'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, height: r.height};
        });
    }""")
    # (within a pixel: scrollIntoView aligns to whole pixels, the boxes have fractions)
    assert side["top"] <= moves["top"] and record["bottom"] <= min(800, side["bottom"]) + 1, (side, moves, record)
    # leaving the analysis gives the side column back its fit: no scrolling, controls in sight
    page.keyboard.press("a")
    page.wait_for_function("() => { const s = document.querySelector('.side'); return s.scrollHeight <= s.clientHeight; }")
    watch.assert_clean()


WINDOWS = {"laptop": (1280, 720), "wide-laptop": (1366, 768), "phone": (390, 844)}


def assert_hover_only_where_the_pointer_hovers(page) -> None:
    """After a tap on a touch screen :hover sticks: every :hover rule sits in @media (hover: hover)."""
    outside = page.evaluate(
        """() => {
          const bad = [];
          const walk = (rules, hover) => {
            for (const rule of rules) {
              if (rule instanceof CSSMediaRule) walk(rule.cssRules, hover || /\\(hover: *hover\\)/.test(rule.conditionText));
              else if (rule.selectorText && rule.selectorText.includes(":hover") && !hover) bad.push(rule.selectorText);
            }
          };
          for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
          return bad;
        }"""
    )
    assert outside == []
    assert page.evaluate("() => [...document.styleSheets].some((s) => [...s.cssRules].some((r) => r.cssText.includes(':hover')))")


# A menu's looks against the theme's: its colours and those of a probe drawn with the palette's
# variables (as the buttons are), the room its padding keeps for the arrow (drawn 9 to 19 px
# from its inner right edge: style.css), and the room for the text against its longest option.
SELECT_LOOKS = """(selector) => {
  const select = document.querySelector(selector);
  const style = getComputedStyle(select);
  const probe = document.createElement("span");
  probe.style.cssText = "position: absolute; background: var(--button); color: var(--text); border: 1px solid var(--button-border)";
  const text = document.createElement("span");
  text.style.cssText = `position: absolute; white-space: pre; font: ${style.font}`;
  document.body.append(probe, text);
  const palette = getComputedStyle(probe);
  const widths = [...select.options].map((option) => {
    text.textContent = option.text;
    return text.getBoundingClientRect().width;
  });
  const looks = {
    colours: [style.backgroundColor, style.color, style.borderTopColor],
    palette: [palette.backgroundColor, palette.color, palette.borderTopColor],
    arrowRoom: parseFloat(style.paddingRight),
    textRoom: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    longest: Math.max(...widths),
  };
  probe.remove();
  text.remove();
  return looks;
}"""


# The visible elements of `selector` that reach past its padding box: [tag and class, right, the box's right].
PAST_ITS_BOX = """
(selector) => {
  const root = document.querySelector(selector), r = root.getBoundingClientRect();
  const right = r.right - parseFloat(getComputedStyle(root).paddingRight) + 1;
  return [...root.querySelectorAll("*")].filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right)
    .map((e) => [`${e.tagName} ${e.className?.baseVal ?? e.className}`, e.getBoundingClientRect().right, right]);
}
"""


def test_in_every_language_the_play_online_panel_fits_its_column_on_a_desktop(open_site, watch, wait_engine, page):
    """The set-up of Play online at 1280x800: its texts, fields and menus (the longest time
    control) within the panel, in each language."""
    wait_engine(open_site())
    page.click("#online-button")
    page.wait_for_selector("#online-create:not([hidden])")
    for language in ["de", "en", "es", "fr", "it", "nl", "pl"]:
        page.select_option("#language", language)
        page.wait_for_function("code => document.documentElement.lang === code", arg=language)
        assert page.evaluate(PAST_ITS_BOX, "#online") == [], language
    watch.assert_clean()


def test_the_long_game_helper_reaches_many_turns():
    actions, last = long_game()
    assert len(engine("game", start=STANDARD, actions=actions)["turns"]) == 30
    assert not engine("view", position=last)["winner"]


# Each button of the top bar, its icon and its name under it: [name, its box, the button's box, overflow].
TOP_BAR = """
() => [...document.querySelectorAll('nav.game-bar button')].map((b) => {
  const span = b.querySelector('span');
  const r = span.getBoundingClientRect(), q = b.getBoundingClientRect();
  return [span.textContent, [r.left, r.top, r.right, r.bottom], [q.left, q.top, q.right, q.bottom], span.scrollWidth > span.clientWidth + 1];
})
"""


def test_on_a_phone_each_top_bar_button_shows_its_name_the_whole_board_is_in_the_window_and_a_lesson_or_a_puzzle_shows_it_and_its_goal(open_site, watch, wait_engine, page):
    """A first visit with Polish kept, on a phone: the top bar's names in every language; then,
    in English, the whole board with the invitation and after it at three sizes; then, on the
    phone, a lesson's and a puzzle's board and goal."""
    # On a phone each top bar button shows its name, in each language: Polish as the page starts
    # in it (the language kept), then each other one switched to on the same page (the language menu).
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('tzaar.language', JSON.stringify('pl'))")
    open_site()
    wait_engine(page)
    for language in ["pl", "en", "de", "es", "fr", "it", "nl"]:
        if language != "pl":
            page.select_option("#language", language)
        page.wait_for_function("code => document.documentElement.lang === code", arg=language)
        buttons = page.evaluate(TOP_BAR)
        assert len(buttons) == 7, language  # New game, Learn, Play online, How to play, sound, theme, flip
        for name, (left, top, right, bottom), (b_left, b_top, b_right, b_bottom), overflow in buttons:
            # a name one can read (not the 1-pixel text of a screen reader only), inside its button
            assert name and right - left >= 15 and bottom - top >= 10 and not overflow, (language, name, right - left, bottom - top)
            assert b_left - 1 <= left and right <= b_right + 1 and b_top <= top and bottom <= b_bottom, (language, name)
            assert 0 <= b_left and b_right <= 390, (language, name)
        boxes = [box for _, _, box, _ in buttons]
        assert all(a[2] <= b[0] or a[3] <= b[1] for a, b in zip(boxes, boxes[1:])), (language, boxes)  # none over the next
        # the language menu beside the brand, over neither of them
        brand = page.eval_on_selector(".brand", "e => e.getBoundingClientRect().right")
        menu = page.eval_on_selector(".language", "e => e.getBoundingClientRect().toJSON()")
        assert brand <= menu["left"] and menu["right"] <= 390 and menu["bottom"] <= min(b[1] for b in boxes), (language, menu)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, language
        # the first visit's invitation to the lessons: its dismiss button beside it, in one row
        invite, dismiss = (box(page, f"#learn-invite button:nth-child({n})") for n in (1, 2))
        assert dismiss["left"] >= invite["right"] and dismiss["top"] < invite["bottom"] and dismiss["right"] <= 390, (language, invite, dismiss)
        # every button has a title too (a long press, a hover), the Learn button's new
        assert all(page.eval_on_selector_all("nav.game-bar button", "bs => bs.map((b) => b.title)")), language
    # The whole board is in the window with the first visit's invitation (in English) and after,
    # at each window's size in turn (the layout is CSS alone): a laptop's, a wider laptop's and a
    # phone's.
    page.select_option("#language", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    idle(page)
    boards = {}
    for name, (width, height) in WINDOWS.items():
        page.set_viewport_size({"width": width, "height": height})
        assert page.is_visible("#learn-invite"), name
        invite, boards[name] = box(page, "#learn-invite"), box(page, "#board")
        assert invite["bottom"] <= boards[name]["top"] and boards[name]["bottom"] <= height, (name, invite, boards[name])
    page.click('[data-command="learn-dismiss"]')
    page.wait_for_selector("#learn-invite", state="hidden")
    for name, (width, height) in WINDOWS.items():
        page.set_viewport_size({"width": width, "height": height})
        after = box(page, "#board")  # the board takes the invitation's room back
        assert after["height"] >= boards[name]["height"] and after["bottom"] <= height, (name, boards[name], after)
    # On a phone, a lesson or a puzzle shows the whole board and its goal.
    assert page.viewport_size == {"width": 390, "height": 844}
    page.click("nav [data-command=learn]")  # the list of lessons is longer than the window
    page.click(f'#lessons button[data-lesson="{LESSONS[0]["id"]}"]')
    idle(page, LESSONS[0]["steps"][0]["position"])
    board, goal = box(page, "#board"), box(page, "#lessons .lesson-goal")
    assert 0 <= board["top"] and goal["bottom"] <= 844, (board, goal)
    page.click('#lessons button[data-lessons="close"]')
    page.click("#puzzles-button")
    puzzle_list(page)  # the list of all 284 puzzles, far below the board
    page.locator('#puzzles button[data-index="200"]').scroll_into_view_if_needed()
    page.click('#puzzles button[data-index="200"]')
    idle(page, PUZZLES[200]["position"])
    assert box(page, "#board")["top"] >= 0
    watch.assert_clean()


def test_on_a_first_visit_a_puzzle_on_a_laptop_shows_the_whole_board_the_invitation_to_the_lessons_waiting_and_a_full_side_column_scrolls_in_itself(open_site, watch, wait_engine, page):
    """While a visit holds the board (a puzzle: the bar "Your game waits for you" above it), the
    first visit's invitation steps aside, so the board stays whole in a laptop's window; back
    to the game, it is there again."""
    page.set_viewport_size({"width": 1280, "height": 800})
    wait_engine(open_site())
    assert page.is_visible("#learn-invite")
    page.click("#puzzles-button")
    puzzle_list(page)
    page.click('#puzzles button[data-index="0"]')
    idle(page, PUZZLES[0]["position"])
    assert page.is_visible("#back-to-game") and page.is_hidden("#learn-invite")
    board = box(page, "#board")
    assert 0 <= board["top"] and board["bottom"] <= 800, board
    page.click("#back-to-game button")
    idle(page, STANDARD)
    assert page.is_visible("#learn-invite")
    # Learn fills the side column: it scrolls in itself, the page stays the window's height.
    page.click("nav [data-command=learn]")
    page.wait_for_selector('#lessons button[data-lesson="moving"]')
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 800
    watch.assert_clean()


def test_the_new_game_dialogs_player_menus_show_their_longest_choice_whole_on_a_desktop_and_on_a_phone(open_site, watch, wait_engine, page):
    """Each player's menu (a person, or the computer at a level: "Computer — Apprentice") wide
    enough for its longest choice, in English, German and Polish, at 1280x800 and 390x844."""
    wait_engine(open_site())
    for language in ["en", "de", "pl"]:
        page.select_option("#language", language)
        page.wait_for_function("code => document.documentElement.lang === code", arg=language)
        for width, height in [(1280, 800), (390, 844)]:
            page.set_viewport_size({"width": width, "height": height})
            page.click("#new-game-button")
            page.wait_for_selector("#new-game-dialog[open]")
            for side in ("white", "black"):
                looks = page.evaluate(SELECT_LOOKS, f'#new-game-dialog select[name="{side}"]')
                assert looks["textRoom"] >= looks["longest"] - 0.5, (language, width, side, looks)
            page.keyboard.press("Escape")
            page.wait_for_selector("#new-game-dialog[open]", state="detached")
    watch.assert_clean()


def test_the_bad_link_box_lies_over_the_board_without_moving_it_and_the_placement_tray_does_not_jump_when_a_piece_is_chosen(open_position, watch, page):
    """The bad link's box; then the tray of a tournament game at a desktop's size and at a
    phone's, on the same page (the layout is CSS alone)."""
    page = open_position(STANDARD)
    before = box(page, "#board")
    page.evaluate("() => { location.hash = '#nonsense'; }")
    page.wait_for_selector("#alert:not([hidden])")
    after = box(page, "#board")
    assert abs(after["top"] - before["top"]) < 0.5, (before, after)
    alert = box(page, "#alert")
    assert alert["top"] < after["bottom"] and alert["bottom"] > after["top"]  # over the board
    page.click('[data-command="dismiss-alert"]')
    page.wait_for_selector("#alert", state="hidden")
    # The placement tray does not jump when a piece is chosen, on a desktop and on a phone.
    for size in [(1280, 800), (390, 844)]:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        new_game(page, "person", "person", setup="tournament")
        page.wait_for_selector("#tray:not([hidden])")
        before = box(page, "#tray")
        assert page.get_attribute('[data-place="tzarra"]', "aria-pressed") != "true", size  # (chosen below, in each game)
        page.click('[data-place="tzarra"]')
        page.wait_for_selector('[data-place="tzarra"][aria-pressed="true"]')
        page.wait_for_function("() => document.querySelector('.turn-detail').textContent.includes('Tzarra')")
        after = box(page, "#tray")
        assert abs(after["top"] - before["top"]) < 0.5, (before, after)
    watch.assert_clean()
