"""Small memories with hand-made 4-d vectors: each axis stands for one topic."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.index.base import IndexEntry
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id

DIM = 4
T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
HIKING = (1.0, 0.0, 0.0, 0.0)
COOKING = (0.0, 1.0, 0.0, 0.0)
MUSIC = (0.0, 0.0, 1.0, 0.0)
WORK = (0.0, 0.0, 0.0, 1.0)


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def fact(name: str, text: str, **fields: object) -> Memory:
    """A fact learned on day 0 unless ``created_at`` says otherwise."""
    namespace = fields.pop("namespace", "default")
    memory = Memory(
        id=new_memory_id(Kind.FACT, seed=name),
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text=text,
        created_at=day(0),
        provenance=Provenance(namespace=str(namespace)),
    )
    return replace(memory, **fields)


def entry(memory: Memory, vector: tuple[float, ...]) -> IndexEntry:
    return IndexEntry(memory=memory, vector=vector)


@pytest.fixture
def memories() -> dict[str, Memory]:
    return {
        "hiking": fact("hiking", "Alice goes hiking in the Alps every summer", entities=("Alice", "Alps")),
        "cooking": fact("cooking", "Bob cooks Thai curry on Fridays", entities=("Bob",)),
        "music": fact("music", "Alice plays the cello in an orchestra", entities=("alice",)),
        "work": fact("work", "Carol works at a bakery in Lyon", entities=("Carol", "Lyon")),
    }


@pytest.fixture
def entries(memories: dict[str, Memory]) -> list[IndexEntry]:
    vectors = {"hiking": HIKING, "cooking": COOKING, "music": MUSIC, "work": WORK}
    return [entry(memories[name], vectors[name]) for name in memories]


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """A folder on tmpfs when the machine has one, else ``tmp_path``.

    The edge index fsyncs every write; on a busy shared disk that costs up to a few hundred
    milliseconds a call and would dominate the suite. Killing a process (the durability test)
    does not drop the page cache, so tmpfs takes nothing away from what the tests check.
    """
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="engram-test-") as folder:
        yield Path(folder)
