"""The page in seven languages (web/page/i18n.js, web/lang/*.json).

- A first visit follows the browser's languages (navigator.languages) and sets <html lang>;
  a language the page does not have falls back to English. The web app manifest follows the
  language shown.
- The menu in the top bar switches the language at once (every text re-rendered from the
  state), and the choice is saved with the settings across a reload; a proven result is said
  in the language shown.
- No text is left out: the same walk through the page (every panel and dialog, a selected
  stack, a bad link, the placement tray, a losing stacking, the end of a game, the analysis
  board with its attack map, a review, a puzzle failed, the position editor) is read in
  English and in another language, and every text node and aria-label / title / placeholder
  / aria-description still in English in the other language fails the test, except the
  notation, the piece names, numbers and the texts that the language's own file writes the
  same as English ("Standard", "Computer (…)").

Each page start costs seconds of CPU: one German first visit runs the switching checks in
turn, and the English walk reads the fallback page of a first visit in Japanese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from site_serving import ENGINE_TIMEOUT_MS, PageWatch, origin_of, wait_engine
from helpers import LAST_TZAAR, act, fragment, idle, puzzle_list

from tzaar.rules.position import Position

LANG = Path(__file__).resolve().parents[1] / "web" / "lang"
PUZZLE = json.loads((Path(__file__).resolve().parents[1] / "web" / "learn" / "puzzles.json").read_text())["puzzles"][0]
WRONG = next(a.text() for a in Position.from_text(PUZZLE["position"]).legal_actions() if a.text() != PUZZLE["answer"])
EMPTY_BOARD = "...../....../......./......../......../......../......./....../..... w0"


def texts(code: str) -> dict:
    return json.loads((LANG / f"{code}.json").read_text(encoding="utf-8"))


@pytest.fixture
def open_in(browser, site_url):
    """open_in(locale, path=""): a page of a fresh context with that browser language."""
    contexts = []
    watches = []

    def open_(locale: str, path: str = ""):
        context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
        contexts.append(context)
        page = context.new_page()
        watch = PageWatch(origin_of(site_url))
        watch.attach(page)
        watches.append(watch)
        page.goto(site_url + path)
        wait_engine(page)
        idle(page)
        return page

    yield open_
    for watch in watches:
        watch.assert_clean()
    for context in contexts:
        context.close()


def switch(page, code: str) -> None:
    page.select_option("#language", code)
    page.wait_for_function("code => document.documentElement.lang === code", arg=code)


# Black to move wins in 5 turns (e2e/test_proof.py BLACK_WINS): the hint asks the solver.
BLACK_WINS = "....z2/..t.../......./T......a/Ta2Z.Z2.t./A.T...../T...A../.....t/..T.. b1"


def test_a_first_visit_follows_the_browser_language_and_switching_renders_again_and_is_saved(open_in):
    """A first visit in German; the manifest in German; switched to Polish, saved over a reload;
    a proven result said in German, then in Polish; switched to English, the manifest too."""
    de, pl = texts("de"), texts("pl")
    page = open_in("de-DE")
    assert page.get_attribute("html", "lang") == "de"
    assert page.input_value("#language") == "de"
    assert page.text_content("#new-game-button span") == de["game.newGame"]
    assert page.text_content(".turn-title") == de["turn.capture"].replace("{side}", de["side.white"])
    assert page.get_attribute("#board", "aria-label") == de["board.label"]
    assert page.get_attribute('#board [data-point="E5"]', "aria-label").startswith("E5, ")
    assert "Tott" in page.get_attribute('#board [data-point="E5"]', "aria-label")
    assert page.text_content(".trio[data-side=black] .trio-player") == f"Computer ({de['level.novice']})"  # the first visit's opponent
    # The option labels are each language's own name.
    names = page.eval_on_selector_all("#language option", "os => os.map(o => o.textContent)")
    assert names == ["Deutsch", "English", "Español", "Français", "Italiano", "Nederlands", "Polski"]
    # Only the language's own file is fetched (not English's too).
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
    assert [path.rsplit("/", 1)[-1] for path in fetched if "/lang/" in path] == ["de.json"]
    # The web app manifest follows the language.
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.de.webmanifest") and manifest["errors"] == []
    assert json.loads(manifest["data"])["description"] == de["manifest.description"]
    # Switched to Polish: everything drawn again, and the choice saved.
    page.click("#editor-button")  # the tools load on first use; their elements are made once
    page.wait_for_selector("#editor:not([hidden])")
    page.click("#editor-button")
    page.wait_for_selector("#editor[hidden]", state="attached")
    page.click('#board [data-point="A5"]')  # a selection: the turn panel's text depends on the state
    page.wait_for_selector('#board [data-point="A5"][data-selected="true"]')
    switch(page, "pl")
    assert page.text_content("#new-game-button span") == pl["game.newGame"]
    assert page.text_content(".turn-title") == pl["turn.capture"].replace("{side}", pl["side.white"])
    assert page.text_content(".turn-detail").startswith("Wybrano A5: 1 bicie.")
    assert page.text_content("#trios .panel-title") == pl["trios.title"]
    assert page.text_content("#moves .start button") == pl["start.standard"]
    assert page.get_attribute('#board [data-point="A5"]', "aria-description") == pl["board.selected"]
    # The tools' own elements (built once by their modules) follow the switch too.
    assert page.text_content("#analyse-button") == pl["analysis.button"]
    assert page.get_attribute("#puzzles-button", "title") == pl["puzzles.button.title"]
    assert page.text_content('#editor select[name="editor-step"] option[value="0"]') == pl["editor.step0"]
    assert page.evaluate("localStorage.getItem('tzaar.language')") == '"pl"'
    page.reload()
    wait_engine(page)
    idle(page)
    assert page.get_attribute("html", "lang") == "pl"
    assert page.input_value("#language") == "pl"
    assert page.text_content("#new-game-button span") == pl["game.newGame"]
    # Polish plural forms: 30 pieces is "pionów" (many), not "piony" (few).
    assert page.text_content(".trio[data-side=white] .trio-pieces") == "30 pionów"

    # A proven result is said in the language shown: German, then Polish.
    switch(page, "de")
    page.evaluate("hash => { location.hash = hash; }", fragment(BLACK_WINS))
    idle(page, BLACK_WINS)
    page.click('[data-action="hint"]')
    page.wait_for_selector('#board [data-hint="to"]', timeout=30_000)
    text = page.inner_text("#hint-text")
    assert text.startswith("Tipp: ") and text.endswith(" · Schwarz gewinnt in 5 Zügen"), text
    switch(page, "pl")
    text = page.inner_text("#hint-text")
    assert text.startswith("Podpowiedź") and text.endswith(" · Czarne wygrywają w 5 turach"), text

    # Switched to English, the manifest follows.
    switch(page, "en")
    page.wait_for_function("() => document.querySelector('link[rel=manifest]').getAttribute('href') === 'manifest.webmanifest'")
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []


# --- nothing left in English ------------------------------------------------------------------

COLLECT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("script, style, textarea, #language")) continue;
    const text = node.data.replace(/\\s+/g, " ").trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [aria-description]")) {
    for (const name of ["aria-label", "title", "placeholder", "aria-description"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  const meta = document.querySelector('meta[name="description"]');
  if (meta) out.push(meta.content);
  return out;
}"""

# The same in every language: the notation (points, actions, position text, Z/A/T), the
# piece names in any form, the game's name, numbers and the language names.
SAME_EVERYWHERE = re.compile(
    r"[\w.]+(?:/[\w.]+){8}(?:[ _][wb]\d)?"  # position text
    r"|\b[A-I]\d[x-][A-I]\d\b|\b[ZAT]@[A-I]\d\b|\b[A-I]\d\b|\b[A-I]\b|\bpass\b|\bZ/A/T\b|\b[wb][012]\b"
    r"|\bTzaar\w*|\bTzarr\w*|\bTott\w*|\bTZAAR\b|\.txt\b"
    r"|\b(?:Deutsch|English|Español|Français|Italiano|Nederlands|Polski)\b"
    r"|\d+"
)


def english_left(text: str) -> bool:
    """Whether `text` still has words once what is the same in every language is taken out."""
    return bool(re.search(r"[^\W\d_]{2,}", SAME_EVERYWHERE.sub(" ", text)))


def sentences(text: str) -> list[str]:
    """The sentences of a text (split after . ! ? : and ;)."""
    return [part for part in re.split(r"(?<=[.!?:;])\s+", text) if part]


def leaves(value) -> list[str]:
    """The strings of a text: itself, or those of its plural forms and selects, nested ones too."""
    if isinstance(value, dict):
        return [leaf for name, form in value.items() if name not in ("plural", "select") for leaf in leaves(form)]
    return [value]


def same_as_english(code: str) -> list[re.Pattern]:
    """The texts the language writes as English does, as patterns ({x} matches anything)."""
    english, other = texts("en"), texts(code)
    patterns = []
    for key, value in english.items():
        for form in set(leaves(value)) & set(leaves(other[key])):
            parts = re.split(r"\{\w+\}", form.replace("**", "").replace("*", ""))
            if english_left(" ".join(parts)):  # not a bare "{done}." that would match anything
                patterns.append(re.compile(".*".join(re.escape(p) for p in parts)))
    return patterns


def walk(page, site_url: str, code: str, load: bool = True) -> list[list[str]]:
    """Read the page's texts in `code` at each step of the same walk through the page: from a
    first visit with `code` saved (or, without `load`, from the page of a first visit as it is)."""
    if load:
        page.evaluate(
            "code => { localStorage.clear(); localStorage.setItem('tzaar.language', JSON.stringify(code)); }", code
        )
        page.goto(site_url)
        wait_engine(page)
        idle(page)
    assert page.get_attribute("html", "lang") == code
    read = lambda: page.evaluate(COLLECT)  # noqa: E731
    steps = [read()]

    def read_after(click: str, until: str, timeout: float | None = None) -> None:
        """Click `click`, wait for `until`, then read the texts."""
        page.click(click)
        page.wait_for_selector(until, timeout=timeout)
        steps.append(read())

    # A selected stack: its targets and the turn panel's counts.
    read_after('#board [data-point="A5"]', '#board [data-point="A5"][data-selected="true"]')
    page.keyboard.press("Escape")
    # Every dialog.
    read_after("#help-button", "#help-dialog[open]")
    page.keyboard.press("Escape")
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check('input[name="setup"][value="random"]')  # shows the seed field
    steps.append(read())
    page.keyboard.press("Escape")
    page.click("#record-button")
    page.wait_for_selector("#record-dialog[data-ready]")
    page.click("#record-copy")  # its status line
    page.wait_for_function("() => document.querySelector('#record-status').textContent !== ''")
    steps.append(read())
    page.keyboard.press("Escape")
    # A link that cannot be opened, and the alert over the board.
    page.evaluate("location.hash = '#ttttT/TaaaAT~C5xC4~x'")
    page.wait_for_selector("#alert:not([hidden])")
    steps.append(read())
    page.click('[data-command="dismiss-alert"]')
    # The placement tray of the tournament setup.
    page.evaluate("hash => { location.hash = hash; }", fragment(EMPTY_BOARD))
    page.wait_for_selector("#tray:not([hidden])")
    idle(page)
    read_after('[data-place="tott"]', '[data-place="tott"][aria-pressed="true"]')
    # The first action of a turn (not the opening).
    first = LAST_TZAAR.replace(" w2", " w1")
    page.evaluate("hash => { location.hash = hash; }", fragment(first))
    idle(page, first)
    steps.append(read())
    # The analysis board and the attack map on it (evaluation, depth, best turn).
    page.click("#analyse-button")
    page.check("#attack-map")
    page.wait_for_selector("#analysis[data-depth]:not([data-depth='0'])", timeout=60_000)
    page.wait_for_selector(".overlay-attack line", state="attached")
    steps.append(read())
    page.click("#analyse-button")
    page.uncheck("#attack-map")
    # A stacking that loses: the warning, the confirmation, then the end of the game.
    page.evaluate("hash => { location.hash = hash; }", fragment(LAST_TZAAR))
    idle(page, LAST_TZAAR)
    read_after('#board [data-point="C4"]', "#warning:not([hidden])")
    read_after('#board [data-point="C3"][data-target="stack"]', "#confirm-dialog[open]")
    read_after('[data-command="confirm-losing"]', "#result:not([hidden])")
    # The review of that game: its graph and the losing stacking marked.
    read_after("#review-button", "#review[data-state=done]", timeout=60_000)
    # Puzzles: the list, one opened.
    page.click("#puzzles-button")
    puzzle_list(page)  # the list of all puzzles
    page.click('#puzzles button[data-index="0"]')
    page.wait_for_selector("#puzzles[data-puzzle]")
    page.wait_for_function("() => document.querySelector('.puzzle-status').textContent !== ''")
    steps.append(read())
    # A wrong first action: the puzzle fails with the engine's reason and the answer.
    act(page, WRONG)
    page.wait_for_selector('#puzzles[data-status="failed"]')
    steps.append(read())
    # The position editor (it leaves the puzzles: the game comes back), its palette and verdict.
    read_after("#editor-button", "#editor[data-possible]")
    page.click("#editor-button")
    return steps


@pytest.mark.parametrize("code", ["pl"])
def test_no_text_of_the_page_is_left_in_english(open_in, site_url, code):
    # A language the page lacks falls back to English: the first visit in Japanese is the
    # English walk's start.
    page = open_in("ja-JP")
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("#new-game-button span") == "New game"
    english = walk(page, site_url, "en", load=False)
    other = walk(page, site_url, code)
    allowed = same_as_english(code)
    left = []
    for step, (before, after) in enumerate(zip(english, other)):
        assert len(before) > 50 and len(after) > 50, f"step {step}: the walk read hardly anything"
        # Whole texts and their sentences: an English sentence inside a translated one
        # ("Nie tym razem. After that no second action wins…") is left too.
        shown_in_english = set(before) | {part for text in before for part in sentences(text)}
        for text in after:
            for part in {text, *sentences(text)}:
                bare = part.rstrip(".!?:;")
                if part in shown_in_english and english_left(part) and not any(p.fullmatch(part) or p.fullmatch(bare) for p in allowed):
                    left.append(f"step {step}: {part!r}")
    assert left == [], "English left in the page:\n" + "\n".join(sorted(set(left)))
    # And the walk did change the page: most of its texts differ between the languages.
    changed = sum(len(set(a) - set(b)) for a, b in zip(other, english))
    assert changed > 300
