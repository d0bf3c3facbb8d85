"""Query cleanup without an LLM: drop the question scaffolding that matches every turn, and call
the speakers by their own names."""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["strip_question_words", "with_speakers_named"]

_LEADING = re.compile(
    r"^\s*(?:(?:what|which|who|whom|whose|when|where|why|how)(?:\s+(?:many|much|long|often|old|kind|kinds|type|types|sort))?"
    r"(?:\s+(?:of))?\s+)?(?:(?:is|are|was|were|do|does|did|has|have|had|can|could|would|will|should|might)\s+)?",
    re.IGNORECASE,
)


def strip_question_words(question: str) -> str:
    """'When did Caroline go to the support group?' -> 'Caroline go to the support group'."""
    stripped = _LEADING.sub("", question, count=1).strip().rstrip("?").strip()
    return stripped or question


def with_speakers_named(query: str, nicknames: Mapping[str, str]) -> str:
    """``query`` with each name a speaker goes by ("what does kai do now?") said as the speaker's own
    name: the memories speak of them by it, and a stray "Got it, Kai." shares no more than the name."""
    if not nicknames:
        return query
    return re.sub(r"[^\W\d_][\w'’-]*", lambda word: _nicknamed(word.group(0), nicknames), query)


def _nicknamed(word: str, nicknames: Mapping[str, str]) -> str:
    base, possessive = (word[:-2], word[-2:]) if word.endswith(("'s", "’s")) else (word, "")
    speaker = nicknames.get(base.casefold())
    return speaker + possessive if speaker is not None else word

