"""Shared fixtures: the real embedder (loaded once per run) and real folders in tmp_path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.service.memory import MemoryService

os.environ.setdefault("HF_HUB_OFFLINE", "1")


class SteppingClock:
    """A clock the test moves by hand: every reading is one second after the last."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now

    def jump_to(self, moment: datetime) -> None:
        self.now = moment


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the exported ONNX embedding model is cached for the whole run, servers included."""
    return tmp_path_factory.mktemp("engram-cache")


@pytest.fixture(scope="session")
def embedder(model_cache: Path) -> OnnxEmbedder:
    model = OnnxEmbedder(cache_dir=model_cache / "models")
    model.warm_up()
    return model


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock(datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc))


@pytest.fixture
def service(tmp_path: Path, embedder: OnnxEmbedder, clock: SteppingClock) -> Iterator[MemoryService]:
    index = EdgeIndex(tmp_path / ".engram" / "index", embedder.dimension)
    memory = MemoryService(MarkdownStore(tmp_path), index, embedder, clock)
    memory.reconcile()
    yield memory
    index.close()
