"""A game record in either format, ours or LittleGolem's: read, and turned into ours."""

from __future__ import annotations

import re

from . import AnyRecord
from .littlegolem import META_NAMES, is_littlegolem, parse_littlegolem
from .ours import format_record, read_record

__all__ = ["read_any_record", "to_tzaar_record"]

_COMMENT_META = re.compile(r"#\s*(" + "|".join(META_NAMES.values()) + r"):\s*(.*\S)\s*$")


def read_any_record(text: str) -> AnyRecord:
    """A record in either format: LittleGolem (``(;FF[TZAAR]...``) or ours (``Start: ...``).

    Our format's metadata comes from comments such as ``# White: name``.
    """
    if is_littlegolem(text):
        return parse_littlegolem(text)
    ours = read_record(text)
    meta = {}
    for line in text.splitlines():
        m = _COMMENT_META.match(line.strip())
        if m:
            meta.setdefault(m.group(1), m.group(2))
    return AnyRecord(ours.start, ours.actions, meta, ours.end)


def to_tzaar_record(record: AnyRecord) -> str:
    """Our record text of a read record, its metadata as ``# White: ...`` comments."""
    text = format_record(record.start, record.actions, end=record.end)
    lines = text.splitlines()
    extra = [f"# {k}: {record.meta[k]}" for k in META_NAMES.values() if record.meta.get(k)]
    return "\n".join(lines[:1] + extra + lines[1:]) + "\n"
