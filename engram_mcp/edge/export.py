"""Engram's export format: JSON Lines, one memory a line, every field kept.

The first line is a header, ``{"format": "engram-export", "version": 1, "exported_at": …,
"count": N}``; each following line is one memory (see ``docs/EXPORT.md``):

    {"id": "f-…", "kind": "fact", "type": "semantic", "text": "Ana works at Meta",
     "created_at": "…Z", "expired_at": null, "valid_at": "…Z", "invalid_at": null,
     "certainty": 1.0, "importance": 0.5, "pinned": false,
     "namespace": "default", "speaker": "Ana", "role": "user", "session": "s1",
     "source": "user", "turn_ids": ["t-…"], "entities": ["Ana", "Meta"],
     "subject": "Ana", "predicate": "works at", "object": "Meta",
     "supersedes": ["f-…"], "superseded_by": null}

Times are ISO 8601 in UTC. Writing and reading share ``record`` and ``memory_from``, so
a memory that is exported and imported again is the same value (``Memory.__eq__``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from typing import IO, Any

from engram_mcp.errors import InvalidInput
from engram_mcp.model import MEMORY_ID_PATTERN, Kind, Memory, MemoryType, Provenance, Source, told_offset

__all__ = ["FORMAT", "VERSION", "header", "is_export_header", "memory_from", "record", "write_export"]

FORMAT = "engram-export"
VERSION = 1
_TIMES = ("created_at", "valid_at", "invalid_at", "expired_at")
_FIELDS = {
    "id", "kind", "type", "text", *_TIMES, "certainty", "importance", "pinned", "namespace", "speaker",
    "role", "session", "source", "turn_ids", "entities", "subject", "predicate", "object", "supersedes",
    "superseded_by",
}


def header(count: int, exported_at: datetime) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "exported_at": _iso(exported_at), "count": count}


def is_export_header(value: Any) -> bool:
    return isinstance(value, dict) and value.get("format") == FORMAT


def record(memory: Memory) -> dict[str, Any]:
    """One memory as a JSON object with every field."""
    p = memory.provenance
    return {
        "id": memory.id,
        "kind": memory.kind.value,
        "type": memory.type.value,
        "text": memory.text,
        **{name: _iso(getattr(memory, name)) for name in _TIMES},
        # The event time as it was told, in its own offset: the person's day survives a round trip.
        "valid_at": _iso(memory.valid_at.astimezone(timezone(memory.utc_offset)) if memory.valid_at and memory.utc_offset else memory.valid_at),
        "certainty": memory.certainty,
        "importance": memory.importance,
        "pinned": memory.pinned,
        "namespace": p.namespace,
        "speaker": p.speaker,
        "role": p.role,
        "session": p.session,
        "source": p.source.value,
        "turn_ids": list(p.turn_ids),
        "entities": list(memory.entities),
        "subject": memory.subject,
        "predicate": memory.predicate,
        "object": memory.object,
        "supersedes": list(memory.supersedes),
        "superseded_by": memory.superseded_by,
    }


def memory_from(value: Any) -> Memory:
    """The memory a record describes; InvalidInput naming the first thing wrong with it."""
    if not isinstance(value, dict):
        raise InvalidInput("each line must be a JSON object")
    unknown = set(value) - _FIELDS
    if unknown:
        raise InvalidInput(f"unknown field(s) {', '.join(sorted(unknown))}")
    for name in ("id", "kind", "type", "text", "created_at"):
        if not value.get(name):
            raise InvalidInput(f"{name!r} is required")
    if not MEMORY_ID_PATTERN.match(value["id"]):
        raise InvalidInput(f"'id' must look like t-0123456789ab, got {value['id']!r}")
    try:
        return Memory(
            id=value["id"],
            kind=Kind(value["kind"]),
            type=MemoryType(value["type"]),
            text=_text(value["text"]),
            **{name: _moment(value.get(name), name) for name in _TIMES},  # type: ignore[arg-type]
            utc_offset=told_offset(_moment(value.get("valid_at"), "valid_at")),
            certainty=float(value.get("certainty", 1.0)),
            importance=float(value.get("importance", 0.5)),
            pinned=bool(value.get("pinned", False)),
            provenance=Provenance(
                namespace=value.get("namespace") or "default",
                speaker=value.get("speaker"),
                role=value.get("role"),
                session=value.get("session"),
                source=Source(value.get("source") or "import"),
                turn_ids=tuple(value.get("turn_ids") or ()),
            ),
            entities=tuple(value.get("entities") or ()),
            subject=value.get("subject"),
            predicate=value.get("predicate"),
            object=value.get("object"),
            supersedes=tuple(value.get("supersedes") or ()),
            superseded_by=value.get("superseded_by"),
        )
    except ValueError as error:  # a bad enum value, a naive time, certainty out of range
        raise InvalidInput(str(error)) from None


def write_export(memories: Iterable[Memory], count: int, exported_at: datetime, stream: IO[str]) -> Iterator[Memory]:
    """Write the header and each memory; yields each memory once written (for progress)."""
    stream.write(json.dumps(header(count, exported_at)) + "\n")
    for memory in memories:
        stream.write(json.dumps(record(memory), ensure_ascii=False) + "\n")
        yield memory


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("'text' must be a non-empty string")
    return value


def _moment(value: Any, name: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"{name!r} must be an ISO 8601 string")
    moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise InvalidInput(f"{name!r} needs a zone (e.g. 'Z'), got {value!r}")
    return moment


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None
