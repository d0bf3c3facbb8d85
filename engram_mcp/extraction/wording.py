"""How a restated fact is worded: the names it carries, its length, and who "you" is. Pure."""

from __future__ import annotations

import re

from engram_mcp.model.time_expr import WEEKDAY_NAMES

__all__ = ["SECOND_PERSON", "clip", "names_in"]

SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|you've|you'll|ya|u)\b", re.IGNORECASE)
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w'’.-]*(?:\s+(?:(?:of|de|do|da|dos|das|du|del|della|di|van|von|der|"
                          r"den|la|le)\s+)?[A-Z][\w'’-]*)*)")
_MAX_STATEMENT_CHARS = 220


def names_in(statement: str, speaker: str) -> tuple[str, ...]:
    """The speaker, then each name the statement capitalises ("Sam's" as "Sam"), once each."""
    runs = (_drop_possessive(match.strip(" .'’")) for match in _CAPITALISED.findall(statement))
    names = [speaker, *(name for run in runs for name in _apart(run, speaker))]
    return tuple(dict.fromkeys(name for name in names if name and name not in {"I", "The", "A"}))


def _apart(run: str, speaker: str) -> list[str]:
    """The names a run of capitalised words holds: the speaker's name that stands for "I" or "me" beside another
    name ("I told Wilber I will …" restated as "… told Wilber Inti will …", "informed me Magnus is" as "informed
    Dagny Magnus is") and a weekday after a name ("meeting Maria Monday") are names of their own."""
    names: list[str] = []
    words: list[str] = []
    for word in run.split():
        if word in WEEKDAY_NAMES:
            names += [" ".join(words), word]
            words = []
        else:
            words.append(word)
    rest = " ".join(words)
    if rest.endswith(f" {speaker}"):
        names += [rest[: -len(speaker) - 1], speaker]
    elif rest.startswith(f"{speaker} "):
        names += [speaker, rest[len(speaker) + 1:]]
    else:
        names.append(rest)
    return [name for name in names if name]


def clip(text: str) -> str:
    """At most the length a fact's statement may have, cut at a word."""
    if len(text) <= _MAX_STATEMENT_CHARS:
        return text
    return text[:_MAX_STATEMENT_CHARS].rsplit(" ", 1)[0]


def _drop_possessive(name: str) -> str:
    return re.sub(r"['’]s$", "", name)
