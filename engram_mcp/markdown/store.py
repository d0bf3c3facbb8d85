"""The markdown store: the durable source of truth, one file at a time.

Keeps a parsed copy of every memory file it has read, so a write touches one file and
never re-parses the folder. Every write is atomic (temporary file, fsync, rename), and a
file changed on disk since it was read is re-read before it is modified, so a person's
edit is never overwritten by a stale copy.

Other programs write pages too, without a lock (an editor, ``echo >>``, a sync tool), so no
bytes they put in a page may be lost:

- a page is replaced only while it is still the version the change was made to
  (``files.replace_unchanged``, checked after the new content is on disk, just before the
  rename); otherwise the change is made again to their version;
- a program that opened the page before the rename may write into the old file after it.
  The store hands the files it replaced, still open (``Superseded``), to ``LateWrites``, which
  holds them a few seconds (``late_write_grace``) and has what was appended to one appended to
  the page (``late_writes.py``).
"""

from __future__ import annotations

import errno
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound, NotAPage, StorageError
from engram_mcp.files import (
    NotARegularFile,
    Stamp,
    Version,
    content_digest,
    file_stamp,
    read_regular,
    remove_unchanged,
    replace_unchanged,
    stamp_of,
)
from engram_mcp.markdown.aliases import PageAliases
from engram_mcp.markdown.appending import RecentPages, rendered
from engram_mcp.markdown.format import BadBlock, Block, Document, Segment, parse_document, render_block
from engram_mcp.markdown.late_writes import LATE_WRITE_GRACE_SECONDS, LateWrites
from engram_mcp.markdown.layout import home_of, namespace_of, overflow_path, relative_path
from engram_mcp.markdown.listing import memory_files, why_not_read
from engram_mcp.markdown.locations import MemoryLocations
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

__all__ = ["FileState", "LoadReport", "MarkdownStore", "as_malformed"]

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
_ATTEMPTS = 20


class MarkdownStore:
    """Reads and writes memory files under one folder. Thread-safe; one writer process."""

    def __init__(
        self, root: Path, *, late_write_grace: float = LATE_WRITE_GRACE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = root
        self._files: dict[PurePosixPath, FileState] = {}
        self._locations = MemoryLocations()
        self._moved: dict[PurePosixPath, set[PurePosixPath]] = {}
        self._folded: set[PurePosixPath] = set()
        self._aliases = PageAliases()
        self._recent = RecentPages()
        self._late_writes = LateWrites(root, grace=late_write_grace, clock=clock)
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
            self._locations.clear()
            self._moved.clear()
            for relative in sorted(self.memory_files()):
                try:
                    state = self._read(relative)
                except NotAPage:
                    continue  # made one since it was listed: check names it
                except (MalformedMemoryFile, StorageError) as error:
                    log.warning("skipping unreadable memory file: %s", error)
                    errors.append(as_malformed(error, self.root / relative))
                    continue
                errors.extend(state.document.problems)
                for block in state.document.blocks:
                    held = self._locations.file_of(block.memory.id)
                    if held != relative and block.memory.id in memories:
                        errors.append(_duplicate(self.root / relative, block, held))
                        continue
                    memories[block.memory.id] = block.memory
        return LoadReport(memories=memories, errors=errors)

    def memory_files(self) -> Iterator[PurePosixPath]:
        """The memory files under the folder (``listing.memory_files``)."""
        return memory_files(self.root)

    def file_of(self, memory_id: str) -> PurePosixPath | None:
        return self._locations.file_of(memory_id)

    def files_of(self, memory_id: str) -> tuple[PurePosixPath, ...]:
        """Every file holding a memory: the one it is read from (``file_of``), then each other file
        holding a copy of its block (a sync tool's conflict copy, a backup: what ``check`` reports as
        "also in"), in path order."""
        with self._lock:
            return self._locations.files_of(memory_id)

    def state(self, relative: PurePosixPath) -> FileState | None:
        return self._files.get(relative)

    def add(self, memory: Memory) -> PurePosixPath:
        """Append a memory to the file it belongs in, creating the file if needed.

        While that file holds a block nobody can read (a person's edit in progress), the
        memory goes to the page's first sibling that reads cleanly (``overflow_path``): the
        person's file is never rewritten under them, and remembering never stops.
        """
        return self._add(memory, nested="")

    def _add(self, memory: Memory, *, nested: str) -> PurePosixPath:
        """``add``, with the lines a person nested under the memory where it was before."""
        block = render_block(memory)
        block = replace(block, raw=block.raw + nested) if nested else block

        def attempt() -> PurePosixPath | None:
            relative, basis = self._writable(self._placed(relative_path(memory)))
            document = basis.document if basis is not None else new_page(relative)
            return relative if self._write(relative, place(document, block), basis, added=block) else None

        with self._lock:
            return self._until_written(attempt)

    def add_many(self, memories: Iterable[Memory]) -> None:
        """``add`` for many memories, writing each file once (an import of thousands stays linear)."""
        by_file: dict[PurePosixPath, list[Memory]] = {}
        for memory in memories:
            by_file.setdefault(relative_path(memory), []).append(memory)
        blocks = {page: [render_block(memory) for memory in group] for page, group in by_file.items()}

        def attempt(page: PurePosixPath) -> PurePosixPath | None:
            relative, basis = self._writable(self._placed(page))
            document = basis.document if basis is not None else new_page(relative)
            for block in blocks[page]:
                document = place(document, block)
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            for page in blocks:
                self._until_written(partial(attempt, page))

    def _placed(self, page: PurePosixPath) -> PurePosixPath:
        """Where a page stands: where the server puts it, unless a person moved it into a subfolder."""
        if page in self._moved and not (self.root / page).exists():
            return min(self._moved[page])
        return page

    def _writable(self, relative: PurePosixPath) -> tuple[PurePosixPath, FileState | None]:
        candidate = relative
        for number in range(2, _MAX_OVERFLOW + 2):
            try:
                state = self._current(candidate)
            except (MalformedMemoryFile, NotAPage):
                state = None
                unreadable = True
            else:
                unreadable = state is not None and bool(state.document.problems)
            if not unreadable:
                return candidate, state
            candidate = overflow_path(relative, number)
        raise StorageError(f"{relative} and its {_MAX_OVERFLOW} siblings all hold blocks that cannot be read")

    def update(self, memory: Memory) -> PurePosixPath:
        """Rewrite one memory's block in place; nothing else in its file changes."""
        block = render_block(memory)

        def attempt() -> PurePosixPath | None:
            relative = self._require(memory.id)
            basis = self._existing(relative)
            old = readable(basis.document, memory.id)
            if relative_path(old) != relative_path(memory):
                # Its page changed (e.g. a new subject): move the block rather than leave it stranded, with
                # what a person nested under it; on its new page before it leaves the old one, so a write
                # that fails leaves it where it was. A block a person put on another page (a subfolder, a
                # renamed page) stays there otherwise.
                moved_to = self._add(memory, nested=basis.document.taken_out(memory.id)[1])
                self._take_off(relative, memory.id, drop_empty_page=False)
                return moved_to
            if belongs_in_history(old) == belongs_in_history(memory):
                document = basis.document.replaced(block)
            else:
                # Superseded or retracted: it moves to the page's History section, with what a person
                # nested under it.
                rest, nested = basis.document.taken_out(memory.id)
                document = place(rest, replace(block, raw=block.raw + nested))
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            return self._until_written(attempt)

    def remove(self, memory_id: str, *, drop_empty_page: bool = False) -> tuple[PurePosixPath, ...]:
        """Delete one memory's block from every file holding it (``files_of``: a copy left in a
        conflict copy of its page would be read again once the page lost it), with the lines a
        person nested under it (a list item's own); with ``drop_empty_page`` (a purge) a page left
        with nothing but what the server wrote is deleted too. Returns the files it left."""
        with self._lock:
            files = self.files_of(memory_id) or (self._require(memory_id),)
            for relative in files:
                if relative == files[0] or (self.root / relative).exists():
                    self._take_off(relative, memory_id, drop_empty_page=drop_empty_page, copy_of=files)
            return files

    def _take_off(
        self, relative: PurePosixPath, memory_id: str, *, drop_empty_page: bool, copy_of: Iterable[PurePosixPath] = ()
    ) -> PurePosixPath:
        def attempt() -> PurePosixPath | None:
            basis = self._existing(relative)
            remaining = with_page_properties(relative, basis.document.taken_out(memory_id)[0])
            if drop_empty_page and holds_only_scaffolding(relative, remaining, copy_of):
                # A page holding nothing but its title would still name what was forgotten.
                if not self._delete(relative, basis):
                    return None
            elif not self._write(relative, remaining, basis):
                return None
            self._locations.block_taken_off(relative, memory_id)
            return relative

        with self._lock:
            return self._until_written(attempt)

    def update_everywhere(self, memory: Memory) -> tuple[PurePosixPath, ...]:
        """``update``, and every copy of the memory's block in another file (``files_of``) written
        over with it too: what a purge cut from a memory is left in no file. Returns the files."""
        block = render_block(memory)

        def overwrite(relative: PurePosixPath) -> PurePosixPath | None:
            basis = self._current(relative)
            if basis is None:
                return relative
            segments = tuple(
                block if isinstance(segment, (Block, BadBlock)) and block_id(segment) == memory.id else segment
                for segment in basis.document.segments
            )
            return relative if self._write(relative, Document(segments), basis) else None

        with self._lock:
            copies = self.files_of(memory.id)[1:]
            held = self.update(memory)
            for relative in copies:
                self._until_written(partial(overwrite, relative))
            return (held, *copies)

    def revise(self, old: Memory, new: Memory) -> PurePosixPath:
        """Rewrite ``old``'s block as ``old`` followed by ``new``, in place: history stays beside its successor."""

        def attempt() -> PurePosixPath | None:
            relative = self._require(old.id)
            basis = self._existing(relative)
            readable(basis.document, old.id)
            segments: list[Segment] = []
            for segment in basis.document.segments:
                if isinstance(segment, Block) and segment.memory.id == old.id:
                    segments += [render_block(old), render_block(new)]
                else:
                    segments.append(segment)
            return relative if self._write(relative, Document(tuple(segments)), basis) else None

        with self._lock:
            return self._until_written(attempt)

    def rewrite(self, relative: PurePosixPath, document: Document, expected_digest: str) -> bool:
        """Write ``document`` over a file only if the file still holds ``expected_digest``.

        False when the file changed in the meantime: a person is still editing, and their
        next version is read and settled afresh rather than overwritten.
        """
        with self._lock:
            basis = self._current(relative)
            if basis is None or basis.digest != expected_digest:
                return False
            return self._write(relative, document, basis)

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
        """Read a file afresh (after an outside change); None when it is no page any more (gone,
        or no regular file)."""
        with self._lock:
            try:
                if (self.root / relative).exists():
                    return self._read(relative)
            except NotAPage:
                pass
            self._forget_file(relative)
            return None

    def _require(self, memory_id: str) -> PurePosixPath:
        relative = self._locations.file_of(memory_id)
        if relative is None:
            raise MemoryNotFound(f"no memory with id {memory_id!r}")
        return relative

    def take_late_writes(self, relative: PurePosixPath) -> None:
        """Take in what other programs wrote into the versions of the page the store replaced,
        and let those versions go (the reconciler calls this as it syncs the page)."""
        with self._lock:
            self._late_writes.take_in(relative, self._append_late)

    def close(self) -> None:
        with self._lock:
            self._late_writes.close(self._append_late)

    def _current(self, relative: PurePosixPath) -> FileState | None:
        """The page as it is on disk now (re-read only if it changed); None when there is none."""
        self._late_writes.take_in(relative, self._append_late)
        path = self.root / relative
        state = self._files.get(relative)
        if not path.exists():
            if not _leads_back_to_itself(path):
                return None
            return self._read(relative)  # refused, as no page
        if state is None or state.stamp != file_stamp(path):
            state = self._read(relative)
            self._folded.add(relative)
        return state

    def _existing(self, relative: PurePosixPath) -> FileState:
        state = self._current(relative)
        if state is None:
            raise StorageError(f"{relative} is gone from the memory folder; its memories are forgotten once it is synced")
        return state

    def _until_written(self, attempt: Callable[[], PurePosixPath | None]) -> PurePosixPath:
        """Run a change until it is written: each time another writer changed the page first,
        ``attempt`` makes the change again to their version (``_current`` re-reads it)."""
        for _ in range(_ATTEMPTS):
            written = attempt()
            if written is not None:
                return written
        raise StorageError(f"the page kept changing under {_ATTEMPTS} attempts to write it; nothing was changed")

    def _read(self, relative: PurePosixPath) -> FileState:
        path = self.root / relative
        try:
            # The stamp of the bytes read: a change made meanwhile then shows as a newer stamp later.
            stamp, raw = read_regular(path)
        except NotARegularFile as error:
            raise NotAPage(f"not read: {relative}: {why_not_read(relative, error.kind)}") from error
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

    def _write(
        self, relative: PurePosixPath, document: Document, basis: FileState | None, *, added: Block | None = None
    ) -> bool:
        """Write a page whole, made from ``basis`` (the page as read; None: there was none).
        False when another writer changed the page since: nothing is written, and the next
        ``_current`` reads their version.

        ``added``: the one block new since the page was last read or written, so only its id
        needs indexing and only its bytes encoding and hashing: a day's journal page grows a
        turn at a time, and a turn must not cost what the day holds."""
        if relative.is_absolute() or ".." in relative.parts:
            # The last barrier: names are validated at the edge, and no write may leave the folder.
            raise StorageError(f"refusing to write outside the memory folder: {relative}")
        path = self._file(relative)
        document = with_page_properties(relative, document)
        read = (basis.stamp, basis.document) if basis is not None else None
        data, digest = self._recent.grown(relative, read, document, added) or rendered(document)
        try:
            written = replace_unchanged(path, data, _version(basis))
        except OSError as error:
            # Nothing is lost: the old file is intact (the write is atomic) and the caller is told.
            raise StorageError(f"cannot write {relative}: {error.strerror or error}") from error
        if written is None:
            return False
        self._late_writes.hold(relative, written.previous, self._append_late)
        if written.taken_in:
            # Another program's lines went in at the end: the page is read as it now stands.
            self._folded.add(relative)
            try:
                self._read(relative)
            except MalformedMemoryFile as error:
                log.warning("%s", error)
            return True
        stamp = stamp_of(written.status)
        self._recent.keep(relative, stamp, data, digest)
        state = FileState(relative, document, digest.hexdigest(), stamp)
        if added is not None and basis is not None:
            self._files[relative] = state
            self._locations.block_added(relative, added.memory.id)
        else:
            self._index_file(state)
        return True

    def _delete(self, relative: PurePosixPath, basis: FileState) -> bool:
        """Delete a page as read in ``basis``; False when another writer changed it since."""
        try:
            deleted = remove_unchanged(self._file(relative), Version(basis.stamp, basis.digest))
            if deleted is not None:
                (self.root / relative).unlink(missing_ok=True)  # the link to it, if it was one
        except OSError as error:
            raise StorageError(f"cannot delete {relative}: {error.strerror or error}") from error
        if deleted is None:
            return False
        self._late_writes.hold(relative, deleted, self._append_late)
        self._forget_file(relative)
        return True

    def _file(self, relative: PurePosixPath) -> Path:
        """Where a page's bytes are: a page a person made a symbolic link is written through it,
        to the file it points to, and stays a link."""
        path = self.root / relative
        if path.is_symlink() and path.resolve().is_file():
            return path.resolve()
        return path

    def _append_late(self, relative: PurePosixPath, text: str) -> bool:
        """Append what another program wrote late into a version of the page the store replaced
        to the page as it is now, for the sync to take in; False when the page cannot be written."""

        def attempt() -> PurePosixPath | None:
            basis = self._current(relative)
            page = (basis.document.render() if basis is not None else "") + text
            document = parse_document(page, self.root / relative, namespace_of(relative))
            return relative if self._write(relative, document, basis) else None

        try:
            self._until_written(attempt)
        except (StorageError, MalformedMemoryFile):
            return False
        self._folded.add(relative)
        return True

    def _index_file(self, state: FileState) -> None:
        self._files[state.path] = state
        self._aliases.read(state.path, state.document)
        if home_of(state.path) != state.path:
            self._moved.setdefault(home_of(state.path), set()).add(state.path)
        self._locations.page_read(state.path, (block_id(block) for block in identified(state.document)))

    def alias_of(self, namespace: str, name: str) -> str | None:
        """The entity whose fact page lists ``name`` among its aliases ("Bobby" added in Obsidian to
        Bob Smith's page, a name merged into his), as that page's facts spell it; None if none does."""
        with self._lock:
            return self._aliases.entity_of(namespace, name)

    def add_alias(self, relative: PurePosixPath, name: str) -> PurePosixPath:
        """``name`` added to a fact page's aliases, kept from then on as a person's alias is."""

        def attempt() -> PurePosixPath | None:
            basis = self._existing(relative)
            document = with_page_properties(relative, basis.document, also_aliases=(name,))
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            return self._until_written(attempt)

    def _forget_file(self, relative: PurePosixPath) -> None:
        self._aliases.drop(relative)
        moved = self._moved.get(home_of(relative), set())
        moved.discard(relative)
        if not moved:
            self._moved.pop(home_of(relative), None)
        self._files.pop(relative, None)
        self._locations.page_gone(relative)


def _leads_back_to_itself(path: Path) -> bool:
    """A link that leads back to itself (``exists`` says no): no page, though something stands there."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


def _version(state: FileState | None) -> Version | None:
    return Version(state.stamp, state.digest) if state is not None else None


def _duplicate(path: Path, block: Block, held: PurePosixPath | None) -> MalformedMemoryFile:
    return MalformedMemoryFile(path, block.line, f"memory ^{block.memory.id} is also in {held}; this copy is ignored")


def as_malformed(error: MalformedMemoryFile | StorageError, path: Path) -> MalformedMemoryFile:
    """A page that could not be read, as the store and the sync report it: a disk's refusal at line 0."""
    return error if isinstance(error, MalformedMemoryFile) else MalformedMemoryFile(path, 0, str(error))

