"""Where a turn's sentences end: the unit a redaction cuts, and what the rules that read a turn
sentence by sentence split on. Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["NOT_AFTER_AN_ABBREVIATION", "sentences"]

_TITLE_STOPS = ("Dr", "Mr", "Ms", "Mrs", "Mx", "St", "Prof", "Jr", "Sr", "vs", "Mt")
# What closes a name ("ACME Ltd.", "Smith Bros.", "Tom Hale Jr.") besides an initial ("Ann B."), and
# a title typed in lower case ("dr. o'brien").
_NAME_ABBREVIATIONS = (*_TITLE_STOPS, "Ltd", "Inc", "Co", "Corp", "Bros", "Plc", "Pty", "Esq", "Ave", "Rd", "Blvd")
# What introduces an example or a gloss ("allergic to penicillin, e.g. amoxicillin") never ends one.
_LEADING_INTO = ("e.g", "i.e", "cf", "viz", "approx", "incl")
NOT_AFTER_AN_ABBREVIATION = (
    "".join(rf"(?<!\b{title}\.)" for title in _TITLE_STOPS)
    + "".join(rf"(?i:(?<!\b{re.escape(short)}\.))" for short in _LEADING_INTO)
    + "(?!(?:"
    + "|".join(rf"(?i:(?<=\b{short}\.))" for short in (*_NAME_ABBREVIATIONS, "etc"))
    + r"|(?<=\b[A-Z]\.))\s+[a-z])"
)
"""Lookarounds for a sentence end: a title's full stop ends no sentence ("My boss is Mr. Adeyemi" is
one), nor does "e.g." or "i.e.", nor an abbreviation's or an initial's when the sentence goes on in lower
case ("I signed with ACME Ltd. yesterday", "acme ltd. is slow to pay", "pens, paper etc. are in the drawer"). Before a capital it may: "I work at Acme Inc. It's big"."""
_SENTENCE_END = re.compile(NOT_AFTER_AN_ABBREVIATION + r"(?<=[.!?;…])\s+|\s*\n+\s*")


def sentences(text: str, unbroken: Sequence[tuple[int, int]] = ()) -> list[str]:
    """A turn's sentences, in order (the unit a redaction cuts); none ends inside a span of
    ``unbroken`` (a name with a full stop in it: "I met J. Smith")."""
    parts, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        if not any(first < end.start() < last for first, last in unbroken):
            parts.append(text[start:end.start()])
            start = end.end()
    parts.append(text[start:])
    return [part for part in parts if part.strip()]
