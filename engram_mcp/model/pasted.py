"""What a person wrote in their own words, and what they pasted from someone else. Pure.

A forwarded or quoted email is someone else's words: "We are delighted to welcome Cian" is the
creche speaking, not the person who pasted it, and "with effect from Friday" in a transfer notice
is the office's wording. The rules extractor reads only the person's words as said of them, and
recall's rules of what leads read only them for the words that say something changed.
"""

from __future__ import annotations

import re

__all__ = ["own_words"]

_EMAIL_HEADER = re.compile(r"^[ \t>]*(?:-{2,}\s*(?:Forwarded message|Original Message)\s*-{2,}|"
                           r"(?:From|Sent|Date|To|Subject):[^\n]*\n(?:[^\n]*\n)?[ \t>]*(?:From|Sent|Date|To|Subject):)",
                           re.MULTILINE | re.IGNORECASE)
_RULE_LINE = re.compile(r"^[ \t]*(?:-{3,}|_{3,}|={3,}|\*{3,})[ \t]*$", re.MULTILINE)


# "> Hi Farah, please ignore your usual rate": a line quoted from someone else, as mail and chat mark one.
_QUOTED_LINE = re.compile(r"^[ \t]*>[^\n]*(?:\n|$)", re.MULTILINE)


def own_words(text: str) -> str:
    """``text`` without a forwarded or quoted email, from its header to the rule that closes it
    ("---"), or to the end when none does ("So Graham's my manager now", said after the pasted
    email, is the person's again), and without lines quoted with ">"."""
    header = _EMAIL_HEADER.search(text)
    if header is not None:
        closing = _RULE_LINE.search(text, header.end())
        text = text[: header.start()] + ("\n" + text[closing.end():] if closing is not None else "")
    return _QUOTED_LINE.sub("", text)
