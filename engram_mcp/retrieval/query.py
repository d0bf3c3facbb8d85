"""Query cleanup without an LLM: drop the question scaffolding that matches every turn."""

from __future__ import annotations

import re

__all__ = ["strip_question_words"]

_LEADING = re.compile(
    r"^\s*(?:(?:what|which|who|whom|whose|when|where|why|how)(?:\s+(?:many|much|long|often|old|kind|kinds|type|types|sort))?"
    r"(?:\s+(?:of))?\s+)?(?:(?:is|are|was|were|do|does|did|has|have|had|can|could|would|will|should|might)\s+)?",
    re.IGNORECASE,
)


def strip_question_words(question: str) -> str:
    """'When did Caroline go to the support group?' -> 'Caroline go to the support group'."""
    stripped = _LEADING.sub("", question, count=1).strip().rstrip("?").strip()
    return stripped or question
