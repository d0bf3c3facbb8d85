"""Many clients on one memory folder: real `serve` processes driven at once, as clients would.

    engram-mcp bench clients --clients 8 --phases stdio:100,http:500 --out bench-results/clients.json

Phases on fresh folders, each with ``--clients`` SDK clients running the given number of mixed
operations each, all at once (40% remember, 38% recall, 20% as_of, 2% forget of one of the
client's own earlier writes):

- ``http``: `serve --http` owns the folder; half the clients connect by URL (direct), the
  other half each through their own stdio `serve`, which proxies to the owner.
- ``stdio``: the first `serve` owns the folder and its client talks to it directly; every
  other client gets its own `serve`, which proxies to the owner over the Unix socket.
- ``solo``: as ``stdio`` with ``--clients 2``, but one call at a time, alternating the direct
  client and the proxied one: the proxy's own cost without queueing.

Afterwards the servers are stopped and the markdown is read back: every acknowledged
remember that was not forgotten must be there with its text, every forgotten one gone
(lost writes), and `engram-mcp check` must find markdown and index in step. Errors are
counted by kind; a lock error is one that names the folder lock.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engram_mcp.bench.metrics import latency_summary

__all__ = ["main"]

_TOPICS = ("garden", "bike", "piano", "taxes", "Lisbon trip", "sourdough", "chess club", "dentist", "rent", "a puppy")
# forget (purge) rewrites files and the index and takes seconds under load; it stays in the mix, rarer.
_MIX = (("remember", 0.40), ("recall", 0.38), ("as_of", 0.20), ("forget", 0.02))


@dataclass
class ClientLog:
    name: str
    path: str  # direct, proxy or http
    latencies: dict[str, list[float]] = field(default_factory=dict)
    kept: dict[str, str] = field(default_factory=dict)  # id -> text, acknowledged and not forgotten
    forgotten: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench clients", description=__doc__)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--phases", default="stdio:100,http:500", help="phase:operations per client, ...")
    parser.add_argument("--out", type=Path, default=Path("bench-results/clients.json"))
    args = parser.parse_args(argv)

    import anyio

    result: dict[str, Any] = {"benchmark": "clients", "clients": args.clients, "mix": dict(_MIX)}
    for spec in args.phases.split(","):
        phase, _, ops = spec.partition(":")
        folder = Path(tempfile.mkdtemp(prefix=f"engram-clients-{phase}-")) / "memories"
        print(f"bench clients: phase {phase}, {args.clients} clients × {int(ops or 500)} operations …",
              file=sys.stderr, flush=True)
        started = time.perf_counter()
        logs = anyio.run(_run_phase, phase, folder, args.clients, int(ops or 500))
        seconds = time.perf_counter() - started
        result[phase] = _report(logs, folder, seconds)
        result[phase]["ops_per_client"] = int(ops or 500)
        print(json.dumps({phase: result[phase]["summary"]}, indent=2), file=sys.stderr)
    result["load"] = os.getloadavg()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


async def _run_phase(phase: str, folder: Path, clients: int, ops: int) -> list[ClientLog]:
    import anyio
    from mcp import Client

    logs: list[ClientLog] = []
    async with AsyncExitStack() as stack:
        sessions: list[tuple[ClientLog, Client]] = []
        if phase == "http":
            port = _free_port()
            stack.callback(_stop, _start_http_owner(folder, port))
            await _wait_listening(port)
            for n in range(clients // 2):
                log = ClientLog(f"h{n}", "http")
                sessions.append((log, await stack.enter_async_context(Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=600))))
        for n in range(clients - len(sessions)):
            path = "direct" if phase in ("stdio", "solo") and n == 0 else "proxy"
            log = ClientLog(f"s{n}", path)
            sessions.append((log, await stack.enter_async_context(_stdio_client(folder))))
            if n == 0:
                await sessions[-1][1].call_tool("memory_status", {})  # the owner is up before proxies start
        for _, client in sessions:
            await client.call_tool("memory_status", {})  # untimed: waits for start-up to finish
        logs = [log for log, _ in sessions]
        if phase == "solo":
            # One call at a time, alternating the owner's own client and a proxy's: the cost of
            # the hop alone, without the queueing of many clients.
            for n in range(ops):
                for log, client in sessions:
                    await _drive(client, log, 1, seed=n * len(sessions) + len(log.latencies))
            return logs
        async with anyio.create_task_group() as group:
            for seed, (log, client) in enumerate(sessions):
                group.start_soon(_drive, client, log, ops, seed)
    _check_in_step(folder)
    return logs


def _start_http_owner(folder: Path, port: int) -> subprocess.Popen[bytes]:
    command = [*_serve(folder), "--http", "--port", str(port)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _serve(folder: Path) -> list[str]:
    return [sys.executable, "-m", "engram_mcp", "serve", "--memory-dir", str(folder), "--extractor", "none",
            "--log-level", "WARNING"]


def _stdio_client(folder: Path) -> Any:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    command = _serve(folder)
    return Client(StdioServerParameters(command=command[0], args=command[1:]), read_timeout_seconds=600)


async def _drive(client: Any, log: ClientLog, ops: int, seed: int) -> None:
    rng = random.Random(seed)
    kinds = [kind for kind, _ in _MIX]
    weights = [weight for _, weight in _MIX]
    for n in range(ops):
        kind = rng.choices(kinds, weights)[0]
        if kind == "forget" and not log.kept:
            kind = "remember"
        topic = rng.choice(_TOPICS)
        if kind == "remember":
            text = f"{log.name} note {n}: something about the {topic} worth keeping ({rng.random():.6f})"
            arguments: dict[str, Any] = {"text": text}
        elif kind == "recall":
            arguments = {"query": f"what about the {topic}?", "limit": 10}
        elif kind == "as_of":
            arguments = {"at": datetime.now(UTC).isoformat(), "query": f"the {topic}", "limit": 10}
        else:
            victim = rng.choice(sorted(log.kept))
            arguments = {"memory_id": victim}
        started = time.perf_counter()
        result = await client.call_tool(kind, arguments)
        log.latencies.setdefault(kind, []).append((time.perf_counter() - started) * 1000)
        if result.is_error:
            log.errors.append(" ".join(getattr(block, "text", "") for block in result.content))
            continue
        if kind == "remember":
            log.kept[result.structured_content["id"]] = text
        elif kind == "forget":
            log.kept.pop(victim)
            log.forgotten.add(victim)


def _report(logs: list[ClientLog], folder: Path, seconds: float) -> dict[str, Any]:
    from engram_mcp.markdown.store import MarkdownStore

    stored = MarkdownStore(folder).load_all().memories
    kept = {memory_id: text for log in logs for memory_id, text in log.kept.items()}
    lost = [m for m, text in kept.items() if m not in stored or stored[m].text != text]
    resurrected = [m for log in logs for m in log.forgotten if m in stored]
    errors = [e for log in logs for e in log.errors]
    by_path: dict[str, dict[str, Any]] = {}
    for path in sorted({log.path for log in logs}):
        for kind, _ in _MIX:
            samples = [ms for log in logs if log.path == path for ms in log.latencies.get(kind, [])]
            summary = latency_summary(samples)
            by_path.setdefault(path, {})[kind] = {
                "count": summary.count, "p50_ms": round(summary.p50_ms, 1), "p95_ms": round(summary.p95_ms, 1)
            }
    operations = sum(len(v) for log in logs for v in log.latencies.values())
    return {
        "summary": {
            "operations": operations,
            "seconds": round(seconds, 1),
            "ops_per_second": round(operations / seconds, 1),
            "acknowledged_writes_kept": len(kept),
            "lost_writes": len(lost),
            "forgotten_but_present": len(resurrected),
            "errors": len(errors),
            "lock_errors": sum("in use by another Engram process" in e for e in errors),
        },
        "latency_by_path": by_path,
        "error_samples": errors[:5],
    }


def _check_in_step(folder: Path) -> None:
    check = subprocess.run(
        [sys.executable, "-m", "engram_mcp", "check", "--memory-dir", str(folder), "--extractor", "none"],
        capture_output=True, text=True, check=False,
    )
    if check.returncode != 0:
        raise SystemExit(f"markdown and index out of step after the run:\n{check.stdout}{check.stderr}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    process.wait(timeout=120)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _wait_listening(port: int, seconds: float = 300) -> None:
    import anyio

    with anyio.fail_after(seconds):
        while True:
            try:
                await (await anyio.connect_tcp("127.0.0.1", port)).aclose()
                return
            except OSError:
                await anyio.sleep(0.2)
