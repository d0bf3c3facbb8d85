"""The tools' wire format: typed arguments and structured results, and how records map to them.

Pydantic lives here, at the edge; inside, records are frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from engram_mcp.model import NAMESPACE_REGEX, Memory
from engram_mcp.model.salience import Usage
from engram_mcp.service.results import Recall, RecalledMemory

__all__ = [
    "CheckOut",
    "EntitiesOut",
    "EntityOut",
    "ForgetItemOut",
    "ForgetOut",
    "HistoryOut",
    "MemoryOut",
    "Namespace",
    "NearMatchOut",
    "RecallOut",
    "RememberOut",
    "Role",
    "StatusOut",
    "TypeName",
    "memory_out",
    "recall_out",
    "recall_text",
]

Role = Literal["user", "assistant", "tool"]
TypeName = Literal["episodic", "semantic", "procedural"]
Namespace = Annotated[
    str,
    Field(
        pattern=rf"^{NAMESPACE_REGEX}$",
        description="A separate memory space, e.g. per project. Default: 'default'.",
    ),
]


class MemoryOut(BaseModel):
    """A memory as returned to the assistant, with where it came from."""

    id: str
    kind: Literal["episode", "fact"]
    type: TypeName
    text: str
    certainty: float
    score: float
    valid_at: datetime | None
    invalid_at: datetime | None
    created_at: datetime
    expired_at: datetime | None
    speaker: str | None
    role: str | None
    session: str | None
    namespace: str
    source: str
    source_turns: list[str]
    entities: list[str]
    file: str | None
    importance: float = 0.5
    access_count: int = 0
    confirmations: int = 0
    supersedes: list[str] = Field(default_factory=list)
    superseded_by: str | None = None
    supports: str | None = Field(
        default=None, description="Set on a turn returned as the source of a recalled fact: that fact's id."
    )
    status: Literal["current", "superseded", "retracted", "outdated", "disputed", "upcoming"] = Field(
        default="current",
        description="At the moment asked about: 'current'; 'superseded' or 'retracted' (a fact that ended); "
        "'outdated' (a turn that stated something since replaced: what was said then); 'disputed' (contradicts "
        "a fact the person pinned or wrote, given in replaced_by); 'upcoming' (a fact true only from "
        "status_since; replaced_by is what holds until then).",
    )
    status_since: datetime | None = Field(default=None, description="When it stopped holding (upcoming: when it begins).")
    replaced_by: str | None = Field(default=None, description="The id of the fact that holds in its place.")
    replaced_by_text: str | None = None


class RecallOut(BaseModel):
    abstained: bool = Field(description="True when nothing relevant is known: do not guess.")
    count: int
    memories: list[MemoryOut]
    context: str = Field(
        default="", description="The memories as a compact block with dates and sources, ready to use as context."
    )
    context_tokens: int = Field(default=0, description="Approximate size of `context` in tokens.")
    confidence: float = Field(default=0.0, description="Best dense cosine of the question to any memory.")
    focus: list[str] = Field(
        default_factory=list, description="What the question asks, as abstention read it (names of known people removed)."
    )
    focus_covered: float = Field(
        default=1.0, description="Largest share of the focus words any recalled memory holds."
    )
    focus_cosine: float = Field(default=1.0, description="Best dense cosine of the focus alone to any memory.")


class RememberOut(BaseModel):
    id: str
    created_at: datetime
    file: str | None
    action: Literal["stored", "added", "reinforced", "superseded", "dropped"] = Field(
        default="stored",
        description="For facts: added new, reinforced an existing one (id is that one), or superseded older ones.",
    )
    superseded: list[str] = Field(default_factory=list)
    disputes: list[str] = Field(
        default_factory=list,
        description="Pinned or hand-written facts this one contradicts: they stay current and are shown first.",
    )
    superseded_by: str | None = Field(
        default=None,
        description="For a fact told late (true from before the current one began): the later fact that ends it; "
        "`superseded` then lists the earlier one it ends.",
    )


class ForgetItemOut(BaseModel):
    id: str
    kind: Literal["episode", "fact"]
    action: Literal["removed", "redacted", "updated", "retracted"] = Field(
        description="'removed': deleted everywhere. 'redacted': the sentences shown were cut, the rest kept. "
        "'updated': kept, with a purged source or version unlinked. 'retracted': ended now, kept as history."
    )
    text: str = Field(description="The item's text, shortened (for 'redacted': the sentences cut).")


class ForgetOut(BaseModel):
    id: str | None
    mode: Literal["purge", "retract"]
    dry_run: bool = Field(default=False, description="True: a preview; nothing was changed.")
    removed: list[str] = Field(description="Ids deleted everywhere.")
    retracted: list[str] = Field(description="Ids ended now and kept as history.")
    updated: list[str] = Field(description="Memories kept but changed: redacted turns, facts that lost a source.")
    removed_from: list[str] = Field(
        description="Where it was (in a preview: will be) removed from: every page holding it, a sync tool's "
        "conflict copy of a page too, then the index and the bookkeeping."
    )
    items: list[ForgetItemOut] = Field(default_factory=list, description="Every item touched, with its text.")


class HistoryOut(BaseModel):
    id: str
    versions: list[MemoryOut] = Field(description="The fact's supersession chain, oldest first, with intervals.")


class EntityOut(BaseModel):
    id: str
    name: str
    facts: int


class NearMatchOut(BaseModel):
    name: str
    other: str
    similarity: float


class EntitiesOut(BaseModel):
    entities: list[EntityOut]
    near_matches: list[NearMatchOut] = Field(
        description="Names that may be the same entity. Never merged automatically: ask the user."
    )


class MergedOut(BaseModel):
    kept: str
    merged: str
    rewritten: list[str] = Field(description="The ids of the facts that named the merged name and now name the kept one.")


class StatusOut(BaseModel):
    memory_dir: str
    memories: int
    index_backend: str
    embedding_model: str
    extractor: str
    extraction_queue: int = Field(description="Stored turns waiting for fact extraction.")
    extraction_idle: bool = Field(description="Nothing waiting and nothing being extracted.")
    extracted_turns: int
    facts_written: int
    failed_turns: int
    last_extraction_error: str | None
    role: Literal["owner", "proxy"] = Field(
        "owner",
        description="'owner': this process runs the memory. 'proxy': it forwards to the process that does "
        "(several clients share one memory folder).",
    )
    owner_pid: int = Field(0, description="The process that runs the memory.")


class CheckOut(BaseModel):
    clean: bool = Field(description="True when every memory file and the index agree exactly.")
    differences: list[str]


ABSTAINED_TEXT = "Nothing stored addresses this (recall abstained): tell the user you don't know; do not guess."


def recall_text(out: RecallOut) -> str:
    """What a model reads from recall or as_of: the context block, not the records' JSON."""
    if out.abstained or not out.context:
        return ABSTAINED_TEXT
    return out.context


def recall_out(found: Recall, usage: Callable[[str], Usage]) -> RecallOut:
    memories = [memory_out(item, usage) for item in found.memories]
    return RecallOut(
        abstained=found.abstained,
        count=len(memories),
        memories=memories,
        context=found.context,
        context_tokens=found.context_tokens,
        confidence=round(found.confidence, 4),
        focus=list(found.coverage.focus) if found.coverage else [],
        focus_covered=round(found.coverage.lexical, 4) if found.coverage else 1.0,
        focus_cosine=round(found.coverage.focus_cosine, 4) if found.coverage else 1.0,
    )


def memory_out(item: RecalledMemory, usage: Callable[[str], Usage]) -> MemoryOut:
    m: Memory = item.memory
    p = m.provenance
    used = usage(m.id)
    return MemoryOut(
        id=m.id,
        kind=m.kind.value,
        type=m.type.value,
        text=m.text,
        certainty=m.certainty,
        score=round(item.score, 6),
        valid_at=m.valid_at,
        invalid_at=m.invalid_at,
        created_at=m.created_at,
        expired_at=m.expired_at,
        speaker=p.speaker,
        role=p.role,
        session=p.session,
        namespace=p.namespace,
        source=p.source.value,
        source_turns=list(p.turn_ids),
        entities=list(m.entities),
        file=str(item.file) if item.file else None,
        importance=m.importance,
        access_count=used.access_count,
        confirmations=used.confirmations,
        supersedes=list(m.supersedes),
        superseded_by=m.superseded_by,
        supports=item.supports,
        status=item.status.state.value,
        status_since=item.status.since,
        replaced_by=item.status.replaced_by.id if item.status.replaced_by else None,
        replaced_by_text=item.status.replaced_by.text if item.status.replaced_by else None,
    )
