from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def engram(model_cache: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Runs the real command line as a subprocess: ``engram(*args, stdin=..., home=...)``."""

    def run(*args: str, stdin: str | None = None, home: Path | None = None) -> subprocess.CompletedProcess[str]:
        env = {
            **os.environ,
            "ENGRAM_CACHE_DIR": str(model_cache),
            "HF_HUB_OFFLINE": "1",
            "ENGRAM_CONFIG": "/nonexistent",
            "HOME": str(home or tmp_path / "home"),
        }
        return subprocess.run(
            [sys.executable, "-m", "engram_mcp", *args],
            input=stdin, capture_output=True, text=True, env=env, timeout=240, check=False,
        )

    return run
