"""Checks on what callers hand the memory service: bounded, clear errors, nothing written."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime

from engram_mcp.errors import InvalidInput, MemoryNotFound, NamespaceNotFound
from engram_mcp.markdown.escape import check_storable
from engram_mcp.model import (
    DEFAULT_NAMESPACE,
    NAMESPACE_REGEX,
    Kind,
    Memory,
    MemoryType,
    Provenance,
    Source,
    ensure_utc,
    new_memory_id,
    told_offset,
)

__all__ = [
    "MAX_QUERY_CHARS",
    "MAX_TEXT_CHARS",
    "check_label",
    "check_namespace",
    "check_text",
    "held_namespace",
    "in_namespace",
    "new_turn",
    "searched_for",
    "utc",
]

_ROLES = {"user": Source.USER, "assistant": Source.ASSISTANT, "tool": Source.TOOL}
# Who a turn may be said by: the one list the tools, imports and hand-typed journal turns check a role against.
ROLES = tuple(_ROLES)

MAX_TEXT_CHARS = 100_000
MAX_QUERY_CHARS = 2_000
_NAMESPACE = re.compile(rf"^{NAMESPACE_REGEX}$")


def check_text(text: str) -> None:
    if not text or not text.strip():
        raise InvalidInput("text must not be empty")
    if not any(_visible(character) for character in text):
        raise InvalidInput("text holds only invisible characters (zero-width spaces, joiners, controls); nothing to remember")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput(f"text is {len(text)} characters; at most {MAX_TEXT_CHARS} fit in one memory")
    check_label(text, "text")


def _visible(character: str) -> bool:
    # Format (zero-width space, joiners, BOM) and control characters show nothing on their own.
    return not character.isspace() and unicodedata.category(character) not in {"Cf", "Cc"}


def check_label(value: str | None, name: str) -> None:
    """Anything a file can hold is accepted as typed; a NUL or a lone surrogate means nothing."""
    if value is None:
        return
    if "\x00" in value:
        raise InvalidInput(f"{name} holds a NUL character at position {value.index(chr(0))}; it cannot be stored")
    check_storable(value, name)


def check_namespace(namespace: str) -> None:
    if not _NAMESPACE.match(namespace):
        raise InvalidInput(
            f"namespace must be 1-64 letters, digits, '_' or '-' (starting with a letter or digit), got {namespace!r}"
        )


_LISTED = 10


def held_namespace(namespace: str, held: Iterable[str]) -> str:
    """``namespace``, checked, when a read may ask it: the default, or one holding memories (``held``);
    another is a typo or a space never written to, refused in one line naming those that exist and the
    nearest ("wrok" → "work"), rather than answered as if nothing were known there. Only ``remember``
    creates a namespace."""
    check_namespace(namespace)
    names = sorted({DEFAULT_NAMESPACE, *held}, key=lambda name: (name != DEFAULT_NAMESPACE, name))
    if namespace in names:
        return namespace
    folded = {name.casefold(): name for name in names}
    nearest = difflib.get_close_matches(namespace.casefold(), list(folded), n=1, cutoff=0.6)
    guess = f" (did you mean {folded[nearest[0]]!r}?)" if nearest else ""
    listed = ", ".join(names[:_LISTED]) + (f" and {len(names) - _LISTED} more" if len(names) > _LISTED else "")
    raise NamespaceNotFound(f"no namespace {namespace!r}{guess}; nothing is stored there. Namespaces: {listed}")


def searched_for(query: str) -> str:
    """What a query searches for: without the space around it; refused when that is nothing, longer
    than a question, or holds a lone surrogate (half of an emoji), which no tokenizer can read."""
    query = query.strip()
    if not query:
        raise InvalidInput("query must not be empty")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is {len(query)} characters; at most {MAX_QUERY_CHARS} are searched for")
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidInput(
            f"query holds a lone surrogate (U+{ord(query[error.start]):04X}) at position {error.start}; "
            "it is not a character and cannot be searched for"
        ) from None
    return query


def utc(moment: datetime, name: str) -> datetime:
    try:
        return ensure_utc(moment)
    except ValueError as error:
        raise InvalidInput(f"{name}: {error} (add a zone, e.g. 'Z' or '+02:00')") from error
    except OverflowError as error:
        raise InvalidInput(f"{name}: {moment.isoformat()} falls outside years 1-9999 once converted to UTC") from error


def new_turn(
    text: str,
    now: datetime,
    *,
    role: str = "user",
    speaker: str | None = None,
    session: str | None = None,
    namespace: str = DEFAULT_NAMESPACE,
    event_time: datetime | None = None,
    memory_id: str | None = None,
    source: Source | None = None,
) -> Memory:
    """A conversation turn as ``remember`` stores it, checked; nothing is written."""
    check_text(text)
    check_namespace(namespace)
    check_label(speaker, "speaker")
    check_label(session, "session")
    if role not in _ROLES:
        raise InvalidInput(f"role must be one of {', '.join(_ROLES)}, got {role!r}")
    return Memory(
        id=memory_id or new_memory_id(Kind.EPISODE),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=now,
        valid_at=utc(event_time, "event_time") if event_time else now,
        utc_offset=told_offset(event_time),
        provenance=Provenance(
            namespace=namespace, speaker=speaker, role=role, session=session, source=source or _ROLES[role]
        ),
    )


def in_namespace(memory: Memory, namespace: str | None) -> Memory:
    """``memory`` when it is of ``namespace`` (or none is given: an id names one memory wherever it is); else
    it is not found there (MemoryNotFound), as an id never stored would not be: an id asked in one namespace
    reads or changes nothing of another."""
    if namespace is not None and memory.namespace != namespace:
        raise MemoryNotFound(f"no memory with id {memory.id!r} in namespace {namespace!r}")
    return memory
