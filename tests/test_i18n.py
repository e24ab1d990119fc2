"""The page's texts (web/lang/*.json): every language has exactly the keys of English, the
same placeholders, plural forms with the forms its count needs, selects (web/page/i18n.js)
with a form for every value of their param, the notation unchanged; every key is used by the
page and every key the page uses exists. (Where a count needs plural forms in a language:
tests/js/i18n-render.test.mjs.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
LANG = WEB / "lang"
LANGUAGES = ("de", "en", "es", "fr", "it", "nl", "pl")
# The plural categories each language needs (Intl.PluralRules; t() falls back to "other").
PLURALS = {code: {"one", "other"} for code in LANGUAGES} | {"pl": {"one", "few", "many", "other"}}
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Notation that must read the same in every language: actions, points in examples, Z/A/T.
NOTATION = re.compile(r"\b[A-I]\d[x-][A-I]\d\b|\b[ZAT]@[A-I]\d\b|\bZ/A/T\b|\bA1\b|\bw1\b")


def load(code: str) -> dict:
    return json.loads((LANG / f"{code}.json").read_text(encoding="utf-8"))


ENGLISH = load("en")


def select_values() -> dict[str, list[str]]:
    """i18n.js SELECTS: the params a text may select on, each with its values."""
    block = re.search(r"export const SELECTS = \{(.*?)\};", (WEB / "page" / "i18n.js").read_text(), re.S)[1]
    return {name: re.findall(r'"(\w+)"', values) for name, values in re.findall(r"^\s*(\w+): \[([^\]]*)\]", block, re.M)}


SELECTS = select_values()


def is_select(value) -> bool:
    return isinstance(value, dict) and "select" in value


def branches(value: dict) -> dict:
    """The forms of a plural or a select, without its "plural" or "select" (the param's name)."""
    return {name: form for name, form in value.items() if name not in ("plural", "select")}


def chosen_by(value: dict) -> str:
    """The param a plural or a select chooses by."""
    return value["select"] if is_select(value) else value.get("plural", "n")


def leaves(value, around: frozenset = frozenset()) -> list[tuple[str, frozenset]]:
    """Each string of a text, with the params of the plurals and selects around it."""
    if isinstance(value, dict):
        return [leaf for form in branches(value).values() for leaf in leaves(form, around | {chosen_by(value)})]
    return [(value, around)]


def forms(value) -> list[str]:
    return [text for text, _ in leaves(value)]


def choosers(value) -> list[dict]:
    """The plurals and selects of a text, nested ones too."""
    if not isinstance(value, dict):
        return []
    return [value, *(c for form in branches(value).values() for c in choosers(form))]


def placeholders(value) -> set[str]:
    """The params a text uses: its placeholders and what its plurals and selects choose by."""
    return {name for text in forms(value) for name in PLACEHOLDER.findall(text)} | {chosen_by(c) for c in choosers(value)}


def test_the_files_are_the_languages_of_the_page():
    assert sorted(p.stem for p in LANG.glob("*.json")) == sorted(LANGUAGES)
    menu = re.search(r"export const LANGUAGES = \{(.*?)\};", (WEB / "page" / "i18n.js").read_text(), re.S)[1]
    assert sorted(re.findall(r"^\s*(\w+):", menu, re.M)) == sorted(LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_the_keys_and_placeholders_of_english(code):
    texts = load(code)
    assert sorted(set(ENGLISH) - set(texts)) == [], "missing keys"
    assert sorted(set(texts) - set(ENGLISH)) == [], "keys English does not have"
    for key, english in ENGLISH.items():
        value = texts[key]
        for text in forms(value):
            assert isinstance(text, str) and text.strip(), f"{key}: empty text"
        assert placeholders(value) == placeholders(english), f"{key}: placeholders differ"
        for chooser in choosers(value):
            forms_of = set(branches(chooser))
            if is_select(chooser):
                param = chooser["select"]
                assert param in SELECTS, f"{key}: a select on {param!r}, which i18n.js SELECTS does not have"
                assert forms_of == set(SELECTS[param]), f"{key}: the select on {param} needs the forms {SELECTS[param]}"
            else:
                assert PLURALS[code] <= forms_of, f"{key}: plural forms {sorted(PLURALS[code] - forms_of)} missing"
                assert forms_of <= PLURAL_FORMS, f"{key}: unknown plural form"
                assert isinstance(chooser.get("plural", "n"), str), f"{key}: a plural names its param"
        # Every form says everything: only what chooses it may be left out ("une seule" for {n}).
        for text, around in leaves(value):
            missing = placeholders(value) - set(PLACEHOLDER.findall(text)) - around
            assert not missing, f"{key}: {sorted(missing)} missing in {text!r}"
        for token in NOTATION.findall(" ".join(forms(english))):
            assert all(token in text for text in forms(value)), f"{key}: the notation {token} must stay as it is"


def source_texts() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in [*sorted(WEB.rglob("*.js")), WEB / "index.html"])


def attribute_keys(source: str) -> set[str]:
    keys = set()
    for attribute in re.findall(r"""data-i18n-attr=["']([^"']+)["']""", source):
        keys |= {pair.split(":")[1].strip() for pair in attribute.split(";")}
    return {key for key in keys if re.fullmatch(r"[\w.-]+", key)}


def test_every_key_the_page_uses_exists():
    source = source_texts()
    used = set(re.findall(r"""\b(?:t|msg)\(\s*["']([\w.-]+)["']""", source))
    used |= set(re.findall(r"""data-i18n(?:-rich)?=["']([\w.-]+)["']""", source))
    used |= attribute_keys(source)
    assert len(used) > 100, "the page uses hardly any key: the scan is broken"
    assert sorted(used - set(ENGLISH)) == []


def test_every_key_is_used_by_the_page():
    """A key is used when its name is written in the page, or a template such as
    `level.${name}` can make it."""
    source = source_texts()
    literal = set(re.findall(r"""["'`]([\w.-]+)["'`]""", source)) | attribute_keys(source)
    templates = [
        re.compile(re.sub(r"\\\$\\\{[^}]*\\\}", r"[\\w-]+", re.escape(m)) + "$")
        for m in re.findall(r"`([\w.-]*\$\{[^`]*\}[\w.-]*)`", source)
    ]
    unused = [key for key in ENGLISH if key not in literal and not any(t.match(key) for t in templates)]
    assert unused == []


def test_the_app_manifest_has_the_english_description_and_each_language_its_own():
    import importlib.util

    spec = importlib.util.spec_from_file_location("site_build", WEB.parent / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    base = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert base["lang"] == "en" and base["description"] == ENGLISH["manifest.description"]
    sources = {"manifest.webmanifest": (WEB / "manifest.webmanifest").read_bytes()}
    sources |= {f"lang/{code}.json": (LANG / f"{code}.json").read_bytes() for code in LANGUAGES}
    made = build.language_manifests(sources)
    assert sorted(made) == sorted(f"manifest.{code}.webmanifest" for code in LANGUAGES if code != "en")
    for code in LANGUAGES:
        if code == "en":
            continue
        manifest = json.loads(made[f"manifest.{code}.webmanifest"])
        assert manifest == {**base, "lang": code, "description": load(code)["manifest.description"]}
