"""Timeline page benchmark: how long the page takes to build, how big it is, how long a browser takes.

    engram-mcp bench timeline --turns 2000 --chains 500 --out bench-results/timeline.json

Builds a synthetic memory (turns spread over three years; fact chains of one to four versions
over 40 entities, each version superseding the last through the product's own rule), then
times ``timeline_html`` and, where Debian's ``chromium`` is installed, loading the page
headless until its script has drawn every item, against an empty page loaded the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from engram_mcp.commands.progress import progress
from engram_mcp.edge.timeline import timeline_html
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.model.supersede import supersede

__all__ = ["main", "synthetic_memory"]

_NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--virtual-time-budget=20000", "--dump-dom",
)


def synthetic_memory(turns: int, chains: int, seed: int = 1) -> list[Memory]:
    """Turns and fact chains, deterministic for a seed."""
    rng = random.Random(seed)
    memories: list[Memory] = []
    for i in range(turns):
        at = _NOW - timedelta(days=rng.uniform(0, 1000))
        memories.append(Memory(
            id=new_memory_id(Kind.EPISODE, f"turn {i}"), kind=Kind.EPISODE, type=MemoryType.EPISODIC,
            text=f"Turn {i}: a sentence or two about the day, the kind of thing people say.", created_at=at,
            valid_at=at, provenance=Provenance(speaker="Ana", role="user"),
        ))
    for c in range(chains):
        subject, previous = f"Person {c % 40}", None
        for version in range(rng.randint(1, 4)):
            at = _NOW - timedelta(days=1000 - version * 220 - rng.uniform(0, 150))
            fact = Memory(
                id=new_memory_id(Kind.FACT, f"fact {c} {version}"), kind=Kind.FACT, type=MemoryType.SEMANTIC,
                text=f"{subject} attribute {c} is value {version}.", created_at=at, valid_at=at,
                provenance=Provenance(speaker="Ana", role="user"), entities=(subject,), subject=subject,
                predicate=f"attribute {c}", object=f"value {version}",
            )
            if previous is not None:
                ended, fact = supersede(previous, fact, at)
                memories[-1] = ended
            memories.append(fact)
            previous = fact
    return memories


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench timeline", description=__doc__)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--chains", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("bench-results/timeline.json"))
    args = parser.parse_args(argv)

    memories = synthetic_memory(args.turns, args.chains)
    builds = []
    for _ in progress(range(args.runs), args.runs, "building the page", unit="runs"):
        started = time.perf_counter()
        page = timeline_html(memories, _NOW)
        builds.append(time.perf_counter() - started)
    folder = Path(tempfile.mkdtemp(prefix="engram-timeline-"))
    (folder / "page.html").write_text(page, encoding="utf-8")
    (folder / "empty.html").write_text(timeline_html([], _NOW), encoding="utf-8")
    result: dict[str, object] = {
        "benchmark": "timeline",
        "memories": len(memories),
        "facts": sum(m.kind is Kind.FACT for m in memories),
        "turns": args.turns,
        "build_s": {"median": round(statistics.median(builds), 3), "max": round(max(builds), 3)},
        "page_mb": round(len(page.encode()) / 1e6, 2),
    }
    browser = shutil.which("chromium")
    if browser is not None:
        loads = [_load(browser, folder, "page.html", len(memories)) for _ in range(args.runs)]
        empty = [_load(browser, folder, "empty.html", 0) for _ in range(args.runs)]
        result["chromium_load_s"] = {"median": round(statistics.median(loads), 2), "max": round(max(loads), 2)}
        result["chromium_empty_page_s"] = round(statistics.median(empty), 2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"memories {result['memories']} ({result['facts']} facts, {args.turns} turns), page {result['page_mb']} MB")
    print(f"build: median {statistics.median(builds):.3f} s")
    if browser is not None:
        print(f"chromium, load until drawn: median {statistics.median(loads):.2f} s "
              f"(empty page {statistics.median(empty):.2f} s)")
    else:
        print("chromium: not installed, browser load not measured")
    print(f"wrote {args.out}")
    return 0


def _load(browser: str, folder: Path, name: str, items: int) -> float:
    profile = tempfile.mkdtemp(prefix="profile-", dir=folder)
    started = time.perf_counter()
    dom = subprocess.run(
        [browser, *_FLAGS, f"--user-data-dir={profile}", (folder / name).as_uri()],
        capture_output=True, text=True, timeout=600, check=True,
    ).stdout
    elapsed = time.perf_counter() - started
    if f'data-rendered="{items}"' not in dom:
        raise RuntimeError(f"{name}: the page did not draw its {items} items")
    return elapsed


if __name__ == "__main__":
    sys.exit(main())
