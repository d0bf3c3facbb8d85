"""The reconciler: brings memory and index in step with the files, idempotently.

The watcher only says which files may have changed; this module does the work, the same
way for a batch of watcher events, a rescan, and start-up. For each file it reads:

1. a file whose bytes are what the store last wrote or read is the server's own echo: skipped;
2. a file that cannot be parsed is reported (file and line) and left exactly as it is; the
   store keeps its last good version, so its memories stay recallable;
3. hand-written items get ids and pin tags become metadata, written back only if the file has
   not changed again meanwhile (``settling``);
4. each block is compared with the memory the service knows, by content hash: new and changed
   ones are absorbed (embedded and indexed), a reworded fact is revised (superseded);
5. memories no file holds any more are forgotten.

Running it twice on the same files does nothing the second time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from engram_mcp.errors import EngramError, MalformedMemoryFile, StorageError
from engram_mcp.files import NotARegularFile, Stamp, content_digest, read_regular
from engram_mcp.markdown.folder import FileState, as_malformed
from engram_mcp.markdown.format import Document
from engram_mcp.markdown.layout import is_memory_file, told
from engram_mcp.markdown.listing import not_pages, stray_comments, unread_files
from engram_mcp.markdown.store import LoadReport, MarkdownStore
from engram_mcp.model import Kind, Memory, Source
from engram_mcp.service.memory import MemoryService
from engram_mcp.service.results import ReconcileReport
from engram_mcp.sync.catching_up import CatchingUp, disk_stamp
from engram_mcp.sync.check import CheckReport, compare
from engram_mcp.sync.edits import is_correction, is_revision
from engram_mcp.sync.last_good import LastGood
from engram_mcp.sync.settling import settle_page

__all__ = ["Reconciler", "SyncReport"]

log = logging.getLogger(__name__)



@dataclass
class SyncReport:
    """What one pass did."""

    files: int = 0
    embedded: int = 0
    added_by_hand: int = 0
    revised: int = 0
    forgotten: int = 0
    errors: list[MalformedMemoryFile] = field(default_factory=list)


@dataclass
class _Batch:
    absorbed: list[Memory] = field(default_factory=list)
    revisions: list[Memory] = field(default_factory=list)


class Reconciler:
    """Keeps the service's catalogue and index equal to what the memory files say."""

    def __init__(
        self, store: MarkdownStore, service: MemoryService, last_good: LastGood, clock: Callable[[], datetime]
    ) -> None:
        self._store = store
        self._service = service
        self._last_good = last_good
        self._clock = clock
        self._catching_up = CatchingUp(store)
        self._problems: dict[PurePosixPath, list[MalformedMemoryFile]] = {}
        self._correction_listeners: list[Callable[[Memory], object]] = []
        self._deletion_listeners: list[Callable[[Memory], object]] = []
        self._addition_listeners: list[Callable[[Memory], object]] = []

    def on_turn_corrected(self, listener: Callable[[Memory], object]) -> None:
        """Call ``listener`` with every turn whose text a person corrected, once it is taken in
        (at start-up too, for a correction made while the server was down)."""
        self._correction_listeners.append(listener)

    def on_turn_deleted(self, listener: Callable[[Memory], object]) -> None:
        """Call ``listener`` with every turn a person deleted from its page (both its lines, or the
        whole page), once it is forgotten (at start-up too, for a deletion made while the server was down)."""
        self._deletion_listeners.append(listener)

    def on_turn_added(self, listener: Callable[[Memory], object]) -> None:
        """Call ``listener`` with every turn a person typed in, once taken in (while serving: at start-up, turns not yet
        extracted are the extraction's own catch-up)."""
        self._addition_listeners.append(listener)

    # -- passes --------------------------------------------------------------------------

    def start_up(self) -> tuple[ReconcileReport, SyncReport]:
        """Bring everything in step after the server was down: load, index by hash, settle edits."""
        with self._service.write_lock:
            loaded = self._store.load_all()
            previous: dict[str, Memory] = {}
            last_docs = {}
            copies = list(self._last_good.files())
            for relative in copies:
                state = self._store.state(relative)
                if state is not None and self._last_good.holds(relative, state.digest, state.stamp):
                    continue  # unchanged while the server was down: its memories are as they were
                document = self._last_good.document(relative)
                if document is not None:
                    last_docs[relative] = document
                    previous.update((b.memory.id, b.memory) for b in document.blocks)
            memories = dict(loaded.memories)
            for relative, errors in _by_file(self._store.root, loaded.errors).items():
                self._problem(relative, errors)
                self._catching_up.took_in(relative, disk_stamp(self._store, relative))
                kept = last_docs.get(relative)
                if kept is not None:
                    memories.update(self._fallback(relative, kept, memories))
            # A fact reworded while the server was down is catalogued as it was, so that
            # settling below supersedes it instead of overwriting it.
            catalogue = {
                memory_id: previous[memory_id] if memory_id in previous and is_revision(previous[memory_id], m) else m
                for memory_id, m in memories.items()
            }
            reconciled = self._service.reconcile(LoadReport(memories=catalogue, errors=loaded.errors))
            # A turn corrected meanwhile is read as corrected; what was drawn from its old text follows,
            # and so does what was drawn from a turn deleted meanwhile.
            self._tell(self._correction_listeners, [m for i, m in memories.items() if i in previous and is_correction(previous[i], m)])
            self._tell(self._deletion_listeners, [m for i, m in previous.items() if i not in memories and m.kind is Kind.EPISODE])
            batch, report = _Batch(), SyncReport(errors=list(loaded.errors))
            for relative in self._store.cached_files():
                state = self._store.state(relative)
                if state is not None and relative not in self._problems:
                    self._settle(relative, state, _stamp_of(self._store, relative), batch, report)
                elif state is not None and (given := self._ids_beside_bad_blocks(relative, state, report)) is not None:
                    batch.absorbed.extend(b.memory for b in given.document.blocks if b.memory.id not in memories)
            for relative in set(copies) - set(self._store.cached_files()):
                self._last_good.remove(relative)
            self._finish(batch, report)
            self._store.take_renamed()
            self.refresh_copies(self._store.refresh_properties())
        return reconciled, report

    def sync(self, paths: Iterable[PurePosixPath]) -> SyncReport:
        """Bring these files into the catalogue and index (a batch from the watcher)."""
        report, batch = SyncReport(), _Batch()
        with self._service.write_lock:
            files = [relative for relative in sorted(set(paths)) if is_memory_file(relative)]
            # Only what these files held can have left with them: the check costs the batch, not the folder.
            held_before = [memory_id for relative in files for memory_id in self._ids_in(relative)]
            for relative in files:
                self._sync_file(relative, batch, report)
            batch.absorbed.extend(self._copies_now_read(held_before, files))
            self._finish(batch, report, held_before)
            if renamed := self._store.take_renamed():
                # A fact page found renamed (or renamed back): every link to it names it as it stands, as
                # Obsidian's own rename does, not only once the page linking it is next written.
                self.refresh_copies(self._store.refresh_properties(renamed))
        return report

    def _copies_now_read(self, memory_ids: Iterable[str], synced: Iterable[PurePosixPath]) -> list[Memory]:
        """Memories whose file went while another file holds a copy: that copy is read now."""
        found = []
        for memory_id in memory_ids:
            holder = self._store.file_of(memory_id)
            state = self._store.state(holder) if holder is not None and holder not in synced else None
            if state is not None:
                found += [b.memory for b in state.document.blocks if b.memory.id == memory_id]
        return found

    def refresh_copies(self, files: Iterable[PurePosixPath]) -> None:
        """Bring the last good copies of files the server just rewrote up to date at once.

        After a purge the old copy still holds the forgotten text; waiting for the watcher to
        notice the write would leave it on disk meanwhile (or for good, with no watcher).
        """
        with self._service.write_lock:
            for relative in files:
                path = self._store.root / relative
                if relative in self._problems:
                    # The file itself is not a good copy: drop the forgotten from the old one instead.
                    self._last_good.prune(relative, self._store.memory_ids())
                else:
                    try:
                        stamp, data = read_regular(path)
                    except (FileNotFoundError, NotARegularFile):
                        self._last_good.remove(relative)
                    else:
                        self._last_good.save(relative, data, stamp)

    def sync_all(self) -> SyncReport:
        """Every file on disk and every file known: after a folder moved, or on demand."""
        return self.sync(set(self._store.memory_files()) | set(self._store.cached_files()))

    # -- waiting and reporting -----------------------------------------------------------------

    def behind(self) -> list[PurePosixPath]:
        """Memory files whose current version this reconciler has not processed yet."""
        return self._catching_up.behind()

    def wait_until_caught_up(self, timeout: float, stopped: Callable[[], bool] = lambda: False) -> list[PurePosixPath]:
        """Wait until every file's latest version is processed (or ``stopped``); the files still behind."""
        return self._catching_up.wait_until_caught_up(timeout, stopped)

    def check(self, indexed: Mapping[str, str], behind: Iterable[PurePosixPath] = ()) -> CheckReport:
        """Compare the files as they are on disk now (read afresh) with the index's content hashes."""
        reader = MarkdownStore(self._store.root)
        fresh = reader.load_all()
        memories = dict(fresh.memories)
        for relative in _by_file(self._store.root, fresh.errors):
            kept = self._last_good.document(relative)
            if kept is not None:
                memories.update(_fallback_from(reader, relative, kept, memories))
        return CheckReport(
            divergence=compare(memories, indexed),
            malformed=tuple(str(e) for e in fresh.errors),
            behind=tuple(str(b) for b in behind),
            unread={told(path): count for path, count in unread_files(self._store.root).items()},
            not_pages={told(path): why for path, why in not_pages(self._store.root).items()},
            stray_comments=tuple(stray_comments(self._store.root)),
        )

    @property
    def problems(self) -> list[MalformedMemoryFile]:
        return [error for errors in self._problems.values() for error in errors]

    def _fallback(self, relative: PurePosixPath, kept: Document, have: Mapping[str, Memory]) -> dict[str, Memory]:
        return _fallback_from(self._store, relative, kept, have, hold=True)

    # -- one file ------------------------------------------------------------------------------

    def _sync_file(self, relative: PurePosixPath, batch: _Batch, report: SyncReport) -> None:
        path = self._store.root / relative
        self._store.take_late_writes(relative)
        try:
            stamp, data = read_regular(path)
        except (FileNotFoundError, NotARegularFile):
            # Gone, or something no page is (a named pipe): what the page held is gone with it.
            self._store.reread(relative)
            self._last_good.remove(relative)
            self._problems.pop(relative, None)
            self._catching_up.let_go(relative)
            report.files += 1
            return
        known = self._store.state(relative)
        if known is not None and known.digest == content_digest(data) and not self._store.take_folded(relative):
            self._catching_up.took_in(relative, stamp)
            if relative not in self._problems:
                self._last_good.save(relative, data, stamp)
            return
        report.files += 1
        try:
            state = self._store.reread(relative)
        except (MalformedMemoryFile, StorageError) as error:
            self._unreadable(relative, as_malformed(error, path), stamp, report)
            return
        if state is None:
            return
        if state.document.problems:
            if known is not None and not known.document.problems and known.digest:
                # What the server last wrote or read here is the best good copy there is.
                self._last_good.save(relative, known.document.render().encode("utf-8"))
            # Read what can be read; a bad block keeps the version the service already has
            # (its id still counts as held), and its bytes as the person wrote them.
            given = self._ids_beside_bad_blocks(relative, state, report)
            if given is None:
                return  # edited again meanwhile: that version's event settles it
            state = given
            self._problem(relative, list(state.document.problems))
            report.errors.extend(state.document.problems)
            batch.absorbed.extend(b.memory for b in state.document.blocks if self._store.file_of(b.memory.id) == relative)
            self._catching_up.took_in(relative, stamp)
            return
        self._problems.pop(relative, None)
        self._settle(relative, state, stamp, batch, report)

    def _unreadable(
        self, relative: PurePosixPath, error: MalformedMemoryFile, stamp: Stamp, report: SyncReport
    ) -> None:
        self._problem(relative, [error])
        self._catching_up.took_in(relative, stamp)
        report.errors.append(error)
        kept = self._last_good.document(relative)
        if kept is not None:
            self._store.keep_last_good(relative, kept)

    def _ids_beside_bad_blocks(self, relative: PurePosixPath, state: FileState, report: SyncReport) -> FileState | None:
        """A page holding a block that cannot be read: the items a person typed beside it get their ids all
        the same (the bad block kept byte for byte), so the page is not unread for a typo in another block.
        The page as it now stands; None when it changed meanwhile."""
        settled = settle_page(self._store, relative, state, self._clock())
        if settled is None:
            return None
        if settled.written is None or settled.now is None:
            return state  # nothing written, or the page vanished after the write: the version read stands
        report.added_by_hand += len(settled.now.document.blocks) - len(state.document.blocks)
        return settled.now

    def _settle(
        self, relative: PurePosixPath, state: FileState, stamp: Stamp, batch: _Batch, report: SyncReport
    ) -> None:
        settled = settle_page(self._store, relative, state, self._clock())
        if settled is None:
            return  # edited again meanwhile: that version's event settles it
        if settled.written is not None:
            report.added_by_hand += len(settled.written.blocks) - len(state.document.blocks)
        if settled.now is None:
            return  # vanished after the write: nothing to take in
        state = settled.now
        for block in state.document.blocks:
            if self._store.file_of(block.memory.id) != relative:
                continue  # a copy of a memory another file holds: reported by check, not read
            known = self._service.find(block.memory.id)
            if known is not None and is_revision(known, block.memory):
                batch.revisions.append(block.memory)
            else:
                batch.absorbed.append(block.memory)
        self._catching_up.took_in(relative, stamp)
        self._last_good.save(relative, state.document.render().encode("utf-8"), state.stamp)

    def _ids_in(self, relative: PurePosixPath) -> list[str]:
        state = self._store.state(relative)
        if state is None:
            return []
        return [b.memory.id for b in state.document.blocks] + [b.memory_id for b in state.document.bad_blocks]

    def _finish(self, batch: _Batch, report: SyncReport, candidates: Iterable[str] | None = None) -> None:
        """``candidates``: the only memories that may have gone (None: any)."""
        if candidates is None:
            held = self._store.memory_ids()
            gone = [m.id for m in self._service.memories() if m.id not in held]
        else:
            unplaced = [i for i in dict.fromkeys(candidates) if self._store.file_of(i) is None and self._service.find(i)]
            # A copy in a file not in this batch still holds a memory: asked of every file, rarely.
            held = self._store.memory_ids() if unplaced else set()
            gone = [i for i in unplaced if i not in held]
        corrected = [m for m in batch.absorbed if (known := self._service.find(m.id)) is not None and is_correction(known, m)]
        deleted = [known for i in gone if (known := self._service.find(i)) is not None]
        added = [m for m in batch.absorbed if m.kind is Kind.EPISODE and self._service.find(m.id) is None]
        report.embedded += self._service.absorb(batch.absorbed, gone)
        self._tell(self._correction_listeners, corrected)
        self._tell(self._deletion_listeners, [m for m in deleted if m.kind is Kind.EPISODE])
        self._tell(self._addition_listeners, added)
        report.forgotten += len(gone)
        for found in batch.revisions:
            try:
                self._service.revise(found.id, found.text, source=Source.HUMAN_EDIT, pinned=found.pinned)
                report.revised += 1
            except EngramError as error:
                # A wording the service refuses (e.g. emptied) is still what the file says.
                log.warning("hand edit of %s taken as it stands, not as a revision: %s", found.id, error)
                report.embedded += self._service.absorb([found])
        self._catching_up.pass_done()

    @staticmethod
    def _tell(listeners: list[Callable[[Memory], object]], memories: Iterable[Memory]) -> None:
        for turn in memories:
            for listener in listeners:
                listener(turn)

    def _problem(self, relative: PurePosixPath, errors: list[MalformedMemoryFile]) -> None:
        before = {str(e) for e in self._problems.get(relative, [])}
        for error in errors:
            if str(error) not in before:
                log.error("left untouched (its last good memories stay): %s", error)
        self._problems[relative] = errors


def _by_file(root: Path, errors: Iterable[MalformedMemoryFile]) -> dict[PurePosixPath, list[MalformedMemoryFile]]:
    grouped: dict[PurePosixPath, list[MalformedMemoryFile]] = {}
    for error in errors:
        grouped.setdefault(PurePosixPath(error.path.relative_to(root).as_posix()), []).append(error)
    return grouped


def _fallback_from(
    store: MarkdownStore, relative: PurePosixPath, kept: Document, have: Mapping[str, Memory], hold: bool = False
) -> dict[str, Memory]:
    """The last good versions of what a file no longer lets anyone read.

    A file that cannot be read at all is replaced by its whole last good copy (``hold``: the
    store keeps that copy in its place); a file with bad blocks lends only those blocks' ids.
    """
    state = store.state(relative)
    if state is None:
        if hold:
            store.keep_last_good(relative, kept)
        return {b.memory.id: b.memory for b in kept.blocks if b.memory.id not in have}
    bad = {b.memory_id for b in state.document.bad_blocks}
    return {b.memory.id: b.memory for b in kept.blocks if b.memory.id in bad and b.memory.id not in have}


def _stamp_of(store: MarkdownStore, relative: PurePosixPath) -> Stamp:
    state = store.state(relative)
    return state.stamp if state is not None else (0, 0)
