"""The memory service: every memory it holds, the one write pipeline, and recall / as_of (``asking.py``).

The markdown store is written first and is the source of truth; the index is derived and
brought back in step by ``reconcile`` whenever it may have drifted (start-up, reindex,
a file edited by hand).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import PurePosixPath
from types import MappingProxyType
from typing import TypeVar

from engram_mcp.embedding.base import Embedder
from engram_mcp.errors import InvalidInput, MemoryNotFound
from engram_mcp.index.base import MemoryFilter, VectorIndex
from engram_mcp.markdown.store import LoadReport, MarkdownStore
from engram_mcp.model import DEFAULT_NAMESPACE, Kind, Memory, MemoryType, Source, new_memory_id
from engram_mcp.model.salience import SalienceWeights, salience
from engram_mcp.model.supersede import reword
from engram_mcp.model.temporal import Axis, present
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.pipeline import RecallConfig, Retriever
from engram_mcp.service.asking import Asking
from engram_mcp.service.extractor_context import turns_to_read_with
from engram_mcp.service.fact_lookup import FactLookup
from engram_mcp.service.indexing import IndexProgress, IndexWriter
from engram_mcp.service.inputs import check_text, held_namespace, new_turn
from engram_mcp.service.results import Recall, ReconcileReport
from engram_mcp.state.usage import UsageStore

__all__ = ["IndexProgress", "MemoryService"]

_Written = TypeVar("_Written")

Clock = Callable[[], datetime]


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
        usage: UsageStore | None = None,
        salience_weights: SalienceWeights | None = None,
        retrieval: RecallConfig | None = None,
        progress: IndexProgress | None = None,
    ) -> None:
        """``usage`` and ``salience_weights`` give each memory its prior at recall time (a factor
        on its relevance: certainty × importance × recency, see model/salience.py). ``progress``
        hears how far a run that embeds more than one batch has got (a command's progress bar)."""
        self._store = store
        self._index = index
        self._embedder = embedder
        self._clock = clock
        self._turn_listeners: list[Callable[[Memory], None]] = []
        self._memories: dict[str, Memory] = {}
        self._catalogue = Catalogue()
        self.fact_lookup = FactLookup()
        self._write_lock = threading.RLock()
        self.usage = usage if usage is not None else UsageStore()
        self._weights = salience_weights or SalienceWeights()
        self._retriever = Retriever(index, embedder, self._catalogue, retrieval, self._prior)
        self._indexing = IndexWriter(index, embedder, self._catalogue, progress)
        self._asking = Asking(self._retriever, self._catalogue, self.present, self.namespace_to_read, store.file_of, self._accessed, recall_limit)

    def _prior(self, memory: Memory, now: datetime) -> float:
        # The usage counts and weights are read at each call: the benchmarks swap them for each variant.
        return salience(memory, self.usage.get(memory.id), now, self._weights)

    def _accessed(self, memory_ids: Iterable[str], now: datetime) -> None:
        """Count the use of what a recall found (``Asking.recall``), in the usage counts held when it is asked."""
        self.usage.accessed(memory_ids, now)

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
        memory_id: str | None = None,
        source: Source | None = None,
    ) -> Memory:
        """Store a conversation turn losslessly, now. No model is called on this path.

        ``memory_id`` and ``source`` are for imports: a content-derived id makes a repeated
        import a no-op, and the source records that the turn was imported."""
        memory = new_turn(
            text, self._clock(), role=role, speaker=speaker, session=session, namespace=namespace,
            event_time=event_time, memory_id=memory_id, source=source,
        )
        self.add(memory)
        for listener in self._turn_listeners:
            listener(memory)
        return memory

    def on_turn_stored(self, listener: Callable[[Memory], None]) -> None:
        """Call ``listener`` with every turn ``remember`` stores, after it is stored."""
        self._turn_listeners.append(listener)

    def add(self, memory: Memory, *, sources: Collection[str] = ()) -> bool:
        """Write any memory through the one pipeline: markdown, then embedding, then index. ``sources``: the
        memories it is drawn from, which must still be held when it is written (a fact whose turn a person
        deleted while it was being extracted is not written: the sync takes this lock to delete and withdraw).
        Returns whether it was written."""
        with self._write_lock:
            if any(source not in self._memories for source in sources):
                return False
            self._indexing.check_writable()
            self._store.add(memory)
            self._hold(memory)
        self._indexing.write([memory])
        return True

    def add_many(self, memories: Sequence[Memory]) -> None:
        """Write many memories at once (an import): each file rewritten once, embeddings batched.

        Listeners are not told: imported turns are queued for extraction at the next start."""
        with self._write_lock:
            self._store.add_many(memories)
            for memory in memories:
                self._hold(memory)
        self._indexing.write(memories)

    def replace(self, memory: Memory) -> None:
        """Rewrite a memory that already exists (same id), in its file and in the index."""
        self._rewrite(memory, self._store.update)

    def redact(self, memory: Memory) -> tuple[PurePosixPath, ...]:
        """``replace`` for a memory a purge cut text from: every copy of its block in another file
        (a sync tool's conflict copy of its page) is written over too, so what was cut stays in
        none. Returns the files rewritten."""
        return tuple(self._rewrite(memory, self._store.update_everywhere))

    def _rewrite(self, memory: Memory, write: Callable[[Memory], _Written]) -> _Written:
        with self._write_lock:
            if memory.id not in self._memories:
                raise MemoryNotFound(f"no memory with id {memory.id!r}")
            self._indexing.check_writable()
            written = write(memory)
            self._hold(memory)
            following = self._catalogue.following(memory)
        # The next turn is indexed with this one as its context.
        self._indexing.write([memory, *following])
        return written

    def revise(self, old_id: str, text: str, *, source: Source, pinned: bool | None = None) -> Memory:
        """Supersede a fact with a new wording, keeping the old one as history.

        The old version stays in its file, expired now and pointing at its successor; the new
        one takes its place right after it and names what it supersedes. A pinned fact is
        only revised by a person (``source=Source.HUMAN_EDIT``).
        """
        check_text(text)
        with self._write_lock:
            old = self.get(old_id)
            if old.pinned and source is not Source.HUMAN_EDIT:
                raise InvalidInput(f"memory {old_id} is pinned: only a person can change it")
            expired, new = reword(old, new_memory_id(old.kind), text, self._clock(), source=source, pinned=pinned)
            self._indexing.check_writable()
            self._store.revise(expired, new)
            for version in (expired, new):
                self._hold(version)
        self._indexing.write([expired, new])
        return new

    def absorb(self, memories: Sequence[Memory], removed: Sequence[str] = ()) -> int:
        """Take in what the markdown already says: index what changed (by content hash), drop what is gone.

        The files were written by someone else (a person, an import); this is the index half
        of the pipeline. Returns how many memories were embedded.
        """
        with self._write_lock:
            changed = [m for m in memories if _changed(self._memories.get(m.id), m)]
            for memory in changed:
                self._hold(memory)
            gone = [memory_id for memory_id in removed if self._release(memory_id)]
            self._indexing.delete(gone)
        self._indexing.write(changed)
        return len(changed)

    @property
    def write_lock(self) -> threading.RLock:
        """Held by every write; hold it to read a file and act on it without a tool call in between."""
        return self._write_lock

    def remove(self, memory_id: str) -> tuple[str, ...]:
        """Delete exactly one memory from its file (and every copy of it in another file) and the
        index; returns the files.

        What else must go with it (facts it alone supported, a supersession chain) is the
        forgetting service's decision (``forgetting.Forgetting``), made in one place.
        """
        with self._write_lock:
            if memory_id not in self._memories:
                raise MemoryNotFound(f"no memory with id {memory_id!r}")
            return self._remove_all([memory_id])

    def remove_many(self, memory_ids: Sequence[str]) -> tuple[str, ...]:
        """Delete memories from their files and the index; returns the files touched."""
        return self._remove_all(memory_ids, drop_empty_page=True)

    def _remove_all(self, memory_ids: Sequence[str], *, drop_empty_page: bool = False) -> tuple[str, ...]:
        files: list[str] = []
        following: dict[str, Memory] = {}
        with self._write_lock:
            self._indexing.check_writable()
            for memory_id in memory_ids:
                memory = self._memories.get(memory_id)
                if memory is None:
                    continue
                files += map(str, self._store.remove(memory_id, drop_empty_page=drop_empty_page))
                following.update((m.id, m) for m in self._catalogue.following(memory))
                self._release(memory_id)
            self._indexing.delete(list(memory_ids))
            # The next turn was indexed with a forgotten one as its context: nothing of it may remain.
            self._indexing.write([m for i, m in following.items() if i in self._memories])
        return tuple(dict.fromkeys(files))

    def compact_index(self) -> bool:
        """Rewrite index segments so deleted data leaves the disk (when the index can)."""
        return self._indexing.compact()

    # -- reading -----------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory:
        memory = self._memories.get(memory_id)
        if memory is None:
            raise MemoryNotFound(f"no memory with id {memory_id!r}")
        return memory

    def alias_of(self, namespace: str, name: str) -> str | None:
        """The entity a fact page names ``name`` an alias of (``MarkdownStore.alias_of``)."""
        return self._store.alias_of(namespace, name)

    def add_alias(self, of_fact: str, name: str) -> None:
        """``name`` becomes an alias on the page of the fact ``of_fact``."""
        with self._write_lock:
            page = self._store.file_of(of_fact)
            if page is not None:
                self._store.add_alias(page, name)

    def file_of(self, memory_id: str) -> PurePosixPath | None:
        """The file, relative to the memory folder, that holds a memory."""
        return self._store.file_of(memory_id)

    def files_of(self, memory_id: str) -> tuple[PurePosixPath, ...]:
        """Every file holding a memory: its own, then each copy of it in another file."""
        return self._store.files_of(memory_id)

    def find(self, memory_id: str) -> Memory | None:
        return self._memories.get(memory_id)

    def derived_from(self, turn_id: str) -> list[Memory]:
        """The facts drawn from a turn, every version."""
        return self._catalogue.derived_from(turn_id)

    def memories(self) -> list[Memory]:
        """A snapshot: safe to iterate while other threads write."""
        return list(self._memories.values())

    def by_id(self) -> Mapping[str, Memory]:
        """Every memory by id, read-only and live: for lookups, which cost nothing to set up
        (iterating it while other threads write is not safe: use ``memories``)."""
        return MappingProxyType(self._memories)

    def main_user(self, namespace: str) -> str | None:
        """The speaker of most of the user's turns in a namespace: who "the user" is there."""
        return self.fact_lookup.main_user(namespace)

    def beside_turns(self, namespace: str) -> list[Memory]:
        """A namespace's memories that are not turns (facts, instructions, notes), oldest first:
        what the fact tools read, at what the facts cost rather than the turns."""
        return list(self._catalogue.latest(namespace, turns=False))[::-1]

    def namespace_to_read(self, namespace: str) -> str:
        """``namespace`` when a read may ask it (the default, or one holding memories); else a one-line
        error naming those that do (``inputs.held_namespace``)."""
        held = self._catalogue.namespaces()
        if namespace not in held:
            # Its last memory forgotten, a namespace is still there, holding nothing: asked of, nothing is known.
            held = [*held, *self._store.namespaces_with_folders()]
        return held_namespace(namespace, held)

    def present(self, namespace: str) -> datetime:
        """The moment a namespace is asked about now: the clock, or the time its turns have reached
        when they are dated after it (``temporal.present``)."""
        return present(self._clock(), (turn.event_time for turn in self._catalogue.latest(namespace, turns=True)))

    def previous_turns(self, turn: Memory, count: int) -> list[Memory]:
        """The turns just before ``turn`` in its namespace and session, oldest first."""
        return self._catalogue.previous(turn, count)

    def context_turns(self, turn: Memory, count: int) -> list[Memory]:
        """What an extractor reads ``turn`` with (``extractor_context.turns_to_read_with``)."""
        return turns_to_read_with(self._catalogue, turn, count)

    def similar(
        self, text: str, *, namespace: str, kinds: Sequence[Kind] = (), limit: int = 5
    ) -> list[tuple[Memory, float]]:
        """Current memories nearest to ``text`` by dense similarity (cosine), best first."""
        vector = self._embedder.embed([text])[0]
        where = MemoryFilter(namespace=namespace, kinds=tuple(kinds), current_only=True)
        hits = self._index.search_dense(vector, where, limit)
        return [(m, hit.score) for hit in hits if (m := self._memories.get(hit.memory_id)) is not None]

    # -- asking (``asking.py``) -----------------------------------------------------------

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
        """The memories most relevant to ``query``; current ones, or those visible at ``at`` (``Asking.recall``)."""
        return self._asking.recall(query, limit=limit, namespace=namespace, types=types, kinds=kinds, at=at, axis=axis)

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
        """What was true (axis=valid) or believed (axis=known) at ``at`` (``Asking.as_of``)."""
        return self._asking.as_of(at, query, axis=axis, limit=limit, namespace=namespace, types=types)

    def warm_up(self) -> int:
        """Ask each namespace a few everyday questions, counting no use of what they find (``warm_up.py``):
        a server pays for a freshly opened index at start-up instead of in a person's first recalls.
        Returns the questions asked."""
        return self._asking.warm_up()

    # -- keeping the index in step -----------------------------------------------------------

    def reconcile(self, loaded: LoadReport | None = None) -> ReconcileReport:
        """Load the markdown (or take what was loaded) and bring the index in line, embedding only what changed."""
        with self._write_lock:
            report = self._store.load_all() if loaded is None else loaded
            self._memories = dict(report.memories)
            self._catalogue.reset(self._memories.values())
            self.fact_lookup.reset(self._memories.values())
            indexed = self._index.content_hashes()
            stale = [m for m in self._memories.values() if indexed.get(m.id) != m.content_hash()]
            # A malformed file keeps its last good memories in the index rather than losing them.
            unreadable = {str(e.path) for e in report.errors}
            extra = [
                memory_id
                for memory_id in indexed
                if memory_id not in self._memories and not self._was_in_unreadable(memory_id, unreadable)
            ]
            self._indexing.delete(extra)
        self._indexing.write(stale)
        return ReconcileReport(
            memories=len(self._memories), embedded=len(stale), deleted=len(extra), errors=tuple(report.errors)
        )

    def _was_in_unreadable(self, memory_id: str, unreadable: set[str]) -> bool:
        relative = self._store.file_of(memory_id)
        return relative is not None and str(self._store.root / relative) in unreadable

    def _hold(self, memory: Memory) -> None:
        """Hold a memory written or rewritten, in the catalogue and the fact lookup too."""
        self._memories[memory.id] = memory
        self._catalogue.add(memory)
        self.fact_lookup.add(memory)

    def _release(self, memory_id: str) -> bool:
        if self._memories.pop(memory_id, None) is None:
            return False
        self._catalogue.remove(memory_id)
        self.fact_lookup.remove(memory_id)
        return True


def _changed(held: Memory | None, memory: Memory) -> bool:
    # The same object needs no hashing: at start-up every memory is compared with itself.
    return held is None or (held is not memory and held.content_hash() != memory.content_hash())
