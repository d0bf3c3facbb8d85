"""What a background search-graph build costs a server that holds many memories.

    engram-mcp bench index-builds --dir <memory folder> --new 5000 --rounds 3 --out index_builds.json

qdrant-edge holds Python's interpreter lock while it builds (optimises), so every other
thread of the server, a recall included, waits for the whole build. This copies the index of
a folder a server (or ``bench write-recall --dir``) has built, then, ``--rounds`` times, writes
``--new`` memories embedded as a server would (synthetic turns, the product's embedder) and
runs the build the server runs in a quiet moment, timing it and the longest that another
Python thread had to wait meanwhile. Dense-search latency is taken before the writes, with
the new points not yet built into the graph, and after the build. Progress to stderr;
figures to stdout and JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engram_mcp.bench.metrics import percentile
from engram_mcp.bench.write_recall import synthetic_turns

__all__ = ["main"]


class _Stalls:
    """A Python thread that notes the longest time it could not run."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> _Stalls:
        self._thread.start()
        time.sleep(0.1)
        self.longest = 0.0
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        last = time.perf_counter()
        while not self._stop.is_set():
            now = time.perf_counter()
            self.longest = max(self.longest, now - last)
            last = now


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench index-builds", description=__doc__)
    parser.add_argument("--dir", type=Path, required=True, help="a memory folder whose index is built (it is copied, not changed)")
    parser.add_argument("--new", type=int, default=5000, help="memories written before each build")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("bench-results/index_builds.json"))
    args = parser.parse_args(argv)

    from engram_mcp.config import Settings
    from engram_mcp.index.base import IndexEntry, MemoryFilter
    from engram_mcp.index.edge import EdgeIndex
    from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
    from engram_mcp.wiring import build_embedder

    source = Settings(memory_dir=args.dir).resolved_index_dir
    scratch = Path(tempfile.mkdtemp(prefix="engram-index-builds-"))
    copy = scratch / "index"
    print(f"copying {source}", file=sys.stderr, flush=True)
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("*.lock"))
    embedder = build_embedder(Settings(memory_dir=scratch))
    texts = synthetic_turns(args.new * args.rounds + 100, seed=23)
    questions = embedder.embed(texts[:100])
    rounds: list[dict[str, Any]] = []
    try:
        with EdgeIndex(copy, embedder.dimension) as index:
            def dense_ms() -> dict[str, float]:
                calls = []
                for vector in questions:
                    began = time.perf_counter()
                    index.search_dense(vector, MemoryFilter(), 100)
                    calls.append((time.perf_counter() - began) * 1000)
                return {"p50_ms": round(percentile(calls, 50), 2), "p95_ms": round(percentile(calls, 95), 2)}

            start = datetime(2031, 1, 1, tzinfo=UTC)
            for number in range(args.rounds):
                before = dense_ms()
                batch = texts[100 + number * args.new : 100 + (number + 1) * args.new]
                print(f"round {number + 1}: embedding and writing {len(batch)} memories", file=sys.stderr, flush=True)
                for offset in range(0, len(batch), 64):
                    chunk = batch[offset : offset + 64]
                    vectors = embedder.embed(chunk)
                    entries = []
                    for i, (text, vector) in enumerate(zip(chunk, vectors, strict=True)):
                        n = number * args.new + offset + i
                        memory = Memory(
                            id=new_memory_id(Kind.EPISODE, seed=f"build-{n}"), kind=Kind.EPISODE,
                            type=MemoryType.EPISODIC, text=text, created_at=start + timedelta(minutes=n),
                            provenance=Provenance(speaker="Sam", session=f"s{n // 30}"),
                        )
                        entries.append(IndexEntry(memory, vector, text))
                    index.upsert(entries)
                unbuilt = dense_ms()
                print(f"round {number + 1}: building", file=sys.stderr, flush=True)
                with _Stalls() as stalls:
                    began = time.perf_counter()
                    index.compact()
                    seconds = time.perf_counter() - began
                rounds.append({
                    "points": index.count(), "build_seconds": round(seconds, 2),
                    "longest_stall_seconds": round(stalls.longest, 2),
                    "dense_before": before, "dense_unbuilt": unbuilt, "dense_after": dense_ms(),
                })
                print(f"round {number + 1}: {rounds[-1]}", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    result = {"benchmark": "index-builds", "source": str(source), "new_per_round": args.new,
              "rounds": rounds, "load": [round(x, 2) for x in os.getloadavg()]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for number, r in enumerate(rounds, start=1):
        print(
            f"round {number}: {r['points']} points; build {r['build_seconds']:.1f} s, longest stall of another thread "
            f"{r['longest_stall_seconds']:.1f} s; dense p50 {r['dense_before']['p50_ms']} ms before, "
            f"{r['dense_unbuilt']['p50_ms']} ms unbuilt, {r['dense_after']['p50_ms']} ms after"
        )
    print(f"load {result['load']}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
