"""Consolidation: a memory that says again what a current one says reinforces it. Pure.

Similar vectors are not enough: "likes tea" and "doesn't like tea" embed close together.
A pair is the same statement only when its slots are equal (same subject, predicate, object
and polarity), or, when either slot cannot be read, when the texts agree lexically: the same
negations, the same numbers and mostly the same content words (``same_statement``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from engram_mcp.model.predicates import Slot
from engram_mcp.model.records import Memory

__all__ = ["DEFAULT_THRESHOLD", "reinforce", "same_statement"]

DEFAULT_THRESHOLD = 0.85
"""Cosine similarity from which a new fact is a candidate duplicate of a current one."""

_NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|n't|dislikes?|hates?|stopped|quit|no longer)\b|n't\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_WORD = re.compile(r"[a-z0-9]+")
_MIN_OVERLAP = 0.6


def same_statement(a: Memory, b: Memory, slot_a: Slot | None, slot_b: Slot | None) -> bool:
    """Whether two memories say the same thing (the guard on top of vector similarity)."""
    if slot_a is not None and slot_b is not None:
        return slot_a == slot_b
    if _normal(a.text) == _normal(b.text):
        return True
    if _negations(a.text) != _negations(b.text) or _numbers(a.text) != _numbers(b.text):
        return False
    words_a, words_b = _content(a.text), _content(b.text)
    if not words_a or not words_b:
        return False
    return len(words_a & words_b) / len(words_a | words_b) >= _MIN_OVERLAP


def reinforce(existing: Memory, incoming: Memory) -> tuple[Memory, bool]:
    """(existing', new_evidence): the existing memory, strengthened by the incoming one.

    New evidence is a statement from a turn not already behind the memory (or stated
    directly): it raises certainty halfway to 1. Seeing the same turn again (extraction
    re-run after a crash) changes nothing.
    """
    known = set(existing.provenance.turn_ids)
    fresh = tuple(t for t in incoming.provenance.turn_ids if t not in known)
    new_evidence = bool(fresh) or not incoming.provenance.turn_ids
    certainty = max(existing.certainty, incoming.certainty)
    if new_evidence:
        certainty = round(certainty + (1.0 - certainty) / 2, 4)
    return (
        replace(
            existing,
            certainty=certainty,
            importance=max(existing.importance, incoming.importance),
            entities=tuple(dict.fromkeys((*existing.entities, *incoming.entities))),
            provenance=replace(existing.provenance, turn_ids=(*existing.provenance.turn_ids, *fresh)),
        ),
        new_evidence,
    )


def _normal(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _negations(text: str) -> int:
    return len(_NEGATION.findall(text.casefold())) % 2


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text))


_STOP = frozenset("a an the and or of to in on at is are was were be has have had do does did very really just also".split())


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP}
