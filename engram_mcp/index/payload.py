"""What the index stores beside the vectors, and how a MemoryFilter reads it. Pure.

Times are stored as UTC epoch seconds (floats: microsecond precision survives a float64
until the year 2255). Interval ends that are unknown or still open are stored as
``FOREVER`` rather than left out, so every time filter is a plain range on an indexed float
field and no condition needs "or missing":

    valid_from, valid_until  = model.temporal.valid_interval (an open end as FOREVER)
    created_at, known_until  = model.temporal.known_interval (likewise)

so the index filter and ``as_of`` over the catalogue answer from the same rule.

Both adapters translate the engine-neutral conditions built here into their own model
classes, so the filter semantics live in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from engram_mcp.index.base import MemoryFilter
from engram_mcp.model import Memory, ensure_utc, point_id
from engram_mcp.model.temporal import believed_at, current_at, known_interval, true_at, valid_interval

__all__ = [
    "admits",
    "FOREVER",
    "Condition",
    "HasIds",
    "KEYWORD_FIELDS",
    "MatchAny",
    "MatchValue",
    "Range",
    "TIME_FIELDS",
    "conditions_for",
    "epoch",
    "normalise_entity",
    "to_payload",
]

# 9999-12-31T23:59:59Z: later than any real moment and still a valid datetime.
FOREVER: Final = 253402300799.0

KEYWORD_FIELDS: Final = ("memory_id", "namespace", "kind", "type", "entities")
TIME_FIELDS: Final = ("created_at", "valid_from", "valid_until", "known_until")


@dataclass(frozen=True, slots=True)
class MatchValue:
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class MatchAny:
    """The field (or any element of a list field) equals one of ``values``."""

    key: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Range:
    key: str
    gte: float | None = None
    lt: float | None = None
    gt: float | None = None
    lte: float | None = None


@dataclass(frozen=True, slots=True)
class HasIds:
    point_ids: tuple[str, ...]


Condition = MatchValue | MatchAny | Range | HasIds


def epoch(moment: datetime) -> float:
    return ensure_utc(moment).timestamp()


def normalise_entity(name: str) -> str:
    """Entities compare case-insensitively and ignore stray whitespace."""
    return " ".join(name.casefold().split())


def to_payload(memory: Memory) -> dict[str, object]:
    """The payload of a memory's point. The text stays in the markdown store, not here."""
    valid_from, valid_until = valid_interval(memory)
    created_at, known_until = known_interval(memory)
    return {
        "memory_id": memory.id,
        "namespace": memory.namespace,
        "kind": memory.kind.value,
        "type": memory.type.value,
        "entities": sorted({normalise_entity(e) for e in memory.entities if e.strip()}),
        "certainty": float(memory.certainty),
        "content_hash": memory.content_hash(),
        "created_at": epoch(created_at),
        "valid_from": epoch(valid_from),
        "valid_until": _end(valid_until),
        "known_until": _end(known_until),
    }


def conditions_for(where: MemoryFilter) -> list[Condition]:
    """The conditions that must all hold for a memory to pass ``where``."""
    conditions: list[Condition] = []
    if where.namespace is not None:
        conditions.append(MatchValue("namespace", where.namespace))
    if where.kinds:
        conditions.append(MatchAny("kind", _unique(k.value for k in where.kinds)))
    if where.types:
        conditions.append(MatchAny("type", _unique(t.value for t in where.types)))
    if where.entities:
        # Any of the entities: a query about Alice and Bob wants memories of either.
        conditions.append(MatchAny("entities", _unique(normalise_entity(e) for e in where.entities)))
    if where.ids:
        conditions.append(HasIds(_unique(point_id(i) for i in where.ids)))
    if where.current_only:
        # temporal.current_at: not withdrawn, and not ended by the present (no end at all without one).
        present = where.present
        conditions.append(Range("valid_until", gte=FOREVER) if present is None else Range("valid_until", gt=_before_forever(present)))
        conditions.append(Range("known_until", gte=FOREVER))
    if where.valid_at is not None:
        conditions.append(Range("valid_from", lte=epoch(where.valid_at)))
        conditions.append(Range("valid_until", gt=_before_forever(where.valid_at)))
    if where.known_at is not None:
        conditions.append(Range("created_at", lte=epoch(where.known_at)))
        conditions.append(Range("known_until", gt=_before_forever(where.known_at)))
    if where.happened_within is not None:
        start, end = where.happened_within
        conditions.append(Range("valid_from", gte=epoch(start), lt=epoch(end)))
    return conditions


def _before_forever(moment: datetime) -> float:
    """``moment`` for an "until after" condition: an open end (``FOREVER``, itself the last second a
    datetime can say) is after every moment, the last second too ("as of 9999-12-31T23:59:59Z")."""
    return min(epoch(moment), FOREVER - 1.0)


def _end(moment: datetime | None) -> float:
    return FOREVER if moment is None else epoch(moment)


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


def admits(where: MemoryFilter, memory: Memory) -> bool:
    """The in-memory reading of ``where``, for memories reached without the index (neighbours,
    a fact's source turns): the same conditions as ``conditions_for``, from the same rules."""
    if where.namespace is not None and memory.namespace != where.namespace:
        return False
    if where.kinds and memory.kind not in where.kinds:
        return False
    if where.types and memory.type not in where.types:
        return False
    if where.ids and memory.id not in where.ids:
        return False
    if where.current_only and not current_at(memory, where.present):
        return False
    if where.valid_at is not None and not true_at(memory, where.valid_at):
        return False
    if where.known_at is not None and not believed_at(memory, where.known_at):
        return False
    if where.happened_within is not None and not where.happened_within[0] <= memory.event_time < where.happened_within[1]:
        return False
    return True
