"""The memory service: remember, recall, forget, as_of — the business rules.

The markdown store is written first and is the source of truth; the index is derived and
brought back in step by ``reconcile`` whenever it may have drifted (start-up, reindex,
a file edited by hand).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePosixPath

from engram_mcp.embedding.base import Embedder
from engram_mcp.errors import InvalidInput, MalformedMemoryFile, MemoryNotFound
from engram_mcp.index.base import IndexEntry, MemoryFilter, VectorIndex
from engram_mcp.markdown.layout import DEFAULT_NAMESPACE
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, ensure_utc, new_memory_id
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.context import index_text
from engram_mcp.retrieval.pipeline import RecallConfig, Retriever, Salience, no_salience

__all__ = ["ForgetReceipt", "MemoryService", "Recall", "RecalledMemory", "ReconcileReport"]

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

MAX_TEXT_CHARS = 100_000
_NAMESPACE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_ROLES = {"user": Source.USER, "assistant": Source.ASSISTANT, "tool": Source.TOOL}
_EMBED_BATCH = 64


@dataclass(frozen=True, slots=True)
class RecalledMemory:
    memory: Memory
    score: float
    file: PurePosixPath | None
    supports: str | None = None
    """Set on a turn recalled as the source of a recalled fact: that fact's id."""


@dataclass(frozen=True, slots=True)
class Recall:
    """What recall found. ``abstained`` means nothing relevant enough was known."""

    memories: tuple[RecalledMemory, ...]
    abstained: bool
    confidence: float = 1.0
    """The best dense cosine of any candidate; recall abstains below the configured threshold."""
    context: str = ""
    """The memories as a block ready to inject into a prompt, under the context token budget."""
    context_tokens: int = 0


@dataclass(frozen=True, slots=True)
class ForgetReceipt:
    memory_id: str
    removed_from: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    memories: int
    embedded: int
    deleted: int
    errors: tuple[MalformedMemoryFile, ...] = field(default_factory=tuple)


class MemoryService:
    """Remembers turns, recalls by hybrid search, forgets on request, answers as of a time."""

    def __init__(
        self,
        store: MarkdownStore,
        index: VectorIndex,
        embedder: Embedder,
        clock: Clock,
        *,
        recall_limit: int = 25,
        retrieval: RecallConfig | None = None,
        salience: Salience = no_salience,
    ) -> None:
        """``salience`` is each memory's prior at recall time (a factor on its score, 1.0 neutral)."""
        self._store = store
        self._index = index
        self._embedder = embedder
        self._clock = clock
        self._recall_limit = recall_limit
        self._turn_listeners: list[Callable[[Memory], None]] = []
        self._memories: dict[str, Memory] = {}
        self._catalogue = Catalogue()
        self._retriever = Retriever(index, embedder, self._catalogue, retrieval, salience)
        self._write_lock = threading.RLock()

    # -- writing -----------------------------------------------------------------------

    def remember(
        self,
        text: str,
        *,
        role: str = "user",
        speaker: str | None = None,
        session: str | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        event_time: datetime | None = None,
    ) -> Memory:
        """Store a conversation turn losslessly, now. No model is called on this path."""
        _check_text(text)
        _check_namespace(namespace)
        source = _ROLES.get(role)
        if source is None:
            raise InvalidInput(f"role must be one of {', '.join(_ROLES)}, got {role!r}")
        now = self._clock()
        memory = Memory(
            id=new_memory_id(Kind.EPISODE),
            kind=Kind.EPISODE,
            type=MemoryType.EPISODIC,
            text=text,
            created_at=now,
            valid_at=_utc(event_time, "event_time") if event_time else now,
            provenance=Provenance(
                namespace=namespace, speaker=speaker, role=role, session=session, source=source
            ),
        )
        self.add(memory)
        for listener in self._turn_listeners:
            listener(memory)
        return memory

    def on_turn_stored(self, listener: Callable[[Memory], None]) -> None:
        """Call ``listener`` with every turn ``remember`` stores, after it is stored."""
        self._turn_listeners.append(listener)

    def add(self, memory: Memory) -> None:
        """Write any memory through the one pipeline: markdown, then embedding, then index."""
        with self._write_lock:
            self._store.add(memory)
            self._memories[memory.id] = memory
            self._catalogue.add(memory)
        self._index_memories([memory])

    def replace(self, memory: Memory) -> None:
        """Rewrite a memory that already exists (same id), in its file and in the index."""
        with self._write_lock:
            if memory.id not in self._memories:
                raise MemoryNotFound(f"no memory with id {memory.id!r}")
            self._store.update(memory)
            self._memories[memory.id] = memory
            self._catalogue.add(memory)
            following = self._catalogue.following(memory)
        # The next turn is indexed with this one as its context.
        self._index_memories([memory, *following])

    def forget(self, memory_id: str) -> ForgetReceipt:
        """Remove a memory from the markdown and the index."""
        with self._write_lock:
            if memory_id not in self._memories:
                raise MemoryNotFound(f"no memory with id {memory_id!r}")
            relative = self._store.remove(memory_id)
            following = self._catalogue.following(self._memories[memory_id])
            del self._memories[memory_id]
            self._catalogue.remove(memory_id)
            self._index.delete([memory_id])
        # The next turn was indexed with the forgotten one as its context: nothing of it may remain.
        self._index_memories(following)
        return ForgetReceipt(memory_id=memory_id, removed_from=(f"markdown:{relative}", "index"))

    # -- reading -----------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory:
        memory = self._memories.get(memory_id)
        if memory is None:
            raise MemoryNotFound(f"no memory with id {memory_id!r}")
        return memory

    def find(self, memory_id: str) -> Memory | None:
        return self._memories.get(memory_id)

    def memories(self) -> list[Memory]:
        return list(self._memories.values())

    def previous_turns(self, turn: Memory, count: int) -> list[Memory]:
        """The turns just before ``turn`` in its namespace and session, oldest first."""
        return self._catalogue.previous(turn, count)

    def recall(
        self,
        query: str,
        *,
        limit: int | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        types: Sequence[MemoryType] = (),
        kinds: Sequence[Kind] = (),
        at: datetime | None = None,
        axis: Axis = Axis.VALID,
    ) -> Recall:
        """The memories most relevant to ``query``; current ones, or those visible at ``at``."""
        query = query.strip()
        if not query:
            raise InvalidInput("query must not be empty")
        _check_namespace(namespace)
        limit = self._check_limit(limit)
        moment = _utc(at, "at") if at else None
        where = MemoryFilter(
            namespace=namespace,
            types=tuple(types),
            kinds=tuple(kinds),
            current_only=moment is None,
            valid_at=moment if axis is Axis.VALID else None,
            known_at=moment if axis is Axis.KNOWN else None,
        )
        found = self._retriever.recall(query, where, limit, self._clock())
        return Recall(
            memories=tuple(
                RecalledMemory(hit.memory, hit.score, self._store.file_of(hit.memory.id), hit.supports)
                for hit in found.hits
            ),
            abstained=found.abstained,
            confidence=found.confidence,
            context=found.context.text,
            context_tokens=found.context.tokens,
        )

    def as_of(
        self,
        at: datetime,
        query: str | None = None,
        *,
        axis: Axis = Axis.VALID,
        limit: int | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        types: Sequence[MemoryType] = (),
    ) -> Recall:
        """What was true (axis=valid) or believed (axis=known) at ``at``; the latest first without a query."""
        moment = _utc(at, "at")
        if query:
            return self.recall(query, limit=limit, namespace=namespace, types=types, at=moment, axis=axis)
        _check_namespace(namespace)
        limit = self._check_limit(limit)
        visible = [
            m
            for m in self._memories.values()
            if m.namespace == namespace and (not types or m.type in types) and visible_at(m, moment, axis)
        ]
        visible.sort(key=lambda m: m.event_time, reverse=True)
        chosen = tuple(RecalledMemory(m, 1.0, self._store.file_of(m.id)) for m in visible[:limit])
        return Recall(memories=chosen, abstained=not chosen)

    # -- keeping the index in step -----------------------------------------------------------

    def reconcile(self) -> ReconcileReport:
        """Load the markdown and bring the index in line with it, embedding only what changed."""
        with self._write_lock:
            report = self._store.load_all()
            self._memories = dict(report.memories)
            self._catalogue.reset(self._memories.values())
            indexed = self._index.content_hashes()
            stale = [m for m in self._memories.values() if indexed.get(m.id) != m.content_hash()]
            # A malformed file keeps its last good memories in the index rather than losing them.
            unreadable = {str(e.path) for e in report.errors}
            extra = [
                memory_id
                for memory_id in indexed
                if memory_id not in self._memories and not self._was_in_unreadable(memory_id, unreadable)
            ]
            if extra:
                self._index.delete(extra)
        self._index_memories(stale)
        return ReconcileReport(
            memories=len(self._memories), embedded=len(stale), deleted=len(extra), errors=tuple(report.errors)
        )

    def _was_in_unreadable(self, memory_id: str, unreadable: set[str]) -> bool:
        relative = self._store.file_of(memory_id)
        return relative is not None and str(self._store.root / relative) in unreadable

    def _index_memories(self, memories: Sequence[Memory]) -> None:
        for start in range(0, len(memories), _EMBED_BATCH):
            batch = memories[start : start + _EMBED_BATCH]
            texts = [index_text(m, next(iter(self._catalogue.previous(m, 1)), None)) for m in batch]
            vectors = self._embedder.embed(texts)
            self._index.upsert(
                [IndexEntry(memory=m, vector=v, text=t) for m, v, t in zip(batch, vectors, texts, strict=True)]
            )

    def _check_limit(self, limit: int | None) -> int:
        limit = self._recall_limit if limit is None else limit
        if not 1 <= limit <= 200:
            raise InvalidInput(f"limit must be within 1..200, got {limit}")
        return limit


def _check_text(text: str) -> None:
    if not text or not text.strip():
        raise InvalidInput("text must not be empty")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput(f"text is {len(text)} characters; at most {MAX_TEXT_CHARS} fit in one memory")


def _check_namespace(namespace: str) -> None:
    if not _NAMESPACE.match(namespace):
        raise InvalidInput(
            f"namespace must be 1-64 letters, digits, '_' or '-' (starting with a letter or digit), got {namespace!r}"
        )


def _utc(moment: datetime, name: str) -> datetime:
    try:
        return ensure_utc(moment)
    except ValueError as error:
        raise InvalidInput(f"{name}: {error} (add a zone, e.g. 'Z' or '+02:00')") from error
