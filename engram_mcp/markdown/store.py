"""The markdown store: the durable source of truth, one file at a time.

Keeps a parsed copy of every memory file it has read, so a write touches one file and
never re-parses the folder. Every write is atomic (temporary file, fsync, rename), and a
file changed on disk since it was read is re-read before it is modified, so a person's
edit is never overwritten by a stale copy.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound
from engram_mcp.files import atomic_write
from engram_mcp.markdown.format import Block, Document, Segment, parse_document, render_block
from engram_mcp.markdown.layout import is_memory_file, namespace_of, page_title, relative_path
from engram_mcp.markdown.sections import belongs_in_history, is_scaffolding, place
from engram_mcp.model import Memory

__all__ = ["LoadReport", "MarkdownStore", "FileState"]

log = logging.getLogger(__name__)

_FILE_INTRO = (
    "<!-- Engram memory file. Each top-level '- ' item is one memory: edit or delete it freely. "
    "Other text here is yours and is kept as it is. -->\n"
)


@dataclass(frozen=True, slots=True)
class FileState:
    """A memory file as last read or written."""

    path: PurePosixPath
    document: Document
    digest: str
    stamp: tuple[int, int]


@dataclass(frozen=True, slots=True)
class LoadReport:
    memories: dict[str, Memory]
    errors: list[MalformedMemoryFile]


class MarkdownStore:
    """Reads and writes memory files under one folder. Thread-safe; one writer process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: dict[PurePosixPath, FileState] = {}
        self._where: dict[str, PurePosixPath] = {}
        self._folded: set[PurePosixPath] = set()
        self._lock = threading.RLock()

    def load_all(self) -> LoadReport:
        """Parse every memory file; malformed files are reported and skipped, not fatal."""
        memories: dict[str, Memory] = {}
        errors: list[MalformedMemoryFile] = []
        with self._lock:
            for relative in sorted(self.memory_files()):
                try:
                    state = self._read(relative)
                except MalformedMemoryFile as error:
                    log.warning("skipping malformed memory file: %s", error)
                    errors.append(error)
                    continue
                for block in state.document.blocks:
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
        """Append a memory to the file it belongs in, creating the file if needed."""
        relative = relative_path(memory)
        with self._lock:
            document = self._current(relative)
            if document is None:
                document = Document((f"# {page_title(relative)}\n\n{_FILE_INTRO}\n",))
            self._write(relative, place(document, render_block(memory)))
        return relative

    def update(self, memory: Memory) -> PurePosixPath:
        """Rewrite one memory's block in place; nothing else in its file changes."""
        with self._lock:
            relative = self._require(memory.id)
            if relative != relative_path(memory):
                # Its page changed (e.g. a new subject): move the block rather than leave it stranded.
                self.remove(memory.id)
                return self.add(memory)
            document = self._current(relative)
            assert document is not None
            block = render_block(memory)
            old = next(b.memory for b in document.blocks if b.memory.id == memory.id)
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
            remaining = document.without(memory_id)
            if drop_empty_page and is_scaffolding(remaining, page_title(relative), _FILE_INTRO):
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
            if not path.exists() or _digest(path.read_bytes()) != expected_digest:
                return False
            self._write(relative, document)
            return True

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
            return {block.memory.id for state in self._files.values() for block in state.document.blocks}

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
        if state is None or state.stamp != _stamp(path):
            state = self._read(relative)
            self._folded.add(relative)
        return state.document

    def _read(self, relative: PurePosixPath) -> FileState:
        path = self.root / relative
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedMemoryFile(path, raw[: error.start].count(b"\n") + 1, "not UTF-8 text") from error
        document = parse_document(text, path, namespace_of(relative))
        state = FileState(relative, document, _digest(raw), _stamp(path))
        self._index_file(state)
        return state

    def _write(self, relative: PurePosixPath, document: Document) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        data = document.render().encode("utf-8")
        atomic_write(path, data)
        self._index_file(FileState(relative, document, _digest(data), _stamp(path)))

    def _index_file(self, state: FileState) -> None:
        old = self._files.get(state.path)
        if old is not None:
            for block in old.document.blocks:
                if self._where.get(block.memory.id) == state.path:
                    del self._where[block.memory.id]
        self._files[state.path] = state
        for block in state.document.blocks:
            self._where[block.memory.id] = state.path

    def _forget_file(self, relative: PurePosixPath) -> None:
        old = self._files.pop(relative, None)
        if old is not None:
            for block in old.document.blocks:
                if self._where.get(block.memory.id) == relative:
                    del self._where[block.memory.id]




def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return (status.st_mtime_ns, status.st_size)
