"""The clocks' view (web/panels/clocks.js), loaded on first use as the online game loads it:
both clocks drawn from a clock state, the running one marked and ticking, low time marked
and said once in the live region, tenths under ten seconds, a flag shown; its texts in the
page's language."""

from __future__ import annotations

# The view, imported with the page's own release stamp (the modules the page has, not copies),
# shown in the turn panel: Black has played its first turn (1 ms), then `whiteMs` left to
# White, its clock `running` (or not).
SHOW = """async ([whiteMs, running]) => {
  const stamp = new URL(document.querySelector('script[src*="app.js"]').src).search;
  const clock = await import(`./game/clock.js${stamp}`);
  const { makeClocks } = await import(`./panels/clocks.js${stamp}`);
  const view = (window.__clocks ??= await makeClocks(document.querySelector("#turn")));
  const now = Date.now();
  let state = clock.start(clock.newClock("3+2"), "black", now - 5000);
  state = clock.press(state, now - 5000 + 1);
  state = { ...state, remaining: { ...state.remaining, white: whiteMs }, since: now, running };
  view.render(state);
  return state;
}"""


def test_the_clocks_show_the_running_side_low_time_in_tenths_and_say_it_once(page, open_site, watch, wait_engine):
    open_site()
    wait_engine(page)
    page.evaluate(SHOW, [125_000, "white"])
    clocks = page.locator("#turn .clocks")
    assert clocks.get_attribute("aria-label") == "Clocks"
    white, black = clocks.locator('.clock[data-side="white"]'), clocks.locator('.clock[data-side="black"]')
    assert white.get_attribute("data-running") == "true" and black.get_attribute("data-running") is None
    assert black.get_attribute("aria-label") == "Black: 3:02"
    assert black.locator(".clock-time").inner_text() == "3:02"  # its turn took 1 ms; then 2 s added
    before = white.locator(".clock-time").inner_text()
    assert before in ("2:05", "2:04")
    # It ticks by itself: the running clock's text changes.
    page.wait_for_function("t => document.querySelector('#turn .clock[data-side=white] .clock-time').textContent !== t", arg=before)
    assert white.get_attribute("data-low") is None
    # Low time: marked, said once in the live region, in tenths under ten seconds.
    page.evaluate(SHOW, [9_500, "white"])
    page.wait_for_function("() => /^0:0\\d\\.\\d$/.test(document.querySelector('#turn .clock[data-side=white] .clock-time').textContent)")
    assert white.get_attribute("data-low") == "true"
    page.wait_for_function("() => document.querySelector('#announce').textContent.startsWith('Low time for White: 0:0')")
    # Out of time: the flag shown, at 0:00.0.
    page.evaluate("""() => window.__clocks.render({ control: "3+2", remaining: { white: 0, black: 1000 }, running: null, since: null, flagged: "white" })""")
    assert white.get_attribute("data-out") == "true" and white.locator(".clock-time").inner_text() == "0:00.0"
    # What a board says when the other page claimed more time than it can have had.
    said = page.evaluate("""async () => {
      const stamp = new URL(document.querySelector('script[src*="app.js"]').src).search;
      const [{ claimRefused }, { tr }] = await Promise.all([import(`./panels/clocks.js${stamp}`), import(`./page/i18n.js${stamp}`)]);
      return tr(claimRefused("black", 8_960));
    }""")
    assert said == "Black's page claimed 9.0 s more time than it can have had: this board counts its own time"
    watch.assert_clean()
