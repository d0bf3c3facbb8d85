"""The product as a benchmark backend: every turn goes in by ``MemoryService.remember``.

``EngramBackend`` builds, per conversation (LoCoMo) or question (LongMemEval), a real memory
in its own folder — markdown store, Qdrant edge index, the product's embedder, and with an
extractor the product's ``ExtractionWorker`` writing facts through ``FactService``
(consolidation and supersession included) — and remembers each turn with its real timestamp
as event time, in dataset order, under the opaque id the harness gives it. The service's
clock follows the dataset's time; a question is asked at its own date when the dataset has
one (LongMemEval), else after the last turn, so 'last week' means what the asker meant.
Recall variants (``RecallConfig`` ablations) are asked after one ingest each.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engram_mcp.bench.datasets import BenchCase, BenchTurn
from engram_mcp.bench.embedder import CachedEmbedder, Vectors
from engram_mcp.bench.harness import RunResult
from engram_mcp.bench.metrics import latency_summary, mean, percentile
from engram_mcp.extraction.base import Extractor
from engram_mcp.extraction.done_log import DoneLog
from engram_mcp.extraction.worker import ExtractionWorker
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.salience import SalienceWeights
from engram_mcp.retrieval.abstain import should_abstain
from engram_mcp.retrieval.context import ContextItem, index_text, render_context
from engram_mcp.retrieval.pipeline import RecallConfig
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from engram_mcp.service.results import Recall
from engram_mcp.state.usage import UsageStore

__all__ = ["BenchClock", "EngramBackend", "PhasedEmbedder", "abstention_calibration", "product_report", "warm_cache"]

DEFAULT_BUDGET = 25
_EXTRACTION_WAIT_SECONDS = 3600.0


class BenchClock:
    """The service clock during a benchmark: it follows the dataset's time, one microsecond a reading."""

    def __init__(self) -> None:
        self._now = datetime(1970, 1, 1, tzinfo=UTC)

    def advance_to(self, moment: datetime) -> None:
        self._now = max(self._now, moment)

    def __call__(self) -> datetime:
        self._now += timedelta(microseconds=1)
        return self._now


class PhasedEmbedder:
    """The product's embedder for a benchmark: stored texts from a cache, questions live.

    Caching stored texts makes reruns fast; questions always hit the model so that recall
    latency is honest.
    """

    def __init__(self, cached: CachedEmbedder, live: Callable[[Sequence[str]], Vectors], dimension: int) -> None:
        self._cached = cached
        self._live = live
        self._dimension = dimension
        self.live = False

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = self._live(texts) if self.live else self._cached.embed(texts)
        return vectors.tolist()  # type: ignore[no-any-return]


def _namespace(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]", "-", name).lstrip("-_") or "ns"
    return cleaned[:64]


class _Memory:
    """One conversation's memory folder, wired as the app wires it."""

    def __init__(
        self, folder: Path, embedder: PhasedEmbedder, clock: BenchClock, budget: int, extractor: Extractor | None
    ) -> None:
        self.folder = folder
        self.index = EdgeIndex(folder / ".engram" / "index", embedder.dimension, flush_interval=1.0)
        self.usage_file = folder / ".engram" / "usage.json"
        self.service = MemoryService(
            MarkdownStore(folder), self.index, embedder, clock, recall_limit=budget, usage=UsageStore(self.usage_file)
        )
        self.service.reconcile()
        self.facts = FactService(self.service, clock)
        self.worker: ExtractionWorker | None = None
        if extractor is not None:
            self.worker = ExtractionWorker(
                extractor,
                DoneLog(folder / ".engram" / "extraction-done.log"),
                lookup=self.service.find,
                context_of=self.service.context_turns,
                write_fact=self.facts.add_extracted,
                clock=clock,
                withdraw_unsaid=self.facts.withdrawal.withdraw_unsaid,
            )
            self.service.on_turn_stored(self.worker.enqueue)
            self.worker.start()

    def settle(self) -> None:
        """Wait until every stored turn has been through extraction."""
        if self.worker is not None and not self.worker.wait_idle(_EXTRACTION_WAIT_SECONDS):
            raise RuntimeError("fact extraction did not finish")

    def usage_copy(self, name: str) -> UsageStore:
        """A private copy of the usage counts so far (facts confirmed during ingest), for one variant."""
        self.service.usage.flush()
        copy = self.folder / ".engram" / f"usage-{_namespace(name)}.json"
        if self.usage_file.exists():
            shutil.copyfile(self.usage_file, copy)
        return UsageStore(copy if self.usage_file.exists() else None, interval=float("inf"))

    def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        self.index.close()


class EngramBackend:
    """The harness's RecallBackend over a real ``MemoryService``, one memory folder per namespace."""

    def __init__(
        self,
        embedder: PhasedEmbedder,
        folder: Path,
        config: RecallConfig | None = None,
        name: str = "engram",
        budget: int = DEFAULT_BUDGET,
        extractor: Extractor | None = None,
        variants: Mapping[str, RecallConfig] | None = None,
        weights: Mapping[str, SalienceWeights] | None = None,
    ) -> None:
        """``extractor``: distil facts from each turn as the server's background worker does;
        recall waits for it, so that every question sees every fact. ``variants``: named recall
        configurations to ask each question under (``use_variant``); ``weights``: the salience
        weights of a variant, when not the product's."""
        self.name = name
        self.config = config or RecallConfig()
        self.variants = dict(variants or {name: self.config})
        self._variant = next(iter(self.variants))
        self._weights = dict(weights or {})
        self._extractor = extractor
        self._embedder = embedder
        self._budget = budget
        self._folder = folder
        self._clock = BenchClock()
        self._memory: _Memory | None = None
        self._usage: dict[str, UsageStore] = {}
        self._turn_of: dict[str, str] = {}
        self.write_ms: list[float] = []
        self.facts = 0
        self.skipped = 0
        self._last: Recall | None = None

    @property
    def service(self) -> MemoryService:
        if self._memory is None:
            raise RuntimeError("nothing ingested yet")
        return self._memory.service

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        self.close()
        self._clock = BenchClock()
        self._memory = _Memory(
            self._folder / _namespace(namespace), self._embedder, self._clock, self._budget, self._extractor
        )
        self._turn_of = {}
        self._embedder.live = False
        service = self._memory.service
        for turn in turns:
            if not turn.text.strip():
                # The product refuses empty memories; a few LongMemEval turns are empty (none is gold).
                self.skipped += 1
                continue
            self._clock.advance_to(turn.timestamp)
            started = time.perf_counter()
            memory = service.remember(
                turn.text,
                role="user",
                speaker=turn.speaker,
                session=turn.session_id,
                namespace=_namespace(namespace),
                event_time=turn.timestamp,
            )
            self.write_ms.append((time.perf_counter() - started) * 1000)
            self._turn_of[memory.id] = turn.turn_id
        self._memory.settle()
        # Each variant keeps its own usage counts, so one variant's recalls never move another's prior.
        self._usage = {v: self._memory.usage_copy(v) for v in self.variants}
        self.facts += sum(1 for m in service.memories() if m.kind is Kind.FACT)

    def use_variant(self, name: str) -> None:
        """Ask the next questions with the recall configuration named ``name``."""
        self._variant = name

    def recall(self, namespace: str, query: str, k: int, asked_at: datetime | None = None) -> list[str]:
        service = self.service
        config = self.variants[self._variant]
        # Rankings are scored whole; whether recall would have abstained is reported apart.
        service._retriever.config = replace(config, abstain_below=-1.0)  # the bench swaps ablations after one ingest
        service.usage = self._usage[self._variant]
        service._weights = self._weights.get(self._variant, SalienceWeights())  # as the config above
        if asked_at is not None:
            self._clock.advance_to(asked_at)
        self._embedder.live = True
        found = service.recall(query, limit=min(k, 200), namespace=_namespace(namespace))
        # A fact stands for the turns it came from; each turn is listed once, where it first appears.
        ranked: dict[str, None] = {}
        for item in found.memories:
            memory = item.memory
            sources = memory.provenance.turn_ids if memory.kind is Kind.FACT else (memory.id,)
            for memory_id in sources:
                turn = self._turn_of.get(memory_id)
                if turn is not None:
                    ranked.setdefault(turn)
        self._last = found
        return list(ranked)[:k]

    @property
    def last_details(self) -> dict[str, float] | None:
        """The last recall's confidence and context size at the default budget.

        Computed when the harness asks, after it has stopped the clock on recall.
        """
        if self._last is None:
            return None
        config = self.variants[self._variant]
        items = [ContextItem(m.memory, m.supports, m.status) for m in self._last.memories[: self._budget]]
        uncapped = render_context(items, max_tokens=10**9, record_chars=config.context_record_chars)
        capped = render_context(items, config.context_tokens, config.context_record_chars)
        coverage = self._last.coverage
        declined = coverage is not None and should_abstain(
            coverage, config.abstain_below, config.lexical_floor, config.focus_floor
        )
        return {
            "declined": float(declined),
            "lexical": coverage.lexical if coverage else float("nan"),
            "focus_cosine": coverage.focus_cosine if coverage else float("nan"),
            "unknown_names": float(bool(coverage and coverage.unknown_names)),
            "confidence": self._last.confidence,
            "context_tokens": float(capped.tokens),
            "context_records": float(capped.records),
            "context_tokens_uncapped": float(uncapped.tokens),
        }

    def close(self) -> None:
        if self._memory is not None:
            self._memory.close()
            self._memory = None


def abstention_calibration(
    cases: Sequence[BenchCase], result: RunResult, thresholds: Sequence[float]
) -> dict[str, Any]:
    """For each threshold: the share of abstention questions and of answerable ones recall would decline."""
    label = {q.question_id: q.abstention for c in cases for q in c.questions}
    confidence = {q.question_id: (q.details or {}).get("confidence", float("nan")) for q in result.questions}
    should = [confidence[i] for i, a in label.items() if a and i in confidence]
    answerable = [confidence[i] for i, a in label.items() if not a and i in confidence]
    declined = {q.question_id: (q.details or {}).get("declined", float("nan")) for q in result.questions}
    focus = {q.question_id: (q.details or {}) for q in result.questions}

    def rate(abstention: bool, focus_floor: float | None = None) -> float:
        ids = [i for i, a in label.items() if a == abstention and i in declined]
        if focus_floor is None:
            return mean(declined[i] for i in ids)
        return mean(
            float(focus[i].get("confidence", 0) < 0.2 or bool(focus[i].get("unknown_names"))
                  or (focus[i].get("lexical", 1) < 0.5 and focus[i].get("focus_cosine", 1) < focus_floor))
            for i in ids
        )

    return {
        "abstention_questions": len(should),
        "answerable_questions": len(answerable),
        "declined": {"abstention_questions": rate(True), "answerable_questions": rate(False)},
        "focus_floor_sweep": [
            {"focus_floor": f, "abstention_questions": rate(True, f), "answerable_questions": rate(False, f)}
            for f in (0.2, 0.23, 0.25, 0.27, 0.3, 0.35, 0.4, 0.45)
        ],
        "confidence_mean": {"abstention": mean(should), "answerable": mean(answerable)},
        "sweep": [
            {
                "threshold": t,
                "abstains_on_abstention_questions": mean(float(c < t) for c in should),
                "abstains_on_answerable_questions": mean(float(c < t) for c in answerable),
            }
            for t in thresholds
        ],
    }


def product_report(backend: EngramBackend, result: RunResult, cases: Sequence[BenchCase]) -> dict[str, Any]:
    details = [q.details or {} for q in result.questions]
    tokens = [d["context_tokens"] for d in details if "context_tokens" in d]
    uncapped = [d["context_tokens_uncapped"] for d in details if "context_tokens_uncapped" in d]
    records = [d["context_records"] for d in details if "context_records" in d]
    config = backend.variants.get(result.backend, backend.config)
    return {
        "write_latency_ms": asdict(latency_summary(backend.write_ms)),
        "facts_written": backend.facts,
        "empty_turns_skipped": backend.skipped,
        "context_budget_records": backend._budget,
        "context_token_budget": config.context_tokens,
        "context_tokens_mean": mean(tokens),
        "context_tokens_p95": percentile(tokens, 95),
        "context_records_mean": mean(records),
        "context_tokens_uncapped_mean": mean(uncapped),
        "context_tokens_uncapped_p95": percentile(uncapped, 95),
        "abstention": abstention_calibration(cases, result, [round(0.05 * i, 2) for i in range(2, 13)]),
    }


def warm_cache(
    cases: Sequence[BenchCase], cached: CachedEmbedder, extractor: Extractor | None = None, batch: int = 256
) -> int:
    """Embed in batches the texts ``remember`` will index (the same ``index_text``) and, with an
    extractor, the statements of the facts it will distil, so that a first run over a large
    dataset does not pay one model call per text. Returns how many texts.

    A text computed differently here would merely miss the cache and be embedded live.
    """
    texts: list[str] = []
    for case in cases:
        last: dict[str, list[Memory]] = {}
        for position, turn in enumerate(case.turns):
            memory = Memory(
                id=f"t-{position:012x}",
                kind=Kind.EPISODE,
                type=MemoryType.EPISODIC,
                text=turn.text,
                created_at=turn.timestamp,
                provenance=Provenance(speaker=turn.speaker, role="user", session=turn.session_id),
            )
            previous = last.setdefault(turn.session_id, [])
            texts.append(index_text(memory, previous[-1] if previous else None))
            if extractor is not None and turn.text.strip():
                texts += [fact.statement for fact in extractor.extract(memory, previous[-3:])]
            previous.append(memory)
    # Unique texts, shortest first: a batch is padded to its longest text, so similar lengths
    # together cost a fraction of dataset order on long, uneven turns (LongMemEval).
    texts = sorted(set(texts), key=len)
    began = time.perf_counter()
    for number, start in enumerate(range(0, len(texts), batch)):
        cached.embed(texts[start : start + batch])
        if number % 20 == 19:
            cached.save()
            print(f"warming the embedding cache: {start + batch}/{len(texts)} texts, "
                  f"{time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    cached.save()
    return len(texts)

