"""Salience: how much a memory deserves a place in an answer, beyond its relevance. Pure.

    score    = relevance × certainty_term × importance_term × recency_term
    term(x)  = 1 - weight + weight × x              (x in 0..1; weight 0 turns a signal off)
    recency  = max(0.5 ** (idle_days / half_life), importance)
    half_life = half_life_days × (1 + ln(1 + access_count))

``idle_days`` counts from the last time the memory was recalled, confirmed or learned,
whichever is latest. Recency never falls below importance, so a rarely used but important
memory (an allergy, an instruction) keeps its place; a pinned memory counts as importance 1.
The weights keep relevance in charge: with the defaults the three terms together can move a
memory by at most about a third of its relevance.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

from engram_mcp.model.records import Memory, MemoryType

__all__ = ["HIGH_IMPORTANCE", "SalienceWeights", "Usage", "default_importance", "salience"]

HIGH_IMPORTANCE = 0.9
_DEFAULT_IMPORTANCE = 0.5
# Health and safety facts must never fade for want of use.
_CRITICAL = re.compile(
    r"\b(?:allerg\w*|anaphyla\w*|epipen|asthma\w*|diabet\w*|epilep\w*|seizures?|medications?|medicines?|"
    r"prescri\w*|insulin|intoleran\w*|blood type|pregnan\w*|emergency|never|always|must not|do not|don't)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class SalienceWeights:
    """How strongly each signal may discount relevance (0 = ignore it, 1 = full effect)."""

    certainty: float = 0.2
    importance: float = 0.2
    recency: float = 0.2
    half_life_days: float = 30.0


@dataclass(frozen=True, slots=True)
class Usage:
    """How a memory has been used; kept beside the markdown, never in it."""

    access_count: int = 0
    last_access: datetime | None = None
    confirmations: int = 0
    last_confirmed: datetime | None = None


def default_importance(memory: Memory) -> float:
    """Procedural memories and health/safety facts start important; the rest start neutral."""
    if memory.pinned or memory.type is MemoryType.PROCEDURAL or _CRITICAL.search(memory.text):
        return HIGH_IMPORTANCE
    return _DEFAULT_IMPORTANCE


def salience(memory: Memory, usage: Usage, now: datetime, weights: SalienceWeights) -> float:
    """The multiplier applied to a memory's relevance (see the module docstring)."""
    importance = 1.0 if memory.pinned else min(max(memory.importance, 0.0), 1.0)
    last = memory.created_at
    if usage.last_access is not None and usage.last_access > last:
        last = usage.last_access
    if usage.last_confirmed is not None and usage.last_confirmed > last:
        last = usage.last_confirmed
    idle_days = max((now - last).total_seconds(), 0.0) / 86_400
    uses = usage.access_count + usage.confirmations
    half_life = weights.half_life_days * (1 + math.log1p(uses)) if uses else weights.half_life_days
    recency = max(0.5 ** (idle_days / half_life), importance)
    return (
        _term(weights.certainty, memory.certainty)
        * _term(weights.importance, importance)
        * _term(weights.recency, recency)
    )


def _term(weight: float, value: float) -> float:
    return 1.0 - weight + weight * value
