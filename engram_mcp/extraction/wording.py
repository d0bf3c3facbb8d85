"""How a restated fact is worded: the names it carries, its length, and who "you" is. Pure."""

from __future__ import annotations

import re

__all__ = ["SECOND_PERSON", "clip", "names_in"]

SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|you've|you'll|ya|u)\b", re.IGNORECASE)
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w'’.-]*(?:\s+(?:(?:of|de|do|da|dos|das|du|del|della|di|van|von|der|"
                          r"den|la|le)\s+)?[A-Z][\w'’-]*)*)")
_MAX_STATEMENT_CHARS = 220


def names_in(statement: str, speaker: str) -> tuple[str, ...]:
    """The speaker, then each name the statement capitalises ("Sam's" as "Sam"), once each."""
    names = [speaker, *(_drop_possessive(match.strip(" .'’")) for match in _CAPITALISED.findall(statement))]
    return tuple(dict.fromkeys(name for name in names if name and name not in {"I", "The", "A"}))


def clip(text: str) -> str:
    """At most the length a fact's statement may have, cut at a word."""
    if len(text) <= _MAX_STATEMENT_CHARS:
        return text
    return text[:_MAX_STATEMENT_CHARS].rsplit(" ", 1)[0]


def _drop_possessive(name: str) -> str:
    return re.sub(r"['’]s$", "", name)
