"""The extractor port: turn one conversation turn into 0-5 atomic facts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from engram_mcp.model import Memory, MemoryType

__all__ = ["ExtractedFact", "Extractor", "MAX_FACTS_PER_TURN"]

MAX_FACTS_PER_TURN = 5


@dataclass(frozen=True, slots=True)
class ExtractedFact:
    """A standalone statement that names who it is about, as the model (or rules) produced it."""

    statement: str
    type: MemoryType
    certainty: float
    subject: str
    predicate: str
    object: str
    entities: tuple[str, ...] = field(default_factory=tuple)
    event_time: datetime | None = None
    also_from: tuple[str, ...] = ()
    """Earlier turns the fact says again, mended ("*Tinashe" after "…starting wed, Tinsahe"): it is
    drawn from them too, so recall reads them through it."""


class Extractor(Protocol):
    """Reads a turn (with a few earlier turns as context) and returns the facts worth keeping."""

    name: str

    def extract(self, turn: Memory, context: Sequence[Memory]) -> list[ExtractedFact]: ...
