"""What a person's edit to a memory file means, and the smallest rewrite that records it. Pure.

Two things a person may type need an answer written back into the file:

- a ``- `` item without an id is a new memory: it gets an id and a metadata line, and its
  text stays exactly as typed;
- a ``#pin`` (or ``#unpin``) tag in a memory's text is an instruction, not content: the tag
  is taken out and ``pinned=true`` is set (or cleared) in the metadata.

Everything else a person changes is read as it stands (see ``classify``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timezone
from pathlib import PurePosixPath

from engram_mcp.markdown.escape import TAG, decode_text
from engram_mcp.markdown.format import Block, Document, HandBlock, Segment, render_block, written_text
from engram_mcp.markdown.layout import GENERAL_PAGE, base_stem, folder_of, namespace_of, slug
from engram_mcp.markdown.leads import read_text, turn_lead
from engram_mcp.markdown.links import linked_names
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, new_memory_id
from engram_mcp.service.inputs import ROLES

__all__ = ["Settled", "hand_memory", "is_correction", "is_revision", "settle"]

_PIN = TAG
_PIN_WITH_SPACE = re.compile(r"[ \t]*(?<![\w#])#(?:pin|unpin)(?![\w-])")


@dataclass(frozen=True, slots=True)
class Settled:
    """A document after its hand-written items got ids and its pin tags became metadata."""

    document: Document
    rewritten: bool


def settle(
    document: Document, relative: PurePosixPath, now: datetime, new_id: Callable[[Kind], str] = new_memory_id
) -> Settled:
    """Give hand-written items ids and turn pin tags into metadata; nothing else is touched."""
    siblings = [block.memory for block in document.blocks]
    segments: list[Segment] = []
    rewritten = False
    for segment in document.segments:
        if isinstance(segment, HandBlock):
            written, pinned = _untagged(written_text(segment))
            text = decode_text(written)
            if not text.strip():
                segments.append(segment)
                continue
            memory = hand_memory(text, relative, siblings, now, new_id)
            memory = replace(memory, pinned=bool(pinned))
            segments.append(_terminated(render_block(memory, segment.line), segment.raw))
            rewritten = True
        elif isinstance(segment, Block) and _PIN.search(written_text(segment)):
            written, pinned = _untagged(written_text(segment))
            text = read_text(written, segment.memory)
            memory = replace(segment.memory, text=text, pinned=segment.memory.pinned if pinned is None else pinned)
            segments.append(_terminated(render_block(memory, segment.line), segment.raw))
            rewritten = True
        else:
            segments.append(segment)
    return Settled(Document(tuple(segments)), rewritten)


def hand_memory(
    text: str, relative: PurePosixPath, siblings: list[Memory], now: datetime, new_id: Callable[[Kind], str]
) -> Memory:
    """A memory for text a person typed into a file, shaped so it stays in that file."""
    folder = folder_of(relative)
    provenance = Provenance(namespace=namespace_of(relative), source=Source.HUMAN_EDIT)
    if folder == "journal":
        said_at = _day_of(relative, now)
        # A turn typed in the journal's own form ("**Ana** 10:00 UTC — …") says who said it and when.
        lead = turn_lead(text)
        if lead is not None:
            text, said_at = lead.text, datetime.combine(said_at.date(), time(lead.hour, lead.minute), tzinfo=timezone.utc)
            role = lead.who.lower() if lead.who.lower() in ROLES else None
            provenance = replace(provenance, speaker=None if role else lead.who, role=role)
        return Memory(
            id=new_id(Kind.EPISODE),
            kind=Kind.EPISODE,
            type=MemoryType.EPISODIC,
            text=text,
            created_at=now,
            valid_at=said_at,
            provenance=provenance,
            entities=linked_names(text),
        )
    subject = next((m.subject for m in siblings if m.subject), None)
    stem = base_stem(relative)
    title = stem.replace("-", " ").title()
    if subject is None and stem != GENERAL_PAGE and slug(title) == stem:
        subject = title
    return Memory(
        id=new_id(Kind.FACT),
        kind=Kind.FACT,
        type=MemoryType.PROCEDURAL if folder == "procedures" else MemoryType.SEMANTIC,
        text=text,
        created_at=now,
        certainty=1.0,
        provenance=provenance,
        subject=subject,
        entities=linked_names(text),
    )


def is_revision(known: Memory, found: Memory) -> bool:
    """A person reworded a current fact: that supersedes it rather than silently replacing it.

    A turn is a record of what was said, so fixing its text (a typo in a transcript) is an
    edit in place; so is any change to a fact that keeps its text (metadata, pinning).
    """
    return known.kind is Kind.FACT and known.expired_at is None and known.text != found.text


def is_correction(known: Memory, found: Memory) -> bool:
    """A person corrected what a turn says: it stays the same turn, edited in place, but what was
    drawn from its old text is drawn again from the new."""
    return known.kind is Kind.EPISODE and known.text != found.text


def _untagged(text: str) -> tuple[str, bool | None]:
    tags = [match.group("tag") for match in _PIN.finditer(text)]
    if not tags:
        return text, None
    cleaned = _PIN_WITH_SPACE.sub("", text)
    return "\n".join(line.rstrip() for line in cleaned.split("\n")).strip(), tags[-1] == "pin"


def _terminated(block: Block, original: str) -> Block:
    """Keep a file that ended without a newline ending without one."""
    if original.endswith("\n"):
        return block
    return replace(block, raw=block.raw.rstrip("\n"))


def _day_of(relative: PurePosixPath, now: datetime) -> datetime:
    try:
        day = date.fromisoformat(base_stem(relative))
    except ValueError:
        return now
    if day == now.date():
        return now
    return datetime.combine(day, time(12, 0), tzinfo=timezone.utc)
