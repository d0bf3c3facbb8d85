"""Read-only views of the memory for a person or an assistant to read: pure functions over records.

The MCP resources and prompts (``edge/resources.py``) and the timeline page (``edge/timeline.py``)
are drawn from these, so "which facts are about the user", "which facts are about an entity" and
"what needs a person's review" are each decided in one place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import PurePosixPath

from engram_mcp.errors import MemoryNotFound
from engram_mcp.markdown.layout import DEFAULT_NAMESPACE, relative_path, slug
from engram_mcp.model import Certainty, Kind, Memory, MemoryType
from engram_mcp.model.entities import NearMatch, entity_id, entity_key, near_matches
from engram_mcp.model.predicates import MULTI_VALUED
from engram_mcp.model.supersede import Verdict, compare, slot_of
from engram_mcp.model.temporal import current_at, upcoming

__all__ = [
    "LOW_CERTAINTY",
    "Review",
    "about",
    "entity_names",
    "entity_page",
    "find_entity",
    "mentions",
    "profile",
    "recent",
    "review",
    "review_text",
    "user_keys",
]

LOW_CERTAINTY = float(Certainty.STRONG_INFERENCE)
"""Facts at or below this certainty were inferred, not stated: a person should confirm them."""

_PROFILE_LINES = 60
_RECENT = 25
_MENTIONS = 10
_SNIPPET = 280
_TYPE_HEADINGS = (
    (MemoryType.SEMANTIC, "Facts and preferences"),
    (MemoryType.PROCEDURAL, "How they want things done"),
    (MemoryType.EPISODIC, "Events and plans"),
)


def user_keys(memories: Iterable[Memory], namespace: str = DEFAULT_NAMESPACE) -> set[str]:
    """The entity keys that name the user: who speaks in the user's turns, and who states facts.

    A turn without a speaker is the user's as "user", the name the extractors give them.
    """
    keys = {entity_key("user")}
    for m in memories:
        if m.namespace != namespace:
            continue
        if m.kind is Kind.EPISODE and m.provenance.role == "user":
            keys.add(entity_key(m.provenance.speaker or "user"))
        elif m.kind is Kind.FACT and m.provenance.speaker and m.provenance.role in (None, "user"):
            keys.add(entity_key(m.provenance.speaker))
    return keys


def about(memory: Memory, key: str) -> bool:
    """Whether a fact is about the entity with this key: its subject, or one of its entities."""
    if memory.kind is not Kind.FACT:
        return False
    names = (*(n for n in (memory.subject,) if n), *memory.entities)
    return any(entity_key(name) == key for name in names)


def entity_names(memories: Iterable[Memory], namespace: str = DEFAULT_NAMESPACE) -> dict[str, list[str]]:
    """Every entity facts name, by key: the spellings seen, the first one first."""
    names: dict[str, list[str]] = {}
    for m in memories:
        if m.kind is Kind.FACT and m.namespace == namespace:
            for name in (*(n for n in (m.subject,) if n), *m.entities):
                spellings = names.setdefault(entity_key(name), [])
                if name not in spellings:
                    spellings.append(name)
    return names


def find_entity(memories: Sequence[Memory], name: str, namespace: str = DEFAULT_NAMESPACE) -> str:
    """The key of the entity ``name`` means: by name, page slug or entity id; raises when none."""
    names = entity_names(memories, namespace)
    wanted = name.strip()
    key = entity_key(wanted)
    if key in names:
        return key
    for candidate, spellings in names.items():
        if wanted in (entity_id(spellings[0]), slug(spellings[0])):
            return candidate
    raise MemoryNotFound(f"no entity named {name!r}; the `entities` tool lists them")


def profile(memories: Sequence[Memory], namespace: str = DEFAULT_NAMESPACE, now: datetime | None = None) -> str:
    """What memory currently holds about the user, compact: one line a fact, by type. Current at
    ``now`` (the namespace's present; without it, what has no end at all), what begins later marked."""
    keys = user_keys(memories, namespace)
    facts = [m for m in memories if m.namespace == namespace and current_at(m, now) and any(about(m, k) for k in keys)]
    names = sorted({n for m in facts for n in (m.subject,) if n and entity_key(n) in keys})
    lines = [f"# What memory holds about the user ({', '.join(names) or 'no name known'})", ""]
    if not facts:
        return "\n".join([*lines, "Nothing yet: no current facts about the user."]) + "\n"
    shown = 0
    for type_, heading in _TYPE_HEADINGS:
        group = sorted((m for m in facts if m.type is type_), key=lambda m: (-m.importance, -m.event_time.timestamp()))
        if not group or shown >= _PROFILE_LINES:
            continue
        lines += [f"## {heading}", ""]
        for m in group[: _PROFILE_LINES - shown]:
            lines.append(f"- {_fact_line(m, now)}")
            shown += 1
        lines.append("")
    if len(facts) > shown:
        lines.append(f"…and {len(facts) - shown} more; use `recall` to find them.")
    return "\n".join(lines).rstrip() + "\n"


PageOf = Callable[[Memory], PurePosixPath]
"""The page a memory is on: where the store read it (a page a person moved or renamed), or where the
layout puts it (``relative_path``) when only the memories are at hand."""


def entity_page(
    memories: Sequence[Memory],
    name: str,
    namespace: str = DEFAULT_NAMESPACE,
    now: datetime | None = None,
    page_of: PageOf = relative_path,
) -> str:
    """One entity: what is true now (at ``now``, as ``profile``), what is so from a later day, what
    was true before and what replaced it, and the turns naming it."""
    key = find_entity(memories, name, namespace)
    spellings = entity_names(memories, namespace)[key]
    by_id = {m.id: m for m in memories}
    facts = sorted((m for m in memories if m.namespace == namespace and about(m, key)), key=lambda m: m.event_time)
    # A fact that begins later is current (recall calls it upcoming), but not true now.
    later = [m for m in facts if now is not None and upcoming(m, now)]
    current = [m for m in facts if current_at(m, now) and m not in later]
    past = [m for m in facts if not current_at(m, now)]
    pages = sorted({str(page_of(m)) for m in facts if m.subject and entity_key(m.subject) == key})
    lines = [f"# {spellings[0]}", "", f"- entity id: {entity_id(spellings[0])}"]
    if len(spellings) > 1:
        lines.append(f"- also written: {', '.join(spellings[1:])}")
    if pages:
        lines.append(f"- page: {', '.join(pages)}")
    lines += ["", "## True now", ""]
    lines += [f"- {_fact_line(m, now)} [{m.id}]" for m in current] or ["- nothing current"]
    if later:
        lines += ["", "## From a later day", ""]
        lines += [f"- {_fact_line(m, now)} [{m.id}]" for m in later]
    if past:
        lines += ["", "## Before", ""]
        for m in past:
            lines.append(f"- ~~{m.text}~~ ({_interval(m)}) [{m.id}] {_fate(m, by_id)}")
    turns = mentions(memories, spellings, facts, namespace)
    if turns:
        lines += ["", "## Said in", ""]
        lines += [f"- {_day(t.event_time)} {_speaker(t)}: {_snippet(t.text)} [{t.id}]" for t in turns]
    return "\n".join(lines) + "\n"


def recent(
    memories: Sequence[Memory], namespace: str = DEFAULT_NAMESPACE, limit: int = _RECENT, now: datetime | None = None
) -> str:
    """The latest memories learned, newest first: turns with their speaker, facts with their state at
    ``now`` (the namespace's present: a fact whose successor begins later is still current, one that
    begins later says from when; without it, what has no end at all is current)."""
    latest = sorted((m for m in memories if m.namespace == namespace), key=lambda m: m.created_at, reverse=True)
    lines = ["# Recent memories, newest first", ""]
    for m in latest[:limit]:
        when = m.created_at.strftime("%Y-%m-%d %H:%M")
        if m.kind is Kind.EPISODE:
            lines.append(f"- {when} turn, {_speaker(m)}: {_snippet(m.text)} [{m.id}]")
        else:
            state = "" if current_at(m, now) else " (no longer current)"
            lines.append(f"- {when} fact: {_fact_line(m, now)}{state} [{m.id}]")
    if not latest:
        lines.append("Nothing remembered yet.")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Review:
    """What a person should confirm or correct."""

    uncertain: tuple[Memory, ...]
    conflicts: tuple[tuple[Memory, Memory], ...]
    changed: tuple[tuple[Memory, Memory], ...]
    """(old, new): facts replaced within the window."""
    near: tuple[NearMatch, ...]

    @property
    def empty(self) -> bool:
        return not (self.uncertain or self.conflicts or self.changed or self.near)


def review(memories: Sequence[Memory], now: datetime, days: int = 7, namespace: str = DEFAULT_NAMESPACE) -> Review:
    """Inferred facts learned in the last ``days``; current facts that may contradict each other
    (the rules could not settle them); facts replaced in the window; names that may be one entity."""
    since = now - timedelta(days=days)
    by_id = {m.id: m for m in memories}
    facts = [m for m in memories if m.kind is Kind.FACT and m.namespace == namespace]
    current = [m for m in facts if m.is_current()]
    uncertain = sorted(
        (m for m in current if m.certainty <= LOW_CERTAINTY and m.created_at >= since), key=lambda m: m.certainty
    )
    conflicts = []
    slots = [(m, slot_of(m)) for m in current]
    for i, (a, sa) in enumerate(slots):
        for b, sb in slots[i + 1 :]:
            if sa is None or sb is None or (sa.subject, sa.predicate) != (sb.subject, sb.predicate):
                continue
            if sa.predicate not in MULTI_VALUED and compare(sb, sa) in (Verdict.SUPERSEDES, Verdict.AMBIGUOUS):
                conflicts.append((a, b))
    changed = [
        (m, by_id[m.superseded_by])
        for m in facts
        if m.superseded_by in by_id and m.expired_at is not None and m.expired_at >= since
    ]
    names = [spellings[0] for spellings in entity_names(memories, namespace).values()]
    return Review(tuple(uncertain), tuple(conflicts), tuple(changed), tuple(near_matches(names)))


def review_text(found: Review, days: int) -> str:
    """The review as a checklist for the assistant to go through with the user."""
    if found.empty:
        return f"Nothing needs review: no inferred facts in the last {days} days, no conflicts, no doubtful names.\n"
    lines: list[str] = []
    if found.uncertain:
        lines += [f"## Inferred, not stated (learned in the last {days} days)", ""]
        lines += [f"- {m.text} (certainty {m.certainty:.1f}) [{m.id}]" for m in found.uncertain]
        lines.append("")
    if found.conflicts:
        lines += ["## May contradict each other (both still held as true)", ""]
        lines += [f"- {a.text} [{a.id}] / {b.text} [{b.id}]" for a, b in found.conflicts]
        lines.append("")
    if found.changed:
        lines += [f"## Changed in the last {days} days", ""]
        lines += [f"- {new.text} [{new.id}] replaced {old.text} [{old.id}]" for old, new in found.changed]
        lines.append("")
    if found.near:
        lines += ["## Names that may be the same one", ""]
        lines += [f"- {n.name} ~ {n.other} ({n.similarity:.0%} alike)" for n in found.near]
        lines.append("")
    return "\n".join(lines)


def _fact_line(m: Memory, now: datetime | None = None) -> str:
    if m.valid_at is None:
        notes = []
    elif now is not None and upcoming(m, now):
        notes = [f"from {_day(m.valid_at)}"]
    elif now is not None and m.invalid_at is not None:
        notes = [f"since {_day(m.valid_at)}, until {_day(m.invalid_at)}"]
    else:
        notes = [f"since {_day(m.valid_at)}"]
    if m.certainty < 1.0:
        notes.append("inferred" if m.certainty > LOW_CERTAINTY else "a guess")
    if m.pinned:
        notes.append("pinned")
    return f"{m.text} ({', '.join(notes)})" if notes else m.text


def _interval(m: Memory) -> str:
    return f"{_day(m.event_time)} .. {_day(m.invalid_at) if m.invalid_at else 'now'}"


def _fate(m: Memory, by_id: dict[str, Memory]) -> str:
    successor = by_id.get(m.superseded_by) if m.superseded_by else None
    if successor is not None:
        return f"→ replaced by {successor.text} [{successor.id}]"
    return "→ retracted"


def mentions(
    memories: Sequence[Memory],
    spellings: Sequence[str],
    facts: Sequence[Memory],
    namespace: str = DEFAULT_NAMESPACE,
    limit: int | None = _MENTIONS,
) -> list[Memory]:
    """The turns that name an entity (any spelling, as a whole word) or that its facts came from, newest first."""
    sources = {turn for m in facts for turn in m.provenance.turn_ids}
    pattern = re.compile("|".join(rf"\b{re.escape(s)}\b" for s in spellings), re.IGNORECASE)
    turns = [
        m
        for m in memories
        if m.kind is Kind.EPISODE and m.namespace == namespace and (m.id in sources or pattern.search(m.text))
    ]
    return sorted(turns, key=lambda m: m.event_time, reverse=True)[:limit]


def _speaker(m: Memory) -> str:
    return m.provenance.speaker or m.provenance.role or "someone"


def _snippet(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _SNIPPET else flat[: _SNIPPET - 1] + "…"


def _day(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d") if moment else ""
