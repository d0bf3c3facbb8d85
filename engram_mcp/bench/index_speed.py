"""How fast each index backend upserts and answers, on synthetic memories.

    python -m engram_mcp.bench.index_speed --points 10000 --out index_speed.json

Builds N memories with random unit 384-d vectors and short random texts, then times batched
upserts and single queries (dense, sparse, and dense with a namespace + time filter) on
EdgeIndex and on QdrantServerIndex over qdrant-client's local mode. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TextIO

import numpy as np

from engram_mcp.bench.metrics import percentile
from engram_mcp.commands.progress import progress
from engram_mcp.index.base import IndexEntry, MemoryFilter, VectorIndex
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id

__all__ = ["main"]

DIM = 384
NAMESPACES = ("default", "work", "family", "health")
START = datetime(2023, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Corpus:
    entries: list[IndexEntry]
    query_vectors: list[list[float]]
    query_texts: list[str]
    moments: list[datetime]


def build_corpus(points: int, queries: int, seed: int = 7) -> Corpus:
    rng = random.Random(seed)
    vocabulary = [_word(rng) for _ in range(3000)]
    people = [_word(rng).title() for _ in range(60)]
    matrix = np.random.default_rng(seed).standard_normal((points + queries, DIM)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    entries = []
    for i in range(points):
        created = START + timedelta(minutes=rng.randrange(2 * 365 * 24 * 60))
        closed = rng.random() < 0.1
        memory = Memory(
            id=new_memory_id(Kind.FACT, seed=f"bench-{i}"),
            kind=Kind.FACT if rng.random() < 0.7 else Kind.EPISODE,
            type=rng.choice(list(MemoryType)),
            text=" ".join(rng.choice(vocabulary) for _ in range(rng.randint(8, 20))),
            created_at=created,
            invalid_at=created + timedelta(days=rng.randint(1, 200)) if closed else None,
            provenance=Provenance(namespace=rng.choice(NAMESPACES)),
            entities=tuple(rng.sample(people, rng.randint(0, 3))),
        )
        entries.append(IndexEntry(memory, matrix[i].tolist()))
    return Corpus(
        entries=entries,
        query_vectors=[matrix[points + j].tolist() for j in range(queries)],
        query_texts=[" ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 5))) for _ in range(queries)],
        moments=[START + timedelta(days=rng.randrange(2 * 365)) for _ in range(queries)],
    )


def measure(index: VectorIndex, corpus: Corpus, batch: int, limit: int = 10) -> dict[str, float]:
    started = time.perf_counter()
    starts = range(0, len(corpus.entries), batch)
    for i in progress(starts, len(starts), "upserting", unit="batches"):
        index.upsert(corpus.entries[i : i + batch])
    upsert_seconds = time.perf_counter() - started
    everything = MemoryFilter()
    results: dict[str, float] = {
        "points": index.count(),
        "upsert_seconds": upsert_seconds,
        "upserts_per_second": len(corpus.entries) / upsert_seconds,
    }
    results |= _latencies("dense", [partial(index.search_dense, v, everything, limit) for v in corpus.query_vectors])
    results |= _latencies("sparse", [partial(index.search_sparse, t, everything, limit) for t in corpus.query_texts])
    filtered = [
        partial(index.search_dense, v, MemoryFilter(namespace=ns, valid_at=m, current_only=True), limit)
        for v, m, ns in zip(corpus.query_vectors, corpus.moments, NAMESPACES * len(corpus.moments), strict=False)
    ]
    results |= _latencies("filtered", filtered)
    return results


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--points", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=256, help="memories per upsert call")
    parser.add_argument("--backends", default="edge,local", help="comma-separated: edge, local")
    parser.add_argument("--folder", type=Path, default=None, help="where the edge shard goes (default: a temp dir)")
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON here")
    args = parser.parse_args(argv)

    corpus = build_corpus(args.points, args.queries)
    report: dict[str, object] = {"points": args.points, "queries": args.queries, "batch": args.batch, "dim": DIM}
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(dir=args.folder) as scratch:
            index = _open(backend.strip(), Path(scratch))
            try:
                report[backend] = measure(index, corpus, args.batch)
            finally:
                index.close()
    out.write(_table(report, [b for b in args.backends.split(",") if b in report]))
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


def _open(backend: str, scratch: Path) -> VectorIndex:
    if backend == "edge":
        from engram_mcp.index.edge import EdgeIndex

        return EdgeIndex(scratch / "index", DIM)
    if backend == "local":
        from qdrant_client import QdrantClient

        from engram_mcp.index.qdrant_server import QdrantServerIndex

        return QdrantServerIndex(QdrantClient(":memory:"), "bench", DIM)
    raise SystemExit(f"unknown backend {backend!r} (edge, local)")


def _latencies(name: str, calls: Sequence[Callable[[], object]]) -> dict[str, float]:
    timings = []
    for call in progress(calls, len(calls), f"{name} searches", unit="queries"):
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000.0)
    return {f"{name}_p50_ms": percentile(timings, 50), f"{name}_p95_ms": percentile(timings, 95)}


def _table(report: dict[str, object], backends: list[str]) -> str:
    rows = ["upserts_per_second", "dense_p50_ms", "dense_p95_ms", "sparse_p50_ms", "sparse_p95_ms"]
    rows += ["filtered_p50_ms", "filtered_p95_ms"]
    lines = [f"{report['points']} points, {report['queries']} queries, batches of {report['batch']}"]
    lines.append(f"{'':22}" + "".join(f"{b:>12}" for b in backends))
    for row in rows:
        values = [report[b][row] for b in backends]  # type: ignore[index]
        lines.append(f"{row:22}" + "".join(f"{v:12.1f}" for v in values))
    return "\n".join(lines) + "\n"


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("bcdfghjklmnprstvwz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))


if __name__ == "__main__":
    raise SystemExit(main())
