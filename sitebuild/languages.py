"""Each language's files in dist/: its texts in two files (the start's and the later ones),
and its web app manifest."""

from __future__ import annotations

import json
import re

# The texts of web/lang/<code>.json that a start of the page does not show: those of the
# tools, the game record (and what opening one announces), the new-game dialog (and the
# levels' descriptions it shows), How to play, the lessons, your games, your mistakes, the
# clocks, online play and its lobby, the count of games by turns on Play online (its words for
# a screen reader: turn-count.js, loaded only when there are such games), the update notice,
# the confirmation of a losing stacking,
# the watch bar (not the thinking display's), what a copy or a share says after the press and
# the dialogs' Close and Cancel, but the tools' buttons (there from the start, made by
# analysis/panel.js) and the texts of index.html outside its dialogs; and the web app
# manifest's description (build.py writes it into the manifests: no page shows it).
# dist/lang/<code>.json keeps the others; dist/lang/<code>.later.json has these, fetched by
# i18n.js loadLater() before the first of them is shown.
LATER_TEXTS = re.compile(r"(?!\w+\.button(?:\.title)?$|analysis\.attackMap$)(?:analysis|review|puzzles|editor|record|help|newGame|lessons|games|mode|clock|exercises|online|turns|lobby|challenges|update|confirm)\..+|watch\.(?!depth$|progress$).+|share\.(?:copied|copyFailed|byHand|noSheet|onClipboard)(?:\..+)?|announce\.recordOpened(?:Over)?|common\.(?:close|cancel)|level\.\w+\.description|manifest\.description")
LANGUAGE_FILE = re.compile(r"lang/(\w+)\.json")
PAGE_KEYS = re.compile(r'data-i18n(?:-rich)?="([^"]+)"|data-i18n-attr="([^"]+)"')
APP_MANIFEST = "manifest.webmanifest"


def page_keys(page: str) -> set[str]:
    """The text keys of index.html outside its dialogs: shown from the start."""
    keys = set()
    for match in PAGE_KEYS.finditer(re.sub(r"<dialog\b.*?</dialog>", "", page, flags=re.DOTALL)):
        if match[1]:
            keys.add(match[1])
        else:
            keys.update(pair.partition(":")[2].strip() for pair in match[2].split(";"))
    return keys


def split_languages(sources: dict[str, bytes]) -> dict[str, bytes]:
    """lang/<code>.json without its later texts, and lang/<code>.later.json with them."""
    start = page_keys(sources.get("index.html", b"").decode())
    out = {}
    for name in sorted(sources):
        match = LANGUAGE_FILE.fullmatch(name)
        if not match:
            continue
        texts = json.loads(sources[name])
        parts: tuple[dict, dict] = ({}, {})
        for key, text in texts.items():
            parts[bool(LATER_TEXTS.fullmatch(key)) and key not in start][key] = text
        for part, file in zip(parts, (name, f"lang/{match[1]}.later.json")):
            out[file] = json.dumps(part, ensure_ascii=False, separators=(",", ":")).encode()
    return out


def language_manifests(sources: dict[str, bytes]) -> dict[str, bytes]:
    """manifest.<code>.webmanifest for each language of web/lang/ but English: the web app
    manifest with that language's description (key "manifest.description") and "lang"; the
    page links the one of the language shown (web/page/i18n.js)."""
    if APP_MANIFEST not in sources:
        return {}
    base = json.loads(sources[APP_MANIFEST])
    out = {}
    for name in sorted(sources):
        match = LANGUAGE_FILE.fullmatch(name)
        if not match or match[1] == base.get("lang", "en"):
            continue
        texts = json.loads(sources[name])
        manifest = {**base, "lang": match[1], "description": texts.get("manifest.description", base.get("description"))}
        out[f"manifest.{match[1]}.webmanifest"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    return out
