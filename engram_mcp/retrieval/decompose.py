"""Query decomposition without an LLM: the parts of a question that asks about several things. Pure.

'Which did I start first, the Ferrari model or the Porsche model?' and 'How many days before
I bought my iPad did I attend the Holiday Market?' each need two memories that share few
words: one query vector sits between them and finds neither well. The question is cut at
the words that join its events — alternatives ('or'), conjunctions ('and', 'between'),
time relations ('before', 'after', 'when', 'since', 'while', 'until') and a second
inverted clause ('did I …') — and every part that still names at least two content words
becomes an extra query beside the whole question.
"""

from __future__ import annotations

import re

from engram_mcp.index.sparse import tokenize
from engram_mcp.retrieval.query import strip_question_words

__all__ = ["sub_questions"]

_JOINS = re.compile(
    r",|;|\bor\b|\band\b|\bbetween\b|\bbefore\b|\bafter\b|\bwhen\b|\bwhile\b|\bsince\b|\buntil\b|"
    r"\b(?:did|had|have|was|were|do|does)\s+(?=i\b|we\b|you\b|he\b|she\b|they\b)",
    re.IGNORECASE,
)
_MIN_CONTENT_WORDS = 2


def sub_questions(question: str, most: int = 3) -> list[str]:
    """The question's parts (at most ``most``), or [] when it asks about one thing.

    A part is kept only when it has ``_MIN_CONTENT_WORDS`` content words of its own, so
    'how many days' or 'the first' never become queries.
    """
    body = strip_question_words(question)
    parts = [p.strip(" ?.!'\"") for p in _JOINS.split(body)]
    kept: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for part in parts:
        words = tuple(tokenize(part))
        if len(set(words)) < _MIN_CONTENT_WORDS or words in seen:
            continue
        seen.add(words)
        kept.append(part)
    if len(kept) < 2:
        return []
    # The longest parts carry the most of what is asked.
    return sorted(kept, key=lambda p: -len(tokenize(p)))[:most]
