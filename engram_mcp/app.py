"""The composition root: builds every component from settings, owns start-up and shut-down.

Only this module (and the command line) reads settings and chooses adapters. Start-up is
split so the MCP handshake never waits for heavy work: ``open`` takes the folder lock and
builds cheap objects; ``start`` loads the markdown, brings the index in step and warms the
embedder, on a background thread; tool calls wait for it (``service``).
"""

from __future__ import annotations

import logging
import os
import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from engram_mcp.config import Settings
from engram_mcp.errors import ConfigError, EngramError, StorageError
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model.salience import SalienceWeights
from engram_mcp.model.temporal import latest_known
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import Forgetting
from engram_mcp.service.memory import IndexProgress, MemoryService
from engram_mcp.service.results import ReconcileReport
from engram_mcp.state.folder_lock import FolderLock
from engram_mcp.state.usage import UsageStore
from engram_mcp.sync.check import CheckReport
from engram_mcp.sync.last_good import LastGood
from engram_mcp.sync.reconciler import Reconciler, SyncReport
from engram_mcp.sync.watcher import FolderWatcher
from engram_mcp.wiring import (
    KnownTime,
    build_adjudicator,
    build_embedder,
    build_extraction,
    build_extractor_for,
    build_index,
    recall_config,
    utc_now,
)

__all__ = ["Engram", "build_embedder", "build_index", "recall_config", "utc_now"]

log = logging.getLogger(__name__)

_READY_TIMEOUT_SECONDS = 300.0
_CHECK_RETRY_SECONDS = 0.2
# Shut-down waits this long for the start-up pass to stop between two of its batches.
_STOP_WAIT_SECONDS = 60.0


class _ShuttingDown(Exception):
    """``close`` was called while a long indexing run (the start-up pass) was still at work."""


@dataclass
class _Startup:
    done: threading.Event
    report: ReconcileReport | None = None
    sync: SyncReport | None = None
    error: BaseException | None = None


class Engram:
    """One running memory: its settings, lock, stores, index, embedder and service."""

    def __init__(self, settings: Settings, progress: IndexProgress | None = None, *, fresh_index: bool = False) -> None:
        """``progress``: told how far each long indexing run has got (reindex, sync, a start-up
        that finds much to embed); one-shot commands draw it, a server passes nothing.
        ``fresh_index``: delete the embedded index first and build it again from the markdown
        (``reindex --from-scratch``); only once the folder's lock is held, so a folder another
        process serves keeps its index."""
        self.settings = settings
        self._closing = threading.Event()
        self._progress = progress
        self._start_thread: threading.Thread | None = None
        self._lock = FolderLock(settings.state_dir)
        _take_lock(self._lock, settings)
        try:
            if fresh_index and settings.index_backend == "edge":
                shutil.rmtree(settings.resolved_index_dir, ignore_errors=True)
            _hide_state_from_git(settings)
            self.embedder = build_embedder(settings)
            self.index = build_index(settings, self.embedder.dimension)
            self.store = MarkdownStore(settings.memory_dir)
            self.clock = KnownTime()
            self._service = MemoryService(
                self.store,
                self.index,
                self.embedder,
                self.clock,
                recall_limit=settings.recall_limit,
                usage=UsageStore(settings.state_dir / "usage.json"),
                salience_weights=SalienceWeights(
                    certainty=settings.salience_certainty,
                    importance=settings.salience_importance,
                    recency=settings.salience_recency,
                    half_life_days=settings.salience_half_life_days,
                ),
                retrieval=recall_config(settings),
                progress=self._indexed,
            )
            extractor = build_extractor_for(settings)
            self._facts = FactService(
                self._service,
                self.clock,
                threshold=settings.consolidate_threshold,
                adjudicator=build_adjudicator(settings, extractor),
                user_name=settings.user_name,
            )
            self.extraction = build_extraction(settings, extractor, self._service, self._facts, self.clock)
            last_good = LastGood(settings.state_dir / "last-good")
            self.reconciler = Reconciler(self.store, self._service, last_good, self.clock)
            if self.extraction is not None:
                # Also when not serving (`engram-mcp sync`): the turn waits in the queue for the next server.
                self.reconciler.on_turn_corrected(self.extraction.redo)
            else:
                # `--extractor none`: the facts an earlier extractor drew from a corrected turn that its
                # new words no longer hold are withdrawn all the same; nothing new is drawn.
                self.reconciler.on_turn_corrected(self._facts.withdrawal.withdraw_no_longer_worded)
            # A turn a person deleted takes the facts no other turn supports (as a corrected one does).
            self.reconciler.on_turn_deleted(self._facts.withdrawal.withdraw_unsupported)
            self._forgetting = Forgetting(
                self._service, self._facts, self.clock, after_purge=self.reconciler.refresh_copies,
                forgotten=self.extraction.forget if self.extraction is not None else None,
            )
            self.watcher: FolderWatcher | None = None
        except BaseException:
            self._lock.release()
            raise
        self._startup = _Startup(done=threading.Event())
        self._retry_lock = threading.Lock()
        self._serving = False

    @classmethod
    def open(cls, settings: Settings, progress: IndexProgress | None = None, *, fresh_index: bool = False) -> Engram:
        return cls(settings, progress, fresh_index=fresh_index)

    def start(self, *, background: bool = True, serving: bool = False) -> None:
        """Load the markdown, reconcile the index and warm the embedder.

        ``serving``: also follow hand edits and extract facts in the background, as a running
        server does; one-shot commands (reindex, sync, benchmarks) leave both off.
        """
        self._serving = serving
        if serving:
            # Watching starts before the start-up pass, so an edit made during it is not missed;
            # its batch waits for the pass to finish (see _on_changes).
            self.watcher = FolderWatcher(self.settings.memory_dir, self._on_changes)
            self.watcher.start()
        if background:
            self._start_thread = threading.Thread(target=self._start, name="engram-start", daemon=True)
            self._start_thread.start()
        else:
            self._start()
            if self._startup.error is not None:
                raise self._startup.error

    def _start(self) -> None:
        try:
            self.embedder.embed(["warm up"])
            report, synced = self.reconciler.start_up()
            latest = latest_known(self._service.memories())
            if latest is not None:
                self.clock.not_before(latest)
            log.info(
                "ready: %d memories, %d embedded, %d stale index entries removed, %d added by hand, %d revised by hand",
                report.memories,
                report.embedded,
                report.deleted,
                synced.added_by_hand,
                synced.revised,
            )
            self._startup.report = report
            self._startup.sync = synced
            if self.extraction is not None and self._serving:
                waiting = self.extraction.resume(self._service.memories())
                self._service.on_turn_stored(self.extraction.enqueue)
                # A turn typed into a page while serving is extracted as a remembered one is.
                self.reconciler.on_turn_added(self.extraction.enqueue)
                self.extraction.start()
                log.info("fact extraction: %d stored turns waiting", waiting)
        except _ShuttingDown as error:
            log.info("start-up stopped: the server is shutting down (the index is brought in step at the next start)")
            self._startup.error = error
        except StorageError as error:
            # A disk fault gives its reason in one line; the next tool call tries again.
            log.error("start-up failed (retried at the next tool call): %s", error)
            self._startup.error = error
        except BaseException as error:  # noqa: BLE001 - reported to every later tool call
            log.exception("start-up failed")
            self._startup.error = error
        finally:
            self._startup.done.set()
        if self._serving and self._startup.error is None and not self._closing.is_set():
            try:
                asked = self._service.warm_up()
                log.info("index warmed with %d questions", asked)
            except Exception as error:  # noqa: BLE001 - a cold index is slower, never wrong
                log.warning("warming the index stopped: %s", error)

    @property
    def service(self) -> MemoryService:
        """The memory service, once start-up has finished."""
        self._wait_until_ready()
        return self._service

    @property
    def facts(self) -> FactService:
        """Fact writes, history and entities, once start-up has finished."""
        self._wait_until_ready()
        return self._facts

    @property
    def forgetting(self) -> Forgetting:
        self._wait_until_ready()
        return self._forgetting

    def _wait_until_ready(self) -> None:
        if not self._startup.done.wait(_READY_TIMEOUT_SECONDS):
            raise EngramError("memory is still starting up; try again shortly")
        if isinstance(self._startup.error, StorageError):
            self._retry_start()
        if self._startup.error is not None:
            raise EngramError(f"memory failed to start: {self._startup.error}")

    def _retry_start(self) -> None:
        """A disk fault at start-up (full, unreachable) may have cleared: try again, once per call."""
        with self._retry_lock:
            if isinstance(self._startup.error, StorageError):
                self._startup.error = None
                self._startup.done.clear()
                self._start()

    def service_file(self, memory_id: str) -> str | None:
        relative = self.store.file_of(memory_id)
        return str(relative) if relative else None

    def reconcile(self) -> SyncReport:
        """Rescan every memory file now and bring memory and index in step with it."""
        self.service  # noqa: B018 - waits for start-up
        return self.reconciler.sync_all()

    def check(self, wait_seconds: float = 0.0) -> CheckReport:
        """Compare the files with the index, after waiting up to ``wait_seconds`` for pending edits to sync."""
        service = self.service
        stopping = self._closing.is_set
        behind = self.reconciler.wait_until_caught_up(wait_seconds, stopping) if self.watcher is not None else []
        settled_by = time.monotonic() + wait_seconds
        while True:
            with service.write_lock:
                report = self.reconciler.check(self.index.content_hashes(), behind)
            # A write reaches the index just after it leaves the lock (embedding happens outside it), so a
            # memory can be in its file a moment before it is indexed: only a difference that lasts counts.
            if report.divergence.clean or time.monotonic() >= settled_by or stopping():
                return report
            time.sleep(_CHECK_RETRY_SECONDS)

    def startup_reports(self) -> tuple[ReconcileReport, SyncReport]:
        """What the start-up pass found: the index reconciliation and the hand edits it settled."""
        self.service  # noqa: B018 - waits for start-up
        assert self._startup.report is not None and self._startup.sync is not None
        return self._startup.report, self._startup.sync

    def _on_changes(self, paths: set[PurePosixPath], rescan: bool) -> None:
        self._startup.done.wait()
        if self._startup.error is not None:
            return
        report = self.reconciler.sync_all() if rescan else self.reconciler.sync(paths)
        if report.files:
            log.info(
                "synced %d file(s): %d embedded, %d added by hand, %d revised, %d forgotten",
                report.files,
                report.embedded,
                report.added_by_hand,
                report.revised,
                report.forgotten,
            )

    def status(self) -> dict[str, Any]:
        service = self.service
        extraction = self.extraction.status() if self.extraction is not None else None
        return {
            "memory_dir": str(self.settings.memory_dir),
            "memories": len(service.memories()),
            "index_backend": self.settings.index_backend,
            "embedding_model": f"{self.settings.embedding_model} ({self.settings.embedding_backend})",
            "extractor": extraction.extractor if extraction else "none",
            "extraction_queue": extraction.queued if extraction else 0,
            "extraction_idle": extraction.idle if extraction else True,
            "extracted_turns": extraction.extracted_turns if extraction else 0,
            "facts_written": extraction.facts_written if extraction else 0,
            "failed_turns": extraction.failed_turns if extraction else 0,
            "last_extraction_error": extraction.last_error if extraction else None,
            # A proxy forwarding this answer replaces the role with its own (edge/proxy.py).
            "role": "owner",
            "owner_pid": os.getpid(),
        }

    def stop_waiting(self) -> None:
        """The process is about to stop (SIGTERM): a tool call waiting for edits to settle answers now,
        and a long indexing run stops between two batches, so the shut-down is not kept waiting."""
        self._closing.set()

    def _indexed(self, done: int, total: int) -> None:
        """A long indexing run reports each batch here: it stops between two once the memory is closing
        (a process must not exit while a thread is inside the embedder), and tells ``progress``."""
        if self._closing.is_set():
            raise _ShuttingDown(f"stopped after {done} of {total}")
        if self._progress is not None:
            self._progress(done, total)

    def close(self) -> None:
        self._closing.set()
        if self._start_thread is not None:
            self._start_thread.join(_STOP_WAIT_SECONDS)
        if self.watcher is not None:
            self.watcher.stop()
        if self.extraction is not None:
            self.extraction.stop()
        self.store.close()
        try:
            self._service.usage.close()
        except OSError as error:
            log.warning("usage counts not saved: %s", error.strerror or error)
        try:
            self.index.close()
        finally:
            self._lock.release()


def _take_lock(lock: FolderLock, settings: Settings) -> None:
    """Become the folder's one writer. A folder that cannot be written at all (read-only) is
    served without the lock: nobody can write it, and every write says why."""
    try:
        settings.memory_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(f"memory folder {settings.memory_dir} cannot be created: {error.strerror or error}") from error
    try:
        lock.acquire()
    except OSError as error:
        log.error("memory folder %s is not writable (%s): recall works, writes will fail until it is",
                  settings.memory_dir, error.strerror or error)


def _hide_state_from_git(settings: Settings) -> None:
    """A person may keep the memory folder in git; the derived index does not belong there."""
    ignore = settings.state_dir / ".gitignore"
    try:
        if not ignore.exists():
            settings.state_dir.mkdir(parents=True, exist_ok=True)
            ignore.write_text("*\n", encoding="utf-8")
    except OSError as error:
        log.warning("cannot write %s: %s", ignore, error.strerror or error)
