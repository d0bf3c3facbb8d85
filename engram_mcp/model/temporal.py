"""Bi-temporal rules: which memories were true, or believed, at a moment. Pure."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

from engram_mcp.model.records import Memory

__all__ = ["Axis", "believed_at", "true_at", "visible_at"]


class Axis(str, Enum):
    """Which time line an as-of question is asked on."""

    VALID = "valid"
    """World time: what was true then, as the memory knows it now."""
    KNOWN = "known"
    """System time: what the memory believed then."""


def true_at(memory: Memory, moment: datetime) -> bool:
    """True in the world at ``moment``, by current knowledge (a retracted memory never was)."""
    if memory.expired_at is not None and memory.superseded_by is None:
        return False
    starts = memory.valid_at or memory.created_at
    return starts <= moment and (memory.invalid_at is None or moment < memory.invalid_at)


def believed_at(memory: Memory, moment: datetime) -> bool:
    """Held by the memory at ``moment``: learned by then and not yet retracted or superseded."""
    return memory.created_at <= moment and (memory.expired_at is None or moment < memory.expired_at)


def visible_at(memory: Memory, moment: datetime, axis: Axis) -> bool:
    return true_at(memory, moment) if axis is Axis.VALID else believed_at(memory, moment)
