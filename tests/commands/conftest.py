from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest


@pytest.fixture
def command_env(model_cache: Path, tmp_path: Path) -> dict[str, str]:
    """The environment every command of a test runs in: the shared model cache, no config, a private HOME."""
    return {
        **os.environ,
        "ENGRAM_CACHE_DIR": str(model_cache),
        "HF_HUB_OFFLINE": "1",
        "ENGRAM_CONFIG": "/nonexistent",
        "HOME": str(tmp_path / "home"),
    }


@pytest.fixture
def engram(command_env: dict[str, str]):  # type: ignore[no-untyped-def]
    """Runs the real command line as a subprocess: ``engram(*args, stdin=..., home=..., python_flags=...)``."""

    def run(
        *args: str, stdin: str | None = None, home: Path | None = None, python_flags: Sequence[str] = ()
    ) -> subprocess.CompletedProcess[str]:
        env = {**command_env, **({"HOME": str(home)} if home else {})}
        return subprocess.run(
            [sys.executable, *python_flags, "-m", "engram_mcp", *args],
            input=stdin, capture_output=True, text=True, env=env, timeout=240, check=False,
        )

    return run


@pytest.fixture
def on_a_terminal(command_env: dict[str, str]):  # type: ignore[no-untyped-def]
    """Runs the real command line with stderr on a pseudo-terminal, as a person sees it:
    ``on_a_terminal(*args) -> (exit code, stdout, what the terminal showed)``."""

    def run(*args: str) -> tuple[int, str, str]:
        controller, terminal = pty.openpty()
        process = subprocess.Popen(
            [sys.executable, "-m", "engram_mcp", *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=terminal, env=command_env,
        )
        os.close(terminal)
        shown = bytearray()
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # EIO: the command closed the terminal's last open end
                break
            if not chunk:
                break
            shown += chunk
        os.close(controller)
        assert process.stdout is not None
        out = process.stdout.read().decode()
        process.stdout.close()
        return process.wait(timeout=240), out, shown.decode(errors="replace")

    return run
