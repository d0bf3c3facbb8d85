"""Warming a freshly opened index with everyday questions, so a person's first recalls do not pay for it.

The first searches of a freshly opened index cost several times the later ones (at 100,000
memories, 30–60 ms instead of 20: docs/BENCHMARKS.md, Scale).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from engram_mcp.index.base import MemoryFilter
from engram_mcp.retrieval.pipeline import Retriever

__all__ = ["warm_up"]

_QUESTIONS = (
    "What happened last week?",
    "What do I like to eat?",
    "Who did I meet at work?",
    "Where are we going on the trip?",
    "What did the doctor say about my health?",
    "How do I set up the project?",
    "When is the next appointment?",
    "What did we decide about the plan?",
)
_BUDGET = 32


def warm_up(retriever: Retriever, namespaces: Sequence[str], present: Callable[[str], datetime], limit: int) -> int:
    """Ask each namespace (up to a budget of questions in all) a few everyday questions; returns how many were asked.

    The retriever is asked directly, so no use of what they find is counted.
    """
    chosen = list(namespaces)[:_BUDGET]
    each = max(1, min(len(_QUESTIONS), _BUDGET // max(len(chosen), 1)))
    for namespace in chosen:
        now = present(namespace)
        for question in _QUESTIONS[:each]:
            retriever.recall(question, MemoryFilter(namespace=namespace, current_only=True, present=now), limit, now)
    return len(chosen) * each
