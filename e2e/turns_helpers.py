"""What the tests of games by turns share: a person's browser opened for a visit and closed with
its storage kept (Playwright's storage_state), as a person closes the tab and comes back another
day, and the wait for a relay to hold this page's copy."""

from __future__ import annotations

from site_serving import NO_SERVICE_WORKER, wait_engine

KIND = 30078  # the stored events' kind: the copies, the open challenges (web/online/turns-events.js)


def visit(browser, url: str, state: dict | None = None, path: str = "", init: str = "", engine: bool = True):
    """A person's browser opened on the page (its storage as `state` left it; `init`: a script
    run before the page's; `engine`: wait for the rules engine, which a page that only posts or
    watches needs not): (context, page), the page's uncaught errors kept in `page.errors`."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state, **NO_SERVICE_WORKER)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url + path)
    if engine:
        wait_engine(page)
    else:
        # The page's first drawing: its buttons answer at once from then on (app.js
        # registers them after the language's texts load; a press before waits for that).
        page.wait_for_selector("#board[data-state]", state="attached")
    return context, page


def leave(context) -> dict:
    """The person closes the tab: its storage, kept for the next visit."""
    state = context.storage_state()
    context.close()
    return state


def saved(page, n: int) -> None:
    """Wait until a relay took this page's copy of its game by turns with `n` actions (the panel says it is saved)."""
    page.wait_for_selector(f'#turns-game[data-saved="{n}"]', state="attached", timeout=20_000)
