from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from engram_mcp.state.endpoint import endpoint_path
from tests.waiting import wait_until


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
    """Runs the real command line as a subprocess: ``engram(*args, stdin=..., home=..., python_flags=...)``.

    ``stdin`` as text is sent as UTF-8; as bytes, as they are (a file in another encoding).
    """

    def run(
        *args: str, stdin: str | bytes | None = None, home: Path | None = None, python_flags: Sequence[str] = ()
    ) -> subprocess.CompletedProcess[str]:
        env = {**command_env, **({"HOME": str(home)} if home else {})}
        done = subprocess.run(
            [sys.executable, *python_flags, "-m", "engram_mcp", *args],
            input=stdin.encode() if isinstance(stdin, str) else stdin,
            capture_output=True, env=env, timeout=240, check=False,
        )
        return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())

    return run


@pytest.fixture
def serving(command_env: dict[str, str]):  # type: ignore[no-untyped-def]
    """``with serving(folder, *options):`` a real ``engram-mcp serve`` owns the folder and listens on
    its socket, as when a client runs one; it stops when its client hangs up, at the end of the block."""

    @contextmanager
    def run(folder: Path, *options: str) -> Iterator[None]:
        server = subprocess.Popen(
            [sys.executable, "-m", "engram_mcp", "serve", "--memory-dir", str(folder), *options],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=command_env,
        )
        try:
            wait_until(endpoint_path(folder / ".engram").exists, what="the server's owner socket")
            yield
        finally:
            assert server.stdin is not None
            server.stdin.close()
            server.wait(timeout=120)

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
