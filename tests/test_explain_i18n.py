"""The explanations' texts (issue 51): the command line's English is the page's, word for word,
and no English is left in the other six languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tzaar.study.explain_text import BETTER, ENGLISH, KEYS, LAST_THREATENED, LAST_UNDER_ATTACK, THEN, TWO

LANG = Path(__file__).resolve().parents[1] / "web" / "lang"
EN = json.loads((LANG / "en.json").read_text(encoding="utf-8"))
OTHERS = ("de", "es", "fr", "it", "nl", "pl")
# The explanations' keys, and the summary's and the analysis board's around them; the type
# names are the same in every language (web/page/i18n.js).
EXPLAINED = sorted(k for k in EN if re.match(r"review\.(why\.(?!type\.)|worst|tried|trying)", k))
NAMES = {"Tzaar", "Tzarra", "Tott", "Tzaars", "Tzarras", "Totts"}
# Words written alike in a language and in English (French "gagne de force", "points").
SAME = {"fr": {"force", "point", "points"}}


def leaves(value) -> list:
    """The strings of a text: itself, or those of its plural forms and selects, nested ones too."""
    if isinstance(value, dict):
        return [leaf for name, form in value.items() if name not in ("plural", "select") for leaf in leaves(form)]
    return [value]


def words(value) -> set:
    forms = leaves(value)
    text = " ".join(re.sub(r"\{\w+\}|\b[A-I]\d\b", " ", form) for form in forms)
    return {w for w in re.findall(r"[^\W\d_]{4,}", text)} - NAMES


def test_the_command_lines_english_is_the_pages():
    keys = set(KEYS["allowed"].values()) | set(KEYS["achieved"].values()) | {LAST_THREATENED, LAST_UNDER_ATTACK, BETTER, THEN}
    keys |= set(TWO.values())
    assert keys == set(ENGLISH)
    for key, text in ENGLISH.items():
        assert EN[key] == text, key
    assert len(EXPLAINED) >= len(ENGLISH)


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_left_in_the_explanations(code):
    texts = json.loads((LANG / f"{code}.json").read_text(encoding="utf-8"))
    for key in EXPLAINED:
        english = {w.lower() for w in words(EN[key])}
        left = {w for w in words(texts[key]) if w.lower() in english} - SAME.get(code, set())
        assert not left, f"{code} {key}: English words {sorted(left)}"
        assert texts[key] != EN[key], f"{code} {key} is the English"
