"""Start-up benchmark: how long an MCP client waits for the server's handshake.

    engram-mcp bench startup --runs 5 --out bench-results/startup.json

Starts the real server as a subprocess over stdio, as a client would, and times process
start to initialize + tools/list answered, then to the first recall answered (which waits
for the embedder to load and the index to be reconciled).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engram_mcp.commands.progress import progress

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path("bench-results/startup.json"))
    args = parser.parse_args(argv)

    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    folder = Path(tempfile.mkdtemp(prefix="engram-startup-"))
    handshakes: list[float] = []
    first_recalls: list[float] = []

    async def once() -> None:
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "engram_mcp", "serve", "--memory-dir", str(folder), "--log-level", "WARNING"],
        )
        started = time.perf_counter()
        async with Client(params, read_timeout_seconds=300) as client:
            await client.list_tools()
            handshakes.append(time.perf_counter() - started)
            await client.call_tool("recall", {"query": "anything"})
            first_recalls.append(time.perf_counter() - started)

    for _ in progress(range(args.runs), args.runs, "start-ups", unit="runs"):
        anyio.run(once)

    result = {
        "benchmark": "startup",
        "runs": args.runs,
        "handshake_s": {"median": round(statistics.median(handshakes), 3), "max": round(max(handshakes), 3)},
        "first_recall_s": {"median": round(statistics.median(first_recalls), 3), "max": round(max(first_recalls), 3)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"handshake (initialize + tools/list): median {result['handshake_s']['median']} s")
    print(f"first recall answered:               median {result['first_recall_s']['median']} s")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
