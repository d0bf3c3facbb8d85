"""Hot-path benchmark: remember and recall latency with N memories already stored.

    engram-mcp bench write-recall --memories 10000 --out bench-results/write_recall.json

Builds a fresh memory folder in a temporary directory (or --dir), fills it through the same
service call the MCP tool uses (markdown + embedding + index), then times ``remember`` and
``recall`` one call at a time, as a client would make them. Texts are synthetic chat turns
built from a fixed vocabulary with a fixed seed, so runs are comparable.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engram_mcp.bench.metrics import percentile

__all__ = ["main", "synthetic_turns"]

_PEOPLE = ["Ana", "Ben", "Caroline", "Dev", "Eva", "Farid", "Grace", "Hiro", "Ines", "Jon"]
_PLACES = ["Berlin", "Lisbon", "Oslo", "Kyoto", "Austin", "Nairobi", "Lima", "Porto", "Seoul", "Quebec"]
_THINGS = ["cello", "marathon", "sourdough", "chess club", "pottery", "hiking trip", "new job", "garden", "novel"]
_TEMPLATES = [
    "I went to {place} with {person} for the {thing} last weekend.",
    "{person} told me the {thing} in {place} was amazing.",
    "My favourite thing lately is the {thing}; {person} got me into it.",
    "We are planning a trip to {place} in the spring, maybe with {person}.",
    "Remember that {person} prefers tea over coffee when we meet in {place}.",
    "I finally finished the {thing} project after three months.",
    "{person} moved to {place} and started a {thing} group there.",
    "Can you remind me to call {person} about the {thing} tomorrow?",
]


def synthetic_turns(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice(_TEMPLATES).format(
            person=rng.choice(_PEOPLE), place=rng.choice(_PLACES), thing=rng.choice(_THINGS)
        )
        + f" (note {i})"
        for i in range(count)
    ]


def _percentiles(samples: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(samples, 50) * 1000, 2),
        "p95_ms": round(percentile(samples, 95) * 1000, 2),
        "max_ms": round(max(samples) * 1000, 2),
        "n": len(samples),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench write-recall", description=__doc__)
    parser.add_argument("--memories", type=int, default=10_000, help="memories stored before timing")
    parser.add_argument("--samples", type=int, default=200, help="timed calls of each kind")
    parser.add_argument("--dir", type=Path, help="memory folder to use (default: a temporary one)")
    parser.add_argument("--backend", choices=["onnx", "torch"], default="onnx", help="embedding backend")
    parser.add_argument(
        "--extractor", default="none",
        help="fact extraction running in the background while timing, as in a server (none, rules, smollm2, …)",
    )
    parser.add_argument("--out", type=Path, default=Path("bench-results/write_recall.json"))
    args = parser.parse_args(argv)

    from engram_mcp.app import Engram
    from engram_mcp.config import Settings

    folder = args.dir or Path(tempfile.mkdtemp(prefix="engram-bench-"))
    settings = Settings(memory_dir=folder, embedding_backend=args.backend, extractor=args.extractor)
    engram = Engram.open(settings)
    try:
        # Serving: the file watcher and the extraction worker run as they do in a server.
        engram.start(background=False, serving=True)
        service = engram.service
        start_day = datetime(2025, 1, 1, 9, tzinfo=UTC)
        texts = synthetic_turns(args.memories + args.samples)
        fill_started = time.perf_counter()
        for i, text in enumerate(texts[: args.memories]):
            # A conversation a day, about 30 turns each: journals of realistic size.
            service.remember(text, speaker=_PEOPLE[i % 2], event_time=start_day + timedelta(minutes=48 * i))
        fill_seconds = time.perf_counter() - fill_started

        writes = []
        for i, text in enumerate(texts[args.memories :]):
            started = time.perf_counter()
            service.remember(text, speaker=_PEOPLE[i % 2])
            writes.append(time.perf_counter() - started)

        rng = random.Random(11)
        queries = [
            f"What did {rng.choice(_PEOPLE)} say about the {rng.choice(_THINGS)} in {rng.choice(_PLACES)}?"
            for _ in range(args.samples)
        ]
        reads = []
        for query in queries:
            started = time.perf_counter()
            service.recall(query)
            reads.append(time.perf_counter() - started)
        extraction = engram.status() if args.extractor != "none" else None
    finally:
        engram.close()

    result: dict[str, Any] = {
        "benchmark": "write-recall",
        "stored_before_timing": args.memories,
        "embedding_backend": args.backend,
        "extractor": args.extractor,
        "extraction": extraction,
        "index_backend": "edge",
        "fill_turns_per_second": round(args.memories / fill_seconds, 1),
        "remember": _percentiles(writes),
        "recall": _percentiles(reads),
        "machine": _machine(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"stored before timing: {args.memories} ({result['fill_turns_per_second']} turns/s to fill)")
    for name in ("remember", "recall"):
        figures = result[name]
        print(f"{name:9} p50 {figures['p50_ms']:7.2f} ms   p95 {figures['p95_ms']:7.2f} ms   n={figures['n']}")
    print(f"wrote {args.out}")
    return 0


def _machine() -> dict[str, Any]:
    import os
    import platform

    return {"cpus": os.cpu_count(), "python": sys.version.split()[0], "platform": platform.platform()}


if __name__ == "__main__":
    sys.exit(main())
