"""web/style.css: the dark palette stands twice (the system's dark, and dark chosen on the
page; CSS cannot share one rule between a media query and a selector), so the two blocks
must stay the same, and each may only set colours the light palette has."""

import re
from pathlib import Path

CSS = (Path(__file__).resolve().parents[1] / "web" / "style.css").read_text(encoding="utf-8")


def _block(opening: str) -> dict[str, str]:
    """The custom properties of the rule that starts with ``opening`` (its first ``}``)."""
    start = CSS.index(opening) + len(opening)
    body = CSS[start:CSS.index("}", start)]
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", body))


def test_the_two_dark_palettes_are_the_same():
    system = _block('@media (prefers-color-scheme: dark) {\n  :root:not([data-theme="light"]) {')
    chosen = _block(':root[data-theme="dark"] {')
    assert len(system) > 20
    assert system == chosen


def test_the_dark_palette_sets_only_colours_the_light_one_has():
    light = _block(":root {")
    dark = _block(':root[data-theme="dark"] {')
    assert set(dark) <= set(light)
