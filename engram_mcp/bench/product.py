"""LoCoMo and LongMemEval through the product: every turn goes in by ``MemoryService.remember``.

    engram-mcp bench locomo /work/shared/bench/locomo_dev5.json --rankings /tmp/locomo.jsonl --out /tmp/locomo.json
    engram-mcp bench longmemeval /work/shared/bench/longmemeval_s_ci33.json --out /tmp/lme.json

``EngramBackend`` builds a real service (markdown folder, Qdrant edge index, ONNX MiniLM) in
a temporary folder, remembers each turn with its real timestamp as event time, in dataset
order, under the opaque id the harness gives it, in a fresh namespace per conversation
(LoCoMo) or question (LongMemEval), then recalls with the raw question. The service's
clock follows the dataset's time, so 'last week' means the week before the last turn.
The BM25-alone and dense-alone baselines run in the same process over the same turns.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from engram_mcp.bench.backends import BM25Backend, DenseBackend, RecallBackend
from engram_mcp.bench.datasets import BenchCase, BenchTurn, load_locomo, load_longmemeval
from engram_mcp.bench.embedder import CachedEmbedder, LiveQueryEmbedder, MiniLMEmbedder, Vectors
from engram_mcp.bench.harness import (
    RunResult,
    _print_lme,
    _print_locomo,
    locomo_report,
    longmemeval_report,
    run,
    write_rankings,
)
from engram_mcp.bench.metrics import latency_summary, mean
from engram_mcp.extraction.base import Extractor
from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.extraction.worker import fact_from
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.context import ContextItem, index_text, render_context
from engram_mcp.retrieval.pipeline import RecallConfig
from engram_mcp.service.memory import MemoryService
from engram_mcp.service.results import Recall

__all__ = ["ABLATIONS", "BenchClock", "EngramBackend", "abstention_calibration", "main"]

log = logging.getLogger(__name__)

DEFAULT_BUDGET = 25
ABLATIONS: dict[str, dict[str, Any]] = {
    "no-dense": {"dense": False},
    "no-sparse": {"sparse": False},
    "no-entities": {"entities": False},
    "no-neighbours": {"neighbours": False},
    "no-speaker-boost": {"speaker_boost": 0.0},
    "no-time-boost": {"time_boost": 0.0},
    "no-per-type": {"per_type": False},
    "no-fact-sources": {"fact_sources": False},
    "with-salience": {"salience_channel": True},
    "fact-weight-1": {"fact_weight": 1.0},
}
"""Each switches one step of the default pipeline (``RecallConfig``) off, or an optional one on."""


class BenchClock:
    """The service clock during a benchmark: it follows the dataset's time, one microsecond a reading."""

    def __init__(self) -> None:
        self._now = datetime(1970, 1, 1, tzinfo=timezone.utc)

    def advance_to(self, moment: datetime) -> None:
        self._now = max(self._now, moment)

    def __call__(self) -> datetime:
        self._now += timedelta(microseconds=1)
        return self._now


class PhasedEmbedder:
    """The product's embedder for a benchmark: stored turns from a cache, questions live.

    Caching stored turns makes ablation reruns fast; questions always hit the model so that
    recall latency is honest.
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
        return [[float(x) for x in row] for row in vectors]


def _namespace(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]", "-", name).lstrip("-_") or "ns"
    return cleaned[:64]


class EngramBackend:
    """The harness's RecallBackend over a real ``MemoryService``."""

    def __init__(
        self,
        embedder: PhasedEmbedder,
        folder: Path,
        config: RecallConfig | None = None,
        name: str = "engram",
        budget: int = DEFAULT_BUDGET,
        extractor: Extractor | None = None,
    ) -> None:
        """``extractor``: distil facts from each turn as it is stored, as the background worker
        would (synchronously here, so that every question sees every fact)."""
        self.name = name
        self._extractor = extractor
        self.config = config or RecallConfig()
        self._embedder = embedder
        self._budget = budget
        self._clock = BenchClock()
        self._index = EdgeIndex(folder / ".engram" / "index", embedder.dimension, flush_interval=1.0)
        # Rankings are scored whole; whether recall would have abstained is reported apart.
        ranking_config = replace(self.config, abstain_below=-1.0)
        self.service = MemoryService(
            MarkdownStore(folder), self._index, embedder, self._clock, recall_limit=budget, retrieval=ranking_config
        )
        self.service.reconcile()
        self._turn_of: dict[str, str] = {}
        self.write_ms: list[float] = []
        self.facts = 0
        self.skipped = 0
        self._last: Recall | None = None

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        self._embedder.live = False
        for turn in turns:
            if not turn.text.strip():
                # The product refuses empty memories; a few LongMemEval turns are empty (none is gold).
                self.skipped += 1
                continue
            self._clock.advance_to(turn.timestamp)
            started = time.perf_counter()
            memory = self.service.remember(
                turn.text,
                role="user",
                speaker=turn.speaker,
                session=turn.session_id,
                namespace=_namespace(namespace),
                event_time=turn.timestamp,
            )
            self.write_ms.append((time.perf_counter() - started) * 1000)
            self._turn_of[memory.id] = turn.turn_id
            if self._extractor is not None:
                self._extract(memory)

    def _extract(self, turn: Memory) -> None:
        assert self._extractor is not None
        for extracted in self._extractor.extract(turn, self.service.previous_turns(turn, 2)):
            fact = fact_from(extracted, turn, self._clock())
            if self.service.find(fact.id) is None:
                self.service.add(fact)
                self.facts += 1

    def recall(self, namespace: str, query: str, k: int) -> list[str]:
        self._embedder.live = True
        found = self.service.recall(query, limit=min(k, 200), namespace=_namespace(namespace))
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
        items = [ContextItem(m.memory, m.supports) for m in self._last.memories[: self._budget]]
        uncapped = render_context(items, max_tokens=10**9, record_chars=self.config.context_record_chars)
        capped = render_context(items, self.config.context_tokens, self.config.context_record_chars)
        return {
            "confidence": self._last.confidence,
            "context_tokens": float(capped.tokens),
            "context_records": float(capped.records),
            "context_tokens_uncapped": float(uncapped.tokens),
        }

    def close(self) -> None:
        self._index.close()


def _p95(values: Sequence[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def abstention_calibration(
    cases: Sequence[BenchCase], result: RunResult, thresholds: Sequence[float]
) -> dict[str, Any]:
    """For each threshold: the share of abstention questions and of answerable ones recall would decline."""
    label = {q.question_id: q.abstention for c in cases for q in c.questions}
    confidence = {q.question_id: (q.details or {}).get("confidence", float("nan")) for q in result.questions}
    should = [confidence[i] for i, a in label.items() if a and i in confidence]
    answerable = [confidence[i] for i, a in label.items() if not a and i in confidence]
    return {
        "abstention_questions": len(should),
        "answerable_questions": len(answerable),
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
    return {
        "write_latency_ms": asdict(latency_summary(backend.write_ms)),
        "facts_written": backend.facts,
        "empty_turns_skipped": backend.skipped,
        "context_budget_records": DEFAULT_BUDGET,
        "context_token_budget": backend.config.context_tokens,
        "context_tokens_mean": mean(tokens),
        "context_tokens_p95": _p95(tokens),
        "context_records_mean": mean(records),
        "context_tokens_uncapped_mean": mean(uncapped),
        "context_tokens_uncapped_p95": _p95(uncapped),
        "abstention": abstention_calibration(cases, result, [round(0.05 * i, 2) for i in range(2, 13)]),
    }


def warm_cache(cases: Sequence[BenchCase], cached: CachedEmbedder, batch: int = 256) -> int:
    """Embed in batches the texts ``remember`` will index (the same ``index_text``), so that a
    first run over a large dataset does not pay one model call per turn. Returns how many texts.

    A text computed differently here would merely miss the cache and be embedded live.
    """
    texts: list[str] = []
    for case in cases:
        last: dict[str, Memory] = {}
        for position, turn in enumerate(case.turns):
            memory = Memory(
                id=f"t-{position:012x}",
                kind=Kind.EPISODE,
                type=MemoryType.EPISODIC,
                text=turn.text,
                created_at=turn.timestamp,
                provenance=Provenance(speaker=turn.speaker, role="user", session=turn.session_id),
            )
            texts.append(index_text(memory, last.get(turn.session_id)))
            last[turn.session_id] = memory
    for start in range(0, len(texts), batch):
        cached.embed(texts[start : start + batch])
    cached.save()
    return len(texts)


def main(argv: Sequence[str] | None = None) -> int:
    from engram_mcp.config import default_cache_dir

    parser = argparse.ArgumentParser(prog="engram-mcp bench", description=__doc__.split("\n")[0])
    parser.add_argument("dataset", choices=["locomo", "longmemeval"])
    parser.add_argument("path", type=Path)
    parser.add_argument(
        "--backends",
        default="bm25,dense,engram",
        help="comma-separated: bm25, dense, engram, engram-facts (with the rules extractor)",
    )
    parser.add_argument(
        "--ablate", default="", help=f"comma-separated ablations of engram, or 'all': {', '.join(ABLATIONS)}"
    )
    parser.add_argument("--only", default=None, help="comma-separated sample / question ids")
    parser.add_argument("--k", type=int, default=None, help="turns requested per question (default 50 / 200)")
    parser.add_argument("--rankings", type=Path, default=None, help="JSON lines of ranked ids (one file per backend)")
    parser.add_argument("--out", type=Path, default=None, help="JSON report")
    parser.add_argument("--embedding-cache", type=Path, default=Path("/tmp/engram_product_emb_cache.pkl"))
    parser.add_argument("--model-cache", type=Path, default=default_cache_dir() / "models")
    parser.add_argument("--threads", type=int, default=2, help="ONNX threads")
    parser.add_argument(
        "--warm-cache",
        action="store_true",
        help="batch-embed the indexed texts first (ingest throughput then excludes embedding)",
    )
    args = parser.parse_args(argv)

    only = args.only.split(",") if args.only else None
    if args.dataset == "locomo":
        cases = load_locomo(args.path, only)
        k, report = args.k or 50, locomo_report
    else:
        cases = load_longmemeval(args.path, only)
        k, report = args.k or 200, longmemeval_report
    live = MiniLMEmbedder(args.model_cache, args.threads)
    cached = CachedEmbedder(live, args.embedding_cache)
    baseline_embedder = LiveQueryEmbedder(cached, live)
    if args.warm_cache:
        log.warning("warmed the embedding cache with %d texts", warm_cache(cases, cached))
    names = [n.strip() for n in args.backends.split(",") if n.strip()]
    ablations = list(ABLATIONS) if args.ablate == "all" else [a for a in args.ablate.split(",") if a]
    known = ("bm25", "dense", "engram", "engram-facts")
    unknown = [a for a in ablations if a not in ABLATIONS] + [n for n in names if n not in known]
    # Ablations apply to the fact-extracting backend when it is the one asked for.
    base = "engram-facts" if "engram-facts" in names and "engram" not in names else "engram"
    if unknown:
        raise SystemExit(f"unknown backend(s) or ablation(s): {', '.join(unknown)}")
    reports = []
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as scratch:
        for name in names + [f"{base}-{a}" for a in ablations]:
            backend: RecallBackend
            product: EngramBackend | None = None
            if name == "bm25":
                backend = BM25Backend()
            elif name == "dense":
                backend = DenseBackend(baseline_embedder)
            else:
                ablation = name.removeprefix("engram-facts-").removeprefix("engram-")
                ablation = ablation if ablation in ABLATIONS else None
                config = replace(RecallConfig(), **ABLATIONS[ablation]) if ablation else RecallConfig()
                embedder = PhasedEmbedder(cached, live.embed, live.model.dimension)
                extractor = RulesExtractor() if name.startswith("engram-facts") else None
                product = EngramBackend(embedder, Path(scratch) / name, config, name, extractor=extractor)
                backend = product
            try:
                result = run(cases, backend, k, name)
            finally:
                if product is not None:
                    product.close()
                cached.save()
            entry = report(cases, result)
            if product is not None:
                entry["product"] = product_report(product, result, cases)
            reports.append(entry)
            if args.rankings is not None:
                path = args.rankings if len(names) + len(ablations) == 1 else args.rankings.with_name(
                    f"{args.rankings.stem}.{name}{args.rankings.suffix}"
                )
                write_rankings(path, result)
    (_print_locomo if args.dataset == "locomo" else _print_lme)(reports)
    for entry in reports:
        if "product" in entry:
            _print_product(entry["backend"], entry["product"])
    if args.out is not None:
        args.out.write_text(json.dumps({"dataset": args.dataset, "path": str(args.path), "reports": reports}, indent=1))
    return 0


def _print_product(name: str, product: dict[str, Any]) -> None:
    write = product["write_latency_ms"]
    print(
        f"{name}: remember p50 {write['p50_ms']:.1f} ms, p95 {write['p95_ms']:.1f} ms; context at "
        f"{product['context_budget_records']} records: {product['context_tokens_mean']:.0f} tokens mean, "
        f"{product['context_tokens_p95']:.0f} p95 ({product['context_records_mean']:.1f} records fit the "
        f"{product['context_token_budget']}-token budget; uncapped {product['context_tokens_uncapped_mean']:.0f} "
        f"mean, {product['context_tokens_uncapped_p95']:.0f} p95)"
    )
    calibration = product["abstention"]
    if calibration["abstention_questions"]:
        cells = ", ".join(
            f"{row['threshold']:.2f}: {row['abstains_on_abstention_questions']:.2f}/"
            f"{row['abstains_on_answerable_questions']:.2f}"
            for row in calibration["sweep"]
        )
        print(f"  abstention (threshold: share declined of abstention / answerable questions): {cells}")
