"""Identifiers a question quotes (codes, order numbers, versions) and the memories that hold them. Pure.

A person who asks about 'ticket 7f3a9c2e01' or 'order 4471902' wants the memory that holds
that exact string, not the reply that followed it. Ranking alone does not promise that:
the turn after a note is indexed with the note as its context, so it matches the rare code
as well as the note does, and the words around the code match every note of the same kind.
So a memory whose own text holds every identifier the question quotes ranks first; its
neighbours keep the order the channels gave them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice

__all__ = ["holds_all", "quoted_identifiers"]

_TOKEN = re.compile(r"[^\W_](?:[\w.\-/#:]*[^\W_])?")
_LETTER = re.compile(r"[^\W\d_]")
# '21st', '3pm', '1990s', '2023-05-07', '7/5/23': ordinals, times and dates are read as
# words and as times (the time boost), not as codes.
_ORDINAL_TIME_OR_DATE = re.compile(r"\d+(?:st|nd|rd|th|am|pm|s)|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}", re.IGNORECASE)
_DIGITS_IN_A_CODE = 5
"""A number alone is a code from this many digits: a phone or order number, not a year or an age."""
_OCCURRENCES = 64
MAX_IDENTIFIERS = 8
"""A question quoting more codes than this is a pasted listing, not a look-up of one thing."""


def quoted_identifiers(question: str) -> tuple[str, ...]:
    """The tokens of ``question`` that name one thing exactly: mixed letters and digits
    ('7f3a9c2e01', 'INV-2291', 'v2.3.1') or a long number ('4471902'). Lowercased, in order;
    none when there are more than ``MAX_IDENTIFIERS``."""
    found: dict[str, None] = {}
    for token in _TOKEN.findall(question):
        digits = sum(ch.isdigit() for ch in token)
        if not digits or _ORDINAL_TIME_OR_DATE.fullmatch(token):
            continue
        if (_LETTER.search(token) and len(token) >= 4) or digits >= _DIGITS_IN_A_CODE:
            found.setdefault(token.lower(), None)
            if len(found) > MAX_IDENTIFIERS:
                return ()
    return tuple(found)


def holds_all(text: str, identifiers: Iterable[str]) -> bool:
    """Whether ``text`` holds each identifier as a whole token (case-insensitive)."""
    return all(_holds(text, identifier) for identifier in identifiers)


def _holds(text: str, identifier: str) -> bool:
    # A plain search, then a look at each side: a lookbehind in the pattern makes the engine
    # try every position, 40 times slower on a long pasted text. The first occurrences
    # decide; a text that repeats a code inside longer tokens more often is not about it.
    for match in islice(re.finditer(re.escape(identifier), text, flags=re.IGNORECASE), _OCCURRENCES):
        start, end = match.span()
        if not (start and _joins(text[start - 1])) and not (end < len(text) and _joins(text[end])):
            return True
    return False


def _joins(char: str) -> bool:
    """Whether ``char`` would make a token run on: 'INV-2291-B' is not 'INV-2291'."""
    return char.isalnum() or char in "_-"

