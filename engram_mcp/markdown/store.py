"""The markdown store: the durable source of truth, one file at a time.

Keeps a parsed copy of every memory file it has read, so a write touches one file and
never re-parses the folder. Every write is atomic (temporary file, fsync, rename), and a
file changed on disk since it was read is re-read before it is modified, so a person's
edit is never overwritten by a stale copy.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound, StorageError
from engram_mcp.files import Stamp, atomic_write, content_digest, file_stamp, stamp_of
from engram_mcp.markdown.appending import RecentPages, rendered
from engram_mcp.markdown.format import Block, Document, Segment, parse_document, render_block
from engram_mcp.markdown.layout import is_memory_file, namespace_of, overflow_path, relative_path
from engram_mcp.markdown.pages import (
    block_id,
    holds_only_scaffolding,
    identified,
    new_page,
    readable,
    with_page_properties,
)
from engram_mcp.markdown.sections import belongs_in_history, place
from engram_mcp.model import Memory

__all__ = ["FileState", "LoadReport", "MarkdownStore"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FileState:
    """A memory file as last read or written."""

    path: PurePosixPath
    document: Document
    digest: str
    stamp: Stamp


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What the files hold, and what in them could not be read (blocks, whole files, repeated ids)."""

    memories: dict[str, Memory]
    errors: list[MalformedMemoryFile]


_MAX_OVERFLOW = 99


class MarkdownStore:
    """Reads and writes memory files under one folder. Thread-safe; one writer process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: dict[PurePosixPath, FileState] = {}
        self._where: dict[str, PurePosixPath] = {}
        self._folded: set[PurePosixPath] = set()
        self._recent = RecentPages()
        self._lock = threading.RLock()

    def load_all(self) -> LoadReport:
        """Parse every memory file, block by block: what cannot be read is reported, never fatal.

        A memory id found in two files is taken from the first (in path order); the other copy
        is reported and ignored until a person resolves it.
        """
        memories: dict[str, Memory] = {}
        errors: list[MalformedMemoryFile] = []
        with self._lock:
            self._files.clear()
            self._where.clear()
            for relative in sorted(self.memory_files()):
                try:
                    state = self._read(relative)
                except (MalformedMemoryFile, StorageError) as error:
                    log.warning("skipping unreadable memory file: %s", error)
                    errors.append(_as_malformed(error, self.root / relative))
                    continue
                errors.extend(state.document.problems)
                for block in state.document.blocks:
                    held = self._where.get(block.memory.id)
                    if held != relative and block.memory.id in memories:
                        errors.append(_duplicate(self.root / relative, block, held))
                        continue
                    memories[block.memory.id] = block.memory
        return LoadReport(memories=memories, errors=errors)

    def memory_files(self) -> Iterator[PurePosixPath]:
        """The memory files under the folder (see layout.is_memory_file)."""
        if not self.root.exists():
            return
        for path in self.root.rglob("*.md"):
            relative = PurePosixPath(path.relative_to(self.root).as_posix())
            if is_memory_file(relative) and path.is_file():
                yield relative

    def file_of(self, memory_id: str) -> PurePosixPath | None:
        return self._where.get(memory_id)

    def state(self, relative: PurePosixPath) -> FileState | None:
        return self._files.get(relative)

    def add(self, memory: Memory) -> PurePosixPath:
        """Append a memory to the file it belongs in, creating the file if needed.

        While that file holds a block nobody can read (a person's edit in progress), the
        memory goes to the page's first sibling that reads cleanly (``overflow_path``): the
        person's file is never rewritten under them, and remembering never stops.
        """
        block = render_block(memory)
        with self._lock:
            relative, document = self._writable(relative_path(memory))
            if document is None:
                document = new_page(relative)
            self._write(relative, place(document, block), added=block)
        return relative

    def add_many(self, memories: Iterable[Memory]) -> None:
        """``add`` for many memories, writing each file once (an import of thousands stays linear)."""
        by_file: dict[PurePosixPath, list[Memory]] = {}
        for memory in memories:
            by_file.setdefault(relative_path(memory), []).append(memory)
        with self._lock:
            for page, group in by_file.items():
                relative, document = self._writable(page)
                if document is None:
                    document = new_page(relative)
                for memory in group:
                    document = place(document, render_block(memory))
                self._write(relative, document)

    def _writable(self, relative: PurePosixPath) -> tuple[PurePosixPath, Document | None]:
        candidate = relative
        for number in range(2, _MAX_OVERFLOW + 2):
            try:
                document = self._current(candidate)
            except MalformedMemoryFile:
                document = None
                unreadable = True
            else:
                unreadable = document is not None and bool(document.problems)
            if not unreadable:
                return candidate, document
            candidate = overflow_path(relative, number)
        raise StorageError(f"{relative} and its {_MAX_OVERFLOW} siblings all hold blocks that cannot be read")

    def update(self, memory: Memory) -> PurePosixPath:
        """Rewrite one memory's block in place; nothing else in its file changes."""
        with self._lock:
            relative = self._require(memory.id)
            current = self._current(relative)
            if current is not None:
                readable(current, memory.id)
            if relative != relative_path(memory):
                # Its page changed (e.g. a new subject): move the block rather than leave it stranded.
                self.remove(memory.id)
                return self.add(memory)
            document = self._current(relative)
            assert document is not None
            block = render_block(memory)
            old = readable(document, memory.id)
            if belongs_in_history(old) == belongs_in_history(memory):
                self._write(relative, document.replaced(block))
            else:
                # Superseded or retracted: it moves to the page's History section.
                self._write(relative, place(document.without(memory.id), block))
        return relative

    def remove(self, memory_id: str, *, drop_empty_page: bool = False) -> PurePosixPath:
        """Delete one memory's block from its file; with ``drop_empty_page`` (a purge) a page
        left with nothing but what the server wrote is deleted too."""
        with self._lock:
            relative = self._require(memory_id)
            document = self._current(relative)
            assert document is not None
            remaining = with_page_properties(relative, document.without(memory_id))
            if drop_empty_page and holds_only_scaffolding(relative, remaining):
                # A page holding nothing but its title would still name what was forgotten.
                (self.root / relative).unlink()
                self._forget_file(relative)
            else:
                self._write(relative, remaining)
            self._where.pop(memory_id, None)
        return relative

    def revise(self, old: Memory, new: Memory) -> PurePosixPath:
        """Rewrite ``old``'s block as ``old`` followed by ``new``, in place: history stays beside its successor."""
        with self._lock:
            relative = self._require(old.id)
            document = self._current(relative)
            assert document is not None
            readable(document, old.id)
            segments: list[Segment] = []
            for segment in document.segments:
                if isinstance(segment, Block) and segment.memory.id == old.id:
                    segments += [render_block(old), render_block(new)]
                else:
                    segments.append(segment)
            self._write(relative, Document(tuple(segments)))
        return relative

    def rewrite(self, relative: PurePosixPath, document: Document, expected_digest: str) -> bool:
        """Write ``document`` over a file only if the file still holds ``expected_digest``.

        False when the file changed in the meantime: a person is still editing, and their
        next version is read and settled afresh rather than overwritten.
        """
        with self._lock:
            path = self.root / relative
            if not path.exists() or content_digest(path.read_bytes()) != expected_digest:
                return False
            self._write(relative, document)
            return True

    def refresh_properties(self) -> list[PurePosixPath]:
        """Bring every readable fact and procedure page's frontmatter up to date; returns the pages rewritten.

        Run at start-up, this upgrades a folder written before pages had properties, in place:
        only the frontmatter changes, every block stays byte for byte.
        """
        changed = []
        with self._lock:
            for relative, state in list(self._files.items()):
                if state.document.problems or not state.digest:
                    continue
                if with_page_properties(relative, state.document).render() != state.document.render():
                    if self.rewrite(relative, state.document, state.digest):
                        changed.append(relative)
        return changed

    def keep_last_good(self, relative: PurePosixPath, document: Document) -> None:
        """Hold a malformed file's last good version, so its memories keep their place.

        The stamp matches no real file, so a write to it re-reads the file and fails loudly
        instead of overwriting what the person is in the middle of fixing.
        """
        with self._lock:
            self._index_file(FileState(relative, document, "", (0, 0)))

    def take_folded(self, relative: PurePosixPath) -> bool:
        """Whether an outside change to this file went into one of the store's own writes.

        Such a write has the digest the store knows, yet holds edits nobody has synced.
        """
        with self._lock:
            if relative in self._folded:
                self._folded.discard(relative)
                return True
            return False

    def cached_files(self) -> list[PurePosixPath]:
        with self._lock:
            return list(self._files)

    def memory_ids(self) -> set[str]:
        """Every memory id held by a file the store knows (a malformed file's last good version included)."""
        with self._lock:
            return {block_id(block) for state in self._files.values() for block in identified(state.document)}

    def reread(self, relative: PurePosixPath) -> FileState | None:
        """Read a file afresh (after an outside change); None when it no longer exists."""
        with self._lock:
            if not (self.root / relative).exists():
                self._forget_file(relative)
                return None
            return self._read(relative)

    def _require(self, memory_id: str) -> PurePosixPath:
        relative = self._where.get(memory_id)
        if relative is None:
            raise MemoryNotFound(f"no memory with id {memory_id!r}")
        return relative

    def _current(self, relative: PurePosixPath) -> Document | None:
        path = self.root / relative
        state = self._files.get(relative)
        if not path.exists():
            return None
        if state is None or state.stamp != file_stamp(path):
            state = self._read(relative)
            self._folded.add(relative)
        return state.document

    def _read(self, relative: PurePosixPath) -> FileState:
        path = self.root / relative
        try:
            # Stamped before reading: a change made meanwhile then shows as a newer stamp later.
            stamp = file_stamp(path)
            raw = path.read_bytes()
        except OSError as error:
            raise StorageError(f"cannot read {path}: {error.strerror or error}") from error
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedMemoryFile(path, raw[: error.start].count(b"\n") + 1, "not UTF-8 text") from error
        document = parse_document(text, path, namespace_of(relative))
        state = FileState(relative, document, content_digest(raw), stamp)
        self._index_file(state)
        return state

    def _write(self, relative: PurePosixPath, document: Document, *, added: Block | None = None) -> None:
        """Write a page whole. ``added``: the one block new since the page was last read or
        written, so only its id needs indexing and only its bytes encoding and hashing: a day's
        journal page grows a turn at a time, and a turn must not cost what the day holds."""
        if relative.is_absolute() or ".." in relative.parts:
            # The last barrier: names are validated at the edge, and no write may leave the folder.
            raise StorageError(f"refusing to write outside the memory folder: {relative}")
        path = self.root / relative
        document = with_page_properties(relative, document)
        old = self._files.get(relative)
        read = (old.stamp, old.document) if old is not None else None
        data, digest = self._recent.grown(relative, read, document, added) or rendered(document)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            written = atomic_write(path, data)
            stamp = stamp_of(written)
        except OSError as error:
            # Nothing is lost: the old file is intact (the write is atomic) and the caller is told.
            raise StorageError(f"cannot write {relative}: {error.strerror or error}") from error
        self._recent.keep(relative, stamp, data, digest)
        state = FileState(relative, document, digest.hexdigest(), stamp)
        if added is not None and old is not None:
            self._files[relative] = state
            self._claim(added.memory.id, relative)
        else:
            self._index_file(state)

    def _index_file(self, state: FileState) -> None:
        old = self._files.get(state.path)
        if old is not None:
            for block in identified(old.document):
                if self._where.get(block_id(block)) == state.path:
                    del self._where[block_id(block)]
        self._files[state.path] = state
        for block in identified(state.document):
            self._claim(block_id(block), state.path)

    def _claim(self, memory_id: str, relative: PurePosixPath) -> None:
        # A copy of a memory another known file already holds is a duplicate, not a move.
        held = self._where.get(memory_id)
        if held is None or held == relative or not self._holds(held, memory_id):
            self._where[memory_id] = relative

    def _holds(self, relative: PurePosixPath, memory_id: str) -> bool:
        state = self._files.get(relative)
        return state is not None and any(block_id(b) == memory_id for b in identified(state.document))

    def _forget_file(self, relative: PurePosixPath) -> None:
        old = self._files.pop(relative, None)
        if old is not None:
            for block in identified(old.document):
                if self._where.get(block_id(block)) == relative:
                    del self._where[block_id(block)]


def _duplicate(path: Path, block: Block, held: PurePosixPath | None) -> MalformedMemoryFile:
    return MalformedMemoryFile(path, block.line, f"memory ^{block.memory.id} is also in {held}; this copy is ignored")


def _as_malformed(error: MalformedMemoryFile | StorageError, path: Path) -> MalformedMemoryFile:
    return error if isinstance(error, MalformedMemoryFile) else MalformedMemoryFile(path, 0, str(error))

