"""What build.py leaves out of the site's text files. Standard library only (and esbuild,
from node_modules, for the code).

    code(files, esbuild)   JavaScript and CSS minified by esbuild, each file alone (no
                           bundling, no source maps)
    html(text)             a page without the indentation of its lines
    untranslated_html(t)   a page without the English that i18n.js writes over at its start
    page(text)             both
    json_(text)            JSON without the spaces between its tokens

web/ keeps the commented source: this is for dist/ only.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["code", "html", "untranslated_html", "page", "json_", "MinifyError", "CODE_SUFFIXES"]

CODE_SUFFIXES = (".js", ".css")


class MinifyError(ValueError):
    """A file that cannot be minified as it is (esbuild's message, or what the page would lose)."""


def code(files: dict[str, bytes], esbuild: Path) -> dict[str, bytes]:
    """`files` (name -> JavaScript module or style sheet) minified by esbuild: white space,
    comments, local names (a module's own top-level names too: `--format=esm` says they are
    the module's, not a script's globals), shorter syntax; the same behaviour, strings and
    exported names."""
    if not files:
        return {}
    with tempfile.TemporaryDirectory() as folder:
        source, out = Path(folder, "src"), Path(folder, "out")
        for name, data in files.items():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes(data)
        command = [str(esbuild), *sorted(files), "--minify", "--format=esm", "--charset=utf8", "--log-level=warning",
                   f"--outdir={out}", f"--outbase={source}"]
        run = subprocess.run(command, cwd=source, capture_output=True, text=True)
        if run.returncode != 0:
            raise MinifyError(f"esbuild failed: {run.stderr.strip()[-2000:]}")
        return {name: (out / name).read_bytes() for name in files}


def html(text: str) -> str:
    """A page without the indentation of its lines (none of its elements keeps white space:
    no <pre>, and its <textarea>s are empty)."""
    if re.search(r"<pre\b|<textarea\b[^>]*>[^<]", text, re.IGNORECASE):
        raise MinifyError("white space that shows (<pre>, a <textarea> with text)")
    out = "".join(line.strip() + "\n" for line in text.splitlines() if line.strip())
    if _html_items(out) != _html_items(text):
        raise MinifyError("a tag or an attribute across lines")
    return out


class _Items(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list = []

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, attrs))

    def handle_endtag(self, tag):
        self.items.append(("/", tag))

    def handle_data(self, data):
        if data.split():
            self.items.append(" ".join(data.split()))


def _html_items(text: str) -> list:
    """The tags, attributes and texts (white space collapsed) of a page."""
    parser = _Items()
    parser.feed(text)
    parser.close()
    return parser.items


_DIALOG = re.compile(r"<dialog\b.*?</dialog>", re.DOTALL | re.IGNORECASE)
_TEXT = re.compile(r"""(<(\w+)\b[^>]*\sdata-i18n="[^"]*"[^>]*>)[^<]*(</\2>)""")
_RICH = re.compile(r"""(<(\w+)\b[^>]*\sdata-i18n-rich="[^"]*"[^>]*>).*?(</\2>)""", re.DOTALL)
_TAG_WITH_ATTRS = re.compile(r"""<\w+\b[^>]*\sdata-i18n-attr="([^"]*)"[^>]*>""")


def untranslated_html(text: str) -> str:
    """The page without the English that i18n.js writes over at its start (from the
    language's file): the texts of the elements in its dialogs (shown only once filled) and
    the attributes named by data-i18n-attr (titles, labels; no text on the screen)."""

    def dialog(match: re.Match) -> str:
        inside = _TEXT.sub(r"\1\3", match[0])
        return _RICH.sub(r"\1\3", inside)

    def attributes(match: re.Match) -> str:
        tag = match[0]
        for pair in match[1].split(";"):
            name = pair.partition(":")[0].strip()
            if name and name != "data-i18n-attr":
                tag = re.sub(r'\s%s="[^"]*"' % re.escape(name), "", tag, count=1)
        return tag

    return _TAG_WITH_ATTRS.sub(attributes, _DIALOG.sub(dialog, text))


def page(text: str) -> str:
    """index.html for dist/: :func:`untranslated_html`, then :func:`html`."""
    return html(untranslated_html(text))


def json_(text: str) -> str:
    """JSON without the white space between its tokens (the same value)."""
    return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
