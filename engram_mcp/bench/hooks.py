"""What a Claude Code hook costs: ``engram-mcp hook prompt`` with no server and through one.

    engram-mcp bench hooks --runs 5 --out bench-results/hooks.json

Runs the real command as Claude Code does (a payload on stdin, a subprocess per prompt) on a
small memory folder: first with no server, so each hook opens the folder itself; then while
``engram-mcp serve`` owns it, so each hook asks the server over its local socket. Prints the
median wall and CPU seconds of each (CPU read from the finished process, so a crowded machine
inflates wall time, not CPU) and which packages outside the standard library the hook imported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engram_mcp.commands.progress import progress
from engram_mcp.state.endpoint import endpoint_path

__all__ = ["main"]

_PROMPT = "What food am I allergic to?"
_MEMORIES = (
    "I'm vegetarian and allergic to peanuts.",
    "We're flying to Lisbon on 14 March for the conference.",
    "My sister Marta lives in Porto.",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench hooks", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path("bench-results/hooks.json"))
    args = parser.parse_args(argv)
    env = {**os.environ, "ENGRAM_CONFIG": os.environ.get("ENGRAM_CONFIG", "/nonexistent")}
    with tempfile.TemporaryDirectory(prefix="engram-bench-hooks-") as scratch:
        folder = Path(scratch) / "memories"
        common = ("--memory-dir", str(folder), "--extractor", "none")
        for text in _MEMORIES:
            subprocess.run([sys.executable, "-m", "engram_mcp", "remember", text, *common],
                           check=True, env=env, stdout=subprocess.DEVNULL)
        result: dict[str, object] = {"benchmark": "hooks", "runs": args.runs}
        result["no_server"] = _measure(common, env, args.runs, "hooks, no server")
        server = subprocess.Popen([sys.executable, "-m", "engram_mcp", "serve", *common], env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait_for(endpoint_path(folder / ".engram"), server)
            result["through_server"] = _measure(common, env, args.runs, "hooks, through the server")
        finally:
            assert server.stdin is not None
            server.stdin.close()
            server.wait(timeout=120)
    result["load"] = os.getloadavg()
    for path in ("no_server", "through_server"):
        figures = result[path]
        assert isinstance(figures, dict)
        print(f"{path:15} wall median {figures['wall_s']['median']:6.2f} s   CPU median {figures['cpu_s']['median']:5.2f} s"
              f"   imports beyond the standard library: {', '.join(figures['packages']) or 'none'}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def _measure(common: tuple[str, ...], env: dict[str, str], runs: int, what: str) -> dict[str, object]:
    walls, cpus = [], []
    for _ in progress(range(runs), runs, what, unit="prompts"):
        wall, cpu, _ = _hook(common, env)
        walls.append(wall)
        cpus.append(cpu)
    *_, imported = _hook(common, env, importtime=True)
    # Ours, the interpreter's start-up hooks, and the Jython probe in the standard library's copy module.
    ours = {"engram_mcp", "__main__", "encodings", "sitecustomize", "org"}
    packages = sorted({name.split(".")[0] for name in imported} - set(sys.stdlib_module_names) - ours
                      - {name for name in imported if name.startswith("_")})
    return {
        "wall_s": {"median": round(statistics.median(walls), 3), "max": round(max(walls), 3)},
        "cpu_s": {"median": round(statistics.median(cpus), 3), "max": round(max(cpus), 3)},
        "modules_imported": len(imported),
        "packages": packages,
    }


def _hook(common: tuple[str, ...], env: dict[str, str], importtime: bool = False) -> tuple[float, float, set[str]]:
    """One ``hook prompt``: its wall and CPU seconds, and the modules it imported (with ``importtime``)."""
    payload = json.dumps({"session_id": "bench", "transcript_path": "/nonexistent.jsonl", "cwd": "/",
                          "hook_event_name": "UserPromptSubmit", "prompt": _PROMPT})
    flags = ["-X", "importtime"] if importtime else []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, *flags, "-m", "engram_mcp", "hook", "prompt", *common], input=payload,
                          capture_output=True, text=True, env=env, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "allergic to peanuts" not in done.stdout:
        raise SystemExit(f"the hook recalled nothing: {done.stderr.strip()}")
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    imported.discard("imported package")  # importtime's header line
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, imported


def _wait_for(socket_path: Path, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 300
    while not socket_path.exists():
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the server did not start")
        time.sleep(0.1)
