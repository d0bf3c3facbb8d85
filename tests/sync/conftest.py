"""A memory service with its reconciler over real files, a real index and the real embedder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Memory as Record
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from engram_mcp.sync.last_good import LastGood
from engram_mcp.sync.reconciler import Reconciler
from tests.conftest import SteppingClock


@dataclass
class Memory:
    """One memory folder, opened the way the app opens it."""

    folder: Path
    index: EdgeIndex
    service: MemoryService
    reconciler: Reconciler
    facts: FactService

    def write(self, relative: str, text: str) -> Path:
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def check_lines(self) -> list[str]:
        return self.reconciler.check(self.index.content_hashes()).lines()


class Opener:
    def __init__(self, folder: Path, embedder: OnnxEmbedder, clock: SteppingClock) -> None:
        self.folder, self.embedder, self.clock = folder, embedder, clock
        self.opened: list[Memory] = []

    def __call__(self, on_turn_corrected: Callable[[Record], None] | None = None, *, as_the_app: bool = False) -> Memory:
        """``as_the_app``: a turn a person deletes withdraws what it alone supported, as the app wires it."""
        for memory in self.opened:
            memory.index.close()
        index = EdgeIndex(self.folder / ".engram" / "index", self.embedder.dimension)
        store = MarkdownStore(self.folder)
        service = MemoryService(store, index, self.embedder, self.clock)
        reconciler = Reconciler(store, service, LastGood(self.folder / ".engram" / "last-good"), self.clock)
        facts = FactService(service, self.clock)
        if on_turn_corrected is not None:
            reconciler.on_turn_corrected(on_turn_corrected)
        if as_the_app:
            reconciler.on_turn_deleted(facts.withdrawal.withdraw_unsupported)
        reconciler.start_up()
        memory = Memory(self.folder, index, service, reconciler, facts)
        self.opened = [memory]
        return memory


@pytest.fixture
def open_memory(tmp_path: Path, embedder: OnnxEmbedder, clock: SteppingClock) -> Iterator[Opener]:
    opener = Opener(tmp_path / "memories", embedder, clock)
    yield opener
    for memory in opener.opened:
        memory.index.close()


@pytest.fixture
def memory(open_memory: Opener) -> Memory:
    return open_memory()
