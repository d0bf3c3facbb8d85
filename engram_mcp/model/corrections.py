"""A person's correction of what they said: "it's the Copenhagen half marathon, not Berlin". Pure.

Extraction writes a correction as a fact with the predicate ``CORRECTS`` and the object
"<old> → <new>" (``correction_object``). The fact service then looks for the newest current
fact of the same person that names the old value and writes its corrected restatement,
which supersedes it: the fact is changed the way the person said, nothing is overwritten.
"""

from __future__ import annotations

import re

__all__ = ["CORRECTS", "correction_object", "corrected", "parse_correction"]

CORRECTS = "corrects"
_ARROW = " → "


def correction_object(old: str, new: str) -> str:
    return f"{old}{_ARROW}{new}"


def parse_correction(obj: str) -> tuple[str, str] | None:
    old, arrow, new = obj.partition(_ARROW)
    return (old.strip(), new.strip()) if arrow and old.strip() and new.strip() else None


def corrected(text: str, old: str, new: str) -> str | None:
    """``text`` with ``old`` replaced by ``new``; None when ``text`` does not name ``old``.

    Words ``new`` shares with what surrounds ``old`` are said once: "the Berlin half marathon"
    corrected to "the Copenhagen half marathon" is not "the the Copenhagen half marathon half
    marathon".
    """
    match = re.search(rf"(?<!\w){re.escape(old)}(?!\w)", text, re.IGNORECASE)
    if match is None:
        return None
    before, after = text[: match.start()], text[match.end():]
    words = new.split()
    following = after.split()
    # Drop the trailing words of ``new`` that the text already says right after ``old``.
    for size in range(len(words) - 1, 0, -1):
        if [w.casefold() for w in words[-size:]] == [w.casefold().strip(".,;!?") for w in following[:size]]:
            words = words[:-size]
            break
    preceding = before.split()
    for size in range(len(words) - 1, 0, -1):
        if [w.casefold() for w in words[:size]] == [w.casefold() for w in preceding[-size:]]:
            words = words[size:]
            break
    return before + " ".join(words) + after
