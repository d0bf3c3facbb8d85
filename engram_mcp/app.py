"""The composition root: builds every component from settings, owns start-up and shut-down.

Only this module (and the command line) reads settings and chooses adapters. Start-up is
split so the MCP handshake never waits for heavy work: ``open`` takes the folder lock and
builds cheap objects; ``start`` loads the markdown, brings the index in step and warms the
embedder, on a background thread; tool calls wait for it (``service``).
"""

from __future__ import annotations

import logging
import threading
import shutil
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from engram_mcp.config import Settings
from engram_mcp.embedding.base import Embedder
from engram_mcp.errors import ConfigError, EngramError
from engram_mcp.extraction.worker import DoneLog, ExtractionWorker
from engram_mcp.folder_lock import FolderLock
from engram_mcp.index.base import VectorIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.memory import MemoryService, ReconcileReport
from engram_mcp.retrieval.pipeline import RecallConfig

__all__ = ["Engram", "build_embedder", "build_index", "recall_config", "utc_now"]

log = logging.getLogger(__name__)

_READY_TIMEOUT_SECONDS = 300.0


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def build_index(settings: Settings, dimension: int) -> VectorIndex:
    """The configured vector index: Qdrant's embedded engine, or a Qdrant server."""
    if settings.index_backend == "qdrant":
        from qdrant_client import QdrantClient

        from engram_mcp.index.server import QdrantServerIndex

        client = QdrantClient(url=settings.qdrant_url, api_key=settings.qdrant_api_key)
        return QdrantServerIndex(client, settings.qdrant_collection, dimension)
    from engram_mcp.index.edge import EdgeIndex

    # The markdown is the source of truth and start-up reconciles, so the index can flush in
    # the background instead of paying an fsync on every remember.
    folder = settings.resolved_index_dir
    try:
        return EdgeIndex(folder, dimension, flush_interval=1.0)
    except ConfigError as error:
        # Derived data that cannot be opened (damaged, or built for another embedding model)
        # is rebuilt from the markdown rather than blocking the memory.
        log.warning("index at %s cannot be used (%s); rebuilding it from the markdown", folder, error)
        shutil.rmtree(folder)
        return EdgeIndex(folder, dimension, flush_interval=1.0)


def recall_config(settings: Settings) -> RecallConfig:
    """The recall pipeline the settings describe."""
    return RecallConfig(
        dense=settings.recall_dense,
        sparse=settings.recall_sparse,
        entities=settings.recall_entities,
        salience_channel=settings.recall_salience,
        neighbours=settings.recall_neighbours,
        per_type=settings.recall_per_type,
        fact_sources=settings.recall_fact_sources,
        speaker_boost=settings.recall_speaker_boost,
        time_boost=settings.recall_time_boost,
        abstain_below=settings.min_relevance,
        context_tokens=settings.context_tokens,
    )


def build_embedder(settings: Settings) -> Embedder:
    """The configured embedder: onnxruntime (default) or sentence-transformers on torch."""
    if settings.embedding_backend == "torch":
        from engram_mcp.embedding.sentence import SentenceEmbedder

        return SentenceEmbedder(settings.embedding_model)
    from engram_mcp.embedding.onnx import OnnxEmbedder

    return OnnxEmbedder(settings.embedding_model, cache_dir=settings.cache_dir / "models")


def build_extraction(settings: Settings, service: MemoryService) -> ExtractionWorker | None:
    """The background fact extractor the settings ask for, or None for 'none'."""
    if settings.extractor == "none":
        return None
    from engram_mcp.extraction.models import build_extractor

    extractor = build_extractor(settings.extractor, n_threads=settings.extractor_threads)
    return ExtractionWorker(
        extractor,
        DoneLog(settings.state_dir / "extraction" / "done.log"),
        lookup=service.find,
        context_of=service.previous_turns,
        write_fact=service.add,
        clock=utc_now,
        status_file=settings.state_dir / "extraction" / "status.json",
    )


@dataclass
class _Startup:
    done: threading.Event
    report: ReconcileReport | None = None
    error: BaseException | None = None


class Engram:
    """One running memory: its settings, lock, stores, index, embedder and service."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = FolderLock(settings.state_dir)
        self._lock.acquire()
        try:
            settings.memory_dir.mkdir(parents=True, exist_ok=True)
            _hide_state_from_git(settings)
            self.embedder = build_embedder(settings)
            self.index = build_index(settings, self.embedder.dimension)
            self.store = MarkdownStore(settings.memory_dir)
            self._service = MemoryService(
                self.store,
                self.index,
                self.embedder,
                utc_now,
                recall_limit=settings.recall_limit,
                retrieval=recall_config(settings),
            )
            self.extraction = build_extraction(settings, self._service)
        except BaseException:
            self._lock.release()
            raise
        self._startup = _Startup(done=threading.Event())

    @classmethod
    def open(cls, settings: Settings) -> Engram:
        return cls(settings)

    def start(self, *, background: bool = True) -> None:
        """Load the markdown, reconcile the index and warm the embedder."""
        if background:
            threading.Thread(target=self._start, name="engram-start", daemon=True).start()
        else:
            self._start()
            if self._startup.error is not None:
                raise self._startup.error

    def _start(self) -> None:
        try:
            self.embedder.embed(["warm up"])
            report = self._service.reconcile()
            for error in report.errors:
                log.error("malformed memory file left untouched: %s", error)
            log.info(
                "ready: %d memories, %d embedded, %d stale index entries removed",
                report.memories,
                report.embedded,
                report.deleted,
            )
            self._startup.report = report
            if self.extraction is not None:
                waiting = self.extraction.resume(self._service.memories())
                self._service.on_turn_stored(self.extraction.enqueue)
                self.extraction.start()
                log.info("fact extraction: %d stored turns waiting", waiting)
        except BaseException as error:  # noqa: BLE001 - reported to every later tool call
            log.exception("start-up failed")
            self._startup.error = error
        finally:
            self._startup.done.set()

    @property
    def service(self) -> MemoryService:
        """The memory service, once start-up has finished."""
        if not self._startup.done.wait(_READY_TIMEOUT_SECONDS):
            raise EngramError("memory is still starting up; try again shortly")
        if self._startup.error is not None:
            raise EngramError(f"memory failed to start: {self._startup.error}")
        return self._service

    def service_file(self, memory_id: str) -> str | None:
        relative = self.store.file_of(memory_id)
        return str(relative) if relative else None

    def reconcile(self) -> ReconcileReport:
        return self.service.reconcile()

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
        }

    def close(self) -> None:
        if self.extraction is not None:
            self.extraction.stop()
        try:
            self.index.close()
        finally:
            self._lock.release()


def _hide_state_from_git(settings: Settings) -> None:
    """A person may keep the memory folder in git; the derived index does not belong there."""
    ignore = settings.state_dir / ".gitignore"
    if not ignore.exists():
        settings.state_dir.mkdir(parents=True, exist_ok=True)
        ignore.write_text("*\n", encoding="utf-8")
