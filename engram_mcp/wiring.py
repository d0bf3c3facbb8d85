"""The composition root's builders: one function per adapter, chosen from the settings.

Only ``app.py`` calls them (and the benchmarks and commands that open a folder through it).
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import threading
from collections.abc import Callable
from datetime import datetime, timezone

from engram_mcp.config import Settings
from engram_mcp.embedding.base import Embedder
from engram_mcp.errors import ConfigError
from engram_mcp.extraction.base import Extractor
from engram_mcp.extraction.done_log import DoneLog
from engram_mcp.extraction.worker import ExtractionWorker
from engram_mcp.index.base import VectorIndex
from engram_mcp.model.supersede import Adjudicator, NoAdjudicator
from engram_mcp.retrieval.pipeline import RecallConfig
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """The real time, UTC."""
    return datetime.now(timezone.utc)


class KnownTime:
    """The clock every component of one memory is given: the real time, UTC, but never earlier than
    a time it already gave or one the memory already holds (``not_before``).

    Known time orders what the memory learned: a clock stepped back (an NTP correction after a
    resume, a VM restored) would otherwise file what was told later as learned earlier, and a
    statement told after another as already superseded by it."""

    def __init__(self, read: Callable[[], datetime] = utc_now) -> None:
        self._read = read
        self._latest: datetime | None = None
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            now = self._read()
            if self._latest is not None and now < self._latest:
                return self._latest
            self._latest = now
            return now

    def not_before(self, moment: datetime) -> None:
        """Never give a time earlier than ``moment`` (the latest time the memory already holds)."""
        with self._lock:
            if self._latest is None or moment > self._latest:
                self._latest = moment


def build_index(settings: Settings, dimension: int) -> VectorIndex:
    """The configured vector index: Qdrant's embedded engine, or a Qdrant server."""
    if settings.index_backend == "qdrant":
        from qdrant_client import QdrantClient

        from engram_mcp.index.qdrant_server import ClusterLayout, QdrantServerIndex

        client = QdrantClient(url=settings.qdrant_url, api_key=settings.qdrant_api_key)
        layout = ClusterLayout(
            shards=settings.qdrant_shards,
            replication_factor=settings.qdrant_replication_factor,
            quantization=settings.qdrant_quantization,
        )
        return QdrantServerIndex(
            client, settings.qdrant_collection, dimension, layout=layout, where=str(settings.qdrant_url)
        )
    from engram_mcp.index.edge import EdgeIndex, ScratchIndex
    from engram_mcp.index.guarded import GuardedIndex

    folder = settings.resolved_index_dir

    def open_index() -> VectorIndex:
        # The markdown is the source of truth and start-up reconciles, so the index can flush in
        # the background instead of paying an fsync on every remember.
        try:
            return EdgeIndex(folder, dimension, flush_interval=1.0)
        except OSError as error:
            if error.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise
            # A read-only folder can still be recalled from: the index is derived, build it elsewhere
            # (removed when the process ends: nothing would ever open it again).
            spare = ScratchIndex(dimension, flush_interval=1.0)
            log.error("index folder %s is not writable (%s); using %s, rebuilt from the markdown",
                      folder, error.strerror, spare.path)
            return spare
        except ConfigError as error:
            # Derived data that cannot be opened (damaged, or built for another embedding model)
            # is rebuilt from the markdown rather than blocking the memory.
            log.warning("index at %s cannot be used (%s); rebuilding it from the markdown", folder, error)
            shutil.rmtree(folder)
            return EdgeIndex(folder, dimension, flush_interval=1.0)

    # Opened on first use, behind a free-space check: a full disk is a reason, never a SIGBUS.
    return GuardedIndex(open_index, folder)


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
        session_weight=settings.recall_session_weight,
        abstain_below=settings.min_relevance,
        context_tokens=settings.context_tokens,
    )


def build_embedder(settings: Settings) -> Embedder:
    """The configured embedder: onnxruntime (default) or sentence-transformers on torch."""
    if settings.embedding_backend == "torch":
        from engram_mcp.embedding.sentence import SentenceEmbedder

        return SentenceEmbedder(settings.embedding_model)
    from engram_mcp.embedding.onnx import OnnxEmbedder

    # Two threads embed one question in 4.5 ms instead of 7.7 on this project's 2-core machine
    # (docs/BENCHMARKS.md, Scale); more than two gain little on texts this short.
    threads = min(2, os.cpu_count() or 1)
    return OnnxEmbedder(settings.embedding_model, cache_dir=settings.cache_dir / "models", threads=threads)


def build_extractor_for(settings: Settings) -> Extractor | None:
    """The fact extractor the settings ask for, or None for 'none'."""
    if settings.extractor == "none":
        return None
    from engram_mcp.extraction.models import build_extractor

    return build_extractor(settings.extractor, n_threads=settings.extractor_threads,
                           endpoint_model=settings.extractor_model, endpoint_timeout=settings.extractor_timeout)


def build_adjudicator(settings: Settings, extractor: Extractor | None) -> Adjudicator:
    """Who settles contradictions the slot rules cannot: nobody ('off'), or a local GGUF model.

    Naming the extractor's own model shares the loaded weights instead of loading them twice.
    """
    if settings.adjudicator == "off":
        return NoAdjudicator()
    from engram_mcp.extraction.adjudicate import LlamaAdjudicator
    from engram_mcp.extraction.llama import LlamaExtractor
    from engram_mcp.extraction.models import build_extractor

    if settings.adjudicator == settings.extractor and isinstance(extractor, LlamaExtractor):
        return LlamaAdjudicator(extractor)
    model = build_extractor(settings.adjudicator, n_threads=settings.extractor_threads)
    if not isinstance(model, LlamaExtractor):
        raise ConfigError(f"adjudicator must be 'off' or a GGUF model, got {settings.adjudicator!r}")
    return LlamaAdjudicator(model)


def build_extraction(
    settings: Settings, extractor: Extractor | None, service: MemoryService, facts: FactService,
    clock: Callable[[], datetime] = utc_now,
) -> ExtractionWorker | None:
    """The background worker that distils facts from stored turns, or None without an extractor."""
    if extractor is None:
        return None
    return ExtractionWorker(
        extractor,
        DoneLog(settings.state_dir / "extraction" / "done.log"),
        lookup=service.find,
        context_of=service.context_turns,
        write_fact=facts.add_extracted,
        clock=clock,
        withdraw_unsaid=facts.withdrawal.withdraw_unsaid,
        status_file=settings.state_dir / "extraction" / "status.json",
    )
