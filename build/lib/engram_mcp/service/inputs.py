"""Checks on what callers hand the memory service: bounded, clear errors, nothing written."""

from __future__ import annotations

import re
from datetime import datetime

from engram_mcp.errors import InvalidInput
from engram_mcp.model import NAMESPACE_REGEX, Kind, Memory, MemoryType, Provenance, Source, ensure_utc, new_memory_id

__all__ = ["MAX_TEXT_CHARS", "check_namespace", "check_text", "new_turn", "utc"]

_ROLES = {"user": Source.USER, "assistant": Source.ASSISTANT, "tool": Source.TOOL}

MAX_TEXT_CHARS = 100_000
_NAMESPACE = re.compile(rf"^{NAMESPACE_REGEX}$")


def check_text(text: str) -> None:
    if not text or not text.strip():
        raise InvalidInput("text must not be empty")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput(f"text is {len(text)} characters; at most {MAX_TEXT_CHARS} fit in one memory")


def check_namespace(namespace: str) -> None:
    if not _NAMESPACE.match(namespace):
        raise InvalidInput(
            f"namespace must be 1-64 letters, digits, '_' or '-' (starting with a letter or digit), got {namespace!r}"
        )


def utc(moment: datetime, name: str) -> datetime:
    try:
        return ensure_utc(moment)
    except ValueError as error:
        raise InvalidInput(f"{name}: {error} (add a zone, e.g. 'Z' or '+02:00')") from error


def new_turn(
    text: str,
    now: datetime,
    *,
    role: str = "user",
    speaker: str | None = None,
    session: str | None = None,
    namespace: str = "default",
    event_time: datetime | None = None,
    memory_id: str | None = None,
    source: Source | None = None,
) -> Memory:
    """A conversation turn as ``remember`` stores it, checked; nothing is written."""
    check_text(text)
    check_namespace(namespace)
    if role not in _ROLES:
        raise InvalidInput(f"role must be one of {', '.join(_ROLES)}, got {role!r}")
    return Memory(
        id=memory_id or new_memory_id(Kind.EPISODE),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=now,
        valid_at=utc(event_time, "event_time") if event_time else now,
        provenance=Provenance(
            namespace=namespace, speaker=speaker, role=role, session=session, source=source or _ROLES[role]
        ),
    )
