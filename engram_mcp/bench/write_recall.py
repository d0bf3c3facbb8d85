"""Hot-path benchmark at scale: remember and recall latency with N memories stored.

    engram-mcp bench write-recall --memories 100000 --namespaces 4 --out bench-results/write_recall_100k.json

1. fill: N synthetic chat turns (a conversation a day, ~30 turns each, spread over several
   namespaces) written to a fresh memory folder as markdown, the source of truth;
2. reindex: the server's start-up on that folder with no index — every memory embedded and
   indexed, exactly what ``engram-mcp reindex --from-scratch`` does — timed;
3. search graph: the HNSW build the index runs after a bulk write, timed (``compact``);
4. timed: ``--samples`` ``remember`` calls and ``recall`` calls one at a time through the
   service, as the MCP tools make them, with the file watcher running as in a server; then a
   quarter as many ``as_of`` calls without a question and ``history`` calls.

Each call is timed on the wall clock and by the calling thread's CPU time (on a shared machine
the wall time is mostly waiting for a core). Texts come from a fixed vocabulary with a fixed
seed, so runs are comparable. Progress goes to stderr; figures, process memory (RSS) and
the load average after each phase to stdout and JSON. ``--dir`` keeps the folder: a second run on it skips the fill.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
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
_TURNS_A_DAY = 30
_START = datetime(2025, 1, 1, 9, tzinfo=UTC)
_PROGRESS_SECONDS = 15.0


def synthetic_turns(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice(_TEMPLATES).format(
            person=rng.choice(_PEOPLE), place=rng.choice(_PLACES), thing=rng.choice(_THINGS)
        )
        + f" (note {i})"
        for i in range(count)
    ]


def namespace_of(i: int, namespaces: int) -> str:
    return "default" if i % namespaces == 0 else f"ns{i % namespaces}"


def _percentiles(samples: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(samples, 50) * 1000, 2),
        "p95_ms": round(percentile(samples, 95) * 1000, 2),
        "max_ms": round(max(samples) * 1000, 2),
        "n": len(samples),
    }


def _rss_mib() -> dict[str, float]:
    """Resident memory now and at its peak, from /proc (Linux)."""
    fields: dict[str, float] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        pass
    return {"rss_mib": fields.get("VmRSS", float("nan")), "peak_rss_mib": fields.get("VmHWM", float("nan"))}


def _phase(seconds: float) -> dict[str, Any]:
    """A phase's duration, with the process's memory and the machine's load at its end."""
    return {"seconds": round(seconds, 1), **_rss_mib(), "load": [round(x, 2) for x in os.getloadavg()]}


def _progress(message: Callable[[], str], stop: threading.Event) -> threading.Thread:
    def report() -> None:
        while not stop.wait(_PROGRESS_SECONDS):
            print(message(), file=sys.stderr, flush=True)

    thread = threading.Thread(target=report, daemon=True)
    thread.start()
    return thread


def _fill(folder: Path, texts: Sequence[str], namespaces: int) -> float:
    """Write the memories as markdown, as ``remember`` would store them; returns seconds."""
    from engram_mcp.markdown.store import MarkdownStore
    from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, new_memory_id

    store = MarkdownStore(folder)
    started = time.perf_counter()
    stop = threading.Event()
    written = [0]
    _progress(lambda: f"fill: {written[0]}/{len(texts)} memories written, {time.perf_counter() - started:.0f} s", stop)
    try:
        # A day's conversation at a time, through ``add_many``: each day file is written once
        # (with its fsync) instead of once per turn, the way an import writes.
        for first in range(0, len(texts), _TURNS_A_DAY):
            batch = []
            for i in range(first, min(first + _TURNS_A_DAY, len(texts))):
                day = i // _TURNS_A_DAY
                when = _START + timedelta(days=day, minutes=(i % _TURNS_A_DAY) * 3)
                batch.append(
                    Memory(
                        id=new_memory_id(Kind.EPISODE, seed=f"bench-{i}"),
                        kind=Kind.EPISODE,
                        type=MemoryType.EPISODIC,
                        text=texts[i],
                        created_at=when,
                        valid_at=when,
                        provenance=Provenance(
                            namespace=namespace_of(i, namespaces),
                            speaker=_PEOPLE[i % 2],
                            role="user",
                            session=f"day-{day}",
                            source=Source.USER,
                        ),
                    )
                )
            store.add_many(batch)
            written[0] = first + len(batch)
    finally:
        stop.set()
    return time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench write-recall", description=__doc__)
    parser.add_argument("--memories", type=int, default=10_000, help="memories stored before timing")
    parser.add_argument("--namespaces", type=int, default=4, help="namespaces the memories are spread over")
    parser.add_argument("--samples", type=int, default=200, help="timed calls of each kind")
    parser.add_argument("--dir", type=Path, help="memory folder to use and keep (default: a temporary one)")
    parser.add_argument("--backend", choices=["onnx", "torch"], default="onnx", help="embedding backend")
    parser.add_argument(
        "--extractor", default="none",
        help="fact extraction running in the background while timing, as in a server (none, rules, smollm2, …)",
    )
    parser.add_argument(
        "--reuse-index", action="store_true",
        help="keep the index a previous run on --dir built (start-up then only checks it) to time again",
    )
    parser.add_argument("--out", type=Path, default=Path("bench-results/write_recall.json"))
    args = parser.parse_args(argv)

    from engram_mcp.app import Engram
    from engram_mcp.config import Settings

    folder = args.dir or Path(tempfile.mkdtemp(prefix="engram-bench-"))
    texts = synthetic_turns(args.memories + args.samples)
    settings = Settings(memory_dir=folder, embedding_backend=args.backend, extractor=args.extractor)
    fill_seconds = None
    if not any(folder.rglob("*.md")):
        fill_seconds = _fill(folder, texts[: args.memories], args.namespaces)
        print(f"fill: {args.memories} memories as markdown in {fill_seconds:.0f} s", file=sys.stderr, flush=True)
    if not args.reuse_index:
        # A reindex from scratch: the index is derived, the markdown is what there is.
        shutil.rmtree(settings.resolved_index_dir, ignore_errors=True)
    phases: dict[str, dict[str, Any]] = {}
    if fill_seconds is not None:
        phases["fill"] = _phase(fill_seconds)
    engram = Engram.open(settings)
    try:
        stop = threading.Event()
        started = time.perf_counter()
        _progress(lambda: f"reindex: {engram.index.count()} memories indexed, {time.perf_counter() - started:.0f} s", stop)
        try:
            engram.start(background=False, serving=True)
        finally:
            stop.set()
        phases["reindex"] = _phase(time.perf_counter() - started)
        service = engram.service
        stored = len(service.memories())
        print(f"reindex: {stored} memories in {phases['reindex']['seconds']:.0f} s; building the search graph", file=sys.stderr)
        started = time.perf_counter()
        service.compact_index()
        phases["search_graph"] = _phase(time.perf_counter() - started)
        print(f"search graph built in {phases['search_graph']['seconds']:.0f} s; timing", file=sys.stderr, flush=True)

        rng = random.Random(11)
        writes: list[float] = []
        reads: list[float] = []
        # The calling thread's CPU time beside the wall time: on a shared machine the wall time
        # is mostly waiting for a core; the CPU time is the work itself (fsync waits not included).
        cpu: dict[str, list[float]] = {"remember": [], "recall": []}
        others: dict[str, list[float]] = {"as_of_without_a_question": [], "history": [], "recall_naming_a_day": []}
        stop = threading.Event()
        started = time.perf_counter()
        _progress(lambda: f"timing: {len(writes)}/{args.samples} remember, {len(reads)}/{args.samples} recall", stop)
        try:
            for i, text in enumerate(texts[args.memories :]):
                namespace = namespace_of(rng.randrange(args.namespaces), args.namespaces)
                began, began_cpu = time.perf_counter(), time.thread_time()
                service.remember(text, speaker=_PEOPLE[i % 2], namespace=namespace)
                writes.append(time.perf_counter() - began)
                cpu["remember"].append(time.thread_time() - began_cpu)
            queries = [
                (
                    f"What did {rng.choice(_PEOPLE)} say about the {rng.choice(_THINGS)} in {rng.choice(_PLACES)}?",
                    namespace_of(rng.randrange(args.namespaces), args.namespaces),
                )
                for _ in range(args.samples)
            ]
            for query, namespace in queries:
                began, began_cpu = time.perf_counter(), time.thread_time()
                service.recall(query, namespace=namespace)
                reads.append(time.perf_counter() - began)
                cpu["recall"].append(time.thread_time() - began_cpu)
            # The two reads that once walked every memory: the latest of a namespace with no
            # question (as_of), and one memory's versions (history).
            ids = [m.id for m in service.memories()]
            for i in range(args.samples // 4):
                namespace = namespace_of(i, args.namespaces)
                began = time.perf_counter()
                service.as_of(datetime.now(UTC), namespace=namespace)
                others["as_of_without_a_question"].append(time.perf_counter() - began)
                began = time.perf_counter()
                engram.facts.history(rng.choice(ids))
                others["history"].append(time.perf_counter() - began)
                # A question naming a day adds the time channel's filtered search (retrieval/pipeline.py).
                day = _START + timedelta(days=rng.randrange(max(1, stored // _TURNS_A_DAY)))
                began = time.perf_counter()
                service.recall(f"What did {rng.choice(_PEOPLE)} say on {day:%d %B %Y}?", namespace=namespace)
                others["recall_naming_a_day"].append(time.perf_counter() - began)
        finally:
            stop.set()
        phases["timing"] = _phase(time.perf_counter() - started)
        extraction = engram.status() if args.extractor != "none" else None
    finally:
        engram.close()

    result: dict[str, Any] = {
        "benchmark": "write-recall",
        "stored_before_timing": stored,
        "namespaces": args.namespaces,
        "embedding_backend": args.backend,
        "extractor": args.extractor,
        "extraction": extraction,
        "index_backend": "edge",
        "fill_markdown_seconds": phases["fill"]["seconds"] if "fill" in phases else None,
        "reindex_seconds": phases["reindex"]["seconds"],
        "reindex_from_scratch": not args.reuse_index,
        "search_graph_seconds": phases["search_graph"]["seconds"],
        "remember": _percentiles(writes),
        "recall": _percentiles(reads),
        "cpu": {name: _percentiles(samples) for name, samples in cpu.items()},
        "others": {name: _percentiles(samples) for name, samples in others.items()},
        # Every call in order, wall and CPU: where the slow ones fall (the first after start-up,
        # after the writes, or anywhere) says what made them slow.
        "calls_ms": {
            "remember": [round(s * 1000, 2) for s in writes],
            "recall": [round(s * 1000, 2) for s in reads],
            "remember_cpu": [round(s * 1000, 2) for s in cpu["remember"]],
            "recall_cpu": [round(s * 1000, 2) for s in cpu["recall"]],
        },
        "memory_after_reindex": {k: phases["reindex"][k] for k in ("rss_mib", "peak_rss_mib")},
        "memory_after_timing": {k: phases["timing"][k] for k in ("rss_mib", "peak_rss_mib")},
        "phases": phases,
        "machine": _machine(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(
        f"stored before timing: {stored} in {args.namespaces} namespaces; reindex {result['reindex_seconds']:.0f} s, "
        f"search graph {result['search_graph_seconds']:.0f} s"
    )
    for name in ("remember", "recall"):
        figures = result[name]
        thread = result["cpu"][name]
        print(
            f"{name:9} p50 {figures['p50_ms']:7.2f} ms   p95 {figures['p95_ms']:7.2f} ms   n={figures['n']}   "
            f"(CPU of the calling thread: p50 {thread['p50_ms']:.2f} ms, p95 {thread['p95_ms']:.2f} ms)"
        )
    for name, figures in result["others"].items():
        print(f"{name}: p50 {figures['p50_ms']:.2f} ms   p95 {figures['p95_ms']:.2f} ms   n={figures['n']}")
    after_timing = result["memory_after_timing"]
    print(f"memory: {after_timing['rss_mib']} MiB resident, {after_timing['peak_rss_mib']} MiB peak")
    for name, phase in phases.items():
        print(f"{name:12} {phase['seconds']:8.1f} s   RSS {phase['rss_mib']} MiB (peak {phase['peak_rss_mib']})   load {phase['load']}")
    print(f"wrote {args.out}")
    return 0


def _machine() -> dict[str, Any]:
    import platform

    return {
        "cpus": os.cpu_count(),
        "load": [round(x, 2) for x in os.getloadavg()],
        "python": sys.version.split()[0],
        "platform": platform.platform(),
    }


if __name__ == "__main__":
    sys.exit(main())
