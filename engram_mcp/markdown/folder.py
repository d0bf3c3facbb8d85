"""The pages of a memory folder, each read and written whole, beside the other programs that write them.

Keeps a parsed copy of every page it has read (``FileState``), so a write touches one page and
never re-parses the folder, with what the copies say kept in step: which page each memory is read
from (``locations.MemoryLocations``), the aliases a fact page lists (``aliases.PageAliases``), the
pages a person moved out of the layout's folders. Every write is atomic (temporary file, fsync,
rename), and a page changed on disk since it was read is re-read before it is changed, so a
person's edit is never overwritten by a stale copy.

Other programs write pages too, without a lock (an editor, ``echo >>``, a sync tool), so no
bytes they put in a page may be lost:

- a page is replaced only while it is still the version the change was made to
  (``files.replace_unchanged``, checked after the new content is on disk, just before the
  rename); otherwise the change is made again to their version (``_until_written``);
- a program that opened the page before the rename may write into the old file after it.
  The folder hands the files it replaced, still open (``Superseded``), to ``LateWrites``, which
  holds them a few seconds (``late_write_grace``) and has what was appended to one appended to
  the page (``late_writes.py``).

What goes on which page is the store's (``store.py``).
"""

from __future__ import annotations

import errno
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, NotAPage, StorageError
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
from engram_mcp.markdown.format import Block, Document, parse_document
from engram_mcp.markdown.frontmatter import NO_RENAMED_PAGES, RenamedPages
from engram_mcp.markdown.late_writes import LATE_WRITE_GRACE_SECONDS, LateWrites
from engram_mcp.markdown.layout import TOPIC_FOLDERS, base_stem, folder_of, namespace_of
from engram_mcp.markdown.listing import why_not_read
from engram_mcp.markdown.locations import MemoryLocations
from engram_mcp.markdown.pages import block_id, identified, page_home, with_page_properties

__all__ = ["FileState", "PageFolder", "as_malformed"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FileState:
    """A memory file as last read or written."""

    path: PurePosixPath
    document: Document
    digest: str
    stamp: Stamp


_ATTEMPTS = 20


class PageFolder:
    """Reads and writes the pages under one folder. Thread-safe; one writer process."""

    def __init__(
        self, root: Path, *, late_write_grace: float = LATE_WRITE_GRACE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = root
        self._files: dict[PurePosixPath, FileState] = {}
        self._locations = MemoryLocations()
        self._moved: dict[PurePosixPath, set[PurePosixPath]] = {}
        self._homes: dict[PurePosixPath, PurePosixPath] = {}
        self._folded: set[PurePosixPath] = set()
        self._renamed: dict[str, dict[str, str]] = {}
        self._renamed_before: dict[str, dict[str, set[str]]] = {}
        self._aliases = PageAliases()
        self._recent = RecentPages()
        self._late_writes = LateWrites(root, grace=late_write_grace, clock=clock)
        self._lock = threading.RLock()

    def state(self, relative: PurePosixPath) -> FileState | None:
        return self._files.get(relative)

    def file_of(self, memory_id: str) -> PurePosixPath | None:
        return self._locations.file_of(memory_id)

    def files_of(self, memory_id: str) -> tuple[PurePosixPath, ...]:
        """Every file holding a memory: the one it is read from (``file_of``), then each other file
        holding a copy of its block (a sync tool's conflict copy, a backup: what ``check`` reports as
        "also in"), in path order."""
        with self._lock:
            return self._locations.files_of(memory_id)

    def cached_files(self) -> list[PurePosixPath]:
        with self._lock:
            return list(self._files)

    def memory_ids(self) -> set[str]:
        """Every memory id held by a file the folder knows (a malformed file's last good version included)."""
        with self._lock:
            return {block_id(block) for state in self._files.values() for block in identified(state.document)}

    def alias_of(self, namespace: str, name: str) -> str | None:
        """The entity whose fact page lists ``name`` among its aliases ("Bobby" added in Obsidian to
        Bob Smith's page, a name merged into his), as that page's facts spell it; None if none does."""
        with self._lock:
            return self._aliases.entity_of(namespace, name)

    def renamed_pages(self, relative: PurePosixPath) -> RenamedPages:
        """The fact pages a person renamed in ``relative``'s namespace, as they stand now (``_placed``) and as
        they stood earlier while the server ran: what the links of a fact or procedure page name."""
        if folder_of(relative) not in TOPIC_FOLDERS:
            return NO_RENAMED_PAGES
        namespace = namespace_of(relative)
        with self._lock:
            before = self._renamed_before.get(namespace, {})
            return RenamedPages(self._renamed_in(namespace), {stem: frozenset(names) for stem, names in before.items()})

    def take_renamed(self) -> set[str]:
        """The namespaces where a fact page was found renamed, renamed again or back since last asked: their
        pages' links name it where it stood."""
        with self._lock:
            namespaces = {namespace_of(home) for home in self._moved} | set(self._renamed)
            now = {namespace: pages for namespace in namespaces if (pages := self._renamed_in(namespace))}
            changed = {namespace for namespace in namespaces if now.get(namespace) != self._renamed.get(namespace)}
            for namespace in changed:
                for stem, name in self._renamed.get(namespace, {}).items():
                    self._renamed_before.setdefault(namespace, {}).setdefault(stem, set()).add(name)
            self._renamed = now
            return changed

    def _renamed_in(self, namespace: str) -> dict[str, str]:
        """Each fact page of ``namespace`` a person renamed, by the name the server gives it: the name it has now."""
        return {
            home.stem: base_stem(stands) for home, pages in self._moved.items()
            if folder_of(home) == "facts" and namespace_of(home) == namespace
            and any(base_stem(page) != home.stem for page in pages) and base_stem(stands := self._placed(home)) != home.stem
        }

    def _placed(self, page: PurePosixPath) -> PurePosixPath:
        """Where a page stands: where the server puts it, unless a person moved it into a subfolder or renamed it."""
        if page in self._moved and not (self.root / page).exists():
            return min(self._moved[page])
        return page

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

    def keep_last_good(self, relative: PurePosixPath, document: Document) -> None:
        """Hold a malformed file's last good version, so its memories keep their place.

        The stamp matches no real file, so a write to it re-reads the file and fails loudly
        instead of overwriting what the person is in the middle of fixing.
        """
        with self._lock:
            self._index_file(FileState(relative, document, "", (0, 0)))

    def take_folded(self, relative: PurePosixPath) -> bool:
        """Whether an outside change to this file went into one of the folder's own writes.

        Such a write has the digest the folder knows, yet holds edits nobody has synced.
        """
        with self._lock:
            if relative in self._folded:
                self._folded.discard(relative)
                return True
            return False

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

    def take_late_writes(self, relative: PurePosixPath) -> None:
        """Take in what other programs wrote into the versions of the page the folder replaced,
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
        document = with_page_properties(relative, document, renamed=self.renamed_pages(relative))
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
        """Append what another program wrote late into a version of the page the folder replaced
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
        self._unplace(state.path)
        home = page_home(state.path, state.document)
        if home != state.path:
            self._homes[state.path] = home
            self._moved.setdefault(home, set()).add(state.path)
        self._locations.page_read(state.path, (block_id(block) for block in identified(state.document)))

    def _forget_file(self, relative: PurePosixPath) -> None:
        self._aliases.drop(relative)
        self._unplace(relative)
        self._files.pop(relative, None)
        self._locations.page_gone(relative)

    def _unplace(self, relative: PurePosixPath) -> None:
        """The page stands in for its home no more."""
        home = self._homes.pop(relative, None)
        moved = self._moved.get(home, set()) if home is not None else set()
        moved.discard(relative)
        if home is not None and not moved:
            self._moved.pop(home, None)


def _leads_back_to_itself(path: Path) -> bool:
    """A link that leads back to itself (``exists`` says no): no page, though something stands there."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


def _version(state: FileState | None) -> Version | None:
    return Version(state.stamp, state.digest) if state is not None else None


def as_malformed(error: MalformedMemoryFile | StorageError, path: Path) -> MalformedMemoryFile:
    """A page that could not be read, as the store and the sync report it: a disk's refusal at line 0."""
    return error if isinstance(error, MalformedMemoryFile) else MalformedMemoryFile(path, 0, str(error))
