"""Shared helpers of the e2e tests (plain functions; the fixtures are in conftest.py).

Positions and links, waiting for the board, playing an action by clicks as a person does, a
quick move chooser, and the page recorders of e2e/test_ai_play.py (also used by
lab/browser/bench_ai.py). Every wait is on an attribute or on the page's own records, never on time.
"""

from __future__ import annotations

import random

from tzaar.facade import call
from tzaar.rules.position import Position

STANDARD = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"
# White to play its second action; stacking C4 onto C3 (or C3 onto C4, or A1 with C3)
# covers White's own last Tzaar, Tzarra or Tott.
LAST_TZAAR = "A..../....../..ZT.../......../......../......../t....../....../zat.. w2"
TYPE_OF_LETTER = {"Z": "tzaar", "A": "tzarra", "T": "tott"}


# --- positions and links --------------------------------------------------------------------


def fragment(position: str) -> str:
    """The address fragment of a position: `#` and the text with `_` for its space."""
    return "#" + position.replace(" ", "_")


def link(position: str, actions=()) -> str:
    """`index.html#<position>`, with `~a,b,...` for a game link when actions are given."""
    text = "index.html" + fragment(position)
    return text + "~" + ",".join(actions) if actions else text


def engine(method: str, **params) -> dict:
    """The engine's answer (CPython, through the facade the worker calls); fails on an error."""
    answer = call(method, params)
    assert "result" in answer, answer
    return answer["result"]


def choose(v: dict, rng: random.Random) -> str:
    """A quick player: capture where the opponent is weakest, never stack to lose, rarely pass."""
    legal = v["legal"]
    other = "black" if v["side"] == "white" else "white"

    def score(action: str) -> float:
        if "x" in action:
            kind = v["points"][action.split("x")[1]]["type"]
            return 10 - v["tops"][other][kind] + rng.random()
        if "-" in action:
            return -10 if action in legal["losing"] else 1 + rng.random()
        if "@" in action:
            return rng.random()
        return 0.5  # pass

    return max(legal["actions"], key=score)


def finished_game(seed: int = 3) -> tuple[list[str], dict]:
    """A whole game from the standard start, to its end: (actions, final view)."""
    rng = random.Random(seed)
    position, actions = STANDARD, []
    while True:
        view = engine("view", position=position)
        if view["winner"]:
            return actions, view
        action = choose(view, rng)
        position = engine("play", position=position, actions=[action])["positions"][-1]
        actions.append(action)


def some_turns(count: int) -> tuple[list[str], list[str]]:
    """The first `count` actions of a game from the standard start, and the positions after."""
    position, actions, positions = STANDARD, [], []
    for _ in range(count):
        legal = engine("view", position=position)["legal"]["actions"]
        action = next((a for a in legal if "x" in a), legal[0])
        position = engine("play", position=position, actions=[action])["positions"][-1]
        actions.append(action)
        positions.append(position)
    return actions, positions


def record_text(actions, start: str = STANDARD) -> str:
    """The game record (our format) of `actions` from `start`, as the engine writes it."""
    return engine("record_save", start=start, actions=list(actions))["text"]


# --- the page -------------------------------------------------------------------------------


def idle(page, position: str | None = None) -> None:
    """Wait for `#board[data-state=idle]` (showing `position`, if given)."""
    selector = "#board[data-state=idle]"
    if position:
        selector += f'[data-position="{position}"]'
    page.wait_for_selector(selector)


def shown(page) -> str:
    return page.get_attribute("#board", "data-position")


def wait_position_change(page, before: str) -> None:
    page.wait_for_selector(f'#board[data-state=idle]:not([data-position="{before}"])')


def wait_address(page, position: str) -> None:
    page.wait_for_function("want => location.hash === want", arg=fragment(position))


def moves(page) -> list[str]:
    """The actions of the move list, in order, as drawn: read after the next animation frame
    (the page draws its panels in the frame after its state changes, web/app.js)."""
    return page.evaluate("() => new Promise((done) => requestAnimationFrame(() =>"
                         " done([...document.querySelectorAll('#moves button[data-move]')].map((b) => b.dataset.move))))")


def puzzle_list(page) -> None:
    """Open the list of all puzzles, once the puzzles' panel has drawn it: its summary and the
    puzzle status above it are written when puzzles.json arrives, and a click on the summary as
    they appear may land where the summary no longer is. Waits until the list is open."""
    page.wait_for_selector('#puzzles:not([hidden]) .puzzle-list button[data-index="0"]', state="attached")
    if page.eval_on_selector("#puzzles .puzzle-all", "d => !d.open"):
        page.click("#puzzles summary")
    page.wait_for_selector("#puzzles .puzzle-all[open]")


def trio_player(page, side: str) -> str:
    """Who the trios panel says plays `side` ("You", "Computer (Casual)"), "" if it names no one."""
    return page.eval_on_selector(f'#trios .trio[data-side="{side}"] .trio-player', "e => e.hidden ? '' : e.textContent")


def saved(page) -> str | None:
    """The saved game's text in localStorage."""
    return page.evaluate("() => localStorage.getItem('tzaar.game')")


def act(page, action: str, wait: bool = True) -> None:
    """Play one action the way a person does: two clicks (or the Pass button, or the tray).

    With `wait`, returns once the board is idle on another position.
    """
    # The board draws on the next frame: a click before it shows the person's turn means
    # nothing, and the position it showed before is not the one this action changes.
    page.wait_for_selector('#board[data-state=idle][data-input="play"]')
    before = shown(page)
    if action == "pass":
        page.click('[data-action="pass"]')
    elif "@" in action:
        letter, point = action.split("@")
        kind = TYPE_OF_LETTER[letter.upper()]
        tray = page.locator(f'[data-place="{kind}"]')
        if tray.get_attribute("aria-pressed") != "true":
            tray.click()
        page.click(f'#board [data-point="{point}"][data-target="place"]')
    else:
        kind, sep = ("capture", "x") if "x" in action else ("stack", "-")
        source, target = action.split(sep)
        page.click(f'#board [data-point="{source}"]')
        page.wait_for_selector(f'#board [data-point="{source}"][data-selected="true"]')
        page.click(f'#board [data-point="{target}"][data-target="{kind}"]')
    if wait:
        wait_position_change(page, before)


def persons_turn(page) -> None:
    """The person to move plays a turn by clicks: a capture, then a pass where it may (else a
    second capture, or the first action it has); returns once the turn's actions are sent
    and answered."""
    before = page.evaluate("() => window.tzaar.state.actions.length")
    while page.evaluate("() => { const s = window.tzaar.state; return !s.view.winner && s.players[s.view.side] === 'person'; }"):
        legal = page.evaluate("() => window.tzaar.state.view.legal")
        action = next((a for a in legal["actions"] if "x" in a), "pass" if legal["pass"] else legal["actions"][0])
        act(page, action, wait=False)
        page.wait_for_function("(n) => window.tzaar.state.actions.length > n", arg=before, polling=100)
        before += 1
        if legal["pass"] or "x" not in action:
            return


def winning_turn(position: str) -> list[str]:
    """A turn (action texts) that wins at once for the side to move in `position`."""
    pos = Position.from_text(position)
    for a in pos.legal_actions():
        q = pos.apply(a)
        if q.winner == pos.side:
            return [a.text()]
        for c in q.legal_actions() if q.winner is None and q.side == pos.side else ():
            if q.apply(c).winner == pos.side:
                return [a.text(), c.text()]
    raise AssertionError("no winning turn")


def open_records(page):
    page.click("#record-button")
    page.wait_for_selector('#record-dialog[open][data-ready="true"]')
    return page.locator("#record-dialog")


def paste_record(dialog, text: str) -> None:
    """Paste `text` into the open record dialog's box and press its Open button."""
    dialog.locator("#record-text").fill(text)
    dialog.locator("#record-open").click()


def new_game(page, white: str, black: str, setup: str = "standard") -> None:
    """Start a game through the new-game dialog; returns once it is set up (loaded: not the game
    before, which may have the same players and no action yet) and the board idle."""
    loaded = page.evaluate("() => window.tzaar.state.loaded")
    page.click("#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    page.check(f'#new-game-dialog input[value="{setup}"]')
    page.select_option('#new-game-dialog select[data-player="white"]', white)
    page.select_option('#new-game-dialog select[data-player="black"]', black)
    page.click('[data-command="start-game"]')
    page.wait_for_function(
        "([w, b, loaded]) => { const s = window.tzaar.state; return s.loaded > loaded && s.players.white === w && s.players.black === b"
        " && s.view && !s.busy && (s.actions.length === 0 || w !== 'person'); }",
        arg=[white, black, loaded],
    )
    idle(page)


# --- recorders: what the page sends to the worker, long tasks, the thinking indicator ------

# An init script (before the page's own scripts): `window.__sent`, the requests the page sends
# to the worker in order ({method, params, t}); `window.__long`, the long tasks of the main
# thread ({start, duration}), or null without long-task timing; `window.__frames`, the long
# animation frames (over 50 ms: {start, duration, blocking, scripts}, each script that ran in
# one {source: its URL, invoker, duration, layout: the style and layout it forced}), or null
# without them (only Chromium has them; `window.__takeFrames()` adds those that ended but were
# not yet delivered); `window.__thinking`, each change of
# `#board[data-thinking]` ({value, t}).
RECORDERS = """
(() => {
  window.__sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.method) {
      window.__sent.push({ method: message.method, params: message.params, t: performance.now() });
    }
    return post.call(this, message, ...rest);
  };
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    window.__long = null; // no long-task timing in this browser
  }
  window.__frames = null;
  if (PerformanceObserver.supportedEntryTypes?.includes("long-animation-frame")) {
    window.__frames = [];
    const keep = (entries) => {
      for (const e of entries) {
        const scripts = e.scripts.map((s) => ({ source: s.sourceURL, invoker: s.invoker, duration: s.duration, layout: s.forcedStyleAndLayoutDuration }));
        window.__frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration, scripts });
      }
    };
    const frames = new PerformanceObserver((list) => keep(list.getEntries()));
    frames.observe({ type: "long-animation-frame", buffered: true });
    // The frames that ended but are not yet delivered to the observer, taken now.
    window.__takeFrames = () => keep(frames.takeRecords());
  }
  window.__thinking = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.id === "board") window.__thinking.push({ value: r.target.dataset.thinking, t: performance.now() });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-thinking"] });
})();
"""


def our_scripts(page, origin: str, since: float) -> list[dict]:
    """The scripts of `origin` (the site's own files) that ran in the long animation frames
    since `since` (performance.now()), longest first: {source, invoker, duration, layout}."""
    frames = page.evaluate("(t) => window.__frames.filter((f) => f.start + f.duration >= t)", since)
    scripts = [s for f in frames for s in f["scripts"] if s["source"].startswith(origin)]
    return sorted(scripts, key=lambda s: -s["duration"])


def thinking_window(page) -> dict:
    """The last search of the computer, from the page's records (after its turn is done).

    `began`: the board first drew `data-thinking="true"` for it; `ended`: the first of its actions was
    sent to be played, or the indicator went off if earlier (the renders and slides of its
    actions are outside the window); `steps`: its ai_step requests; `long`: the long tasks
    that started in the window.
    """
    sent = page.evaluate("() => window.__sent")
    starts = [i for i, m in enumerate(sent) if m["method"] == "ai_start"]
    assert starts, "no search was started"
    after = sent[starts[-1]:]
    records = page.evaluate("() => window.__thinking")  # one per render of the board
    shown_on = [e["t"] for e in records if e["value"] == "true" and e["t"] >= after[0]["t"]]
    assert shown_on, "the board never said that the computer thinks"
    began = shown_on[0]
    plays = [m["t"] for m in after if m["method"] == "play"]
    offs = [e["t"] for e in records if e["value"] == "false" and e["t"] > began]
    ended = min(plays[:1] + offs[:1] or [page.evaluate("() => performance.now()")])
    steps = [m for m in after if m["method"] == "ai_step" and m["t"] <= ended]
    long = page.evaluate("([a, b]) => (window.__long || []).filter((e) => e.start >= a && e.start <= b)", [began, ended])
    return {"began": began, "ended": ended, "steps": steps, "long": long}


def sent_since_click(page) -> list[dict]:
    """The requests sent to the worker after the marked click."""
    messages = page.evaluate("() => window.__sent")
    click = max(i for i, m in enumerate(messages) if m["method"] == "click")
    return messages[click + 1:]


def assert_search_stopped(messages: list[dict], job: int) -> None:
    """After the cancelling click: at most the one slice already on its way, then ai_stop for
    the job, then no other slice, no new search and no play of its (stale) move."""
    methods = [m["method"] for m in messages]
    assert "ai_stop" in methods, f"the search was not stopped: {methods}"
    stop = methods.index("ai_stop")
    assert messages[stop]["params"]["job"] == job
    assert methods[:stop].count("ai_step") <= 1, f"the search went on after the click: {methods}"
    assert "play" not in methods and "ai_start" not in methods, methods
    assert "ai_step" not in methods[stop:], methods
