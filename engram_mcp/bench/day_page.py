"""What a turn costs as its day fills: ``remember`` N turns into one day's journal page.

    engram-mcp bench day-page --turns 2000 --out bench-results/day_page.json

A person whose hooks store every turn can put hundreds or thousands of turns into one day.
Each ``remember`` goes through the service into a fresh folder (embedded index, file watcher
running, as in a server), all on today's page; the calls are timed in windows of
``--window`` turns, so a cost that grows with the page shows as a rising p50 from window to
window. Progress goes to stderr; figures to stdout and JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engram_mcp.bench.metrics import percentile
from engram_mcp.bench.write_recall import synthetic_turns

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench day-page", description=__doc__)
    parser.add_argument("--turns", type=int, default=2000, help="turns remembered on the same day")
    parser.add_argument("--window", type=int, default=200, help="turns per timed window")
    parser.add_argument("--out", type=Path, default=Path("bench-results/day_page.json"))
    args = parser.parse_args(argv)

    from engram_mcp.app import Engram
    from engram_mcp.config import Settings

    folder = Path(tempfile.mkdtemp(prefix="engram-day-page-"))
    settings = Settings(memory_dir=folder, extractor="none")
    engram = Engram.open(settings)
    calls: list[float] = []
    try:
        engram.start(background=False, serving=True)
        for number, text in enumerate(synthetic_turns(args.turns), start=1):
            began = time.perf_counter()
            engram.service.remember(text, speaker="Sam")
            calls.append((time.perf_counter() - began) * 1000)
            if number % args.window == 0:
                print(f"{number}/{args.turns} turns", file=sys.stderr, flush=True)
        # The state folder's last-good copies of a page are no pages of the memory.
        pages = sorted(str(p.relative_to(folder)) for p in folder.rglob("journal/*.md") if not p.is_relative_to(settings.state_dir))
    finally:
        engram.close()

    windows = [
        {
            "turns_on_the_page": f"{start + 1}-{start + len(chunk)}",
            "p50_ms": round(percentile(chunk, 50), 2),
            "p95_ms": round(percentile(chunk, 95), 2),
        }
        for start in range(0, len(calls), args.window)
        if (chunk := calls[start : start + args.window])
    ]
    result: dict[str, Any] = {
        "benchmark": "day-page",
        "turns": args.turns,
        "journal_pages": pages,
        "windows": windows,
        "calls_ms": [round(c, 2) for c in calls],
        "load": [round(x, 2) for x in os.getloadavg()],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for window in windows:
        print(f"turns {window['turns_on_the_page']:>11}   remember p50 {window['p50_ms']:6.2f} ms   p95 {window['p95_ms']:6.2f} ms")
    print(f"load {result['load']}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
