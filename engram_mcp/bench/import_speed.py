"""``engram-mcp bench import``: import, export and reindex throughput on N generated turns.

Each step is the real command (``engram-mcp import | export | reindex --from-scratch``) run
as a subprocess on a fresh folder, so the figures include start-up as a person sees it.
The turns are generated deterministically (a few hundred words recombined), spread over
days and sessions like a long chat history.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

__all__ = ["main"]

_WHO = ["Ana", "Ben", "Chloe", "Dev", "Emil", "Fatima"]
_DID = ["moved to", "started working at", "booked a trip to", "stopped going to", "wrote about", "visited"]
_WHERE = ["Lisbon", "the Meta office", "Kyoto", "the climbing gym", "Berlin", "a bakery on Rua Augusta", "Oslo",
          "the dentist", "her sister's place", "the Python meetup"]
_WHEN = ["last week", "in May", "yesterday", "on Friday", "two years ago", "this morning"]
_REPLIES = ["Noted.", "That sounds lovely!", "How did it go?", "Shall I add it to your calendar?",
            "Thanks for telling me.", "Good luck with it."]


def turns(count: int, seed: int = 7) -> list[dict[str, str]]:
    rng = random.Random(seed)
    start = datetime(2024, 1, 1, 9, tzinfo=timezone.utc)
    rows = []
    for i in range(count):
        moment = start + timedelta(minutes=37 * i)
        if i % 2 == 0:
            text = (f"{rng.choice(_WHO)} {rng.choice(_DID)} {rng.choice(_WHERE)} {rng.choice(_WHEN)}, "
                    f"and we talked about {rng.choice(_WHERE)} for a while (note {i}).")
            rows.append({"text": text, "role": "user", "speaker": "Ana", "session": f"s{i // 40}",
                         "time": moment.isoformat().replace("+00:00", "Z")})
        else:
            rows.append({"text": f"{rng.choice(_REPLIES)} (reply {i})", "role": "assistant",
                         "session": f"s{i // 40}", "time": moment.isoformat().replace("+00:00", "Z")})
    return rows


_CPU: dict[str, float] = {}


def _run(*args: str) -> float:
    """Wall seconds of one command; its CPU seconds go to ``_CPU`` (the machine may be shared)."""
    env = {**os.environ, "ENGRAM_CONFIG": os.environ.get("ENGRAM_CONFIG", "/nonexistent")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    print(f"bench import: {' '.join(args[:2])} …", file=sys.stderr, flush=True)
    # The command's own stderr is this one's: on a terminal it draws its progress bar there.
    subprocess.run([sys.executable, "-m", "engram_mcp", *args], check=True, env=env, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    _CPU[" ".join(args[:2])] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench import", description=__doc__)
    parser.add_argument("--turns", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=Path("bench-results/import.json"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="engram-bench-import-") as scratch:
        root = Path(scratch)
        source, folder, dump = root / "turns.jsonl", root / "memories", root / "export.jsonl"
        source.write_text("".join(json.dumps(t) + "\n" for t in turns(args.turns)), encoding="utf-8")
        common = ("--memory-dir", str(folder), "--extractor", "none")
        figures = {
            "turns": args.turns,
            "import_seconds": _run("import", str(source), *common),
            "reimport_seconds": _run("import", str(source), *common),
            "export_seconds": _run("export", str(dump), *common),
            "reindex_from_scratch_seconds": _run("reindex", "--from-scratch", *common),
        }
        copy = root / "copy"
        figures["import_export_seconds"] = _run("import", str(dump), "--memory-dir", str(copy), "--extractor", "none")
    figures["cpu_seconds"] = list(_CPU.values())
    figures["load"] = os.getloadavg()[0]
    steps = ("import", "reimport", "export", "reindex_from_scratch", "import_export")
    for step, cpu in zip(steps, figures["cpu_seconds"], strict=True):
        seconds = figures[f"{step}_seconds"]
        print(f"{step:22} {seconds:8.1f} s wall {cpu:8.1f} s CPU  {args.turns / seconds:8.0f} turns/s")
    print(f"load average at the end: {figures['load']:.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0
