"""Memory records: the values every other layer passes around.

Pure and stdlib-only. Records are frozen; changing one means building a new one with
``dataclasses.replace`` so that history is never mutated in place.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from enum import Enum
from typing import Final

__all__ = [
    "Certainty",
    "Kind",
    "Memory",
    "MemoryType",
    "Provenance",
    "Source",
    "content_hash",
    "ensure_utc",
    "new_memory_id",
    "on_one_line",
    "point_id",
    "told_offset",
    "MEMORY_ID_PATTERN",
]


class MemoryType(str, Enum):
    """What a memory is about: events, facts and preferences, or instructions."""

    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"


class Kind(str, Enum):
    """A raw conversation turn stored losslessly, or a fact distilled from turns."""

    EPISODE = "episode"
    FACT = "fact"


class Source(str, Enum):
    """Who put a memory into the system."""

    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"
    HUMAN_EDIT = "human-edit"
    IMPORT = "import"


class Certainty(float, Enum):
    """The three certainty levels an extracted fact may carry."""

    STATED = 1.0
    STRONG_INFERENCE = 0.7
    WEAK_GUESS = 0.4


DEFAULT_NAMESPACE: Final = "default"
MEMORY_ID_REGEX: Final = r"[a-z]-[0-9a-f]{12}"
"""A memory id, unanchored: a kind letter and 12 hex digits (also an Obsidian block id)."""
MEMORY_ID_PATTERN = re.compile(rf"^{MEMORY_ID_REGEX}$")
NAMESPACE_REGEX: Final = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"
"""A namespace name, unanchored: it becomes a folder name, so nothing that could leave the folder."""
_ID_PREFIX = {Kind.EPISODE: "t", Kind.FACT: "f"}
# Qdrant point ids must be UUIDs or integers; memory ids are short and readable, so the
# point id is derived from them deterministically and the two can never drift apart.
_POINT_NAMESPACE = uuid.UUID("5b0c1a43-3f6e-4c1e-9d0b-6a2f2f3c9e11")


def new_memory_id(kind: Kind, seed: str | None = None) -> str:
    """A short id usable as an Obsidian block reference: ``t-`` for turns, ``f-`` for facts.

    With a ``seed`` the id is deterministic (the same fact extracted twice gets the same id).
    """
    digest = hashlib.sha256(seed.encode()).hexdigest() if seed is not None else uuid.uuid4().hex
    return f"{_ID_PREFIX[kind]}-{digest[:12]}"


def point_id(memory_id: str) -> str:
    """The index's point id for a memory id."""
    return str(uuid.uuid5(_POINT_NAMESPACE, memory_id))


def told_offset(moment: datetime | None) -> timedelta | None:
    """The offset from UTC a time was told in ("…T21:30-05:00"), None for UTC or no time."""
    return (moment.utcoffset() or None) if moment is not None else None


def ensure_utc(moment: datetime) -> datetime:
    """Reject naive datetimes and normalise aware ones to UTC."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"datetime must be timezone-aware, got naive {moment.isoformat()}")
    return moment.astimezone(timezone.utc)


_NO_NAME = re.compile(r"[*^<>\"|\[\]`#]|\s\u2014(?:\s|$)")
_BREAKS = frozenset({"Cc", "Zl", "Zp"})


def on_one_line(label: str) -> bool:
    """Whether a label holds no line break nor other control character: a name is written on one line."""
    return not any(unicodedata.category(c) in _BREAKS for c in label)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a memory came from."""

    namespace: str = DEFAULT_NAMESPACE
    speaker: str | None = None
    role: str | None = None
    session: str | None = None
    source: Source = Source.USER
    turn_ids: tuple[str, ...] = ()

    @property
    def speaker_name(self) -> str | None:
        """The speaker as a name facts can be about. A speaker is stored exactly as given, but one that
        is no name (a line break, or the page format's own markup, in it) names no page or entity:
        its turns speak as the unnamed user or assistant."""
        speaker = self.speaker
        if speaker is None or _NO_NAME.search(speaker) or not on_one_line(speaker):
            return None
        return speaker


@dataclass(frozen=True, slots=True)
class Memory:
    """One memory: a turn or a fact, with both time axes.

    ``valid_at``/``invalid_at`` are world time (when it was true); ``created_at``/``expired_at``
    are system time (when the memory learned it and when it stopped believing it).
    """

    id: str
    kind: Kind
    type: MemoryType
    text: str
    created_at: datetime
    valid_at: datetime | None = None
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    certainty: float = 1.0
    provenance: Provenance = field(default_factory=Provenance)
    entities: tuple[str, ...] = ()
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    supersedes: tuple[str, ...] = ()
    superseded_by: str | None = None
    importance: float = 0.5
    pinned: bool = False
    utc_offset: timedelta | None = None
    """The offset from UTC its event time was told in ("21:30-05:00", an evening in New York); None
    when told in UTC. The person's own calendar day and clock for it (``wall_time``)."""

    def __post_init__(self) -> None:
        for name in ("created_at", "valid_at", "invalid_at", "expired_at"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, ensure_utc(value))
        if not 0.0 <= self.certainty <= 1.0:
            raise ValueError(f"certainty must be within 0..1, got {self.certainty}")

    @property
    def namespace(self) -> str:
        return self.provenance.namespace

    @property
    def event_time(self) -> datetime:
        """When the memory happened or became true, falling back to when it was learned."""
        return self.valid_at or self.created_at

    @property
    def wall_time(self) -> datetime:
        """The event time on the clock of the one who told it, written as UTC (21:30-05:00 on 10 March
        is 2024-03-10T21:30Z): what a day or hour a question names is matched against, so a turn
        belongs to the day in its own stated offset."""
        return self.event_time + self.utc_offset if self.utc_offset else self.event_time

    def is_current(self) -> bool:
        """Still believed and still true in the world, as far as the memory knows."""
        return self.expired_at is None and self.invalid_at is None

    def said_by_assistant(self) -> bool:
        """Whether the assistant said it (a reply), rather than the person or a tool."""
        return self.provenance.role == "assistant" or self.provenance.source is Source.ASSISTANT

    def content_hash(self) -> str:
        return content_hash(self)


# Raised whenever what the index derives from a memory changes meaning (payload fields, the
# indexed text): every index entry then differs from its memory and is re-derived once at start.
INDEX_DERIVATION = "2"


def content_hash(memory: Memory) -> str:
    """A hash of everything the index derives from a memory; equal hashes need no re-embedding."""
    parts = [
        INDEX_DERIVATION,
        memory.id,
        memory.kind.value,
        memory.type.value,
        memory.text,
        _iso(memory.created_at),
        _iso(memory.valid_at),
        _iso(memory.invalid_at),
        _iso(memory.expired_at),
        repr(memory.certainty),
        repr(memory.provenance),
        "|".join(memory.entities),
        repr((memory.subject, memory.predicate, memory.object)),
        "|".join(memory.supersedes),
        memory.superseded_by or "",
        repr(memory.importance),
        repr(memory.pinned),
        *([repr(memory.utc_offset)] if memory.utc_offset else []),
    ]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def parse_timestamp(value: object, *, naive_is_utc: bool) -> datetime | None:
    """An ISO 8601 time from outside (``Z`` allowed), or None for anything else; a time with no
    zone is UTC only when the source is known to mean that."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc) if naive_is_utc else None
    return moment


def _iso(moment: datetime | None) -> str:
    return moment.isoformat() if moment else ""
